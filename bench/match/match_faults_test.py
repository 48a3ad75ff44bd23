#!/usr/bin/env python3
"""Faults in a match (issue 52 item 4), with the built binary:
- engines that fail in ways they cannot report: stopped (SIGSTOP) longer than their clock,
  killed (SIGKILL) in mid-search, writing a 1 MB line, closing their output and living on.
  Each fault ends its game with a reason naming it (or, for the long line, no fault at all),
  the engine is killed and restarted for its next game, and no engine process is left behind;
- the results becoming unwritable while the match runs: the PGN file on a full device
  (/dev/full: ENOSPC) and the results files past a size limit (RLIMIT_FSIZE: EFBIG) after some
  games. The match stops with exit 1 and one line naming the file and the system's reason,
  every game reported finished is in the state, and rerunning the same command (the fault
  gone) resumes: 0 finished games lost, none played twice.
With --report FILE, writes what each fault did as a Markdown table (experiments/hardening/faults).
usage: match_faults_test.py SPLITLAB FAKE_ENGINE TMPDIR [--report FILE]"""
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys

BIN, FAKE, TMP = sys.argv[1:4]
REPORT = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == "--report" else None
failures = []
rows = []  # (fault, what the runner did), for the report


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED: " + what, file=sys.stderr)
    return condition


FINISHED = re.compile(r"^Finished game (\d+) \((\S+) vs (\S+)\): (1-0|0-1|1/2-1/2) \{(.+)\}$", re.M)
NOT_KEPT = re.compile(r"^Game (\d+) \((\S+) vs (\S+)\) ended .* but is not kept: (.+); it is played "
                      r"again when the match resumes$", re.M)


def run(args, timeout=120, preexec_fn=None):
    p = subprocess.run([BIN, "match"] + args, capture_output=True, text=True, timeout=timeout,
                       preexec_fn=preexec_fn)
    return p.returncode, p.stdout, p.stderr


