"""Build macros shared by every package: tests carry the TSan suppressions file."""

def splitlab_cc_test(name, deps = [], data = [], tags = [], single_threaded = False, **kwargs):
    """A GoogleTest test. single_threaded = True: the test never starts a thread, so the
    ThreadSanitizer pass leaves it out (.bazelrc's tsan config filters the tag); the optimised
    build links a guard that ends it if it starts one after all (single_thread_guard.cc)."""
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
