#!/usr/bin/env python3
"""Every results file under experiments/ names the build that made it, or is recorded in
experiments/provenance.csv as what it is (provenance.py --check on the checkout); and the check
is not blind: on a small planted tree it passes what it should (a recorded old file, a new run
that names a clean commit, the run's files that name none beside it, ignored and non-data files)
and fails, naming the file, each planted fault: a new results file without a commit, one with a
+dirty commit, a commit line removed from a traced run, a recorded file whose status changed, a
match against Glaurung that does not name its binary's hash, a recorded file gone.

  provenance_test.py [PROVENANCE_PY]   (default: provenance.py beside this file)"""

import csv
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.realpath(__file__))
SCRIPT = os.path.realpath(sys.argv.pop(1) if len(sys.argv) > 1 and sys.argv[1].endswith(".py")
                          else os.path.join(HERE, "provenance.py"))
COLUMNS = ["path", "names_commit", "commit_named", "dirty", "engines_identified",
           "added_by_commit", "status", "named_in", "note"]
CLEAN = "0123456789abcdef0123456789abcdef01234567"
GLAURUNG_SHA = "aa970646f0156715704af0f7d6013c26c2abe7e6fcc04c6f46173e854f82451a"


def source_root():
    """The checkout: provenance.py's runfiles link points into it (the test is tagged external,
    so that Bazel reruns it whatever it has cached: the tree is its input)."""
    return os.path.dirname(os.path.dirname(SCRIPT))


def run_check(root):
    out = subprocess.run([sys.executable, SCRIPT, "--check", "--root", root],
                         capture_output=True, text=True, timeout=240)
    return out.returncode, out.stdout + out.stderr


def match_json(commit, glaurung_hash):
    engine = '{"name": "glaurung", "cmd": "/usr/games/glaurung", "id_name": "Glaurung 2.2", ' \
             '"binary": "/usr/games/glaurung", "binary_sha256": "%s"}' % glaurung_hash
    return ('{\n  "command": "splitlab match",\n  "commit": "%s",\n'
            '  "config": {"engines": [%s]}\n}\n' % (commit, engine))


# The planted tree: an old run recorded as added-by, a new scale run that names a clean commit
# (its summary.csv names none: it is traced by runs.csv beside it), a match against Glaurung with
# its identity, an ignored scratch file and a report.
BASE_FILES = {
    ".gitignore": "experiments/demo/scratch/\n",
    "experiments/demo/old/summary.csv": "strategy,speedup\nybwc,1.6\n",
    "experiments/demo/new/runs.csv":
        "# command: splitlab scale\n# commit: %s\nstrategy,nodes\nybwc,1\n" % CLEAN,
    "experiments/demo/new/summary.csv": "strategy,speedup\nybwc,1.7\n",
    "experiments/demo/match/results/results.json": match_json(CLEAN, GLAURUNG_SHA),
    "experiments/demo/match/results/state.tsv": "splitlab-match-state 1\nsignature\t--engine\t"
                                                "name=glaurung\tcmd=/usr/games/glaurung\n",
    "experiments/demo/match/match.out": "Started game 1 of 2 (splitlab vs glaurung)\n",
    "experiments/demo/scratch/notes.csv": "no,commit\n1,2\n",
    "experiments/demo/README.md": "# demo\n",
}
RECORDED = [
    {"path": "experiments/demo/old/summary.csv", "names_commit": "no", "commit_named": "",
     "dirty": "", "engines_identified": "na", "added_by_commit": CLEAN, "status": "added-by",
     "named_in": "", "note": ""},
]


class ProvenanceTest(unittest.TestCase):
    def test_the_checkout_is_traced_or_recorded(self):
        root = source_root()
        self.assertTrue(os.path.isfile(os.path.join(root, "WORKSPACE")), root)
        with open(os.path.join(root, "experiments", "provenance.csv"), encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        self.assertEqual(list(rows[0].keys()), COLUMNS)
        self.assertEqual({r["status"] for r in rows} - {"traced", "dirty", "added-by"}, set())
        code, output = run_check(root)
        self.assertEqual(code, 0, output)

    def plant(self, changes=None, removed=(), recorded=RECORDED):
        """A tree of BASE_FILES with `changes` written over it and `removed` taken away."""
        root = tempfile.mkdtemp(prefix="provenance_test.")
        self.addCleanup(shutil.rmtree, root)
        files = dict(BASE_FILES)
        files.update(changes or {})
        for path, text in files.items():
            if path in removed:
                continue
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                f.write(text)
        with open(os.path.join(root, "experiments", "provenance.csv"), "w", encoding="utf-8",
                  newline="") as f:
            writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
            writer.writeheader()
            writer.writerows(recorded)
        return root

    def assert_fails_naming(self, root, *paths):
        code, output = run_check(root)
        self.assertEqual(code, 1, output)
        for path in paths:
            self.assertIn("FAIL " + path + ":", output)
        self.assertEqual(output.count("FAIL "), len(paths), output)

    def test_the_planted_tree_passes(self):
        code, output = run_check(self.plant())
        self.assertEqual(code, 0, output)
        self.assertIn("6 data files, 5 traced, 0 dirty, 1 added-by", output)

    def test_canary_a_new_results_file_without_a_commit(self):
        path = "experiments/demo/planted/speedups.csv"
        self.assert_fails_naming(self.plant({path: "strategy,speedup\nybwc,1.9\n"}), path)

    def test_canary_a_new_results_file_with_a_dirty_commit(self):
        path = "experiments/demo/planted/runs.csv"
        text = "# commit: %s+dirty\nstrategy,nodes\nybwc,1\n" % CLEAN
        self.assert_fails_naming(self.plant({path: text}), path)

    def test_canary_a_commit_line_removed_from_a_traced_run(self):
        runs = "experiments/demo/new/runs.csv"
        stripped = BASE_FILES[runs].replace("# commit: %s\n" % CLEAN, "")
        self.assert_fails_naming(self.plant({runs: stripped}), runs,
                                 "experiments/demo/new/summary.csv")

    def test_canary_a_recorded_file_whose_status_changed(self):
        path = "experiments/demo/old/summary.csv"
        text = "# commit: %s+dirty\n" % CLEAN + BASE_FILES[path]
        self.assert_fails_naming(self.plant({path: text}), path)

    def test_canary_a_reference_engine_without_its_hash(self):
        results = "experiments/demo/match/results/results.json"
        self.assert_fails_naming(self.plant({results: match_json(CLEAN, "")}), results,
                                 "experiments/demo/match/results/state.tsv",
                                 "experiments/demo/match/match.out")

    def test_canary_a_recorded_file_gone(self):
        path = "experiments/demo/old/summary.csv"
        self.assert_fails_naming(self.plant(removed=(path,)), path)


if __name__ == "__main__":
    unittest.main()
