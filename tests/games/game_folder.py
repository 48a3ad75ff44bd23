#!/usr/bin/env python3
"""A test-only game is its folder alone (issue 72 item 2): for each folder tests/games/<game>/,

  - no file outside the folder names the game (the folder's name as a word, any case), so that
    adding it touched nothing else: not the registry, not a command, not a BUILD file, not
    scripts/test (`bazel test //...` finds its tests). Read: the code, build and script files
    (C++, Python, shell, Bazel's files, scripts/ and .ci/); the documentation may describe it,
    and the experiments' data are not code;
  - its BUILD file depends, outside the folder, only on what every game builds on: the shared
    layers (engine/util, core, search, games, protocol; hashing/, parallel/), the registration
    header (//cli:game_registration), the binary's entry point (//cli:main) and the registry's
    list (//:games.bzl's GAMES, for a binary that plays the registry's games beside it). It
    leans on no other game's folder.

  tests/games/game_folder.py [ROOT]   prints each finding; exit status 1 if there is one
Standard library only.
"""

import os
import re
import sys

# The files that could make a game part of the build: code, Bazel's files and the scripts.
SKIPPED_DIRS = (".git",)
CODE_SUFFIXES = (".h", ".cc", ".py", ".sh", ".bzl", ".bazelrc")
CODE_NAMES = ("BUILD", "WORKSPACE")
SCRIPT_FOLDERS = ("scripts", ".ci")
BUILD_DEPS = re.compile(r"\bdeps\s*=\s*\[([^\]]*)\]", re.DOTALL)
LABEL = re.compile(r'"(//[^"]*)"')
# Outside its folder, a test game may depend on these packages (and what lies under them).
SHARED_PACKAGES = ("engine/util", "engine/core", "engine/search", "engine/games",
                   "engine/protocol", "hashing", "parallel")
SHARED_TARGETS = ("//cli:main", "//cli:game_registration")


def test_games(root):
    """The test games' folders, relative to `root`: each tests/games/<game> with a BUILD file."""
    base = os.path.join(root, "tests", "games")
    return sorted("tests/games/" + d for d in os.listdir(base)
                  if os.path.isfile(os.path.join(base, d, "BUILD")))


def is_code(path):
    name = os.path.basename(path)
    return (name.endswith(CODE_SUFFIXES) or name in CODE_NAMES or
            any(is_within(path, folder) for folder in SCRIPT_FOLDERS))


def tree_files(root):
    """The checkout's code, build and script files, relative to `root`, in a fixed order."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames
                             if d not in SKIPPED_DIRS and not d.startswith("bazel-"))
        for name in sorted(filenames):
            path = os.path.relpath(os.path.join(dirpath, name), root)
            if is_code(path):
                yield path


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def is_within(path, folder):
    return path == folder or path.startswith(folder + "/")


def allowed_dependency(label):
    """Whether a label outside the game's folder is one every game may use."""
    package = label[2:].split(":")[0]
    if label in SHARED_TARGETS:
        return True
    return any(is_within(package, shared) for shared in SHARED_PACKAGES)


def findings(root, overrides=None, extra_files=()):
    """What breaks "the folder alone", as readable lines. `overrides` maps a relative path to the
    text read instead of the file's (the canaries plant one so); `extra_files` are read as if
    they existed."""
    overrides = overrides or {}
    found = []
    games = test_games(root)
    paths = list(tree_files(root))
    paths += [path for path in extra_files if path not in paths]
    for game in games:
        name = os.path.basename(game)
        word = re.compile(r"\b%s\b" % re.escape(name), re.IGNORECASE)
        for path in paths:
            if is_within(path, game):
                continue
            text = overrides.get(path)
            if text is None:
                try:
                    text = read(os.path.join(root, path))
                except OSError:
                    continue  # A dangling link (a build output): nothing of ours.
            match = word.search(text)
            if match:
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path}:{line}: names the test game '{name}' outside its folder "
                             f"{game}/")
        build = game + "/BUILD"
        text = overrides.get(build) or read(os.path.join(root, build))
        for deps in BUILD_DEPS.findall(text):
            for label in LABEL.findall(deps):
                if is_within(label[2:].split(":")[0], game):
                    continue
                if not allowed_dependency(label):
                    found.append(f"{build}: depends on {label}, which is neither the shared "
                                 f"layers nor the registration every game uses")
    return found


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    found = findings(root)
    for line in found:
        print(line)
    print(f"{len(found)} findings in {len(test_games(root))} test games")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
