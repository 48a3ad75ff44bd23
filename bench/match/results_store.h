// The match's memory on disk, in --out DIR:
//   state.tsv     the resume state: the settings that decide the games (refused if a rerun gives
//                 others), the seed, where the PGN file stood before the match, and one line per
//                 finished game (its row and its PGN), appended as each game finishes.
//   results.json  everything readable (results_json.h), rewritten after every game through a
//                 temporary file and a rename, so a reader never sees half a file.
// A rerun with the same DIR keeps every finished game and plays only the missing ones; the PGN
// file is cut back to where it stood and rewritten from the state, so no game appears twice.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "bench/match/game_record.h"

namespace splitlab::bench::match {

class ResultsStore {
 public:
  ResultsStore() = default;
  ~ResultsStore();
  ResultsStore(const ResultsStore&) = delete;
  ResultsStore& operator=(const ResultsStore&) = delete;

  // Opens DIR (created if missing). A state already there must carry `signature`, else this
  // fails with an error saying which setting differs; its games and seed are then loaded.
  // `seed` is the seed to record for a new state (ignored when resuming). `pgn_out` (may be
  // empty) is restored to hold exactly the stored games.
  bool open(const std::string& dir, const std::vector<std::string>& signature, uint64_t seed,
            const std::string& pgn_out, std::string& error);
  bool resumed() const { return resumed_; }
  uint64_t seed() const { return seed_; }
  const std::vector<GameRecord>& games() const { return games_; }

  // Records finished games in the state (flushed to disk, once for all, before returning). A
  // write that fails (a full disk, a file size limit) is cut back from the file, so that the
  // state ends with the last game kept before these, and every later append is refused with
  // the same error: the failed games and those after them are played again when the match
  // resumes.
  bool append(const std::vector<GameRecord>& records, std::string& error);
  // Writes `text` to DIR/name through a temporary file and a rename.
  bool write_file(const std::string& name, const std::string& text, std::string& error) const;

  // Field (de)serialization of one game line, for tests.
  static std::string encode(const GameRecord& record);
  static bool decode(const std::string& line, GameRecord& record);

 private:
  std::string dir_;
  std::FILE* state_ = nullptr;
  std::string write_error_;  // Set by the first failed append: the state takes no more games.
  bool resumed_ = false;
  uint64_t seed_ = 0;
  std::vector<GameRecord> games_;
};

// Appends `text` to the PGN file at `path` and flushes it; an error names the file and the
// system's reason.
bool append_to_file(const std::string& path, const std::string& text, std::string& error);

}  // namespace splitlab::bench::match
