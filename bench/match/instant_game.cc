#include "bench/match/instant_game.h"

#include <cstdint>
#include <string>

#include "bench/match/game_runner.h"

namespace splitlab::bench::match {

namespace {

// SplitMix64's finalizer: every bit of the game's number and opening moves the result.
uint64_t mix(uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t text_hash(const std::string& text) {
  uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return h;
}

}  // namespace

GameRecord instant_game(const ScheduledGame& game, const Opening& opening,
                        const MatchConfig& config) {
  GameRecord r = record_before_play(game, opening, config.engines[size_t(game.white)].name,
                                    config.engines[size_t(game.black)].name);
  // White wins 3 in 8, draws 2 in 8, loses 3 in 8.
  const uint64_t eighth = mix(uint64_t(game.index) ^ text_hash(opening.fen)) % 8;
  r.result = eighth < 3 ? "1-0" : eighth < 5 ? "1/2-1/2" : "0-1";
  r.reason = eighth < 3   ? "White wins an instant game"
             : eighth < 5 ? "Instant game drawn"
                          : "Black wins an instant game";
  r.termination = "unterminated";
  r.plies = int(opening.moves.size());
  r.pgn = "[Event \"" + config.event + "\"]\n[Site \"?\"]\n[Round \"" +
          std::to_string(game.round) + "\"]\n[White \"" + r.white + "\"]\n[Black \"" + r.black +
          "\"]\n[Result \"" + r.result + "\"]\n[SetUp \"1\"]\n[FEN \"" + opening.fen +
          "\"]\n\n{" + r.reason + "} " + r.result + "\n\n";
  return r;
}

}  // namespace splitlab::bench::match
