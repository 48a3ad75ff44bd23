#include "engine/chess/polyglot.h"

#include <algorithm>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/polyglot_random.h"

namespace splitlab::chess::polyglot {

namespace {

constexpr int kCastlingOffset = 768, kEnPassantOffset = 772, kTurnOffset = 780;

// Heaviest first; the sort is stable, so equal weights keep the order they came in.
void sort_by_weight(std::vector<BookMove>& moves) {
  std::stable_sort(moves.begin(), moves.end(),
                   [](const BookMove& a, const BookMove& b) { return a.weight > b.weight; });
}

}  // namespace

uint64_t key(const Position& pos) {
  uint64_t k = 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    const Piece piece = pos.piece_on(s);
    if (piece == kNoPiece) continue;
    const int kind = 2 * int(type_of(piece)) + (color_of(piece) == kWhite ? 1 : 0);
    k ^= kRandom64[size_t(64 * kind + s)];
  }
  // Our rights bits are the format's order: white short, white long, black short, black long.
  for (int right = 0; right < 4; ++right)
    if (pos.castling_rights() & (1 << right)) k ^= kRandom64[size_t(kCastlingOffset + right)];
  // The position records an en-passant square only when a pawn of the side to move stands
  // beside the pawn that moved (position.h), which is the format's rule.
  if (pos.en_passant_square() != kNoSquare)
    k ^= kRandom64[size_t(kEnPassantOffset + file_of(pos.en_passant_square()))];
  if (pos.side_to_move() == kWhite) k ^= kRandom64[kTurnOffset];
  return k;
}

uint16_t encode(const Position& pos, Move move) {
  (void)pos;
  Square to = move.to();
  if (move.kind() == Move::kCastling)  // The king takes its own rook: e1g1 -> e1h1.
    to = make_square(file_of(to) > file_of(move.from()) ? 7 : 0, rank_of(move.from()));
  const int promotion =
      move.kind() == Move::kPromotion ? int(move.promoted()) - int(kKnight) + 1 : 0;
  return uint16_t(to | (move.from() << 6) | (promotion << 12));
}

Move decode(const Position& pos, uint16_t bits) {
  MoveList legal;
  generate<GenType::kAll>(pos, legal);
  for (const Move move : legal)
    if (encode(pos, move) == bits) return move;
  return Move::none();
}

bool Book::load(const std::string& path, std::string& error) {
  path_ = path;
  return book::read_entries(path, entries_, error);
}

std::vector<BookMove> Book::moves(const Position& pos) const {
  const auto [first, last] = book::find_key(entries_, key(pos));
  std::vector<BookMove> found;
  for (size_t i = first; i < last; ++i) {
    const Move move = decode(pos, entries_[i].move);
    if (move.is_none()) continue;
    if (std::none_of(found.begin(), found.end(), [&](const BookMove& b) { return b.move == move; }))
      found.push_back({move, entries_[i].weight});
  }
  sort_by_weight(found);
  return found;
}

Move Book::best(const Position& pos) const {
  const auto found = moves(pos);
  return found.empty() ? Move::none() : found.front().move;
}

Move Book::weighted_random(const Position& pos, std::mt19937_64& rng) const {
  const auto found = moves(pos);
  if (found.empty()) return Move::none();
  return found[book::draw_by_weight(found, rng)].move;
}

bool write_book(const std::string& path, std::vector<Entry> entries, std::string& error) {
  return book::write_entries(path, std::move(entries), error);
}

bool make_book(const std::vector<GameForBook>& games, int max_plies, int min_games,
               std::vector<Entry>& entries, std::string& error) {
  book::Counter counter;
  for (size_t g = 0; g < games.size(); ++g) {
    const GameForBook& game = games[g];
    if (book::result_score(game.result, true) < 0) continue;  // No result: nothing to count.
    Position pos = Position::start();
    if (!game.start_fen.empty() && !Position::parse_fen(game.start_fen, pos, error)) {
      error = "game " + std::to_string(g + 1) + ": " + error;
      return false;
    }
    // Every time a game plays the move counts, a repetition's too, as in Polyglot's make-book.
    for (size_t ply = 0; ply < game.uci_moves.size() && int(ply) < max_plies; ++ply) {
      const Move move = parse_uci_move(pos, game.uci_moves[ply], error);
      if (move.is_none()) {
        error = "game " + std::to_string(g + 1) + ", ply " + std::to_string(ply + 1) + ": " + error;
        return false;
      }
      counter.add(key(pos), encode(pos, move),
                  book::result_score(game.result, pos.side_to_move() == kWhite));
      pos.make_move(move);
    }
  }
  entries = counter.entries(min_games);
  return true;
}

}  // namespace splitlab::chess::polyglot
