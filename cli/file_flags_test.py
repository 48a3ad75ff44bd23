#!/usr/bin/python3
"""Every flag, operand, key and engine option that names a file or folder, against bad paths.

Usage: file_flags_test.py PATH/TO/splitlab

The list comes from the binary itself (`splitlab help --declarations`, made from the tables that
make `--help` and the engine's handshake), so a new file-taking flag is swept without a new test.
Only the base command lines (BASES: one quick, valid run of each command) live here, and a
command without one fails the test.

Each path is given, in turn, each bad kind its kind can meet:
  input-file   a directory, a missing path, an empty file, an unreadable file, garbage
  output-file  a directory, a path in a missing folder, an unwritable file
  output-dir   a file, a path below a file, an unwritable folder
  executable   a directory, a missing path, an empty file, a file without the execute bit,
               garbage with the execute bit (neither ELF nor a #! script)
"Unreadable" and "unwritable" are run as the user nobody when this runs as root (root reads
and writes everything), on a copy of the binary nobody may run.

A command must refuse each with exit status 2 and one line on stderr that names the path; it
must not crash, not succeed, and not run on its defaults (every run is bounded: past
RUN_SECONDS it counts as a run); and it must write nothing (the run's folder is compared before
and after). The engine's BookFile (UCI and UCCI) must give one `info string error` naming the
path, and the engine must go on: the next search is answered.

Canaries: a run that succeeds, a refusal that names something else and a run that writes a file
must each be reported by the same checks, so that their silence means something.
Exit 0 when every case holds; 1 with the failures listed.
"""
import os
import pwd
import re
import shutil
import stat
import subprocess
import sys
import tempfile

RUN_SECONDS = 60 if any(n in os.environ for n in ("TSAN_OPTIONS", "ASAN_OPTIONS")) else 20

EPD = ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - id \"kiwipete\";\n"
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n")
PERFT_EPD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n"
PGN = ('[Event "t"]\n[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n'
       "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n") * 4
COSTS = "interior_node 434\nquiescence_node 269\nevaluation 93\n"


