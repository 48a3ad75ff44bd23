// PGN: export format against movetext worked out by hand, round trips of random legal games
// (from the start and from the 126 perft positions), hand-written files with comments,
// variations, NAGs and escapes, and the errors for bad input. pgn_extract_test.cc checks the
// writer against an independent reader.
#include "engine/protocol/pgn.h"

#include <cctype>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/chess/test_support.h"
#include "engine/games/games.h"
#include "engine/protocol/pgn_test_games.h"
#include "gtest/gtest.h"

namespace splitlab::protocol {
namespace {

using Moves = std::vector<std::string>;
using Tags = std::vector<std::pair<std::string, std::string>>;

std::string write_or_fail(const PgnGame& game) {
  std::string out, error;
  EXPECT_TRUE(write_pgn(game, out, error)) << error;
  return out;
}

// The movetext of one written game: what follows the blank line after the tags, lines joined.
std::string movetext_of(const std::string& pgn) {
  const size_t start = pgn.find("\n\n");
  if (start == std::string::npos) return "";
  std::string text = pgn.substr(start + 2);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string write_error(const PgnGame& game) {
  std::string out = "untouched", error;
  EXPECT_FALSE(write_pgn(game, out, error));
  EXPECT_EQ(out, "untouched") << "a failed write must leave the output alone";
  return error;
}

std::string read_error(std::string_view text) {
  std::vector<PgnLine> games;
  std::string error;
  EXPECT_FALSE(read_pgn(text, games, error)) << text;
  return error;
}

std::vector<PgnLine> read_or_fail(std::string_view text) {
  std::vector<PgnLine> games;
  std::string error;
  EXPECT_TRUE(read_pgn(text, games, error)) << error;
  return games;
}

// --- Writing ----------------------------------------------------------------------------------

TEST(PgnWriteTest, WritesTheMovetextWorkedOutByHand) {
  for (const pgn_test::KnownGame& known : pgn_test::known_games()) {
    SCOPED_TRACE(known.name);
    EXPECT_EQ(movetext_of(write_or_fail(known.game)), known.movetext);
  }
}

TEST(PgnWriteTest, WritesTheSevenTagRosterFirstThenTheOtherTagsInOrder) {
  PgnGame game = pgn_test::make_game("", {"e2e4"}, "1/2-1/2");
  game.tags = {{"TimeControl", "40/60"}, {"White", "Splitlab"}, {"Black", "Stockfish"},
               {"Round", "3"},           {"Event", "Gauntlet"}, {"ECO", "B00"}};
  EXPECT_EQ(write_or_fail(game),
            "[Event \"Gauntlet\"]\n"
            "[Site \"?\"]\n"
            "[Date \"????.??.??\"]\n"
            "[Round \"3\"]\n"
            "[White \"Splitlab\"]\n"
            "[Black \"Stockfish\"]\n"
            "[Result \"1/2-1/2\"]\n"
            "[TimeControl \"40/60\"]\n"
            "[ECO \"B00\"]\n"
            "\n"
            "1. e4 1/2-1/2\n"
            "\n");
}

TEST(PgnWriteTest, WritesSetUpAndFenForAGameFromAPosition) {
  PgnGame game = pgn_test::make_game("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 12", {"e8d7"}, "*");
  game.tags = {{"FEN", "ignored: start_fen decides"}, {"SetUp", "0"}, {"Opening", "none"}};
  const std::string out = write_or_fail(game);
  EXPECT_NE(out.find("[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R b KQ - 0 12\"]\n"
                     "[Opening \"none\"]\n\n12... Kd7 *\n\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("ignored"), std::string::npos);
}

TEST(PgnWriteTest, EscapesQuotesAndBackslashesInTagValues) {
  PgnGame game = pgn_test::make_game("", {}, "*");
  game.tags = {{"Event", R"(The "big" one \ 2)"}, {"Annotator", R"(C:\notes\)"}};
  const std::string out = write_or_fail(game);
  EXPECT_NE(out.find(R"([Event "The \"big\" one \\ 2"])"), std::string::npos) << out;
  EXPECT_NE(out.find(R"([Annotator "C:\\notes\\"])"), std::string::npos) << out;
  const std::vector<PgnLine> games = read_or_fail(out);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tags[0],
            (std::pair<std::string, std::string>{"Event", R"(The "big" one \ 2)"}));
  EXPECT_EQ(games[0].tags[7], (std::pair<std::string, std::string>{"Annotator", R"(C:\notes\)"}));
}

TEST(PgnWriteTest, AppendsGamesEachFollowedByABlankLine) {
  std::string out, error;
  ASSERT_TRUE(write_pgn(pgn_test::make_game("", {"e2e4"}, "1-0"), out, error)) << error;
  ASSERT_TRUE(write_pgn(pgn_test::make_game("", {"d2d4"}, "0-1"), out, error)) << error;
  EXPECT_TRUE(out.ends_with("\n\n1. d4 0-1\n\n")) << out;
  EXPECT_NE(out.find("\n\n1. e4 1-0\n\n[Event"), std::string::npos) << out;
}

TEST(PgnWriteTest, WrapsLongMovetextAndCommentsUnder80Columns) {
  // The Opera game (Morphy, Paris 1858), with a long comment on every move.
  const Moves opera = {"e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3",
                       "d6e5", "f1c4", "g8f6", "f3b3", "d8e7", "b1c3", "c7c6", "c1g5", "b7b5",
                       "c3b5", "c6b5", "c4b5", "b8d7", "e1c1", "a8d8", "d1d7", "d8d7", "h1d1",
                       "e7e6", "b5d7", "f6d7", "b3b8", "d7b8", "d1d8"};
  PgnGame game = pgn_test::make_game("", opera, "1-0");
  EXPECT_EQ(movetext_of(write_or_fail(game)),
            "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 "
            "c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 "
            "15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0");
  for (PgnMove& move : game.moves)
    move.comment =
        "a comment long enough to need more than one line of its own when it is "
        "written, with words that wrap";
  game.final_comment = std::string(200, 'z');  // One word longer than a line.
  const std::string out = write_or_fail(game);
  for (const std::string& line : lines_of(out)) EXPECT_LE(line.size(), 80u) << line;
  const std::vector<PgnLine> games = read_or_fail(out);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].uci_moves, opera);
  EXPECT_EQ(games[0].result, "1-0");
}

TEST(PgnWriteTest, RejectsBadGamesNamingTheProblem) {
  const std::string illegal = write_error(pgn_test::make_game("", {"e2e4", "e7e5", "e4e5"}, "*"));
  EXPECT_NE(illegal.find("ply 3"), std::string::npos) << illegal;
  EXPECT_NE(illegal.find("e4e5"), std::string::npos) << illegal;
  const std::string garbage = write_error(pgn_test::make_game("", {"e2e4", "Nf6"}, "*"));
  EXPECT_NE(garbage.find("ply 2 'Nf6'"), std::string::npos) << garbage;
  // Moves after mate are illegal too.
  const std::string after_mate =
      write_error(pgn_test::make_game("", {"f2f3", "e7e5", "g2g4", "d8h4", "e1f2"}, "0-1"));
  EXPECT_NE(after_mate.find("ply 5"), std::string::npos) << after_mate;

  EXPECT_NE(write_error(pgn_test::make_game("", {}, "2-0")).find("result '2-0'"),
            std::string::npos);
  EXPECT_NE(write_error(pgn_test::make_game("8/8/8 w - -", {}, "*")).find("bad start FEN"),
            std::string::npos);
  PgnGame braces = pgn_test::make_game("", {"e2e4"}, "*");
  braces.moves[0].comment = "closes } early";
  EXPECT_NE(write_error(braces).find("'}'"), std::string::npos);
  PgnGame bad_name = pgn_test::make_game("", {}, "*");
  bad_name.tags = {{"Time Control", "40/60"}};
  EXPECT_NE(write_error(bad_name).find("'Time Control'"), std::string::npos);
  PgnGame two_lines = pgn_test::make_game("", {}, "*");
  two_lines.tags = {{"Event", "one\ntwo"}};
  EXPECT_NE(write_error(two_lines).find("Event"), std::string::npos);
  PgnGame mismatch = pgn_test::make_game("", {}, "1-0");
  mismatch.tags = {{"Result", "0-1"}};
  EXPECT_NE(write_error(mismatch).find("Result tag '0-1'"), std::string::npos);
}

// --- Round trips --------------------------------------------------------------------------------

// What the writer's SAN covered over the random games, so that the test cannot quietly lose
// the cases it is there for.
struct SanCoverage {
  int king_side_castles = 0, queen_side_castles = 0, en_passant = 0, promotions = 0,
      capture_promotions = 0, under_promotions = 0, disambiguated = 0, checks = 0, mates = 0;

