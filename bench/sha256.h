// SHA-256 (FIPS 180-4), so that a results file can name the exact engine binary that played:
// the same digest `sha256sum` prints. Written from the standard, not for security.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace splitlab::bench {

class Sha256 {
 public:
  Sha256();
  void update(std::string_view data);
  // The digest as 64 lowercase hex digits. The object is spent afterwards.
  std::string hex_digest();

 private:
  void compress(const uint8_t* block);

  std::array<uint32_t, 8> state_;
  std::array<uint8_t, 64> block_{};
  size_t block_used_ = 0;
  uint64_t total_bytes_ = 0;
};

std::string sha256_hex(std::string_view data);

// The digest of a file's contents; false with `error` naming the file if it cannot be read.
bool sha256_file(const std::string& path, std::string& hex, std::string& error);

}  // namespace splitlab::bench
