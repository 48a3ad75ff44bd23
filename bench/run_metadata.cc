#include "bench/run_metadata.h"

#include <sys/resource.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <thread>
#include <variant>

#include "bench/build_commit.h"

namespace splitlab::bench {
namespace {

// One member of the "build" or "machine" object, listed once for both the JSON and the comment
// form.
struct Field {
  std::string name;
  std::variant<std::string, int64_t, bool> value;
};

std::vector<Field> build_fields(const BuildInfo& build) {
  return {{"compilation_mode", build.compilation_mode},
          {"compiler", build.compiler},
          {"optimized", build.optimized},
          {"assertions", build.assertions},
          {"sanitizers", build.sanitizers},
          {"target_features", build.target_features}};
}

std::vector<Field> machine_fields(const MachineInfo& machine) {
  return {{"hostname", machine.hostname},
          {"cpu_model", machine.cpu_model},
          {"cores", int64_t(machine.cores)},
          {"memory_mb", int64_t(machine.memory_mb)},
          {"kernel", machine.kernel}};
}

void write_object(JsonWriter& json, const std::string& key, const std::vector<Field>& fields) {
  json.begin_object(key);
  for (const auto& f : fields) {
    if (const auto* text = std::get_if<std::string>(&f.value))
      json.string(f.name, *text);
    else if (const auto* number = std::get_if<int64_t>(&f.value))
      json.integer(f.name, *number);
    else
      json.boolean(f.name, std::get<bool>(f.value));
  }
  json.end_object();
}

// A comment line ends at the first newline: any inside a value become spaces.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

std::string comment_value(const std::vector<Field>& fields) {
  std::string text;
  for (const auto& f : fields) {
    std::string value;
    if (const auto* s = std::get_if<std::string>(&f.value))
      value = *s;
    else if (const auto* number = std::get_if<int64_t>(&f.value))
      value = std::to_string(*number);
    else
      value = std::get<bool>(f.value) ? "true" : "false";
    text += (text.empty() ? "" : "; ") + f.name + "=" + value;
  }
  return text;
}

std::string executable_path() {
  std::error_code ec;
  const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? "unknown" : path.string();
}

bool is_plain_shell_word(const std::string& text) {
  if (text.empty()) return false;
  for (unsigned char c : text)
    if (!std::isalnum(c) && !std::strchr("_@%+=:,./-", c)) return false;
  return true;
}

}  // namespace

std::vector<std::string> splitlab_command_line(const std::string& command,
                                               const std::vector<std::string>& args) {
  std::vector<std::string> line = {"splitlab", command};
  line.insert(line.end(), args.begin(), args.end());
  return line;
}

namespace {

bool dirty(std::string_view commit) {
  return commit.size() >= 6 && commit.substr(commit.size() - 6) == "+dirty";
}

bool has_allow_dirty_flag(const std::vector<std::string>& command_line) {
  for (const std::string& word : command_line)
    if (word == "--allow-dirty" || word == "-allow-dirty") return true;
  return false;
}

bool allow_dirty_env() {
  const char* value = std::getenv("SPLITLAB_ALLOW_DIRTY");
  return value && std::string_view(value) == "1";
}

}  // namespace

bool results_build_allowed(std::string_view commit, bool flag_given, bool env_given,
                           std::string& error) {
  if (!dirty(commit) || flag_given || env_given) return true;
  error = "this binary was built from uncommitted changes (commit " + std::string(commit) +
          "), so its results could not be traced to a build: commit and rebuild, or pass "
          "--allow-dirty (the results then say so)";
  return false;
}

bool check_results_build(const std::vector<std::string>& command_line, std::string& error) {
  return results_build_allowed(build_commit(), has_allow_dirty_flag(command_line),
                               allow_dirty_env(), error);
}

RunMetadata collect_run_metadata(const std::vector<std::string>& command_line,
                                 std::optional<uint64_t> seed) {
  RunMetadata metadata;
  metadata.started = utc_now();
  metadata.command_line = command_line;
  metadata.executable = executable_path();
  metadata.commit = build_commit();
  metadata.build = build_info();
  metadata.machine = machine_info();
  metadata.seed = seed;
  if (dirty(metadata.commit))
    metadata.dirty_allowed_by = has_allow_dirty_flag(command_line) ? "--allow-dirty"
                                : allow_dirty_env()                 ? "SPLITLAB_ALLOW_DIRTY"
                                                                    : "";
  return metadata;
}

double process_cpu_seconds() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double thread_cpu_seconds() {
  timespec t{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) return 0;
  return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

double thread_cpu_seconds(pthread_t thread) {
  clockid_t clock{};
  timespec t{};
  if (pthread_getcpuclockid(thread, &clock) != 0 || clock_gettime(clock, &t) != 0) return 0;
  return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

MachineInfo machine_info() {
  MachineInfo info;
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) == 0) info.hostname = name;
  info.cores = std::thread::hardware_concurrency();
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const size_t colon = line.find(':');
    const size_t value =
        colon == std::string::npos ? colon : line.find_first_not_of(" \t", colon + 1);
    if (value != std::string::npos) info.cpu_model = line.substr(value);
    break;
  }
  if (info.cpu_model.empty()) info.cpu_model = "unknown";
  std::ifstream meminfo("/proc/meminfo");
  while (std::getline(meminfo, line)) {
    unsigned long long kib = 0;
    if (std::sscanf(line.c_str(), "MemTotal: %llu kB", &kib) == 1) {
      info.memory_mb = kib / 1024;
      break;
    }
  }
  utsname system{};
  info.kernel = uname(&system) == 0
                    ? std::string(system.sysname) + " " + system.release + " " + system.machine
                    : "unknown";
  return info;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string shell_quote(const std::string& argument) {
  if (is_plain_shell_word(argument)) return argument;
  bool control = false;
  for (unsigned char c : argument) control = control || c < 0x20 || c == 0x7f;
  if (!control) {
    std::string quoted = "'";
    for (char c : argument) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
  }
  std::string quoted = "$'";
  for (unsigned char c : argument) {
    if (c == '\\' || c == '\'') {
      quoted += '\\';
      quoted += char(c);
    } else if (c == '\n') {
      quoted += "\\n";
    } else if (c == '\t') {
      quoted += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
      quoted += escaped;
    } else {
      quoted += char(c);
    }
  }
  return quoted + "'";
}

std::string shell_command(const std::vector<std::string>& command_line) {
  std::string text;
  for (const auto& argument : command_line)
    text += (text.empty() ? "" : " ") + shell_quote(argument);
  return text;
}

void write_run_metadata(JsonWriter& json, const RunMetadata& metadata) {
  json.string("command", shell_command(metadata.command_line));
  json.begin_array("command_line");
  for (const auto& argument : metadata.command_line) json.string("", argument);
  json.end_array();
  json.string("executable", metadata.executable).string("commit", metadata.commit);
  write_object(json, "build", build_fields(metadata.build));
  write_object(json, "machine", machine_fields(metadata.machine));
  json.string("started", metadata.started);
  if (!metadata.dirty_allowed_by.empty())
    json.string("dirty_build_allowed_by", metadata.dirty_allowed_by);
  if (metadata.seed)
    json.unsigned_integer("seed", *metadata.seed);
  else
    json.null("seed");
}

std::string timing_build_warning(const BuildInfo& build) {
  std::string why;
  if (build.compilation_mode != "opt") why += "a '" + build.compilation_mode + "' build";
  if (build.sanitizers != "none")
    why += (why.empty() ? "" : ", ") + std::string("built with sanitizers '") + build.sanitizers + "'";
  if (build.assertions) why += (why.empty() ? "" : ", ") + std::string("with assertions");
  if (why.empty()) return "";
  return "this binary is " + why + ": its times, speedups and NPS are not those of the build "
         "users run (bazel build -c opt //:splitlab)";
}

std::string run_metadata_comments(const RunMetadata& metadata) {
  const std::pair<const char*, std::string> lines[] = {
      {"command", shell_command(metadata.command_line)},
      {"executable", metadata.executable},
      {"commit", metadata.commit},
      {"build", comment_value(build_fields(metadata.build))},
      {"machine", comment_value(machine_fields(metadata.machine))},
      {"started", metadata.started},
      {"seed", metadata.seed ? std::to_string(*metadata.seed) : "none"},
  };
  std::string text;
  for (const auto& [key, value] : lines)
    text += "# " + std::string(key) + ": " + one_line(value) + "\n";
  if (!metadata.dirty_allowed_by.empty())
    text += "# dirty_build_allowed_by: " + metadata.dirty_allowed_by + "\n";
  return text;
}

}  // namespace splitlab::bench
