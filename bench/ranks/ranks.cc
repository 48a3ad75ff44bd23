#include "bench/ranks/ranks.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstddef>
#include <cstdlib>
#include <thread>
#include <vector>

#ifdef SPLITLAB_WITH_MPI
// MPI's C API only: Open MPI's mpi.h would otherwise pull in its deprecated C++ bindings, whose
// out-of-line parts live in libmpi_cxx (unoptimised builds need them).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace splitlab::bench::ranks {

struct World::Transfer {
#ifdef SPLITLAB_WITH_MPI
  MPI_Request request = MPI_REQUEST_NULL;
#endif
  Message message;  // `from` is the rank it goes to, for a send.
};

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK"})
    if (std::getenv(name) != nullptr) return true;
  return false;
}

bool built_with_mpi() {
#ifdef SPLITLAB_WITH_MPI
  return true;
#else
  return false;
#endif
}

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "?";
  return name;
}

std::unique_ptr<World> World::join(std::string& error) {
  std::unique_ptr<World> world(new World());
  world->host_ = host_name();
  if (!launched_by_mpi()) return world;
#ifdef SPLITLAB_WITH_MPI
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized) {
    error = "MPI was already started in this process";
    return nullptr;
  }
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    error = "MPI did not start (MPI_Init_thread failed)";
    return nullptr;
  }
  if (provided < MPI_THREAD_FUNNELED) {
    MPI_Finalize();
    error = "this MPI library cannot be used beside threads (MPI_THREAD_FUNNELED not provided)";
    return nullptr;
  }
  // Errors come back as codes, so that a failed send is reported with the rank, not a bare abort.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  world->with_mpi_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &world->rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &world->size_);
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int length = 0;
  if (MPI_Get_processor_name(name, &length) == MPI_SUCCESS && length > 0)
    world->host_.assign(name, size_t(length));
  return world;
#else
  error = "an MPI launcher started this splitlab, but it was built without MPI (--define mpi=off): "
          "rebuild it with MPI (the default), or run it without mpirun";
  return nullptr;
#endif
}

World::~World() {
#ifdef SPLITLAB_WITH_MPI
  if (!with_mpi_) return;
  wait_for_every_rank();
  MPI_Finalize();
#endif
}

void World::wait_for_every_rank() {
#ifdef SPLITLAB_WITH_MPI
  if (!with_mpi_ || waited_for_every_rank_) return;
  waited_for_every_rank_ = true;
  MPI_Request barrier;
  if (MPI_Ibarrier(MPI_COMM_WORLD, &barrier) != MPI_SUCCESS) return;  // MPI_Finalize waits.
  idle_delay_ = kShortestIdleDelay;
  for (int done = 0; MPI_Test(&barrier, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done;) {
    progress_sends();
    std::this_thread::sleep_for(idle_delay());
  }
  // Every rank is done with its messages: a send nobody will receive (a stop that reached a rank
  // after its last game) is withdrawn; a receive already posted is completed.
  progress_sends();
  for (auto& transfer : sends_) {
    MPI_Cancel(&transfer->request);
    MPI_Wait(&transfer->request, MPI_STATUS_IGNORE);
  }
  sends_.clear();
  for (auto& transfer : receives_) MPI_Wait(&transfer->request, MPI_STATUS_IGNORE);
  receives_.clear();
#endif
}

void World::send(int to, int tag, const std::string& payload) {
#ifdef SPLITLAB_WITH_MPI
  if (!with_mpi_) return;
  auto transfer = std::make_unique<Transfer>();
  transfer->message = {to, tag, payload};
  std::string& buffer = transfer->message.payload;
  int done = 0;
  if (MPI_Isend(buffer.data(), int(buffer.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD,
                &transfer->request) != MPI_SUCCESS ||
      MPI_Test(&transfer->request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) {
    std::fprintf(stderr, "splitlab: rank %d (%s) could not send to rank %d: ending the job\n",
                 rank_, host_.c_str(), to);
    abort(1);
  }
  if (!done) sends_.push_back(std::move(transfer));
  // A message sent is often a request: its reply is on its way, so look for it at once.
  idle_delay_ = kShortestIdleDelay;
#else
  (void)to, (void)tag, (void)payload;
#endif
}

void World::progress_sends() {
#ifdef SPLITLAB_WITH_MPI
  for (size_t i = 0; i < sends_.size();) {
    int done = 0;
    if (MPI_Test(&sends_[i]->request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) {
      std::fprintf(stderr, "splitlab: rank %d (%s) could not send to rank %d: ending the job\n",
                   rank_, host_.c_str(), sends_[i]->message.from);
      abort(1);
    }
    if (done)
      sends_.erase(sends_.begin() + std::ptrdiff_t(i));
    else
      ++i;
  }
#endif
}

std::optional<Message> World::poll() {
#ifdef SPLITLAB_WITH_MPI
  if (!with_mpi_) return std::nullopt;
  progress_sends();
  // Every message whose envelope has arrived gets a receive posted (a few at a time): MPI then
  // moves the large ones in while this rank sleeps between polls, and neither side spins.
  for (int posted = 0; posted < 16; ++posted) {
    int flag = 0;
    MPI_Status status;
    if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status) != MPI_SUCCESS ||
        !flag)
      break;
    int count = 0;
    MPI_Get_count(&status, MPI_CHAR, &count);
    auto transfer = std::make_unique<Transfer>();
    transfer->message.from = status.MPI_SOURCE;
    transfer->message.tag = status.MPI_TAG;
    transfer->message.payload.resize(size_t(count));
    // The same sender and tag match the message probed: MPI keeps each sender's order.
    if (MPI_Irecv(transfer->message.payload.data(), count, MPI_CHAR, status.MPI_SOURCE,
                  status.MPI_TAG, MPI_COMM_WORLD, &transfer->request) != MPI_SUCCESS) {
      std::fprintf(stderr,
                   "splitlab: rank %d (%s) could not receive from rank %d: ending the job\n",
                   rank_, host_.c_str(), status.MPI_SOURCE);
      abort(1);
    }
    receives_.push_back(std::move(transfer));
  }
  if (receives_.empty()) return std::nullopt;
  int done = 0;
  if (MPI_Test(&receives_.front()->request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) {
    std::fprintf(stderr, "splitlab: rank %d (%s) could not receive from rank %d: ending the job\n",
                 rank_, host_.c_str(), receives_.front()->message.from);
    abort(1);
  }
  if (!done) return std::nullopt;
  Message message = std::move(receives_.front()->message);
  receives_.pop_front();
  idle_delay_ = kShortestIdleDelay;
  return message;
#else
  return std::nullopt;
#endif
}

std::optional<Message> World::wait(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (auto message = poll()) return message;
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::microseconds>(deadline - now);
    std::this_thread::sleep_for(std::min(idle_delay(), left));
  }
}

std::chrono::microseconds World::idle_delay(std::chrono::microseconds longest) {
  if (transfers_pending()) longest = std::min(longest, kTransferIdleDelay);
  const auto delay = std::min(idle_delay_, longest);
  idle_delay_ = std::min(2 * idle_delay_, longest);
  return delay;
}

void World::abort(int status) {
  std::fflush(stdout);
  std::fflush(stderr);
#ifdef SPLITLAB_WITH_MPI
  if (with_mpi_) MPI_Abort(MPI_COMM_WORLD, status);
#endif
  std::_Exit(status);
}

bool join_if_launched(std::unique_ptr<World>& world, std::string& error) {
  world.reset();
  if (!launched_by_mpi()) return true;
  world = World::join(error);
  return world != nullptr;
}

}  // namespace splitlab::bench::ranks
