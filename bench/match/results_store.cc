#include "bench/match/results_store.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "bench/match/tab_fields.h"
#include "engine/util/files.h"

namespace splitlab::bench::match {

namespace {

constexpr const char* kStateFile = "state.tsv";
constexpr const char* kStateHeader = "splitlab-match-state 1";

// The whole of `text` as a decimal integer of T's range.
template <typename T>
bool parse_whole(const std::string& text, T& value) {
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && stop == end;
}

bool flush_to_disk(std::FILE* file) { return std::fflush(file) == 0 && fsync(fileno(file)) == 0; }

// The size of the regular file at `path` (through links), else 0: no file yet, or a device
// such as /dev/full, whose size std::filesystem reports as an error (read unchecked, that was
// -1, written as the PGN offset and refused on resume).
int64_t regular_file_size(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return 0;
  const uintmax_t size = std::filesystem::file_size(path, ec);
  return ec ? 0 : int64_t(size);
}

// "cannot write 'PATH': No space left on device": the system's reason for the last failure.
std::string write_failure(const std::string& what, const std::string& path, int error_number) {
  return "cannot " + what + " '" + path + "': " + std::strerror(error_number);
}

// The state file's complete lines: a line cut short by an interruption is dropped, and cut
// from the file too, so that appending starts on a line of its own.
std::string read_complete_lines(std::ifstream& in, const std::string& path) {
  std::ostringstream contents;
  contents << in.rdbuf();
  std::string text = contents.str();
  const size_t complete = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  text.resize(complete);
  std::error_code ec;
  std::filesystem::resize_file(path, complete, ec);
  return text;
}

// A stored signature (`fields`, without its "signature" word) against this run's: an error
// naming the first argument that differs.
bool check_signature(std::vector<std::string> fields, const std::vector<std::string>& signature,
                     const std::string& dir, std::string& error) {
  // State files written before --rounds could grow hold it in their signature.
  for (size_t i = 0; i + 1 < fields.size(); ++i)
    if (fields[i] == "--rounds") {
      fields.erase(fields.begin() + std::ptrdiff_t(i), fields.begin() + std::ptrdiff_t(i) + 2);
      break;
    }
  if (fields == signature) return true;
  size_t i = 0;
  while (i < fields.size() && i < signature.size() && fields[i] == signature[i]) ++i;
  const std::string was = i < fields.size() ? "'" + fields[i] + "'" : "nothing more";
  const std::string now = i < signature.size() ? "'" + signature[i] + "'" : "nothing more";
  error = "'" + dir + "' holds a match run with other flags (argument " + std::to_string(i + 1) +
          " was " + was + ", now " + now +
          "): rerun with the same flags to resume, or use another --out";
  return false;
}

// Reads a resumed state into the store's seed and games, and where the PGN file stood before
// the match; a state of other flags, or a damaged line, is refused.
struct StateReader {
  const std::string& path;  // The state file.
  const std::string& dir;   // Its --out folder.
  const std::vector<std::string>& signature;
  uint64_t& seed;
  std::vector<GameRecord>& games;
  int64_t pgn_offset = 0;
  std::set<int> seen = {};  // The games read: one stored twice is kept once.

  bool read(const std::string& text, std::string& error) {
    std::istringstream lines(text);
    std::string line;
    if (!std::getline(lines, line) || line != kStateHeader) {
      error = "'" + path + "' is not a match state file";
      return false;
    }
    while (std::getline(lines, line))
      if (!read_line(line, error)) return false;
    return true;
  }