def alive(pid):
    """True if the process exists and is not a zombie (a stopped one counts as alive)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def engine_faults():
    out_dir = os.path.join(TMP, "engine-faults")
    shutil.rmtree(out_dir, ignore_errors=True)
    expected = {"stall": "{c}'s connection stalls", "sigkill": "{c} disconnects",
                "hugeline": None, "closeout": "{c} disconnects"}
    args = ["--tournament", "gauntlet", "--engine", "name=Splitlab", "cmd=" + BIN, "depth=2"]
    logs = {}
    for mode in expected:
        logs[mode] = os.path.join(TMP, "fault-%s.log" % mode)
        if os.path.exists(logs[mode]):
            os.remove(logs[mode])
        # The 1 MB line is checked for being no fault, not for its time: on a loaded machine
        # (two busy loops beside a clean-clone scripts/test) writing and reading it took more
        # than the 0.3 s + 0.2 s, and the engine lost on time. It gets 10 s of margin.
        margin = 10000 if mode == "hugeline" else 200
        args += ["--engine", "name=" + mode, "cmd=" + FAKE, "arg=" + mode, "arg=" + logs[mode],
                 "arg=" + BIN, "st=0.3", "timemargin=%d" % margin]
    args += ["--games", "2", "--concurrency", "1", "--out", out_dir, "--maxmoves", "12"]
    code, out, err = run(args)
    if not check(code == 0, "engine faults: exit %d, stderr %s" % (code, err[-2000:])):
        return
    finished = FINISHED.findall(out)
    check(len(finished) == 8, "engine faults: 8 finished games, got %d" % len(finished))
    with open(os.path.join(out_dir, "results.json")) as f:
        games = {g["index"]: g for g in json.load(f)["games"]}
    seen = {}
    for index, white, black, result, reason in finished:
        fake, colour = (white, "White") if white != "Splitlab" else (black, "Black")
        seen.setdefault(fake, []).append(reason)
        if expected[fake] is None:
            check(all(word not in reason for word in ("disconnects", "stalls", "illegal", "on time")),
                  "fault %s: a 1 MB line is no fault, yet %r" % (fake, reason))
            continue
        want = expected[fake].format(c=colour)
        check(reason == want, "fault %s: reason %r, expected %r" % (fake, reason, want))
        check(result == ("0-1" if colour == "White" else "1-0"), "fault %s loses: %s" % (fake, result))
        if fake == "stall":
            # Stopped for good: lost on its 0.3 s (+0.2 s margin) and the 1 s grace after stop,
            # not after the 10-minute stall timeout.
            side = colour.lower()
            check(games[int(index)][side + "_time_ms"] < 5000,
                  "fault stall: the stopped side used %d ms" % games[int(index)][side + "_time_ms"])
    for mode, log in logs.items():
        with open(log) as f:
            words = f.read().split()
        pids = [int(words[i + 1]) for i in range(0, len(words), 2) if words[i] == "start"]
        # One start when the match checks its engines, then one per game after a fault (a long
        # line is not one: the engine plays its second game in the same process).
        want_starts = 2 if expected[mode] is None else 3
        check(len(pids) == want_starts, "fault %s: started %d times, expected %d" % (mode, len(pids), want_starts))
        left = [pid for pid in pids if alive(pid)]
        check(not left, "fault %s: processes left running after the match: %s" % (mode, left))
        rows.append(("engine: " + {"stall": "stopped with SIGSTOP, past its clock",
                                   "sigkill": "killed with SIGKILL in mid-search",
                                   "hugeline": "writes a 1 MB info line",
                                   "closeout": "closes its output, lives on"}[mode],
                     "; ".join(sorted(set(seen.get(mode, [])))) +
                     ", %d starts, %d processes left" % (len(pids), len(left))))


def state_games(out_dir):
    path = os.path.join(out_dir, "state.tsv")
    if not check(os.path.exists(path), "no state file in " + out_dir):
        return {}
    with open(path) as f:
        text = f.read()
    check(text.endswith("\n"), "the state ends with a whole line")
    return {int(l.split("\t")[1]): l for l in text.splitlines() if l.startswith("game\t")}


def resumes(label, args, out_dir, kept, total, pgn=None):
    """Reruns the same command with the fault gone: it resumes with the kept games, plays the
    rest, and leaves every kept game as it was."""
    code, out, err = run(args)
    if not check(code == 0, "%s: the rerun exits %d: %s" % (label, code, err[-1500:])):
        return False
    check(re.search(r"^Resuming the match in .*: %d of %d games already played$" % (len(kept), total),
                    out, re.M), "%s: the rerun's resuming line: %s" % (label, out[:300]))
    replayed = {int(f[0]) for f in FINISHED.findall(out)}
    check(not (replayed & set(kept)), "%s: games played twice: %s" % (label, replayed & set(kept)))
    after = state_games(out_dir)
    check(set(after) == set(range(1, total + 1)), "%s: the state after the rerun: %s" % (label, sorted(after)))
    for index, line in kept.items():
        check(after.get(index) == line, "%s: game %d changed on resume" % (label, index))
    if pgn:
        with open(pgn) as f:
            count = len(re.findall(r'^\[Event ', f.read(), re.M))
        check(count == total, "%s: the PGN holds %d games after the rerun, expected %d" % (label, count, total))
    return True


def match_args(out_dir, pgn=None, games=6):
    args = ["--engine", "name=A", "cmd=" + BIN, "--engine", "name=B", "cmd=" + BIN, "--each",
            "depth=1", "--rounds", str(games // 2), "--games", "2", "--repeat", "--maxmoves", "10",
            "--concurrency", "1", "--out", out_dir]
    return args + (["--pgnout", pgn] if pgn else [])


def pgn_on_full_device():
    out_dir = os.path.join(TMP, "full-pgn")
    pgn = os.path.join(TMP, "full.pgn")
    shutil.rmtree(out_dir, ignore_errors=True)
    for path in (pgn,):
        if os.path.lexists(path):
            os.remove(path)
    os.symlink("/dev/full", pgn)  # The PGN path leads to a device that is always full.
    args = match_args(out_dir, pgn)
    code, out, err = run(args)
    message = err.strip().splitlines()[-1] if err.strip() else ""
    check(code == 1, "full PGN: exit %d, expected 1" % code)
    check(re.fullmatch(r"splitlab match: cannot append to '%s': No space left on device \(every game "
                       r"reported finished is kept in '%s': rerun the same command to resume\)"
                       % (re.escape(pgn), re.escape(out_dir)), message) is not None,
          "full PGN: the message %r" % message)
    finished = {int(f[0]) for f in FINISHED.findall(out)}
    kept = state_games(out_dir)
    check(finished and finished <= set(kept), "full PGN: finished %s, kept %s" % (sorted(finished), sorted(kept)))
    os.remove(pgn)  # The disk has room again.
    ok = resumes("full PGN", args, out_dir, kept, 6, pgn)
    rows.append(("PGN file on a full device (/dev/full)",
                 "%s; exit %d; %d game%s finished and kept; the rerun %s" % (
                     message.replace("splitlab match: ", ""), code, len(finished),
                     "" if len(finished) == 1 else "s",
                     "resumed and played the other %d" % (6 - len(kept)) if ok else "FAILED")))


def state_past_size_limit():
    """RLIMIT_FSIZE stands for a disk that fills during the match: the write that crosses it
    fails with EFBIG (SIGXFSZ ignored, so that the write fails instead of killing)."""
    if os.environ.get("TSAN_OPTIONS"):
        # Under a file size limit of a few KB the ThreadSanitizer build dies with SIGBUS inside
        # TSan's runtime ("BUS on unknown address", then "nested bug"), with no report of ours:
        # the fault is tried in the optimised and ASan configurations.
        print("size limit: skipped under ThreadSanitizer", file=sys.stderr)
        return
    out_dir = os.path.join(TMP, "size-limit")
    shutil.rmtree(out_dir, ignore_errors=True)
    args = match_args(out_dir)
    # results.json, written whole after every game (through a temporary file), is the largest
    # file: a limit a quarter above its size after one pair of games lets the first games
    # through and stops the match a few games in. (The state's own cut-back after a failed
    # write is results_store_test's.)
    run(match_args(out_dir, games=2))
    limit = os.path.getsize(os.path.join(out_dir, "results.json")) * 5 // 4
    shutil.rmtree(out_dir)

    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    code, out, err = run(args, preexec_fn=limited)
    message = err.strip().splitlines()[-1] if err.strip() else ""
    check(code == 1, "size limit: exit %d, expected 1: %s" % (code, err[-500:]))
    check(re.fullmatch(r"splitlab match: cannot write (the match state )?'%s/(state\.tsv|results\.json)'"
                       r": File too large \(every game reported finished is kept in '%s': rerun the same "
                       r"command to resume\)" % (re.escape(out_dir), re.escape(out_dir)), message)
          is not None, "size limit: the message %r" % message)
    finished = {int(f[0]) for f in FINISHED.findall(out)}
    not_kept = {int(f[0]) for f in NOT_KEPT.findall(out)}
    kept = state_games(out_dir)
    check(finished == set(kept), "size limit: finished %s, kept %s" % (sorted(finished), sorted(kept)))
    check(len(kept) < 6, "size limit: the limit stopped nothing (%d games kept)" % len(kept))
    ok = resumes("size limit", args, out_dir, kept, 6)
    rows.append(("files past a size limit mid-match (RLIMIT_FSIZE %d bytes)" % limit,
                 "%s; exit %d; %d games finished and kept, %d ended but not kept (reported so); "
                 "the rerun %s" % (message.replace("splitlab match: ", ""), code, len(finished),
                                   len(not_kept), "resumed and played the other %d" % (6 - len(kept))
                                   if ok else "FAILED")))


for test in (engine_faults, pgn_on_full_device, state_past_size_limit):
    test()
if REPORT:
    with open(REPORT, "w") as f:
        f.write("| fault | what the runner did |\n|---|---|\n")
        for fault, what in rows:
            f.write("| %s | %s |\n" % (fault, what.replace("|", "\\|")))
if failures:
    print("%d failure(s)" % len(failures), file=sys.stderr)
    sys.exit(1)
print("match faults: all checks passed")
