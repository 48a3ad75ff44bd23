// Perpetual chase, as Fairy-Stockfish rules it (after the Asian Xiangqi Federation's rules): a
// move "chases" a piece when it newly attacks it (with the moved piece, or by discovering an
// attack of another piece), and the attacked piece is not a general or a soldier still on its
// own side of the river, is not attacking back with the same kind of piece, and either is worth
// more than the attacker (a horse or cannon attacking a chariot; an advisor or elephant attacking
// a chariot, horse or cannon) or has no defender. A side that chases the same piece with every
// move of a repetition cycle, while the other side does not, loses (repetition.h decides).
// Not ruled here, unlike Fairy-Stockfish: "fake roots" (a defender that a new pin leaves
// useless) and discovered checks as chases.
#pragma once

#include <bitset>

#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace splitlab::xiangqi {

using SquareSet = std::bitset<kNumSquares>;

// The squares of the side to move's pieces that the last move chased; `pos` is the position
// after `m`, which captured `captured` (kNoPiece if nothing).
SquareSet chased_by_last_move(const Position& pos, Move m, Piece captured);

}  // namespace splitlab::xiangqi
