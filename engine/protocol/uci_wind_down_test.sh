#!/bin/bash
# Runs uci_wind_down_test.py on the splitlab binary built in this test's configuration. Bazel
# runs a test in its runfiles tree, which holds both (and third_party/tsan.supp, read by TSan).
set -u
[[ -x ./splitlab ]] || { echo "no splitlab binary in $PWD" >&2; exit 1; }
# The script bounds every wait itself (four minutes in all); `timeout` is the last resort.
# An argument picks a part: "only" the checks held to wall time, "skip" the others
# (run_tests' UCI_TEST_CLOCKED, engine/protocol/uci_test_support.py); none, every check.
[[ $# -gt 0 ]] && export UCI_TEST_CLOCKED="$1"
exec timeout --kill-after=5 280 python3 engine/protocol/uci_wind_down_test.py ./splitlab
