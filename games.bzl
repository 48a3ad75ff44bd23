"""The registry: the games the binary plays, one register package each (a game's folder and
its line here). Each game's `register` target gives every layer its code for the game
(cli/game_registration.h) and its `info` target puts it in the list of games, at the rank its
info.cc names (the default game 0)."""

GAMES = [
    "//engine/chess/register",
    "//engine/xiangqi/register",
]

# The games' entries alone (names, referees, defaults), for tests that name, list or referee
# games without running a command.
GAME_INFOS = [game + ":info" for game in GAMES]
