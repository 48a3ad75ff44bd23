#!/usr/bin/env python3
"""Splitlab's layers, and a check that every include and every Bazel dependency points down.

The layers, lowest first (a package may use its own layer and those below it):

  hashing/                 the transposition table
  engine/util              progress, files, text parsing, errors: nothing of the project
  engine/core, engine/chess, engine/xiangqi, engine/games, engine/search, engine/protocol
                           the games and their registry, the search core and the protocols;
                           the search core's own code names no game (its tests may search one)
                           and inside engine/, for code that is not a test:
                             engine/core      engine/util
                             engine/search    engine/util, engine/core
                             a game's folder  engine/util, engine/core, engine/search (its
                                              settings and the instances of its search)
                             engine/games     the above and every game (the registry)
                             engine/protocol  all of engine/
  parallel/                the split strategies: the search core, never a game or a protocol
  engine/<game>/threads    the strategies compiled once for a game (parallel/team_instance.h):
                           the one package under a game's folder that may use parallel/
  engine/<game>/register   the game's registration (cli/game_registration.h): its entry in the
                           list of games and every layer's code for it; above every layer
  tests/games/<game>       a test-only game: its rules, registration and binary, above every
                           layer like a register package (tests/games/game_folder.py)
  tests/                   tests of the strategies on real games
  bench/                   the experiments' machinery; bench/simulate is the simulator (virtual
                           CPUs, cost model, calibration, the command's engine), which only
                           cli/ and experiments/ may use besides itself: parallel/ knows only
                           the interface it implements (parallel/simulated_cpus.h), and no
                           other bench package leans on it
  cli/                     the binary, which wires the layers together
  experiments/             the experiments' own programs

Checked: every `#include "..."` of a .h or .cc file, and every label in a `deps` list of a
BUILD file (`data` is not a dependency: a test may run the binary). Standard library only.
Also checked: no code outside the tests compares a game's name with a string ("chess",
"xiangqi", "standard"); which game is which is the registry's (engine/games/games.h). And no
code outside a game's folder, the registry and the tests names a game's types or includes its
headers (`chess::Position`, "engine/xiangqi/book.h"): generic code reaches a game through the
registry, so that a new game is its folder and a registry line (issue 72 item 2). The files
whose subject is a built-in game (a tuner of its evaluation) are listed in ABOUT_A_BUILT_IN_GAME;
a listed file that no longer names a game is reported too, so that the list only shrinks.

  tests/layers/layers.py [ROOT]     prints each violation; exit status 1 if there is one
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
DEPS = re.compile(r"\bdeps\s*=\s*\[([^\]]*)\]", re.DOTALL)
LABEL = re.compile(r'"(//[^":]*)(?::[^"]*)?"|"(:[^"]*)"')

GAMES = ("engine/chess", "engine/xiangqi", "engine/games")
ENGINE = ("engine/util", "engine/core", "engine/chess", "engine/xiangqi", "engine/games",
          "engine/search",
          "engine/protocol")
# `x == "xiangqi"`, `"chess" != x`, `x == std::string_view("chess")`.
GAME_NAMES = r'"(?:chess|xiangqi|standard)"'
GAME_NAME_COMPARISON = re.compile(
    r'[=!]=\s*(?:std::string(?:_view)?\s*\(\s*)?' + GAME_NAMES + '|' + GAME_NAMES + r'\s*\)?\s*[=!]=')
CHECKED_FOLDERS = ("hashing", "engine", "parallel", "tests", "bench", "cli", "experiments")

# What each package (by its path prefix, the longest one applies) may use besides itself.
ALLOWED = {
    "hashing": ("hashing",),
    "engine/util": (),
    "engine": ENGINE + ("hashing",),
    "parallel": ("engine/util", "engine/core", "engine/search", "hashing"),
    "tests": ENGINE + ("hashing", "parallel"),
    "bench": ENGINE + ("hashing", "parallel", "bench"),
    "cli": ENGINE + ("hashing", "parallel", "bench", "cli"),
    "experiments": ENGINE + ("hashing", "parallel", "bench", "cli", "experiments"),
}


# The simulator's package: only it, cli/ and experiments/ may use it.
SIMULATOR = "bench/simulate"

# engine/'s folders that are not games: their `threads` folders get no exemption.
ENGINE_SHARED = ("util", "core", "games", "search", "protocol")
GAME_THREADS = re.compile(r"^engine/(?!(?:%s)/)[^/]+/threads(?:/|$)" % "|".join(ENGINE_SHARED))
# A game's register package (engine/<game>/register, cli/game_registration.h): it instantiates
# every layer's code for the game, so it sits above them all, as cli/ does.
GAME_REGISTER = re.compile(r"^engine/(?!(?:%s)/)[^/]+/register(?:/|$)" % "|".join(ENGINE_SHARED))
# A test-only game's folder (tests/games/<game>): its rules, its registration and a binary
# that links it beside the registry's games; tests/games/game_folder.py checks that it leans on
# no other game and that nothing outside it names it.
TEST_GAME = re.compile(r"^tests/games/[^/]+/")


def layer_of(path):
    """The ALLOWED key governing `path` (a file or package path relative to the root)."""
    best = None
    for key in ALLOWED:
        if path == key or path.startswith(key + "/"):
            if best is None or len(key) > len(best):
                best = key
    return best


def is_within(target, prefix):
    return target == prefix or target.startswith(prefix + "/")


# Inside engine/, what code that is not a test may use (besides itself and hashing/): engine/'s
# own sub-layers. A folder of engine/ not named here is a game's.
ENGINE_SUBLAYERS = {
    "engine/util": (),
    "engine/core": ("engine/util",),
    "engine/search": ("engine/util", "engine/core"),
    "engine/protocol": ENGINE,
}
GAME_SUBLAYER = ("engine/util", "engine/core", "engine/search")


# Code outside the game folders that names a game's types because a built-in game is its
# subject: the evaluation tuners of experiments/strength (each tunes chess's or xiangqi's
# evaluation terms), the endgame book's candidates (chess endgames), and the built-in games'
# types for tests, fuzz targets and those tuners (engine/games/games.h, which no command uses).
ABOUT_A_BUILT_IN_GAME = {
    "engine/games/games.h",
    "experiments/strength/endgame_book/endgame_candidates.cc",
    "experiments/strength/tuner/texel.cc",
    "experiments/strength/tuner/texel.h",
    "experiments/strength/tuner/texel_tuner.cc",
    "experiments/strength/tuner/training_data.cc",
}


def game_folders(root):
    """The games' folders under engine/ (engine/chess, engine/xiangqi): every folder of engine/
    that is not one of its shared layers."""
    engine = os.path.join(root, "engine")
    return sorted("engine/" + d for d in os.listdir(engine)
                  if os.path.isdir(os.path.join(engine, d)) and d not in ENGINE_SHARED)


def game_naming(root):
    """A pattern for a game's namespace or one of its headers: `chess::`, "engine/xiangqi/"."""
    names = "|".join(re.escape(folder.split("/")[1]) for folder in game_folders(root))
    return re.compile(r'\b(?:%s)::|"engine/(?:%s)/' % (names, names))


