#!/usr/bin/env python3
"""Where an engine's clock settles at a fast time control with increment.

One engine plays the start position against itself for up to 120 moves a side, each side on
its own clock: each `go` gets the clocks, the time from `go` to `bestmove` is charged to the
side to move as the match runner charges it, then the increment is added. Prints White's clock
every 10 moves, the lowest either clock fell to, and the delays the engine measured itself
(`debug on`: the charge beyond the time it meant to take). Used for the time-reserve entry of log.md; run it on an otherwise idle machine:

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
    parser.add_argument("--moves", type=int, default=120, help="moves per side (default 120)")
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
    send("debug on")  # The engine reports the delay it measures on each move.
    send("setoption name Hash value 16")
    send("setoption name SearchFeatures value " + args.features)
    send("ucinewgame")
    send("isready")
    wait_for("readyok")
    moves, lowest, every_ten, spent, delays = [], float("inf"), [], [], []
    clocks = [base_s * 1000, base_s * 1000]  # Each side's own clock, as in a game.
    inc = inc_s * 1000
    for ply in range(2 * args.moves):
        side = ply % 2
        send("position startpos moves " + " ".join(moves))
        started = time.perf_counter()
        send(f"go wtime {int(clocks[0])} btime {int(clocks[1])} winc {int(inc)} binc {int(inc)}")
        while True:  # The engine's own measure of the last move's delay comes before bestmove.
            line = wait_for("")
            if line.startswith("info string clock delay"):
                delays.append(int(line.split()[4]))
            elif line.startswith("info string clock margin"):
                print(line.strip())
            elif line.startswith("bestmove"):
                best = line.split()[1]
                break
        used = (time.perf_counter() - started) * 1000
        clocks[side] -= used
        lowest = min(lowest, clocks[side])
        if clocks[side] < 0:
            print(f"lost on time at ply {ply + 1}")
            break
        clocks[side] += inc
        if best == "(none)":
            break
        moves.append(best)
        if side == 0:
            spent.append(used)
            if len(spent) % 10 == 0:
                every_ten.append(int(clocks[0]))
    send("quit")
    per_ten = [round(sum(spent[i:i + 10]) / len(spent[i:i + 10])) for i in range(0, len(spent), 10)]
    print(f"{args.features}: clock every 10 moves (ms): {every_ten}; lowest {lowest:.0f} ms; "
          f"longest move {max(spent):.0f} ms")
    print(f"{args.features}: mean ms per move, by 10 moves: {per_ten}")
    if delays:
        print(f"{args.features}: delays the engine measured (GUI's charge beyond its own time, "
              f"{len(delays)} moves): mean {sum(delays) / len(delays):.1f} ms, "
              f"largest {max(delays)} ms")


if __name__ == "__main__":
    main()
