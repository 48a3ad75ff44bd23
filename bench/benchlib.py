"""What the benchmark scripts of bench/ share (python3 standard library only).

perft_vs_stockfish.py, nps_vs_glaurung.py and memory_check.py import it as `import benchlib`,
after putting their own directory first on sys.path (Python does that itself for a script, but not
under `python3 -I`, PYTHONSAFEPATH or `-m`), so they run from any working directory.

  * Failure, main(): an error for the user with an exit status, and the `name: error: ...` /
    `name: interrupted` (130) wrapper around a script's run().
  * UciEngine: a UCI engine process kept open over a pipe, lines read under deadlines; uci_values(),
    bestmove() read its `info` and `bestmove` lines.
  * splitlab_binary(), find_splitlab(), find_reference_engine(): the binaries, with a warning for
    a debug or sanitizer build; run_to_end(): one whole `splitlab <command>` process.
  * progress(), format_seconds(), Eta: progress lines on stderr.
  * Output, write_json(): CSV rows and the JSON document, written as the results come.
  * add_binary_arguments(), add_output_arguments(): the command-line options the scripts share.
  * geometric_mean().
"""

import json
import math
import os
import select
import shutil
import subprocess
import sys
import time

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Failure(Exception):
    """A failure with a message for the user and an exit status."""

    def __init__(self, message, status=1):
        super().__init__(message)
        self.status = status


def main(name, parse_args, run, argv):
    """Parses argv and runs; a Failure or an interrupt becomes a message and an exit status."""
    args = parse_args(argv)
    try:
        return run(args)
    except Failure as failure:
        print(f"{name}: error: {failure}", file=sys.stderr)
        return failure.status
    except KeyboardInterrupt:
        print(f"{name}: interrupted", file=sys.stderr)
        return 130


def progress(message):
    print(message, file=sys.stderr, flush=True)


def format_seconds(seconds):
    if seconds < 60:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min"


class Eta:
    """The time left of a run, from the time so far and how much of the total work is done."""

    def __init__(self, total):
        self.total = total
        self.start = time.perf_counter()

    def text(self, done):
        """`ETA 12 s`; `ETA 0 s` while nothing is done or there is no total."""
        elapsed = time.perf_counter() - self.start
        # Never negative: a total estimated from published counts can fall short of the work.
        left = max(0.0, elapsed * (self.total - done) / done) if self.total and done else 0
        return f"ETA {format_seconds(left)}"


def geometric_mean(values):
    """Of the positive finite values; nan when there are none."""
    values = [v for v in values if v > 0 and math.isfinite(v)]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


# Binaries.

def splitlab_binary(requested, build="bazel build -c opt //:splitlab"):
    """The --splitlab path, else bazel-bin/splitlab of this repository; fails unless executable."""
    path = requested or os.path.join(REPO_ROOT, "bazel-bin", "splitlab")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise Failure(f"splitlab binary not found at '{path}'; build it with "
                      f"'cd {REPO_ROOT} && {build}' or pass --splitlab PATH", 2)
    return path


def find_splitlab(requested, why=""):
    """The real path of the splitlab binary; warns when it looks like a debug or sanitizer build.

    `why` is added to the warning's reason (bazel-bin follows the last build's configuration)."""
    real = os.path.realpath(splitlab_binary(requested))
    if any(mark in real for mark in ("-dbg", "-fastbuild", "asan", "tsan")):
        progress(f"warning: {real} looks like a debug or sanitizer build (bazel-bin follows the "
                 f"last build's configuration{why}); measure an optimised one: "
                 f"'bazel build -c opt //:splitlab', or pass --splitlab PATH")
    return real


def find_reference_engine(name, requested):
    """The binary of a reference engine (`stockfish`, `glaurung`): --NAME as a path or a command
    on PATH, else /usr/games/NAME (Debian's package), else NAME on PATH."""
    if requested:
        if os.path.isfile(requested) and os.access(requested, os.X_OK):
            return requested
        found = shutil.which(requested)
        if found:
            return found
        raise Failure(f"{name} not found at '{requested}'", 2)
    if os.access(f"/usr/games/{name}", os.X_OK):
        return f"/usr/games/{name}"
    found = shutil.which(name)
    if found:
        return found
    raise Failure(f"{name} not found (looked for /usr/games/{name} and '{name}' on PATH); "
                  f"install it with 'apt-get install {name}' or pass --{name} PATH", 2)


def run_to_end(command, timeout):
    """Runs `splitlab <command> ...` to its end; returns (stdout, wall seconds of the process).

    Fails when it takes longer than timeout seconds or exits with a status other than 0."""
    what = f"splitlab {command[1]}"
    start = time.perf_counter()
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"{what} did not finish within {timeout} s: {' '.join(command)}")
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise Failure(f"{what} failed with status {result.returncode}: "
                      f"{result.stderr.decode(errors='replace').strip()}")
    return result.stdout.decode(errors="replace"), seconds


# UCI.