def engine_folder(path):
    """engine/X for a path under engine/X, else None."""
    parts = path.split("/")
    return "/".join(parts[:2]) if len(parts) >= 2 and parts[0] == "engine" else None


def is_game_folder(folder):
    return folder is not None and folder.split("/")[1] not in ENGINE_SHARED


def engine_sublayer_allows(source, target):
    """Inside engine/: whether the non-test code at `source` may use `target` (under engine/)."""
    folder, target_folder = engine_folder(source), engine_folder(target)
    if target_folder is None or target_folder == folder:
        return True
    if folder == "engine/games":  # The registry: every game, and what a game may use.
        return is_game_folder(target_folder) or target_folder in GAME_SUBLAYER
    if is_game_folder(folder):
        return target_folder in GAME_SUBLAYER
    return target_folder in ENGINE_SUBLAYERS.get(folder, ENGINE)


def allowed(source, target, source_is_test):
    """Whether the file or package `source` may use the file or package `target`."""
    layer = layer_of(source)
    if layer is None or not any(is_within(target, f) for f in CHECKED_FOLDERS):
        return True  # Outside the layers (third_party, the root): not ours to judge here.
    # The search core's own code names no game.
    if is_within(source, "engine/search") and not source_is_test and \
            any(is_within(target, g) for g in GAMES):
        return False
    # The simulator is a package of its own, above the rest of bench/ (see the layers above).
    if is_within(target, SIMULATOR) and not is_within(source, SIMULATOR) and \
            layer not in ("cli", "experiments"):
        return False
    # A game's threads package compiles the strategies' teams for it.
    if GAME_THREADS.match(source) and is_within(target, "parallel"):
        return True
    # A game's register package instantiates every layer's code for it.
    if GAME_REGISTER.match(source):
        return True
    # So does a test-only game's folder, for its own game.
    if TEST_GAME.match(source):
        return True
    # engine/'s sub-layers, for its code that is not a test.
    if layer == "engine" and not source_is_test and not engine_sublayer_allows(source, target):
        return False
    return is_within(target, layer) or any(is_within(target, p) for p in ALLOWED[layer])


