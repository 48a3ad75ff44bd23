// One of a game's built-in positions (`splitlab bench`, `scale`'s default suite): an id that
// says where it came from, and its FEN. Each game lists its own (G::bench_positions()).
#pragma once

#include <string_view>

namespace splitlab {

struct BenchPosition {
  std::string_view id;
  std::string_view fen;
};

}  // namespace splitlab
