#include "bench/match/tally.h"

namespace splitlab::bench::match {

double score_for(const GameRecord& record, const std::string& engine) {
  if (record.result == "1/2-1/2") return 0.5;
  const bool white_won = record.result == "1-0";
  return (record.white == engine) == white_won ? 1.0 : 0.0;
}

int64_t PairingTally::pair_count() const {
  int64_t n = 0;
  for (int64_t c : pairs) n += c;
  return n;
}

MatchTally::MatchTally(std::vector<Pairing> pairings, std::vector<std::string> engine_names)
    : pairings_(std::move(pairings)), names_(std::move(engine_names)), tallies_(pairings_.size()) {}

bool MatchTally::add(const GameRecord& record) {
  ++finished_;
  PairingTally& tally = tallies_[size_t(record.pairing)];
  const std::string& first = names_[size_t(pairings_[size_t(record.pairing)].first)];
  const int half_points = int(2 * score_for(record, first));
  if (half_points == 2)
    ++tally.games.wins;
  else if (half_points == 1)
    ++tally.games.draws;
  else
    ++tally.games.losses;
  if (record.pair < 0) return false;
  auto it = half_pairs_.find(record.pair);
  if (it == half_pairs_.end()) {
    half_pairs_[record.pair] = half_points;
    return false;
  }
  const int other = it->second;
  half_pairs_.erase(it);
  ++tally.pairs[size_t(half_points + other)];
  if (half_points + other == 2 && half_points != 1) ++tally.win_loss_pairs;
  return true;
}

}  // namespace splitlab::bench::match
