// Chess in the list of games, the default game (rank 0).
#include "engine/chess/chess_game.h"
#include "engine/games/game_registration.h"

namespace {
const splitlab::GameInfoRegistration<splitlab::chess::ChessGame> kRegistered{0};
}  // namespace