  void add(chess::Move move, const std::string& san) {
    king_side_castles += san.starts_with("O-O") && !san.starts_with("O-O-O");
    queen_side_castles += san.starts_with("O-O-O");
    en_passant += move.kind() == chess::Move::kEnPassant;
    promotions += san.find('=') != std::string::npos;
    capture_promotions += san.find('=') != std::string::npos && san.find('x') != std::string::npos;
    under_promotions += san.find("=N") != std::string::npos || san.find("=R") != std::string::npos;
    // A piece move with anything between the letter and the target square: "Nbd7", "R1xe2".
    std::string core = san;
    std::erase(core, 'x');
    while (core.ends_with('+') || core.ends_with('#')) core.pop_back();
    disambiguated +=
        std::isupper(static_cast<unsigned char>(core[0])) && core[0] != 'O' && core.size() > 3;
    checks += san.ends_with('+');
    mates += san.ends_with('#');
  }
};

void expect_round_trip(const PgnGame& game, SanCoverage& coverage) {
  std::string out, error;
  ASSERT_TRUE(write_pgn(game, out, error)) << error;
  for (const std::string& line : lines_of(out)) ASSERT_LE(line.size(), 80u) << line;
  if (!game.start_fen.empty() &&
      chess::Position::from_fen(game.start_fen).side_to_move() == chess::kBlack &&
      !game.moves.empty()) {
    const std::string movetext = movetext_of(out);
    const size_t dots = movetext.find("... ");
    ASSERT_NE(dots, std::string::npos) << movetext;
    EXPECT_EQ(movetext.find_first_not_of("0123456789"), dots) << movetext;
  }

  std::vector<PgnLine> games;
  ASSERT_TRUE(read_pgn(out, games, error)) << error << "\n" << out;
  ASSERT_EQ(games.size(), 1u);
  Moves expected;
  for (const PgnMove& move : game.moves) expected.push_back(move.uci);
  EXPECT_EQ(games[0].uci_moves, expected) << out;
  EXPECT_EQ(games[0].result, game.result);
  Tags expected_tags = {{"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "?"},
                        {"White", "?"}, {"Black", "?"}, {"Result", game.result}};
  if (!game.start_fen.empty()) {
    const std::string fen = chess::Position::from_fen(game.start_fen).fen();
    expected_tags.push_back({"SetUp", "1"});
    expected_tags.push_back({"FEN", fen});
    EXPECT_EQ(games[0].start_fen, fen);
  } else {
    EXPECT_EQ(games[0].start_fen, "");
  }
  EXPECT_EQ(games[0].tags, expected_tags);

  chess::Position pos =
      game.start_fen.empty() ? chess::Position::start() : chess::Position::from_fen(game.start_fen);
  for (const PgnMove& pgn_move : game.moves) {
    const chess::Move move = chess::test_support::Uci(pos, pgn_move.uci);
    coverage.add(move, chess::move_to_san(pos, move));
    pos.make_move(move);
  }
}

TEST(PgnRoundTripTest, RandomGamesFromTheStartAndFromEveryPerftPosition) {
  std::mt19937 rng(20240609);
  SanCoverage coverage;
  for (int i = 0; i < 40; ++i) expect_round_trip(pgn_test::random_game("", rng, 300), coverage);
  for (const std::string& fen : chess::test_support::SuiteFens())
    for (int i = 0; i < 4; ++i) expect_round_trip(pgn_test::random_game(fen, rng, 60), coverage);
  for (const pgn_test::KnownGame& known : pgn_test::known_games())
    expect_round_trip(known.game, coverage);
  EXPECT_GT(coverage.king_side_castles, 0);
  EXPECT_GT(coverage.queen_side_castles, 0);
  EXPECT_GT(coverage.en_passant, 0);
  EXPECT_GT(coverage.promotions, 0);
  EXPECT_GT(coverage.capture_promotions, 0);
  EXPECT_GT(coverage.under_promotions, 0);
  EXPECT_GT(coverage.disambiguated, 0);
  EXPECT_GT(coverage.checks, 0);
  EXPECT_GT(coverage.mates, 0);
}

// --- Reading ------------------------------------------------------------------------------------

TEST(PgnReadTest, ReadsAHandWrittenFileWithCommentsVariationsNagsAndEscapes) {
  std::vector<PgnLine> games;
  std::string error;
  ASSERT_TRUE(read_pgn_file("engine/protocol/testdata/annotated.pgn", games, error)) << error;
  ASSERT_EQ(games.size(), 3u);

  // The Opera game's main line, move by move from its score.
  EXPECT_EQ(games[0].uci_moves,
            (Moves{"e2e4", "e7e5", "g1f3", "d7d6", "d2d4", "c8g4", "d4e5", "g4f3", "d1f3",
                   "d6e5", "f1c4", "g8f6", "f3b3", "d8e7", "b1c3", "c7c6", "c1g5", "b7b5",
                   "c3b5", "c6b5", "c4b5", "b8d7", "e1c1", "a8d8", "d1d7", "d8d7", "h1d1",
                   "e7e6", "b5d7", "f6d7", "b3b8", "d7b8", "d1d8"}));
  EXPECT_EQ(games[0].result, "1-0");
  EXPECT_EQ(games[0].start_fen, "");
  EXPECT_EQ(games[0].tags, (Tags{{"Event", "Paris \"Opera\" game"},
                                 {"Site", "Paris FRA"},
                                 {"Date", "1858.??.??"},
                                 {"Round", "?"},
                                 {"White", "Paul Morphy"},
                                 {"Black", "Duke Karl / Count Isouard"},
                                 {"Result", "1-0"},
                                 {"Annotator", "C:\\chess\\notes"}}));

  EXPECT_EQ(games[1].start_fen, "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 12");
  EXPECT_EQ(games[1].uci_moves, (Moves{"e8d7", "e1c1", "d7e6", "h1e1", "e6f5"}));
  EXPECT_EQ(games[1].result, "*");

  EXPECT_TRUE(games[2].tags.empty());
  EXPECT_EQ(games[2].uci_moves, (Moves{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}));
  EXPECT_EQ(games[2].result, "1/2-1/2");
}

TEST(PgnReadTest, ReadsWindowsLineEndingsAndGamesWithoutResults) {
  const std::vector<PgnLine> games = read_or_fail(
      "[Event \"a\"]\r\n[Result \"*\"]\r\n\r\n1. d4 {a\r\ncomment} d5 2. c4 *\r\n\r\n"
      "[Event \"b\"]\r\n\r\n1. Nf3 Nf6 ; nothing more\r\n"
      "[Event \"c\"]\r\n\r\n1. e4 c5 2. Nf3\r\n");
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].uci_moves, (Moves{"d2d4", "d7d5", "c2c4"}));
  EXPECT_EQ(games[0].tags[1].second, "*");
  EXPECT_EQ(games[1].tags[0].second, "b");
  EXPECT_EQ(games[1].uci_moves, (Moves{"g1f3", "g8f6"}));
  EXPECT_EQ(games[1].result, "*");
  EXPECT_EQ(games[2].uci_moves, (Moves{"e2e4", "c7c5", "g1f3"}));
}

TEST(PgnReadTest, ReadsImportFormatLeniently) {
  // Annotation glyphs stuck to moves or alone, numbers without a space, "..." alone, castling
  // with zeros, an en passant suffix, a comment before the tags, a byte-order mark.
  const std::vector<PgnLine> games = read_or_fail(
      "\xEF\xBB\xBF{Before the tags} [Event \"x\"]\n1.e4!? d5 2 exd5 ! $14 Qxd5 3.Nc3 Qa5 4.d4 "
      "c6 5.Nf3 Bg4 6.Bf4 e6 7.h3 Bxf3 8.Qxf3 Bb4 9.Be2 Nd7 10.a3 O-O-O!! 11.axb4 Qxa1+ "
      "12.Kd2 Qxh1 13.Qxc6+ bxc6 14.Ba6# 1-0 "
      "1. e4 a6 2. e5 d5 3. exd6e.p. ... Qxd6 4. Nf3 Nc6 5. Bc4 Bg4 6. 0-0?? *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tags.size(), 1u);
  EXPECT_EQ(games[0].uci_moves.size(), 27u);
  EXPECT_EQ(games[0].uci_moves.back(), "e2a6");
  EXPECT_EQ(games[0].uci_moves[19], "e8c8");
  EXPECT_EQ(games[1].uci_moves, (Moves{"e2e4", "a7a6", "e4e5", "d7d5", "e5d6", "d8d6", "g1f3",
                                       "b8c6", "f1c4", "c8g4", "e1g1"}));
}

TEST(PgnReadTest, ReadsAnEmptyTextAsNoGames) {
  EXPECT_TRUE(read_or_fail("").empty());
  EXPECT_TRUE(read_or_fail("\n% only an escape line\n\n").empty());
}

TEST(PgnReadTest, RejectsBadInputNamingTheGameAndTheToken) {
  const std::string illegal = read_error("1. e4 e5 *\n\n[Event \"2\"]\n\n1. e4 e5 2. Qh6 Nc6 *");
  EXPECT_NE(illegal.find("game 2"), std::string::npos) << illegal;
  EXPECT_NE(illegal.find("line 5"), std::string::npos) << illegal;
  EXPECT_NE(illegal.find("2. Qh6"), std::string::npos) << illegal;
  const std::string castle = read_error("1. e4 a6 2. O-O *");
  EXPECT_NE(castle.find("O-O"), std::string::npos) << castle;
  EXPECT_NE(read_error("1. e4 {never closed\n e5 *").find("comment '{' is never closed"),
            std::string::npos);
  EXPECT_NE(read_error("[Event \"never closed]\n\n1. e4 *").find("unterminated value"),
            std::string::npos);
  EXPECT_NE(read_error("[Event \"x\"\n\n1. e4 *").find("not closed by ']'"), std::string::npos);
  EXPECT_NE(read_error("[Event x]\n1. e4 *").find("no quoted value"), std::string::npos);
  const std::string fen = read_error("[FEN \"8/8/8/8 w - -\"]\n\n*");
  EXPECT_NE(fen.find("bad FEN tag \"8/8/8/8 w - -\""), std::string::npos) << fen;
  EXPECT_NE(read_error("1. e4 (1. d4 d5 2. c4 *").find("variation '(' is never closed"),
            std::string::npos);
  EXPECT_NE(read_error("1. e4 ) e5 *").find("')'"), std::string::npos);
  EXPECT_NE(read_error("1. e4 -- e5 *").find("null move '--'"), std::string::npos);
  EXPECT_NE(read_error("[Variant \"Chess960\"]\n1. e4 *").find("Chess960"), std::string::npos);
  EXPECT_NE(read_error("1. e4 $x e5 *").find("NAG"), std::string::npos);
  std::vector<PgnLine> games;
  std::string error;
  EXPECT_FALSE(read_pgn_file("no/such/file.pgn", games, error));
  EXPECT_NE(error.find("no/such/file.pgn"), std::string::npos);
}

// Xiangqi games: coordinate moves as the engines sent them, numbered from the FEN.
TEST(PgnWriteTest, WritesCoordinateMovesForOtherGames) {
  PgnGame game;
  game.tags = {{"White", "A"}, {"Black", "B"}, {"Variant", "xiangqi"}};
  game.game = game_id_of<xiangqi::XiangqiGame>();  // Its referee reads the start FEN.
  game.coordinate_moves = true;
  game.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  game.moves = {{"h3e3", ""}, {"h10g8", "-0.10/9 0.20s"}, {"h1g3", ""}};
  game.result = "*";
  std::string out, error;
  ASSERT_TRUE(write_pgn(game, out, error)) << error;
  EXPECT_NE(out.find("[Variant \"xiangqi\"]"), std::string::npos) << out;
  EXPECT_NE(out.find("[SetUp \"1\"]\n[FEN \"" + game.start_fen + "\"]"), std::string::npos) << out;
  EXPECT_NE(out.find("1. h3e3 h10g8 {-0.10/9 0.20s} 2. h1g3 *"), std::string::npos) << out;

  // Black first, from move 12: "12..." and then White's "13.".
  game.start_fen = "4k4/9/9/9/9/9/9/9/R8/5K3 b - - 0 12";
  game.moves = {{"e10d10", ""}, {"a2a3", ""}};
  out.clear();
  ASSERT_TRUE(write_pgn(game, out, error)) << error;
  EXPECT_NE(out.find("12... e10d10 13. a2a3 *"), std::string::npos) << out;

  game.moves = {{"e10{d10", ""}};
  EXPECT_FALSE(write_pgn(game, out, error));
  EXPECT_NE(error.find("e10{d10"), std::string::npos) << error;
  game.moves = {};
  game.start_fen = "";
  EXPECT_FALSE(write_pgn(game, out, error));
  EXPECT_NE(error.find("start FEN"), std::string::npos) << error;
}

// Xiangqi games read back: the coordinate moves as written, the variant and the start FEN; a
// chess game after one in the same text is read by chess's rules again.
TEST(PgnReadTest, ReadsXiangqiGamesAsCoordinateMoves) {
  PgnGame game;
  game.tags = {{"White", "A"}, {"Black", "B"}, {"Variant", "xiangqi"}};
  game.game = game_id_of<xiangqi::XiangqiGame>();  // Its referee reads the start FEN.
  game.coordinate_moves = true;
  game.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  game.moves = {{"h3e3", "+0.20/9 0.10s"}, {"h10g8", ""}, {"a1a2", ""}, {"i10h10", ""}};
  game.result = "0-1";
  std::string text, error;
  ASSERT_TRUE(write_pgn(game, text, error)) << error;
  text += "1. e4 e5 1-0\n";
  std::vector<PgnLine> games;
  ASSERT_TRUE(read_pgn(text, games, error)) << error;
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].game, game_id_of<xiangqi::XiangqiGame>());
  EXPECT_EQ(games[0].start_fen, game.start_fen);
  EXPECT_EQ(games[0].uci_moves, (std::vector<std::string>{"h3e3", "h10g8", "a1a2", "i10h10"}));
  EXPECT_EQ(games[0].result, "0-1");
  EXPECT_EQ(games[1].game, game_id_of<chess::ChessGame>());
  EXPECT_EQ(games[1].uci_moves, (std::vector<std::string>{"e2e4", "e7e5"}));

  EXPECT_FALSE(read_pgn("[Variant \"xiangqi\"]\n1. h3e3 *", games, error));
  EXPECT_NE(error.find("FEN"), std::string::npos) << error;
  EXPECT_FALSE(read_pgn("[Variant \"xiangqi\"]\n[FEN \"" + game.start_fen + "\"]\n1. Nf3 *", games,
                        error));
  EXPECT_NE(error.find("'Nf3' is not a coordinate move"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::protocol
