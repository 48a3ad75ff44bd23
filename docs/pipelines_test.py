#!/usr/bin/python3
"""The documentation's engine pipelines work as written, without a `sleep` (issue 70 item 4).

Every `printf '...' | bazel-bin/splitlab [ucci]` line in a shell block of README.md and docs/*.md
is run as written, from the repository root, against the binary built in this test's
configuration: it must end by itself with exit status 0; every search it starts must be answered
once, after a completed depth, legally (pipelined_sequences.py's checks); a `go depth N` must
report depth N, and a `go movetime T` must have searched for at least half of T, so that the end
of input did not cut the search short. A pipeline that still needs a `sleep`, or a doc without a
pipeline this script can read, fails the test.

Under a sanitizer the doc's searches (depth 16 at two threads) would take minutes: skipped
there, with a line that says so; the behaviour itself is checked there by
//engine/protocol:every_search_answers_test.
"""
import os
import re
import sys

ROOT = os.environ.get("DOCS_ROOT", ".")
sys.path.insert(0, os.path.join(ROOT, "engine", "protocol"))
from pipelined_sequences import (CHESS_FENS, XIANGQI_FENS, Oracle, check_outcome,  # noqa: E402
                                 expected_answers, run_sequence)

PIPELINE = re.compile(r"^\(?\s*printf '([^']*)'.*\|\s*bazel-bin/splitlab(\s+ucci)?\s*$")
PAGES = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(ROOT, "docs"))
                               if f.endswith(".md"))


def shell_lines(path):
    """The lines of the ```sh blocks of a Markdown page."""
    lines, inside = [], False
    with open(os.path.join(ROOT, path)) as f:
        for line in f:
            if line.startswith("```"):
                inside = line.strip() in ("```sh", "```bash")
                continue
            if inside:
                lines.append(line.rstrip("\n"))
    return lines


def main():
    if any(name in os.environ for name in ("TSAN_OPTIONS", "ASAN_OPTIONS")):
        print("skipped under a sanitizer: the pages' searches are sized for an optimised build")
        return 0
    binary = os.path.abspath(sys.argv[1])
    failures, checked = [], 0
    oracles = {"chess": Oracle(binary, "chess"), "xiangqi": Oracle(binary, "xiangqi")}
    for page in PAGES:
        for text in shell_lines(page):
            if "bazel-bin/splitlab" not in text or "printf" not in text:
                continue
            if "sleep" in text:
                failures.append("%s: a pipeline still needs a sleep: %s" % (page, text))
                continue
            m = PIPELINE.match(text)
            if not m:
                failures.append("%s: a pipeline this test cannot read: %s" % (page, text))
                continue
            ucci = bool(m.group(2))
            lines = [l for l in m.group(1).split("\\n") if l]
            variant = any("UCI_Variant value xiangqi" in l for l in lines)
            start_fen = XIANGQI_FENS[0] if ucci or variant else CHESS_FENS[0]
            # Xiangqi over UCI numbers ranks 1..10; the oracle speaks 0..9: count only.
            oracle = None if variant else oracles["xiangqi" if ucci else "chess"]
            argv = [binary] + (["ucci"] if ucci else [])
            outcome = run_sequence(argv, lines, None, timeout=120.0)
            problems = check_outcome(outcome, lines, start_fen, oracle, ucci)
            depths = [int(l.split()[2]) for l in outcome.output if l.startswith("info depth ")]
            totals = [l.split() for l in outcome.output if l.startswith("info nodes ")]
            for go, _ in expected_answers(lines, start_fen):
                w = go.split()
                from_book = any(l.startswith("info string book move") for l in outcome.output)
                if "depth" in w and w[w.index("depth") + 1].isdigit() and not from_book:
                    wanted = int(w[w.index("depth") + 1])
                    if wanted not in depths:
                        problems.append("'%s' never reported depth %d" % (go, wanted))
                if "movetime" in w:
                    wanted = int(w[w.index("movetime") + 1])
                    spent = max((int(t[t.index("time") + 1]) for t in totals), default=0)
                    if spent < wanted // 2:
                        problems.append("'%s' searched %d ms: cut short" % (go, spent))
            checked += 1
            if problems:
                failures.append("%s: %s: %s" % (page, text, "; ".join(problems)))
            else:
                print("ok  %s: %s (%.1f s)" % (page, text[:90], outcome.seconds))
    if checked == 0:
        failures.append("no pipeline found in %s" % ", ".join(PAGES))
    # The canary: the same checks on the README's first pipeline, through an engine that drops
    # the answer once its input has ended (Splitlab before issue 70), must fail.
    first = next(PIPELINE.match(t) for t in shell_lines("README.md") if PIPELINE.match(t))
    lines = [l for l in first.group(1).split("\\n") if l]
    canary = os.path.join(ROOT, "engine", "protocol", "pipelined_canary_engine.py")
    env = dict(os.environ, PIPELINED_CANARY="silent-quit", PIPELINED_CANARY_BINARY=binary)
    outcome = run_sequence([sys.executable, canary], lines, None, timeout=120.0, env=env)
    if not check_outcome(outcome, lines, CHESS_FENS[0], oracles["chess"], False):
        failures.append("the canary (no answer at the end of input) passed the README's pipeline")
    else:
        print("the canary, an engine silent at the end of input, was caught")
    if failures:
        print("\n%d FAILED:" % len(failures))
        for f in failures:
            print("  " + f)
        return 1
    print("%d pipelines answered as the pages say" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
