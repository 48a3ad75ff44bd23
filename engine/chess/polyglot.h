// Polyglot opening books (the format of Polyglot 1.4 by Fabien Letouzey, read by most UCI GUIs
// and engines): a file of 16-byte entries, big-endian, sorted by key: the position's key (made
// from polyglot_random.h), a move, a weight and four bytes of learning data. A position's
// entries stand together; its moves are chosen among them by weight.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/chess/position.h"
#include "engine/chess/types.h"
#include "engine/core/book_file.h"

namespace splitlab::chess::polyglot {

// The position's key in the Polyglot format: its pieces, castling rights, the en-passant file
// when a pawn of the side to move stands beside the pawn that moved two squares (as the format
// asks, whether or not the capture is legal), and the side to move.
uint64_t key(const Position& pos);

// A move as Polyglot writes it: to-file, to-row, from-file, from-row, promotion (bits 0-2, 3-5,
// 6-8, 9-11, 12-14; promotion 1 knight .. 4 queen); castling as the king taking its own rook
// (e1h1). encode() takes a legal move; decode() gives the legal move of `pos` so written, or
// none.
uint16_t encode(const Position& pos, Move move);
Move decode(const Position& pos, uint16_t move);

using Entry = book::Entry;  // The file's entry (engine/core/book_file.h).

struct BookMove {
  Move move;
  uint16_t weight = 0;
};

class Book {
 public:
  // Reads a book file whole. False with `error` naming the file and the fault: missing or
  // unreadable, a size that is not a whole number of entries (a truncated file), or entries out
  // of key order (not a Polyglot book, or a damaged one); the book is then empty.
  bool load(const std::string& path, std::string& error);
  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  const std::string& path() const { return path_; }

  // The position's legal book moves, heaviest first (ties in file order); entries whose move is
  // not legal in the position (a key collision, or a damaged entry) are left out.
  std::vector<BookMove> moves(const Position& pos) const;
  // The move to play: the heaviest, or one drawn with probability proportional to its weight
  // (weights of 0 are never drawn unless all are 0). None when the position is not in the book.
  Move best(const Position& pos) const;
  Move weighted_random(const Position& pos, std::mt19937_64& rng) const;

  // The entries themselves (for tests and dumps), in file order.
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  std::string path_;
  std::vector<Entry> entries_;
};

// Writes `entries` as a book: sorted by key, then heaviest first (the order Polyglot writes and
// readers expect). False with `error` if the file cannot be written whole.
bool write_book(const std::string& path, std::vector<Entry> entries, std::string& error);

// A book made from games (`splitlab book make`), as Polyglot's make-book makes one: every
// position within `max_plies` of a game's start, and each move played there at least `min_games`
// times (a game that repeats the position counts each time), weighted by its score for the side
// that played it (2 for a win, 1 for a draw, 0 for a loss, summed over the times played), scaled
// down together so that the largest fits in 16 bits; a move whose weight comes to 0 (it never won
// or drew) is left out, as Polyglot's make-book does. A game that does not parse is an error that
// names it and its ply.
struct GameForBook {
  std::string start_fen;               // Empty: the standard start.
  std::vector<std::string> uci_moves;  // The main line.
  std::string result;                  // "1-0", "0-1", "1/2-1/2" or "*" (no score: skipped).
};
bool make_book(const std::vector<GameForBook>& games, int max_plies, int min_games,
               std::vector<Entry>& entries, std::string& error);

}  // namespace splitlab::chess::polyglot
