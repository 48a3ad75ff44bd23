#include "bench/match/schedule.h"

namespace splitlab::bench::match {

std::vector<Pairing> make_pairings(TournamentKind kind, int engine_count) {
  std::vector<Pairing> pairings;
  if (kind == TournamentKind::kGauntlet) {
    for (int j = 1; j < engine_count; ++j) pairings.push_back({0, j});
  } else {
    for (int i = 0; i < engine_count; ++i)
      for (int j = i + 1; j < engine_count; ++j) pairings.push_back({i, j});
  }
  return pairings;
}

std::vector<ScheduledGame> make_schedule(const std::vector<Pairing>& pairings, int rounds,
                                         int games_per_encounter, bool repeat,
                                         const std::vector<size_t>& opening_order) {
  std::vector<ScheduledGame> games;
  const int per_pairing = rounds * games_per_encounter;
  // The schedule position of each pairing's game whose partner comes next, for pair ids.
  std::vector<size_t> pending(pairings.size(), 0);
  size_t next_opening = 0;
  int next_pair = 0;
  for (int round = 0; round < rounds; ++round) {
    for (int p = 0; p < int(pairings.size()); ++p) {
      for (int g = 0; g < games_per_encounter; ++g) {
        const int k = round * games_per_encounter + g;  // The pairing's k-th game.
        ScheduledGame game;
        game.index = int(games.size()) + 1;
        game.round = round + 1;
        game.pairing = p;
        const bool first_white = k % 2 == 0;
        game.white = first_white ? pairings[p].first : pairings[p].second;
        game.black = first_white ? pairings[p].second : pairings[p].first;
        const bool second_of_pair = repeat && k % 2 == 1;
        if (second_of_pair) {
          const ScheduledGame& partner = games[pending[p]];
          game.opening = partner.opening;
          game.pair = partner.pair;
        } else {
          game.opening =
              opening_order.empty() ? 0 : opening_order[next_opening++ % opening_order.size()];
          // A pair needs a second game: the last game of an odd count plays alone.
          if (repeat && k + 1 < per_pairing) game.pair = next_pair++;
          pending[p] = games.size();
        }
        games.push_back(game);
      }
    }
  }
  return games;
}

}  // namespace splitlab::bench::match
