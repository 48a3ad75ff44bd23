// A results CSV that a long run appends to row by row and a rerun resumes from (scale's runs.csv
// and calibration.csv, overhead's, simulate's): the rows already measured are read back, so
// that nothing is measured twice and nothing measured is lost.
//
// The file's form: a new file starts with the run's metadata as "# key: value" lines (and the
// caller's preamble comments), then the header, then rows. A resumed file gets the resuming
// run's metadata comments just above the first row it adds, so that every row sits under the
// metadata of the run that measured it.
#pragma once

#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "bench/run_metadata.h"

namespace splitlab::bench {

class ResumableCsv {
 public:
  // Rewrites a row of an older build's file in today's form (false: a line it does not read).
  using RowUpgrade = std::function<bool(std::string& line)>;

  struct Form {
    std::string header;
    // A file whose header starts with this but is not `header` (an older build's) is rewritten
    // under today's header with each row through `upgrade` (util::upgrade_csv_file). Empty
    // prefix: no upgrade.
    std::string header_prefix;
    RowUpgrade upgrade;
    // Comment lines ("# ...\n") a new file carries after the metadata: what every row shares.
    std::string preamble;
    // Comment lines each run writes after its metadata (in a new file, and above the first row
    // a resumed run adds): what this run's rows share, such as the reference engines' binaries.
    std::string run_comments;
  };

  // Opens `path` for appending: cuts a row torn by an interrupted run, upgrades an older form,
  // reads the rows already there (every line that is neither a comment nor a header), and
  // starts a new (missing or empty) file with the metadata, the preamble and the header.
  // False with `error` naming the file and why.
  bool open(const std::string& path, const Form& form, const RunMetadata& metadata,
            std::string& error);

  // The rows read when the file was opened, in file order.
  const std::vector<std::string>& rows() const { return rows_; }
  // Whether the file was new (no line before this run).
  bool fresh() const { return fresh_; }

  // Appends one row (without its newline) and flushes it, after this run's metadata comments
  // if the file was resumed and this is the first row this run adds. False if it could not be
  // written.
  bool append(const std::string& row);

  const std::string& path() const { return path_; }

 private:
  std::string path_, header_, metadata_comments_;
  std::ofstream out_;
  std::vector<std::string> rows_;
  bool fresh_ = true;
  bool metadata_written_ = false;
};

// The rows of `csv` that `parse` reads (bool parse(const std::string&, Row&)), by Row::key();
// a later row with the same key replaces an earlier one.
template <typename Row, typename Parse>
std::map<std::string, Row> rows_by_key(const ResumableCsv& csv, Parse parse) {
  std::map<std::string, Row> rows;
  for (const std::string& line : csv.rows()) {
    Row row;
    if (parse(line, row)) rows[row.key()] = row;
  }
  return rows;
}

}  // namespace splitlab::bench
