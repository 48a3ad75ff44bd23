// Every layer's code for chess (cli/game_registration.h); info.cc puts it in the list.
#include "cli/game_registration.h"
#include "engine/chess/chess_game.h"

namespace {
const splitlab::cli::GameRegistration<splitlab::chess::ChessGame> kHooks;
}  // namespace
