#!/usr/bin/env python3
"""Which build made each committed results file under experiments/ (issue 72 item 7).

Since the commands whose results are figures (scale, overhead, simulate, tt-study, match) stamp
the build's commit into what they write (bench/run_metadata.h: "# commit: HASH" lines in CSV and
text, a top-level "commit" key in JSON), a results file can be traced to the exact build that
made it. Older files cannot: this script says, file by file, which can and which cannot, and keeps
the answer in experiments/provenance.csv, so that a new results file that names no build is
caught (--check) while the old ones stay recorded as what they are.

Which files are results ("data files"), decided by reading what the tracked files are: every
file under experiments/ whose extension is one a run writes, .csv .tsv .json .jsonl .txt .log
.out .err. Those are the commands' and the experiments' scripts' outputs (runs, summaries, match
states and engine ledgers, captured stdout and stderr, fuzzing and soak logs, benchmark JSON,
tuned weights). Left out: reports and specs (.md), code (.py .sh .cc .h .inc .patch, BUILD),
plots (.png, drawn from the data beside them), inputs (.epd suites and books; .pgn game records,
whose match's results.json and state.tsv beside them are the run's record), and the one input
whose extension is a data file's (INPUTS below). experiments/provenance.csv is this script's.

For each data file:
  names_commit       yes: the file itself names a build commit ("# commit: H", "commit=H",
                     "commit": "H", a `commit` column, "campaign, commit H" in its header).
  commit_named       the commit(s) named, ";" between several (a resumed run: one per run). A file
                     that names none takes them from the file its run wrote its metadata into
                     (named_in): the same folder's (or its results/ or match/ folder's) runs.csv,
                     results.json, summary.* when both are files one command writes (RUN_FILES),
                     a file of the same stem (exp0.runs.csv for exp0.summary.txt), or a file that
                     names in full the short hash in its name (run-08ef791-1.log, runs.csv).
  dirty              yes when a named commit ends in +dirty (or +unknown-changes): the build had
                     uncommitted changes and cannot be rebuilt from its name.
  engines_identified for a file that involves a reference engine (Glaurung, Stockfish, Toga,
                     Fairy-Stockfish: played, timed or referee): yes when each one's version
                     ("Glaurung 2.2") and binary hash (sha256 or md5) are named, by it or by its
                     run's files; no when one is not; na when it involves none.
  added_by_commit    the oldest commit that added the file at this path (git log --diff-filter=A):
                     the nearest build a file that names none can be traced to.
  status             traced: names only clean commits. dirty: names a +dirty commit (its parent
                     is the hash before "+dirty"). added-by: names none, so it is traced only to
                     the commit that added it, not to an exact build.
  named_in, note     where the commit was found ("." itself) and what else was seen.

  experiments/provenance.py           writes experiments/provenance.csv (git-tracked files; needs
                                      git) and prints counts per status and per experiment
  experiments/provenance.py --check   reads the files and provenance.csv, no git: exits 1 naming
                                      each data file that is not traced with its engines named
                                      (or na) and is not recorded with the status and engines it
                                      has now, and each recorded file that is gone
  --root DIR                          the checkout (default: this script's, links resolved)
Standard library only.
"""

import argparse
import csv
import fnmatch
import io
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict

DATA_EXTENSIONS = (".csv", ".tsv", ".json", ".jsonl", ".txt", ".log", ".out", ".err")
# Inputs with a data file's extension.
INPUTS = {
    "experiments/strength/spsa/lmr.csv": "SPSA's parameter table (name, start, min, max), read",
}
# Files that name reference engines without running them as players, timed engines or referees:
# the whole test suite's logs (its tests use Stockfish and Glaurung; setup installs them).
# tt-study's positions come from a match's games, whose labels name its players.
NOT_ENGINE_RUNS = (
    "experiments/busy-machine/results/*.log",
    "experiments/fresh-machine/results/*.log",
    "experiments/tt-study/results/*",
)
# The files one command writes into its output folder (and a match's captured output beside its
# results/ folder): a file of these names that names no commit is traced by one that does.
RUN_FILES = re.compile(
    r"^(runs\.csv|summary\.(csv|txt|json)|speed\.csv|costs\.txt|timeline-.*\.csv|calibration\.csv"
    r"|nodelog\.csv|results\.(csv|json)|run\.json|config\.txt|state\.tsv|engines\.tsv|sprt\.csv"
    r"|match\.(out|err)|match-from-game-\d+\.out|progress\.err|host-steal\.log|stalls\.log)$")
