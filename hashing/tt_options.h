// The run-time choices of the transposition table: how an entry protects itself against torn
// (half-written) reads, and which entry a store replaces. The names are the values of the UCI
// options `TTEntry` and `TTReplace` and of the `--tt-entry` / `--tt-replace` flags.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace splitlab::hashing {

// How the two words of an entry are written and checked; see tt.h for the details of each.
enum class TtEntryScheme : uint8_t {
  Xor,      // Hyatt & Mann: data, key ^ data; torn pairs fail the xor check
  Bracket,  // 32-bit check, data_lo, data_hi, check; torn entries fail the checksum
  Locked,   // a spin lock per bucket: consistent, and the cost of locking made visible
  Raw,      // key, data, unprotected: the baseline that accepts torn entries
};

inline constexpr std::array<TtEntryScheme, 4> kAllTtEntrySchemes = {
    TtEntryScheme::Xor, TtEntryScheme::Bracket, TtEntryScheme::Locked, TtEntryScheme::Raw};

// Which entry a store may overwrite (Breuker, Uiterwijk & van den Herik 1994/1996, and the
// engine defaults of today); the exact rules are in tt.h.
enum class TtReplacePolicy : uint8_t {
  Deep,      // 1-way: replace when at least as deep
  New,       // 1-way: always replace
  Old,       // 1-way: never replace another position
  Big1,      // 1-way: replace when the subtree is at least as big
  BigAll,    // 1-way: as Big1, with a position's subtree sizes added up over its searches
  TwoDeep,   // 2-way: deeper entry first, the other slot takes the rest
  TwoBig1,   // 2-way: as TwoDeep by subtree size
  Bucket,    // 4-way: same key, empty, shallowest of an older search, shallowest (Crafty, Fruit)
  DepthAge,  // 4-way: minimise depth - 8 * age difference (Stockfish)
};

inline constexpr std::array<TtReplacePolicy, 9> kAllTtReplacePolicies = {
    TtReplacePolicy::Deep,    TtReplacePolicy::New,    TtReplacePolicy::Old,
    TtReplacePolicy::Big1,    TtReplacePolicy::BigAll, TtReplacePolicy::TwoDeep,
    TtReplacePolicy::TwoBig1, TtReplacePolicy::Bucket, TtReplacePolicy::DepthAge};

// Names: "xor", "bracket", "locked", "raw"; parsing is exact (case-sensitive).
std::string_view tt_entry_scheme_name(TtEntryScheme scheme);
std::optional<TtEntryScheme> parse_tt_entry_scheme(std::string_view name);

// Names: "deep", "new", "old", "big1", "bigall", "twodeep", "twobig1", "bucket", "depth-age".
std::string_view tt_replace_policy_name(TtReplacePolicy policy);
std::optional<TtReplacePolicy> parse_tt_replace_policy(std::string_view name);

// How many slots a policy looks at for one key: 1, 2 or 4 (a whole bucket).
constexpr int tt_policy_ways(TtReplacePolicy policy) {
  switch (policy) {
    case TtReplacePolicy::TwoDeep:
    case TtReplacePolicy::TwoBig1:
      return 2;
    case TtReplacePolicy::Bucket:
    case TtReplacePolicy::DepthAge:
      return 4;
    default:
      return 1;
  }
}

}  // namespace splitlab::hashing
