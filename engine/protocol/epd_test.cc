// EPD: standard test-suite lines (bm, id with quotes), the perft-suite form with move counters,
// malformed lines, and reading files.
#include "engine/protocol/epd.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace splitlab::protocol {
namespace {

using Operands = std::vector<std::string>;

TEST(EpdLineTest, ParsesAStandardSuiteLine) {
  EpdRecord record;
  std::string error;
  ASSERT_TRUE(parse_epd_line(
      "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - bm Nf3; id \"WAC.001\";",
      record, error))
      << error;
  EXPECT_EQ(record.fen, "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq -");
  ASSERT_EQ(record.operations.size(), 2u);
  EXPECT_EQ(record.operations[0].opcode, "bm");
  EXPECT_EQ(record.operations[0].operands, Operands{"Nf3"});
  EXPECT_EQ(record.operations[1].opcode, "id");
  EXPECT_EQ(record.operations[1].operands, Operands{"WAC.001"});  // Without the quotes.
  ASSERT_NE(record.find("bm"), nullptr);
  EXPECT_EQ(record.find("bm")->operands, Operands{"Nf3"});
  EXPECT_EQ(record.find("am"), nullptr);
}

TEST(EpdLineTest, KeepsQuotedOperandsWholeEvenWithSpacesAndSemicolons) {
  EpdRecord record;
  std::string error;
  ASSERT_TRUE(parse_epd_line(
      "4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+ Kf2; c0 \"mate; in two\"; id \"test 2\";", record, error))
      << error;
  ASSERT_EQ(record.operations.size(), 3u);
  EXPECT_EQ(record.operations[0].operands, (Operands{"Rh8+", "Kf2"}));
  EXPECT_EQ(record.operations[1].opcode, "c0");
  EXPECT_EQ(record.operations[1].operands, Operands{"mate; in two"});
  EXPECT_EQ(record.operations[2].operands, Operands{"test 2"});
}

TEST(EpdLineTest, ParsesThePerftSuiteFormWithMoveCounters) {
  EpdRecord record;
  std::string error;
  ASSERT_TRUE(parse_epd_line(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902", record,
      error))
      << error;
  EXPECT_EQ(record.fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_EQ(record.operations.size(), 3u);
  EXPECT_EQ(record.operations[0].opcode, "D1");
  EXPECT_EQ(record.operations[0].operands, Operands{"20"});
  EXPECT_EQ(record.operations[2].opcode, "D3");
  EXPECT_EQ(record.operations[2].operands, Operands{"8902"});
}

TEST(EpdLineTest, FourFieldsWithoutOperationsAreAPosition) {
  EpdRecord record;
  std::string error;
  ASSERT_TRUE(parse_epd_line("4k3/8/8/8/8/8/8/4K3 b - -", record, error)) << error;
  EXPECT_EQ(record.fen, "4k3/8/8/8/8/8/8/4K3 b - -");
  EXPECT_TRUE(record.operations.empty());
}

TEST(EpdLineTest, ANumericOperandAfterTheFieldsIsNotTakenForCounters) {
  // "hmvc 3" is an operation; only two bare integers right after the fields are counters.
  EpdRecord record;
  std::string error;
  ASSERT_TRUE(parse_epd_line("4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; fmvn 40;", record, error)) << error;
  EXPECT_EQ(record.fen, "4k3/8/8/8/8/8/8/4K3 w - -");
  ASSERT_EQ(record.operations.size(), 2u);
  EXPECT_EQ(record.operations[0].opcode, "hmvc");
  EXPECT_EQ(record.operations[1].operands, Operands{"40"});
}

TEST(EpdLineTest, RejectsALineWithFewerThanFourFields) {
  for (const char* line : {"", "4k3/8/8/8/8/8/8/4K3 w -", "4k3/8/8/8/8/8/8/4K3 w - ;D1 5"}) {
    EpdRecord record;
    std::string error;
    EXPECT_FALSE(parse_epd_line(line, record, error)) << line;
    EXPECT_NE(error.find("four FEN fields"), std::string::npos) << line << ": " << error;
  }
}

TEST(EpdLineTest, AGameWithTwoPositionFieldsReadsItsOwnLines) {
  // Tic-tac-toe's position is "board side": its operations start at the third word.
  EpdRecord record;
  std::string error;
  ASSERT_TRUE(parse_epd_line("x2/1o1/3 x id \"corner\"; c0 \"win\";", record, error, 2)) << error;
  EXPECT_EQ(record.fen, "x2/1o1/3 x");
  ASSERT_EQ(record.operations.size(), 2u);
  EXPECT_EQ(record.operations[0].opcode, "id");
  EXPECT_EQ(record.operations[0].operands, Operands{"corner"});
  // Read with chess's four fields, the same line's "id" and its operand become FEN fields.
  ASSERT_TRUE(parse_epd_line("x2/1o1/3 x id \"corner\";", record, error)) << error;
  EXPECT_EQ(record.fen, "x2/1o1/3 x id \"corner\"");
  EXPECT_FALSE(parse_epd_line("x2/1o1/3", record, error, 2));
  EXPECT_NE(error.find("position's 2 fields"), std::string::npos) << error;
}

TEST(EpdLineTest, RejectsAnUnterminatedQuote) {
  for (const char* line : {"4k3/8/8/8/8/8/8/4K3 w - - id \"WAC.001;",
                           "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"WAC.001"}) {
    EpdRecord record;
    std::string error;
    EXPECT_FALSE(parse_epd_line(line, record, error)) << line;
    EXPECT_NE(error.find("unterminated quoted string"), std::string::npos) << line << ": " << error;
  }
}

class EpdFileTest : public testing::Test {
 protected:
  // A file in the test's private temporary directory.
  std::string TempPath(const std::string& name) {
    const char* dir = std::getenv("TEST_TMPDIR");
    return std::string(dir ? dir : "/tmp") + "/" + name;
  }
  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = TempPath(name);
    std::ofstream(path) << text;
    return path;
  }
};

TEST_F(EpdFileTest, ReadsRecordsSkippingBlankAndCommentLinesAndKeepsLineNumbers) {
  const std::string path = Write("suite.epd",
                                 "# a comment\n"
                                 "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\r\n"
                                 "\n"
                                 "   \t\n"
                                 "4k3/8/8/8/8/8/8/R3K3 w Q - bm Ra8+; id \"two\";\n");
  std::vector<EpdRecord> records;
  std::string error;
  ASSERT_TRUE(read_epd_file(path, records, error)) << error;
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].line_number, 2);
  EXPECT_EQ(records[0].fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  ASSERT_EQ(records[0].operations.size(), 2u);
  EXPECT_EQ(records[0].operations[1].operands, Operands{"66"});  // No '\r' left behind.
  EXPECT_EQ(records[1].line_number, 5);
  EXPECT_EQ(records[1].find("id")->operands, Operands{"two"});
}

TEST_F(EpdFileTest, MissingFileErrorNamesThePath) {
  const std::string path = TempPath("no_such_suite.epd");
  std::remove(path.c_str());
  std::vector<EpdRecord> records;
  std::string error;
  EXPECT_FALSE(read_epd_file(path, records, error));
  EXPECT_NE(error.find(path), std::string::npos) << error;
}

TEST_F(EpdFileTest, MalformedLineErrorNamesFileAndLine) {
  const std::string path = Write("bad.epd",
                                 "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15\n"
                                 "4k3/8/8/8/8/8/8/4K2R w\n");
  std::vector<EpdRecord> records;
  std::string error;
  EXPECT_FALSE(read_epd_file(path, records, error));
  EXPECT_NE(error.find(path + ":2:"), std::string::npos) << error;
  EXPECT_NE(error.find("four FEN fields"), std::string::npos) << error;
}

TEST(EpdSuiteFileTest, ReadsTheChessPerftSuite) {
  std::vector<EpdRecord> records;
  std::string error;
  ASSERT_TRUE(read_epd_file("tests/data/chess_perft.epd", records, error)) << error;
  ASSERT_EQ(records.size(), 126u);
  for (const auto& record : records) {
    EXPECT_GE(record.operations.size(), 5u) << "line " << record.line_number;
    ASSERT_NE(record.find("D1"), nullptr) << "line " << record.line_number;
    EXPECT_EQ(record.find("D1")->operands.size(), 1u);
  }
  EXPECT_EQ(records[0].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(records[0].find("D6")->operands, Operands{"119060324"});
}

}  // namespace
}  // namespace splitlab::protocol
