// A scratch folder for a fuzz target whose code under test reads and writes files: made once
// per process (in /dev/shm where there is one, so that the fsyncs of the code under test cost
// nothing), removed with everything in it at exit.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace splitlab::fuzz {

namespace scratch_detail {
// Never destroyed: the exit handler reads it after static objects are gone.
inline std::string* path = nullptr;
inline void remove() {
  std::error_code ignored;
  if (path) std::filesystem::remove_all(*path, ignored);
}
}  // namespace scratch_detail

// The folder's path; `name` goes into it ("/dev/shm/splitlab-NAME.XXXXXX").
inline const std::string& scratch_dir(const char* name) {
  if (!scratch_detail::path) {
    scratch_detail::path =
        new std::string(std::string(access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") +
                        "/splitlab-" + name + ".XXXXXX");
    if (!mkdtemp(scratch_detail::path->data())) __builtin_trap();
    std::atexit(scratch_detail::remove);
  }
  return *scratch_detail::path;
}

}  // namespace splitlab::fuzz
