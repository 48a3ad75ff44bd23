// libFuzzer target: the table's entry decoding as the search sees it. Arbitrary data words
// (move, score, depth, bound, size: every bit of the 64-bit data word that unpack() reads) are
// stored under the keys of real positions (the root, its children and grandchildren), as a torn
// `raw` entry or a key collision would hand them to the search; then a short search runs on
// that table. A move read from the table must never be played unless legal (ASan and UBSan
// catch an index out of range; the answer must be a legal move), and the score must stay within
// the mate bounds.
//
// Input: byte 0 picks the game (bit 0: its number in the registry, 0 chess, 1 xiangqi), the
// scheme (bits 1-2) and the bench position (bits 3-7);
// byte 1 the depth (1-4, within 3000 nodes); then 8-byte records: a position selector, then
// the entry's fields.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "engine/games/games.h"
#include "engine/core/score.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"

namespace {

using namespace splitlab;

// The position a selector names: 0 the root; else child (s - 1) mod the number of moves, and
// with bit 7 set, that child's child (s & 15) mod its number of moves.
template <search::SearchGame G>
uint64_t key_of_selected(typename G::Position pos, uint8_t selector) {
  if (selector == 0) return G::key(pos);
  typename G::MoveList moves;
  G::generate_legal(pos, moves);
  if (moves.size() == 0) return G::key(pos);
  G::make(pos, moves[int((selector & 0x7F) % moves.size())]);
  if (selector & 0x80) {
    typename G::MoveList replies;
    G::generate_legal(pos, replies);
    if (replies.size() > 0) G::make(pos, replies[int((selector & 15) % replies.size())]);
  }
  return G::key(pos);
}

template <search::SearchGame G>
void exercise(const uint8_t* data, size_t size) {
  const auto positions = G::bench_positions();
  const auto& bench = positions[(data[0] >> 3) % positions.size()];
  typename G::Position pos;
  std::string error;
  if (!G::parse_fen(bench.fen, pos, error)) __builtin_trap();

  // 64 buckets: the planted entries mostly survive the search's own stores until probed.
  static hashing::TranspositionTable table;
  static const bool sized = table.resize_buckets(64, nullptr);
  if (!sized) __builtin_trap();
  table.set_scheme(hashing::kAllTtEntrySchemes[(data[0] >> 1) & 3]);  // Clears the table.
  hashing::TtStats stats;
  for (size_t at = 2; at + 8 <= size; at += 8) {
    const uint8_t* r = data + at;
    hashing::TtEntry entry;
    std::memcpy(&entry.move, r + 1, 2);
    std::memcpy(&entry.score, r + 3, 2);
    entry.depth = static_cast<int8_t>(r[5]);
    entry.bound = static_cast<hashing::TtBound>(r[6] & 3);
    entry.log2_size = r[7];
    table.store(key_of_selected<G>(pos, r[0]), entry, stats);
  }

  // One searcher for all inputs, its history cleared before each: a new one would cost more
  // (its tables' fresh pages) than the search itself.
  static search::Searcher<G> searcher(table);
  searcher.new_game();
  search::SearchLimits limits;
  limits.depth = 1 + (data[1] & 3);
  // Past the first iteration, a node limit ends the search mid-iteration: both the aborted
  // search's answer and fast inputs (a full depth 4 under ASan takes a tenth of a second).
  limits.nodes = 3000;
  searcher.arm();
  const auto result = searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
  if (result.best_move.empty() || G::parse_move(pos, result.best_move, error).is_none())
    __builtin_trap();  // Every bench position has a legal move.
  if (result.score < -kMateScore || result.score > kMateScore) __builtin_trap();
  // The principal variation is played from the root: every move legal where it stands.
  typename G::Position line = pos;
  for (const std::string& text : result.pv) {
    const auto move = G::parse_move(line, text, error);
    if (move.is_none()) __builtin_trap();
    G::make(line, move);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2 || size > 2 + 8 * 64) return 0;
  static_assert(AllGames::kSize <= 2, "one bit picks the game");
  with_game(GameId((data[0] & 1) % all_games().size()),
            [&]<typename G>(std::type_identity<G>) { exercise<G>(data, size); });
  return 0;
}
