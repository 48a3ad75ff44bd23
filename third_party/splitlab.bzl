"""Build macros shared by every package: tests carry the TSan suppressions file."""

def splitlab_cc_test(name, deps = [], data = [], **kwargs):
    native.cc_test(
        name = name,
        deps = deps + ["@debian//:gtest_main"],
        data = data + ["//third_party:tsan.supp"],
        **kwargs
    )
