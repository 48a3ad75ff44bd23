// Two ranks exchange messages through World, for ranks_exchange_test: rank 1 sends small and
// 1 MB messages, alternately, while rank 0 sleeps 2 s before it takes any; rank 0 then checks
// that every message came whole and in order. Rank 1 reports the CPU its thread used from its
// first send to the end of the exchange: a send that waited for the receiver by spinning (a
// blocking MPI_Send past the eager limit) would cost about the 2 s that rank 0 sleeps.
// Run it as: mpirun -np 2 ranks_exchange
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "bench/ranks/ranks.h"
#include "bench/run_metadata.h"

namespace {

using splitlab::bench::ranks::World;

constexpr int kMessages = 40;
constexpr int kTag = 7, kDoneTag = 8;

std::string payload(int index) {
  if (index % 2 == 0) return "small " + std::to_string(index);
  std::string large(size_t(1) << 20, '\0');
  for (size_t i = 0; i < large.size(); ++i) large[i] = char('a' + (i * 7 + size_t(index)) % 26);
  return large;
}

int rank_one(World& world) {
  std::vector<std::string> messages;
  for (int i = 0; i < kMessages; ++i) messages.push_back(payload(i));
  const double cpu_before = splitlab::bench::thread_cpu_seconds();
  for (const std::string& message : messages) world.send(0, kTag, message);
  world.send(0, kDoneTag, "");
  // Rank 0 answers once it has them all; until then this rank polls and sleeps, as ranks do.
  auto answer = world.wait(std::chrono::seconds(60));
  const double cpu = splitlab::bench::thread_cpu_seconds() - cpu_before;
  if (!answer || answer->payload != "all received") {
    std::fprintf(stderr, "rank 1: no answer from rank 0\n");
    return 1;
  }
  std::printf("rank 1: sent %d messages; %.3f s of CPU until rank 0 had them all\n", kMessages,
              cpu);
  return 0;
}

int rank_zero(World& world) {
  std::this_thread::sleep_for(std::chrono::seconds(2));
  for (int i = 0; i <= kMessages; ++i) {
    auto message = world.wait(std::chrono::seconds(60));
    const int tag = i == kMessages ? kDoneTag : kTag;
    if (!message || message->from != 1 || message->tag != tag ||
        (i < kMessages && message->payload != payload(i))) {
      std::fprintf(stderr, "rank 0: message %d is missing, out of order or damaged\n", i);
      return 1;
    }
  }
  world.send(1, kTag, "all received");
  std::printf("rank 0: received %d messages in order, each whole\n", kMessages);
  return 0;
}

}  // namespace

int main() {
  std::string error;
  auto world = World::join(error);
  if (!world || world->size() != 2) {
    std::fprintf(stderr, "ranks_exchange: run it with mpirun -np 2 (%s)\n", error.c_str());
    return 2;
  }
  const int status = world->rank() == 0 ? rank_zero(*world) : rank_one(*world);
  std::fflush(stdout);
  if (status != 0) world->abort(status);
  return 0;
}
