// Xiangqi in the list of games (rank 1).
#include "engine/xiangqi/xiangqi_game.h"
#include "engine/games/game_registration.h"

namespace {
const splitlab::GameInfoRegistration<splitlab::xiangqi::XiangqiGame> kRegistered{1};
}  // namespace
