#!/usr/bin/python3
"""Plots an SPRT's course from the sprt.csv that `splitlab match --sprt ... --out DIR` writes:
the log-likelihood ratio against games with its two bounds (H0 below, H1 above), and the Elo
with its 95% interval against games beside the test's elo0 and elo1 (sprt.csv -> sprt.png)."""
import argparse
import csv
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    bounds, rows = {}, []
    with open(path, newline="") as f:
        lines = []
        for line in f:
            if line.startswith("#"):
                key, _, value = line[1:].partition(":")
                bounds[key.strip()] = float(value)
            else:
                lines.append(line)
    for r in csv.DictReader(lines):
        rows.append({k: float(v) for k, v in r.items()})
    if not rows or "llr" not in rows[0]:
        raise ValueError("no rows of games, llr, lower, upper, elo")
    return bounds, rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("course", help="sprt.csv written by splitlab match")
    parser.add_argument("--out", default=None, help="PNG path (default: sprt.png beside it)")
    parser.add_argument("--title", default=None)
    args = parser.parse_args()
    try:
        bounds, rows = read(args.course)
    except (OSError, KeyError, ValueError) as e:
        print(f"plot_sprt: cannot read {args.course}: {e}", file=sys.stderr)
        return 2
    games = [r["games"] for r in rows]
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(9, 7))
    top.plot(games, [r["llr"] for r in rows], color="tab:blue", linewidth=1.2, label="LLR")
    top.axhline(rows[-1]["upper"], color="tab:green", linestyle="--", label="H1 bound")
    top.axhline(rows[-1]["lower"], color="tab:red", linestyle="--", label="H0 bound")
    top.axhline(0, color="black", linewidth=0.6)
    top.set_ylabel("log-likelihood ratio")
    top.legend(loc="upper left", fontsize=8)
    top.grid(alpha=0.3)
    finite = [r for r in rows if all(math.isfinite(r[k]) for k in ("elo", "elo_low", "elo_high"))]
    if finite:
        x = [r["games"] for r in finite]
        bottom.fill_between(x, [r["elo_low"] for r in finite], [r["elo_high"] for r in finite],
                            color="tab:blue", alpha=0.2, label="95% interval")
        bottom.plot(x, [r["elo"] for r in finite], color="tab:blue", linewidth=1.2, label="Elo")
    for key, color in (("elo0", "tab:red"), ("elo1", "tab:green")):
        if key in bounds:
            bottom.axhline(bounds[key], color=color, linestyle="--", label=f"{key} {bounds[key]:g}")
    bottom.set_ylabel("Elo (new against base)")
    bottom.set_xlabel("games")
    bottom.legend(loc="upper right", fontsize=8)
    bottom.grid(alpha=0.3)
    last = rows[-1]
    title = args.title or (f"SPRT [{bounds.get('elo0', float('nan')):g}, "
                           f"{bounds.get('elo1', float('nan')):g}]: LLR {last['llr']:.2f} at "
                           f"{int(last['games'])} games, Elo {last['elo']:+.1f}")
    fig.suptitle(title)
    fig.tight_layout()
    out = args.out or os.path.join(os.path.dirname(args.course) or ".", "sprt.png")
    fig.savefig(out, dpi=110)
    print(f"plot_sprt: wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
