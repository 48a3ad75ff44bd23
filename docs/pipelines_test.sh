#!/bin/bash
# Runs pipelines_test.py from the runfiles root, which holds the pages, the binary, the book the
# pages name and pipelined_sequences.py, laid out as in the repository.
set -u
[[ -x ./splitlab ]] || { echo "no splitlab binary in $PWD" >&2; exit 1; }
exec timeout --kill-after=5 300 python3 docs/pipelines_test.py ./splitlab
