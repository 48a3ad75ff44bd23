#!/usr/bin/python3
"""SPSA: tunes the search's numeric parameters in games (the way fishtest and OpenBench tune).

    experiments/strength/spsa.py --engine BIN --params FILE --iterations N --out DIR
        [--features LIST] [--pairs P] [--tc 3+0.03] [--seed S] [--concurrency C]

Each iteration draws a random sign +-1 for every parameter and plays P game pairs (each opening
with both colours) between the engine at theta + c_k * sign and at theta - c_k * sign, with
`BIN match`. Then every parameter moves by a_k / c_k * (wins - losses of the + side) * sign:
a parameter whose + side won moves that way. The gain a_k and the perturbation c_k shrink over
the run as Spall recommends (a_k = a / (A + k)^0.602, c_k = c / k^0.101, A = N / 10); `c_end`
is the perturbation at the last iteration and `r_end` its learning rate, so that the last step
per game-pair result is r_end * c_end (fishtest's parametrisation).

FILE has one parameter a line, "name,start,min,max,c_end,r_end" ('#' starts a comment); a name
is a UCI spin option of BIN (engine/search/search_tuning.h). Engines get the values rounded to
integers.

DIR/iterations.csv gets a row per iteration as soon as it ends (theta before, signs, values
played, W/D/L of the + side, theta after), so an interrupted run loses at most the iteration in
progress; rerunning the same command resumes after the last row. DIR/games.pgn keeps every game,
DIR/theta.png plots each parameter's path (Debian's python3-matplotlib, hence /usr/bin/python3),
DIR/summary.json the state.
Progress and an ETA go to stderr; the same command with --report plays nothing and only plots
and tabulates the iterations so far. The machine must be otherwise idle, as for an SPRT.
"""

import argparse
import csv
import json
import os
import random
import shutil
import subprocess
import sys
import time

ALPHA = 0.602  # Spall's exponents for the gain and perturbation sequences.
GAMMA = 0.101


class SpsaError(Exception):
    pass


def parse_params(text, source):
    """[{name, start, min, max, c_end, r_end}] from the parameter file's text."""
    params = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split(",")]
        where = "%s:%d" % (source, number)
        if len(fields) != 6:
            raise SpsaError("%s: expected name,start,min,max,c_end,r_end, got %d fields"
                            % (where, len(fields)))
        name = fields[0]
        if not name or any(c.isspace() for c in name):
            raise SpsaError("%s: bad parameter name '%s'" % (where, name))
        try:
            start, low, high, c_end, r_end = (float(f) for f in fields[1:])
        except ValueError:
            raise SpsaError("%s: start, min, max, c_end and r_end must be numbers: '%s'"
                            % (where, line))
        if not low <= start <= high:
            raise SpsaError("%s: %s's start %g is outside [%g, %g]" % (where, name, start, low, high))
        if c_end <= 0 or r_end <= 0:
            raise SpsaError("%s: %s's c_end and r_end must be positive" % (where, name))
        if any(p["name"] == name for p in params):
            raise SpsaError("%s: %s given twice" % (where, name))
        params.append(dict(name=name, start=start, min=low, max=high, c_end=c_end, r_end=r_end))
    if not params:
        raise SpsaError("%s: no parameters" % source)
    return params


class Schedule:
    """The gain and perturbation sequences of one parameter over `iterations` iterations."""

    def __init__(self, param, iterations):
        self.A = iterations / 10.0
        self.c = param["c_end"] * iterations ** GAMMA
        a_end = param["r_end"] * param["c_end"] ** 2
        self.a = a_end * (self.A + iterations) ** ALPHA

    def c_k(self, k):
        return self.c / k ** GAMMA

    def a_k(self, k):
        return self.a / (self.A + k) ** ALPHA


def clamp(value, param):
    return min(max(value, param["min"]), param["max"])


def signs_for(seed, k, count):
    """The iteration's signs, fixed by the seed and k, so a resumed run plays what it would have."""
    rng = random.Random(seed * 1000003 + k)
    return [rng.choice((-1, 1)) for _ in range(count)]


