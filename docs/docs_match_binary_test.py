#!/usr/bin/python3
"""The pages say what the binary declares, exactly, and index every experiment (issue 74 item 4).

Usage: docs_match_binary_test.py PATH/TO/splitlab   (it reads the source tree it lies in)

  * Flags: for every command `splitlab help --declarations` lists, its page's flag section
    (SECTIONS) defines each flag on a bullet of its own ("- `--name ...`: ..."), and the set of
    flags so defined is the set the command declares: none missing, none extra. A command
    without a section here, or missing from the README's table of commands, fails.
  * Options: docs/engine.md's two handshake blocks (after "`uci` makes" and "`ucci` gives") are
    the engine's answers to `uci` and `ucci`, line for line, and its summary table names every
    option of both dialects and no other.
  * Experiments: every folder under experiments/ at the top, and every folder below with a
    README.md, is linked from docs/experiments.md.

Each check is run once more on a planted defect (a flag removed from a page, a line changed in a
handshake block, a folder no page links) and must report it. Exit 0 when all hold; 1 otherwise.
"""
import os
import re
import subprocess
import sys

SECTIONS = {
    "bench": ("docs/bench.md", ["## `splitlab bench`"]),
    "perft": ("docs/bench.md", ["## `splitlab perft`"]),
    "epd": ("docs/bench.md", ["## `splitlab epd`"]),
    "tt-study": ("docs/bench.md", ["## `splitlab tt-study`"]),
    "scale": ("docs/scale.md", ["## Flags"]),
    "overhead": ("docs/scale.md", ["## `splitlab overhead`"]),
    "nodelog": ("docs/scale.md", ["## `splitlab nodelog`"]),
    "predictor": ("docs/scale.md", ["## `splitlab predictor`"]),
    "simulate": ("docs/simulate.md", ["## `splitlab simulate`: flags",
                                      "## `splitlab simulate --calibrate`"]),
    "match": ("docs/match.md", ["## The command line"]),
    "book": ("docs/book.md", ["## Flags"]),
}
FLAG_BULLET = re.compile(r"^\s*- `--([a-z0-9-]+)")


def read(path):
    with open(path) as f:
        return f.read()


def section(text, heading):
    """The lines from the heading that starts with `heading` to the next heading of its level or
    above (its subsections included)."""
    lines = text.splitlines()
    level = len(heading) - len(heading.lstrip("#"))
    out, inside, in_code = [], False, False
    for line in lines:
        if line.startswith("```"):
            in_code = not in_code
        if not in_code and line.startswith(heading):
            inside = True
            continue
        if inside and not in_code and re.match(r"^#{1,%d} " % level, line):
            break
        if inside:
            out.append(line)
    return out if inside else None


def documented_flags(lines):
    """Flags defined on bullets of their own, outside code blocks."""
    flags, in_code = set(), False
    for line in lines:
        if line.startswith("```"):
            in_code = not in_code
            continue
        m = FLAG_BULLET.match(line)
        if m and not in_code:
            flags.add(m.group(1))
    return flags


def check_flags(decls, pages):
    problems = []
    declared = {}
    for d in decls:
        if d[0] == "flag":
            declared.setdefault(d[1], set()).add(d[2][2:])
        elif d[0] == "operand":
            declared.setdefault(d[1], set())
    readme = pages["README.md"]
    table = [l for l in readme.splitlines() if l.startswith("| `")]
    for command, flags in sorted(declared.items()):
        if not any("`%s`" % command in row for row in table):
            problems.append("%s: not in the README's table of commands" % command)
        if command not in SECTIONS:
            problems.append("%s: no documented flag section (SECTIONS in this test)" % command)
            continue
        page, headings = SECTIONS[command]
        documented = set()
        for heading in headings:
            lines = section(pages[page], heading)
            if lines is None:
                problems.append("%s: %s has no heading '%s'" % (command, page, heading))
                continue
            documented |= documented_flags(lines)
        missing, extra = sorted(flags - documented), sorted(documented - flags)
        if missing:
            problems.append("%s: %s does not document %s" % (
                command, page, ", ".join("--" + f for f in missing)))
        if extra:
            problems.append("%s: %s documents %s, which the command does not declare" % (
                command, page, ", ".join("--" + f for f in extra)))
    return problems


def handshake(binary, ucci):
    argv = [binary, "ucci"] if ucci else [binary]
    out = subprocess.run(argv, input=("ucci" if ucci else "uci") + "\nquit\n",
                         capture_output=True, text=True, timeout=120)
    return [l for l in out.stdout.splitlines() if l and l != "bye"]


