// The game a match plays: chess ("standard", cutechess's name) or xiangqi. Xiangqi engines are
// driven over UCI with "UCI_Variant xiangqi" as Fairy-Stockfish and `splitlab uci` speak it
// (squares a1..i10), White being Red.
#pragma once

#include <string>
#include <string_view>

namespace splitlab::bench::match {

enum class Variant { kChess, kXiangqi };

// "standard" or "chess", "xiangqi"; false for anything else.
inline bool parse_variant(std::string_view text, Variant& out) {
  if (text == "standard" || text == "chess") {
    out = Variant::kChess;
    return true;
  }
  if (text == "xiangqi") {
    out = Variant::kXiangqi;
    return true;
  }
  return false;
}

// The name in results and the PGN Variant tag: "standard" or "xiangqi".
inline const char* variant_name(Variant v) { return v == Variant::kXiangqi ? "xiangqi" : "standard"; }

// The value of UCI_Variant an engine must be given ("" for chess: no option is sent).
inline std::string uci_variant(Variant v) { return v == Variant::kXiangqi ? "xiangqi" : ""; }

}  // namespace splitlab::bench::match