def is_test_file(path):
    name = os.path.basename(path)
    return "_test" in name or "test_support" in name


def checked_files(root, folders=CHECKED_FOLDERS):
    """The files under the checked folders, relative to `root`, in a fixed order."""
    for folder in folders:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "bazel-")))
            for name in sorted(filenames):
                yield os.path.relpath(os.path.join(dirpath, name), root)


def violations(root, overrides=None, extra_files=()):
    """Every upward include and dependency under `root`, as readable lines. `overrides` maps a
    relative path to text read instead of the file's (the canary plants one this way);
    `extra_files` are checked as if they existed (their text from `overrides`)."""
    overrides = overrides or {}
    found = []
    naming = game_naming(root)
    games = game_folders(root)
    paths = list(checked_files(root)) + list(checked_files(root, ("fuzz",)))
    paths += [path for path in extra_files if path not in paths]
    for path in paths:
        name = os.path.basename(path)
        if name.endswith((".h", ".cc")):
            text = overrides.get(path) or read(os.path.join(root, path))
            upward = set()  # Includes already reported: not reported again as naming a game.
            for target in INCLUDE.findall(text) if layer_of(path) else ():
                if "/" in target and not allowed(path, target, is_test_file(path)):
                    upward.add(target)
                    found.append(f"{path}: #include \"{target}\" is not allowed "
                                 f"from {layer_of(path)}/")
            if not is_test_file(path):
                for match in GAME_NAME_COMPARISON.finditer(text):
                    line = text.count("\n", 0, match.start()) + 1
                    found.append(f"{path}:{line}: compares a game's name "
                                 f"({match.group(0).strip()}); use the game registry")
            if not is_test_file(path) and not is_within(path, "tests") and \
                    not any(is_within(path, g) for g in games):
                match = next((m for m in naming.finditer(text)
                              if not any(text.startswith('"' + t + '"', m.start())
                                         for t in upward)), None)
                listed = path in ABOUT_A_BUILT_IN_GAME
                if match and not listed:
                    line = text.count("\n", 0, match.start()) + 1
                    found.append(f"{path}:{line}: names a game ({match.group(0)}) outside its "
                                 f"folder; reach it through the game registry")
                elif listed and not match:
                    found.append(f"{path}: names no game any more: take it off "
                                 f"ABOUT_A_BUILT_IN_GAME")
        elif name == "BUILD":
            text = overrides.get(path) or read(os.path.join(root, path))
            package = os.path.dirname(path)
            for deps in DEPS.findall(text):
                for absolute, _ in LABEL.findall(deps):
                    if not absolute:
                        continue
                    target = absolute[2:]
                    # A test target's deps are judged as its package's tests are.
                    if target and not allowed(package + "/BUILD", target, True):
                        found.append(f"{path}: depends on {absolute}, not allowed "
                                     f"from {layer_of(package)}/")
    return found


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    found = violations(root)
    for line in found:
        print(line)
    print(f"{len(found)} upward includes or dependencies, or game names compared")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
