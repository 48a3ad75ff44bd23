#include "bench/sha256.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace splitlab::bench {
namespace {

// The examples of FIPS 180-2, appendix B (one block, two blocks, a million 'a').
TEST(Sha256Test, PublishedExamples) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256Test, EmptyInput) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

// Pieces of any size give the digest of the whole, across the padding's boundaries (55, 56 and
// 64 bytes in a block).
TEST(Sha256Test, PiecewiseUpdatesMatchOneUpdate) {
  std::string message;
  for (int i = 0; i < 300; ++i) message.push_back(char('a' + i * 7 % 26));
  for (size_t length : {0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 300}) {
    const std::string whole = sha256_hex(message.substr(0, length));
    for (size_t piece : {1, 3, 64, 65}) {
      Sha256 hash;
      for (size_t at = 0; at < length; at += piece)
        hash.update(std::string_view(message).substr(at, std::min(piece, length - at)));
      EXPECT_EQ(hash.hex_digest(), whole) << "length " << length << ", pieces of " << piece;
    }
  }
  // Lengths a block apart must not collide (the length is part of the padding).
  EXPECT_NE(sha256_hex(message.substr(0, 55)), sha256_hex(message.substr(0, 56)));
}

TEST(Sha256Test, FileDigestIsTheContentsDigest) {
  const std::string path = std::string(::testing::TempDir()) + "/sha256_test_file";
  const std::string contents = std::string(200000, 'x') + "abc";
  std::ofstream(path, std::ios::binary) << contents;
  std::string hex, error;
  ASSERT_TRUE(sha256_file(path, hex, error)) << error;
  EXPECT_EQ(hex, sha256_hex(contents));
  std::remove(path.c_str());
}

TEST(Sha256Test, MissingFileNamesTheFile) {
  std::string hex, error;
  EXPECT_FALSE(sha256_file("/nonexistent/engine", hex, error));
  EXPECT_NE(error.find("/nonexistent/engine"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::bench
