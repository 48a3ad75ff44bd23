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
#include "hashing/tt_stats.h"

namespace splitlab::search {

struct SearchLimits {
  Depth depth = kMaxPly - 1;  // Iterations to complete at most.
  uint64_t nodes = 0;         // 0: no node limit.
  // A hard bound on the work in any position, cutting even the first iteration (as a deadline
  // does): for callers that must finish in bounded time whatever they are given, such as the
  // fuzz targets, where a nonsense position can need millions of nodes for depth 1. 0: none.
  uint64_t node_ceiling = 0;
  int64_t movetime_ms = 0;    // 0: none.
  int64_t time_left_ms[2] = {-1, -1};  // Clock per side (index = side to move), -1: none.
  int64_t increment_ms[2] = {0, 0};
  int movestogo = 0;          // 0: sudden death.
  int mate = 0;               // Stop once a mate in this many moves is found; 0: no limit.
  bool infinite = false;      // Search until stopped (also while pondering).
  std::vector<std::string> searchmoves;  // Root moves to consider; empty: all.

  bool uses_clock() const { return time_left_ms[0] >= 0 || time_left_ms[1] >= 0; }
};

// Why a node is searched again: the outermost re-search on the path from the root to it (a
// node under two re-searches belongs to the upper one, so that the classes add up to all nodes).
enum class Research : uint8_t {
  kNone,
  kLmr,         // A reduced move beat alpha: searched again at full depth.
  kPvs,         // A null-window move beat alpha at a PV node: searched again with the full window.
  kStale,       // A split node's null-window search, repeated at alpha raised by another thread.
  kAspiration,  // A root search repeated with a wider window.
};
inline constexpr int kResearchKinds = 5;
inline constexpr const char* kResearchNames[kResearchKinds] = {"none", "lmr", "pvs", "stale",
                                                               "aspiration"};
// Nodes by distance from the root: plies 0 .. kPlyBuckets - 2, and the rest in the last.
inline constexpr int kPlyBuckets = 48;

// Where a search's nodes went, for taking a parallel search's overhead apart against the
// 1-thread search of the same position (`splitlab overhead`): every node by re-search class,
// by predicted type and by ply, and how often the rules that set a node's depth fired.
struct NodeAccounting {
  std::array<uint64_t, kResearchKinds> by_research{};  // Every node, quiescence's too.
  std::array<uint64_t, kNodeTypes> by_type{};          // Full-width nodes by predicted type.
  std::array<uint64_t, kPlyBuckets> by_ply{};          // Every node.
  uint64_t iir = 0;               // Nodes searched a ply shallower for want of a table move.
  uint64_t singular_tests = 0;    // Searches without the table move (singular extension),
  uint64_t singular_extended = 0;  // and those that found it singular.
  uint64_t check_extensions = 0;  // Moves searched a ply deeper for giving check.
  uint64_t reduced_moves = 0;     // Moves searched with a late-move reduction,
  uint64_t reduced_plies = 0;     // and the plies taken off them in all.
  // Re-searches begun, by class (kNone unused), and those of them begun at a split node.
  std::array<uint64_t, kResearchKinds> researches{};
  std::array<uint64_t, kResearchKinds> researches_at_splits{};
  std::array<uint64_t, kResearchKinds> researches_confirmed{};  // Still beat alpha after it.

  NodeAccounting& operator+=(const NodeAccounting& o) {
    for (int i = 0; i < kResearchKinds; ++i) by_research[i] += o.by_research[i];
    for (int i = 0; i < kNodeTypes; ++i) by_type[i] += o.by_type[i];
    for (int i = 0; i < kPlyBuckets; ++i) by_ply[i] += o.by_ply[i];
    iir += o.iir;
    singular_tests += o.singular_tests;
    singular_extended += o.singular_extended;
    check_extensions += o.check_extensions;
    reduced_moves += o.reduced_moves;
    reduced_plies += o.reduced_plies;
    for (int i = 0; i < kResearchKinds; ++i) {
      researches[i] += o.researches[i];
      researches_at_splits[i] += o.researches_at_splits[i];
      researches_confirmed[i] += o.researches_confirmed[i];
    }
    return *this;
  }
};

// Counters one thread keeps while it searches (read by others only after the search).
struct SearchStats {
  uint64_t nodes = 0;
  uint64_t qnodes = 0;
  NodeTypeStats node_types;
  hashing::TtStats tt;
  NodeAccounting accounting;

  SearchStats& operator+=(const SearchStats& o) {
    nodes += o.nodes;
    qnodes += o.qnodes;
    node_types += o.node_types;
    tt += o.tt;
    accounting += o.accounting;
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
