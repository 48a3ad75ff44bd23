// Scores, depths and mate scores shared by every game and the search.
#pragma once

#include <cstdint>
#include <string>

namespace splitlab {

using Score = int;
using Depth = int;

inline constexpr int kMaxPly = 128;
inline constexpr Score kMateScore = 32000;        // Mate at the root itself.
inline constexpr Score kMateThreshold = 31000;    // Beyond this a score is a mate score.
inline constexpr Score kInfiniteScore = 32001;
inline constexpr Score kDrawScore = 0;

// A position decided by a repetition rule rather than by play (xiangqi's perpetual check loses
// for the checking side): a win or loss for the search, but it depends on the path that led to
// the position, so a value in this band is never stored in the transposition table
// (ElephantEye's "ban" value).
inline constexpr Score kBanScore = 30000;
inline constexpr Score kBanThreshold = 29000;

constexpr Score mated_in(int ply) { return -kMateScore + ply; }
constexpr Score mate_in(int ply) { return kMateScore - ply; }
constexpr bool is_mate_score(Score s) { return s >= kMateThreshold || s <= -kMateThreshold; }
constexpr bool is_ban_score(Score s) {
  return !is_mate_score(s) && (s >= kBanThreshold || s <= -kBanThreshold);
}

// UCI "mate N" counts moves, not plies; negative when the side to move is mated.
constexpr int mate_in_moves(Score s) {
  return s > 0 ? (kMateScore - s + 1) / 2 : -(kMateScore + s) / 2;
}

// "cp 35", "mate 3" or "mate -2", as UCI writes a score.
inline std::string score_to_uci(Score s) {
  if (is_mate_score(s)) return "mate " + std::to_string(mate_in_moves(s));
  return "cp " + std::to_string(s);
}

}  // namespace splitlab
