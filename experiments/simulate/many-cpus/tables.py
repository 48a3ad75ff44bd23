#!/usr/bin/env python3
"""The tables of experiments/simulate/many-cpus/README.md, made from the runs' summary.csv files.

  tables.py curve   the curve: every strategy and CPU count, with where the CPUs' time went
  tables.py probe   speedup against depth at 16 and 64 CPUs (the probe folders)
  tables.py overhead FOLDER   the extra nodes split into work on moves after a cutoff at a split
                    point (which one CPU never searches) and the rest (a larger tree)
  tables.py tuned   each tuned setting against the curve's defaults, paired by position
  tables.py sweep   each split setting against the defaults at 16 and 64 CPUs, paired by
                    position (the ratio of speedups, geometric mean over the positions)

Python 3 standard library only; run from anywhere.
"""

import csv
import glob
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.realpath(__file__))
HYATT_DTS = {2: 2.0, 4: 3.7, 8: 6.6, 16: 11.1}


def read_summary(folder):
    with open(os.path.join(folder, "summary.csv")) as f:
        return {(r["strategy"], int(r["cpus"])): r for r in csv.DictReader(f)}


def read_runs(folder):
    """{(strategy, cpus, position): (virtual_ps, nodes)}."""
    rows = {}
    with open(os.path.join(folder, "runs.csv")) as f:
        lines = [line for line in f if not line.startswith("#")]
    for r in csv.DictReader(lines):
        rows[(r["strategy"], int(r["cpus"]), r["position"])] = (int(r["virtual_ps"]),
                                                                 int(r["nodes"]))
    return rows


def pct(value):
    return f"{100 * float(value):.0f}%"


