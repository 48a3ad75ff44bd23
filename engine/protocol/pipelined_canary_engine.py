#!/usr/bin/python3
"""Canaries for every_search_answers_test.py: runs the real engine (PIPELINED_CANARY_BINARY) with
this script's arguments and passes its input and output on, planting one defect
(PIPELINED_CANARY):

  silent-quit   no answer once quit or the end of input has come (Splitlab before issue 70);
  unsearched    no `info depth` line: every answer looks like a move no iteration searched;
  double-stop   the answer to a search ended by stop is printed twice.

The test's checks must catch each; if one passed, its silence would prove nothing."""
import os
import subprocess
import sys
import threading

MODE = os.environ["PIPELINED_CANARY"]
engine = subprocess.Popen([os.environ["PIPELINED_CANARY_BINARY"], *sys.argv[1:]],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
leaving = threading.Event()  # quit or the end of input has been passed on.
stopped = threading.Event()  # a stop has been passed on since the last answer.


def forward_input():
    for line in sys.stdin:
        if line.strip() == "stop":
            stopped.set()
        if line.strip() == "quit":
            leaving.set()
        try:
            engine.stdin.write(line)
            engine.stdin.flush()
        except (BrokenPipeError, OSError):
            break
    leaving.set()
    try:
        engine.stdin.close()
    except OSError:
        pass


threading.Thread(target=forward_input, daemon=True).start()
for line in engine.stdout:
    if MODE == "unsearched" and line.startswith("info depth"):
        continue
    if line.startswith("bestmove"):
        if MODE == "silent-quit" and leaving.is_set():
            continue
        if MODE == "double-stop" and stopped.is_set():
            sys.stdout.write(line)
        stopped.clear()
    sys.stdout.write(line)
    sys.stdout.flush()
sys.exit(engine.wait())
