#!/usr/bin/env python3
"""The layers point down (layers.py): none of the tree's includes or Bazel dependencies runs
up or sideways, and the check is not blind: each planted violation (an include from the search
core up into parallel/, a strategy including a game, a dependency of engine/ on cli/) is
reported, and only it; so are the thread pool and another bench package using the simulator,
and a game's name compared with a string outside the tests."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import layers  # noqa: E402


def source_root():
    """The checkout: this test's runfiles are links into it (the test is tagged external, so
    that Bazel reruns it whatever it has cached: the tree is its input)."""
    here = os.path.realpath(__file__)
    return os.path.dirname(os.path.dirname(os.path.dirname(here)))


class LayersTest(unittest.TestCase):
    def setUp(self):
        self.root = source_root()
        self.assertTrue(os.path.isfile(os.path.join(self.root, "WORKSPACE")), self.root)

    def read(self, path):
        return layers.read(os.path.join(self.root, path))

    def test_the_tree_has_no_upward_include_or_dependency(self):
        self.assertEqual(layers.violations(self.root), [])

    def test_canary_the_thread_pool_including_the_simulator(self):
        path = "parallel/thread_pool.h"
        planted = self.read(path).replace("#pragma once\n",
                                          '#pragma once\n#include "bench/simulate/virtual_cpus.h"\n',
                                          1)
        found = layers.violations(self.root, {path: planted})
        self.assertEqual(len(found), 1, found)
        self.assertIn("bench/simulate/virtual_cpus.h", found[0])

    def test_canary_another_bench_package_leaning_on_the_simulator(self):
        path = "bench/scale/BUILD"
        planted = self.read(path).replace('deps = [', 'deps = [\n        "//bench/simulate",', 1)
        found = layers.violations(self.root, {path: planted})
        self.assertEqual(len(found), 1, found)
        self.assertIn("//bench/simulate", found[0])

    def test_canary_an_include_from_the_search_core_into_parallel(self):
        path = "engine/search/search_worker.h"
        planted = self.read(path).replace("#pragma once\n",
                                          '#pragma once\n#include "parallel/strategy.h"\n', 1)
        found = layers.violations(self.root, {path: planted})
        self.assertEqual(len(found), 1, found)
        self.assertIn(path, found[0])
        self.assertIn("parallel/strategy.h", found[0])

    def test_canary_a_strategy_that_includes_a_game(self):
        path = "parallel/ybwc.h"
        planted = self.read(path).replace("#pragma once\n",
                                          '#pragma once\n#include "engine/chess/chess_game.h"\n', 1)
        found = layers.violations(self.root, {path: planted})
        self.assertEqual(len(found), 1, found)
        self.assertIn("engine/chess/chess_game.h", found[0])

    def test_canary_the_search_core_naming_a_game_outside_its_tests(self):
        path = "engine/search/searcher.h"
        planted = self.read(path).replace("#pragma once\n",
                                          '#pragma once\n#include "engine/xiangqi/xiangqi_game.h"\n',
                                          1)
        self.assertEqual(len(layers.violations(self.root, {path: planted})), 1)

    def test_canary_a_dependency_of_engine_on_cli(self):
        path = "engine/protocol/BUILD"
        text = self.read(path)
        planted = text.replace('"//engine/search",', '"//engine/search",\n        "//cli:commands",', 1)
        self.assertNotEqual(planted, text)
        found = layers.violations(self.root, {path: planted})
        self.assertEqual(len(found), 1, found)
        self.assertIn("//cli", found[0])

    def test_canary_parallel_used_by_a_game_outside_its_threads_package(self):
        # engine/chess/threads may use parallel/ (it compiles the teams for chess); the rest of
        # the game's folder, and a threads folder of the search core, may not.
        for path in ("engine/chess/search_instance.cc", "engine/search/threads/teams.cc"):
            planted = '#include "parallel/team_instance.h"\n'
            found = layers.violations(self.root, {path: planted}, extra_files=[path])
            self.assertEqual(len(found), 1, (path, found))
            self.assertIn("parallel/team_instance.h", found[0])
        # ... and the game's threads package itself is allowed it (else the rule would be moot).
        self.assertTrue(layers.allowed("engine/chess/threads/chess_threads.cc",
                                       "parallel/team_instance.h", False))

    def test_canaries_inside_engine(self):
        # engine/'s sub-layers: each planted include that runs up inside engine/ is reported,
        # and only it.
        planted = [
            ("engine/core/score.h", "engine/search/search_types.h"),     # core up into search
            ("engine/search/search_types.h", "engine/protocol/uci.h"),   # search up into protocol
            ("engine/chess/position.h", "engine/protocol/uci.h"),        # a game into protocol
            ("engine/chess/position.h", "engine/games/games.h"),         # a game into the registry
            ("engine/xiangqi/position.h", "engine/chess/position.h"),    # a game into another
            ("engine/games/games.h", "engine/protocol/uci.h"),           # the registry up
        ]
        for path, target in planted:
            text = self.read(path)
            with_include = text.replace("#pragma once\n", '#pragma once\n#include "%s"\n' % target, 1)
            self.assertNotEqual(with_include, text, path)
            found = layers.violations(self.root, {path: with_include})
            self.assertEqual(len(found), 1, (path, target, found))
            self.assertIn(target, found[0])
        # What the sub-layers allow stays allowed: the registry names the games, a game uses the
        # search's settings, and a test of the search core may search a game.
        for source, target, is_test in (
                ("engine/games/games.h", "engine/xiangqi/xiangqi_game.h", False),
                ("engine/chess/chess_game.h", "engine/search/search_features.h", False),
                ("engine/search/search_test.cc", "engine/chess/chess_game.h", True)):
            self.assertTrue(layers.allowed(source, target, is_test), (source, target))

    def test_canary_a_game_name_compared_with_a_string(self):
        path = "cli/bench_command.cc"
        text = self.read(path)
        for planted_line in ('  if (flags.get("game") == "xiangqi") return 1;\n',
                             '  if ("chess" != flags.get("game")) return 1;\n',
                             '  if (G::kName == std::string_view("chess")) return 1;\n'):
            planted = text.replace("namespace splitlab::cli {\n",
                                   "namespace splitlab::cli {\n" + planted_line, 1)
            self.assertNotEqual(planted, text)
            found = layers.violations(self.root, {path: planted})
            self.assertEqual(len(found), 1, found)
            self.assertIn("game's name", found[0])

    def test_canary_a_game_named_outside_its_folder(self):
        # A game's type or header in generic code (bench, cli, the protocol, a fuzzer) is
        # reported; the same line in the game's folder or a test is not.
        for path, planted_line in (
                ("bench/scale/scale.h", "using Board = chess::Position;\n"),
                ("engine/protocol/pgn.cc", '#include "engine/xiangqi/notation.h"\n'),
                ("fuzz/pgn_fuzzer.cc", "using Board = xiangqi::Position;\n")):
            text = self.read(path)
            planted = text.replace("\nnamespace ", "\n" + planted_line + "namespace ", 1)
            self.assertNotEqual(planted, text)
            found = [f for f in layers.violations(self.root, {path: planted})
                     if "names a game" in f]
            self.assertEqual(len(found), 1, found)
            self.assertIn(path, found[0])
        for path in ("engine/chess/chess_game.h", "engine/games/games_test.cc"):
            text = self.read(path)
            planted = text.replace("\nnamespace ", "\nusing Board = xiangqi::Position;\n"
                                   "namespace ", 1)
            self.assertEqual(layers.violations(self.root, {path: planted}), [], path)

    def test_canary_a_listed_file_that_no_longer_names_a_game(self):
        path = "experiments/strength/tuner/texel.cc"
        self.assertIn(path, layers.ABOUT_A_BUILT_IN_GAME)
        cleaned = layers.game_naming(self.root).sub("x", self.read(path))
        found = layers.violations(self.root, {path: cleaned})
        self.assertEqual(len(found), 1, found)
        self.assertIn("names no game any more", found[0])


if __name__ == "__main__":
    unittest.main()
