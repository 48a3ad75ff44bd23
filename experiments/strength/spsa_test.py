#!/usr/bin/python3
"""Tests of spsa.py: its parameter file and schedule, that it climbs towards a known optimum in
simulated games, that an interrupted run resumes to the same result as an uninterrupted one,
and, with the built binary, one short real run (options checked, games played, rows written).

    spsa_test.py SPSA_PY SPLITLAB TMPDIR
"""

import contextlib
import csv
import importlib.util
import io
import json
import os
import random
import shutil
import sys
import traceback

FAILURES = []


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def load(path):
    spec = importlib.util.spec_from_file_location("spsa", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# A simulated match: each parameter's strength falls with the square of its distance from its
# optimum (400 Elo at 100 units away); half the games are drawn; the rest split by Elo.
OPTIMUM = {"Alpha": 150.0, "Beta": 40.0}


def strength(name, value):
    return -400.0 * ((value - OPTIMUM[name]) / 100.0) ** 2


def simulated_play(args, names, plus, minus, seed, workdir):
    rng = random.Random(seed)
    difference = sum(strength(n, p) - strength(n, m) for n, p, m in zip(names, plus, minus))
    p_win = 1.0 / (1.0 + 10.0 ** (-difference / 400.0))
    wins = draws = losses = 0
    for _ in range(2 * args.pairs):
        if rng.random() < 0.5:
            draws += 1
        elif rng.random() < p_win:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses, 0, 0, "[Event \"simulated %d\"]\n\n*\n\n" % seed


def run(spsa, argv, play=None):
    """spsa.main's exit code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = spsa.main(argv, play) if play else spsa.main(argv)
    return code, out.getvalue(), err.getvalue()


def rows_of(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_parameter_file(spsa, tmp):
    params = spsa.parse_params("# comment\nLmrBase, 50, 0, 300, 10, 0.002  # why\n\n"
                               "LmrDivisor,200,50,1000,15,0.002\n", "p.csv")
    check([p["name"] for p in params] == ["LmrBase", "LmrDivisor"], params)
    check(params[1]["start"] == 200 and params[1]["c_end"] == 15, params)
    for text, expected in (("LmrBase,50,0,300,10\n", "p.csv:1: expected"),
                           ("LmrBase,50,0,300,10,x\n", "must be numbers"),
                           ("LmrBase,400,0,300,10,0.002\n", "outside [0, 300]"),
                           ("LmrBase,50,0,300,0,0.002\n", "must be positive"),
                           ("A,1,0,2,1,1\nA,1,0,2,1,1\n", "p.csv:2: A given twice"),
                           ("# nothing\n", "no parameters")):
        try:
            spsa.parse_params(text, "p.csv")
        except spsa.SpsaError as e:
            check(expected in str(e), "%r: the error '%s' does not say '%s'" % (text, e, expected))
        else:
            check(False, "%r was accepted" % text)


def test_schedule(spsa, tmp):
    param = dict(name="P", start=0, min=-1000, max=1000, c_end=10.0, r_end=0.002)
    s = spsa.Schedule(param, 500)
    # The run ends at the perturbation c_end and the learning rate r_end = a_k / c_k^2.
    check(abs(s.c_k(500) - 10.0) < 1e-9, s.c_k(500))
    check(abs(s.a_k(500) / s.c_k(500) ** 2 - 0.002) < 1e-12, s.a_k(500))
    check(s.c_k(1) > s.c_k(250) > s.c_k(500) and s.a_k(1) > s.a_k(500), "not decreasing")
    # A won iteration moves each parameter towards its + side, by a_k / c_k per point.
    after = spsa.step([param, param], [s, s], [0.0, 0.0], 500, [1, -1], 3)
    check(abs(after[0] - 3 * s.a_k(500) / s.c_k(500)) < 1e-12 and after[1] == -after[0], after)
    clamped = spsa.step([param], [s], [999.99], 1, [1], 1000)
    check(clamped == [1000], clamped)
    plus, minus = spsa.played_values([param], [s], [0.4], 500, [1])
    check(plus == [10] and minus == [-10], (plus, minus))
    check(spsa.signs_for(7, 3, 5) == spsa.signs_for(7, 3, 5), "signs not fixed by seed and k")
    check(len({tuple(spsa.signs_for(7, k, 8)) for k in range(1, 40)}) > 30, "signs repeat")


def write_params(tmp):
    path = os.path.join(tmp, "params.csv")
    with open(path, "w") as f:
        f.write("Alpha,100,0,300,10,0.05\nBeta,90,0,300,10,0.05\n")
    return path


def test_climbs_towards_the_optimum(spsa, tmp):
    out = os.path.join(tmp, "climb")
    code, _, err = run(spsa, ["--engine", "/bin/true", "--params", write_params(tmp),
                              "--iterations", "300", "--out", out], simulated_play)
    check(code == 0, err)
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    check(summary["iterations_done"] == 300 and summary["games"] == 1200, summary)
    for p in summary["parameters"]:
        start_error = abs(p["start"] - OPTIMUM[p["name"]])
        error = abs(p["value"] - OPTIMUM[p["name"]])
        # 50 away at the start; within 30 at the end (26 at worst over 120 seeds).
        check(error < 0.6 * start_error, "%s ended at %.1f, optimum %g, start %g"
              % (p["name"], p["value"], OPTIMUM[p["name"]], p["start"]))
    check(len(rows_of(os.path.join(out, "iterations.csv"))) == 300, "rows")
    check(os.path.getsize(os.path.join(out, "theta.png")) > 1000, "no plot")
    check("ETA" in err, "no progress with an ETA on stderr")


def test_resumes_where_it_stopped(spsa, tmp):
    params = write_params(tmp)
    whole, parts = os.path.join(tmp, "whole"), os.path.join(tmp, "parts")
    argv = ["--params", params, "--iterations", "40", "--engine", "/bin/true"]
    check(run(spsa, argv + ["--out", whole], simulated_play)[0] == 0, "the whole run failed")
    calls = []

    def interrupted(*args):  # The machine goes away during the 13th iteration.
        calls.append(1)
        if len(calls) == 13:
            raise OSError("simulated interruption")
        return simulated_play(*args)

    code, _, err = run(spsa, argv + ["--out", parts], interrupted)
    check(code == 1 and "simulated interruption" in err, (code, err))
    check(len(rows_of(os.path.join(parts, "iterations.csv"))) == 12, "results were lost")
    # --report plays nothing: the table and the plot of the 12 iterations so far.
    code, stdout, err = run(spsa, argv + ["--out", parts, "--report"], interrupted)
    check(code == 0 and len(calls) == 13, (code, err, len(calls)))
    check("12 iterations of 40, 48 games" in stdout and "Alpha" in stdout, stdout)
    check(os.path.getsize(os.path.join(parts, "theta.png")) > 1000, "no plot from --report")
    code, _, err = run(spsa, argv + ["--out", parts], simulated_play)
    check(code == 0 and "resuming after iteration 12" in err, (code, err))
    strip = lambda rows: [{k: v for k, v in r.items() if k != "seconds"} for r in rows]
    check(strip(rows_of(os.path.join(whole, "iterations.csv"))) ==
          strip(rows_of(os.path.join(parts, "iterations.csv"))),
          "the resumed run differs from the uninterrupted one")
    # A run resumes only with its own length (the schedule depends on it).
    code, _, err = run(spsa, ["--params", params, "--iterations", "50", "--engine", "/bin/true",
                              "--out", parts], simulated_play)
    check(code == 1 and "started with --iterations 40" in err, (code, err))
    # Another parameter file's rows are refused, and so is a torn row.
    other = os.path.join(tmp, "other.csv")
    with open(other, "w") as f:
        f.write("Gamma,1,0,2,1,1\n")
    code, _, err = run(spsa, ["--params", other, "--iterations", "40", "--engine", "/bin/true",
                              "--out", parts], simulated_play)
    check(code == 1 and "written for other parameters" in err, (code, err))
    with open(os.path.join(parts, "iterations.csv"), "a") as f:
        f.write("41,2029\n")
    code, _, err = run(spsa, argv + ["--out", parts], simulated_play)
    check(code == 1 and "torn last line" in err, (code, err))


def test_real_games(spsa, tmp, binary):
    params = os.path.join(tmp, "lmr.csv")
    with open(params, "w") as f:
        f.write("LmrBase,50,0,300,10,0.002\nLmrDivisor,200,50,1000,15,0.002\n")
    out = os.path.join(tmp, "real")
    argv = ["--engine", binary, "--params", params, "--iterations", "2", "--pairs", "1",
            "--tc", "1+0.01", "--out", out]
    code, stdout, err = run(spsa, argv)
    check(code == 0, err)
    rows = rows_of(os.path.join(out, "iterations.csv"))
    check(len(rows) == 2, rows)
    for r in rows:
        check(int(r["wins"]) + int(r["draws"]) + int(r["losses"]) == 2, r)
        check(int(r["illegal_moves"]) == 0, r)
        # The + and - sides differ by twice the perturbation, as the signs say.
        for name in ("LmrBase", "LmrDivisor"):
            gap = (int(r["plus_" + name]) - int(r["minus_" + name])) * int(r["sign_" + name])
            check(gap > 0, "%s: + side %s, - side %s" % (name, r["plus_" + name],
                                                        r["minus_" + name]))
    with open(os.path.join(out, "games.pgn")) as f:
        check(f.read().count("[Result ") == 4, "games.pgn does not hold the 4 games")
    check("LmrDivisor" in stdout and "2 iterations of 2, 4 games" in stdout, stdout)
    # A name the engine does not declare is refused before any game (the runner would send it
    # and the engine ignore it), and so is a range wider than the option's.
    for text, expected in (("LmrBse,50,0,300,10,0.002\n", "no spin option 'LmrBse'"),
                           ("LmrDivisor,200,10,1000,15,0.002\n", "outside the option's")):
        with open(params, "w") as f:
            f.write(text)
        code, _, err = run(spsa, argv[:-1] + [os.path.join(tmp, "refused")])
        check(code == 1 and expected in err, (code, err))


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    spsa = load(sys.argv[1])
    binary, tmp = os.path.abspath(sys.argv[2]), sys.argv[3]
    tests = [test_parameter_file, test_schedule, test_climbs_towards_the_optimum,
             test_resumes_where_it_stopped, lambda s, t: test_real_games(s, t, binary)]
    names = ["parameter_file", "schedule", "climbs_towards_the_optimum",
             "resumes_where_it_stopped", "real_games"]
    for name, test in zip(names, tests):
        work = os.path.join(tmp, name)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        try:
            test(spsa, work)
            print("PASS", name)
        except Exception:
            print("FAIL", name)
            traceback.print_exc()
            FAILURES.append(name)
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
