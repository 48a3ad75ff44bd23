"""Build macros shared by every package: tests carry the TSan suppressions file."""

load("//:games.bzl", "GAMES", "GAME_INFOS")

def splitlab_cc_test(name, deps = [], data = [], tags = [], single_threaded = False, games = "",
                     **kwargs):
    """A GoogleTest test. single_threaded = True: the test never starts a thread, so the
    ThreadSanitizer pass leaves it out (.bazelrc's tsan config filters the tag); the optimised
    build links a guard that ends it if it starts one after all (single_thread_guard.cc).
    games: "info" links the registry's games' entries (names, referees, defaults: the list of
    games, engine/games/game_info.h), "all" every layer's code for them too (a command's or the
    protocol's hooks); "" neither, and the list is empty."""
    if games == "info":
        deps = deps + GAME_INFOS
    elif games == "all":
        deps = deps + GAMES
    elif games != "":
        fail("games is \"\", \"info\" or \"all\", not " + games)
    guard = []
    if single_threaded:
        tags = tags + ["single_threaded"]
        guard = select({
            "//third_party:optimised_build": ["//third_party:single_thread_guard"],
            "//conditions:default": [],
        })
    native.cc_test(
        name = name,
        deps = deps + ["@debian//:gtest_main"] + guard,
        data = data + ["//third_party:tsan.supp"],
        tags = tags,
        **kwargs
    )
