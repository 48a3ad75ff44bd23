#include "engine/protocol/go_command.h"

#include <algorithm>
#include <cstdint>
#include <set>
#include <sstream>

#include "engine/util/text.h"

namespace splitlab::protocol {

namespace {

constexpr int64_t kMaxMs = int64_t(1) << 40;

// The words that end a searchmoves list (UCI's parameters).
bool is_keyword(const std::string& word) {
  static const std::set<std::string> kKeywords = {"wtime",     "btime",  "winc",        "binc",
                                                  "movestogo", "depth",  "nodes",       "movetime",
                                                  "infinite",  "ponder", "searchmoves", "mate"};
  return kKeywords.count(word) != 0;
}

// Reads the words of one "go" line, one parameter at a time; the first bad one ends it.
class GoReader {
 public:
  GoReader(std::string_view args, Dialect dialect, int us, GoCommand& out, std::string& error)
      : in_{std::string(args)}, ucci_(dialect == Dialect::kUcci), us_(us), out_(out),
        error_(error) {}

  bool read() {
    std::string word;
    while (in_ >> word) {
      if (ucci_) {
        const Outcome o = read_ucci(word);
        if (o == Outcome::kBad) return false;
        if (o == Outcome::kRead) continue;
      }
      if (!read_common(word)) return false;
    }
    return true;
  }

 private:
  // The next word as an integer in [min, max] for `key`; false with the error set.
  bool number(const std::string& key, int64_t min, int64_t max, int64_t& out) {
    std::string text;
    if (!(in_ >> text) || !util::parse_int(text, min, max, out)) {
      error_ = "go: '" + key + "' needs an integer from " + std::to_string(min) + " to " +
               std::to_string(max) + (text.empty() ? "" : ", not '" + text + "'");
      return false;
    }
    return true;
  }
  bool fail(const std::string& message) {
    error_ = message;
    return false;
  }

  enum class Outcome { kNotMine, kRead, kBad };
  // UCCI's own words ("depth" too: UCCI's may be "infinite"); kNotMine for the shared ones.
  Outcome read_ucci(const std::string& word) {
    search::SearchLimits& limits = out_.limits;
    int64_t v = 0;
    if (word == "time" || word == "opptime") {
      // The clocks of the side to move and of its opponent, in milliseconds.
      if (!number(word, -kMaxMs, kMaxMs, v)) return Outcome::kBad;
      limits.time_left_ms[word == "time" ? us_ : 1 - us_] = std::max<int64_t>(v, 0);
    } else if (word == "increment" || word == "oppincrement") {
      if (!number(word, 0, kMaxMs, v)) return Outcome::kBad;
      limits.increment_ms[word == "increment" ? us_ : 1 - us_] = v;
    } else if (word == "oppmovestogo") {
      if (!number(word, 0, 10000, v)) return Outcome::kBad;  // Not needed: read, dropped.
    } else if (word == "draw") {
      // The opponent offers a draw; Splitlab plays on (it never answers "draw").
    } else if (word == "depth") {
      std::string text;
      in_ >> text;
      if (text == "infinite") {  // "depth infinite": until "stop".
        limits.infinite = true;
      } else if (util::parse_int(text, 1, kMaxPly - 1, v)) {
        limits.depth = int(v);
      } else {
        error_ = "go: 'depth' needs an integer from 1 to " + std::to_string(kMaxPly - 1) +
                 " or 'infinite'" + (text.empty() ? "" : ", not '" + text + "'");
        return Outcome::kBad;
      }
    } else {
      return Outcome::kNotMine;
    }
    return Outcome::kRead;
  }

  // The words both dialects share, and UCI's clocks.
  bool read_common(const std::string& word) {
    search::SearchLimits& limits = out_.limits;
    int64_t v = 0;
    if (!ucci_ && (word == "wtime" || word == "btime")) {
      if (!number(word, -kMaxMs, kMaxMs, v)) return false;
      limits.time_left_ms[word == "wtime" ? 0 : 1] = std::max<int64_t>(v, 0);
    } else if (!ucci_ && (word == "winc" || word == "binc")) {
      if (!number(word, 0, kMaxMs, v)) return false;
      limits.increment_ms[word == "winc" ? 0 : 1] = v;
    } else if (word == "movestogo") {
      if (!number(word, 0, 10000, v)) return false;
      limits.movestogo = int(v);
    } else if (word == "depth") {
      if (!number(word, 1, kMaxPly - 1, v)) return false;
      limits.depth = int(v);
    } else if (word == "nodes") {
      if (!number(word, 1, int64_t(1) << 62, v)) return false;
      limits.nodes = uint64_t(v);
    } else if (word == "movetime") {
      if (!number(word, 1, kMaxMs, v)) return false;
      limits.movetime_ms = v;
    } else if (word == "mate") {
      if (!number(word, 1, 500, v)) return false;
      limits.mate = int(v);
    } else if (word == "infinite") {
      limits.infinite = true;
    } else if (word == "ponder") {
      out_.ponder = true;
    } else if (word == "searchmoves") {
      read_searchmoves();
    } else {
      return fail("go: unknown parameter '" + word + "'");
    }
    return true;
  }
  // The moves up to the next parameter (or the end).
  void read_searchmoves() {
    std::string word;
    while (in_.peek() != EOF) {
      const auto mark = in_.tellg();
      if (!(in_ >> word)) break;
      if (is_keyword(word)) {
        in_.seekg(mark);
        break;
      }
      out_.searchmoves.push_back(word);
    }
  }

  std::istringstream in_;
  const bool ucci_;
  const int us_;
  GoCommand& out_;
  std::string& error_;
};

}  // namespace

bool parse_go(std::string_view args, Dialect dialect, int side_to_move, GoCommand& out,
              std::string& error) {
  out = GoCommand();
  error.clear();
  GoReader reader(args, dialect, side_to_move, out, error);
  return reader.read();
}

}  // namespace splitlab::protocol