RUN_SUBFOLDERS = ("", "results", "match")
COLUMNS = ["path", "names_commit", "commit_named", "dirty", "engines_identified",
           "added_by_commit", "status", "named_in", "note"]
STATUSES = ("traced", "dirty", "added-by")

HEX = r"[0-9a-f]{7,40}"
COMMIT = r"%s(?:\+dirty|\+unknown-changes)?(?![0-9A-Za-z])|unknown(?![A-Za-z])" % HEX
# "# commit: H" or "commit=H" at a line's start (a literal first, so that the search is fast).
KEY_COMMIT = re.compile(r"commit[ \t]*[:=][ \t]*(%s)" % COMMIT)
LINE_START = re.compile(r"[ \t]*#?[ \t]*")
JSON_COMMIT = re.compile(r'"commit"\s*:\s*"(%s)"' % COMMIT)
# "# scripts/fuzz campaign, commit 8593276: ..." in a file's first lines.
HEADER_COMMIT = re.compile(r"^#.*?\bcommit[ \t]+(%s)" % COMMIT, re.M)
HEADER_LINES = 10
SHORT_HASH_IN_NAME = re.compile(r"(?<![0-9a-z])([0-9a-f]{7,12})(?![0-9a-z])")
FULL_VALUE = re.compile(r"^(%s)$" % COMMIT)
# A `commit` field of a table's header (not "# commit: H", not prose's "commit."), after a
# line's start, a tab, a comma or a space.
COMMIT_FIELD = re.compile(r"commit(?=[\t,\r\n]|[ ]+\S|$)")

ENGINE_NAMES = ("fairy-stockfish", "stockfish", "glaurung", "toga")
ENGINE = "|".join(ENGINE_NAMES)
MENTION = re.compile(r"(?<![a-z0-9_])(%s)" % ENGINE, re.I)
VERSIONED = re.compile(r"(?<![a-z0-9_])(%s)(?: ii)?[ \t]+v?\d" % ENGINE, re.I)
BINARY_HASH = re.compile(r"(?<![0-9a-f])(?:[0-9a-f]{64}|[0-9a-f]{32})(?![0-9a-f])")
TOKEN_SPLIT = re.compile(r"[\s,;\"'()\[\]{}<>|=:]+")
MENTION_BYTES = 256 * 1024
JSON_DEPTH, JSON_LIST_ITEMS = 4, 64
TABLE_MAX_BYTES = 8 * 1024 * 1024


# ---- which files ----

def is_data_file(path):
    """True for a results file under experiments/ (see the module's docstring)."""
    return (path.startswith("experiments/") and path.endswith(DATA_EXTENSIONS)
            and path not in INPUTS and path != "experiments/provenance.csv")


def tracked_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--", "experiments"],
                         capture_output=True, check=True)
    return sorted(p for p in out.stdout.decode().split("\0") if p and is_data_file(p))


