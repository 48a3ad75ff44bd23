"""A libFuzzer target: NAME.cc linked with libFuzzer's main (clang's -fsanitize=fuzzer), and its
committed corpus replayed in the normal suite."""

load("//:games.bzl", "GAMES")

def splitlab_fuzz_target(name, deps = [], **kwargs):
    # Every target links the registry's games, as the binary does: the list of games and their
    # hooks are filled at run time (engine/games/game_info.h).
    deps = deps + GAMES
    native.cc_binary(
        name = name,
        srcs = [name + ".cc"],
        deps = deps,
        linkopts = ["-fsanitize=fuzzer"],
        # Only --config=fuzz can link it (clang); the normal build's wildcards skip it.
        tags = ["manual"],
        **kwargs
    )

    # NAME_replay_test: every input of corpus/SHORT/ (SHORT: NAME without "_fuzzer") once
    # through the same LLVMFuzzerTestOneInput, built by the normal compiler (replay_main.cc), so
    # that the optimised and sanitizer passes hold the whole corpus in a few seconds.
    corpus = "corpus/" + name[:-len("_fuzzer")]
    native.cc_test(
        name = name + "_replay_test",
        size = "small",
        srcs = [name + ".cc", "replay_main.cc"],
        deps = deps,
        data = native.glob([corpus + "/**"]) + ["//third_party:tsan.supp"],
        args = ["fuzz/" + corpus],
    )
