// Equal-time calibration (scale --seconds): the depth chosen against searches whose times are
// known, the stopping rule, resumed rows, the CSV rows and the suite's sample.
#include "bench/scale/scale_calibration.h"

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace splitlab::bench {
namespace {

TEST(ChooseDepthTest, NearestOnALogScale) {
  // 0.5 s is a factor 2 below 1 s; 1.5 s a factor 1.5 above: 1.5 s is nearer.
  EXPECT_EQ(choose_depth({{9, 0.25}, {10, 0.5}, {11, 1.5}}, 1.0).depth, 11);
  // 0.8 s is a factor 1.25 below; 2.0 s a factor 2 above: 0.8 s is nearer.
  const auto choice = choose_depth({{9, 0.3}, {10, 0.8}, {11, 2.0}}, 1.0);
  EXPECT_EQ(choice.depth, 10);
  EXPECT_DOUBLE_EQ(choice.median_seconds, 0.8);
  EXPECT_EQ(choice.medians.size(), 3u);
  // Equally near (0.5 and 2.0 around 1.0): the shallower.
  EXPECT_EQ(choose_depth({{11, 2.0}, {10, 0.5}}, 1.0).depth, 10);
  // A zero median (a clock too coarse for a tiny search) is never nearest if anything else is.
  EXPECT_EQ(choose_depth({{1, 0.0}, {2, 0.001}}, 1.0).depth, 2);
}

TEST(CalibrationSampleTest, SpreadOverTheSuite) {
  EXPECT_EQ(calibration_sample(160, 8), (std::vector<size_t>{0, 20, 40, 60, 80, 100, 120, 140}));
  EXPECT_EQ(calibration_sample(3, 8), (std::vector<size_t>{0, 1, 2}));
  EXPECT_TRUE(calibration_sample(0, 8).empty());
  EXPECT_TRUE(calibration_sample(10, 0).empty());
}

// A fake engine whose time to depth d on position i is base_i * 2^d.
struct FakeEngine {
  std::vector<double> base;
  std::vector<std::pair<int, size_t>> searched;
  CalibrationRow operator()(int depth, size_t position) {
    searched.emplace_back(depth, position);
    CalibrationRow row;
    row.seconds = base[position] * std::pow(2.0, depth);
    row.nodes = uint64_t(1000 * row.seconds);
    return row;
  }
};

TEST(CalibrateDepthTest, StopsAtTheFirstDepthPastTheTarget) {
  // Medians (position 1's time): depth 9 0.512 s, depth 10 1.024 s. The target 1 s is reached
  // at depth 10, which is also the nearest.
  FakeEngine engine{{0.0005, 0.001, 0.004}, {}};
  std::vector<CalibrationRow> recorded;
  const auto choice = calibrate_depth(
      "fake", 1.0, 60, {"a", "b", "c"}, {}, [&](int d, size_t i) { return engine(d, i); },
      [&](const CalibrationRow& row) { recorded.push_back(row); });
  EXPECT_EQ(choice.depth, 10);
  EXPECT_NEAR(choice.median_seconds, 1.024, 1e-9);
  ASSERT_EQ(choice.medians.size(), 10u);  // Depths 1..10, nothing deeper.
  EXPECT_EQ(engine.searched.size(), 30u);
  ASSERT_EQ(recorded.size(), 30u);
  EXPECT_EQ(recorded.back().engine, "fake");
  EXPECT_EQ(recorded.back().depth, 10);
  EXPECT_EQ(recorded.back().position, "c");
  // A target between two depths' medians, nearer the shallower: 0.6 s lies a factor 1.17 above
  // 0.512 s and 1.7 below 1.024 s.
  FakeEngine again{{0.0005, 0.001, 0.004}, {}};
  EXPECT_EQ(calibrate_depth("fake", 0.6, 60, {"a", "b", "c"}, {},
                            [&](int d, size_t i) { return again(d, i); },
                            [](const CalibrationRow&) {})
                .depth,
            9);
  // An engine that never reaches the target stops at the deepest depth allowed.
  FakeEngine slow{{1e-9}, {}};
  EXPECT_EQ(calibrate_depth("slow", 1.0, 5, {"a"}, {}, [&](int d, size_t i) { return slow(d, i); },
                            [](const CalibrationRow&) {})
                .depth,
            5);
}

TEST(CalibrateDepthTest, ResumedRowsAreNotSearchedAgain) {
  FakeEngine first{{0.001, 0.002}, {}};
  std::map<std::string, CalibrationRow> done;
  const auto choice = calibrate_depth(
      "fake", 1.0, 60, {"a", "b"}, {}, [&](int d, size_t i) { return first(d, i); },
      [&](const CalibrationRow& row) { done[row.key()] = row; });
  // Resumed from every row: nothing is searched and the choice is the same.
  FakeEngine second{{0.001, 0.002}, {}};
  const auto resumed = calibrate_depth(
      "fake", 1.0, 60, {"a", "b"}, done, [&](int d, size_t i) { return second(d, i); },
      [](const CalibrationRow&) {});
  EXPECT_TRUE(second.searched.empty());
  EXPECT_EQ(resumed.depth, choice.depth);
  // Resumed with the last depth's rows missing: only they are searched.
  for (const char* id : {"a", "b"}) done.erase("fake|" + std::to_string(choice.depth) + "|" + id);
  FakeEngine third{{0.001, 0.002}, {}};
  calibrate_depth("fake", 1.0, 60, {"a", "b"}, done, [&](int d, size_t i) { return third(d, i); },
                  [](const CalibrationRow&) {});
  ASSERT_EQ(third.searched.size(), 2u);
  EXPECT_EQ(third.searched[0].first, choice.depth);
  // Another engine's rows are not this one's.
  FakeEngine other{{0.001, 0.002}, {}};
  calibrate_depth("other", 1.0, 60, {"a", "b"}, done, [&](int d, size_t i) { return other(d, i); },
                  [](const CalibrationRow&) {});
  EXPECT_EQ(other.searched.size(), first.searched.size());
}

TEST(CalibrationCsvTest, RoundTripAndRejects) {
  CalibrationRow row;
  row.engine = "glaurung";
  row.depth = 13;
  row.position = "s042";
  row.seconds = 1.375;
  row.nodes = 2345678;
  row.capped = true;
  CalibrationRow back;
  ASSERT_TRUE(calibration_from_csv(calibration_to_csv(row), back));
  EXPECT_EQ(back.key(), row.key());
  EXPECT_DOUBLE_EQ(back.seconds, 1.375);
  EXPECT_EQ(back.nodes, 2345678u);
  EXPECT_TRUE(back.capped);
  for (const char* bad : {"", "glaurung,13,s042,1.3,100", "glaurung,x,s042,1.3,100,0",
                          "glaurung,0,s042,1.3,100,0", "glaurung,13,s042,1.3,100,2",
                          ",13,s042,1.3,100,0", "glaurung,13,s042,-1,100,0",
                          "glaurung,13,s042,1.3,100,0,extra"})
    EXPECT_FALSE(calibration_from_csv(bad, back)) << bad;
}

}  // namespace
}  // namespace splitlab::bench
