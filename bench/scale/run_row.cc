#include "bench/scale/run_row.h"

#include <sstream>
#include <vector>

namespace splitlab::bench::scaling {

std::string Run::key() const {
  return engine + "|" + strategy + "|" + std::to_string(threads) + "|" + std::to_string(repeat) +
         "|" + position + "|" + std::to_string(limit_depth);
}

std::string csv_text(std::string text) {
  for (char& c : text)
    if (c == ',' || c == '"' || c == '\n' || c == '\r') c = ' ';
  return text;
}

std::string to_csv(const Run& r) {
  std::ostringstream out;
  out.precision(9);
  out << r.engine << ',' << r.strategy << ',' << r.threads << ',' << r.repeat << ','
      << r.position << ',' << r.depth << ',' << r.seconds << ',' << r.nodes << ','
      << r.idle_seconds << ',' << r.lock_seconds << ',' << r.thread_seconds << ',' << r.splits
      << ',' << r.aborts << ',' << r.wasted << ',' << r.help_requests << ',' << r.aborted_nodes
      << ',' << r.split_seconds << ',' << r.bestmove << ',' << r.failed_splits << ','
      << r.limit_depth << ',' << csv_text(r.host) << ',' << csv_text(r.cpu_model);
  return out.str();
}

bool from_csv(const std::string& line, Run& r) {
  std::vector<std::string> f;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ',')) f.push_back(field);
  // 18 fields: written before failed splits were counted; 19: before the asked-for depth was
  // kept (every run then asked for the depth it reached, or the row is not resumed); 20: before
  // rows named their machine (a row with neither host nor model ends at 20 too).
  if (f.size() < 18 || f.size() > 22) return false;
  try {
    r.engine = f[0];
    r.strategy = f[1];
    r.threads = std::stoi(f[2]);
    r.repeat = std::stoi(f[3]);
    r.position = f[4];
    r.depth = std::stoi(f[5]);
    r.seconds = std::stod(f[6]);
    r.nodes = std::stoull(f[7]);
    r.idle_seconds = std::stod(f[8]);
    r.lock_seconds = std::stod(f[9]);
    r.thread_seconds = std::stod(f[10]);
    r.splits = std::stoull(f[11]);
    r.aborts = std::stoull(f[12]);
    r.wasted = std::stoull(f[13]);
    r.help_requests = std::stoull(f[14]);
    r.aborted_nodes = std::stoull(f[15]);
    r.split_seconds = std::stod(f[16]);
    r.bestmove = f[17];
    r.failed_splits = f.size() > 18 ? std::stoull(f[18]) : 0;
    r.limit_depth = f.size() > 19 ? std::stoi(f[19]) : r.depth;
    r.host = f.size() > 20 ? f[20] : "";
    r.cpu_model = f.size() > 21 ? f[21] : "";
  } catch (...) {
    return false;
  }
  return true;
}

ResumableCsv::Form runs_file_form() {
  ResumableCsv::Form form;
  form.header = kRunsHeader;
  form.header_prefix = "engine,strategy,";
  form.upgrade = [](std::string& line) {
    Run r;
    if (!from_csv(line, r)) return false;
    line = to_csv(r);
    return true;
  };
  return form;
}

}  // namespace splitlab::bench::scaling