def step(params, schedules, theta, k, signs, score):
    """Theta after iteration k, whose + side scored `score` (wins - losses) with `signs`."""
    after = []
    for p, s, t, sign in zip(params, schedules, theta, signs):
        after.append(clamp(t + s.a_k(k) / s.c_k(k) * score * sign, p))
    return after


def played_values(params, schedules, theta, k, signs):
    """The integer values the + and - engines play with at iteration k."""
    plus, minus = [], []
    for p, s, t, sign in zip(params, schedules, theta, signs):
        plus.append(int(round(clamp(t + s.c_k(k) * sign, p))))
        minus.append(int(round(clamp(t - s.c_k(k) * sign, p))))
    return plus, minus


def csv_header(params):
    names = [p["name"] for p in params]
    return (["iteration", "seed"] + ["theta_" + n for n in names] + ["sign_" + n for n in names]
            + ["plus_" + n for n in names] + ["minus_" + n for n in names]
            + ["wins", "draws", "losses", "time_losses", "illegal_moves", "seconds"]
            + ["after_" + n for n in names])


def read_rows(path, params):
    """The iterations already played (a resumed run continues after them)."""
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header is None:
            return []
        if header != csv_header(params):
            raise SpsaError("%s was written for other parameters (its header is %s)"
                            % (path, ",".join(header)))
        rows = []
        for number, row in enumerate(reader, 2):
            if len(row) != len(header):
                raise SpsaError("%s:%d: %d fields, expected %d (a torn last line? remove it)"
                                % (path, number, len(row), len(header)))
            rows.append(dict(zip(header, row)))
    return rows


def check_options(binary, params):
    """Each parameter must be a spin option of the engine whose range holds the file's: the
    match runner sends options without checking them, and an option the engine ignored would
    make every game an even match."""
    run = subprocess.run([binary, "uci"], input="uci\nquit\n", capture_output=True, text=True,
                         timeout=60)
    spins = {}
    for line in run.stdout.splitlines():
        words = line.split()
        if line.startswith("option name ") and "type" in words:
            at = words.index("type")
            name = " ".join(words[2:at])
            if words[at + 1] == "spin":
                fields = dict(zip(words[at + 2::2], words[at + 3::2]))
                spins[name] = (int(fields["min"]), int(fields["max"]))
    for p in params:
        if p["name"] not in spins:
            raise SpsaError("%s has no spin option '%s' (its spin options: %s)"
                            % (binary, p["name"], ", ".join(sorted(spins))))
        low, high = spins[p["name"]]
        if p["min"] < low or p["max"] > high:
            raise SpsaError("%s's range [%g, %g] is outside the option's [%d, %d]"
                            % (p["name"], p["min"], p["max"], low, high))


def engine_spec(name, binary, features, param_names, values):
    spec = ["--engine", "name=" + name, "cmd=" + binary]
    if features is not None:
        spec.append("option.SearchFeatures=" + features)
    spec += ["option.%s=%d" % (n, v) for n, v in zip(param_names, values)]
    return spec


def play(args, param_names, plus, minus, seed, workdir):
    """Plays the iteration's pairs; returns (wins, draws, losses, time losses, illegal moves) of
    the + side and the PGN of its games."""
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    pgn = os.path.join(workdir, "games.pgn")
    command = ([args.engine, "match"]
               + engine_spec("plus", args.engine, args.features, param_names, plus)
               + engine_spec("minus", args.engine, args.features, param_names, minus)
               + ["--each", "tc=" + args.tc, "option.Hash=16", "option.Threads=1",
                  "--rounds", str(args.pairs), "--games", "2", "--repeat",
                  "--concurrency", str(args.concurrency), "--seed", str(seed),
                  "--openings", "order=random",
                  "--draw", "movenumber=40", "movecount=8", "score=10",
                  "--resign", "movecount=3", "score=600", "twosided=true",
                  "--ratinginterval", "0", "--pgnout", pgn,
                  "--out", os.path.join(workdir, "results")])
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise SpsaError("the match failed (exit %d): %s\ncommand: %s"
                        % (run.returncode, (run.stderr or run.stdout).strip()[-2000:],
                           " ".join(command)))
    with open(os.path.join(workdir, "results", "results.json")) as f:
        results = json.load(f)
    pairing = results["pairings"][0]
    if pairing["games"] != 2 * args.pairs:
        raise SpsaError("the match finished %d games of %d" % (pairing["games"], 2 * args.pairs))
    sign = 1 if pairing["first"] == "plus" else -1
    wins, losses = pairing["wins"], pairing["losses"]
    if sign < 0:
        wins, losses = losses, wins
    tags = [g.get("termination_tag") for g in results["games"]]
    with open(pgn) as f:
        games = f.read()
    return (wins, pairing["draws"], losses, tags.count("time forfeit"),
            tags.count("illegal move"), games)


