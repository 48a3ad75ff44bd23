// The costs file (parse_costs) and the sensitivity runs' factors (scale_costs): groups and single
// costs multiplied, the description, and bad items named with nothing changed.
#include "bench/simulate/cost_model.h"

#include <gtest/gtest.h>

#include <string>

namespace splitlab::parallel {
namespace {

TEST(ScaleCosts, MultipliesEachCostOfAGroupAndSaysSo) {
  const CostModel base = default_costs();
  CostModel costs = base;
  std::string said, error;
  ASSERT_TRUE(scale_costs("node=0.5,wake=2", costs, said, error)) << error;
  EXPECT_EQ(said, "node x0.5, wake x2");
  EXPECT_DOUBLE_EQ(costs.interior_node, base.interior_node * 0.5);
  EXPECT_DOUBLE_EQ(costs.quiescence_node, base.quiescence_node * 0.5);
  EXPECT_DOUBLE_EQ(costs.evaluation, base.evaluation * 0.5);
  EXPECT_DOUBLE_EQ(costs.store, base.store * 0.5);
  EXPECT_DOUBLE_EQ(costs.wake_sleeping, base.wake_sleeping * 2);
  EXPECT_DOUBLE_EQ(costs.ring_sleeper, base.ring_sleeper * 2);
  // The other groups are untouched.
  EXPECT_DOUBLE_EQ(costs.split, base.split);
  EXPECT_DOUBLE_EQ(costs.join, base.join);
  EXPECT_DOUBLE_EQ(costs.probe_uncached, base.probe_uncached);
  EXPECT_EQ(costs.cache_lines, base.cache_lines);
}

TEST(ScaleCosts, SingleCostsAndTheCacheSize) {
  CostModel costs = default_costs();
  const CostModel base = costs;
  std::string said, error;
  ASSERT_TRUE(scale_costs("cache_line=2,cache_lines=0.5,join=3", costs, said, error)) << error;
  EXPECT_DOUBLE_EQ(costs.probe_uncached, base.probe_uncached * 2);
  EXPECT_EQ(costs.cache_lines, base.cache_lines / 2);
  EXPECT_DOUBLE_EQ(costs.join, base.join * 3);
  EXPECT_DOUBLE_EQ(costs.probe_cached, base.probe_cached);
}

TEST(ScaleCosts, BadItemsAreNamedAndChangeNothing) {
  const CostModel base = default_costs();
  for (const char* spec : {"nodes=2", "node", "node=", "node=0", "node=-1", "node=x",
                           "split=2,bogus=2"}) {
    CostModel costs = base;
    std::string said, error;
    EXPECT_FALSE(scale_costs(spec, costs, said, error)) << spec;
    EXPECT_FALSE(error.empty()) << spec;
    EXPECT_EQ(format_costs(costs), format_costs(base)) << spec << ": changed the costs";
  }
  CostModel costs = base;
  std::string said, error;
  EXPECT_FALSE(scale_costs("bogus=2", costs, said, error));
  EXPECT_NE(error.find("'bogus'"), std::string::npos) << error;
  EXPECT_NE(error.find("cache_line"), std::string::npos) << error;  // Lists the groups.
}

}  // namespace
}  // namespace splitlab::parallel