def code_block_after(text, marker):
    """The first ``` block after the line holding `marker`."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if marker in line:
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            block = []
            for k in range(j + 1, len(lines)):
                if lines[k].startswith("```"):
                    return block
                block.append(lines[k])
    return None


def check_options(engine_page, uci_lines, ucci_lines):
    problems = []
    for marker, want, dialect in (("`uci` makes the engine list", uci_lines, "UCI"),
                                  ("`ucci` gives UCCI's declarations", ucci_lines, "UCCI")):
        block = code_block_after(engine_page, marker)
        if block is None:
            problems.append("docs/engine.md: no %s handshake block after '%s'" % (dialect, marker))
            continue
        if block != want:
            diff = [("page:   " + a, "binary: " + b) for a, b in zip(block, want) if a != b]
            problems.append("docs/engine.md's %s block differs from the binary's (%d lines on the "
                            "page, %d from the binary)%s" % (
                                dialect, len(block), len(want),
                                ": " + " / ".join(diff[0]) if diff else ""))
    uci_names = {re.match(r"option name (.*?) type ", l).group(1) for l in uci_lines
                 if l.startswith("option name ")}
    ucci_names = {l.split()[1] for l in ucci_lines if l.startswith("option ")}
    rows = [l for l in engine_page.splitlines() if re.match(r"^\| (`|\(none\))", l)]
    table_uci = {m.group(1) for r in rows for m in [re.match(r"^\| `([^`]+)` \|", r)] if m}
    table_ucci = {m.group(1) for r in rows for m in [re.match(r"^\| [^|]+\| `([^`]+)` \|", r)]
                  if m}
    if table_uci != uci_names:
        problems.append("docs/engine.md's summary table: UCI names missing %s, extra %s" % (
            sorted(uci_names - table_uci), sorted(table_uci - uci_names)))
    if table_ucci != ucci_names:
        problems.append("docs/engine.md's summary table: UCCI names missing %s, extra %s" % (
            sorted(ucci_names - table_ucci), sorted(table_ucci - ucci_names)))
    return problems


def experiment_folders(root):
    folders = set()
    top = os.path.join(root, "experiments")
    for name in os.listdir(top):
        if os.path.isdir(os.path.join(top, name)):
            folders.add("experiments/" + name)
    for dirpath, _, filenames in os.walk(top):
        if "README.md" in filenames:
            folders.add(os.path.relpath(dirpath, root))
    return folders


def check_index(index_text, folders):
    linked = set()
    for target in re.findall(r"\]\(([^)#]+)", index_text):
        path = os.path.normpath(os.path.join("docs", target))
        if path.endswith("/README.md"):
            path = os.path.dirname(path)
        linked.add(path.rstrip("/"))
    missing = sorted(f for f in folders if f not in linked)
    return ["docs/experiments.md does not link %s" % m for m in missing]


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    binary = os.path.abspath(sys.argv[1])
    # The source tree, through this script's runfiles link (as //tests/layers:layers_test
    # reads it): experiments/ is too large to list as the test's data.
    root = os.environ.get("DOCS_ROOT",
                          os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    out = subprocess.run([binary, "help", "--declarations"], capture_output=True, text=True,
                         timeout=120)
    decls = [l.split("\t") for l in out.stdout.splitlines() if l]
    page_names = ["README.md"] + ["docs/" + f for f in os.listdir(os.path.join(root, "docs"))
                                  if f.endswith(".md")]
    pages = {p: read(os.path.join(root, p)) for p in page_names}
    uci, ucci = handshake(binary, False), handshake(binary, True)
    folders = experiment_folders(root)

    problems = check_flags(decls, pages)
    problems += check_options(pages["docs/engine.md"], uci, ucci)
    problems += check_index(pages["docs/experiments.md"], folders)

    # Canaries: each check must report a planted defect.
    canaries = []
    planted = dict(pages)
    planted["docs/bench.md"] = re.sub(r"(?m)^- `--json FILE`.*$", "", planted["docs/bench.md"], 1)
    if not any("bench: docs/bench.md does not document --json" in p
               for p in check_flags(decls, planted)):
        canaries.append("a flag removed from docs/bench.md was not reported")
    changed = pages["docs/engine.md"].replace("option name Threads type spin default 1",
                                              "option name Threads type spin default 2", 1)
    if changed == pages["docs/engine.md"] or not check_options(changed, uci, ucci):
        canaries.append("a changed line in the UCI handshake block was not reported")
    if not check_index(pages["docs/experiments.md"], folders | {"experiments/planted-unindexed"}):
        canaries.append("an unindexed experiments folder was not reported")

    print("%d commands, %d UCI and %d UCCI option lines, %d experiment folders checked"
          % (len({d[1] for d in decls if d[0] == "flag"}), len(uci), len(ucci), len(folders)))
    for p in problems:
        print("FAIL " + p)
    for c in canaries:
        print("FAIL canary: " + c)
    return 1 if problems or canaries else 0


if __name__ == "__main__":
    sys.exit(main())