def append_row(path, params, row):
    new = not os.path.exists(path) or os.path.getsize(path) == 0
    with open(path, "a", newline="") as f:
        writer = csv.writer(f)
        if new:
            writer.writerow(csv_header(params))
        writer.writerow([row[h] for h in csv_header(params)])
        f.flush()
        os.fsync(f.fileno())


def write_summary(args, params, theta, rows):
    games = sum(int(r["wins"]) + int(r["draws"]) + int(r["losses"]) for r in rows)
    summary = dict(
        command=sys.argv, engine=args.engine, features=args.features, tc=args.tc,
        pairs_per_iteration=args.pairs, iterations_planned=args.iterations,
        iterations_done=len(rows), games=games,
        time_losses=sum(int(r["time_losses"]) for r in rows),
        illegal_moves=sum(int(r["illegal_moves"]) for r in rows),
        parameters=[dict(p, value=t, rounded=int(round(t))) for p, t in zip(params, theta)])
    path = os.path.join(args.out, "summary.json")
    with open(path + ".tmp", "w") as f:
        json.dump(summary, f, indent=2)
        f.write("\n")
    os.replace(path + ".tmp", path)
    return summary


def plot(args, params, rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("spsa: no matplotlib (apt-get install python3-matplotlib): no plot", file=sys.stderr)
        return
    fig, axes = plt.subplots(len(params), 1, figsize=(8, 2.6 * len(params)), squeeze=False)
    games = [0]
    for r in rows:
        games.append(games[-1] + int(r["wins"]) + int(r["draws"]) + int(r["losses"]))
    for ax, p in zip(axes[:, 0], params):
        values = [p["start"]] + [float(r["after_" + p["name"]]) for r in rows]
        ax.plot(games, values)
        ax.set_ylabel(p["name"])
        ax.grid(True, alpha=0.3)
    axes[-1, 0].set_xlabel("games")
    fig.suptitle("SPSA, %s, %d pairs an iteration" % (args.tc, args.pairs))
    fig.tight_layout()
    fig.savefig(os.path.join(args.out, "theta.png"), dpi=100)
    plt.close(fig)


def report(args, params, theta, rows):
    """The plot, and a table of each parameter's start and value so far."""
    plot(args, params, rows)
    games = sum(int(r["wins"]) + int(r["draws"]) + int(r["losses"]) for r in rows)
    print("%-20s %10s %10s" % ("parameter", "start", "tuned"))
    for p, t in zip(params, theta):
        print("%-20s %10g %10d" % (p["name"], p["start"], int(round(t))))
    print("%d iterations of %d, %d games, %d time losses, %d illegal moves" % (
        len(rows), args.iterations, games, sum(int(r["time_losses"]) for r in rows),
        sum(int(r["illegal_moves"]) for r in rows)))


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", required=True, help="the splitlab binary (engine and runner)")
    parser.add_argument("--params", required=True, help="name,start,min,max,c_end,r_end lines")
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--features", default=None, help="SearchFeatures for both sides")
    parser.add_argument("--pairs", type=int, default=2, help="game pairs per iteration")
    parser.add_argument("--tc", default="3+0.03")
    parser.add_argument("--seed", type=int, default=2029)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--report", action="store_true",
                        help="play nothing: plot and tabulate the iterations so far")
    return parser.parse_args(argv)


