// Built twice: against the MPI build of ranks.cc (ranks_test) and against the build without MPI
// (ranks_without_mpi_test), so that `--define mpi=off` is known to compile and to refuse a
// launcher with a reason. Joining a real MPI job is match_ranks_test's (bench/match).
#include "bench/ranks/ranks.h"

#include <cstdlib>

#include <gtest/gtest.h>

namespace splitlab::bench::ranks {
namespace {

void forget_launcher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK"})
    unsetenv(name);
}

TEST(RanksTest, WithoutALauncherTheWorldIsThisProcessAlone) {
  forget_launcher();
  EXPECT_FALSE(launched_by_mpi());
  std::string error;
  auto world = World::join(error);
  ASSERT_NE(world, nullptr) << error;
  EXPECT_EQ(world->rank(), 0);
  EXPECT_EQ(world->size(), 1);
  EXPECT_FALSE(world->host().empty());
  EXPECT_FALSE(world->poll().has_value());
  EXPECT_FALSE(world->wait(std::chrono::milliseconds(5)).has_value());
}

TEST(RanksTest, EachLaunchersVariableSaysMpiStartedTheProcess) {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK"}) {
    forget_launcher();
    setenv(name, "0", 1);
    EXPECT_TRUE(launched_by_mpi()) << name;
  }
  forget_launcher();
}

TEST(RanksTest, ABuildWithoutMpiRefusesALauncherNamingTheReason) {
  if (built_with_mpi()) GTEST_SKIP() << "this build has MPI (ranks_without_mpi_test checks this)";
  forget_launcher();
  setenv("OMPI_COMM_WORLD_SIZE", "2", 1);
  std::string error;
  EXPECT_EQ(World::join(error), nullptr);
  EXPECT_NE(error.find("built without MPI (--define mpi=off)"), std::string::npos) << error;
  forget_launcher();
}

}  // namespace
}  // namespace splitlab::bench::ranks
