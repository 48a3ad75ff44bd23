#!/usr/bin/env python3
"""What the games of a match show about one engine: results by termination, time use, depth, and
the turning points of its losses (where the opponent's score jumped while the engine still
thought the game balanced).

Reads the PGN that `splitlab match` writes, with cutechess's per-move comments {+0.31/14 0.52s}
(the mover's score in pawns, or +M5/-M5, the depth, the time). Prints a readable report.

usage: analyse_games.py GAMES.pgn ENGINE [--surprise 1.5] [--list N]
"""
import argparse
import re
import statistics
import sys

TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', re.M)
COMMENTED_MOVE = re.compile(r"(\d+\.(?:\.\.)?\s*)?([A-Za-z][\w=+#-]*)\s*\{([^}]*)\}")
EVAL = re.compile(r"^([+-])(M?)(\d+(?:\.\d+)?)/(\d+) (\d+(?:\.\d+)?)s$")
MATE_PAWNS = 100.0


def read_games(path):
    with open(path) as f:
        text = f.read()
    games = []
    for block in re.split(r"\n\n(?=\[Event )", text.strip()):
        tags = dict(TAG.findall(block))
        movetext = block.split("\n\n", 1)[1] if "\n\n" in block else ""
        moves = []
        for _, san, comment in COMMENTED_MOVE.findall(" ".join(movetext.split())):
            m = EVAL.match(comment.strip())
            if not m:
                continue  # The final {Termination} comment.
            sign = 1 if m.group(1) == "+" else -1
            pawns = MATE_PAWNS if m.group(2) else float(m.group(3))
            moves.append({"san": san, "score": sign * pawns, "depth": int(m.group(4)),
                          "seconds": float(m.group(5))})
        term = re.search(r"\{([^}]*)\}\s*(1-0|0-1|1/2-1/2)\s*$", movetext)
        tags["reason"] = " ".join(term.group(1).split()) if term else "?"
        games.append((tags, moves))
    return games


def white_to_move_first(fen):
    return fen is None or fen.split()[1] == "w"


def analyse(games, engine, surprise):
    rows = {"win": [], "draw": [], "loss": []}
    own_depth, opp_depth, own_time, opp_time = [], [], [], []
    turning = []
    for tags, moves in games:
        if engine not in (tags.get("White"), tags.get("Black")):
            continue
        engine_white = tags["White"] == engine
        first_mover_white = white_to_move_first(tags.get("FEN"))
        result = tags["Result"]
        outcome = "draw" if result == "1/2-1/2" else (
            "win" if (result == "1-0") == engine_white else "loss")
        rows[outcome].append(tags["reason"])
        for i, mv in enumerate(moves):
            mover_white = (i % 2 == 0) == first_mover_white
            mine = mover_white == engine_white
            if mv["depth"] >= 100:
                continue  # An instant answer (one legal move, a known draw): no search to count.
            (own_depth if mine else opp_depth).append(mv["depth"])
            (own_time if mine else opp_time).append(mv["seconds"])
        if outcome != "loss":
            continue
        # The turning point: the engine's first move after which the opponent, on its next move,
        # claims at least `surprise` pawns while the engine itself had claimed at least -0.5.
        for i in range(len(moves) - 1):
            mover_white = (i % 2 == 0) == first_mover_white
            if mover_white != engine_white:
                continue
            mine, reply = moves[i]["score"], moves[i + 1]["score"]
            if reply >= surprise and mine >= -0.5:
                turning.append({"round": tags.get("Round"), "ply": i + 1, "move": moves[i]["san"],
                                "own": mine, "opponent": reply, "own_depth": moves[i]["depth"],
                                "opp_depth": moves[i + 1]["depth"], "white": tags["White"],
                                "black": tags["Black"], "reason": tags["reason"]})
                break
    return rows, own_depth, opp_depth, own_time, opp_time, turning


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("engine")
    parser.add_argument("--surprise", type=float, default=1.5,
                        help="the opponent's score (pawns) that marks a turning point")
    parser.add_argument("--list", type=int, default=10, help="turning points to list")
    args = parser.parse_args()
    games = read_games(args.pgn)
    rows, own_depth, opp_depth, own_time, opp_time, turning = analyse(games, args.engine,
                                                                      args.surprise)
    total = sum(len(v) for v in rows.values())
    if total == 0:
        sys.exit("analyse_games: no game of '%s' in %s" % (args.engine, args.pgn))
    print("%s: %d games, +%d =%d -%d" % (args.engine, total, len(rows["win"]), len(rows["draw"]),
                                          len(rows["loss"])))
    for outcome in ("win", "draw", "loss"):
        reasons = {}
        for r in rows[outcome]:
            reasons[r] = reasons.get(r, 0) + 1
        listed = ", ".join("%s %d" % kv for kv in sorted(reasons.items(), key=lambda kv: -kv[1]))
        print("  %-7s %s" % ({"win": "wins", "draw": "draws", "loss": "losses"}[outcome] + ":",
                             listed or "-"))

    def summary(values, fmt):
        if not values:
            return "-"
        q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
        return (fmt + " (quartiles " + fmt + ", " + fmt + ")") % (statistics.mean(values), q[0], q[2])

    print("\n%-24s %-34s %s" % ("per move", args.engine, "opponents"))
    print("%-24s %-34s %s" % ("depth", summary(own_depth, "%.1f"), summary(opp_depth, "%.1f")))
    print("%-24s %-34s %s" % ("time (s)", summary(own_time, "%.2f"), summary(opp_time, "%.2f")))
    print("%-24s %-34.2f %.2f" % ("time per game (s)", sum(own_time) / total, sum(opp_time) / total))

    losses = len(rows["loss"])
    print("\nTurning points of the losses: the opponent's next score >= +%.1f while %s's own was "
          ">= -0.5: %d of %d losses" % (args.surprise, args.engine, len(turning), losses))
    if turning:
        print("  own depth there: mean %.1f; the opponent's: mean %.1f; median ply %d" % (
            statistics.mean(t["own_depth"] for t in turning),
            statistics.mean(t["opp_depth"] for t in turning),
            statistics.median(t["ply"] for t in turning)))
        for t in turning[:args.list]:
            print("  round %-4s ply %-3d %-8s own %+6.2f/%-2d  opponent %+6.2f/%-2d  (%s vs %s, %s)" % (
                t["round"], t["ply"], t["move"], t["own"], t["own_depth"], t["opponent"],
                t["opp_depth"], t["white"], t["black"], t["reason"]))


if __name__ == "__main__":
    main()
