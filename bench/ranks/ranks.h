// The MPI ranks of a campaign run with `mpirun -np N splitlab COMMAND ...` (or Slurm's
// `srun --mpi=pmix`): rank 0 owns the schedule and the results files, the other ranks play or
// search what it hands them and send back what they found. A process that no MPI launcher
// started never touches MPI and runs on its machine alone, as it always has; so does a build
// without MPI (`--define mpi=off`), which refuses to run under a launcher instead.
//
// The transport only: a message is a tag and a string, the commands give both their meaning.
// Only the thread that joined the world sends and receives (MPI_THREAD_FUNNELED); a command's
// other threads hand it their messages.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace splitlab::bench::ranks {

// Whether an MPI launcher started this process: it sets the job's size in the environment
// (OMPI_COMM_WORLD_SIZE for mpirun, PMIX_RANK or PMI_SIZE for srun and other launchers).
bool launched_by_mpi();
// Whether this build can join an MPI job.
bool built_with_mpi();
// This machine's name (gethostname), for results that say where they were measured.
std::string host_name();

struct Message {
  int from = -1;
  int tag = 0;
  std::string payload;
};

class World {
 public:
  // The job this process belongs to: under a launcher MPI is started (once per process), else a
  // world of one rank, without MPI. Null with `error` set in a build without MPI under a launcher,
  // or when MPI cannot start.
  static std::unique_ptr<World> join(std::string& error);
  // Leaves the job (MPI_Finalize), after wait_for_every_rank() if this rank has not called it:
  // after every message was received.
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // This rank's machine, as MPI names it (the host name).
  const std::string& host() const { return host_; }

  // Never waits: a message too large to leave at once (past MPI's eager limit, a few KB between
  // ranks of one machine) goes out while this rank polls. A blocking MPI_Send would spin a core
  // until the receiver takes it, up to the receiver's idle delay (experiments/mpi-campaigns).
  void send(int to, int tag, const std::string& payload);
  // A message that has arrived whole, if there is one, in the order each rank sent them; never
  // waits (a large one is taken over several polls).
  std::optional<Message> poll();
  // Whether a message is still on its way out or in: until it is, the idle delay stays short.
  bool transfers_pending() const { return !sends_.empty() || !receives_.empty(); }
  // The next message, waiting at most `timeout` for one. Waits by polling and sleeping, not in
  // MPI_Recv, which keeps a core busy in Open MPI: a core the rank's games need.
  std::optional<Message> wait(std::chrono::milliseconds timeout);
  // How long to sleep before polling again after a poll that found nothing: 20 us after a
  // message (received or sent), doubling with each empty poll up to `longest`. Messages in a
  // stream are taken at once; a rank that waits for games of seconds polls twenty times a second
  // at the default longest delay (a wake-up and a poll cost tens of microseconds of CPU), not
  // fifty thousand. The longest delay weighs that CPU against the wait it adds to an answer
  // (experiments/mpi-campaigns): a rank that expects no answer may sleep longer. wait() sleeps
  // these; a caller that must also wake for its own threads sleeps them on its condition variable.
  // While a transfer is pending, at most kTransferIdleDelay.
  std::chrono::microseconds idle_delay(std::chrono::microseconds longest = kLongestIdleDelay);
  static constexpr std::chrono::microseconds kLongestIdleDelay{50000};
  // Returns once every rank has called it, sleeping between polls as idle_delay() says. A rank
  // that finished its share first waits here rather than in MPI_Finalize's barrier, where Open
  // MPI polls without sleeping: a core taken from the ranks still playing or measuring.
  void wait_for_every_rank();
  // Ends every rank of the job at once (MPI_Abort), e.g. after an error on one of them.
  [[noreturn]] void abort(int status);

 private:
  World() = default;
  bool with_mpi_ = false;
  bool waited_for_every_rank_ = false;
  static constexpr std::chrono::microseconds kShortestIdleDelay{20};
  static constexpr std::chrono::microseconds kTransferIdleDelay{500};
  std::chrono::microseconds idle_delay_{kShortestIdleDelay};
  // Messages under way. Their buffers live on the heap, so that they stay put while MPI reads or
  // writes them; receives complete in the order they were posted (MPI's order per sender).
  struct Transfer;
  void progress_sends();
  std::vector<std::unique_ptr<Transfer>> sends_;
  std::deque<std::unique_ptr<Transfer>> receives_;
  int rank_ = 0, size_ = 1;
  std::string host_;
};

// For a command that every rank runs with the same arguments: the job when an MPI launcher
// started this process (World::join), else null, and the command runs alone as it always has.
// False with `error` set when the job cannot be joined.
bool join_if_launched(std::unique_ptr<World>& world, std::string& error);

}  // namespace splitlab::bench::ranks