class Sandbox:
    """A folder under /tmp (so that nobody can reach it) with the valid inputs, a copy of the
    binary, and a fresh working folder per run."""

    def __init__(self, binary):
        self.root = tempfile.mkdtemp(prefix="splitlab-file-flags-", dir="/tmp")
        os.chmod(self.root, 0o755)
        self.binary = os.path.join(self.root, "splitlab")
        shutil.copy2(binary, self.binary)
        os.chmod(self.binary, 0o755)
        self.move_tsan_suppressions()
        self.valid = {}
        for name, text in (("suite.epd", EPD), ("perft.epd", PERFT_EPD), ("games.pgn", PGN),
                           ("costs.txt", COSTS)):
            self.valid[name] = self.write(name, text)
        self.valid["book.bin"] = os.path.join(self.root, "book.bin")
        self.run_ok(["book", "make", "--pgn", self.valid["games.pgn"], "--out",
                     self.valid["book.bin"], "--min-games", "1"])
        logs = os.path.join(self.root, "logs")
        self.run_ok(["overhead", "--suite", self.valid["suite.epd"], "--positions", "1",
                     "--depth", "3", "--threads", "2", "--strategies", "ybwc", "--node-log",
                     "--keep-node-logs", "--out", logs])
        kept = sorted(os.path.join(dp, f) for dp, _, fs in os.walk(logs) for f in fs
                      if f.endswith(".nodelog"))
        if len(kept) < 2:
            raise RuntimeError("overhead --keep-node-logs kept %d node logs" % len(kept))
        self.valid["one.nodelog"], self.valid["many.nodelog"] = kept[0], kept[-1]
        self.nobody = None
        if os.geteuid() == 0:
            try:
                entry = pwd.getpwnam("nobody")
                self.nobody = (entry.pw_uid, entry.pw_gid)
            except KeyError:
                pass
        self.count = 0

    def move_tsan_suppressions(self):
        """Under TSan the suppressions file is named relative to the working folder
        (/proc/self/cwd/..., .bazelrc), and these runs work in folders of their own, some as
        nobody: a copy in the sandbox, named by its absolute path, serves them all."""
        options = os.environ.get("TSAN_OPTIONS", "")
        m = re.search(r"suppressions=([^: ]+)", options)
        if not m:
            return
        source = m.group(1).replace("/proc/self/cwd/", os.getcwd() + "/")
        copy = os.path.join(self.root, "tsan.supp")
        shutil.copy(source, copy)
        os.chmod(copy, 0o644)
        os.environ["TSAN_OPTIONS"] = options.replace(m.group(0), "suppressions=" + copy)

    def write(self, name, text, mode=0o644):
        path = os.path.join(self.root, name)
        with open(path, "wb") as f:
            f.write(text.encode() if isinstance(text, str) else text)
        os.chmod(path, mode)
        return path

    def run_ok(self, args):
        out = subprocess.run([self.binary] + args, capture_output=True, text=True,
                             timeout=300, cwd=self.root)
        if out.returncode != 0:
            raise RuntimeError("setting up: splitlab %s failed: %s" % (" ".join(args),
                                                                       out.stderr[-500:]))

    def workdir(self):
        self.count += 1
        path = os.path.join(self.root, "run%03d" % self.count)
        os.mkdir(path)
        os.chmod(path, 0o777)
        return path

    def bad_paths(self, kind, work):
        """(name, path, as_nobody) for each bad kind of `kind`, made inside `work`."""
        def make(name, text=b"", mode=0o644):
            path = os.path.join(work, name)
            with open(path, "wb") as f:
                f.write(text)
            os.chmod(path, mode)
            return path
        folder = os.path.join(work, "a-folder")
        os.mkdir(folder)
        garbage = bytes((i * 151 + 7) % 256 for i in range(4096))
        cases = []
        if kind == "input-file":
            cases = [("a directory", folder, False), ("a missing path",
                                                      os.path.join(work, "missing.x"), False),
                     ("an empty file", make("empty.x"), False),
                     ("garbage", make("garbage.x", garbage), False)]
            if self.nobody:
                cases.append(("an unreadable file", make("unreadable.x", b"x\n" * 10, 0o000),
                              True))
        elif kind == "output-file":
            cases = [("a directory", folder, False),
                     ("a path in a missing folder", os.path.join(work, "no-folder", "out.x"),
                      False)]
            if self.nobody:
                locked = os.path.join(work, "locked")
                os.mkdir(locked)
                os.chmod(locked, 0o755)  # root's: nobody may not write in it
                cases.append(("an unwritable file", make("locked/out.x", b"old\n", 0o644),
                              True))
        elif kind == "output-dir":
            plain = make("plain.x", b"x\n")
            cases = [("a file", plain, False), ("a path below a file",
                                                 os.path.join(plain, "sub"), False)]
            if self.nobody:
                locked = os.path.join(work, "locked-dir")
                os.mkdir(locked)
                os.chmod(locked, 0o755)
                cases.append(("an unwritable folder", locked, True))
        elif kind == "executable":
            cases = [("a directory", folder, False),
                     ("a missing path", os.path.join(work, "missing-engine"), False),
                     ("an empty file", make("empty-engine", b"", 0o755), False),
                     ("a file without the execute bit", make("plain-engine", b"#!/bin/sh\n",
                                                             0o644), False),
                     ("garbage", make("garbage-engine", garbage, 0o755), False)]
        return cases


def snapshot(folder):
    """Every file and folder below `folder`, with size and modification time."""
    seen = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue
            seen[path] = (st.st_size, st.st_mtime_ns, stat.S_IMODE(st.st_mode))
    return seen


def declarations(binary):
    out = subprocess.run([binary, "help", "--declarations"], capture_output=True, text=True,
                         timeout=120)
    if out.returncode != 0:
        raise RuntimeError("splitlab help --declarations failed: " + out.stderr)
    return [line.split("\t") for line in out.stdout.splitlines() if line]


def bases(box, out_dir):
    """A quick valid run of each command; {OUT} is a fresh output folder of the run."""
    v = box.valid
    return {
        "bench": [["bench", "--depth", "1", "--positions", v["suite.epd"]]],
        "perft": [["perft", "--suite", v["perft.epd"], "--max-depth", "1"]],
        "epd": [["epd", v["suite.epd"], "--depth", "1"]],
        "scale": [["scale", "--suite", v["suite.epd"], "--depth", "1", "--strategies", "ybwc",
                   "--threads", "1", "--out", out_dir]],
        "overhead": [["overhead", "--suite", v["suite.epd"], "--depth", "1", "--threads", "2",
                      "--strategies", "ybwc", "--positions", "1", "--out", out_dir]],
        "nodelog": [["nodelog", v["one.nodelog"], v["many.nodelog"]]],
        "predictor": [["predictor", "--suite", v["suite.epd"], "--depth", "1", "--out",
                       out_dir]],
        "simulate": [["simulate", "--suite", v["suite.epd"], "--positions", "1", "--depth", "2",
                      "--cpus", "2", "--strategies", "ybwc", "--costs", v["costs.txt"],
                      "--out", out_dir]],
        "tt-study": [["tt-study", "--games", v["games.pgn"], "--max-games", "1", "--first-move", "1",
                      "--positions-per-game", "1", "--depth", "1", "--min-log2", "10",
                      "--max-log2", "10", "--out", out_dir]],
        "match": [["match", "--engine", "name=a", "cmd=" + box.binary, "--engine", "name=b",
                   "cmd=" + box.binary, "--each", "tc=inf", "depth=1", "--rounds", "1",
                   "--maxmoves", "2", "--out", out_dir]],
        "book": [["book", "make", "--pgn", v["games.pgn"], "--out",
                  os.path.join(os.path.dirname(out_dir), "made.bin"), "--min-games", "1"],
                 ["book", "probe", "--book", v["book.bin"]]],
    }


