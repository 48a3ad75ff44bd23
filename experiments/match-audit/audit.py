#!/usr/bin/env python3
"""Faults by engine in every committed match: time losses, illegal moves, crashes, stalls.

Issue 9's target is 0 illegal moves, 0 crashes and 0 time losses by Splitlab in every committed
match, with Move Overhead at its default. This reads each results.json that git tracks (the
runner's own record, not the PGN), charges each fault to the engine that lost the game by it,
and says under which clock code and machine conditions it came, so that the figure can be read
for the engine of today and for the history apart.

  experiments/match-audit/audit.py [--out DIR]      (from the repository root)

Writes DIR/faults.csv (one row per engine per match) and prints a table; DIR defaults to
experiments/match-audit.
"""
import argparse
import csv
import json
import os
import subprocess
import sys

# engines.txt, the record sprt.sh's gate keeps beside a match, is read by the gate's own parser.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "strength"))
from engine_build_check import read_record  # noqa: E402

FAULT_TAGS = {
    "time forfeit": "time_losses",
    "illegal move": "illegal_moves",
    "abandoned": "crashes",
    "stalled connection": "stalls",
}

# The first commit whose clock margin follows the delays it measures (ClockDelayMonitor); the
# time management of today. A Splitlab binary built from it or later has it.
DELAY_MONITOR_COMMIT = "de8330f"

# The first commit whose Move Overhead default is 150 ms, once one is (strength log, entry 13);
# 50 ms before it. A match's engines ran with their build's default unless an option set it.
OVERHEAD_150_COMMIT = None

# Matches played on a machine that was not idle, on purpose or by mistake, with the document
# that says so. Every other committed match ran with nothing else on the machine.
LOADED = {
    "experiments/clock-stalls/delay-margin-80ms":
        "planted 80 ms SIGSTOP stalls every 0.5 s (experiments/clock-stalls/README.md)",
    "experiments/second-thread/ybwc-under-load":
        "builds and tests beside the match (experiments/second-thread/README.md)",
    "experiments/strength/sprt/texel-tuned-1":
        "a bazel test run beside the match at SCHED_IDLE (strength log, entry 8)",
}

# Which commit each binary was built from, where its path does not say it (the same path held
# different builds in different matches). Taken from the strength log and the READMEs.
BINARY_COMMITS = {
    ("experiments/strength/sprt/lmp", "/tmp/splitlab-HEAD"): "4cb3ffa",
    ("experiments/strength/sprt/texel-tuned-1", "/tmp/splitlab-tuned1"): "976b30d",
    ("experiments/strength/sprt/futility-tuned1", "/tmp/splitlab-tuned1"): "4230208",
    ("experiments/strength/sprt/time-floor", "/tmp/splitlab-floor"): "066c458",
    ("experiments/clock-stalls/delay-margin-80ms", "/tmp/splitlab-new"): "de8330f",
    ("experiments/clock-stalls/delay-margin-80ms", "/tmp/splitlab-old"): "03fb59c",
    ("experiments/xiangqi/strength-vs-fairy", "/tmp/splitlab-xq"): "8aee09c",
    ("experiments/strength/tuner/selfplay-xiangqi", "/tmp/splitlab-xq-hand"): "840a7f3",
    ("experiments/strength/sprt/xiangqi-tuned-eval", "/tmp/splitlab-xq-hand"): "840a7f3",
    ("experiments/strength/sprt/xiangqi-tuned-eval", "/tmp/splitlab-xq-tuned"): "4c69e43",
    ("experiments/xiangqi/strength-vs-fairy-tuned", "/tmp/splitlab-xq-final"): "4c69e43",
    ("experiments/xiangqi/strength-vs-fairy-full", "/tmp/splitlab-xq-final"): "4c69e43",
    # The runner records the work tree's commit; these SPRTs ran a binary built before it.
    ("experiments/strength/sprt/iir", "/tmp/splitlab-head"): "1a11a0f",
    ("experiments/strength/sprt/smart-time", "/tmp/splitlab-head"): "1a11a0f",
    ("experiments/strength/sprt/xiangqi-iir", "/tmp/splitlab-head"): "1a11a0f",
    ("experiments/strength/sprt/move-overhead-150", "/tmp/splitlab-head"): "1a11a0f",
}


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True)


