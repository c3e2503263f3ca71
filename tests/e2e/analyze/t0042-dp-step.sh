#!/bin/sh
# t0042: a dp-step experiment whose ranks compute their one-late delays
# (compute = pattern), predicted by model pap-hockney with step cells,
# pinned, run (2 ranks, 2 launches, 3 reps, 64 B, ring and pap) and
# analyzed: the step rows and the step-time sentence of the PAP-aware
# Allreduce against ring.
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$SCRATCH/repo" && cd "$SCRATCH/repo" || exit 1
git init -q -b main .
mkdir -p experiments/t-calib experiments/t-dp
cat >experiments/t-calib/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = Hockney alpha and beta of small messages for the test
workload = pingpong
budget_s = 60
[shape]
min_bytes = 8
max_bytes = 2048
factor = 4
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 2
reps = 5
warmup = 1
INI
cat >experiments/t-dp/experiment.ini <<'INI'
[experiment]
kind = validation
claim = a data-parallel step with one slow rank is shorter with the PAP-aware Allreduce
workload = dp-step
budget_s = 60
[shape]
sizes = 64
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 2
reps = 3
warmup = 2
[mpi]
algorithm = ring, pap
[arrival]
pattern = one-late
delay_us = 300
[dp]
compute = pattern
[model]
name = pap-hockney
calibration = t-calib
tolerance = 0.5
INI
echo scratch >README.md
git add . && git commit -q -m "test experiments"

expect_exit 0 "predict the calibration" "$PREREG" predict t-calib
expect_exit 0 "pin the calibration" "$PREREG" pin t-calib
expect_exit 0 "run the calibration" timeout 300 "$PREREG" run t-calib
expect_exit 0 "predict the dp-step experiment" "$PREREG" predict t-dp
# configs 0 ring, 1 pap: allreduce span and after_last_arrival, step span
check "three cells per config; the step is the late rank's compute and more" \
	python3 -c "
import json
d = json.load(open('predictions/t-dp.json'))
cells = d['cells']
assert len(cells) == 6, len(cells)
step = {c['config']: c['predicted_s'] for c in cells if c['phase'] == 'step'}
assert set(step) == {0, 1}, step
assert all(300e-6 < v < 1e-3 for v in step.values()), step
"
expect_exit 0 "pin the dp-step experiment" "$PREREG" pin t-dp
expect_exit 0 "run the dp-step experiment" timeout 300 "$PREREG" run t-dp
expect_exit 0 "analyze it" timeout 120 "$PREREG" analyze t-dp
r=analysis/t-dp/report.md
check "report.md has a step row per algorithm" sh -c \
	"[ \$(grep -cE '^\| [01] .* \| (ring|pap) \| one-late \| step \| 64 B \| 2 \| ' $r) = 2 ]"
check "and an allreduce row per algorithm" sh -c \
	"[ \$(grep -cE '^\| [01] .* \| (ring|pap) \| one-late \| allreduce \| 64 B \| 2 \| ' $r) = 2 ]"
check "the step-time sentence" grep -qE \
	'^- pattern one-late, 64 B, step time \(config 1\): pap .* against ring .*\*\*(beat ring by|lost to ring by|tied with ring)' $r
check "the Allreduce sentence" grep -qE \
	'^- pattern one-late, 64 B, Allreduce total \(config 1\): pap .* against ring ' $r
echo "1..$n"
