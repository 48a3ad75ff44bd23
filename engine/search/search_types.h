// What a search is asked (limits) and what it answers (results, statistics), independent of
// the game and of the parallel strategy.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/score.h"
#include "engine/search/node_type.h"
#include "hashing/tt.h"

namespace splitlab::search {

struct SearchLimits {
  Depth depth = kMaxPly - 1;  // Iterations to complete at most.
  uint64_t nodes = 0;         // 0: no node limit.
  int64_t movetime_ms = 0;    // 0: none.
  int64_t time_left_ms[2] = {-1, -1};  // Clock per side (index = side to move), -1: none.
  int64_t increment_ms[2] = {0, 0};
  int movestogo = 0;          // 0: sudden death.
  int mate = 0;               // Stop once a mate in this many moves is found; 0: no limit.
  bool infinite = false;      // Search until stopped (also while pondering).
  std::vector<std::string> searchmoves;  // Root moves to consider; empty: all.

  bool uses_clock() const { return time_left_ms[0] >= 0 || time_left_ms[1] >= 0; }
};

// Counters one thread keeps while it searches (read by others only after the search).
struct SearchStats {
  uint64_t nodes = 0;
  uint64_t qnodes = 0;
  NodeTypeStats node_types;
  hashing::TtStats tt;

  SearchStats& operator+=(const SearchStats& o) {
    nodes += o.nodes;
    qnodes += o.qnodes;
    node_types += o.node_types;
    tt += o.tt;
    return *this;
  }
};

// One iteration's (or the final) answer.
struct SearchResult {
  std::string best_move;    // In the game's move notation; empty if there is no legal move.
  std::string ponder_move;  // Empty if unknown.
  Score score = 0;
  Depth depth = 0;
  int seldepth = 0;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  std::vector<std::string> pv;
  bool lower_bound = false, upper_bound = false;  // A failed aspiration window.
};

}  // namespace splitlab::search
