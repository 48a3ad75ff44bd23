// The engine's own opening book (UCI/UCCI option OwnBook), in the game's book format (its
// traits' Book: Polyglot's for chess, engine/chess/polyglot.h; Splitlab's own for xiangqi,
// engine/xiangqi/book.h).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>

#include "engine/search/search_game.h"

namespace splitlab::protocol {

// A game with an opening book format names it in its traits (G::Book, G::book_key).
template <typename G>
concept HasOpeningBook = requires(const typename G::Position& pos) {
  typename G::Book;
  { G::book_key(pos) } -> std::convertible_to<uint64_t>;
};

// The game's book, or an empty stand-in for a game without one.
struct NoBook {};
template <typename G, bool = HasOpeningBook<G>>
struct BookOf {
  using type = NoBook;
};
template <typename G>
struct BookOf<G, true> {
  using type = typename G::Book;
};

template <search::SearchGame G>
class OpeningBook {
 public:
  // Reads the book file; false with `error` naming the file and the fault (the book is then
  // empty and the engine plays without one). A game without a book format refuses every file.
  bool load(const std::string& path, std::string& error) {
    if constexpr (HasOpeningBook<G>) {
      return book_.load(path, error);
    } else {
      error = "no opening book format for " + std::string(G::kName) + " ('" + path +
              "' not read)";
      return false;
    }
  }
  void clear() {
    if constexpr (HasOpeningBook<G>) book_ = typename G::Book();
  }
  bool loaded() const {
    if constexpr (HasOpeningBook<G>)
      return !book_.empty();
    else
      return false;
  }

  // The book move of `pos` in Splitlab's move text, or "" when the position is not in the book:
  // the heaviest, or (`random`) one drawn in proportion to the weights by a generator seeded
  // from `seed` and the position's key, so that the same position gets the same answer under
  // the same seed, whatever came before (a match stays reproducible). `weight_note` says
  // "weight W of T".
  std::string pick(const typename G::Position& pos, bool random, uint64_t seed,
                   std::string& weight_note) const {
    if constexpr (HasOpeningBook<G>) {
      const auto moves = book_.moves(pos);
      if (moves.empty()) return "";
      uint64_t total = 0;
      for (const auto& m : moves) total += m.weight;
      typename G::Move chosen = moves.front().move;
      if (random) {
        std::mt19937_64 rng(seed ^ G::book_key(pos));
        chosen = book_.weighted_random(pos, rng);
      }
      for (const auto& m : moves)
        if (m.move == chosen)
          weight_note = "weight " + std::to_string(m.weight) + " of " + std::to_string(total);
      return G::move_to_text(chosen);
    } else {
      (void)pos, (void)random, (void)seed, (void)weight_note;
      return "";
    }
  }

 private:
  typename BookOf<G>::type book_{};
};

}  // namespace splitlab::protocol
