// What every results file says about the run that wrote it, so that numbers from different
// commits, builds or machines are never taken for one another: the command, the commit, how the
// binary was built, the machine, when the run started and its seed. Collected once per run by
// `scale`, `bench --json`, `match` and `tt-study`; written into JSON results as top-level keys
// (write_run_metadata) and into text and CSV results as "# key: value" lines
// (run_metadata_comments).
//
// The commit is the one the binary was built from, stamped at build time (bench/build_commit.h),
// so a copy of an older build run inside a newer checkout still names its own commit;
// `executable` names the binary that ran.
#pragma once

#include <pthread.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/build_info.h"
#include "bench/json_writer.h"

namespace splitlab::bench {

struct MachineInfo {
  std::string hostname;
  std::string cpu_model;   // /proc/cpuinfo's first "model name", or "unknown".
  unsigned cores = 0;      // Logical CPUs (std::thread::hardware_concurrency), 0 when unknown.
  uint64_t memory_mb = 0;  // /proc/meminfo's MemTotal in MiB, 0 when unknown.
  std::string kernel;      // uname: "Linux 6.1.0-18-amd64 x86_64", or "unknown".
};

struct RunMetadata {
  std::vector<std::string> command_line;  // "splitlab", the command, its arguments.
  std::string executable;                 // The binary that ran (/proc/self/exe).
  std::string commit;                     // The build's: see bench/build_commit.h.
  BuildInfo build;
  MachineInfo machine;
  std::string started;           // UTC, ISO 8601: "2025-01-31T09:05:00Z".
  std::optional<uint64_t> seed;  // Empty when the command draws nothing at random.
  // For a build of uncommitted changes (commit "HASH+dirty"), what let it write results:
  // "--allow-dirty" or "SPLITLAB_ALLOW_DIRTY"; empty for a committed build.
  std::string dirty_allowed_by;
};

// A figure must name the build that made it, and a build of uncommitted changes (commit
// "HASH+dirty") cannot be rebuilt from its name. So the commands whose results are figures
// (scale, overhead, simulate, tt-study, match) refuse such a build unless given --allow-dirty
// (`flag_given`) or run with SPLITLAB_ALLOW_DIRTY=1 in the environment (`env_given`, which the
// test suite sets); what allowed it is then in every file's metadata. False with `error`
// saying so; true for a committed build.
bool results_build_allowed(std::string_view commit, bool flag_given, bool env_given,
                           std::string& error);
// The same for this binary (build_commit()): the flag from `command_line`, the environment's.
bool check_results_build(const std::vector<std::string>& command_line, std::string& error);
// --allow-dirty's meaning, for the help of each command that takes it.
inline constexpr char kAllowDirtyMeaning[] =
    "run although this binary was built from uncommitted changes (its commit ends in +dirty): "
    "the results name that commit and say that --allow-dirty allowed it";

// Empty for the build users run (opt, no sanitizers, no assertions); else one sentence saying
// why this binary's times and speeds are not comparable, for a timing command to print.
std::string timing_build_warning(const BuildInfo& build);

// {"splitlab", command, args...}: the command line of a subcommand (main() drops argv[0]).
std::vector<std::string> splitlab_command_line(const std::string& command,
                                               const std::vector<std::string>& args);

// Everything above, with the current time as `started`.
RunMetadata collect_run_metadata(const std::vector<std::string>& command_line,
                                 std::optional<uint64_t> seed);

MachineInfo machine_info();

// The CPU time this process has used so far, user and system, every thread (child processes,
// such as a match's engines, not counted): a runner's own cost.
double process_cpu_seconds();
// The CPU time the calling thread (or `thread`, still running) has used so far: which of a
// runner's threads costs what.
double thread_cpu_seconds();
double thread_cpu_seconds(pthread_t thread);

// The current time in UTC, ISO 8601 to the second.
std::string utc_now();

// `argument` as a POSIX shell reads it back: unchanged when it is plain, else single-quoted;
// control characters (a newline) as bash's $'...' escapes, so the result is one line.
std::string shell_quote(const std::string& argument);
// The arguments quoted and joined by spaces: a line that can be pasted into a shell.
std::string shell_command(const std::vector<std::string>& command_line);

// The metadata as members of the object `json` is writing: "command" (shell_command),
// "command_line", "executable", "commit", "build" {...}, "machine" {...}, "started", "seed"
// (null when there is none).
void write_run_metadata(JsonWriter& json, const RunMetadata& metadata);

// The same as "# key: value" lines, the nested objects as "name=value; ..." and a missing seed
// as "none": a header for CSV and text results.
std::string run_metadata_comments(const RunMetadata& metadata);

}  // namespace splitlab::bench
