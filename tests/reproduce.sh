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
# the GPU kinds with a device here ("cuda 1 device(s)" in prereg env)
gpus=$("$prereg" env 2>/dev/null | awk '($1 == "cuda" || $1 == "hip") && $2 > 0 {print $1}')
needs_gpu() { # the GPU kind an experiment's ranks need, or nothing
	sed -n 's/^group *= *//p' "experiments/$1/experiment.ini" |
		grep -oE '(cuda|hip):' | head -n 1 | tr -d :
}
# a copy of the repository made without its tags needs no step here:
# prereg repro recreates a missing pin tag from its pin commit (tags are
# derived data, DESIGN 3)
needs_slurm() { # its rank groups name Slurm partitions (group@PARTITION)
	sed -n 's/^group *= *//p' "experiments/$1/experiment.ini" | grep -q '@'
}
# An experiment on Slurm partitions runs on the Slurm that answers here;
# when none does, on the local test cluster (tests/slurm/local.sh: the
# partitions gpuA, gpuB and cpu), started for it and stopped at the end.
slurm_local=""
slurm_ready() {
	sinfo -h >/dev/null 2>&1 && return 0
	[ "$(id -u)" = 0 ] || return 1
	echo "== no Slurm answers: starting the local test cluster (tests/slurm/local.sh)" >&2
	bash tests/slurm/local.sh start >&2 || return 1
	slurm_local=1
}
trap '[ -z "$slurm_local" ] || bash tests/slurm/local.sh stop >&2' EXIT
start=$(date +%s)
failed=""
skipped=""
for name in $list; do
	kind=$(needs_gpu "$name")
	if [ -n "$kind" ] && ! echo "$gpus" | grep -qx "$kind"; then
		echo "== skipped $name: needs a $kind device, none here (prereg env)" >&2
		skipped="$skipped $name"
		continue
	fi
	if needs_slurm "$name" && ! slurm_ready; then
		echo "== skipped $name: its rank groups name Slurm partitions, no Slurm answers and the local test cluster did not start (as root: bash tests/slurm/local.sh start)" >&2
		skipped="$skipped $name"
		continue
	fi
	echo "== prereg repro $name" >&2
	"$prereg" repro "$name" || failed="$failed $name"
done
# $list holds one name a line: one line for all of them
echo "reproduce: $(($(date +%s) - start)) s for:" $list >&2
# the reviewer's page: every experiment, also as analysis/SUMMARY.md
"$prereg" summary --write || failed="$failed summary"
[ -z "$skipped" ] || echo "reproduce: skipped (no device or no Slurm):$skipped" >&2
if [ -n "$failed" ]; then
	echo "reproduce: failed:$failed" >&2
	exit 1
fi
