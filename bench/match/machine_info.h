// Where a match ran: for results.json, so that results from different machines are not mixed.
#pragma once

#include <string>

namespace splitlab::bench::match {

struct MachineInfo {
  std::string hostname, cpu_model;
  unsigned cores = 0;
};

MachineInfo machine_info();
// `git rev-parse HEAD` in the current directory, or "unknown".
std::string current_commit();

}  // namespace splitlab::bench::match
