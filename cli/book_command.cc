#include "cli/book_command.h"

#include <cstdio>
#include <type_traits>

#include "cli/flags.h"
#include "cli/position_input.h"
#include "cli/search_flags.h"
#include "engine/core/book_file.h"
#include "cli/book_run.h"
#include "engine/games/game_hooks.h"
#include "engine/protocol/opening_book.h"
#include "engine/protocol/pgn.h"
#include "engine/util/errors.h"

namespace splitlab::cli {
namespace book_detail {

int fail(const std::string& message) { return util::command_error("book", message); }

}  // namespace book_detail

using book_detail::fail;

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
               util::text_flag("moves", "\"M1 M2 ...\"", "probe: moves played from it first"),
               util::switch_flag("stdin", "probe: each position of standard input, one a line "
                                          "('startpos|fen FEN [moves ...]'), answering each as "
                                          "it comes")};
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
  GameId game = kDefaultGame;
  if (flags.has("game") && !parse_game(flags.get("game"), game, error)) return fail(error);
  return PerGame<BookHook>::of(game)(flags, game, args[0] == "make");
}

}  // namespace splitlab::cli