def play_iteration(args, params, schedules, names, theta, k, csv_path, rows, play_games):
    """Plays iteration k and records it (games.pgn, iterations.csv, rows, summary.json);
    returns the new theta and the iteration's wins, draws and losses."""
    signs = signs_for(args.seed, k, len(params))
    plus, minus = played_values(params, schedules, theta, k, signs)
    seed = args.seed * 100000 + k
    began = time.monotonic()
    wins, draws, losses, forfeits, illegal, games = play_games(
        args, names, plus, minus, seed, os.path.join(args.out, "current"))
    after = step(params, schedules, theta, k, signs, wins - losses)
    row = dict(iteration=k, seed=seed, wins=wins, draws=draws, losses=losses,
               time_losses=forfeits, illegal_moves=illegal,
               seconds="%.1f" % (time.monotonic() - began))
    for i, n in enumerate(names):
        row["theta_" + n] = "%.4f" % theta[i]
        row["sign_" + n] = signs[i]
        row["plus_" + n] = plus[i]
        row["minus_" + n] = minus[i]
        row["after_" + n] = "%.4f" % after[i]
    with open(os.path.join(args.out, "games.pgn"), "a") as f:
        f.write(games)
    append_row(csv_path, params, row)
    rows.append({h: str(v) for h, v in row.items()})
    theta = [float(row["after_" + n]) for n in names]  # As a resumed run reads it.
    write_summary(args, params, theta, rows)
    return theta, (wins, draws, losses)


def main(argv, play_games=play):
    """The command; `play_games` plays an iteration (the tests give a simulated one)."""
    args = parse_args(argv)
    try:
        if args.iterations < 1 or args.pairs < 1 or args.concurrency < 1:
            raise SpsaError("--iterations, --pairs and --concurrency must be at least 1")
        if not os.access(args.engine, os.X_OK):
            raise SpsaError("no executable '%s'" % args.engine)
        with open(args.params) as f:
            params = parse_params(f.read(), args.params)
        if play_games is play and not args.report:
            check_options(args.engine, params)
        os.makedirs(args.out, exist_ok=True)
        csv_path = os.path.join(args.out, "iterations.csv")
        rows = read_rows(csv_path, params)
        names = [p["name"] for p in params]
        schedules = [Schedule(p, args.iterations) for p in params]
        theta = ([float(rows[-1]["after_" + n]) for n in names] if rows
                 else [p["start"] for p in params])
        if rows:
            # The schedule depends on the planned length: a run resumes only with its own.
            with open(os.path.join(args.out, "summary.json")) as f:
                planned = json.load(f)["iterations_planned"]
            if planned != args.iterations:
                raise SpsaError("%s was started with --iterations %d, not %d"
                                % (args.out, planned, args.iterations))
            if not args.report:
                print("spsa: resuming after iteration %d" % len(rows), file=sys.stderr)
        elif not args.report:
            write_summary(args, params, theta, rows)
        if args.report:
            report(args, params, theta, rows)
            return 0
        started = time.monotonic()
        first = len(rows) + 1
        for k in range(first, args.iterations + 1):
            theta, (wins, draws, losses) = play_iteration(
                args, params, schedules, names, theta, k, csv_path, rows, play_games)
            elapsed = time.monotonic() - started
            eta = elapsed / (k - first + 1) * (args.iterations - k)
            print("spsa: iteration %d/%d (%.1f%%)  %s  W/D/L %d/%d/%d  elapsed %.0fs  ETA %.0fs" % (
                k, args.iterations, 100.0 * k / args.iterations,
                " ".join("%s=%.2f" % (n, t) for n, t in zip(names, theta)),
                wins, draws, losses, elapsed, eta), file=sys.stderr)
        shutil.rmtree(os.path.join(args.out, "current"), ignore_errors=True)
        write_summary(args, params, theta, rows)
        report(args, params, theta, rows)
        return 0
    except (SpsaError, OSError, ValueError, KeyError) as e:
        print("spsa: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
