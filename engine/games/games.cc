#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <vector>

#include "engine/games/game_info.h"

namespace splitlab {

namespace {

// The games registered so far, and whether the list has been read (then it is fixed).
std::vector<GameInfo>& registered() {
  static std::vector<GameInfo> games;
  return games;
}
std::atomic<bool> list_read{false};

[[noreturn]] void registry_error(std::string_view game, const char* what) {
  std::fprintf(stderr, "splitlab: the game '%.*s' %s\n", int(game.size()), game.data(), what);
  std::abort();
}

// The list in GameId's order: by rank, then name.
std::vector<GameInfo> fixed_list() {
  std::vector<GameInfo> games = registered();
  std::sort(games.begin(), games.end(), [](const GameInfo& a, const GameInfo& b) {
    return std::tie(a.rank, a.name) < std::tie(b.rank, b.name);
  });
  for (size_t i = 0; i < games.size(); ++i) games[i].id = GameId(i);
  list_read.store(true, std::memory_order_release);
  return games;
}

}  // namespace

void register_game(const GameInfo& info) {
  // Registrations run in static initialisers, on the one thread there is then.
  if (list_read.load(std::memory_order_acquire))
    registry_error(info.name, "registered after the list of games was read");
  for (const GameInfo& game : registered())
    if (game.name == info.name) registry_error(info.name, "registered twice");
  registered().push_back(info);
}

std::span<const GameInfo> all_games() {
  static const std::vector<GameInfo> games = fixed_list();
  return games;
}

const GameInfo& game_info(GameId id) {
  const std::span<const GameInfo> games = all_games();
  if (size_t(id) >= games.size()) {
    // A binary or test that links no game's register package (//:games.bzl) has no list.
    std::fprintf(stderr, "splitlab: no game number %d: %zu games are registered\n", int(id),
                 games.size());
    std::abort();
  }
  return games[size_t(id)];
}

GameId game_id_named(std::string_view name) {
  for (const GameInfo& game : all_games())
    if (game.name == name) return game.id;
  registry_error(name, "is not registered");
}

bool parse_game(std::string_view text, GameId& out, std::string& error) {
  for (const GameInfo& game : all_games()) {
    bool named = text == game.name;
    for (std::string_view other : game.other_names) named = named || text == other;
    if (named) {
      out = game.id;
      return true;
    }
  }
  error = "unknown game '" + std::string(text) + "' (" + game_names() + ")";
  return false;
}

std::string game_names(std::string_view separator) {
  std::string names;
  for (const GameInfo& game : all_games())
    names += (names.empty() ? "" : std::string(separator)) + std::string(game.name);
  return names;
}

std::string game_names_with(bool (*has)(const GameInfo&)) {
  std::string names;
  for (const GameInfo& game : all_games())
    if (has(game)) names += (names.empty() ? "" : ", ") + std::string(game.name);
  return names;
}

GameId ucci_game() {
  for (const GameInfo& game : all_games())
    if (game.speaks_ucci()) return game.id;
  return kDefaultGame;
}

}  // namespace splitlab
