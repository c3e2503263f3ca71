#!/bin/sh
# shipped.sh - how long the commands a reviewer runs over the shipped runs
# take: `prereg summary` (its grades audit the runs alone, without
# rendering every report again), `prereg audit` (every check, reports
# rendered again) and `prereg analyze` of the experiment with the most
# launches, in a clone of this project's HEAD with its pin tags restored.
# Prints, per command, the median wall time of RUNS (default 3) calls with
# their range.
#
# usage: sh bench/shipped.sh   (after make)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$here/bin}
runs=${RUNS:-3}
if ! git -C "$here" rev-parse --git-dir >/dev/null 2>&1; then
	echo "not a git repository: nothing shipped to time"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/shipped.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
git clone -q "$here" "$tmp/ship"
cd "$tmp/ship"
"$BIN/prereg" pin --restore-tags >/dev/null 2>&1 || true

# time LABEL CMD...: RUNS calls of CMD, their median and range in seconds
time_it() {
	_label=$1
	shift
	_i=0
	while [ "$_i" -lt "$runs" ]; do
		_t0=$(date +%s.%N)
		"$@" >/dev/null 2>&1 || true
		_t1=$(date +%s.%N)
		echo "$_t0 $_t1" | awk '{ printf "%.3f\n", $2 - $1 }'
		_i=$((_i + 1))
	done | sort -n | awk -v l="$_label" '
		{ v[NR] = $1 }
		END { printf "%-28s median %.2f s [%.2f, %.2f] over %d calls\n",
			l, v[int((NR + 1) / 2)], v[1], v[NR], NR }'
}
time_it "summary" "$BIN/prereg" summary
time_it "audit" "$BIN/prereg" audit
time_it "analyze pap-allreduce" "$BIN/prereg" analyze pap-allreduce
git checkout -q -- analysis
