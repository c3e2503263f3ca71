#!/bin/sh
# t0058: the shipped analysis/SUMMARY.md is what `prereg summary --write`
# computes from the shipped runs, in a clone of this project's HEAD with
# its pin tags restored (as make reproduce has them), and each shipped
# analysis/NAME/ is what `prereg analyze NAME` writes there
. "$(dirname "$0")/../lib.sh"
if ! git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1; then
	echo "ok 1 # SKIP the project is no git repository here"
	echo "1..1"
	exit 0
fi
git clone -q "$TOP" "$SCRATCH/ship" && cd "$SCRATCH/ship" || exit 1
"$PREREG" pin --restore-tags >/dev/null 2>&1
check "the shipped summary is there" test -f analysis/SUMMARY.md
expect_exit 0 "summary --write of the shipped runs" "$PREREG" summary --write
check "it writes the shipped analysis/SUMMARY.md byte for byte" \
	git diff --exit-code -- analysis/SUMMARY.md
# every shipped report too: a change of the analysis (a new fact, a new
# section) must come with the reports it rewrites
for e in $(ls analysis | grep -v '^SUMMARY.md$'); do
	"$PREREG" analyze "$e" >/dev/null 2>&1 || echo "analyze $e failed" >>"$SCRATCH/failed"
done
check "analyze rewrites every shipped report as committed" sh -c \
	"[ ! -s '$SCRATCH/failed' ] && git diff --exit-code --stat -- analysis"
echo "1..$n"
