#!/usr/bin/python3
"""Summarises experiments/mpi-campaigns/run.sh's runs: OUT/results.csv, OUT/results.json, a
readable OUT/report.txt and OUT/throughput.png (instant games: games a second and rank 0's CPU
per game against the rank count).

Per run, from its results.json: the games this run, the runner's wall time and its process's
CPU time (rank 0's over MPI), the games' mean length, and runner_overhead_percent (the games'
wall time not spent waiting for an engine, measured on whichever rank played each game).
usage: summarise.py OUT"""
import csv
import json
import os
import re
import sys

# What each rank but rank 0 prints on stderr at its end (bench/match/rank_player.cc).
RANK_LINE = re.compile(r"^rank (\d+) \((.*)\): played (\d+) games; this process used ([0-9.]+) s of CPU$")

COLUMNS = ["run", "kind", "ranks", "games", "wall_seconds", "games_per_second", "games_per_hour",
           "rank0_cpu_seconds", "rank0_cpu_ms_per_game", "rank0_capacity_games_per_second",
           "other_ranks_cpu_seconds", "mean_game_seconds", "in_game_overhead_percent",
           "runners_share_percent", "runner_overhead_percent"]


def other_ranks_cpu(err_path):
    """The CPU seconds the other ranks' runner processes reported (engines apart)."""
    total = 0.0
    try:
        with open(err_path) as f:
            for line in f:
                m = RANK_LINE.match(line.strip())
                if m:
                    total += float(m.group(4))
    except FileNotFoundError:
        pass
    return total


def load(out):
    rows = []
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name, "results.json")
        if not os.path.isfile(path):
            continue
        with open(path) as f:
            data = json.load(f)
        runner = data.get("runner")
        if not runner or not data.get("complete"):
            print("summarise: %s is not a complete run with the runner's figures" % path,
                  file=sys.stderr)
            continue
        build = data.get("build", {})
        if build.get("compilation_mode") != "opt" or build.get("sanitizers") != "none":
            print("summarise: %s was run by a %s build with sanitizers %s: its times are not the "
                  "runner's; rebuild with bazel build -c opt //:splitlab" % (
                      path, build.get("compilation_mode"), build.get("sanitizers")),
                  file=sys.stderr)
            sys.exit(1)
        games = runner["games_this_run"]
        wall = runner["wall_seconds"]
        cpu = runner["cpu_seconds"]
        games_rows = data["games"] if isinstance(data["games"], list) else []  # Left out: instant.
        lengths = [g["wall_ms"] / 1000.0 for g in games_rows]
        mean_game = sum(lengths) / len(lengths) if lengths else 0.0
        cpu_per_game = cpu / games if games else 0.0
        instant = name.startswith("instant")
        in_game = 0.0 if instant else data["runner_overhead_percent"]
        others = other_ranks_cpu(os.path.join(out, name, "match.err"))
        # The runners' CPU per game (rank 0's bookkeeping and messages, the other ranks' messages
        # and refereeing) against a game's length. Part of it is already in the in-game figure
        # (the runner's work between a bestmove and the next go): the sum overstates, never hides.
        share = (100.0 * (cpu + others) / games / mean_game
                 if games and mean_game > 0 and not instant else 0.0)
        rows.append({
            "run": name,
            "kind": "instant" if instant else "3+0.03",
            "ranks": runner["ranks"],
            "games": games,
            "wall_seconds": round(wall, 3),
            "games_per_second": round(games / wall, 2) if wall else 0,
            "games_per_hour": round(3600.0 * games / wall, 1) if wall else 0,
            "rank0_cpu_seconds": round(cpu, 3),
            "rank0_cpu_ms_per_game": round(1000.0 * cpu_per_game, 4),
            "rank0_capacity_games_per_second": round(1.0 / cpu_per_game) if cpu_per_game else 0,
            "other_ranks_cpu_seconds": round(others, 3),
            "mean_game_seconds": round(mean_game, 3),
            "in_game_overhead_percent": round(in_game, 4),
            "runners_share_percent": round(share, 4),
            "runner_overhead_percent": round(in_game + share, 4),
        })
    rows.sort(key=lambda r: (r["kind"], r["ranks"]))
    return rows


def report(rows):
    lines = ["%-16s %6s %7s %9s %10s %10s %12s %12s %10s %10s" % (
        "run", "ranks", "games", "wall s", "games/s", "games/h", "rank0 ms/g", "capacity/s",
        "game s", "overhead%")]
    for r in rows:
        lines.append("%-16s %6d %7d %9.2f %10.1f %10.0f %12.4f %12d %10.2f %10s" % (
            r["run"], r["ranks"], r["games"], r["wall_seconds"], r["games_per_second"],
            r["games_per_hour"], r["rank0_cpu_ms_per_game"], r["rank0_capacity_games_per_second"],
            r["mean_game_seconds"],
            "-" if r["kind"] == "instant" else "%.3f" % r["runner_overhead_percent"]))
    lines.append("rank0 ms/g: the runner process's CPU per game (rank 0's over MPI, engines apart); "
                 "capacity/s: the games a second one core of rank 0 could record at that cost; "
                 "overhead%: the games' wall time not spent waiting for an engine, plus every "
                 "rank's runner CPU per game against a game's length (the target: under 1%)")
    return "\n".join(lines) + "\n"


def plot(rows, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("summarise: no matplotlib, no plot", file=sys.stderr)
        return
    instant = sorted((r for r in rows if r["kind"] == "instant"), key=lambda r: r["ranks"])
    if not instant:
        return
    fig, left = plt.subplots(figsize=(7, 4.5))
    ranks = [r["ranks"] for r in instant]
    left.plot(ranks, [r["games_per_second"] for r in instant], "o-", color="tab:blue",
              label="games recorded a second")
    left.plot(ranks, [r["rank0_capacity_games_per_second"] for r in instant], "s--",
              color="tab:green", label="rank 0's capacity (1 / its CPU per game)")
    left.axhline(1000, color="tab:red", linestyle=":", label="target: 1,000 games a second")
    left.set_xscale("log", base=2)
    left.set_yscale("log")
    left.set_xlabel("MPI ranks (oversubscribed on one machine), one instant game at a time each")
    left.set_ylabel("games a second")
    left.set_title("Rank 0 as the coordinator of instant games")
    left.legend(loc="best", fontsize=8)
    left.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    out = sys.argv[1]
    rows = load(out)
    if not rows:
        print("summarise: no complete run in %s" % out, file=sys.stderr)
        sys.exit(1)
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(rows, f, indent=2)
    text = report(rows)
    with open(os.path.join(out, "report.txt"), "w") as f:
        f.write(text)
    plot(rows, os.path.join(out, "throughput.png"))
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
