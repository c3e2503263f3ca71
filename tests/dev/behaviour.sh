#!/bin/sh
# behaviour.sh - capture what prereg prints and writes for the project's own
# experiments, so that a refactoring can show it changed none of it:
#   tests/dev/behaviour.sh OUTDIR            (BIN names the bin directory)
#   diff -r OUTDIR.before OUTDIR.after
# It works in a scratch clone of this repository (never in it): analyze
# of every experiment with runs (then git status: the committed reports
# must be rewritten byte for byte), --json of analyze, show, compare,
# audit, list, and run --dry-run under both launchers. Lines that hold
# wall-clock figures of the audit itself are dropped.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$here/bin}
out=${1:?usage: behaviour.sh OUTDIR}
mkdir -p "$out" && out=$(cd "$out" && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/prereg-behaviour.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
git clone -q "$here" "$scratch/r" || exit 1
cd "$scratch/r" || exit 1
"$BIN/prereg" pin --restore-tags >"$out/restore-tags" 2>&1
P="$BIN/prereg"
cap() { # cap NAME CMD...: stdout and stderr and the exit status into NAME
	f=$1; shift
	"$@" >"$out/$f" 2>&1
	echo "exit $?" >>"$out/$f"
}
cap list "$P" list
for e in $(ls experiments); do
	cap "run-dry-$e" "$P" run "$e" --dry-run
	cap "run-dry-slurm-$e" "$P" run "$e" --dry-run --launcher slurm
	[ -d "runs/$e" ] || continue
	cap "analyze-$e" "$P" analyze "$e"
	cap "analyze-json-$e" "$P" analyze "$e" --json
	first=""
	for r in $(ls "runs/$e"); do
		cap "show-$r" "$P" show "$r"
		cap "show-json-$r" "$P" show "$r" --json
		if [ -z "$first" ]; then first=$r; else
			cap "compare-$first-$r" "$P" compare "$first" "$r"
			cap "compare-json-$first-$r" "$P" compare "$first" "$r" --json
		fi
	done
done
git status --porcelain >"$out/status-after-analyze"
git diff --stat >>"$out/status-after-analyze"
cap audit "$P" audit
cap audit-json "$P" audit --json
sed -i -E 's/[0-9]+(\.[0-9]+)? s\b/N s/g; s/"(wall|elapsed)[a-z_]*": [0-9.e+-]+/"\1": N/g' \
	"$out/audit" "$out/audit-json"
# the bin directory differs between checkouts: named BIN
for f in "$out"/*; do sed -i "s|$BIN|BIN|g" "$f"; done
echo "captured $(ls "$out" | wc -l) outputs in $out"
