#!/bin/bash
# sprt.sh's gate on its engines (engine_build_check.py), run as `CHECK_ONLY=1 sprt.sh` against
# stand-in binaries that answer `bench --json` with a chosen build: two opt builds pass and are
# recorded; a TSan debug build, an opt build with assertions and a binary whose bench fails are
# refused by name; a resumed test whose binary changed is refused; engines named by role are
# checked and recorded the same way; and the real splitlab binary passes exactly when its own
# build is opt without sanitizers or assertions.
set -u
root=$PWD
sprt="$root/experiments/strength/sprt.sh"
# The sanitizer configs name their suppressions file from the working directory
# (/proc/self/cwd/...), and this test works in a scratch directory: point them at the runfiles.
[ -n "${TSAN_OPTIONS:-}" ] && export TSAN_OPTIONS="${TSAN_OPTIONS//\/proc\/self\/cwd/$root}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

fake_engine() {  # fake_engine PATH MODE SANITIZERS ASSERTIONS NODES [BENCH_EXIT]
  cat > "$1" <<EOF
#!/bin/bash
# A stand-in for splitlab: answers "bench [--depth N] --json FILE" only.
[ "\$1" = bench ] || exit 9
out=; depth=
while [ \$# -gt 0 ]; do
  case \$1 in --json) out=\$2; shift ;; --depth) depth=\$2; shift ;; esac
  shift
done
[ "${6:-0}" = 0 ] || { echo "bench: planted failure" >&2; exit ${6:-0}; }
nodes=$5; [ "\$depth" = 1 ] && nodes=20
printf '{"commit":"%s","nodes":%d,"build":{"compilation_mode":"%s","sanitizers":"%s","assertions":%s}}\n' \
  "c0ffee$5" "\$nodes" "$2" "$3" "$4" > "\$out"
EOF
  chmod +x "$1"
}

check() {  # check NAME NEW BASE -> status and stderr of CHECK_ONLY=1 sprt.sh
  CHECK_ONLY=1 sh "$sprt" "$1" "$2" "$3" > out.txt 2> err.txt
  status=$?
}

fake_engine opt-a opt none false 1111
fake_engine opt-b opt none false 2222
check both-opt "$work/opt-a:lmp" "$work/opt-b:lmp"
[ "$status" = 0 ] || fail "two opt builds refused (exit $status): $(cat err.txt)"
record=experiments/strength/sprt/both-opt/engines.txt
[ -f "$record" ] || fail "no engines.txt"
grep -qP "^new\t$work/opt-a\t[0-9a-f]{32}\tc0ffee1111\topt\tnone\tfalse\t1111$" "$record" ||
  fail "new engine not recorded with its checksum, commit, build and bench: $(cat "$record")"
grep -qP "^base\t$work/opt-b\t[0-9a-f]{32}\tc0ffee2222\topt\tnone\tfalse\t2222$" "$record" ||
  fail "base engine not recorded: $(cat "$record")"

# Resumed with the same binaries: passes; with NEW rebuilt (another checksum): refused.
check both-opt "$work/opt-a:lmp" "$work/opt-b:lmp"
[ "$status" = 0 ] || fail "resuming with the same binaries refused: $(cat err.txt)"
fake_engine opt-a opt none false 3333
check both-opt "$work/opt-a:lmp" "$work/opt-b:lmp"
[ "$status" = 2 ] || fail "a resumed test with a changed new binary: exit $status, not 2"
grep -q "began with new engine '$work/opt-a'.*bench 1111.*bench 3333" err.txt ||
  fail "the changed binary's refusal does not name it: $(cat err.txt)"

# Builds that are not the one users play.
fake_engine tsan-dbg dbg thread true 1111
check tsan "$work/tsan-dbg:lmp" "$work/opt-b:lmp"
[ "$status" = 2 ] || fail "a TSan dbg build: exit $status, not 2"
grep -q "new engine '$work/tsan-dbg' (commit c0ffee1111) is a 'dbg' build, built with sanitizers 'thread', built with assertions" err.txt ||
  fail "the TSan build's refusal does not say what it is: $(cat err.txt)"
[ -e experiments/strength/sprt/tsan/engines.txt ] && fail "a refused test recorded its engines"
fake_engine opt-asserts opt none true 1111
check asserts "$work/opt-a:lmp" "$work/opt-asserts"
[ "$status" = 2 ] && grep -q "base engine '$work/opt-asserts'.* is built with assertions" err.txt ||
  fail "an opt build with assertions: exit $status, $(cat err.txt)"
fake_engine broken opt none false 1111 3
check broken "$work/broken" "$work/opt-b"
[ "$status" = 2 ] && grep -q "'$work/broken bench --json' failed (exit code 3: bench: planted failure)" err.txt ||
  fail "a binary whose bench fails: exit $status, $(cat err.txt)"

# Named roles (a match against another engine, experiments/strength-10s/run.sh): one engine
# recorded under its role, and refused once its binary changes; roles must be distinct.
gate="$root/experiments/strength/engine_build_check.py"
python3 "$gate" roles.txt "splitlab=$work/opt-b" 2> err.txt ||
  fail "one named opt engine refused: $(cat err.txt)"
grep -qP "^splitlab\t$work/opt-b\t[0-9a-f]{32}\tc0ffee2222\topt\tnone\tfalse\t2222$" roles.txt &&
  [ "$(grep -vc '^#' roles.txt)" = 1 ] || fail "the named engine's record: $(cat roles.txt)"
python3 "$gate" roles.txt "splitlab=$work/opt-a" 2> err.txt
[ "$?" = 2 ] && grep -q "began with splitlab engine '$work/opt-b'" err.txt ||
  fail "a named engine whose binary changed: $(cat err.txt)"
python3 "$gate" roles2.txt "a=$work/opt-a" "a=$work/opt-b" 2> err.txt
[ "$?" = 2 ] && grep -q "a role of its own" err.txt && [ ! -e roles2.txt ] ||
  fail "two engines with one role: $(cat err.txt)"
python3 "$gate" roles3.txt "splitlab=$work/tsan-dbg" 2> err.txt
[ "$?" = 2 ] && grep -q "splitlab engine '$work/tsan-dbg'.*is a 'dbg' build" err.txt ||
  fail "a named TSan build: $(cat err.txt)"

# The real binary, under whatever configuration this test was built with.
bin="$root/splitlab"
"$bin" bench --depth 1 --json real.json > /dev/null 2>&1 || fail "splitlab bench --json failed"
expected=$(python3 -c 'import json,sys; b=json.load(open("real.json"))["build"]
print(2 - 2 * (b["compilation_mode"] == "opt" and b["sanitizers"] == "none" and not b["assertions"]))')
check real "$bin" "$bin:lmp"
[ "$status" = "$expected" ] || fail "the real binary ($(cat real.json | python3 -c 'import json,sys; print(json.load(sys.stdin)["build"])')): exit $status, expected $expected: $(cat err.txt)"

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "engine_build_check: all cases pass"
