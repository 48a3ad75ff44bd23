#!/usr/bin/python3
"""Summarises experiments/mpi-campaigns/run.sh's runs: OUT/results.csv, OUT/results.json, a
readable OUT/report.txt and OUT/throughput.png (instant games: games a second and rank 0's CPU
per game against the rank count).

Per run, from its results.json: the games this run, the runner's wall time and its process's
CPU time (rank 0's over MPI) with its main thread's and its game threads' shares, the games'
mean length, and runner_overhead_percent (the games' wall time not spent waiting for an engine,
measured on whichever rank played each game); from the ranks' reports on stderr, each other
rank's CPU, split between refereeing its games and its thread that talks MPI.

Three measures of the runner's cost, each against a game's length:
- overhead (the issue's: rank 0's bookkeeping and the messages): the in-game share plus the CPU
  of the threads that coordinate (rank 0's main thread: the schedule, the messages, the records;
  each other rank's thread that talks MPI), per game. In one process the records are written by
  the game threads, so there it is the in-game share plus the main thread (results.json);
- refereeing: the game threads' CPU per game (reading each engine line, keeping the clocks),
  which every runner pays for its games, over MPI or not;
- strict: the in-game share plus every runner thread's CPU per game (both of the above, and
  MPI's start). The in-game share and the CPU overlap (the runner's work between a bestmove and
  the next go is in both): the sums overstate, never hide.
usage: summarise.py OUT"""
import csv
import json
import os
import re
import sys

# What each rank but rank 0 prints on stderr at its end (bench/match/rank_player.cc).
RANK_LINE = re.compile(r"^rank (\d+) \((.*)\): played (\d+) games?; this process used ([0-9.]+) s "
                       r"of CPU \(refereeing ([0-9.]+) s, messages ([0-9.]+) s\)$")

COLUMNS = ["run", "kind", "ranks", "concurrency", "games", "wall_seconds", "games_per_second",
           "games_per_hour", "rank0_cpu_seconds", "rank0_cpu_ms_per_game",
           "rank0_capacity_games_per_second", "rank0_main_thread_cpu_seconds",
           "rank0_game_threads_cpu_seconds", "other_ranks_cpu_seconds",
           "other_ranks_refereeing_cpu_seconds", "other_ranks_messages_cpu_seconds",
           "mean_game_seconds", "in_game_overhead_percent", "coordination_percent",
           "refereeing_ms_per_game", "runner_overhead_percent", "strict_overhead_percent"]


def other_ranks(err_path):
    """The other ranks' reports: their runner processes' CPU seconds (engines apart), of which
    refereeing and messages."""
    total = refereeing = messages = 0.0
    try:
        with open(err_path) as f:
            for line in f:
                m = RANK_LINE.match(line.strip())
                if m:
                    total += float(m.group(4))
                    refereeing += float(m.group(5))
                    messages += float(m.group(6))
    except FileNotFoundError:
        pass
    return total, refereeing, messages


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
        others, others_refereeing, others_messages = other_ranks(
            os.path.join(out, name, "match.err"))
        main_thread = runner["main_thread_cpu_seconds"]
        game_threads = runner["game_threads_cpu_seconds"]

        def percent_of_games(seconds):
            return (100.0 * seconds / games / mean_game
                    if games and mean_game > 0 and not instant else 0.0)
        coordination = percent_of_games(main_thread + others_messages)
        strict = percent_of_games(cpu + others)
        rows.append({
            "run": name,
            "kind": "instant" if instant else "3+0.03",
            "ranks": runner["ranks"],
            "concurrency": data["config"]["concurrency"],
            "games": games,
            "wall_seconds": round(wall, 3),
            "games_per_second": round(games / wall, 2) if wall else 0,
            "games_per_hour": round(3600.0 * games / wall, 1) if wall else 0,
            "rank0_cpu_seconds": round(cpu, 3),
            "rank0_cpu_ms_per_game": round(1000.0 * cpu_per_game, 4),
            "rank0_capacity_games_per_second": round(1.0 / cpu_per_game) if cpu_per_game else 0,
            "rank0_main_thread_cpu_seconds": round(main_thread, 3),
            "rank0_game_threads_cpu_seconds": round(game_threads, 3),
            "other_ranks_cpu_seconds": round(others, 3),
            "other_ranks_refereeing_cpu_seconds": round(others_refereeing, 3),
            "other_ranks_messages_cpu_seconds": round(others_messages, 3),
            "mean_game_seconds": round(mean_game, 3),
            "in_game_overhead_percent": round(in_game, 4),
            "coordination_percent": round(coordination, 4),
            "refereeing_ms_per_game": round(1000.0 * (game_threads + others_refereeing) / games, 2)
            if games and not instant else 0.0,
            "runner_overhead_percent": round(in_game + coordination, 4),
            "strict_overhead_percent": round(in_game + strict, 4),
        })
    rows.sort(key=lambda r: (r["kind"], r["ranks"], r["concurrency"]))
    return rows


def report(rows):
    lines = ["%-25s %5s %4s %6s %8s %9s %8s %10s %10s %7s %9s %9s %9s" % (
        "run", "ranks", "conc", "games", "wall s", "games/s", "games/h", "rank0 ms/g",
        "capacity/s", "game s", "referee", "overhead%", "strict%")]
    for r in rows:
        timed = r["kind"] != "instant"
        lines.append("%-25s %5d %4d %6d %8.2f %9.1f %8.0f %10.4f %10d %7s %9s %9s %9s" % (
            r["run"], r["ranks"], r["concurrency"], r["games"], r["wall_seconds"],
            r["games_per_second"], r["games_per_hour"], r["rank0_cpu_ms_per_game"],
            r["rank0_capacity_games_per_second"],
            "%.2f" % r["mean_game_seconds"] if timed else "-",
            "%.1f" % r["refereeing_ms_per_game"] if timed else "-",
            "%.3f" % r["runner_overhead_percent"] if timed else "-",
            "%.3f" % r["strict_overhead_percent"] if timed else "-"))
    lines.append("rank0 ms/g: the runner process's CPU per game (rank 0's over MPI, engines apart); "
                 "capacity/s: the games a second one core of rank 0 could record at that cost; "
                 "referee: the game threads' CPU per game (ms), every rank's; overhead%: the "
                 "games' wall time not spent waiting for an engine plus the coordinating threads' "
                 "CPU (rank 0's main thread, the other ranks' MPI threads) per game against a "
                 "game's length (the target: under 1%); strict%: the same with every runner "
                 "thread's CPU, refereeing included")
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
