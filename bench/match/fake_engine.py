#!/usr/bin/env python3
"""A misbehaving UCI engine for match_cli_test: it relays a real engine (so that its moves are
legal) and misbehaves on its second "go" of every game, as MODE says:
  illegal  answers "bestmove e1e8"
  crash    exits
  hang     never answers again (and ignores "stop")
  late     answers 1.5 s after "go", whatever its time (past st=0.3 plus the 0.7 s margin
           match_cli_test gives it, within the runner's 1 s grace after "stop")
  stall    stops itself (SIGSTOP) for good: a stall it cannot see, longer than any clock
  sigkill  passes "go" on, then its search process and itself are killed (SIGKILL) mid-search
  hugeline writes an "info string" line of 1 MB, then answers as the real engine does
  closeout closes its output and lives on, answering nothing, until it is killed
  slowstart waits 2.5 s before its "uciok" (a slow start, as a sanitized build's on a loaded
           machine), then plays as the real engine
Each start appends "start PID" to LOG, each "ucinewgame" "newgame PID".  usage: fake_engine.py MODE LOG REAL_ENGINE
"""
import os
import signal
import subprocess
import sys
import time

mode, log, real = sys.argv[1:4]
with open(log, "a") as f:
    f.write("start %d\n" % os.getpid())
child = subprocess.Popen([real], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1)


def to_child(line):
    child.stdin.write(line + "\n")
    child.stdin.flush()


def relay_until(prefix, hold=False):
    """Copies the child's lines out until one starts with prefix; returns it (not copied if hold)."""
    while True:
        line = child.stdout.readline()
        if not line:
            sys.exit(1)
        line = line.rstrip("\n")
        if line.startswith(prefix) and hold:
            return line
        print(line, flush=True)
        if line.startswith(prefix):
            return line


gos = 0
for raw in sys.stdin:
    line = raw.strip()
    word = line.split()[0] if line else ""
    if word == "uci":
        to_child(line)
        if mode == "slowstart":
            time.sleep(2.5)
        relay_until("uciok")
    elif word == "isready":
        to_child(line)
        relay_until("readyok")
    elif word == "ucinewgame":
        gos = 0
        with open(log, "a") as f:
            f.write("newgame %d\n" % os.getpid())
        to_child(line)
    elif word == "go":
        gos += 1
        start = time.monotonic()
        if gos == 2 and mode == "illegal":
            print("bestmove e1e8", flush=True)
        elif gos == 2 and mode == "crash":
            child.kill()
            os._exit(3)
        elif gos == 2 and mode == "hang":
            time.sleep(3600)
        elif gos == 2 and mode == "stall":
            os.kill(os.getpid(), signal.SIGSTOP)
            time.sleep(3600)  # Only if continued: still no answer.
        elif gos == 2 and mode == "sigkill":
            to_child(line)
            time.sleep(0.05)
            child.kill()
            os.kill(os.getpid(), signal.SIGKILL)
        elif gos == 2 and mode == "hugeline":
            print("info string " + "x" * (1 << 20), flush=True)
            to_child(line)
            relay_until("bestmove")
        elif gos == 2 and mode == "closeout":
            sys.stdout.flush()
            os.close(1)
            time.sleep(3600)  # Alive, answering nothing, until killed.
        elif gos == 2 and mode == "late":
            to_child(line)
            best = relay_until("bestmove", hold=True)
            time.sleep(max(0.0, 1.5 - (time.monotonic() - start)))
            print(best, flush=True)
        else:
            to_child(line)
            relay_until("bestmove")
    elif word == "quit":
        to_child(line)
        break
    elif word != "stop":  # The child is idle whenever "stop" comes.
        to_child(line)
child.wait(timeout=5)
