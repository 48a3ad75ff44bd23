#include "engine/util/files.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace splitlab::util {

bool write_file_atomically(const std::string& path, const std::string& text, std::string& error) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) {
      error = "cannot write '" + temporary + "': " + std::strerror(errno);
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    error = "cannot rename '" + temporary + "' to '" + path + "': " + ec.message();
    return false;
  }
  return true;
}

}  // namespace splitlab::util
