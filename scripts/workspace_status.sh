#!/bin/sh
# Bazel's workspace status command (.bazelrc): the commit a build is made from, which
# //bench:build_commit stamps into the binary, so that a results file names the commit of the
# binary that wrote it, wherever that binary is copied and run.
#
# Prints one line, "STABLE_SPLITLAB_COMMIT <value>", for the checkout in the working directory
# (Bazel runs it in the workspace root):
#   <sha-1>                  HEAD, and nothing outside experiments/ differs from it;
#   <sha-1>+dirty            HEAD, with tracked changes or new untracked files outside
#                            experiments/ (runs write their results there; results do not change
#                            the binary);
#   <sha-1>+unknown-changes  HEAD, but git could not say what changed;
#   unknown                  not a git checkout of splitlab, or no git.
# It never fails: a build outside git still builds, and says "unknown".
commit=unknown
top=$(git rev-parse --show-toplevel 2>/dev/null) || top=
sha=$(git rev-parse --verify -q HEAD 2>/dev/null) || sha=
# Another project's repository around this directory says nothing about these sources.
if [ -n "$top" ] && [ -f "$top/bench/run_metadata.h" ] && [ ${#sha} -eq 40 ]; then
  if changes=$(git status --porcelain -- ':(top)' ':(top,exclude)experiments' 2>/dev/null); then
    if [ -z "$changes" ]; then commit=$sha; else commit=$sha+dirty; fi
  else
    commit=$sha+unknown-changes
  fi
fi
echo "STABLE_SPLITLAB_COMMIT $commit"