def with_bad(base_lists, decl, bad):
    """The base command line with the declared path replaced by `bad`."""
    kind = decl[0]
    if kind == "operand":
        args = list(base_lists[0])
        index = int(decl[2])
        args[index] = bad  # args[0] is the command; operands follow it.
        return args
    flag = decl[2]
    if kind == "key":
        key = decl[3] + "="
        for base in base_lists:
            if flag in base:
                args = list(base)
                i = args.index(flag) + 1
                while i < len(args) and not args[i].startswith("--"):
                    if args[i].startswith(key):
                        args[i] = key + bad
                        return args
                    i += 1
                args.insert(args.index(flag) + 1, key + bad)
                return args
        return list(base_lists[0]) + [flag, key + bad]
    for base in base_lists:
        if flag in base:
            args = list(base)
            args[args.index(flag) + 1] = bad
            return args
    return list(base_lists[0]) + [flag, bad]


def run_case(box, argv, as_nobody, cwd):
    def demote():
        os.setgroups([])
        os.setgid(box.nobody[1])
        os.setuid(box.nobody[0])
    try:
        out = subprocess.run([box.binary] + argv, capture_output=True, text=True,
                             errors="replace", timeout=RUN_SECONDS, cwd=cwd,
                             preexec_fn=demote if as_nobody else None)
        return out.returncode, out.stdout, out.stderr, False
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or "", e.stderr or "", True


def check_case(box, argv, bad, what, as_nobody, work):
    """The problems with one refusal (empty: it held)."""
    before = snapshot(work)
    code, out, err, timed_out = run_case(box, argv, as_nobody, work)
    if isinstance(err, bytes):
        err = err.decode("utf-8", "replace")
    problems = []
    lines = [l for l in err.splitlines() if l.strip()]
    if timed_out:
        problems.append("ran on past %d s (not refused)" % RUN_SECONDS)
    elif code is not None and code < 0:
        problems.append("crashed (signal %d)" % -code)
    elif code == 0:
        problems.append("succeeded (exit 0)")
    elif code != 2:
        problems.append("exit status %d, not 2" % code)
    if not timed_out:
        if len(lines) != 1:
            problems.append("%d lines on stderr, not one: %s" % (len(lines), lines[-3:]))
        elif bad not in lines[0]:
            problems.append("the error does not name the path: %s" % lines[0])
    after = snapshot(work)
    changed = sorted(p for p in after if before.get(p) != after[p])
    if changed:
        problems.append("wrote %s" % ", ".join(os.path.relpath(p, work) for p in changed[:4]))
    return problems, (lines[0] if lines else "")


def check_bases(box):
    """Each base command line must run as it is (exit 0): a refusal of the sweep must come from
    the bad path, not from the base."""
    failures = []
    for command, lines in bases(box, "{OUT}").items():
        for base in lines:
            work = box.workdir()
            out_dir = os.path.join(work, "out")
            argv = [a.replace("{OUT}", out_dir) for a in base]
            code, _, err, timed_out = run_case(box, argv, False, work)
            if timed_out or code != 0:
                failures.append("the base 'splitlab %s' does not run: exit %s, %s"
                                % (" ".join(argv), code, err.strip().splitlines()[-1:]))
    return failures


