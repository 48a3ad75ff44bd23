// Writing result files so that a long run never loses what it has: a file is replaced whole,
// written beside it and then renamed over it.
#pragma once

#include <functional>
#include <string>

namespace splitlab::util {

// Writes `text` to `path` through `path`.tmp and a rename: a run interrupted at any moment
// leaves either the old file or the new one, never half of one. On failure `error` names the
// file and why.
bool write_file_atomically(const std::string& path, const std::string& text, std::string& error);

// For a file that a run appends rows to and a rerun resumes from (runs.csv): a run killed
// while writing a row leaves a partial last line, with no newline at its end. This cuts the
// file back to its last whole line, to be called before its rows are read: otherwise the
// rerun's first row is appended to the cut line, the joined line reads back as neither, and
// every later rerun searches that row again (found by fuzz/resume_fuzzer.cc). A missing file
// is left missing; false with `error` (naming the file and why) if the file cannot be cut.
bool cut_partial_last_line(const std::string& path, std::string& error);

// A results file begun by an older build, whose header line (the one that starts with
// `header_prefix`) is not `header`, is rewritten under `header` with each other line passed
// through `upgrade_row` (which rewrites a data row in today's form and returns false for a line
// it does not read, kept as it is), so that the rows a resume appends have as many fields as
// every row above them. Comment lines ('#') stay as they are; a missing or current file is left
// alone. False with `error` if the file cannot be rewritten.
bool upgrade_csv_file(const std::string& path, const std::string& header_prefix,
                      const std::string& header,
                      const std::function<bool(std::string& line)>& upgrade_row,
                      std::string& error);

}  // namespace splitlab::util
