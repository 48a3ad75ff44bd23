// Running totals of a match per pairing: wins, draws and losses from the pairing's first engine's
// view, and the pentanomial counts of its finished game pairs.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "bench/match/game_record.h"
#include "bench/match/schedule.h"
#include "bench/stats/match_stats.h"

namespace splitlab::bench::match {

struct PairingTally {
  GameCounts games;
  Pentanomial pairs{};
  int64_t win_loss_pairs = 0;  // Pairs that scored 1 as a win and a loss (not two draws).
  int64_t pair_count() const;
};

class MatchTally {
 public:
  MatchTally(std::vector<Pairing> pairings, std::vector<std::string> engine_names);

  // Counts a finished game. Returns true if it completed a game pair.
  bool add(const GameRecord& record);
  const PairingTally& pairing(int index) const { return tallies_[size_t(index)]; }
  int64_t finished() const { return finished_; }

 private:
  std::vector<Pairing> pairings_;
  std::vector<std::string> names_;
  std::vector<PairingTally> tallies_;
  std::map<int, int>
      half_pairs_;  // Pair id -> the first engine's score of its finished game, in half points.
  int64_t finished_ = 0;
};

}  // namespace splitlab::bench::match
