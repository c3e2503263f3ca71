#!/bin/sh
# run.sh - run the unit tests (cmocka, TAP) and the end-to-end tests
# (tests/e2e/t*.sh, TAP) and end with "N passed, N failed".
# Usage: tests/run.sh [unit|e2e] ; BIN names the build's bin directory.
set -u
here=$(cd "$(dirname "$0")" && pwd)
BIN=${BIN:-$here/../bin}
export BIN
what=${1:-all}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0

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
