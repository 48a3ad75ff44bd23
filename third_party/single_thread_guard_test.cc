// The guard of single_threaded tests must catch a test that starts a thread, or the tests it
// lets out of the ThreadSanitizer pass were never shown to be single-threaded.
#include <thread>

#include <gtest/gtest.h>

extern "C" int splitlab_single_thread_guard_linked __attribute__((weak));

namespace {

TEST(SingleThreadGuardTest, AStartedThreadEndsTheTestNamingTheReason) {
  if (&splitlab_single_thread_guard_linked == nullptr) {
    GTEST_SKIP() << "the guard is linked in the optimised build only";
  }
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(std::thread([] {}).join(), "declared single_threaded .* started a thread");
}

}  // namespace