def sweep(box, decls, verbose=True):
    failures, cases = [], 0
    path_decls = [d for d in decls if (d[0] == "flag" and len(d) > 7 and d[7]) or
                  d[0] in ("key", "operand")]
    commands = sorted({d[1] for d in decls if d[0] == "flag"} | {d[1] for d in path_decls})
    for decl in path_decls:
        kind = decl[-1]
        command = decl[1]
        for name, _, as_nobody in box.bad_paths(kind, box.workdir()):
            work = box.workdir()
            out_dir = os.path.join(work, "out")
            table = bases(box, out_dir)
            if command not in table:
                failures.append("%s: no base command line in BASES to sweep its paths from"
                                % command)
                break
            # The bad path, made again inside this run's own folder.
            bad = dict((n, p) for n, p, _ in box.bad_paths(kind, work))[name]
            argv = with_bad(table[command], decl, bad)
            what = "%s %s (%s) = %s" % (command, " ".join(decl[2:-1]), kind, name)
            problems, line = check_case(box, argv, bad, what, as_nobody, work)
            cases += 1
            if problems:
                failures.append("%s: %s\n      splitlab %s" % (what, "; ".join(problems),
                                                               " ".join(argv)))
            elif verbose:
                print("ok  %-60s %s" % (what[:60], line[:110]))
    known = set(bases(box, "/x"))
    for command in commands:
        if command not in known and any(d[1] == command for d in path_decls):
            failures.append("%s: takes paths but has no base command line" % command)
    return failures, cases


def check_book_file(box):
    """BookFile over UCI and UCCI: an error naming the path, and the engine goes on."""
    failures, cases = [], 0
    for dialect in ("uci", "ucci"):
        for name, bad, as_nobody in box.bad_paths("input-file", box.workdir()):
            if dialect == "uci":
                lines = ["uci", "setoption name BookFile value " + bad,
                         "setoption name OwnBook value true", "isready",
                         "position startpos", "go depth 2"]
                argv = [box.binary]
            else:
                lines = ["ucci", "setoption bookfile " + bad, "setoption ownbook true",
                         "isready", "position startpos", "go depth 2"]
                argv = [box.binary, "ucci"]

            def demote():
                os.setgroups([])
                os.setgid(box.nobody[1])
                os.setuid(box.nobody[0])
            out = subprocess.run(argv, input="\n".join(lines) + "\n", capture_output=True,
                                 text=True, errors="replace", timeout=RUN_SECONDS,
                                 cwd=box.root,
                                 preexec_fn=demote if as_nobody else None)
            errors = [l for l in out.stdout.splitlines() if l.startswith("info string error")]
            answers = [l for l in out.stdout.splitlines() if l.startswith("bestmove")]
            cases += 1
            what = "engine %s BookFile = %s" % (dialect, name)
            problems = []
            if len(errors) != 1 or bad not in errors[0]:
                problems.append("errors %s (one naming %s expected)" % (errors, bad))
            if out.returncode != 0 or len(answers) != 1:
                problems.append("the engine did not go on: exit %s, answers %s"
                                % (out.returncode, answers))
            if problems:
                failures.append("%s: %s" % (what, "; ".join(problems)))
            else:
                print("ok  %-60s %s" % (what, errors[0][:110]))
    return failures, cases


def canary(box):
    """The checks must be able to fail: a run that accepts (exit 0), a refusal that names another
    thing, and a run that writes a file must each be reported. Returns what was not caught."""
    missed = []
    work = box.workdir()
    bad = os.path.join(work, "never-given.epd")
    cases = [(["perft", "--depth", "1"], "succeeded"),
             (["perft", "--depth", "99"], "does not name the path"),
             (["bench", "--depth", "1", "--positions", box.valid["suite.epd"], "--json",
               os.path.join(work, "written.json")], "wrote")]
    for argv, symptom in cases:
        problems, _ = check_case(box, argv, bad, "canary", False, work)
        if not any(symptom in p for p in problems):
            missed.append("'splitlab %s' did not report '%s' (%s)" % (" ".join(argv), symptom,
                                                                      problems))
    return missed


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    box = Sandbox(os.path.abspath(sys.argv[1]))
    try:
        decls = declarations(box.binary)
        failures = check_bases(box)
        more, cases = sweep(box, decls)
        failures += more
        more, book_cases = check_book_file(box)
        failures += more
        cases += book_cases
        for missed in canary(box):
            failures.append("canary not caught: " + missed)
        if not box.nobody:
            print("note: not run as root: unreadable and unwritable cases need a second user")
        print("\n%d cases, %d failed" % (cases, len(failures)))
        for f in failures:
            print("FAIL " + f)
        return 1 if failures else 0
    finally:
        subprocess.run(["chmod", "-R", "u+rwx", box.root])
        shutil.rmtree(box.root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
