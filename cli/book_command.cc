#include "cli/book_command.h"

#include <cstdio>
#include <sstream>

#include <regex>

#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/chess/notation.h"
#include "engine/chess/polyglot.h"
#include "engine/games/games.h"
#include "engine/protocol/pgn.h"
#include "engine/util/errors.h"
#include "engine/xiangqi/book.h"
#include "engine/xiangqi/notation.h"

namespace splitlab::cli {
namespace {

int fail(const std::string& message) { return util::command_error("book", message); }

// A xiangqi game's moves: ranks 0..9 (UCCI) when a square of rank 0 appears, else 1..10 (the
// numbering of UCI and of the PGN that `match` writes).
xiangqi::RankBase xiangqi_ranks(const std::vector<std::string>& moves) {
  static const std::regex rank_zero("[a-i]0([a-i]|$)|^[a-i]0");
  for (const std::string& move : moves)
    if (std::regex_search(move, rank_zero)) return xiangqi::RankBase::kZero;
  return xiangqi::RankBase::kOne;
}

int make_xiangqi(const Flags& flags, const std::vector<protocol::PgnLine>& lines, int max_ply,
                 int min_games) {
  std::string error;
  std::vector<xiangqi::book::GameForBook> games;
  size_t skipped = 0;
  for (const protocol::PgnLine& line : lines) {
    if (line.game != GameId::kXiangqi) {
      ++skipped;
      continue;
    }
    games.push_back({line.start_fen, line.uci_moves, line.result, xiangqi_ranks(line.uci_moves)});
  }
  std::vector<::splitlab::book::Entry> entries;
  if (!xiangqi::book::make_book(games, max_ply, min_games, entries, error))
    return fail(flags.get("pgn") + ": " + error);
  if (!::splitlab::book::write_entries(flags.get("out"), entries, error)) return fail(error);
  std::printf("book: %zu xiangqi games (%zu of another game, skipped), %zu entries written to %s\n",
              games.size(), skipped, entries.size(), flags.get("out").c_str());
  return 0;
}

int make(const Flags& flags, GameId game) {
  std::string error;
  if (!flags.has("pgn") || !flags.has("out")) return fail("book make needs --pgn FILE and --out BOOK.bin");
  long long max_ply = 0, min_games = 0;
  if (!flags.get_int("max-ply", max_ply, error) || !flags.get_int("min-games", min_games, error))
    return fail(error);
  std::vector<protocol::PgnLine> lines;
  if (!protocol::read_pgn_file(flags.get("pgn"), lines, error)) return fail(error);
  if (game == GameId::kXiangqi) return make_xiangqi(flags, lines, int(max_ply), int(min_games));
  std::vector<chess::polyglot::GameForBook> games;
  size_t skipped = 0;
  for (const protocol::PgnLine& line : lines) {
    if (line.game != GameId::kChess) {  // A xiangqi game in the file: not a chess book's.
      ++skipped;
      continue;
    }
    games.push_back({line.start_fen, line.uci_moves, line.result});
  }
  std::vector<chess::polyglot::Entry> entries;
  if (!chess::polyglot::make_book(games, int(max_ply), int(min_games), entries, error))
    return fail(flags.get("pgn") + ": " + error);
  if (!chess::polyglot::write_book(flags.get("out"), entries, error)) return fail(error);
  std::printf("book: %zu games (%zu not chess, skipped), %zu entries written to %s\n",
              games.size(), skipped, entries.size(), flags.get("out").c_str());
  return 0;
}

int probe_xiangqi(const Flags& flags) {
  std::string error;
  xiangqi::book::Book book;
  if (!book.load(flags.get("book"), error)) return fail(error);
  xiangqi::Position pos;
  if (!xiangqi::Position::parse_fen(flags.get("fen", std::string(xiangqi::kStartFen)), pos, error))
    return fail("--fen: " + error);
  std::istringstream moves(flags.get("moves"));
  for (std::string text; moves >> text;) {
    const xiangqi::Move move = xiangqi::parse_move(pos, text, error);
    if (move.is_none()) return fail("--moves: " + error);
    pos.make_move(move);
  }
  const auto found = book.moves(pos);
  std::printf("key %016llx: %zu book move%s\n", (unsigned long long)xiangqi::book::key(pos),
              found.size(), found.size() == 1 ? "" : "s");
  for (const auto& b : found)
    std::printf("%s %u\n", xiangqi::move_to_text(b.move).c_str(), unsigned(b.weight));
  return 0;
}

int probe(const Flags& flags, GameId game) {
  std::string error;
  if (!flags.has("book")) return fail("book probe needs --book BOOK.bin");
  if (game == GameId::kXiangqi) return probe_xiangqi(flags);
  chess::polyglot::Book book;
  if (!book.load(flags.get("book"), error)) return fail(error);
  chess::Position pos;
  if (!chess::Position::parse_fen(flags.get("fen", std::string(chess::kStartFen)), pos, error))
    return fail("--fen: " + error);
  std::istringstream moves(flags.get("moves"));
  for (std::string text; moves >> text;) {
    const chess::Move move = chess::parse_uci_move(pos, text, error);
    if (move.is_none()) return fail("--moves: " + error);
    pos.make_move(move);
  }
  const auto found = book.moves(pos);
  std::printf("key %016llx: %zu book move%s\n", (unsigned long long)chess::polyglot::key(pos),
              found.size(), found.size() == 1 ? "" : "s");
  for (const auto& b : found)
    std::printf("%s %u\n", chess::move_to_uci(b.move).c_str(), unsigned(b.weight));
  return 0;
}

}  // namespace

const util::CommandSpec& book_spec() {
  static const util::CommandSpec spec = [] {
    util::CommandSpec c;
    c.name = "book";
    c.brief = "Polyglot opening books: make one from games, probe a position";
    c.operands = "make|probe";
    c.summary =
        "'book make' builds a Polyglot book (.bin, the format of most UCI GUIs) from a PGN file "
        "(with --game xiangqi, Splitlab's xiangqi book in the same layout, engine/xiangqi/book.h): "
        "each move played in at least --min-games games within --max-ply plies of the start, "
        "weighted 2 per win and 1 per draw for the side that played it; 'book probe' lists a "
        "position's book moves with their weights";
    c.flags = {game_flag(),
               util::path_flag("pgn", "FILE.pgn", "make: the games", util::PathKind::kInputFile),
               util::path_flag("out", "BOOK.bin", "make: the book to write",
                               util::PathKind::kOutputFile),
               util::int_flag("max-ply", "N", "make: plies from each game's start", 1, 1024, 30),
               util::int_flag("min-games", "K", "make: games a move must be played in", 1,
                              1000000, 3),
               util::path_flag("book", "BOOK.bin", "probe: the book", util::PathKind::kInputFile),
               util::text_flag("fen", "FEN", "probe: the position", "the start position"),
               util::text_flag("moves", "\"M1 M2 ...\"", "probe: moves played from it first")};
    return c;
  }();
  return spec;
}

int book_command(const std::vector<std::string>& args) {
  if (args.empty() || (args[0] != "make" && args[0] != "probe"))
    return fail("usage: splitlab book make|probe [flags] (splitlab book --help)");
  Flags flags(book_spec().flags);
  std::string error;
  if (!flags.parse({args.begin() + 1, args.end()}, error)) return fail(error);
  GameId game = GameId::kChess;
  if (flags.has("game") && !parse_game(flags.get("game"), game, error)) return fail(error);
  return args[0] == "make" ? make(flags, game) : probe(flags, game);
}

}  // namespace splitlab::cli
