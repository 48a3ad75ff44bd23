// What code that does not know a game's type needs of the games: each game's traits' values
// and hooks (GameInfo), by GameId and by name. Games register themselves before main (a game's
// register package, game_registration.h), so the list is whatever the binary links: the
// binary's list of register packages is the registry (the root BUILD's GAMES), and a test links
// a game of its own beside them. This header includes no game.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/bench_position.h"
#include "engine/core/referee.h"
#include "engine/games/game_id.h"
#include "engine/search/search_tuning.h"

namespace splitlab {

// What code that does not know a game's type at compile time needs of it: its traits' values.
struct GameInfo {
  GameId id;  // Its place in all_games(), set when the list is first read.
  // Where the game stands in the list: the default game (the first) has the lowest; games of
  // one rank are listed by name.
  int rank;
  std::string_view name;          // "chess", "xiangqi": --game, UCI_Variant, results
  std::string_view variant_name;  // cutechess's: "standard", "xiangqi" (results, PGN tag)
  std::span<const std::string_view> other_names;  // also read as this game
  std::string_view uci_variant;   // UCI_Variant an engine must be given ("": none)
  std::string_view default_search_features;
  search::SearchTuning default_search_tuning;
  std::span<const BenchPosition> bench_positions;
  std::unique_ptr<GameReferee> (*make_referee)(const RefereeRules& rules);
  // The game's UCCI dialect, where its engines may speak one (xiangqi; null otherwise): a
  // move's text from UCI's to UCCI's and back, "" if the text is not a move.
  std::string (*ucci_move_text)(std::string_view uci);
  std::string (*uci_move_text)(std::string_view ucci);
  bool speaks_ucci() const { return ucci_move_text != nullptr; }
  // Whether the game knows a perpetual chase (RefereeRules::chase_rule, `match --chase-rule`).
  bool has_chase_rule;
  // The file name of the openings `match` plays by default, compiled into the binary
  // (bench/book/default_book.h); "": none, a match needs --openings.
  std::string_view default_openings;
  // The parallel experiments' default positions (`scale`, `overhead`, `simulate`); a game
  // without a scaling suite of its own uses its bench positions.
  std::span<const BenchPosition> (*scaling_positions)();
  // `splitlab scale`'s defaults: the depth of an equal-depth run and the reference engines
  // ("none": none by default).
  int scale_depth;
  std::string_view scale_references;
  // A position of the game read from `text` and written back in the game's own form (a match's
  // openings keep that); false with `error` naming the fault.
  bool (*normalise_fen)(std::string_view text, std::string& fen, std::string& error) = nullptr;
  // How many fields an EPD line's position has before the move counters (epd_position_fields
  // in engine/core/game.h): what the game's EPD files are read with.
  int epd_position_fields = 0;
};

// Adds a game to the list (its registration, before main: game_registration.h). Registering
// after the list was first read, or a name twice, ends the process naming the game.
void register_game(const GameInfo& info);

// Every game registered, by rank then name, in GameId's order; the first is the default game.
// Fixed when first read.
std::span<const GameInfo> all_games();

// The id of the game whose own name is `name` (G::kName for code that holds a traits type).
GameId game_id_named(std::string_view name);

const GameInfo& game_info(GameId id);

// The game a name names (a game's name or one of its other names, exactly as written); false
// with `error` naming the text and the games there are.
bool parse_game(std::string_view text, GameId& out, std::string& error);

// The games' names joined by `separator`: "chess, xiangqi".
std::string game_names(std::string_view separator = ", ");
// The names of the games that `has` holds for, joined by ", " (game_speaks_ucci: "xiangqi").
std::string game_names_with(bool (*has)(const GameInfo&));
inline bool game_speaks_ucci(const GameInfo& game) { return game.speaks_ucci(); }
inline bool game_has_chase_rule(const GameInfo& game) { return game.has_chase_rule; }
// The game a UCCI engine (`splitlab ucci`) plays: the first that speaks UCCI (xiangqi).
GameId ucci_game();
// Whether the game's moves have a standard algebraic notation (GameReferee::has_san: chess).
inline bool game_has_san(const GameInfo& game) { return game.make_referee({})->has_san(); }

// A new referee of the game `id`.
inline std::unique_ptr<GameReferee> make_referee(GameId id, const RefereeRules& rules = {}) {
  return game_info(id).make_referee(rules);
}

}  // namespace splitlab