  bool read_line(const std::string& line, std::string& error) {
    auto fields = split_tabs(line);
    if (fields[0] == "signature") {
      fields.erase(fields.begin());
      if (!check_signature(std::move(fields), signature, dir, error)) return false;
    } else if (fields[0] == "seed" && fields.size() == 2) {
      // A damaged number is refused (std::stoull threw, ending the program: found by
      // fuzz/match_state_fuzzer.cc).
      if (!parse_whole(fields[1], seed)) {
        error = "'" + path + "': unreadable seed line";
        return false;
      }
    } else if (fields[0] == "pgn_offset" && fields.size() == 2) {
      if (!parse_whole(fields[1], pgn_offset) || pgn_offset < 0) {
        error = "'" + path + "': unreadable pgn_offset line";
        return false;
      }
    } else if (fields[0] == "game") {
      GameRecord record;
      if (!ResultsStore::decode(line, record)) {
        error = "'" + path + "': unreadable game line";
        return false;
      }
      if (seen.insert(record.index).second) games.push_back(std::move(record));
    }
    return true;
  }
};

// Back to where the PGN file stood before the match, then every finished game once.
bool restore_pgn(const std::string& pgn_out, int64_t pgn_offset,
                 const std::vector<GameRecord>& games, std::string& error) {
  std::error_code ec;
  if (regular_file_size(pgn_out) > pgn_offset)
    std::filesystem::resize_file(pgn_out, uintmax_t(pgn_offset), ec);
  std::string all;
  for (const auto& g : games) all += g.pgn;
  return all.empty() || append_to_file(pgn_out, all, error);
}

// A new state file with its header, the signature, the seed and where the PGN file stands;
// null if it cannot be opened (errno says why).
std::FILE* create_state_file(const std::string& path, const std::vector<std::string>& signature,
                             uint64_t seed, int64_t pgn_offset) {
  std::FILE* state = std::fopen(path.c_str(), "wb");
  if (state) {
    std::vector<std::string> head{"signature"};
    head.insert(head.end(), signature.begin(), signature.end());
    std::fprintf(state, "%s\n%s\nseed\t%llu\npgn_offset\t%lld\n", kStateHeader,
                 join_tabs(head).c_str(), (unsigned long long)seed, (long long)pgn_offset);
  }
  return state;
}

}  // namespace

ResultsStore::~ResultsStore() {
  if (state_) std::fclose(state_);
}

std::string ResultsStore::encode(const GameRecord& r) {
  char wall[32], setup[32], think[32];
  std::snprintf(wall, sizeof wall, "%.3f", r.wall_ms);
  std::snprintf(setup, sizeof setup, "%.3f", r.setup_ms);
  std::snprintf(think, sizeof think, "%.3f", r.think_ms);
  return join_tabs({"game",
                    std::to_string(r.index),
                    std::to_string(r.round),
                    std::to_string(r.pairing),
                    std::to_string(r.pair),
                    std::to_string(r.opening_index),
                    r.opening_id,
                    r.opening_fen,
                    r.white,
                    r.black,
                    r.result,
                    r.reason,
                    r.termination,
                    std::to_string(r.plies),
                    std::to_string(r.time_used_ms[0]),
                    std::to_string(r.time_used_ms[1]),
                    std::to_string(r.engine_reported_ms[0]),
                    std::to_string(r.engine_reported_ms[1]),
                    wall,
                    setup,
                    think,
                    r.pgn,
                    std::to_string(r.lowest_clock_ms[0]),
                    std::to_string(r.lowest_clock_ms[1]),
                    std::to_string(r.largest_unseen_delay_ms[0]),
                    std::to_string(r.largest_unseen_delay_ms[1]),
                    std::to_string(r.forfeit_clock_ms),
                    std::to_string(r.forfeit_move_ms),
                    std::to_string(r.forfeit_engine_ms),
                    r.host,
                    r.cpus});
}

bool ResultsStore::decode(const std::string& line, GameRecord& r) {
  const auto f = split_tabs(line);
  // 22 fields before the clock figures were kept, 26 before the losing move's time was, 29
  // before the machine and cores that played the game were (a state written then resumes with
  // them unknown); 31 since.
  if ((f.size() != 22 && f.size() != 26 && f.size() != 29 && f.size() != 31) || f[0] != "game")
    return false;
  try {
    r.index = std::stoi(f[1]);
    r.round = std::stoi(f[2]);
    r.pairing = std::stoi(f[3]);
    r.pair = std::stoi(f[4]);
    r.opening_index = std::stoi(f[5]);
    r.opening_id = f[6];
    r.opening_fen = f[7];
    r.white = f[8];
    r.black = f[9];
    r.result = f[10];
    r.reason = f[11];
    r.termination = f[12];
    r.plies = std::stoi(f[13]);
    r.time_used_ms[0] = std::stoll(f[14]);
    r.time_used_ms[1] = std::stoll(f[15]);
    r.engine_reported_ms[0] = std::stoll(f[16]);
    r.engine_reported_ms[1] = std::stoll(f[17]);
    r.wall_ms = std::stod(f[18]);
    r.setup_ms = std::stod(f[19]);
    r.think_ms = std::stod(f[20]);
    r.pgn = f[21];
    if (f.size() >= 26) {
      r.lowest_clock_ms[0] = std::stoll(f[22]);
      r.lowest_clock_ms[1] = std::stoll(f[23]);
      r.largest_unseen_delay_ms[0] = std::stoll(f[24]);
      r.largest_unseen_delay_ms[1] = std::stoll(f[25]);
    }
    if (f.size() >= 29) {
      r.forfeit_clock_ms = std::stoll(f[26]);
      r.forfeit_move_ms = std::stoll(f[27]);
      r.forfeit_engine_ms = std::stoll(f[28]);
    }
    if (f.size() >= 31) {
      r.host = f[29];
      r.cpus = f[30];
    }
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

bool ResultsStore::open(const std::string& dir, const std::vector<std::string>& signature,
                        uint64_t seed, const std::string& pgn_out, std::string& error) {
  dir_ = dir;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    error = "cannot create --out directory '" + dir + "': " + ec.message();
    return false;
  }
  const std::string path = dir + "/" + kStateFile;
  std::ifstream in(path, std::ios::binary);
  if (in) {
    StateReader reader{path, dir, signature, seed_, games_};
    if (!reader.read(read_complete_lines(in, path), error)) return false;
    resumed_ = true;
    std::sort(games_.begin(), games_.end(),
              [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
    if (!pgn_out.empty() && !restore_pgn(pgn_out, reader.pgn_offset, games_, error)) return false;
    state_ = std::fopen(path.c_str(), "ab");
  } else {
    seed_ = seed;
    const int64_t pgn_offset = pgn_out.empty() ? 0 : regular_file_size(pgn_out);
    state_ = create_state_file(path, signature, seed_, pgn_offset);
  }
  if (!state_ || !flush_to_disk(state_)) {
    error = write_failure("write", path, errno);
    return false;
  }
  return true;
}

bool ResultsStore::append(const std::vector<GameRecord>& records, std::string& error) {
  if (!write_error_.empty()) {
    error = write_error_;
    return false;
  }
  if (!state_) {
    games_.insert(games_.end(), records.begin(), records.end());
    return true;
  }
  std::string lines;
  for (const GameRecord& record : records) lines += encode(record) + "\n";
  const long kept = std::ftell(state_);
  if (std::fwrite(lines.data(), 1, lines.size(), state_) != lines.size() ||
      !flush_to_disk(state_)) {
    const int reason = errno;
    const std::string path = dir_ + "/" + kStateFile;
    // Whatever part of the lines reached the file goes: the state ends with the last game kept
    // (a resume would drop a cut line anyway; this keeps a later append from joining it).
    std::fclose(state_);
    state_ = nullptr;
    if (kept >= 0 && truncate(path.c_str(), kept) != 0 && errno != EINVAL)
      std::fprintf(stderr, "match: warning: cannot cut '%s' back to its last game: %s\n",
                   path.c_str(), std::strerror(errno));
    write_error_ = error = write_failure("write the match state", path, reason);
    return false;
  }
  games_.insert(games_.end(), records.begin(), records.end());
  return true;
}

bool ResultsStore::write_file(const std::string& name, const std::string& text,
                              std::string& error) const {
  return util::write_file_atomically(dir_ + "/" + name, text, error);
}

bool append_to_file(const std::string& path, const std::string& text, std::string& error) {
  std::FILE* file = std::fopen(path.c_str(), "ab");
  if (!file) {
    error = write_failure("append to", path, errno);
    return false;
  }
  const bool ok = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  const int reason = errno;
  const bool closed = std::fclose(file) == 0;
  if (!ok || !closed) {
    error = write_failure("append to", path, ok ? errno : reason);
    return false;
  }
  return true;
}

}  // namespace splitlab::bench::match
