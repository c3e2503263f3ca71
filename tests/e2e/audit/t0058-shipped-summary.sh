#!/bin/sh
# t0058: the shipped analysis/SUMMARY.md is what `prereg summary --write`
# computes from the shipped runs, in a clone of this project's HEAD with
# its pin tags restored (as make reproduce has them), and each shipped
# analysis/NAME/ is what `prereg analyze NAME --json` writes there (and,
# for two of them, `prereg analyze NAME` without --json)
# prereg-test: long first (it builds the shipped fixture, which t0068, long
# too, waits for: the pass would otherwise end waiting on them)
. "$(dirname "$0")/../lib.sh"
if ! git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1; then
	echo "ok 1 # SKIP the project is no git repository here"
	echo "1..1"
	exit 0
fi
# the shipped fixture: a clone of HEAD with its pin tags restored, after
# `prereg analyze NAME --json` of every shipped analysis/NAME/ (t0068
# reads the same analyses)
fixture shipped "$SCRATCH/ship"
check "the shipped summary is there" test -f analysis/SUMMARY.md
expect_exit 0 "summary --write of the shipped runs" "$PREREG" summary --write
check "it writes the shipped analysis/SUMMARY.md byte for byte" \
	git diff --exit-code -- analysis/SUMMARY.md
# every shipped report too: a change of the analysis (a new fact, a new
# section) must come with the reports it rewrites
check "analyze rewrote every shipped report as committed" sh -c \
	"! ls '$(fixture_json)'/*.failed 2>/dev/null &&
	 git diff --exit-code --stat -- analysis"
# and analyze without --json writes what it wrote with it: the smallest
# report and one with many study sections, again
git checkout -q -- analysis
for e in launch-settings kv-allreduce; do
	"$PREREG" analyze "$e" >/dev/null 2>&1 || echo "analyze $e failed" >>"$SCRATCH/failed"
done
check "analyze without --json writes the same reports" sh -c \
	"[ ! -s '$SCRATCH/failed' ] && git diff --exit-code --stat -- analysis"
echo "1..$n"
