#include "engine/util/paths.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace splitlab::util {

namespace {

std::string reason(int error_number) { return std::strerror(error_number); }

// The folder a path's last part sits in ("." for a bare name).
std::string folder_of(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

bool check_input_file(const std::string& path, std::string& error) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    error = path + ": " + (errno == ENOENT ? "no such file" : reason(errno));
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    error = path + ": is a directory, not a file";
    return false;
  }
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    error = path + ": cannot read: " + reason(errno);
    return false;
  }
  close(fd);
  // A pipe or a device has no size to check; a regular file with none has nothing to read.
  if (S_ISREG(st.st_mode) && st.st_size == 0) {
    error = path + ": is empty";
    return false;
  }
  return true;
}

bool check_output_file(const std::string& path, std::string& error) {
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      error = path + ": is a directory, not a file";
      return false;
    }
    if (access(path.c_str(), W_OK) != 0) {
      error = path + ": cannot write: " + reason(errno);
      return false;
    }
    return true;
  }
  const std::string folder = folder_of(path);
  struct stat parent {};
  if (stat(folder.c_str(), &parent) != 0) {
    error = path + ": no such folder " + folder;
    return false;
  }
  if (!S_ISDIR(parent.st_mode)) {
    error = path + ": " + folder + " is not a folder";
    return false;
  }
  if (access(folder.c_str(), W_OK | X_OK) != 0) {
    error = path + ": cannot write in " + folder + ": " + reason(errno);
    return false;
  }
  return true;
}

bool check_output_dir(const std::string& path, std::string& error) {
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) {
    if (!S_ISDIR(st.st_mode)) {
      error = path + ": is a file, not a folder";
      return false;
    }
    if (access(path.c_str(), W_OK | X_OK) != 0) {
      error = path + ": cannot write in this folder: " + reason(errno);
      return false;
    }
    return true;
  }
  // Missing: it will be made, with any missing folders above it; the nearest one that exists
  // must be a writable folder.
  std::string above = path;
  while (true) {
    const std::string next = folder_of(above);
    if (next == above) break;
    above = next;
    if (stat(above.c_str(), &st) == 0) break;
  }
  if (!S_ISDIR(st.st_mode)) {
    error = path + ": cannot be made: " + above + " is not a folder";
    return false;
  }
  if (access(above.c_str(), W_OK | X_OK) != 0) {
    error = path + ": cannot be made in " + above + ": " + reason(errno);
    return false;
  }
  return true;
}

bool check_executable(const std::string& path, std::string& error) {
  std::string found = path;
  if (path.find('/') == std::string::npos) {
    // A bare name runs as the shell would find it.
    found.clear();
    const char* search = std::getenv("PATH");
    std::string dirs = search ? search : "/usr/bin:/bin";
    for (size_t start = 0; start <= dirs.size();) {
      size_t end = dirs.find(':', start);
      if (end == std::string::npos) end = dirs.size();
      const std::string candidate =
          (end > start ? dirs.substr(start, end - start) : ".") + "/" + path;
      if (access(candidate.c_str(), X_OK) == 0) {
        found = candidate;
        break;
      }
      start = end + 1;
    }
    if (found.empty()) {
      error = path + ": no such program (not a path, nor a name on PATH)";
      return false;
    }
  }
  struct stat st {};
  if (stat(found.c_str(), &st) != 0) {
    error = path + ": " + (errno == ENOENT ? "no such file" : reason(errno));
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    error = path + ": is a directory, not a program";
    return false;
  }
  if (S_ISREG(st.st_mode) && st.st_size == 0) {
    error = path + ": is empty";
    return false;
  }
  if (access(found.c_str(), X_OK) != 0 || !(st.st_mode & 0111)) {
    error = path + ": is not executable";
    return false;
  }
  // The kernel runs an ELF binary or a "#!" script; anything else fails at exec, later and
  // less clearly (an engine that "crashed" at its first game).
  char magic[4] = {};
  const int fd = open(found.c_str(), O_RDONLY | O_CLOEXEC);
  const ssize_t got = fd >= 0 ? read(fd, magic, sizeof magic) : -1;
  if (fd >= 0) close(fd);
  const bool elf = got == 4 && magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' &&
                   magic[3] == 'F';
  const bool script = got >= 2 && magic[0] == '#' && magic[1] == '!';
  if (got >= 0 && !elf && !script) {
    error = path + ": is not a program (neither an ELF binary nor a #! script)";
    return false;
  }
  return true;
}

}  // namespace

const char* path_kind_name(PathKind kind) {
  switch (kind) {
    case PathKind::kNone:
      return "";
    case PathKind::kInputFile:
      return "input-file";
    case PathKind::kOutputFile:
      return "output-file";
    case PathKind::kOutputDir:
      return "output-dir";
    case PathKind::kExecutable:
      return "executable";
  }
  return "";
}

bool check_path(const std::string& path, PathKind kind, std::string& error) {
  if (kind == PathKind::kNone) return true;
  if (path.empty()) {
    error = "an empty path";
    return false;
  }
  switch (kind) {
    case PathKind::kInputFile:
      return check_input_file(path, error);
    case PathKind::kOutputFile:
      return check_output_file(path, error);
    case PathKind::kOutputDir:
      return check_output_dir(path, error);
    case PathKind::kExecutable:
      return check_executable(path, error);
    case PathKind::kNone:
      break;
  }
  return true;
}

}  // namespace splitlab::util