def curve(folder):
    cells = read_summary(folder)
    print(f"Folder {os.path.relpath(folder, HERE)}: {next(iter(cells.values()))['positions']} "
          "positions. Time shares are of N CPUs x the search's time.\n")
    print("| strategy | CPUs | speedup [95%] | Hyatt DTS | NPS ratio | overhead (pooled) | busy | "
          "starved | owners waiting | locks | splits | joins | late joins |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for (strategy, cpus), r in cells.items():
        if strategy == "none":
            continue
        hyatt = HYATT_DTS.get(cpus, "") if strategy == "dts" else ""
        print(f"| {strategy} | {cpus} | {float(r['speedup']):.2f} [{float(r['speedup_low']):.2f}, "
              f"{float(r['speedup_high']):.2f}] | {hyatt} | {float(r['nps_ratio']):.2f} | "
              f"+{100 * float(r['overhead_pooled']):.0f}% | {pct(r['busy_share'])} | "
              f"{pct(r['no_work_share'])} | {pct(r['helpers_wait_share'])} | "
              f"{100 * float(r['lock_wait_share']):.2f}% | {float(r['splits']):.0f} | "
              f"{float(r['joins']):.0f} | {float(r.get('late_joins') or 0):.0f} |")


def probe():
    folders = sorted(glob.glob(os.path.join(HERE, "probe-d*")),
                     key=lambda f: int(f.rsplit("-d", 1)[1]))
    print("| depth | 1-CPU nodes (mean) | YBWC 16 | DTS 16 | YBWC 64 | DTS 64 | DTS 64 starved |")
    print("|---|---|---|---|---|---|---|")
    for folder in folders:
        cells = read_summary(folder)
        runs = read_runs(folder)
        ones = [v[1] for k, v in runs.items() if k[0] == "none"]
        get = lambda s, n: float(cells[(s, n)]["speedup"]) if (s, n) in cells else float("nan")
        starved = pct(cells[("dts", 64)]["no_work_share"]) if ("dts", 64) in cells else ""
        print(f"| {folder.rsplit('-d', 1)[1]} | {sum(ones) / len(ones) / 1e6:.2f} M | "
              f"{get('ybwc', 16):.2f} | {get('dts', 16):.2f} | {get('ybwc', 64):.2f} | "
              f"{get('dts', 64):.2f} | {starved} |")


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def geomean_interval(values, resamples=2000, seed=1):
    """Geometric mean and its 95% percentile bootstrap interval over the positions."""
    rng = random.Random(seed)
    means = sorted(geomean(rng.choices(values, k=len(values))) for _ in range(resamples))
    return geomean(values), means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


def sweep():
    folders = sorted(f for f in glob.glob(os.path.join(HERE, "sweep-d*", "*"))
                     if os.path.exists(os.path.join(f, "summary.csv")))
    defaults = next((f for f in folders if f.endswith("/defaults")), None)
    if not defaults:
        sys.exit("tables.py: no sweep defaults folder")
    base_runs = read_runs(defaults)
    print("Speedup, and its ratio to the defaults' paired by position (geometric mean with a 95% "
          "bootstrap interval); pooled overhead and starved share at 64 CPUs.\n")
    print("| setting | YBWC 16 | DTS 16 | YBWC 64 | DTS 64 | overhead YBWC/DTS 64 | "
          "starved YBWC/DTS 64 |")
    print("|---|---|---|---|---|---|---|")
    for folder in [defaults] + [f for f in folders if f != defaults]:
        runs, cells = read_runs(folder), read_summary(folder)
        row = [os.path.basename(folder)]
        for strategy, cpus in (("ybwc", 16), ("dts", 16), ("ybwc", 64), ("dts", 64)):
            cell = cells.get((strategy, cpus))
            if not cell:
                row.append("")
                continue
            text = f"{float(cell['speedup']):.2f}"
            ratio = paired_ratio(runs, base_runs, strategy, cpus) if folder != defaults else None
            if ratio:
                text += f" (x{ratio[0]:.2f} [{ratio[1]:.2f}, {ratio[2]:.2f}])"
            row.append(text)
        over = "/".join(f"+{100 * float(cells[(s, 64)]['overhead_pooled']):.0f}%"
                        for s in ("ybwc", "dts") if (s, 64) in cells)
        starved = "/".join(pct(cells[(s, 64)]["no_work_share"]) for s in ("ybwc", "dts")
                           if (s, 64) in cells)
        print("| " + " | ".join(row) + f" | {over} | {starved} |")


def overhead(folder):
    with open(os.path.join(folder, "runs.csv")) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    one = {r["position"]: int(r["nodes"]) for r in rows if r["strategy"] == "none"}
    configs = sorted({(r["strategy"], int(r["cpus"])) for r in rows if r["strategy"] != "none"},
                     key=lambda c: (c[0], c[1]))
    print("Pooled over the positions, as shares of one CPU's nodes.\n")
    print("| strategy | CPUs | extra nodes | after a cutoff at a split point | of them thrown away "
          "| the rest: a larger tree |")
    print("|---|---|---|---|---|---|")
    for strategy, cpus in configs:
        mine = [r for r in rows if (r["strategy"], int(r["cpus"])) == (strategy, cpus)
                and r["position"] in one]
        base = sum(one[r["position"]] for r in mine)
        extra = sum(int(r["nodes"]) - one[r["position"]] for r in mine) / base
        cut = sum(int(r["cut_waste_nodes"]) for r in mine) / base
        aborted = sum(int(r["aborted_nodes"]) for r in mine) / base
        print(f"| {strategy} | {cpus} | +{100 * extra:.0f}% | {100 * cut:.0f}% | "
              f"{100 * aborted:.0f}% | {100 * (extra - cut):.0f}% |")


def paired_ratio(runs, base_runs, strategy, cpus):
    """Speedups of `runs` over those of `base_runs`, per position; None where either lacks it."""
    ratios = []
    for (s, n, p), (ps, _) in runs.items():
        if (s, n) != (strategy, cpus):
            continue
        one, base, mine_one = (base_runs.get(("none", 1, p)), base_runs.get((s, n, p)),
                               runs.get(("none", 1, p)))
        if one and base and mine_one:
            ratios.append((mine_one[0] / ps) / (one[0] / base[0]))
    return geomean_interval(ratios) if ratios else None


def tuned():
    curve_folder = sorted(glob.glob(os.path.join(HERE, "curve-d*")))[0]
    base_runs = read_runs(curve_folder)
    base_cells = read_summary(curve_folder)
    print("Speedup, and in brackets its ratio to the curve's defaults on the same positions "
          "(geometric mean with a 95% bootstrap interval).\n")
    counts = (4, 8, 16, 64)
    print("| setting | " + " | ".join(f"{s.upper() if s == 'dts' else 'YBWC'} {n}"
                                     for s in ("ybwc", "dts") for n in counts) + " |")
    print("|---|" + "---|" * (2 * len(counts)))
    row = ["defaults (curve)"]
    for s in ("ybwc", "dts"):
        for n in counts:
            row.append(f"{float(base_cells[(s, n)]['speedup']):.2f}" if (s, n) in base_cells else "")
    print("| " + " | ".join(row) + " |")
    for folder in sorted(glob.glob(os.path.join(HERE, "tuned-d*", "*"))):
        if not os.path.exists(os.path.join(folder, "summary.csv")):
            continue
        runs, cells = read_runs(folder), read_summary(folder)
        row = [os.path.basename(folder) + f" ({next(iter(cells.values()))['positions']} pos.)"]
        for s in ("ybwc", "dts"):
            for n in counts:
                cell, ratio = cells.get((s, n)), paired_ratio(runs, base_runs, s, n)
                text = f"{float(cell['speedup']):.2f}" if cell else ""
                if ratio:
                    text += f" (x{ratio[0]:.2f} [{ratio[1]:.2f}, {ratio[2]:.2f}])"
                row.append(text)
        print("| " + " | ".join(row) + " |")


def main(argv):
    if len(argv) == 3 and argv[1] == "overhead":
        return overhead(argv[2])
    if len(argv) != 2 or argv[1] not in ("curve", "probe", "sweep", "tuned"):
        sys.exit(__doc__)
    if argv[1] == "curve":
        for folder in sorted(glob.glob(os.path.join(HERE, "curve-d*"))):
            curve(folder)
    elif argv[1] == "probe":
        probe()
    elif argv[1] == "tuned":
        tuned()
    else:
        sweep()


if __name__ == "__main__":
    main(sys.argv)
