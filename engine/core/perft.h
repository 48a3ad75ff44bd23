// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard
// correctness test of a move generator. The last ply is bulk-counted (moves are counted, not made).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/game.h"

namespace splitlab {

template <Game G>
uint64_t perft(typename G::Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return G::count_legal(pos);
  typename G::MoveList moves;
  G::generate_legal(pos, moves);
  uint64_t nodes = 0;
  for (auto move : moves) {
    G::make(pos, move);
    nodes += perft<G>(pos, depth - 1);
    G::unmake(pos, move);
  }
  return nodes;
}

// Perft split by root move, in generation order (Stockfish's "go perft" and "--divide").
template <Game G>
std::vector<std::pair<typename G::Move, uint64_t>> perft_divide(typename G::Position& pos,
                                                                int depth) {
  std::vector<std::pair<typename G::Move, uint64_t>> counts;
  typename G::MoveList moves;
  G::generate_legal(pos, moves);
  for (auto move : moves) {
    G::make(pos, move);
    counts.emplace_back(move, perft<G>(pos, depth - 1));
    G::unmake(pos, move);
  }
  return counts;
}

}  // namespace splitlab
