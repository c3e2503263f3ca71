#!/bin/sh
# reproduce.sh - make reproduce: `prereg repro` of every shipped experiment,
# calibrations first (the validations' predictions name them), or of one.
# Usage: tests/reproduce.sh [NAME...]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
prereg="$top/bin/prereg"
if [ $# -gt 0 ] && [ -n "$*" ]; then
	list=$*
else
	cal=$(grep -l '^kind *= *calibration' experiments/*/experiment.ini |
		xargs -n1 dirname | xargs -n1 basename)
	val=$(grep -L '^kind *= *calibration' experiments/*/experiment.ini |
		xargs -n1 dirname | xargs -n1 basename)
	list="$cal $val"
fi
start=$(date +%s)
failed=""
for name in $list; do
	echo "== prereg repro $name" >&2
	"$prereg" repro "$name" || failed="$failed $name"
done
echo "reproduce: $(($(date +%s) - start)) s for: $list" >&2
if [ -n "$failed" ]; then
	echo "reproduce: failed:$failed" >&2
	exit 1
fi
