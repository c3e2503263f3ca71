#!/bin/sh
# t0039: a tiny dp-step experiment (3 ranks, rows 20:20:60 on the cpu
# kernel, a 64 KiB fused buffer, MPI's Allreduce and pap) pinned and run:
# per step a compute, an allreduce and a step sample, the step from the
# start of compute to the end of the Allreduce, results checked. Then an
# arrival experiment replays that committed run: refused (exit 2) while
# it names a run that is not there; its plans carry, per rank, the median
# over launches of the per-launch medians of the dp-step run's compute
# times less the smallest, times replay_scale (rebuilt here from the
# archive), rank 3 taking replayed rank 0; it runs, and the audit's
# delays check, which rebuilds them from the archive too, passes.
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
new_repo "$SCRATCH/repo"
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
algorithm = default, pap
[schedule]
launches = 2
reps = 3
warmup = 1
INI
git add -A && git commit -qm "dp"
expect_exit 0 "predict dp" "$PREREG" predict dp
expect_exit 0 "pin dp" "$PREREG" pin dp
expect_exit 0 "run the dp-step experiment" "$PREREG" run dp
dprun=$(ls runs/dp | grep -v ledger | head -1)
check "per step: compute, allreduce and step, checked" python3 -c "
import csv, gzip, json
m = json.load(open('runs/dp/$dprun/manifest.json'))
assert len(m['launches']) == 4
for l in m['launches']:
    assert l['ranks']['verify']['ok'] is True, l['ranks']['verify']
    assert l['ranks']['dp_compute'] == 'rows'
    assert l['plan']['rows_per_rank'] == [20, 20, 60], l['plan']
rows = list(csv.DictReader(gzip.open('runs/dp/$dprun/timings.csv.gz', 'rt')))
assert {r['phase'] for r in rows} == {'compute', 'allreduce', 'step'}, {r['phase'] for r in rows}
assert all(r['bytes'] == '65536' for r in rows)
by = {}
for r in rows:
    by.setdefault((r['launch'], r['rep'], r['rank']), {})[r['phase']] = r
assert len(by) == 2 * 4 * 3, len(by)
for k, s in by.items():
    c, a, st = s['compute'], s['allreduce'], s['step']
    assert st['t_start_ns'] == c['t_start_ns'] and st['t_end_ns'] == a['t_end_ns'], k
    assert int(c['t_end_ns']) <= int(a['t_start_ns']), k
    assert c['rows'] == st['rows'] == ('60' if k[2] == '2' else '20'), k
"
cat >experiments/rp/experiment.ini <<INI
[experiment]
kind = validation
claim = the replayed arrivals are the committed run's compute times
workload = arrival
budget_s = 60
sharing = tested
[shape]
sizes = 64
[ranks]
group = cpu*4
[mpi]
algorithm = pap
[arrival]
pattern = replay
replay = dp 29990101T000000Z-absent
replay_scale = 2
[schedule]
launches = 1
reps = 2
warmup = 1
INI
git add -A && git commit -qm "rp, replaying a run that is not there"
expect_exit 0 "predict rp" "$PREREG" predict rp
expect_exit 0 "pin rp" "$PREREG" pin rp
expect_exit 2 "a replay of a run that is not there is refused" \
	"$PREREG" run rp --dry-run
expect_out "it says which run" "cannot replay run '29990101T000000Z-absent' of 'dp'"
sed -i "s/29990101T000000Z-absent/$dprun/" experiments/rp/experiment.ini
git commit -qam "rp replays the dp run"
expect_exit 0 "predict rp again" "$PREREG" predict rp
expect_exit 0 "pin rp again" "$PREREG" pin rp
expect_exit 0 "run the replay" "$PREREG" run rp
rprun=$(ls runs/rp | grep -v ledger | head -1)
check "the replayed delays are the dp run's medians, scaled" python3 -c "
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
m = json.load(open('runs/rp/$rprun/manifest.json'))
l = m['launches'][0]
rp = l['plan']['replay_ns']
assert len(rp) == 3 and all(abs(a - b) <= 2 for a, b in zip(rp, want)), (rp, want)
d = l['ranks']['arrival']['delays_ns']
assert all(r == [r[0], r[1], r[2], r[0]] for r in d), d
assert all(abs(x - w) <= 2 for r in d for x, w in zip(r, want + want[:1])), (d, want)
assert max(want) > 0 and min(want) == 0, want
"
expect_exit 0 "the audit of both passes" "$PREREG" audit dp rp --json
cp "$SCRATCH/out" "$SCRATCH/audit.json"
check "the delays check passes for both runs" python3 -c "
import json
a = json.load(open('$SCRATCH/audit.json'))
c = [(r['experiment'], c['result']) for r in a['runs'] for c in r['checks'] if c['check'] == 'delays']
assert sorted(c) == [('dp', 'PASS'), ('rp', 'PASS')], c
"
