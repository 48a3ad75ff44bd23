// Xiangqi opening books: a format of Splitlab's own, in the file layout of Polyglot's chess books
// (engine/core/book_file.h: 16-byte big-endian entries of key, move, weight and learning data,
// sorted by key), so that one reader, writer and maker serve both games.
//
// Why not ElephantEye's BOOK.DAT: its records are keyed by ElephantEye's own Zobrist locks, made
// by its own random generator, which no published text defines; no Debian package reads or
// writes it, so there is no referee to check a reproduction against. A layout we already check
// against Polyglot, with keys defined here, is verifiable and documented.
//
// The key: an XOR of 64-bit numbers per (piece, square) and one for Black to move, drawn by
// hashing/zobrist.h's SplitMix64 from the seed kBookSeed. It is the book's own, apart from the
// search's keys, so a change to those never invalidates a book. The move: from-square |
// to-square << 7 (squares 0..89, a0 = 0, file + 9 * rank from Red's side). As ElephantEye does, a
// position not in the book is looked up again as its left-right mirror, and a move found there
// is mirrored back, so a book made from games that open on one wing serves the other.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/core/book_file.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace splitlab::xiangqi::book {

inline constexpr uint64_t kBookSeed = 0x5EED'B00C'0000'0001ULL;

uint64_t key(const Position& pos);
// The key of the position mirrored left to right (file f to 8 - f).
uint64_t mirrored_key(const Position& pos);
constexpr Square mirror(Square s) { return make_square(kFiles - 1 - file_of(s), rank_of(s)); }

struct BookMove {
  Move move;
  uint16_t weight = 0;
};

class Book {
 public:
  // As book::read_entries: false with `error` naming the file and the fault.
  bool load(const std::string& path, std::string& error);
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }

  // The position's legal book moves, heaviest first: its own entries, or, when it has none,
  // those of its mirror image mirrored back.
  std::vector<BookMove> moves(const Position& pos) const;
  Move weighted_random(const Position& pos, std::mt19937_64& rng) const;

 private:
  std::vector<::splitlab::book::Entry> entries_;
};

// A game for make_book: the start FEN (empty: the standard start), the moves in coordinates with
// ranks numbered as `ranks` says (UCCI's 0..9, "h2e2", or UCI's and PGN's 1..10, "h3e3"), and
// the result from Red's side ("1-0": Red won).
struct GameForBook {
  std::string start_fen;
  std::vector<std::string> moves;
  std::string result;
  RankBase ranks = RankBase::kZero;
};
// The numbering of a game's moves: ranks 0..9 (UCCI) when a square of rank 0 appears, else
// 1..10 (the numbering of UCI and of the PGN that `match` writes).
RankBase rank_base_of(const std::vector<std::string>& moves);

// As chess's make_book (engine/chess/polyglot.h), with this book's keys and moves.
bool make_book(const std::vector<GameForBook>& games, int max_plies, int min_games,
               std::vector<::splitlab::book::Entry>& entries, std::string& error);

}  // namespace splitlab::xiangqi::book
