#!/bin/sh
# t0038: a tiny arrival experiment (3 ranks, sizes 64, patterns none,
# uniform and one-late, MPI's Allreduce and pap) pinned and run under real
# mpirun: every launch records the delays it injected per rep, they are
# the ones the seed gives (uniform: within [0, D], not all equal), the
# ranks yielded, the results were checked against MPI_Allreduce; the
# audit passes its delays check. Then a recorded delay is changed and
# committed: the audit's delays check fails and names it.
# prereg-test: alone (the one-late rank's measured lag must show)
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
new_repo "$SCRATCH/repo"
mkdir -p experiments/arr
cat >experiments/arr/experiment.ini <<'INI'
[experiment]
kind = validation
claim = the runner injects the delays its seed gives
workload = arrival
budget_s = 60
sharing = tested
[shape]
sizes = 64
[ranks]
group = cpu*3
[mpi]
algorithm = default, pap
[arrival]
pattern = none, uniform, one-late
delay_us = 400
late_rank = 1
[schedule]
launches = 2
reps = 3
warmup = 1
INI
git add -A && git commit -qm "arr"
expect_exit 0 "predict" "$PREREG" predict arr
expect_exit 0 "pin" "$PREREG" pin arr
expect_exit 0 "run the arrival experiment" "$PREREG" run arr
run=$(ls runs/arr | grep -v ledger | head -1)
check "12 launches, each with its pattern and delays" python3 -c "
import json
m = json.load(open('runs/arr/$run/manifest.json'))
assert [c['pattern'] for c in m['configs']] == ['none', 'uniform', 'one-late'] * 2, m['configs']
assert len(m['launches']) == 12
uniform = set()
for l in m['launches']:
    a = l['ranks']['arrival']
    plan = l['plan']
    assert a['pattern'] == m['configs'][l['config']]['pattern']
    assert a['algorithm'] == m['configs'][l['config']]['algorithm'] == plan['algorithm']
    assert '--mca' in l['argv'] and 'mpi_yield_when_idle' in l['argv']
    assert l['ranks']['mca']['mpi_yield_when_idle'] is True
    assert l['ranks']['verify']['ok'] is True, l['ranks']['verify']
    d = a['delays_ns']
    assert len(d) == 4 and all(len(r) == 3 for r in d), d
    if a['pattern'] == 'none':
        assert all(x == 0 for r in d for x in r), d
    elif a['pattern'] == 'one-late':
        assert all(r == [0, 400000, 0] for r in d), d
    else:
        assert all(0 <= x <= 400000 for r in d for x in r), d
        uniform.update(x for r in d for x in r)
    if a['algorithm'] == 'pap':
        assert sorted(a['pap_next_order']['64']) == [0, 1, 2], a
assert len(uniform) > 10, uniform
"
check "the one-late rank arrives ~400 us after the others" python3 -c "
import csv, gzip, json
m = json.load(open('runs/arr/$run/manifest.json'))
late = [c['config'] for c in m['configs'] if c['pattern'] == 'one-late']
rows = [r for r in csv.DictReader(gzip.open('runs/arr/$run/timings.csv.gz', 'rt'))
        if int(r['config']) in late and r['warmup'] == '0']
by = {}
for r in rows:
    by.setdefault((r['launch'], r['config'], r['rep']), {})[int(r['rank'])] = int(r['t_start_ns'])
gaps = sorted(t[1] - max(t[0], t[2]) for t in by.values())
assert len(gaps) == 12, gaps
assert gaps[len(gaps) // 2] >= 300000, gaps
"
expect_exit 0 "the audit passes" "$PREREG" audit arr --json
cp "$SCRATCH/out" "$SCRATCH/audit.json"
check "its delays check passes" python3 -c "
import json
a = json.load(open('$SCRATCH/audit.json'))
c = [c for r in a['runs'] for c in r['checks'] if c['check'] == 'delays']
assert len(c) == 1 and c[0]['result'] == 'PASS', c
"
python3 - "$run" <<'PY' || exit 1
import json, sys
p = f"runs/arr/{sys.argv[1]}/manifest.json"
m = json.load(open(p))
for l in m['launches']:
    if l['ranks']['arrival']['pattern'] == 'uniform':
        l['ranks']['arrival']['delays_ns'][2][1] += 1
        break
open(p, 'w').write(json.dumps(m, indent=2, sort_keys=True) + "\n")
PY
git commit -qam "a delay changed"
expect_exit 1 "the audit of the changed delays fails" "$PREREG" audit arr --json
cp "$SCRATCH/out" "$SCRATCH/audit.json"
check "its delays check fails and names the rep and rank" python3 -c "
import json
a = json.load(open('$SCRATCH/audit.json'))
c = [c for r in a['runs'] for c in r['checks'] if c['check'] == 'delays']
assert len(c) == 1 and c[0]['result'] == 'FAIL', c
assert 'rep 2 rank 1 recorded a delay of another ns' in c[0]['reason'], c
"
