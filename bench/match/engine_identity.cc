#include "bench/match/engine_identity.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>

#include "bench/sha256.h"

namespace splitlab::bench::match {

namespace {

bool is_executable_file(const std::string& path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
         ::access(path.c_str(), X_OK) == 0;
}

std::string absolute(const std::string& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (!resolved) return path;
  std::string result(resolved);
  std::free(resolved);
  return result;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc;
  ::gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, '\t');) fields.push_back(field);
  return fields;
}

// Tabs and line breaks would break the ledger's lines: an engine's id name may hold anything.
std::string one_field(std::string text) {
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
  return text;
}

}  // namespace

std::string resolve_executable(const std::string& command, const std::string& working_dir) {
  if (command.empty()) return "";
  if (command.find('/') != std::string::npos) {
    const std::string path =
        command[0] != '/' && !working_dir.empty() ? working_dir + "/" + command : command;
    return is_executable_file(path) ? absolute(path) : "";
  }
  const char* search_path = std::getenv("PATH");
  std::istringstream dirs(search_path ? search_path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string path = (dir.empty() ? "." : dir) + "/" + command;
    if (is_executable_file(path)) return absolute(path);
  }
  return "";
}

bool identify_binary(const std::string& command, const std::string& working_dir,
                     EngineIdentity& identity, std::string& error) {
  identity.binary = resolve_executable(command, working_dir);
  identity.binary_sha256.clear();
  if (identity.binary.empty()) {
    error = "cannot find the executable '" + command + "'";
    return false;
  }
  return sha256_file(identity.binary, identity.binary_sha256, error);
}

bool update_engine_ledger(const std::string& dir, std::vector<EngineIdentity>& identities,
                          std::string& error) {
  const std::string path = dir + "/engines.tsv";
  std::map<std::string, std::vector<std::string>> recorded;  // name -> digests, oldest first
  if (std::ifstream in(path); in) {
    for (std::string line; std::getline(in, line);) {
      const auto fields = split_tabs(line);
      if (fields.size() >= 3 && fields[0] == "engine") recorded[fields[1]].push_back(fields[2]);
    }
  }
  std::string appended;
  for (auto& identity : identities) {
    const auto& digests = recorded[identity.name];
    identity.earlier_sha256.clear();
    for (const auto& digest : digests)
      if (digest != identity.binary_sha256 &&
          std::find(identity.earlier_sha256.begin(), identity.earlier_sha256.end(), digest) ==
              identity.earlier_sha256.end())
        identity.earlier_sha256.push_back(digest);
    if (digests.empty() || digests.back() != identity.binary_sha256)
      appended += "engine\t" + one_field(identity.name) + "\t" + identity.binary_sha256 + "\t" +
                  one_field(identity.id_name) + "\t" + utc_now() + "\n";
  }
  if (appended.empty()) return true;
  std::FILE* file = std::fopen(path.c_str(), "a");
  if (!file) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  const bool ok = std::fputs(appended.c_str(), file) >= 0 && std::fflush(file) == 0;
  std::fclose(file);
  if (!ok) error = "cannot write '" + path + "'";
  return ok;
}

}  // namespace splitlab::bench::match
