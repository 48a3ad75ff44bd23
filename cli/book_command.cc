#include "cli/book_command.h"

#include <cstdio>
#include <type_traits>

#include "cli/flags.h"
#include "cli/position_input.h"
#include "cli/search_flags.h"
#include "engine/core/book_file.h"
#include "engine/games/games.h"
#include "engine/protocol/opening_book.h"
#include "engine/protocol/pgn.h"
#include "engine/util/errors.h"

namespace splitlab::cli {
namespace {

int fail(const std::string& message) { return util::command_error("book", message); }

// The games of the PGN file that are `game`'s (the others are skipped and counted), counted
// into the game's own book (G::make_book) and written to --out.
template <typename G>
int make_book_of(const Flags& flags, GameId game) {
  std::string error;
  if (!flags.has("pgn") || !flags.has("out")) return fail("book make needs --pgn FILE and --out BOOK.bin");
  long long max_ply = 0, min_games = 0;
  if (!flags.get_int("max-ply", max_ply, error) || !flags.get_int("min-games", min_games, error))
    return fail(error);
  std::vector<protocol::PgnLine> lines;
  if (!protocol::read_pgn_file(flags.get("pgn"), lines, error)) return fail(error);
  std::vector<book::BookGame> games;
  size_t skipped = 0;
  for (const protocol::PgnLine& line : lines) {
    if (line.game != game) {
      ++skipped;
      continue;
    }
    games.push_back({line.start_fen, line.uci_moves, line.result});
  }
  std::vector<book::Entry> entries;
  if (!G::make_book(games, int(max_ply), int(min_games), entries, error))
    return fail(flags.get("pgn") + ": " + error);
  if (!book::write_entries(flags.get("out"), entries, error)) return fail(error);
  std::printf("book: %zu %s games (%zu of another game, skipped), %zu entries written to %s\n",
              games.size(), std::string(G::kName).c_str(), skipped, entries.size(),
              flags.get("out").c_str());
  return 0;
}

template <typename G>
int make(const Flags& flags, GameId game) {
  if constexpr (!protocol::HasOpeningBook<G>) {
    (void)game;
    return fail("no opening book format for " + std::string(G::kName));
  } else {
    return make_book_of<G>(flags, game);
  }
}

// The book moves of a position, with their weights, in the game's move text.
template <typename G>
void print_book_moves(const typename G::Book& book, const typename G::Position& pos) {
  const auto found = book.moves(pos);
  std::printf("key %016llx: %zu book move%s\n", (unsigned long long)G::book_key(pos),
              found.size(), found.size() == 1 ? "" : "s");
  for (const auto& b : found)
    std::printf("%s %u\n", G::move_to_text(b.move).c_str(), unsigned(b.weight));
}

// The book moves of --fen after --moves, or (--stdin) of each position of standard input.
template <typename G>
int probe_book_of(const Flags& flags) {
  std::string error;
  typename G::Book book;
  if (!book.load(flags.get("book"), error)) return fail(error);
  if (flags.has("stdin")) {
    if (flags.has("fen") || flags.has("moves"))
      return fail("--stdin reads its positions from standard input: give no --fen or --moves");
    const auto answer = [&](const typename G::Position& pos) { print_book_moves<G>(book, pos); };
    return answer_input_positions<G>(answer, error) ? 0 : fail(error);
  }
  typename G::Position pos;
  if (!set_up_position<G>(flags.get("fen"), flags.get("moves"), pos, error)) return fail(error);
  print_book_moves<G>(book, pos);
  return 0;
}

// A game without a book format refuses.
template <typename G>
int probe(const Flags& flags) {
  if (!flags.has("book")) return fail("book probe needs --book BOOK.bin");
  if constexpr (!protocol::HasOpeningBook<G>) {
    return fail("no opening book format for " + std::string(G::kName));
  } else {
    return probe_book_of<G>(flags);
  }
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
  return with_game(game, [&]<typename G>(std::type_identity<G>) {
    return args[0] == "make" ? make<G>(flags, game) : probe<G>(flags);
  });
}

}  // namespace splitlab::cli
