// Xiangqi move text. UCCI (and Splitlab's own output) names squares a0..i9, rank 0 being Red's
// back rank: "h2e2". UCI for xiangqi, as Fairy-Stockfish speaks it, numbers the ranks 1..10:
// "h3e3", "a10a9".
#pragma once

#include <string>
#include <string_view>

#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace splitlab::xiangqi {

enum class RankBase { kZero, kOne };  // UCCI's a0..i9, or UCI's a1..i10.

std::string square_to_text(Square s, RankBase base = RankBase::kZero);
std::string move_to_text(Move m, RankBase base = RankBase::kZero);
// Parses a move and checks that it is legal here; on failure returns Move::none() and names
// the problem in `error`.
Move parse_move(const Position& pos, std::string_view text, std::string& error,
                RankBase base = RankBase::kZero);
// The same move written with the other rank numbering ("h2e2" <-> "h3e3"), for text that has
// no position beside it (a principal variation); "" if `text` is not a move in `from`.
std::string rebase_move_text(std::string_view text, RankBase from, RankBase to);

}  // namespace splitlab::xiangqi
