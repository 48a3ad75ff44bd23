#include "engine/xiangqi/notation.h"

#include "engine/xiangqi/movegen.h"

namespace splitlab::xiangqi {
namespace {

// Reads a square at `text[pos]`, advancing `pos`; returns kNoSquare if there is none.
Square read_square(std::string_view text, size_t& pos, RankBase base) {
  if (pos >= text.size() || text[pos] < 'a' || text[pos] > 'i') return kNoSquare;
  const int file = text[pos++] - 'a';
  if (pos >= text.size() || text[pos] < '0' || text[pos] > '9') return kNoSquare;
  int rank = text[pos++] - '0';
  if (base == RankBase::kOne) {
    if (rank == 1 && pos < text.size() && text[pos] == '0') rank = 10, ++pos;
    if (rank == 0) return kNoSquare;
    --rank;
  }
  return make_square(file, rank);
}

}  // namespace

std::string square_to_text(Square s, RankBase base) {
  return std::string(1, char('a' + file_of(s))) +
         std::to_string(rank_of(s) + (base == RankBase::kOne ? 1 : 0));
}

std::string move_to_text(Move m, RankBase base) {
  if (m.is_none()) return "0000";
  return square_to_text(m.from(), base) + square_to_text(m.to(), base);
}

Move parse_move(const Position& pos, std::string_view text, std::string& error, RankBase base) {
  size_t at = 0;
  const Square from = read_square(text, at, base);
  const Square to = from == kNoSquare ? kNoSquare : read_square(text, at, base);
  if (from == kNoSquare || to == kNoSquare || at != text.size()) {
    error = "'" + std::string(text) + "' is not a xiangqi move (squares " +
            (base == RankBase::kZero ? "a0..i9, as in h2e2" : "a1..i10, as in h3e3") + ")";
    return Move::none();
  }
  const Move m(from, to);
  if (!pos.is_legal(m)) {
    error = "'" + std::string(text) + "' is not a legal move in " + pos.fen();
    return Move::none();
  }
  return m;
}

std::string rebase_move_text(std::string_view text, RankBase from, RankBase to) {
  size_t at = 0;
  const Square from_square = read_square(text, at, from);
  const Square to_square = from_square == kNoSquare ? kNoSquare : read_square(text, at, from);
  if (from_square == kNoSquare || to_square == kNoSquare || at != text.size()) return "";
  return square_to_text(from_square, to) + square_to_text(to_square, to);
}

}  // namespace splitlab::xiangqi
