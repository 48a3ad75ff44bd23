// The games of a match, in the order they are started: pairings (round robin: every engine
// against every other; gauntlet: the first against each other), then rounds, then games per
// encounter. Within a pairing the first engine has White in its 1st, 3rd, ... game. With
// --repeat, consecutive games of a pairing (1st and 2nd, 3rd and 4th, ...) form a pair: one
// opening, colours swapped; pairs feed the pentanomial statistics.
#pragma once

#include <cstddef>
#include <vector>

namespace splitlab::bench::match {

enum class TournamentKind { kRoundRobin, kGauntlet };

struct Pairing {
  int first = 0, second = 0;  // Engine indexes; results are counted from `first`'s view.
};

struct ScheduledGame {
  int index = 0;    // 1-based, in starting order.
  int round = 0;    // 1-based.
  int pairing = 0;  // Index into the pairings.
  int pair = -1;    // Game pair id (0-based, global), or -1 when the game has no partner.
  int white = 0, black = 0;
  size_t opening = 0;  // Index into the openings.
};

std::vector<Pairing> make_pairings(TournamentKind kind, int engine_count);

// `opening_order` is the order of use (openings.h); it is cycled through, one opening per pair
// when `repeat`, else one per game.
std::vector<ScheduledGame> make_schedule(const std::vector<Pairing>& pairings, int rounds,
                                         int games_per_encounter, bool repeat,
                                         const std::vector<size_t>& opening_order);

}  // namespace splitlab::bench::match
