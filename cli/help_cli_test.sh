#!/bin/bash
# Shell test of the built binary's help (issue 51): `splitlab help`, `--help`, `-h` and
# `splitlab COMMAND --help` answer on stdout with exit code 0; every flag that a command's help
# shows is one its parser accepts (help and parser read one declaration, engine/util/flag_spec.h);
# and every option the engine declares over UCI and UCCI is documented in docs/engine.md.
# Each check has a canary that it must catch.
set -u

RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
DOC="$RUNFILES/docs/engine.md"
[[ -x "$BIN" ]] || BIN="./bazel-bin/splitlab"
[[ -f "$DOC" ]] || DOC="docs/engine.md"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
[[ -f "$DOC" ]] || { echo "cannot find docs/engine.md" >&2; exit 1; }

TMP="${TEST_TMPDIR:-$(mktemp -d)}"
passed=0 failed=0
fail() { echo "FAILED: $*" >&2; failed=$((failed + 1)); }
pass() { passed=$((passed + 1)); }

# expect_help NAME ARGS...: exit 0, the text on stdout (starting with "usage:"), nothing on stderr.
expect_help() {
  local name=$1; shift
  "$BIN" "$@" >"$TMP/out" 2>"$TMP/err"
  local status=$?
  if [[ $status -ne 0 ]]; then fail "$name: exit code $status"; return; fi
  if [[ -s "$TMP/err" ]]; then fail "$name: wrote to stderr: $(head -n 2 "$TMP/err")"; return; fi
  if ! head -n 1 "$TMP/out" | grep -q '^usage: splitlab'; then
    fail "$name: stdout does not start with usage: $(head -n 1 "$TMP/out")"; return
  fi
  pass
}

expect_help "splitlab help" help
expect_help "splitlab --help" --help
expect_help "splitlab -h" -h
"$BIN" help > "$TMP/full-help"
commands=$(sed -n '/^commands:/,/^  help/p' "$TMP/full-help" | awk 'NR > 1 && $1 != "help" {print $1}')
[[ $(echo "$commands" | wc -w) -ge 10 ]] || fail "the overview lists too few commands: $commands"

# operands COMMAND: what must come before a command's flags.
operands() {
  case $1 in
    epd) echo "suite.epd" ;;
    book) echo "probe" ;;
    *) ;;
  esac
}

# The flags that `splitlab COMMAND --help` shows: "  --name VALUE" lines.
help_flags() { grep -E '^  --[a-z0-9-]+' "$1" | awk '{print $1, ($2 == "" ? "switch" : "value")}'; }

# check_flags_parse COMMAND HELP_FILE: each flag shown must be one the parser knows. A bogus flag
# follows it, so that no command runs: the parser stops at the bogus flag, or earlier at a value
# it refuses ("1" is not a tournament), but never with "unknown flag" for the flag shown.
check_flags_parse() {
  local command=$1 help=$2 flag kind ok=0
  while read -r flag kind; do
    [[ -n "$flag" ]] || continue
    local args=()
    [[ $kind == switch ]] && args=("$flag") || args=("$flag" "1")
    # shellcheck disable=SC2046
    "$BIN" "$command" $(operands "$command") "${args[@]}" --zz-not-a-flag >/dev/null 2>"$TMP/err"
    if [[ ! -s "$TMP/err" ]] || grep -q -- "unknown flag '$flag'" "$TMP/err"; then
      echo "$command $flag: $(head -n 1 "$TMP/err")"
      ok=1
    fi
  done < <(help_flags "$help")
  return $ok
}

for command in $commands; do
  expect_help "splitlab $command --help" "$command" --help
  "$BIN" "$command" --help > "$TMP/$command.help" 2>/dev/null
  if ! grep -q "^usage: splitlab $command" "$TMP/$command.help"; then
    fail "$command --help is not the command's page"; continue
  fi
  if out=$(check_flags_parse "$command" "$TMP/$command.help"); then pass; else fail "shown but not parsed: $out"; fi
done
# `help COMMAND` is the same page; an unknown command is an error.
"$BIN" help scale > "$TMP/help-scale" 2>/dev/null
cmp -s "$TMP/help-scale" "$TMP/scale.help" && pass || fail "'help scale' differs from 'scale --help'"
"$BIN" help nosuch >/dev/null 2>"$TMP/err"
[[ $? -eq 2 ]] && grep -q "nosuch" "$TMP/err" && pass || fail "'help nosuch' is not an error naming it"

# Canary: a flag shown in help that the parser does not know must be caught.
cp "$TMP/bench.help" "$TMP/canary.help"
printf '  --not-declared N\n      planted\n' >> "$TMP/canary.help"
if check_flags_parse bench "$TMP/canary.help" >/dev/null; then
  fail "canary: a flag that does not parse passed the check"
else
  pass
fi

# Every option the engine declares, in UCI and in UCCI, is named in docs/engine.md.
(echo uci; echo quit) | "$BIN" uci 2>/dev/null | sed -n 's/^option name \(.*\) type .*/\1/p' > "$TMP/uci-options"
(echo ucci; echo quit) | "$BIN" ucci 2>/dev/null | sed -n 's/^option \([^ ]*\) type .*/\1/p' > "$TMP/ucci-options"
[[ $(wc -l < "$TMP/uci-options") -ge 15 ]] || fail "too few UCI options read: $(cat "$TMP/uci-options")"
[[ $(wc -l < "$TMP/ucci-options") -ge 15 ]] || fail "too few UCCI options read: $(cat "$TMP/ucci-options")"
# undocumented FILE: the names in FILE that docs/engine.md does not hold.
undocumented() { while IFS= read -r name; do grep -qF -- "$name" "$DOC" || echo "$name"; done < "$1"; }
missing=$(undocumented "$TMP/uci-options"; undocumented "$TMP/ucci-options")
[[ -z "$missing" ]] && pass || fail "options the engine declares but docs/engine.md does not name: $missing"
# Canary: an option name the page does not hold is reported.
echo "PlantedUndocumentedOption" > "$TMP/canary-options"
[[ -n $(undocumented "$TMP/canary-options") ]] && pass || fail "canary: an undocumented option passed"

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