def built_from(match_dir, cmd, runner_commit):
    """The commit a Splitlab binary was built from, or None for another engine."""
    base = os.path.basename(cmd)
    if "splitlab" not in base:
        return None
    if (match_dir, cmd) in BINARY_COMMITS:
        return BINARY_COMMITS[(match_dir, cmd)]
    recorded = recorded_build(match_dir, cmd)
    if recorded:
        return recorded
    suffix = base[len("splitlab-"):] if base.startswith("splitlab-") else ""
    if suffix and git("rev-parse", "--verify", "--quiet", suffix + "^{commit}").returncode == 0:
        return suffix
    return runner_commit[:7]  # bazel-bin/splitlab: the runner is the engine


def recorded_build(match_dir, cmd):
    """The commit sprt.sh's gate recorded for a binary (engines.txt), with '+' for a build of a
    work tree with changes (entry 2's base: f526395 with entry2_base.patch); None without one."""
    record_path = os.path.join(match_dir, "engines.txt")
    if not os.path.exists(record_path):
        return None
    for engine in read_record(record_path).values():
        if engine["path"] == cmd:
            return engine["commit"][:7] + ("+" if engine["commit"].endswith("+dirty") else "")
    return None


def is_ancestor(ancestor, commit):
    # A '+' build holds its commit's history, so the question is asked of the commit.
    return git("merge-base", "--is-ancestor", ancestor, commit.rstrip("+")).returncode == 0


def has_delay_monitor(commit):
    return is_ancestor(DELAY_MONITOR_COMMIT, commit)


def move_overhead_ms(options, commit):
    """The Move Overhead an engine ran with: its option, or its build's default."""
    if "Move Overhead" in options:
        return int(options["Move Overhead"])
    return 150 if OVERHEAD_150_COMMIT and is_ancestor(OVERHEAD_150_COMMIT, commit) else 50


def audit(path):
    with open(path) as f:
        data = json.load(f)
    if "config" not in data or "games" not in data:
        return []  # not a match (the table benchmarks share the file name)
    match_dir = os.path.dirname(os.path.dirname(path))
    if os.path.basename(os.path.dirname(path)) != "results":
        match_dir = os.path.dirname(path)
    rows = {}
    for engine in data["config"]["engines"]:
        commit = built_from(match_dir, engine["cmd"], data.get("commit", ""))
        options = engine.get("options", {})
        overhead = options.get("Move Overhead", "default")
        rows[engine["name"]] = {
            "match": match_dir, "engine": engine["name"], "splitlab": commit is not None,
            "commit": commit or "", "delay_monitor": bool(commit and has_delay_monitor(commit)),
            "move_overhead": overhead,
            "overhead_ms": move_overhead_ms(options, commit) if commit else "",
            "tc": engine["time_control"]["tc"],
            "conditions": LOADED.get(match_dir, "idle"), "games": 0,
            **{field: 0 for field in FAULT_TAGS.values()},
        }
    for game in data["games"]:
        for side in ("white", "black"):
            rows[game[side]]["games"] += 1
        field = FAULT_TAGS.get(game.get("termination_tag"))
        if field is None:
            continue
        if game["result"] == "1/2-1/2":
            sys.exit(f"{path}: game {game['index']} is a {field} fault and a draw")
        loser = game["black"] if game["result"] == "1-0" else game["white"]
        rows[loser][field] += 1
        if field == "time_losses" and rows[loser]["splitlab"]:
            side = "black" if game["result"] == "1-0" else "white"
            TIME_LOSSES.append((match_dir, game["index"], loser, game["plies"],
                                game.get(side + "_lowest_clock_ms"),
                                game.get(side + "_largest_unseen_delay_ms"),
                                game.get("forfeit_clock_ms"), game.get("forfeit_move_ms"),
                                game.get("forfeit_engine_ms")))
    return list(rows.values())


