#!/bin/sh
# scripts/workspace_status.sh, whose line //bench:build_commit stamps into every binary, in
# throwaway checkouts: HEAD when nothing outside experiments/ changed, +dirty for a changed or
# new source, "unknown" outside a splitlab checkout or without git, and exit status 0 every
# time (a status command that fails stops the build).
set -u
script=$(pwd)/scripts/workspace_status.sh
root=${TEST_TMPDIR:-$(mktemp -d)}/workspace_status_test
rm -rf "$root"
mkdir -p "$root/plain" "$root/other" "$root/repo/bench" "$root/repo/experiments"
# git must not find a repository above the throwaway ones.
export GIT_CEILING_DIRECTORIES=$root
failed=0

expect() {  # NAME DIRECTORY WANTED [PATH]
  out=$(cd "$2" && PATH=${4:-$PATH} /bin/sh "$script")
  status=$?
  if [ $status -ne 0 ]; then
    echo "FAIL $1: exit status $status"; failed=1
  elif [ "$out" != "STABLE_SPLITLAB_COMMIT $3" ]; then
    echo "FAIL $1: printed '$out', wanted 'STABLE_SPLITLAB_COMMIT $3'"; failed=1
  else
    echo "ok   $1"
  fi
}
commit_all() {  # DIRECTORY
  git -C "$1" init -q && git -C "$1" add . &&
    git -C "$1" -c user.name=t -c user.email=t@t commit -qm one
}

expect "not a checkout" "$root/plain" unknown

echo "another project" > "$root/other/README"
commit_all "$root/other" || { echo "FAIL: git could not make a repository"; exit 1; }
expect "another project's repository" "$root/other" unknown

repo=$root/repo
echo "// a splitlab checkout" > "$repo/bench/run_metadata.h"
echo "{}" > "$repo/experiments/results.json"
commit_all "$repo" || { echo "FAIL: git could not make a repository"; exit 1; }
sha=$(git -C "$repo" rev-parse HEAD)
expect "a clean checkout" "$repo" "$sha"
expect "from a subfolder" "$repo/bench" "$sha"
# Results that runs write into experiments/ do not make the tree dirty.
echo '{"games": 1}' > "$repo/experiments/results.json"
echo "a,b" > "$repo/experiments/new.csv"
expect "changed results" "$repo" "$sha"
# Changed sources do, new or tracked.
echo > "$repo/bench/new.cc"
expect "a new source" "$repo" "$sha+dirty"
rm "$repo/bench/new.cc"
echo "// changed" > "$repo/bench/run_metadata.h"
expect "a changed source" "$repo" "$sha+dirty"
git -C "$repo" checkout -q -- bench/run_metadata.h
expect "clean again" "$repo" "$sha"
expect "no git on the PATH" "$repo" unknown /nonexistent

[ $failed -eq 0 ] && echo "all passed"
exit $failed
