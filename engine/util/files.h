// Writing result files so that a long run never loses what it has: a file is replaced whole,
// written beside it and then renamed over it.
#pragma once

#include <string>

namespace splitlab::util {

// Writes `text` to `path` through `path`.tmp and a rename: a run interrupted at any moment
// leaves either the old file or the new one, never half of one. On failure `error` names the
// file and why.
bool write_file_atomically(const std::string& path, const std::string& text, std::string& error);

}  // namespace splitlab::util
