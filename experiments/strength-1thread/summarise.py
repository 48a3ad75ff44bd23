#!/usr/bin/env python3
"""Collects the matches of this experiment (each DIR/results/results.json) into summary.csv and a
readable table: games, W/D/L, score, Elo and nElo with their 95% intervals (pentanomial, from game
pairs), the terminations, and whether the machine was oversubscribed.
usage: summarise.py DIR [DIR ...]   (run from this folder: summarise.py glaurung toga stockfish)"""
import csv
import json
import sys
from collections import Counter

rows = []
for folder in sys.argv[1:]:
    with open(folder + "/results/results.json") as f:
        r = json.load(f)
    p = r["pairings"][0]
    elo = p["pentanomial_elo"]
    tags = Counter(g["termination_tag"] for g in r["games"])
    first = p["first"]
    # Games the first engine lost other than on the board or by adjudication.
    faults = Counter(g["termination_tag"] for g in r["games"]
                     if g["termination_tag"] in ("time forfeit", "illegal move", "abandoned",
                                                 "stalled connection")
                     and (g["result"] == "1-0") != (g["white"] == first) and g["result"] != "1/2-1/2")
    rows.append({"opponent": p["second"], "games": p["games"], "wins": p["wins"],
                 "draws": p["draws"], "losses": p["losses"], "score_percent": round(100 * elo["score"], 2),
                 "elo": round(elo["elo"], 1), "elo_error": round(elo["elo_error"], 1),
                 "nelo": round(elo["nelo"], 1), "nelo_error": round(elo["nelo_error"], 1),
                 "pentanomial": " ".join(map(str, p["pentanomial"])),
                 "terminations": "; ".join("%s %d" % kv for kv in sorted(tags.items())),
                 "splitlab_faults": sum(faults.values()), "oversubscribed": r["oversubscribed"],
                 "commit": r["commit"][:7], "complete": r["complete"]})
with open("summary.csv", "w", newline="") as f:
    writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
    writer.writeheader()
    writer.writerows(rows)
print("| opponent | games | W-D-L | score | Elo (95%) | nElo (95%) | Ptnml(0-2) | time losses, illegal moves, crashes, stalls by Splitlab |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    print("| %s | %d | %d-%d-%d | %.1f%% | %+.1f +/- %.1f | %+.1f +/- %.1f | [%s] | %d |" % (
        r["opponent"], r["games"], r["wins"], r["draws"], r["losses"], r["score_percent"], r["elo"],
        r["elo_error"], r["nelo"], r["nelo_error"], r["pentanomial"].replace(" ", ", "),
        r["splitlab_faults"]))
