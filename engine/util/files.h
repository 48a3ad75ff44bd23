// Writing result files so that a long run never loses what it has: a file is replaced whole,
// written beside it and then renamed over it.
#pragma once

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

}  // namespace splitlab::util
