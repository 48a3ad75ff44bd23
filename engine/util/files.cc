#include "engine/util/files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace splitlab::util {

bool write_file_atomically(const std::string& path, const std::string& text, std::string& error) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) {
      // The file's own name: the temporary is an implementation detail, and it goes.
      error = "cannot write '" + path + "': " + std::strerror(errno);
      out.close();
      std::remove(temporary.c_str());
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

bool cut_partial_last_line(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return true;  // Nothing yet.
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (text.empty() || text.back() == '\n') return true;
  const size_t whole = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  std::error_code ec;
  std::filesystem::resize_file(path, whole, ec);
  if (ec) {
    error = "cannot cut the unfinished last line of '" + path + "': " + ec.message();
    return false;
  }
  return true;
}

bool upgrade_csv_file(const std::string& path, const std::string& header_prefix,
                      const std::string& header,
                      const std::function<bool(std::string& line)>& upgrade_row,
                      std::string& error) {
  std::ifstream in(path);
  if (!in) return true;  // Nothing yet.
  std::string text;
  bool older = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(header_prefix, 0) == 0 && line != header) {
      older = true;
      line = header;
    } else if (!line.empty() && line[0] != '#') {
      upgrade_row(line);
    }
    text += line + '\n';
  }
  if (!older) return true;
  return write_file_atomically(path, text, error);
}

}  // namespace splitlab::util
