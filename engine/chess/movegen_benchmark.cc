// Microbenchmarks of the chess move generator: legal generation, bulk counting, tactical
// generation, make/unmake and small perfts. items_per_second is moves/s (or leaf nodes/s for
// perft), so runs on one machine compare directly; absolute numbers vary between machines.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "engine/chess/chess_game.h"
#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/core/perft.h"

namespace splitlab::chess {
namespace {

constexpr const char* kStartPos = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
// CPW perft position 4: White in check, promotions and pins; Black may castle either way.
constexpr const char* kCpw4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
// CPW perft position 5: a pawn about to promote on d7, a black knight forking on f2.
constexpr const char* kCpw5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
// CPW perft position 6: an Italian-style middlegame, every piece developed.
constexpr const char* kCpw6 =
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
// Queen's Gambit Declined, Orthodox (1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Bg5 Be7 5.e3 O-O 6.Nf3 Nbd7
// 7.Rc1 c6 8.Bd3): closed centre, many quiet moves, Black to move.
constexpr const char* kQgd = "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/2RQK2R b K - 1 8";
// Italian Game with 5...d5: four captures for White (exd5, Bxd5, Nxd5, Nxe5).
constexpr const char* kItalianOpenCentre =
    "r1bqk2r/ppp2ppp/2n2n2/2bpp3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQkq - 0 6";

// Legal move generation into a cleared list.
void BM_GenerateAll(benchmark::State& state, const char* fen) {
  const Position pos = Position::from_fen(fen);
  int moves = 0;
  MoveList list;  // reused: constructing one zero-fills 256 moves, which is not generation
  for (auto _ : state) {
    list.clear();
    generate<GenType::kAll>(pos, list);
    benchmark::DoNotOptimize(list);
    moves = list.size();
  }
  state.counters["moves"] = moves;
  state.SetItemsProcessed(state.iterations() * moves);
}

// The bulk count at perft leaves: the number of legal moves without writing a list.
void BM_CountLegal(benchmark::State& state, const char* fen) {
  const Position pos = Position::from_fen(fen);
  int moves = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(pos);
    moves = count_legal_moves(pos);
    benchmark::DoNotOptimize(moves);
  }
  state.counters["moves"] = moves;
  state.SetItemsProcessed(state.iterations() * moves);
}

// Captures and promotions only (quiescence search's generator).
void BM_GenerateTactical(benchmark::State& state, const char* fen) {
  const Position pos = Position::from_fen(fen);
  int moves = 0;
  MoveList list;  // reused: constructing one zero-fills 256 moves, which is not generation
  for (auto _ : state) {
    list.clear();
    generate<GenType::kTactical>(pos, list);
    benchmark::DoNotOptimize(list);
    moves = list.size();
  }
  state.counters["moves"] = moves;
  state.SetItemsProcessed(state.iterations() * moves);
}

// make_move + unmake_move of every legal move (keys updated incrementally); one item per pair.
void BM_MakeUnmake(benchmark::State& state, const char* fen) {
  Position pos = Position::from_fen(fen);
  MoveList list;
  generate<GenType::kAll>(pos, list);
  for (auto _ : state) {
    for (Move m : list) {
      pos.make_move(m);
      benchmark::DoNotOptimize(pos.key());
      pos.unmake_move(m);
    }
    benchmark::ClobberMemory();
  }
  state.counters["moves"] = list.size();
  state.SetItemsProcessed(state.iterations() * list.size());
}

// Perft with bulk-counted leaves, as `splitlab perft` runs it; items are leaf nodes.
void BM_Perft(benchmark::State& state, const char* fen) {
  Position pos = Position::from_fen(fen);
  const int depth = int(state.range(0));
  uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft<ChessGame>(pos, depth);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["nodes"] = double(nodes);
  state.SetItemsProcessed(int64_t(state.iterations() * nodes));
}

#define SPLITLAB_POSITION_BENCHMARKS(fn)         \
  BENCHMARK_CAPTURE(fn, startpos, kStartPos);    \
  BENCHMARK_CAPTURE(fn, kiwipete, kKiwipete);    \
  BENCHMARK_CAPTURE(fn, cpw4, kCpw4);            \
  BENCHMARK_CAPTURE(fn, cpw5, kCpw5);            \
  BENCHMARK_CAPTURE(fn, cpw6_middlegame, kCpw6); \
  BENCHMARK_CAPTURE(fn, qgd_middlegame, kQgd)

SPLITLAB_POSITION_BENCHMARKS(BM_GenerateAll);
SPLITLAB_POSITION_BENCHMARKS(BM_CountLegal);
SPLITLAB_POSITION_BENCHMARKS(BM_MakeUnmake);

// The start position and CPW 4 (in check, no capture) have no tactical moves: moves/s would
// read 0, so the tactical generator is measured where there is something to generate.
BENCHMARK_CAPTURE(BM_GenerateTactical, kiwipete, kKiwipete);
BENCHMARK_CAPTURE(BM_GenerateTactical, cpw5, kCpw5);
BENCHMARK_CAPTURE(BM_GenerateTactical, cpw6_middlegame, kCpw6);
BENCHMARK_CAPTURE(BM_GenerateTactical, qgd_middlegame, kQgd);
BENCHMARK_CAPTURE(BM_GenerateTactical, italian_open_centre, kItalianOpenCentre);

BENCHMARK_CAPTURE(BM_Perft, startpos, kStartPos)
    ->ArgName("depth")
    ->Arg(3)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, kiwipete, kKiwipete)
    ->ArgName("depth")
    ->Arg(3)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace splitlab::chess
