#!/bin/sh
# t0068: every figure that tests/figures/figures.tsv declares (a number
# README, ARTIFACT.md, SCIENCE.md or an experiment's README quotes about a
# shipped run, with the run, the statistic and the rounding that give it)
# is what `prereg analyze` and the pinned predictions give now, in a clone
# of this project's HEAD with its pin tags restored: prose cannot drift
# from the data (tests/figures/check.py). A figure changed in a doc, or a
# run whose analysis changes, fails it.
# prereg-test: long (after t0058, which builds the fixture it reads)
. "$(dirname "$0")/../lib.sh"
if ! git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1; then
	echo "ok 1 # SKIP the project is no git repository here"
	echo "1..1"
	exit 0
fi
# the shipped fixture (a clone of HEAD with its pin tags restored) and the
# analyses it made of it, which t0058 checks rewrite every report
fixture shipped "$SCRATCH/ship"
PREREG_ANALYSES=$(fixture_json) python3 "$TOP/tests/figures/check.py" \
	"$SCRATCH/ship" "$PREREG" "$SCRATCH/ship/tests/figures/figures.tsv"
