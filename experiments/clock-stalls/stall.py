#!/usr/bin/env python3
"""Plants machine stalls: freezes a running engine for a fixed time at random moments.

A VM's stolen time or a burst of other work stops a process for tens of milliseconds, at any
moment: inside its search, while it writes its move, or while the GUI's "go" waits to be read.
This does the same on purpose, so that what an engine does about it can be measured: every
INTERVAL seconds on average (exponentially distributed), one process whose command line is
exactly one of ENGINE paths, chosen at random, gets SIGSTOP, and SIGCONT STALL ms later.
Runs until killed (SIGTERM/SIGINT); a stopped engine is always continued first.

    stall.py --stall-ms 80 --interval 0.5 /tmp/splitlab-old /tmp/splitlab-new
"""
import argparse
import os
import random
import signal
import sys
import time


def engine_pids(paths):
    """PIDs of processes whose argv is exactly one of `paths` (engines run without arguments)."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if len(argv) >= 1 and argv[0].decode(errors="replace") in paths and not any(argv[1:]):
            pids.append(int(entry))
    return pids


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engines", nargs="+", help="engine binary paths, as the runner starts them")
    parser.add_argument("--stall-ms", type=float, default=80.0)
    parser.add_argument("--interval", type=float, default=0.5, help="mean seconds between stalls")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", help="append one line per stall: time, pid, path")
    args = parser.parse_args()
    if args.stall_ms <= 0 or args.interval <= 0:
        sys.exit("stall.py: --stall-ms and --interval must be positive")
    rng = random.Random(args.seed)
    paths = set(args.engines)
    stopped = [None]

    def finish(*_):
        if stopped[0] is not None:
            try:
                os.kill(stopped[0], signal.SIGCONT)
            except ProcessLookupError:
                pass
        sys.exit(0)

    signal.signal(signal.SIGTERM, finish)
    signal.signal(signal.SIGINT, finish)
    log = open(args.log, "a", buffering=1) if args.log else None
    count = 0
    while True:
        time.sleep(rng.expovariate(1.0 / args.interval))
        pids = engine_pids(paths)
        if not pids:
            continue
        pid = rng.choice(pids)
        try:
            stopped[0] = pid
            os.kill(pid, signal.SIGSTOP)
            time.sleep(args.stall_ms / 1000.0)
            os.kill(pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
        stopped[0] = None
        count += 1
        if log:
            log.write(f"{time.time():.3f} {pid} {count}\n")


if __name__ == "__main__":
    main()
