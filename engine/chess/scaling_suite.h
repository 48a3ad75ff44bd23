// The default positions of `splitlab scale`: 160 middlegames from the games of Splitlab's
// finished matches (against Glaurung, Toga and Stockfish, and against itself), one per book
// opening, chosen by a fixed seeded rule that knows nothing of speedup or overhead. With the 32
// bench positions a run's overhead interval was about +/-10 points, too wide to decide a 5% target.
//
// A chess search's scaling positions (ChessGame::scaling_positions, read by `scale`,
// `overhead`, `simulate` and `predictor` through the game registry).
//
// engine/chess/scaling_suite.cc is generated, together with
// experiments/scaling-suite/scaling_suite.epd, by experiments/scaling-suite/make_suite.py (the
// README there gives the rule and the command); scaling_suite_test checks that the two files
// hold the same positions.
#pragma once

#include <span>

#include "engine/core/bench_position.h"

namespace splitlab::chess {

// In the order the script found them (a random order): the first N are a fair sample.
extern const std::span<const BenchPosition> kScalingSuite;

}  // namespace splitlab::chess
