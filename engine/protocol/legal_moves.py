"""The protocol tests' legality oracle: the legal moves of a position from the perft-tested move
generator, never from the engine under test.

One `splitlab perft --depth 1 --divide --stdin` process answers every position a test asks
about, one line a question, instead of a process a position: a sanitized start costs about
0.15 s of CPU, and the soaks and go/stop tests ask hundreds of positions a pass. Answers are
cached; the oracle may be shared between threads.
"""

import re
import subprocess
import threading

# A divide line: "e2e4: 1" (chess, promotions "e7e8q: 1"), "h2e2: 1" (xiangqi, squares a0..i9).
DIVIDE_LINE = re.compile(r"^([a-i]\d+[a-i]\d+[nbrq]?): \d+$")


class OracleError(RuntimeError):
    pass


class LegalMoves:
    def __init__(self, binary, game="chess", timeout=120.0):
        self.binary, self.game, self.timeout = binary, game, timeout
        self.cache, self.lock, self.proc = {}, threading.Lock(), None

    def of(self, fen, moves=()):
        """The legal moves after `moves` from `fen`, in the generator's order (perft's divide,
        the order of a search's root moves before it orders them)."""
        key = (fen, tuple(moves))
        with self.lock:
            if key not in self.cache:
                self.cache[key] = self._ask(fen, moves)
            return list(self.cache[key])

    def _ask(self, fen, moves):
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [self.binary, "perft", "--game", self.game, "--depth", "1", "--divide",
                 "--stdin"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, bufsize=1)
        question = "fen " + fen + (" moves " + " ".join(moves) if moves else "")
        result = []
        # A reader thread bounds the wait: a perft that hangs fails the test instead of it.
        answer = {}

        def read():
            try:
                self.proc.stdin.write(question + "\n")
                self.proc.stdin.flush()
                for line in self.proc.stdout:
                    line = line.rstrip("\n")
                    if line.startswith("Nodes searched: "):
                        answer["done"] = True
                        return
                    match = DIVIDE_LINE.match(line)
                    if match:
                        result.append(match.group(1))
            except (BrokenPipeError, OSError) as error:
                answer["error"] = str(error)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(self.timeout)
        if not answer.get("done"):
            self.proc.kill()
            stderr = self.proc.stderr.read() if not reader.is_alive() else ""
            self.proc = None
            raise OracleError("perft gave no answer for '%s' (%s)%s" % (
                question, answer.get("error", "no count within %.0f s" % self.timeout),
                ": " + stderr.strip() if stderr.strip() else ""))
        return result
