#!/usr/bin/env python3
"""Splitlab's Elo against Fairy-Stockfish at each Skill Level of a strength_vs_fairy.sh gauntlet,
and the level at which Splitlab would score 50%: a straight line through the per-level Elo
(weighted by 1 / error^2, the pentanomial errors of game pairs), solved for Elo 0, with the
interval where the line's 95% band crosses 0; and the linear interpolation between the
neighbouring levels where the Elo changes sign. Writes skill_levels.csv, prints a table, and
draws skill_levels.png when matplotlib is present. Each figure is also given with the games lost
by perpetual chase counted as draws: Debian's Fairy-Stockfish 11.1 has no chase rule (it came to
Fairy-Stockfish in 2022), so it repeats such positions expecting a draw.

  experiments/xiangqi/skill_level_fit.py experiments/xiangqi/strength-vs-fairy
"""
import csv
import json
import math
import os
import re
import sys


def levels_of(results):
    rows = []
    for p in results["pairings"]:
        m = re.fullmatch(r"Fairy-L(\d+)", p["second"])
        if p["first"] != "Splitlab" or not m:
            continue
        stats = p["pentanomial_elo"] if sum(p["pentanomial"]) else p["trinomial"]
        # A score of 0 or 100% has no finite Elo (results.json writes null): left out of the fit.
        elo = stats["elo"] if stats["elo"] is not None else math.nan
        error = stats["elo_error"] if stats["elo_error"] is not None else math.nan
        rows.append({"level": int(m.group(1)), "games": p["games"], "wins": p["wins"],
                     "draws": p["draws"], "losses": p["losses"],
                     "score": (p["wins"] + 0.5 * p["draws"]) / p["games"] if p["games"] else 0,
                     "elo": elo, "elo_error": error})
    return sorted(rows, key=lambda r: r["level"])


