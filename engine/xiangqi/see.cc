#include "engine/xiangqi/see.h"

#include <algorithm>
#include <array>

#include "engine/xiangqi/evaluate.h"
#include "engine/xiangqi/geometry.h"

namespace splitlab::xiangqi {
namespace {

using Board = std::array<Piece, kNumSquares>;

// The square of `side`'s least valuable piece that can capture on `s`, or kNoSquare. Legality
// (pins, the facing generals) is not considered, as in chess SEE.
Square least_valuable_attacker(const Board& board, Square s, Color side) {
  const Geometry& g = geometry();
  const int file = file_of(s), rank = rank_of(s);
  const Piece pawn = make_piece(side, kPawn);
  const int behind = side == kRed ? -1 : 1;
  if (on_board(file, rank + behind) && board[make_square(file, rank + behind)] == pawn)
    return make_square(file, rank + behind);
  if (!own_half(side, rank)) {
    if (file > 0 && board[s - 1] == pawn) return s - 1;
    if (file < kFiles - 1 && board[s + 1] == pawn) return s + 1;
  }
  // Advisor and elephant steps are symmetric: a piece that could step from s to t attacks s
  // from t, with the same eye.
  if (in_palace(side, file, rank))
    for (const Step& step : g.advisor_moves[s])
      if (board[step.to] == make_piece(side, kAdvisor)) return step.to;
  if (own_half(side, rank))
    for (const Step& step : g.elephant_moves[s])
      if (board[step.to] == make_piece(side, kElephant) && board[step.block] == kNoPiece)
        return step.to;
  for (const Step& step : g.horse_attackers[s])
    if (board[step.to] == make_piece(side, kHorse) && board[step.block] == kNoPiece) return step.to;
  Square cannon = kNoSquare, rook = kNoSquare;
  for (const Ray& ray : g.rays[s]) {
    const uint8_t* it = ray.begin();
    while (it != ray.end() && board[*it] == kNoPiece) ++it;
    if (it == ray.end()) continue;
    if (board[*it] == make_piece(side, kRook)) rook = *it;
    for (++it; it != ray.end(); ++it) {
      if (board[*it] == kNoPiece) continue;
      if (board[*it] == make_piece(side, kCannon)) cannon = *it;
      break;
    }
  }
  if (cannon != kNoSquare) return cannon;
  if (rook != kNoSquare) return rook;
  if (in_palace(side, file, rank))
    for (const Step& step : g.king_moves[s])
      if (board[step.to] == make_piece(side, kKing)) return step.to;
  return kNoSquare;
}

}  // namespace

int see(const Position& pos, Move m) {
  Board board;
  for (Square s = 0; s < kNumSquares; ++s) board[s] = pos.piece_on(s);
  const Square target = m.to();
  std::array<int, 40> gain;
  int depth = 0;
  gain[0] = board[target] == kNoPiece ? 0 : piece_value(type_of(board[target]));
  int on_target = piece_value(type_of(board[m.from()]));
  Color side = ~color_of(board[m.from()]);
  board[target] = board[m.from()];
  board[m.from()] = kNoPiece;
  while (depth + 1 < int(gain.size())) {
    const Square from = least_valuable_attacker(board, target, side);
    if (from == kNoSquare) break;
    ++depth;
    gain[depth] = on_target - gain[depth - 1];  // If the capture is answered no further.
    if (std::max(-gain[depth - 1], gain[depth]) < 0) break;  // Neither side wants to go on.
    on_target = piece_value(type_of(board[from]));
    board[target] = board[from];
    board[from] = kNoPiece;
    side = ~side;
  }
  // Back up: each side makes its capture only if that beats stopping.
  for (; depth > 0; --depth) gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
  return gain[0];
}

}  // namespace splitlab::xiangqi
