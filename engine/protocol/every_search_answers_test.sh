#!/bin/bash
# Runs every_search_answers_test.py on the splitlab binary built in this test's configuration.
set -u
[[ -x ./splitlab ]] || { echo "no splitlab binary in $PWD" >&2; exit 1; }
exec timeout --kill-after=5 600 python3 engine/protocol/every_search_answers_test.py ./splitlab
