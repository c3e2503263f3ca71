#!/bin/sh
# run.sh - run the unit tests (cmocka, TAP), the replays of the fuzz
# regression inputs (tests/fuzz/regressions/TARGET/*, through
# BIN/fuzz/replay_TARGET) and the end-to-end tests (tests/e2e/t*.sh, TAP)
# and end with "N passed, N failed".
# Usage: tests/run.sh [unit|e2e] ; BIN names the build's bin directory.
set -u
here=$(cd "$(dirname "$0")" && pwd)
BIN=${BIN:-$here/../bin}
export BIN
what=${1:-all}
log=$(mktemp)
# In a sanitizer build (make sanitize) UBSan stops at its first report, so
# that undefined behaviour fails the test that meets it.
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export UBSAN_OPTIONS
trap 'rm -f "$log"' EXIT
status=0

# The sources are clang-format clean (make format fixes them).
if [ "$what" = all ] || [ "$what" = unit ]; then
	echo "# format: clang-format --dry-run -Werror"
	if ! command -v clang-format >/dev/null 2>&1; then
		echo "not ok - clang-format is not installed (make deps)" |
			tee -a "$log"
	elif ! (cd "$here/.." && git rev-parse --git-dir >/dev/null 2>&1); then
		echo "# not a git checkout: the format check is skipped"
	else
		bad=$(cd "$here/.." && git ls-files '*.c' '*.h' '*.cu' '*.hip' \
			'*.inc' | xargs clang-format --dry-run -Werror 2>&1 |
			sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error:.*/\1/p' |
			sort -u | tr '\n' ' ')
		if [ -z "$bad" ]; then
			echo "ok - every C source is clang-format clean" |
				tee -a "$log"
		else
			echo "not ok - not clang-format clean (make format): $bad" |
				tee -a "$log"
		fi
	fi
fi

if [ "$what" = all ] || [ "$what" = unit ]; then
	for t in "$BIN"/tests/test_*; do
		[ -x "$t" ] || continue
		echo "# unit: $(basename "$t")"
		out=$(CMOCKA_MESSAGE_OUTPUT=TAP "$t" 2>&1)
		rc=$?
		printf '%s\n' "$out" | sed 's/^/  /'
		printf '%s\n' "$out" >>"$log"
		if [ $rc != 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok'; then
			echo "not ok - $(basename "$t") exited with status $rc" |
				tee -a "$log"
		fi
	done
fi
if [ "$what" = all ] || [ "$what" = unit ]; then
	# A replay reports each input; one that crashes ends it, is named
	# "not ok" and the rest are replayed by a new process. A replay past
	# 60 s (every target's inputs replay in under a second) is stopped
	# and fails: a slow input is a bug as a crash is.
	for d in "$here"/fuzz/regressions/*/; do
		t=$(basename "$d")
		r=$BIN/fuzz/replay_$t
		set -- "$d"*
		[ -f "$1" ] || continue
		echo "# fuzz replay: $t, $# inputs"
		if [ ! -x "$r" ]; then
			echo "not ok - fuzz replay $t: $r is not built" |
				tee -a "$log"
			continue
		fi
		while [ $# -gt 0 ]; do
			out=$(timeout 60 "$r" "$@" 2>&1)
			rc=$?
			printf '%s\n' "$out" | sed 's/^/  /'
			printf '%s\n' "$out" >>"$log"
			done_n=$(printf '%s\n' "$out" | grep -c '^\(not \)\{0,1\}ok')
			[ "$done_n" -ge $# ] && break
			shift "$done_n"
			echo "not ok - fuzz replay $t $(basename "$1") exited" \
				"with status $rc" | tee -a "$log"
			shift
		done
	done
fi
if [ "$what" = all ] || [ "$what" = e2e ]; then
	for t in "$here"/e2e/t[0-9]*.sh; do
		[ -f "$t" ] || continue
		echo "# e2e: $(basename "$t")"
		out=$(sh "$t" 2>&1)
		rc=$?
		printf '%s\n' "$out" | sed 's/^/  /'
		printf '%s\n' "$out" >>"$log"
		if [ $rc != 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok'; then
			echo "not ok - $(basename "$t") exited with status $rc" |
				tee -a "$log"
		fi
	done
fi
passed=$(grep -c '^ok' "$log")
failed=$(grep -c '^not ok' "$log")
[ "$failed" = 0 ] || status=1
[ "$passed" -gt 0 ] || status=1
grep '^not ok' "$log" | sed 's/^/FAILED: /'
echo "$passed passed, $failed failed"
exit $status
