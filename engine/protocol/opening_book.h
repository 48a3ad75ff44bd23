// The engine's own opening book (UCI option OwnBook): a Polyglot book for chess
// (engine/chess/polyglot.h). Xiangqi has no book format yet: loading one is refused with a
// message that says so, and the engine searches every move.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>

#include "engine/chess/chess_game.h"
#include "engine/chess/polyglot.h"
#include "engine/search/search_game.h"

namespace splitlab::protocol {

template <search::SearchGame G>
class OpeningBook {
 public:
  static constexpr bool kSupported = std::is_same_v<G, chess::ChessGame>;

  // Reads the book file; false with `error` naming the file and the fault (the book is then
  // empty and the engine plays without one).
  bool load(const std::string& path, std::string& error) {
    if constexpr (kSupported) {
      return book_.load(path, error);
    } else {
      error = "no opening book format for this game yet ('" + path + "' not read)";
      return false;
    }
  }
  void clear() {
    if constexpr (kSupported) book_ = chess::polyglot::Book();
  }
  bool loaded() const {
    if constexpr (kSupported) return !book_.empty();
    return false;
  }

  // The book move of `pos` in Splitlab's move text, or "" when the position is not in the book:
  // the heaviest, or (`random`) one drawn in proportion to the weights by a generator seeded
  // from `seed` and the position's key, so that the same position gets the same answer under
  // the same seed, whatever came before (a match stays reproducible). `weight_note` says
  // "weight W of T".
  std::string pick(const typename G::Position& pos, bool random, uint64_t seed,
                   std::string& weight_note) const {
    if constexpr (kSupported) {
      const auto moves = book_.moves(pos);
      if (moves.empty()) return "";
      uint64_t total = 0;
      for (const auto& m : moves) total += m.weight;
      chess::Move chosen = moves.front().move;
      if (random) {
        std::mt19937_64 rng(seed ^ chess::polyglot::key(pos));
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
  std::conditional_t<kSupported, chess::polyglot::Book, int> book_{};
};

}  // namespace splitlab::protocol
