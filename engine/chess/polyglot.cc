#include "engine/chess/polyglot.h"

#include <algorithm>
#include <fstream>
#include <map>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/polyglot_random.h"

namespace splitlab::chess::polyglot {

namespace {

constexpr size_t kEntryBytes = 16;
constexpr int kCastlingOffset = 768, kEnPassantOffset = 772, kTurnOffset = 780;

uint64_t read_big_endian(const unsigned char* bytes, int count) {
  uint64_t value = 0;
  for (int i = 0; i < count; ++i) value = (value << 8) | bytes[i];
  return value;
}

void write_big_endian(uint64_t value, int count, std::string& out) {
  for (int i = count - 1; i >= 0; --i) out += char((value >> (8 * i)) & 0xff);
}

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
  entries_.clear();
  path_ = path;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read book file '" + path + "'";
    return false;
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    error = "error while reading book file '" + path + "'";
    return false;
  }
  if (bytes.empty() || bytes.size() % kEntryBytes != 0) {
    error = "book file '" + path + "' has " + std::to_string(bytes.size()) +
            " bytes, not a whole number of 16-byte entries (truncated, or not a Polyglot book)";
    return false;
  }
  std::vector<Entry> entries(bytes.size() / kEntryBytes);
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  for (size_t i = 0; i < entries.size(); ++i) {
    const unsigned char* e = data + i * kEntryBytes;
    entries[i] = Entry{read_big_endian(e, 8), uint16_t(read_big_endian(e + 8, 2)),
                       uint16_t(read_big_endian(e + 10, 2)), uint32_t(read_big_endian(e + 12, 4))};
    if (i > 0 && entries[i].key < entries[i - 1].key) {
      error = "book file '" + path + "': entry " + std::to_string(i + 1) +
              " is out of key order (a damaged file, or not a Polyglot book)";
      return false;
    }
  }
  entries_ = std::move(entries);
  return true;
}

std::vector<BookMove> Book::moves(const Position& pos) const {
  const uint64_t k = key(pos);
  auto it = std::lower_bound(entries_.begin(), entries_.end(), k,
                             [](const Entry& e, uint64_t value) { return e.key < value; });
  std::vector<BookMove> found;
  for (; it != entries_.end() && it->key == k; ++it) {
    const Move move = decode(pos, it->move);
    if (move.is_none()) continue;
    if (std::none_of(found.begin(), found.end(), [&](const BookMove& b) { return b.move == move; }))
      found.push_back({move, it->weight});
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
  uint64_t total = 0;
  for (const BookMove& b : found) total += b.weight;
  if (total == 0) return found[size_t(rng() % found.size())].move;
  uint64_t pick = rng() % total;
  for (const BookMove& b : found) {
    if (pick < b.weight) return b.move;
    pick -= b.weight;
  }
  return found.back().move;
}

bool write_book(const std::string& path, std::vector<Entry> entries, std::string& error) {
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.key != b.key ? a.key < b.key : a.weight > b.weight;
  });
  std::string bytes;
  bytes.reserve(entries.size() * kEntryBytes);
  for (const Entry& e : entries) {
    write_big_endian(e.key, 8, bytes);
    write_big_endian(e.move, 2, bytes);
    write_big_endian(e.weight, 2, bytes);
    write_big_endian(e.learn, 4, bytes);
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out || !out.write(bytes.data(), std::streamsize(bytes.size())) || !out.flush()) {
    error = "cannot write book file '" + path + "'";
    return false;
  }
  return true;
}

bool make_book(const std::vector<GameForBook>& games, int max_plies, int min_games,
               std::vector<Entry>& entries, std::string& error) {
  struct Tally {
    uint64_t score = 0;  // 2 a win, 1 a draw, for the side that played the move
    int games = 0;       // Times played (a game that repeats the position counts each time)
  };
  std::map<std::pair<uint64_t, uint16_t>, Tally> tallies;
  for (size_t g = 0; g < games.size(); ++g) {
    const GameForBook& game = games[g];
    const bool white_won = game.result == "1-0", black_won = game.result == "0-1";
    if (!white_won && !black_won && game.result != "1/2-1/2") continue;  // No score to count.
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
      Tally& tally = tallies[std::make_pair(key(pos), encode(pos, move))];
      const bool mover_white = pos.side_to_move() == kWhite;
      tally.score += (white_won && mover_white) || (black_won && !mover_white) ? 2
                     : (white_won || black_won)                               ? 0
                                                                              : 1;
      ++tally.games;
      pos.make_move(move);
    }
  }
  uint64_t largest = 0;
  for (const auto& [slot, tally] : tallies)
    if (tally.games >= min_games) largest = std::max(largest, tally.score);
  // One divisor for all, so that weights keep their proportions.
  const uint64_t divisor = largest > 0xffff ? (largest + 0xfffe) / 0xffff : 1;
  entries.clear();
  // A move whose weight comes to 0 (it never won or drew) is left out, as Polyglot's make-book
  // leaves it out: a reader would never choose it.
  for (const auto& [slot, tally] : tallies)
    if (tally.games >= min_games && tally.score / divisor > 0)
      entries.push_back(Entry{slot.first, slot.second, uint16_t(tally.score / divisor), 0});
  return true;
}

}  // namespace splitlab::chess::polyglot
