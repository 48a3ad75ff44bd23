#!/usr/bin/env python3
"""How often a truncated SPRT accepts a change of a given true Elo: the operating characteristic
behind the strength log's stopping rule.

Wald's truncated SPRT: play game pairs until the LLR crosses a bound, or until the cap; at the
cap, accept H1 when the LLR is above 0 (the estimate is nearer elo1 than elo0), else H0. This
simulates it with the pentanomial distribution of real tests (`--ptnml`, pair counts), tilted
exponentially to each true Elo, and the LLR of the normal approximation to the pentanomial GSPRT
(fishtest's; `bench/stats/match_stats.h` computes the exact GSPRT, which agrees closely at these
sample sizes). Prints a table of the accept rate and the mean games for each true Elo and cap.

  /usr/bin/python3 experiments/strength/sprt_truncation.py
  /usr/bin/python3 experiments/strength/sprt_truncation.py --caps 2000,3000,0 --runs 2000
"""

import argparse
import math
import random

PAIR_SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]  # Per game, of the pair's 0..2 points.
# Entries 20-22 of the strength log pooled (3+0.03, 1 thread, the default book):
# [58 233 425 248 61] + [35 216 343 238 43] + [21 157 224 147 35].
DEFAULT_PTNML = "114,606,992,633,139"


def tilted(ptnml, elo):
    """The pentanomial whose expected score is `elo`'s, closest to `ptnml` (exponential tilt)."""
    target = 1 / (1 + 10 ** (-elo / 400))
    lo, hi = -50.0, 50.0
    for _ in range(200):
        t = (lo + hi) / 2
        weights = [p * math.exp(t * s) for p, s in zip(ptnml, PAIR_SCORES)]
        mean = sum(w * s for w, s in zip(weights, PAIR_SCORES)) / sum(weights)
        lo, hi = (t, hi) if mean < target else (lo, t)
    total = sum(weights)
    return [w / total for w in weights]


def one_test(cumulative, cap_pairs, elo0, elo1, alpha, beta, rng):
    """(accepted H1, pairs played) for one simulated test; cap_pairs 0 means no cap."""
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    n = total = total_sq = 0
    llr = 0.0
    while not cap_pairs or n < cap_pairs:
        r = rng.random()
        x = PAIR_SCORES[next(i for i, c in enumerate(cumulative) if r <= c)]
        n, total, total_sq = n + 1, total + x, total_sq + x * x
        if n < 10:
            continue
        mean = total / n
        variance = max(total_sq / n - mean * mean, 1e-9)
        llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)
        if llr >= upper:
            return True, n
        if llr <= lower:
            return False, n
    return llr > 0, n


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ptnml", default=DEFAULT_PTNML, help="pair counts LL,LD,DD+WL,WD,WW")
    parser.add_argument("--elo0", type=float, default=0)
    parser.add_argument("--elo1", type=float, default=10)
    parser.add_argument("--elos", default="-5,0,3,5,8,10,15", help="true Elo values to simulate")
    parser.add_argument("--caps", default="2000,3000,0",
                        help="caps in games (0: no cap), comma-separated")
    parser.add_argument("--runs", type=int, default=1000, help="simulated tests per cell")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        ptnml = [float(x) for x in args.ptnml.split(",")]
        elos = [float(x) for x in args.elos.split(",")]
        caps = [int(x) for x in args.caps.split(",")]
    except ValueError as error:
        parser.error(f"a list is not numbers: {error}")
    if len(ptnml) != 5 or min(ptnml) < 0 or sum(ptnml) <= 0:
        parser.error("--ptnml needs 5 non-negative counts, not all zero")
    if args.elo0 >= args.elo1 or args.runs < 1 or min(caps) < 0 or any(c % 2 for c in caps):
        parser.error("need elo0 < elo1, runs >= 1, and caps that are even numbers of games")
    rng = random.Random(args.seed)
    print(f"SPRT [{args.elo0:g}, {args.elo1:g}], alpha = beta = 0.05, pentanomial shape "
          f"{args.ptnml}, {args.runs} simulated tests a cell")
    print("| true Elo | " + " | ".join(
        f"{'no cap' if c == 0 else f'cap {c} games'}: accepted, mean games" for c in caps) + " |")
    print("|---|" + "---|" * len(caps))
    for elo in elos:
        distribution = tilted(ptnml, elo)
        cumulative = [sum(distribution[:i + 1]) for i in range(5)]
        cells = []
        for cap in caps:
            results = [one_test(cumulative, cap // 2, args.elo0, args.elo1, 0.05, 0.05, rng)
                       for _ in range(args.runs)]
            accepted = 100 * sum(a for a, _ in results) / args.runs
            games = 2 * sum(n for _, n in results) / args.runs
            cells.append(f"{accepted:.0f}%, {games:.0f}")
        print(f"| {elo:+g} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
