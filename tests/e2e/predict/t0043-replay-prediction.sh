#!/bin/sh
# t0043: model pap-hockney prices pattern replay from the committed run it
# replays: a tiny dp-step run (3 ranks, rows 20:20:60), then an arrival
# experiment replaying it (ring and pap, one-late and replay) predicted
# from a ping-pong calibration: the prediction records the replayed
# delays (the run's per-rank compute medians less the smallest, times
# replay_scale), its replay cells price that spread, and it pins.
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
new_repo "$SCRATCH/repo"
vader_only || exit 1
mkdir -p experiments/dp experiments/rp
cat >experiments/dp/experiment.ini <<'INI'
[experiment]
kind = validation
claim = a training step is its slowest compute and the Allreduce after
workload = dp-step
budget_s = 60
sharing = tested
[shape]
sizes = 65536
keys = 16
d = 64
[ranks]
group = cpu*3
[dp]
rows = 20, 20, 60
[mpi]
algorithm = default
[schedule]
launches = 2
reps = 3
warmup = 1
INI
git add -A && git commit -qm "dp"
expect_exit 0 "predict dp" "$PREREG" predict dp
expect_exit 0 "pin dp" "$PREREG" pin dp
expect_exit 0 "run the dp-step experiment" timeout 300 "$PREREG" run dp
dprun=$(ls runs/dp | grep -v ledger | head -1)
expect_exit 0 "predict the calibration" "$PREREG" predict t-calib
expect_exit 0 "pin the calibration" "$PREREG" pin t-calib
expect_exit 0 "run the calibration" timeout 300 "$PREREG" run t-calib --quick
cat >experiments/rp/experiment.ini <<INI
[experiment]
kind = validation
claim = the chain in the replayed order overlaps the replayed waits
workload = arrival
budget_s = 60
sharing = tested
[shape]
sizes = 64
[ranks]
group = cpu*3
[mpi]
algorithm = ring, pap
[arrival]
pattern = one-late, replay
delay_us = 100
replay = dp $dprun
replay_scale = 2
[schedule]
launches = 1
reps = 2
warmup = 1
[model]
name = pap-hockney
calibration = t-calib
tolerance = 0.5
INI
git add -A && git commit -qm "rp replays the dp run"
expect_exit 0 "predict rp" "$PREREG" predict rp
# configs: 0 ring/one-late, 1 ring/replay, 2 pap/one-late, 3 pap/replay
check "the prediction records the replayed delays and prices them" \
	python3 -c "
import csv, gzip, json, statistics as st
rows = [r for r in csv.DictReader(gzip.open('runs/dp/$dprun/timings.csv.gz', 'rt'))
        if r['phase'] == 'compute' and r['warmup'] == '0']
med = []
for rank in range(3):
    per = [st.median([int(r['t_end_ns']) - int(r['t_start_ns']) for r in rows
                      if r['rank'] == str(rank) and r['launch'] == str(l)])
           for l in range(2)]
    med.append(st.median(per))
want = [round(m - min(med)) * 2 for m in med]
d = json.load(open('predictions/rp.json'))
a = d['arrival']
assert a['replay']['experiment'] == 'dp' and a['replay']['run'] == '$dprun', a
assert a['replay']['scale'] == 2, a
got = a['replay_ns']
assert len(got) == 3 and all(abs(x - w) <= 2 for x, w in zip(got, want)), (got, want)
spread = (max(got) - min(got)) * 1e-9
cells = {(c['config'], c['reduce']): c for c in d['cells']}
assert len(cells) == 8, sorted(cells)
for k in (1, 3):
    c = cells[(k, 'span')]
    assert c['pattern'] == 'replay', c
    assert abs(c['spread_s'] - spread) <= 1e-12 + 1e-9 * spread, (c, spread)
ring = cells[(1, 'span')]
assert abs(ring['predicted_s'] - (spread + ring['t_alg_s'])) <= 1e-9 * ring['predicted_s'], ring
pap = cells[(3, 'after_last_arrival')]
assert pap['predicted_s'] >= pap['reduce_s'], pap
"
expect_exit 0 "pin rp: the check accepts the recorded delays" "$PREREG" pin rp
echo "1..$n"
