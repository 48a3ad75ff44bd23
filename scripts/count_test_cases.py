#!/usr/bin/env python3
"""Sums test cases over the Bazel reports (test.xml) of the given test targets: prints
"<passed> <failed>". Only the named targets count, so that reports left behind by targets
that no longer exist cannot change the sum; a target without a report counts as one failure.
A sharded target has one report per shard (shard_K_of_N/test.xml), and every shard must have one.

    count_test_cases.py [TESTLOGS [NAMES]]     (the targets' labels on stdin)

NAMES: a file to which each passed case is appended as "LABEL CLASS.NAME", so that scripts/test
can count the distinct cases over its passes (a case run in three passes is one distinct case)."""
import pathlib
import sys
import xml.etree.ElementTree as ET


def report_paths(testlogs: pathlib.Path, label: str) -> list:
    package, _, name = label.lstrip("/").partition(":")
    folder = testlogs / package / name
    shards = sorted(folder.glob("shard_*_of_*/test.xml"))
    if not shards:
        return [folder / "test.xml"]
    total = int(shards[0].parent.name.rsplit("_", 1)[1])
    # A missing shard's report is named anyway, so that it counts as a failure.
    return [folder / f"shard_{k}_of_{total}" / "test.xml" for k in range(1, total + 1)]


def main() -> None:
    testlogs = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "bazel-testlogs")
    names_file = open(sys.argv[2], "a") if len(sys.argv) > 2 else None
    labels = [line.strip() for line in sys.stdin if line.strip().startswith("//")]
    passed = failed = 0
    for label in labels:
        for xml in report_paths(testlogs, label):
            try:
                tree = ET.parse(xml)
            except (OSError, ET.ParseError):
                failed += 1  # A test that died before writing its report, or never ran.
                print(f"count_test_cases: no readable report {xml.parent.name} for {label}",
                      file=sys.stderr)
                continue
            p, f = count_cases(tree, label, names_file)
            passed += p
            failed += f
    print(passed, failed)


def count_cases(tree, label, names_file=None):
    """Passed and failed test cases of one report (skipped ones count as neither); each passed
    one's name goes to `names_file` when there is one."""
    passed = failed = 0
    for case in tree.getroot().iter("testcase"):
        bad = case.find("failure") is not None or case.find("error") is not None
        skipped = case.get("status") == "notrun" or case.find("skipped") is not None
        if bad:
            failed += 1
            print(f"count_test_cases: failed: {label} {case.get('classname', '')}."
                  f"{case.get('name', '')}", file=sys.stderr)
        elif not skipped:
            passed += 1
            if names_file:
                names_file.write(f"{label} {case.get('classname', '')}.{case.get('name', '')}\n")
    return passed, failed

if __name__ == "__main__":
    main()
