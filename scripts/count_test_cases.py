#!/usr/bin/env python3
"""Sums test cases over Bazel's test.xml files: prints "<passed> <failed>"."""
import pathlib
import sys
import xml.etree.ElementTree as ET


def main() -> None:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "bazel-testlogs")
    passed = failed = 0
    for xml in root.rglob("test.xml"):
        try:
            tree = ET.parse(xml)
        except ET.ParseError:
            failed += 1  # A test that died before writing its report.
            continue
        cases = tree.getroot().iter("testcase")
        for case in cases:
            bad = case.find("failure") is not None or case.find("error") is not None
            skipped = case.get("status") == "notrun" or case.find("skipped") is not None
            if bad:
                failed += 1
            elif not skipped:
                passed += 1
    print(passed, failed)


if __name__ == "__main__":
    main()
