"""Fairy-Stockfish over UCI with UCI_Variant xiangqi, for the tests that use it as a referee (legal
moves, perft by move, FENs after moves) or as an opponent. Every wait is bounded; a failure raises
FairyError. Moves are its UCI text (ranks 1..10)."""
import re
import subprocess
import time

FAIRY = "/usr/games/fairy-stockfish"


class FairyError(Exception):
    pass


class Fairy:
    def __init__(self, timeout=60.0):
        self.timeout = timeout
        self.proc = subprocess.Popen([FAIRY], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.read_until(lambda line: line == "uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("isready")
        self.read_until(lambda line: line == "readyok")

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        deadline = time.monotonic() + self.timeout
        lines = []
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise FairyError("fairy-stockfish exited")
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines
        raise FairyError("fairy-stockfish did not answer in time")

    def position(self, fen=None, moves=()):
        where = f"fen {fen}" if fen else "startpos"
        self.send(f"position {where}" + (f" moves {' '.join(moves)}" if moves else ""))

    def divide(self, fen, depth, moves=()):
        """{uci move: count} of `go perft depth`, and the total."""
        self.position(fen, moves)
        self.send(f"go perft {depth}")
        lines = self.read_until(lambda line: line.startswith("Nodes searched"))
        counts = {}
        for line in lines:
            m = re.fullmatch(r"([a-i]\d+[a-i]\d+): (\d+)", line)
            if m:
                counts[m.group(1)] = int(m.group(2))
        return counts, int(lines[-1].split(":")[1])

    def legal(self, moves=(), fen=None):
        """The set of legal moves after `moves` from `fen` (the start position if None)."""
        return set(self.divide(fen, 1, moves)[0])

    def best(self, moves=(), movetime_ms=40):
        self.position(None, moves)
        self.send(f"go movetime {movetime_ms}")
        return self.read_until(lambda line: line.startswith("bestmove"))[-1].split()[1]

    def fen_after(self, fen, moves):
        self.position(fen, moves)
        self.send("d")
        lines = self.read_until(lambda line: line.startswith("Fen:"))
        # Read past the rest of the board display so the next command starts clean.
        self.send("isready")
        self.read_until(lambda line: line == "readyok")
        return lines[-1].split(":", 1)[1].strip()

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
