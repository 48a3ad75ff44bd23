#!/usr/bin/python3
"""The protocol soak's canary: runs the real engine (SOAK_CANARY_BINARY) with this script's
arguments and passes its output on, except that the third `bestmove` names a move that is never
legal (a1a1). protocol_soak.py run against it must fail; if it passed, its legality check would
prove nothing."""
import os
import subprocess
import sys
import threading

engine = subprocess.Popen([os.environ["SOAK_CANARY_BINARY"], *sys.argv[1:]], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True, bufsize=1)


def forward_input():
    for line in sys.stdin:
        try:
            engine.stdin.write(line)
            engine.stdin.flush()
        except (BrokenPipeError, OSError):
            break
    try:
        engine.stdin.close()
    except OSError:
        pass


threading.Thread(target=forward_input, daemon=True).start()
answers = 0
for line in engine.stdout:
    if line.startswith("bestmove"):
        answers += 1
        if answers == 3:
            line = "bestmove a1a1\n"
    sys.stdout.write(line)
    sys.stdout.flush()
sys.exit(engine.wait())
