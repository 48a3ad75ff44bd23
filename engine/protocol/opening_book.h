// The engine's own opening book (UCI/UCCI option OwnBook): a Polyglot book for chess
// (engine/chess/polyglot.h), Splitlab's xiangqi book for xiangqi (engine/xiangqi/book.h).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>

#include "engine/chess/chess_game.h"
#include "engine/chess/polyglot.h"
#include "engine/search/search_game.h"
#include "engine/xiangqi/book.h"
#include "engine/xiangqi/xiangqi_game.h"

namespace splitlab::protocol {

template <search::SearchGame G>
class OpeningBook {
 public:
  static constexpr bool kChess = std::is_same_v<G, chess::ChessGame>;
  static constexpr bool kXiangqi = std::is_same_v<G, xiangqi::XiangqiGame>;
  static constexpr bool kSupported = kChess || kXiangqi;
  using BookType = std::conditional_t<kChess, chess::polyglot::Book,
                                      std::conditional_t<kXiangqi, xiangqi::book::Book, int>>;

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
    if constexpr (kSupported) book_ = BookType();
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
      typename G::Move chosen = moves.front().move;
      if (random) {
        uint64_t position_key = 0;
        if constexpr (kChess)
          position_key = chess::polyglot::key(pos);
        else
          position_key = xiangqi::book::key(pos);
        std::mt19937_64 rng(seed ^ position_key);
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
  BookType book_{};
};

}  // namespace splitlab::protocol
