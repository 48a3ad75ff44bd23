#include "bench/match/machine_info.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <thread>

namespace splitlab::bench::match {

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
    if (colon != std::string::npos)
      info.cpu_model = line.substr(line.find_first_not_of(" \t", colon + 1));
    break;
  }
  if (info.cpu_model.empty()) info.cpu_model = "unknown";
  return info;
}

std::string current_commit() {
  std::FILE* pipe = popen("git rev-parse HEAD 2>/dev/null", "r");
  if (!pipe) return "unknown";
  char buffer[128] = {};
  const bool read = std::fgets(buffer, sizeof buffer, pipe) != nullptr;
  const int status = pclose(pipe);
  std::string commit = read ? buffer : "";
  while (!commit.empty() && (commit.back() == '\n' || commit.back() == '\r')) commit.pop_back();
  if (status != 0 || commit.size() != 40) return "unknown";
  return commit;
}

}  // namespace splitlab::bench::match
