// The positions of `splitlab bench --game xiangqi`: the start position and 23 middlegames from
// real games, as chess's bench takes its positions from games. They were drawn by
// bench/make_xiangqi_bench.py from experiments/xiangqi/strength-vs-fairy/games.pgn (Splitlab
// against Fairy-Stockfish at Skill Levels 10-20): every 16th game that lasted at least 40 plies,
// the position 30 plies after its book opening, unless in check; no other choice was made.
#pragma once

#include <array>

#include "engine/core/bench_position.h"

namespace splitlab::xiangqi {

inline constexpr std::array<BenchPosition, 24> kBenchPositions = {{
    {"start", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
    {"game1.ply30", "2bak1b2/4a4/4c3n/C1P6/P5p1p/2N1p4/2r1P1P1P/B8/5c1r1/R2AKABNR w - - 0 1"},
    {"game17.ply30", "4kab2/2n1a4/4b4/P1p1p3p/3r2P2/2P5P/c3n4/1C2B3C/2RcA2r1/3AK1BNR w - - 0 1"},
    {"game33.ply30", "1r2kab1r/3Ca4/c3b1n2/2p1p3p/9/p8/4PR3/2N1B1R1B/4A4/3AK4 w - - 0 1"},
    {"game49.ply30", "3aka3/4c4/P3b1n2/7c1/2p1p3r/9/2P3P1P/9/4N4/1NBAKAB1R w - - 0 1"},
    {"game65.ply30", "3ak1b2/4a4/2n1bc3/p2c1r3/4p1p2/2P1P3C/Pr4P1P/R1NNB4/9/2BAKA2R w - - 0 1"},
    {"game81.ply30", "3rkab1r/4a4/2c1b1n2/p3p1N2/1Rc6/2BN2P1P/P3P4/4B2C1/9/3AKA2R w - - 0 1"},
    {"game97.ply30", "4ka1r1/4a4/3rb1n2/4N1C2/2b1c3p/P5P2/2n5P/4B1C2/4A4/1R1NKABcR w - - 0 1"},
    {"game113.ply30", "4ka3/4a4/c1P1b1n2/1r6p/p3p1p1c/2C6/P3P1P1P/2N1B1N2/4A4/2BAK1R2 w - - 0 1"},
    {"game129.ply30", "3ak1b1R/4a4/4b1n2/r8/pR1cp4/6C2/P1P1P1P2/B5Nc1/2Nr5/3AKAB2 w - - 0 1"},
    {"game145.ply30", "2bak4/4a4/1r4n2/p3p4/6b2/P3c4/2P1N4/4B1NC1/4A4/3RKAB2 w - - 0 1"},
    {"game161.ply30", "3akab2/9/6n2/P3p1p2/1c6P/6P2/2P1P1r2/6N1R/3r5/R1BAKAB2 w - - 0 1"},
    {"game177.ply30", "2bak4/4a4/2C1c4/P1P1p4/5R2p/9/6P1P/1C5r1/3rA2c1/2B1KABNR w - - 0 1"},
    {"game209.ply30", "1n1k1ab2/1c2a4/rc2n4/1Rp2r2p/2P1C1p2/4C4/P3P1P1P/2N1B3N/4A4/3AK1B1R w - - 0 1"},
    {"game225.ply30", "4kabR1/3na4/4b1c2/p3p1c2/6p2/4P4/P1P1N3P/9/3rNr3/R1BAKAB2 w - - 0 1"},
    {"game241.ply30", "rnba1k1r1/1C1can3/4c3b/p1p5p/4C4/6B2/P3P3P/9/3N1R3/1R1AKA1N1 w - - 0 1"},
    {"game257.ply30", "r2akab2/7r1/3Rb1n2/4pNp1p/9/P7P/4P1P2/4B1nC1/5R3/3AKA3 w - - 0 1"},
    {"game273.ply30", "N1bk1ab2/4a4/9/P3p4/6p1P/9/4r1n2/4B4/9/2BAKA1NR w - - 0 1"},
    {"game289.ply30", "3ak1b2/4a4/1R1cb4/8p/2p1pnp2/r3C4/2n1P1P1P/2N1B3N/4A4/2BAK4 w - - 0 1"},
    {"game305.ply30", "2bakab2/9/3r2nc1/4p3p/p1pc5/6B2/P1P1Pr2P/1C2B1NC1/1R1NA1R2/3AK4 w - - 0 1"},
    {"game321.ply30", "4kab2/2rna4/4b4/2p6/3RP3p/6P2/1cP2r2P/1c1C2N2/7R1/1NBAKAB2 w - - 0 1"},
    {"game337.ply30", "3rkab2/4a4/1RCrbc3/p8/4p1p1p/P1B6/4P1P1P/2N6/9/2BAKA2R w - - 0 1"},
    {"game353.ply30", "r1bak4/4a4/1c2bc3/4prn2/2p6/P3P1B1P/2P6/1N4N1B/4A2C1/R3KA2R w - - 0 1"},
    {"game369.ply30", "2baka3/5n3/1Nn1b1c2/p1C3r2/2p1p3p/P8/4P3P/1R7/3rN4/2BAKAB1R w - - 0 1"},
}};

}  // namespace splitlab::xiangqi
