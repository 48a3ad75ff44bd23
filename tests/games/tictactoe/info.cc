// Tic-tac-toe in the list of games, after the built-in ones (rank 100).
#include "engine/games/game_registration.h"
#include "tests/games/tictactoe/tictactoe_game.h"

namespace {
const splitlab::GameInfoRegistration<splitlab::tictactoe::TicTacToeGame> kRegistered{100};
}  // namespace