def pair_elo(pair_scores):
    """Elo and its 95% half-width from game pairs (each 0..2 points), as fastchess computes the
    pentanomial interval: the mean and variance of the per-game score of each pair."""
    n = len(pair_scores)
    if n == 0:
        return math.nan, math.nan
    per_game = [x / 2 for x in pair_scores]
    mean = sum(per_game) / n
    if mean <= 0 or mean >= 1:
        return math.nan, math.nan

    def elo(m):
        m = min(max(m, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / m - 1)
    se = math.sqrt(sum((x - mean) ** 2 for x in per_game) / n / n)
    return elo(mean), (elo(mean + 1.96 * se) - elo(mean - 1.96 * se)) / 2


def chase_rescored(results, rows):
    """Each level's Elo with the games lost by perpetual chase counted as draws. Fairy-Stockfish
    11.1 (Debian's) has no chase rule: for it every repetition without perpetual check is a draw
    (the rule came to Fairy-Stockfish in 2022), so those games are decided by a rule the
    opponent does not know. Adds chase_games, elo_chase_drawn and its error to each row."""
    pairs = {}
    chases = {}
    for g in results["games"]:
        opponent = g["black"] if g["white"] == "Splitlab" else g["white"]
        chase = "perpetual chase" in g["termination"]
        chases[opponent] = chases.get(opponent, 0) + chase
        if g["result"] == "1/2-1/2" or chase:
            points = 0.5
        else:
            points = 1.0 if (g["result"] == "1-0") == (g["white"] == "Splitlab") else 0.0
        pairs.setdefault((opponent, g["round"], g["pair"]), []).append(points)
    for r in rows:
        name = "Fairy-L%d" % r["level"]
        scores = [sum(v) for (o, _, _), v in pairs.items() if o == name and len(v) == 2]
        r["chase_games"] = chases.get(name, 0)
        r["elo_chase_drawn"], r["elo_chase_drawn_error"] = pair_elo(scores)


def weighted_line(rows):
    """Least squares Elo = a + b * level with weights 1/err^2; (a, b, covariance)."""
    rows = [r for r in rows if math.isfinite(r["elo"]) and math.isfinite(r["elo_error"])]
    w = [1 / max(r["elo_error"], 1e-9) ** 2 for r in rows]
    xs = [r["level"] for r in rows]
    ys = [r["elo"] for r in rows]
    # elo_error is a 95% half-width: 1.96 standard errors.
    w = [wi * 1.96 ** 2 for wi in w]
    sw, sx, sy = sum(w), sum(wi * x for wi, x in zip(w, xs)), sum(wi * y for wi, y in zip(w, ys))
    sxx = sum(wi * x * x for wi, x in zip(w, xs))
    sxy = sum(wi * x * y for wi, x, y in zip(w, xs, ys))
    det = sw * sxx - sx * sx
    b = (sw * sxy - sx * sy) / det
    a = (sy - b * sx) / sw
    cov = [[sxx / det, -sx / det], [-sx / det, sw / det]]
    return a, b, cov


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    with open(os.path.join(out, "results", "results.json")) as f:
        results = json.load(f)
    rows = levels_of(results)
    if not rows:
        sys.exit("skill_level_fit.py: no Splitlab-against-Fairy-L<level> games in " + out)
    print("%-6s %6s %5s %5s %5s %7s %16s" % ("level", "games", "W", "D", "L", "score", "Elo (95%)"))
    for r in rows:
        print("%-6d %6d %5d %5d %5d %6.1f%% %+7.1f +/- %5.1f" % (
            r["level"], r["games"], r["wins"], r["draws"], r["losses"], 100 * r["score"],
            r["elo"], r["elo_error"]))
    chase_rescored(results, rows)
    print("\nwith the games lost by perpetual chase counted as draws (Fairy-Stockfish 11.1 has no "
          "chase rule):")
    print("%-6s %12s %16s" % ("level", "chase games", "Elo (95%)"))
    for r in rows:
        print("%-6d %12d %+7.1f +/- %5.1f" % (r["level"], r["chase_games"], r["elo_chase_drawn"],
                                              r["elo_chase_drawn_error"]))
    summary = fit_summary(rows, "elo")
    drawn = [dict(r, elo=r["elo_chase_drawn"], elo_error=r["elo_chase_drawn_error"]) for r in rows]
    summary += "\nchase games drawn: " + fit_summary(drawn, "elo").replace("\n", "\nchase games drawn: ")
    print(summary)
    total = sum(r["games"] for r in rows)
    print("games: %d" % total)
    with open(os.path.join(out, "skill_levels.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    with open(os.path.join(out, "skill_levels.txt"), "w") as f:
        f.write(summary + "\ngames: %d\n" % total)
    plot(out, rows, total)


def fit_summary(rows, key):
    """The weighted line and the neighbouring-level interpolation, as text."""
    finite = [r for r in rows if math.isfinite(r[key])]
    if len(finite) < 2:
        return "fewer than two levels with a finite Elo: no line"
    a, b, cov = weighted_line(finite)
    summary = "line: Elo = %.1f %+.1f x level" % (a, b)
    if b < 0:
        level = -a / b
        # The 95% band of the line at x: 1.96 * sqrt(var(a) + 2x cov(a,b) + x^2 var(b)).
        def band(x):
            return 1.96 * math.sqrt(cov[0][0] + 2 * x * cov[0][1] + x * x * cov[1][1])
        xs = [i / 10 for i in range(-100, 400)]
        inside = [x for x in xs if a + b * x - band(x) <= 0 <= a + b * x + band(x)]
        summary += "; Splitlab scores 50%% at Skill Level %.1f" % level
        if inside:
            summary += " (95%% band crosses 0 between %.1f and %.1f)" % (min(inside), max(inside))
    else:
        summary += "; Elo does not fall with the level: no 50% level"
    # Skill Levels need not be evenly spaced in Elo (level 20 plays without any weakening): the
    # first sign change between neighbouring levels, interpolated linearly, says it without the
    # line's assumption.
    for lo, hi in zip(finite, finite[1:]):
        if lo["elo"] >= 0 > hi["elo"]:
            at = lo["level"] + (hi["level"] - lo["level"]) * lo["elo"] / (lo["elo"] - hi["elo"])
            summary += "\nbetween neighbouring levels: 50%% at Skill Level %.1f (levels %d and %d)" % (
                at, lo["level"], hi["level"])
            break
    return summary


def plot(out, rows, total):
    if sum(math.isfinite(r["elo"]) and math.isfinite(r["elo_error"]) for r in rows) < 2:
        return  # One level: the table says it all.
    a, b, _ = weighted_line(rows)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot (apt-get install python3-matplotlib)")
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.errorbar([r["level"] for r in rows], [r["elo"] for r in rows],
                yerr=[r["elo_error"] for r in rows], fmt="o", capsize=4, label="measured (95%)")
    ax.errorbar([r["level"] + 0.15 for r in rows], [r["elo_chase_drawn"] for r in rows],
                yerr=[r["elo_chase_drawn_error"] for r in rows], fmt="s", capsize=4, alpha=0.6,
                label="chase losses as draws")
    xs = [min(r["level"] for r in rows) - 1, max(r["level"] for r in rows) + 1]
    ax.plot(xs, [a + b * x for x in xs], "--", label="weighted line")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("Fairy-Stockfish Skill Level")
    ax.set_ylabel("Splitlab's Elo against it")
    ax.set_title("Xiangqi: Splitlab against Fairy-Stockfish (%d games)" % total)
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(out, "skill_levels.png"), dpi=120)


if __name__ == "__main__":
    main()
