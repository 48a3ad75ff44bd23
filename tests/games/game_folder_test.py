#!/usr/bin/env python3
"""A test-only game is its folder alone (game_folder.py), and the check is not blind: a planted
mention of the game in a command's source, in the registry's list and in a BUILD file outside
its folder is each reported, and so is a dependency of the game's folder on another game."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import game_folder  # noqa: E402


def source_root():
    """The checkout: this test's runfiles are links into it (the test is tagged external, so
    that Bazel reruns it whatever it has cached: the tree is its input)."""
    here = os.path.realpath(__file__)
    return os.path.dirname(os.path.dirname(os.path.dirname(here)))


class GameFolderTest(unittest.TestCase):
    def setUp(self):
        self.root = source_root()
        self.assertTrue(os.path.isfile(os.path.join(self.root, "WORKSPACE")), self.root)
        self.games = game_folder.test_games(self.root)
        self.assertTrue(self.games, "no test game under tests/games")
        # The first test game, named only through its folder: this file must not name it.
        self.game = self.games[0]
        self.name = os.path.basename(self.game)

    def read(self, path):
        return game_folder.read(os.path.join(self.root, path))

    def test_each_test_game_has_a_binary_of_its_own(self):
        for game in self.games:
            build = self.read(game + "/BUILD")
            self.assertIn('"//cli:main"', build, game)
            self.assertIn("+ GAMES", build, game)

    def test_each_test_game_is_its_folder_alone(self):
        self.assertEqual(game_folder.findings(self.root), [])

    def assert_one_finding(self, path, text, expected):
        found = game_folder.findings(self.root, {path: text}, extra_files=[path])
        self.assertEqual(len(found), 1, found)
        self.assertIn(expected, found[0])
        self.assertTrue(found[0].startswith(path), found[0])

    def test_canary_a_command_naming_the_game(self):
        path = "cli/perft_command.cc"
        self.assert_one_finding(path, self.read(path) + f"\n// {self.name.upper()} needs this.\n",
                                self.name)

    def test_canary_the_registry_listing_the_game(self):
        path = "games.bzl"
        planted = self.read(path).replace('"//engine/xiangqi/register",',
                                          '"//engine/xiangqi/register",\n'
                                          f'    "//{self.game}:register",', 1)
        self.assertNotEqual(planted, self.read(path))
        self.assert_one_finding(path, planted, self.name)

    def test_canary_a_build_file_outside_the_folder(self):
        path = "cli/BUILD"
        self.assert_one_finding(path, self.read(path) + f'\n# "//{self.game}"\n', self.name)

    def test_canary_the_game_leaning_on_another_game(self):
        path = self.game + "/BUILD"
        planted = self.read(path).replace('"//engine/core:game",',
                                          '"//engine/core:game",\n        "//engine/chess",', 1)
        self.assertNotEqual(planted, self.read(path))
        self.assert_one_finding(path, planted, "//engine/chess")

    def test_canary_the_game_leaning_on_a_command(self):
        path = self.game + "/BUILD"
        planted = self.read(path).replace('"//cli:game_registration",',
                                          '"//cli:game_registration",\n'
                                          '        "//cli:perft_command",', 1)
        self.assertNotEqual(planted, self.read(path))
        self.assert_one_finding(path, planted, "//cli:perft_command")


if __name__ == "__main__":
    unittest.main()
