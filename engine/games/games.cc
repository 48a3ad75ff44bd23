#include "engine/games/games.h"

namespace splitlab {

namespace {

// The registry's table, made from the traits types at compile time.
constexpr std::array<GameInfo, AllGames::kSize> kGameTable =
    games_detail::table_of(AllGames{}, std::make_index_sequence<AllGames::kSize>{});

}  // namespace

std::span<const GameInfo> all_games() { return kGameTable; }

const GameInfo& game_info(GameId id) { return kGameTable[size_t(id)]; }

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
