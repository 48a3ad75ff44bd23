// What a flag or option that names a file or folder expects there, and the check made of it
// before any work: a directory where a file is wanted, a missing or empty or unreadable input, an
// output nobody may write, each refused with one line that names the path and the reason, so
// that a bad path never crashes a command, never passes for an empty input, and never starts a
// run on its defaults. What is inside a file (garbage) is its reader's to refuse, naming it too.
#pragma once

#include <string>

namespace splitlab::util {

enum class PathKind {
  kNone,        // Not a path.
  kInputFile,   // Read: must be a readable file, not empty.
  kOutputFile,  // Written whole: not a directory; its folder must exist and be writable.
  kOutputDir,   // Results written into it (created when missing): not a file, writable.
  kExecutable,  // A program to run (a match's engine): a path, or a name found on PATH.
};

// "input-file", "output-file", "output-dir", "executable" (and "" for kNone): the names
// `splitlab help --declarations` prints.
const char* path_kind_name(PathKind kind);

// True when `path` can serve as `kind`; otherwise false with `error` set to "PATH: reason".
bool check_path(const std::string& path, PathKind kind, std::string& error);

}  // namespace splitlab::util
