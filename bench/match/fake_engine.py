#!/usr/bin/env python3
"""A misbehaving UCI engine for match_cli_test: it relays a real engine (so that its moves are
legal) and misbehaves on its second "go" of every game, as MODE says:
  illegal  answers "bestmove e1e8"
  crash    exits
  hang     never answers again (and ignores "stop")
  late     answers 0.9 s after "go", whatever its time (past st=0.3 plus a 0.2 s margin,
           within the runner's 1 s grace after "stop")
Each start appends "start PID" to LOG, each "ucinewgame" "newgame PID".  usage: fake_engine.py MODE LOG REAL_ENGINE
"""
import os
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
        elif gos == 2 and mode == "late":
            to_child(line)
            best = relay_until("bestmove", hold=True)
            time.sleep(max(0.0, 0.9 - (time.monotonic() - start)))
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
