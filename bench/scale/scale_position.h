// A position of a suite searched by `scale`, `overhead` and `simulate`.
#pragma once

#include <string>
#include <vector>

namespace splitlab::bench {

struct ScalePosition {
  std::string id;
  std::string fen;
  // The suite's "bm" operands as written (chess: SAN), for simulate's time to solution; empty:
  // none.
  std::vector<std::string> bm = {};
};

}  // namespace splitlab::bench
