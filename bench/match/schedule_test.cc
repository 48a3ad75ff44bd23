#include "bench/match/schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "bench/match/openings.h"

namespace splitlab::bench::match {
namespace {

std::vector<size_t> sequential(size_t n) { return opening_order(n, false, 0, 1); }

TEST(ScheduleTest, RoundRobinAndGauntletCounts) {
  EXPECT_EQ(make_pairings(TournamentKind::kRoundRobin, 2).size(), 1u);
  EXPECT_EQ(make_pairings(TournamentKind::kRoundRobin, 4).size(), 6u);  // 4 * 3 / 2
  EXPECT_EQ(make_pairings(TournamentKind::kGauntlet, 4).size(), 3u);
  for (const auto& p : make_pairings(TournamentKind::kGauntlet, 5)) EXPECT_EQ(p.first, 0);
  const auto games =
      make_schedule(make_pairings(TournamentKind::kRoundRobin, 4), 3, 2, true, sequential(100));
  EXPECT_EQ(games.size(), 6u * 3 * 2);
  for (size_t i = 0; i < games.size(); ++i) EXPECT_EQ(games[i].index, int(i) + 1);
  // Every engine plays every other equally often, half of the games with each colour.
  std::map<std::pair<int, int>, int> by_colour;
  for (const auto& g : games) ++by_colour[{g.white, g.black}];
  EXPECT_EQ(by_colour.size(), 12u);
  for (const auto& [key, count] : by_colour) EXPECT_EQ(count, 3) << key.first << key.second;
}

TEST(ScheduleTest, PairsShareAnOpeningWithColoursSwapped) {
  const auto games =
      make_schedule(make_pairings(TournamentKind::kRoundRobin, 2), 3, 2, true, sequential(10));
  ASSERT_EQ(games.size(), 6u);
  for (size_t i = 0; i < games.size(); i += 2) {
    const auto &a = games[i], &b = games[i + 1];
    EXPECT_EQ(a.pair, int(i / 2));
    EXPECT_EQ(b.pair, a.pair);
    EXPECT_EQ(a.opening, b.opening);
    EXPECT_EQ(a.opening, i / 2);  // A new opening per pair, in order.
    EXPECT_EQ(a.white, b.black);
    EXPECT_EQ(a.black, b.white);
    EXPECT_EQ(a.white, 0);  // The first engine has White first.
    EXPECT_EQ(a.round, int(i / 2) + 1);
  }
}

TEST(ScheduleTest, WithoutRepeatEveryGameHasItsOwnOpeningAndNoPair) {
  const auto games =
      make_schedule(make_pairings(TournamentKind::kRoundRobin, 2), 4, 1, false, sequential(3));
  ASSERT_EQ(games.size(), 4u);
  const size_t expected[] = {0, 1, 2, 0};  // Cycles through the book.
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(games[i].pair, -1);
    EXPECT_EQ(games[i].opening, expected[i]);
    EXPECT_EQ(games[i].white, int(i % 2));  // Colours alternate by round.
  }
}

TEST(ScheduleTest, RepeatWithOneGamePerRoundPairsConsecutiveRounds) {
  const auto games =
      make_schedule(make_pairings(TournamentKind::kRoundRobin, 3), 3, 1, true, sequential(50));
  ASSERT_EQ(games.size(), 9u);
  // Pairing 0's games are at 0, 3, 6: rounds 1 and 2 are a pair, round 3 plays alone.
  EXPECT_EQ(games[0].pair, games[3].pair);
  EXPECT_NE(games[0].pair, -1);
  EXPECT_EQ(games[0].opening, games[3].opening);
  EXPECT_EQ(games[0].white, games[3].black);
  EXPECT_EQ(games[6].pair, -1);
  std::set<int> pairs;
  for (const auto& g : games)
    if (g.pair >= 0) pairs.insert(g.pair);
  EXPECT_EQ(pairs.size(), 3u);
}

TEST(OpeningOrderTest, StartIsOneBasedAndRandomIsReproducible) {
  EXPECT_EQ(opening_order(5, false, 0, 3), (std::vector<size_t>{2, 3, 4, 0, 1}));
  EXPECT_EQ(opening_order(5, false, 99, 1), (std::vector<size_t>{0, 1, 2, 3, 4}));
  const auto a = opening_order(100, true, 42, 1), b = opening_order(100, true, 42, 1);
  const auto c = opening_order(100, true, 43, 1);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_NE(a, opening_order(100, false, 42, 1));
  auto sorted = a;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, opening_order(100, false, 0, 1));  // A permutation.
  const auto started = opening_order(100, true, 42, 11);
  EXPECT_EQ(started[0], a[10]);
}

}  // namespace
}  // namespace splitlab::bench::match
