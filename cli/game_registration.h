// A game's hooks: the line of a game's register package (its `register` target; the `info`
// target beside it puts the game in the list, engine/games/game_registration.h),
//
//   const splitlab::cli::GameRegistration<splitlab::mygame::MyGame> kHooks;
//
// gives every layer the code it runs for the game (engine/games/game_hooks.h), instantiated here
// for the game's traits type: the protocol's engine, the parallel search's threads, each
// command's searches. This header is the one place that lists the hooks: a layer that needs a
// new one adds it here, and every game has it. A register package links into the binary through
// the registry's list (//:games.bzl), or into a test's binary beside them (tests/games/).
#pragma once

#include "bench/overhead/game_runner.h"
#include "bench/scale/game_runner.h"
#include "bench/simulate/calibration_search.h"
#include "bench/simulate/simulated_search.h"
#include "bench/tt_study/series_search.h"
#include "cli/bench_search.h"
#include "cli/book_run.h"
#include "cli/epd_search.h"
#include "cli/parallel_search_of.h"
#include "cli/perft_run.h"
#include "cli/predictor_run.h"
#include "engine/games/game_hooks.h"
#include "engine/protocol/game_engine_impl.h"

namespace splitlab::cli {

template <search::SearchGame G>
struct GameRegistration {
  GameRegistration() {
    const std::string_view name = G::kName;
    PerGame<protocol::GameEngineHook>::add(name, &protocol::make_engine_of<G>);
    PerGame<ThreadProviderHook>::add(name, &add_provider<G>);
    PerGame<BenchHook>::add(name, &run_bench<G>);
    PerGame<PerftHook>::add(name, &run_perft<G>);
    PerGame<BookHook>::add(name, &run_book<G>);
    PerGame<EpdHook>::add(name, &solve_suite<G>);
    PerGame<PredictorHook>::add(name, &run_predictor<G>);
    PerGame<bench::scaling::SplitlabRunnerHook>::add(name, &bench::scaling::make_game_runner<G>);
    PerGame<bench::overhead::RunnerHook>::add(name, &bench::overhead::make_game_runner<G>);
    PerGame<bench::SimulatedSearchHook>::add(name, &bench::simulate_game_search<G>);
    PerGame<bench::CalibrationSearchHook>::add(name, &bench::search_game_once<G>);
    PerGame<bench::SeriesSearchHook>::add(name, &bench::search_series<G>);
  }
};

}  // namespace splitlab::cli
