// The xiangqi board representation, measured to choose it: perft by the mailbox generator that
// walks rays (ray_movegen.h, the reference) and by the engine's generator on bit-ranks and
// bit-files (table lookups per line), from the same positions in the same binary. Make/unmake
// are the same Position's in both (it keeps the bit-lines either way), so the difference is
// generation and the general's safety test. items_per_second is leaves per second.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "engine/core/perft.h"
#include "engine/xiangqi/ray_movegen.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/xiangqi_game.h"

namespace splitlab::xiangqi {
namespace {

constexpr const char* kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
// perft.12 of the verified suite: a middlegame with both sides' chariots and cannons out.
constexpr const char* kMiddlegame =
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";
// perft.4: an endgame with chariots on open lines.
constexpr const char* kEndgame = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1";

void BM_PerftMailbox(benchmark::State& state, const char* fen) {
  Position pos = Position::from_fen(fen);
  uint64_t leaves = 0;
  for (auto _ : state) leaves += perft_by_rays(pos, int(state.range(0)));
  state.SetItemsProcessed(int64_t(leaves));
}

void BM_PerftBitLines(benchmark::State& state, const char* fen) {
  Position pos = Position::from_fen(fen);
  uint64_t leaves = 0;
  for (auto _ : state) leaves += perft<XiangqiGame>(pos, int(state.range(0)));
  state.SetItemsProcessed(int64_t(leaves));
}

BENCHMARK_CAPTURE(BM_PerftMailbox, start, kStart)->Arg(4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PerftBitLines, start, kStart)->Arg(4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PerftMailbox, middlegame, kMiddlegame)->Arg(4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PerftBitLines, middlegame, kMiddlegame)->Arg(4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PerftMailbox, endgame, kEndgame)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PerftBitLines, endgame, kEndgame)->Arg(5)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace splitlab::xiangqi
