// Every layer's code for xiangqi (cli/game_registration.h); info.cc puts it in the list.
#include "cli/game_registration.h"
#include "engine/xiangqi/xiangqi_game.h"

namespace {
const splitlab::cli::GameRegistration<splitlab::xiangqi::XiangqiGame> kHooks;
}  // namespace
