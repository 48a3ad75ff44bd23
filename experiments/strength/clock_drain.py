#!/usr/bin/env python3
"""Where an engine's clock settles at a fast time control with increment.

One engine plays the start position against itself for up to 120 plies, every move on one
clock: each `go` gets the clock, the time from `go` to `bestmove` is charged as the match
runner charges it, then the increment is added. Prints the clock every 10 moves and the lowest
it fell to. Used for the time-reserve entry of log.md; run it on an otherwise idle machine:

    experiments/strength/clock_drain.py ENGINE [SEARCHFEATURES] [--tc 3+0.03]
"""
import argparse
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("features", nargs="?", default="none")
    parser.add_argument("--tc", default="3+0.03", help="base+increment in seconds")
    args = parser.parse_args()
    try:
        base_s, inc_s = (float(x) for x in args.tc.split("+"))
    except ValueError:
        sys.exit(f"clock_drain.py: --tc '{args.tc}' is not BASE+INCREMENT in seconds")
    engine = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def wait_for(prefix):
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit("clock_drain.py: the engine exited")
            if line.startswith(prefix):
                return line

    send("uci")
    wait_for("uciok")
    send("setoption name Hash value 16")
    send("setoption name SearchFeatures value " + args.features)
    send("ucinewgame")
    send("isready")
    wait_for("readyok")
    moves, clock, lowest, every_ten, spent = [], base_s * 1000, float("inf"), [], []
    inc = inc_s * 1000
    for ply in range(120):
        send("position startpos moves " + " ".join(moves))
        started = time.perf_counter()
        send(f"go wtime {int(clock)} btime {int(clock)} winc {int(inc)} binc {int(inc)}")
        best = wait_for("bestmove").split()[1]
        used = (time.perf_counter() - started) * 1000
        spent.append(used)
        clock -= used
        lowest = min(lowest, clock)
        if clock < 0:
            print(f"lost on time at ply {ply + 1}")
            break
        clock += inc
        if best == "(none)":
            break
        moves.append(best)
        if ply % 10 == 9:
            every_ten.append(int(clock))
    send("quit")
    per_ten = [round(sum(spent[i:i + 10]) / len(spent[i:i + 10])) for i in range(0, len(spent), 10)]
    print(f"{args.features}: clock every 10 moves (ms): {every_ten}; lowest {lowest:.0f} ms; "
          f"longest move {max(spent):.0f} ms")
    print(f"{args.features}: mean ms per move, by 10 moves: {per_ten}")


if __name__ == "__main__":
    main()
