"""A libFuzzer target: NAME.cc linked with libFuzzer's main (clang's -fsanitize=fuzzer)."""

def splitlab_fuzz_target(name, deps = [], **kwargs):
    native.cc_binary(
        name = name,
        srcs = [name + ".cc"],
        deps = deps,
        linkopts = ["-fsanitize=fuzzer"],
        # Only --config=fuzz can link it (clang); the normal build's wildcards skip it.
        tags = ["manual"],
        **kwargs
    )