class UciEngine:
    """One UCI engine process kept open over a pipe.

    Starting it runs the `uci` ... `uciok` handshake, which gives `name` (from `id name`) and
    `options` (declaration lines by lower-case option name); the subclass then sets it up. Failures:
    status 2 when the binary cannot be started, 1 when the engine exits or does not answer in time.
    With capture_stderr, what the engine writes on stderr is kept in `errors`, and the last lines of
    it are added to the message when the engine exits unexpectedly.
    """

    ready_timeout = 60  # seconds for `isready` ... `readyok` when wait_ready() is given none
    close_timeout = 5  # seconds for the process to exit after `quit` before it is killed

    def __init__(self, label, command, timeout, who=None, capture_stderr=False):
        self.label = label
        self.command = command
        self.timeout = timeout
        self.who = who or f"{label} '{command[0]}'"  # names the engine when it exits unexpectedly
        self.buffer = b""
        self.errors = []
        try:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE if capture_stderr else subprocess.DEVNULL, bufsize=0)
        except OSError as error:
            raise Failure(f"cannot start {label} '{command[0]}': {error}", 2)
        self.pid = self.process.pid
        self.fd = self.process.stdout.fileno()
        self.err_fd = self.process.stderr.fileno() if capture_stderr else None
        self.name = label
        self.options = {}
        self.send("uci")
        for line in self.read_until(lambda line: line == "uciok", 30):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
            elif line.startswith("option name "):
                name = line[len("option name "):].split(" type ", 1)[0]
                self.options[name.lower()] = line

    def timeout_message(self):
        return f"{self.label} did not answer within the time allowed"

    def has_option(self, name):
        return name.lower() in self.options

    def option_default(self, name):
        """The default value the engine declared for an option, or None."""
        tokens = self.options.get(name.lower(), "").split()
        if "default" in tokens and tokens.index("default") + 1 < len(tokens):
            return tokens[tokens.index("default") + 1]
        return None

    def set_option(self, name, value=None, required=True):
        if not self.has_option(name):
            if required:
                raise Failure(f"{self.label} ({self.name}) has no UCI option '{name}'")
            return False
        self.send(f"setoption name {name}" + ("" if value is None else f" value {value}"))
        return True

    def send(self, command):
        try:
            self.process.stdin.write((command + "\n").encode())
        except (BrokenPipeError, OSError):
            raise Failure(f"{self.who} exited unexpectedly (status {self.process.poll()})")

    def read_line(self, deadline):
        """The next line of the engine's output (stripped); fails after deadline (perf_counter)."""
        fds = [self.fd] if self.err_fd is None else [self.fd, self.err_fd]
        while b"\n" not in self.buffer:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise Failure(self.timeout_message())
            ready, _, _ = select.select(fds, [], [], remaining)
            if self.err_fd in ready:  # error messages: kept, and shown if something fails
                chunk = os.read(self.err_fd, 65536)
                if chunk:
                    self.errors.extend(chunk.decode(errors="replace").splitlines())
            if self.fd not in ready:
                continue
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise Failure(f"{self.who} exited unexpectedly (status {self.process.wait()})"
                              + (": " + " | ".join(self.errors[-3:]) if self.errors else ""))
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace").strip()

    def read_until(self, is_last, timeout):
        """Returns the lines read up to and including the first for which is_last() holds."""
        deadline = time.perf_counter() + timeout
        lines = []
        while True:
            line = self.read_line(deadline)
            lines.append(line)
            if is_last(line):
                return lines

    def wait_ready(self, timeout=None):
        """Sends `isready`; returns the lines up to and including `readyok`."""
        self.send("isready")
        return self.read_until(lambda line: line == "readyok",
                               self.ready_timeout if timeout is None else timeout)

    def close(self):
        if self.process.poll() is None:
            try:
                self.send("quit")
                self.process.stdin.close()
                self.process.wait(timeout=self.close_timeout)
            except (Failure, OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()


def uci_values(line, keys):
    """{key: integer} for each of keys followed by an integer in a UCI line (`info depth 9 ...`)."""
    tokens = line.split()
    values = {}
    for key in keys:
        if key in tokens:
            index = tokens.index(key)
            if index + 1 < len(tokens) and tokens[index + 1].isdigit():
                values[key] = int(tokens[index + 1])
    return values


def bestmove(line):
    """The move of a `bestmove MOVE [ponder P]` line, or "" when it has none."""
    fields = line.split()
    return fields[1] if len(fields) > 1 else ""


# Results, written as they come.

def write_json(path, document):
    with open(path + ".tmp", "w") as out:
        json.dump(document, out, indent=2)
        out.write("\n")
    os.replace(path + ".tmp", path)  # a reader never sees a half-written file


class Output:
    """The --csv and --json files of a run, each optional, kept up to date as results come.

    The CSV file is opened (and its header written) at once; row() appends a row of `fields`
    (None as an empty field) and flushes. document() rewrites the JSON file whole, atomically."""

    def __init__(self, csv_path, json_path, fields):
        self.json_path = json_path
        self.fields = fields
        self.csv = None
        if csv_path:
            self.csv = open(csv_path, "w")
            self.csv.write(",".join(fields) + "\n")
            self.csv.flush()

    def row(self, row):
        if self.csv:
            self.csv.write(",".join(csv_field(row.get(name)) for name in self.fields) + "\n")
            self.csv.flush()

    def document(self, document):
        if self.json_path:
            write_json(self.json_path, document)

    def close(self):
        if self.csv:
            self.csv.close()


def csv_field(value):
    text = "" if value is None else str(value)
    if any(c in text for c in ',"\n'):
        text = '"' + text.replace('"', '""') + '"'
    return text


# Command-line options.

def add_binary_arguments(parser, reference=None):
    """--splitlab, and --REFERENCE for a reference engine found by find_reference_engine()."""
    parser.add_argument("--splitlab", help="the splitlab binary (default: bazel-bin/splitlab of "
                                           "the repository that holds this script)")
    if reference:
        parser.add_argument(f"--{reference}", help=f"the {reference} binary (default: "
                                                   f"/usr/games/{reference}, else '{reference}' "
                                                   f"on PATH)")


def add_output_arguments(parser, csv_row, json_help="write the results as JSON (as it goes)"):
    """--csv (one row per csv_row) and --json, for Output."""
    parser.add_argument("--csv", metavar="PATH", help=f"write one row per {csv_row} (as it goes)")
    parser.add_argument("--json", metavar="PATH", help=json_help)
