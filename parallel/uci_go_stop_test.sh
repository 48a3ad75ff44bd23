#!/bin/bash
# Runs uci_go_stop_test.py on the splitlab binary built in this test's configuration (opt, or the
# tsan/asan builds under --config=tsan / --config=asan). Extra arguments go to the script.
set -u
cd "${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}" 2>/dev/null || true
exec python3 parallel/uci_go_stop_test.py --binary ./splitlab --epd tests/data/middlegames.epd "$@"
