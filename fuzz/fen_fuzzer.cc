// libFuzzer target: every game's FEN (the first byte picks the game of the registry, by its
// number modulo the games': 0 chess, 1 xiangqi), then perft 1-2 and
// a depth-2 search (20,000 nodes at most) of whatever parses. A position the parser accepts
// must be one the move generator and the search can take: no crash, no sanitizer report, a
// legal answer, and the FEN the position writes back parses to the same position.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <type_traits>

#include "engine/core/perft.h"
#include "engine/games/games.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"

namespace {

using namespace splitlab;

template <search::SearchGame G>
void exercise(std::string_view fen) {
  typename G::Position pos;
  std::string error;
  if (!G::parse_fen(fen, pos, error)) {
    if (error.empty()) __builtin_trap();  // A refusal must say why.
    return;
  }
  // The writer and the reader agree on every position the reader accepts.
  typename G::Position again;
  if (!G::parse_fen(G::fen(pos), again, error) || G::key(again) != G::key(pos) ||
      G::fen(again) != G::fen(pos))
    __builtin_trap();

  typename G::Position copy = pos;
  perft<G>(copy, 1);
  perft<G>(copy, 2);
  if (G::key(copy) != G::key(pos)) __builtin_trap();  // make/unmake restored the position.

  // A small table (16 KB) so that clearing it per input costs little.
  static hashing::TranspositionTable table;
  static const bool sized = table.resize_buckets(256, nullptr);
  if (!sized) __builtin_trap();
  table.clear();
  // One searcher for all inputs, its history cleared before each (a new one costs fresh pages).
  static search::Searcher<G> searcher(table);
  searcher.new_game();
  search::SearchLimits limits;
  limits.depth = 2;
  // A bound on the work, whatever the position: an impossible one (25 men a side, eight pawns a
  // move from promoting) can need 14 million quiescence nodes for depth 1 alone, a timeout
  // under the fuzzer's instrumentation. Ordinary positions finish depth 2 far below it.
  limits.node_ceiling = 20000;
  searcher.arm();
  const auto result = searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
  // An empty answer only where there is no legal move; any other answer is legal here.
  if (result.best_move.empty()) {
    if (G::count_legal(pos) != 0) __builtin_trap();
  } else if (G::parse_move(pos, result.best_move, error).is_none()) {
    __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 512) return 0;
  const std::string_view fen(reinterpret_cast<const char*>(data) + 1, size - 1);
  with_game(GameId(data[0] % all_games().size()),
            [&]<typename G>(std::type_identity<G>) { exercise<G>(fen); });
  return 0;
}
