// `splitlab book`'s make and probe for one game (book_command.cc). Each game's registration
// instantiates run_book<G> (cli/game_registration.h); a game without a book format refuses.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "cli/flags.h"
#include "cli/position_input.h"
#include "engine/core/book_file.h"
#include "engine/games/game_id.h"
#include "engine/protocol/opening_book.h"
#include "engine/protocol/pgn.h"

namespace splitlab::cli {

struct BookHook {
  using Fn = int (*)(const Flags& flags, GameId game, bool make);
  static constexpr const char* kWhat = "book command";
};

namespace book_detail {

int fail(const std::string& message);

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

}  // namespace book_detail

template <typename G>
int run_book(const Flags& flags, GameId game, bool make) {
  return make ? book_detail::make<G>(flags, game) : book_detail::probe<G>(flags);
}

}  // namespace splitlab::cli
