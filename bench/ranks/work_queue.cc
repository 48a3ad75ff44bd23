#include "bench/ranks/work_queue.h"

#include <chrono>
#include <optional>

#include "engine/util/text.h"

namespace splitlab::bench::ranks {
namespace {

// "index TAB text" -> both, or false.
bool split_indexed(const std::string& payload, size_t& index, std::string& text) {
  const size_t tab = payload.find('\t');
  int64_t value = 0;
  if (tab == std::string::npos || !util::parse_int(payload.substr(0, tab), 0, INT64_MAX, value))
    return false;
  index = size_t(value);
  text = payload.substr(tab + 1);
  return true;
}

Message wait_for_message(World& world) {
  while (true)
    if (auto message = world.wait(std::chrono::milliseconds(1000))) return *message;
}

// Tells rank 0 why this rank stops, then gives it time to say so and end the job: a rank that
// exits first would have mpirun end the job before rank 0 has printed the reason.
void report_failure(World& world, const std::string& why) {
  world.send(0, kWorkFailed, "on " + world.host() + ": " + why);
  world.wait(std::chrono::seconds(30));
}

}  // namespace

bool hand_out(World& world, const std::vector<std::string>& items,
              const std::function<bool(size_t, const std::string&, int, std::string&)>& answered,
              std::string& error) {
  size_t next = 0, answers = 0;
  int ranks_done = 0;
  std::vector<bool> is_answered(items.size(), false);
  while (ranks_done < world.size() - 1 || answers < items.size()) {
    const Message message = wait_for_message(world);
    const std::string rank_name = "rank " + std::to_string(message.from);
    if (message.tag == kWantWork) {
      if (next < items.size()) {
        world.send(message.from, kWork, std::to_string(next) + "\t" + items[next]);
        ++next;
      } else {
        world.send(message.from, kNoMoreWork, "");
        ++ranks_done;
      }
    } else if (message.tag == kAnswer) {
      size_t index = 0;
      std::string answer;
      if (!split_indexed(message.payload, index, answer) || index >= next || is_answered[index]) {
        error = rank_name + " sent an answer to no item it was given";
        return false;
      }
      is_answered[index] = true;
      ++answers;
      if (!answered(index, answer, message.from, error)) return false;
    } else if (message.tag == kWorkFailed) {
      error = rank_name + " " + message.payload;
      return false;
    } else {
      error = rank_name + " sent a message of tag " + std::to_string(message.tag) +
              ", which no experiment sends";
      return false;
    }
  }
  return true;
}

bool take_work(World& world,
               const std::function<bool(const std::string&, std::string&, std::string&)>& work,
               std::string& error) {
  while (true) {
    world.send(0, kWantWork, "");
    const Message message = wait_for_message(world);
    if (message.tag == kNoMoreWork) return true;
    size_t index = 0;
    std::string item, answer;
    if (message.tag != kWork || !split_indexed(message.payload, index, item)) {
      error = "rank 0 sent a message of tag " + std::to_string(message.tag) + " for work";
      report_failure(world, error);
      return false;
    }
    if (!work(item, answer, error)) {
      report_failure(world, error);
      return false;
    }
    world.send(0, kAnswer, std::to_string(index) + "\t" + answer);
  }
}

void refuse_work(World& world, const std::string& why) { report_failure(world, why); }

}  // namespace splitlab::bench::ranks
