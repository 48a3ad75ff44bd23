#include "bench/scale/rank_work.h"

#include "bench/run_metadata.h"
#include "bench/scale/configs.h"
#include "bench/scale/runners.h"
#include "engine/util/text.h"

namespace splitlab::bench::scaling {

namespace {

std::vector<std::string> split_on(const std::string& text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

}  // namespace

std::string encode_item(int repeat, size_t position, const ConfigDepths& todo) {
  std::string item = std::to_string(repeat) + "\t" + std::to_string(position) + "\t";
  for (size_t k = 0; k < todo.size(); ++k)
    item += (k ? "," : "") + std::to_string(todo[k].first) + ":" + std::to_string(todo[k].second);
  return item;
}

bool decode_item(const std::string& item, size_t configs, size_t positions, int& repeat,
                 size_t& position, ConfigDepths& todo) {
  const auto fields = split_on(item, '\t');
  int64_t r = 0, p = 0;
  if (fields.size() != 3 || !util::parse_int(fields[0], 0, 1000000, r) ||
      !util::parse_int(fields[1], 0, int64_t(positions) - 1, p))
    return false;
  repeat = int(r);
  position = size_t(p);
  todo.clear();
  for (const auto& pair : util::split_list(fields[2])) {
    const size_t colon = pair.find(':');
    int64_t c = 0, depth = 0;
    if (colon == std::string::npos ||
        !util::parse_int(pair.substr(0, colon), 0, int64_t(configs) - 1, c) ||
        !util::parse_int(pair.substr(colon + 1), 1, 200, depth))
      return false;
    todo.emplace_back(size_t(c), int(depth));
  }
  return !todo.empty();
}

bool decode_rows(const std::string& answer, std::vector<Run>& rows, std::string& bad_line) {
  rows.clear();
  for (const auto& line : split_on(answer, '\n')) {
    if (line.empty()) continue;
    Run run;
    if (!from_csv(line, run)) {
      bad_line = line;
      return false;
    }
    rows.push_back(run);
  }
  return true;
}

int run_scale_rank(const ScaleConfig& scale, ranks::World& world, std::string& error) {
  std::vector<Config> configs = make_configs(scale);
  Runners runners;
  if (!runners.start(configs, scale, error)) {
    ranks::refuse_work(world, error);
    return 2;
  }
  const MachineInfo machine = machine_info();
  const bool done = ranks::take_work(
      world,
      [&](const std::string& item, std::string& answer, std::string& why) {
        int repeat = 0;
        size_t position = 0;
        ConfigDepths todo;
        if (!decode_item(item, configs.size(), scale.positions.size(), repeat, position, todo)) {
          why = "a work item it cannot read ('" + item + "'): are all ranks the same build?";
          return false;
        }
        answer.clear();
        for (const auto& [c, depth] : todo) {
          if (!runners.not_started[c].empty()) {
            why = "cannot search with " + configs[c].label() + ": " + runners.not_started[c];
            return false;
          }
          Config config = configs[c];
          config.depth = depth;
          answer += to_csv(runners.search(config, c, scale.positions[position], repeat, machine));
          answer += '\n';
        }
        return true;
      },
      error);
  return done ? 0 : 2;
}

}  // namespace splitlab::bench::scaling
