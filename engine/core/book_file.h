// The file layout of Splitlab's opening books, for every game: Polyglot's (16-byte big-endian
// entries of key, move, weight and learning data, sorted by key), and the way a book is counted
// from games (2 per win and 1 per draw for the side that played the move, every time it was
// played, zero weights dropped, one common divisor: Polyglot's make-book rules). The keys and
// move words are each game's own: engine/chess/polyglot.h, engine/xiangqi/book.h.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace splitlab::book {

struct Entry {
  uint64_t key = 0;
  uint16_t move = 0;
  uint16_t weight = 0;
  uint32_t learn = 0;
};

// A game to count into a book (`splitlab book make`, each game's make_book): its start FEN
// (empty: the game's standard start), its main line as the game's engines and PGN write it, and
// its result from the first player's side ("1-0": White or Red won; "*": not counted).
struct BookGame {
  std::string start_fen;
  std::vector<std::string> moves;
  std::string result;
};

// Reads a book file whole into `entries`. False with `error` naming the file and the fault:
// missing or unreadable, empty, a size that is not a whole number of entries (a truncated file),
// or entries out of key order (not a book, or a damaged one); `entries` is then empty.
bool read_entries(const std::string& path, std::vector<Entry>& entries, std::string& error);

// Writes `entries` sorted by key, then heaviest first. False with `error` if the file cannot be
// written whole.
bool write_entries(const std::string& path, std::vector<Entry> entries, std::string& error);

// The range [first, last) of `entries` (sorted by key) that holds `key`.
std::pair<size_t, size_t> find_key(const std::vector<Entry>& entries, uint64_t key);

// Counts the moves of games into book entries.
class Counter {
 public:
  // One move played in a position: `mover_score` is 2 when the side that played it won the game,
  // 1 for a draw, 0 for a loss.
  void add(uint64_t key, uint16_t move, int mover_score);
  // The entries of the moves played at least `min_times` times whose weight, after the common
  // divisor that fits the largest into 16 bits, is above 0.
  std::vector<Entry> entries(int min_times) const;

 private:
  struct Tally {
    uint64_t score = 0;
    int times = 0;
  };
  std::map<std::pair<uint64_t, uint16_t>, Tally> tallies_;
};

// The index of one of `moves` (each with a `weight`, at least one move) drawn in proportion to
// the weights by `rng`, or uniformly when every weight is 0.
template <typename BookMove, typename Rng>
size_t draw_by_weight(const std::vector<BookMove>& moves, Rng& rng) {
  uint64_t total = 0;
  for (const BookMove& b : moves) total += b.weight;
  if (total == 0) return size_t(rng() % moves.size());
  uint64_t pick = rng() % total;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (pick < moves[i].weight) return i;
    pick -= moves[i].weight;
  }
  return moves.size() - 1;
}

// The score of a game's result for the side that moved: "1-0" and "0-1" give 2 to the winner
// and 0 to the loser, "1/2-1/2" 1 to both; -1 for a result that scores nothing ("*").
int result_score(const std::string& result, bool mover_is_first_player);

}  // namespace splitlab::book
