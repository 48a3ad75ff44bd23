#!/usr/bin/env python3
"""Sums test cases over the Bazel reports (test.xml) of the given test targets: prints
"<passed> <failed>". Only the named targets count, so that reports left behind by targets
that no longer exist cannot change the sum; a target without a report counts as one failure."""
import pathlib
import sys
import xml.etree.ElementTree as ET


def report_path(testlogs: pathlib.Path, label: str) -> pathlib.Path:
    package, _, name = label.lstrip("/").partition(":")
    return testlogs / package / name / "test.xml"


def main() -> None:
    testlogs = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "bazel-testlogs")
    labels = [line.strip() for line in sys.stdin if line.strip().startswith("//")]
    passed = failed = 0
    for label in labels:
        xml = report_path(testlogs, label)
        try:
            tree = ET.parse(xml)
        except (OSError, ET.ParseError):
            failed += 1  # A test that died before writing its report, or never ran.
            print(f"count_test_cases: no readable report for {label}", file=sys.stderr)
            continue
        for case in tree.getroot().iter("testcase"):
            bad = case.find("failure") is not None or case.find("error") is not None
            skipped = case.get("status") == "notrun" or case.find("skipped") is not None
            if bad:
                failed += 1
                print(f"count_test_cases: failed: {label} {case.get('classname', '')}."
                      f"{case.get('name', '')}", file=sys.stderr)
            elif not skipped:
                passed += 1
    print(passed, failed)


if __name__ == "__main__":
    main()