# Every time loss by Splitlab: (match, game, engine, plies, lowest clock, largest unseen delay,
# the losing move's clock, its time and the engine's own time in it); the last five only from
# runners that record them (bench/match/game_record.h), else None.
TIME_LOSSES = []


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="experiments/match-audit")
    args = parser.parse_args()
    files = git("ls-files", "*results.json").stdout.split()
    if not files:
        sys.exit("audit.py: no committed results.json (run it from the repository root)")
    rows = [row for path in files for row in audit(path)]
    fields = list(rows[0].keys())
    with open(os.path.join(args.out, "faults.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)

    print(f"{'match':<48} {'engine':<18} {'commit':<8} {'mon':<3} {'games':>5} "
          f"{'time':>4} {'ill':>3} {'crash':>5} {'stall':>5}  conditions")
    for r in rows:
        if not r["splitlab"]:
            continue
        print(f"{r['match'][12:]:<48} {r['engine']:<18} {r['commit']:<8} "
              f"{'yes' if r['delay_monitor'] else 'no':<3} {r['games']:>5} {r['time_losses']:>4} "
              f"{r['illegal_moves']:>3} {r['crashes']:>5} {r['stalls']:>5}  {r['conditions'][:40]}")

    def total(select):
        chosen = [r for r in rows if r["splitlab"] and select(r)]
        # Self-play rows count each game twice (once per side); faults are charged once.
        games = sum(r["games"] for r in chosen)
        faults = {f: sum(r[f] for r in chosen) for f in FAULT_TAGS.values()}
        return games, faults

    print()
    def today_idle(r):
        return r["delay_monitor"] and r["conditions"] == "idle"

    groups = [
        ("every committed match", lambda r: True),
        ("today's clock code (delay monitor), idle machine", today_idle),
        ("today's clock code, loaded machine",
         lambda r: r["delay_monitor"] and r["conditions"] != "idle"),
        ("older clock code, idle machine",
         lambda r: not r["delay_monitor"] and r["conditions"] == "idle"),
        ("older clock code, loaded machine",
         lambda r: not r["delay_monitor"] and r["conditions"] != "idle"),
        ("Move Overhead not at its build's default", lambda r: r["move_overhead"] != "default"),
        ("Move Overhead 150 ms (entry 13's new side)", lambda r: r["overhead_ms"] == 150),
    ]
    def print_by_time_control(select):
        # The clock settles near Move Overhead plus a share of the increment, so a stall the
        # engine cannot see forfeits mostly where the increment is small.
        chosen = [r for r in rows if r["splitlab"] and select(r)]
        for tc in sorted({r["tc"] for r in chosen},
                         key=lambda tc: [float(x) for x in tc.split("+")]):
            print_total("  of which at " + tc, lambda r: select(r) and r["tc"] == tc)

    def print_total(label, select):
        games, faults = total(select)
        print(f"{label:<50} engine-games {games:>6}  " +
              "  ".join(f"{k.replace('_', ' ')} {v}" for k, v in faults.items()))

    for label, select in groups:
        print_total(label, select)
        if select is today_idle:
            print_by_time_control(select)
    other = [r for r in rows if not r["splitlab"]]
    print(f"{'other engines (Glaurung, Toga, Stockfish, Fairy)':<50} engine-games "
          f"{sum(r['games'] for r in other):>6}  " +
          "  ".join(f"{k.replace('_', ' ')} {sum(r[k] for r in other)}" for k in FAULT_TAGS.values()))
    # -1 for both: a row from before the runner recorded them, read back by a newer runner that
    # resumed the match (results_store.cc keeps the 22-field lines of older runs).
    recorded = [t for t in TIME_LOSSES if t[4] is not None and (t[4], t[5]) != (-1, -1)]
    if recorded:
        print("\nTime losses by Splitlab whose runner recorded the clocks (lowest clock a move of the"
              "\nloser started on; largest charge beyond the engine's own reported time):")
        for match, index, engine, plies, lowest, unseen, clock, took, own in recorded:
            losing_move = ""
            if took is not None and took >= 0:
                losing_move = (f"; the losing move took {took} ms with {clock} ms left"
                               f" ({own} ms by the engine's own clock)")
            print(f"  {match[12:]} game {index} ({engine}, {plies} plies): "
                  f"lowest clock {lowest} ms, largest unseen delay {unseen} ms{losing_move}")


if __name__ == "__main__":
    main()