def gitignore_patterns(root):
    """The root .gitignore's patterns as (regex, directory_only); negations are not supported
    (the file has none)."""
    patterns = []
    try:
        with open(os.path.join(root, ".gitignore"), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return patterns
    for line in lines:
        line = line.strip()
        if not line or line.startswith(("#", "!")):
            continue
        directory_only = line.endswith("/")
        line = line.rstrip("/")
        anchored = "/" in line
        body = re.escape(line.lstrip("/")).replace(r"\*\*/", "(?:.*/)?").replace(r"\*\*", ".*")
        body = body.replace(r"\*", "[^/]*").replace(r"\?", "[^/]")
        patterns.append((re.compile(("^" if anchored else r"^(?:.*/)?") + body + "$"),
                         directory_only))
    return patterns


def ignored(path, is_dir, patterns):
    return any(regex.match(path) and (is_dir or not directory_only)
               for regex, directory_only in patterns)


def present_files(root):
    """The data files in the tree as it is (tracked or not), less what .gitignore ignores: what
    --check reads, with no git."""
    patterns = gitignore_patterns(root)
    found = []
    for folder, dirs, files in os.walk(os.path.join(root, "experiments"), followlinks=True):
        rel = os.path.relpath(folder, root).replace(os.sep, "/")
        dirs[:] = sorted(d for d in dirs if not ignored(rel + "/" + d, True, patterns))
        for name in files:
            path = rel + "/" + name
            if is_data_file(path) and not ignored(path, False, patterns):
                found.append(path)
    return sorted(found)


# ---- what a file says ----

def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")


def add_unique(items, item):
    if item not in items:
        items.append(item)


def table_commits(text, extension):
    """Values of a `commit` column: CSV, tab-separated (a "# role<TAB>...<TAB>commit" header
    too) or a whitespace-aligned table (whose header is no comment: "# ..., commit H: ..." is)."""
    commits, column, separator = [], None, None
    for line in text.splitlines():
        stripped = line.lstrip("#").strip()
        if not stripped:
            continue
        if "\t" in stripped:
            fields, kind = stripped.split("\t"), "tab"
        elif extension == ".csv" and "," in stripped:
            fields, kind = next(csv.reader([stripped])), "csv"
        else:
            fields, kind = stripped.split(), "space"
        fields = [f.strip() for f in fields]
        header = len(fields) >= 3 and (kind != "space" or not line.lstrip().startswith("#"))
        if "commit" in fields and header:
            column, separator = fields.index("commit"), kind
        elif column is not None and kind == separator and column < len(fields):
            value = fields[column]
            if FULL_VALUE.match(value) and re.search(r"\d", value):
                add_unique(commits, value)
    return commits


def has_commit_field(text):
    return any(m.start() == 0 or text[m.start() - 1] in "\t, \n"
               for m in COMMIT_FIELD.finditer(text))


def file_commits(text, extension):
    commits = []
    for match in KEY_COMMIT.finditer(text):
        if LINE_START.fullmatch(text, text.rfind("\n", 0, match.start()) + 1, match.start()):
            add_unique(commits, match.group(1))
    for match in JSON_COMMIT.finditer(text):
        add_unique(commits, match.group(1))
    head = "\n".join(text.split("\n", HEADER_LINES)[:HEADER_LINES])
    for match in HEADER_COMMIT.finditer(head):
        add_unique(commits, match.group(1))
    if len(text) <= TABLE_MAX_BYTES and has_commit_field(text):
        for commit in table_commits(text, extension):
            add_unique(commits, commit)
    return commits


def engine_kind(text):
    match = MENTION.search(text or "")
    return match.group(1).lower() if match else None


def json_identities(node, records, depth=0):
    """Engine identities in parsed JSON: objects with "id_name" (a match's config.engines, scale's
    references) and keys "X_id" beside "X_sha256" or "X_md5" (nps and perft scripts' meta), no
    deeper than JSON_DEPTH and not in long lists (a match's games)."""
    if depth > JSON_DEPTH:
        return
    if isinstance(node, list):
        for item in node[:JSON_LIST_ITEMS]:
            json_identities(item, records, depth + 1)
        return
    if not isinstance(node, dict):
        return
    pairs = []
    if isinstance(node.get("id_name"), str):
        hashes = [node.get(k) for k in ("binary_sha256", "sha256", "md5")]
        pairs.append((node["id_name"], node.get("name"), hashes))
    for key, value in node.items():
        if key.endswith("_id") and isinstance(value, str):
            prefix = key[:-3]
            pairs.append((value, prefix, [node.get(prefix + "_sha256"), node.get(prefix + "_md5")]))
    for id_name, name, hashes in pairs:
        kind = engine_kind(id_name) or engine_kind(name if isinstance(name, str) else "")
        if kind:
            hashed = any(isinstance(h, str) and BINARY_HASH.fullmatch(h) for h in hashes)
            records.append((kind, bool(re.search(r"\d", id_name)), hashed))
    for value in node.values():
        json_identities(value, records, depth + 1)


def names_an_engine(head):
    lower = head.lower()
    return any(name in lower for name in ENGINE_NAMES)


def text_identities(text, records):
    """Lines that name an engine's version, with or without its binary's hash: scale's
    "# reference: glaurung = Glaurung 2.2, PATH, sha256 H", a match's engines.tsv."""
    head = text[:MENTION_BYTES]
    if not names_an_engine(head):
        return
    for match in VERSIONED.finditer(head):
        end = head.find("\n", match.end())
        line = head[head.rfind("\n", 0, match.start()) + 1:end if end >= 0 else len(head)]
        records.append((match.group(1).lower(), True, bool(BINARY_HASH.search(line))))


def mentions(text):
    """Reference engines a file names outside paths (a path may name a folder, not a run)."""
    kinds, head = set(), text[:MENTION_BYTES]
    if not names_an_engine(head):
        return kinds
    for token in TOKEN_SPLIT.split(head):
        if "/" not in token:
            for match in MENTION.finditer(token):
                kinds.add(match.group(1).lower())
    return kinds


def scan(root, path):
    """What one file says: its commits, its engine identities, the engines it involves."""
    text = read_text(os.path.join(root, path))
    extension = os.path.splitext(path)[1]
    records = []
    if extension == ".json":
        try:
            json_identities(json.loads(text), records)
        except ValueError:
            pass
    text_identities(text, records)
    if any(fnmatch.fnmatch(path, pattern) for pattern in NOT_ENGINE_RUNS):
        records, involved = [], set()
    else:
        involved = mentions(text) | {kind for kind, _, _ in records}
    if "fairy-stockfish" in involved:
        involved.discard("stockfish")  # xiangqi's scripts call Fairy-Stockfish "stockfish"
    return {"commits": file_commits(text, extension), "records": records, "involved": involved}


# ---- the verdicts ----

def stem(path):
    return os.path.basename(path).split(".", 1)[0]


def same_run(path, other, other_commits):
    """The commits of `other` that belong to the run that wrote `path`: all of them when both
    are files one command writes (RUN_FILES) or share a stem in one folder; those that begin
    with a short hash in `path`'s name (a ledger's row for a log); None when it is another run's."""
    if other == path:
        return None
    name, other_name = os.path.basename(path), os.path.basename(other)
    if stem(path) == stem(other) and os.path.dirname(path) == os.path.dirname(other):
        return list(other_commits)
    if RUN_FILES.match(name) and RUN_FILES.match(other_name):
        return list(other_commits)
    short = SHORT_HASH_IN_NAME.findall(name)
    named = [c for c in other_commits for h in short
             if c.startswith(h) and len(c.split("+")[0]) > len(h)]
    return named or None


def run_files(path, by_folder, facts):
    """{file: its commits that are this run's} for the other files of the run that wrote
    `path`, in its folder and in its results/ and match/ folders."""
    folder = os.path.dirname(path)
    found = {}
    for sub in RUN_SUBFOLDERS:
        for other in by_folder.get(folder + "/" + sub if sub else folder, ()):
            commits = same_run(path, other, facts[other]["commits"])
            if commits is not None:
                found[other] = commits
    return found


def without_abbreviations(commits):
    """Drops a short hash that a full one in the list begins with (f02c527 beside f02c527c3...)."""
    def longer(short, full):
        base, suffix = short.split("+")[0], short[len(short.split("+")[0]):]
        return full != short and full.startswith(base) and full.endswith(suffix)
    return [c for c in commits if not any(longer(c, other) for other in commits)]


def engines_verdict(fact, siblings, facts):
    if not fact["involved"]:
        return "na", ""
    records = list(fact["records"])
    for other in siblings:
        records += facts[other]["records"]
    missing = []
    for kind in sorted(fact["involved"]):
        mine = [(v, h) for k, v, h in records if k == kind]
        if not any(v and h for v, h in mine):
            what = "no version or hash" if not mine else (
                "no hash" if any(v for v, _ in mine) else "no version")
            missing.append("%s: %s" % (kind, what))
    return ("no", "; ".join(missing)) if missing else ("yes", "")


def named_commits(path, fact, siblings):
    """The commits that trace `path`, the files that name them ("." itself) and notes."""
    own = [c for c in fact["commits"] if c != "unknown"]
    notes = ["names commit 'unknown' (not built from a checkout)"] if own != fact["commits"] else []
    if own:
        return without_abbreviations(own), ".", notes
    commits, named_in = [], []
    for other, theirs in siblings.items():
        theirs = [c for c in theirs if c != "unknown"]
        for commit in theirs:
            add_unique(commits, commit)
        if theirs:
            named_in.append(os.path.relpath(other, os.path.dirname(path)))
    return without_abbreviations(commits), ";".join(named_in), notes


def verdict(path, facts, by_folder):
    """The row of provenance.csv for `path`, less added_by_commit."""
    fact = facts[path]
    siblings = run_files(path, by_folder, facts)
    commits, named_in, notes = named_commits(path, fact, siblings)
    dirty = [c for c in commits if "+" in c]
    if dirty:
        notes.append("parent " + ";".join(c.split("+")[0] for c in dirty))
    short = SHORT_HASH_IN_NAME.findall(os.path.basename(path))
    if short and not commits:
        notes.append("its name mentions " + ";".join(short))
    engines, engine_note = engines_verdict(fact, siblings, facts)
    if engine_note:
        notes.append(engine_note)
    return {"path": path, "names_commit": "yes" if named_in == "." else "no",
            "commit_named": ";".join(commits),
            "dirty": ("yes" if dirty else "no") if commits else "",
            "engines_identified": engines, "added_by_commit": "",
            "status": "dirty" if dirty else "traced" if commits else "added-by",
            "named_in": named_in, "note": "; ".join(notes)}


def provenance_rows(root, files):
    facts = {path: scan(root, path) for path in files}
    by_folder = defaultdict(list)
    for path in files:
        by_folder[os.path.dirname(path)].append(path)
    return [verdict(path, facts, by_folder) for path in files]


def added_by_commits(root):
    """path -> the oldest commit that added it, in one pass over the history."""
    out = subprocess.run(["git", "-C", root, "-c", "core.quotePath=false", "log",
                          "--no-renames", "--diff-filter=A",
                          "--name-only", "--format=%x00%H", "--", "experiments"],
                         capture_output=True, check=True).stdout.decode()
    added = {}
    for block in out.split("\0")[1:]:
        lines = block.strip("\n").split("\n")
        for path in lines[1:]:
            if path:
                added[path] = lines[0]  # newest first: the last one seen is the oldest
    return added


# ---- output ----

def experiment_of(path):
    return path.split("/")[1]


def summary(rows):
    """Counts per status, over all and per experiment folder, worst first."""
    per = defaultdict(Counter)
    for row in rows:
        per[experiment_of(row["path"])][row["status"]] += 1
    total = Counter(row["status"] for row in rows)
    engines = Counter(row["engines_identified"] for row in rows)
    lines = ["%-28s %7s %7s %9s %6s" % (("experiment",) + STATUSES + ("files",))]
    order = sorted(per, key=lambda e: (-(per[e]["added-by"] + per[e]["dirty"]), e))
    for name in order + ["all"]:
        counts = total if name == "all" else per[name]
        lines.append("%-28s %7d %7d %9d %6d" % ((name,) + tuple(counts[s] for s in STATUSES)
                                                 + (sum(counts.values()),)))
    lines.append("reference engines identified: %d yes, %d no, %d not involved"
                 % (engines["yes"], engines["no"], engines["na"]))
    return "\n".join(lines)


def write_rows(path, rows):
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(buffer.getvalue())


def read_rows(path):
    with open(path, encoding="utf-8", newline="") as f:
        return {row["path"]: row for row in csv.DictReader(f)}


def check(root):
    """Problems: each data file neither traced (engines named or na) nor recorded as it is now;
    each recorded file that is gone."""
    listing = os.path.join(root, "experiments", "provenance.csv")
    try:
        recorded = read_rows(listing)
    except OSError as error:
        return ["cannot read %s: %s" % (listing, error)], []
    rows = provenance_rows(root, present_files(root))
    problems = []
    for row in rows:
        if row["status"] == "traced" and row["engines_identified"] != "no":
            continue
        was = recorded.get(row["path"])
        now = "%s, engines %s" % (row["status"], row["engines_identified"])
        if was is None:
            problems.append("%s: %s%s, and not recorded in experiments/provenance.csv"
                            % (row["path"], now, " (" + row["note"] + ")" if row["note"] else ""))
        elif (was["status"], was["engines_identified"]) != (row["status"],
                                                            row["engines_identified"]):
            problems.append("%s: %s, recorded as %s, engines %s" % (
                row["path"], now, was["status"], was["engines_identified"]))
    present = {row["path"] for row in rows}
    problems += ["%s: recorded in experiments/provenance.csv but not found" % path
                 for path in sorted(set(recorded) - present)]
    return problems, rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="check the tree against experiments/provenance.csv (no git)")
    parser.add_argument("--root", help="the checkout (default: this script's)")
    args = parser.parse_args(argv)
    root = args.root or os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    if args.check:
        problems, rows = check(root)
        for problem in problems:
            print("FAIL " + problem)
        if problems:
            print("provenance: %d problem(s); a results file must name its build's commit "
                  "(or, for an old one, be recorded: run experiments/provenance.py)"
                  % len(problems))
            return 1
        counts = Counter(row["status"] for row in rows)
        print("provenance: %d data files, %s; all traced or as recorded" % (
            len(rows), ", ".join("%d %s" % (counts[s], s) for s in STATUSES)))
        return 0
    rows = provenance_rows(root, tracked_files(root))
    added = added_by_commits(root)
    for row in rows:
        row["added_by_commit"] = added.get(row["path"], "")
    write_rows(os.path.join(root, "experiments", "provenance.csv"), rows)
    print(summary(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
