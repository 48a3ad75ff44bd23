#include "engine/xiangqi/book.h"

#include <algorithm>

#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"
#include "hashing/zobrist.h"

namespace splitlab::xiangqi::book {

namespace {

using Keys = hashing::ZobristKeys<kPieceCodes, kNumSquares, 0>;
constexpr Keys kKeys = Keys::make(kBookSeed);

uint64_t key_of(const Position& pos, bool mirrored) {
  uint64_t k = pos.side_to_move() == kBlack ? kKeys.side_to_move : 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    const Piece piece = pos.piece_on(s);
    if (piece != kNoPiece) k ^= kKeys.piece_square[piece][mirrored ? mirror(s) : s];
  }
  return k;
}

Move mirrored(Move m) { return Move(mirror(m.from()), mirror(m.to())); }

}  // namespace

uint64_t key(const Position& pos) { return key_of(pos, false); }
uint64_t mirrored_key(const Position& pos) { return key_of(pos, true); }

bool Book::load(const std::string& path, std::string& error) {
  return ::splitlab::book::read_entries(path, entries_, error);
}

std::vector<BookMove> Book::moves(const Position& pos) const {
  MoveList legal;
  generate<GenType::kAll>(pos, legal);
  std::vector<BookMove> found;
  for (const bool mirror_image : {false, true}) {
    const auto [first, last] = ::splitlab::book::find_key(entries_, key_of(pos, mirror_image));
    for (size_t i = first; i < last; ++i) {
      Move move = Move::from_bits(entries_[i].move);
      if (mirror_image) move = mirrored(move);
      // A key collision or a damaged entry can name a move this position does not have.
      if (!legal.contains(move)) continue;
      if (std::none_of(found.begin(), found.end(), [&](const BookMove& b) { return b.move == move; }))
        found.push_back({move, entries_[i].weight});
    }
    if (!found.empty()) break;  // The mirror image only when the position itself has nothing.
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const BookMove& a, const BookMove& b) { return a.weight > b.weight; });
  return found;
}

Move Book::weighted_random(const Position& pos, std::mt19937_64& rng) const {
  const auto found = moves(pos);
  if (found.empty()) return Move::none();
  return found[::splitlab::book::draw_by_weight(found, rng)].move;
}

bool make_book(const std::vector<GameForBook>& games, int max_plies, int min_games,
               std::vector<::splitlab::book::Entry>& entries, std::string& error) {
  ::splitlab::book::Counter counter;
  for (size_t g = 0; g < games.size(); ++g) {
    const GameForBook& game = games[g];
    if (::splitlab::book::result_score(game.result, true) < 0) continue;
    Position pos = Position::start();
    if (!game.start_fen.empty() && !Position::parse_fen(game.start_fen, pos, error)) {
      error = "game " + std::to_string(g + 1) + ": " + error;
      return false;
    }
    for (size_t ply = 0; ply < game.moves.size() && int(ply) < max_plies; ++ply) {
      const Move move = parse_move(pos, game.moves[ply], error, game.ranks);
      if (move.is_none()) {
        error = "game " + std::to_string(g + 1) + ", ply " + std::to_string(ply + 1) + ": " + error;
        return false;
      }
      counter.add(key(pos), move.bits(),
                  ::splitlab::book::result_score(game.result, pos.side_to_move() == kRed));
      pos.make_move(move);
    }
  }
  entries = counter.entries(min_games);
  return true;
}

RankBase rank_base_of(const std::vector<std::string>& moves) {
  // A file letter followed by '0' is a square of rank 0; rank 10 is written "a10".
  for (const std::string& move : moves)
    for (size_t i = 0; i + 1 < move.size(); ++i)
      if (move[i] >= 'a' && move[i] <= 'i' && move[i + 1] == '0') return RankBase::kZero;
  return RankBase::kOne;
}

}  // namespace splitlab::xiangqi::book
