#!/bin/sh
# t0008: --launcher slurm runs each launch as a heterogeneous Slurm job, one
# component per rank group, and records the job with the run; errors found
# before submitting exit 2 and submit nothing; a failed job is a failed run.
# Needs partitions gpuA and gpuB (tests/slurm/local.sh start; make check
# starts it when slurmctld is installed); skipped without them.
# prereg-test: holds slurm (it needs the local Slurm's nodes as they are)
# A failing job must end within 30 s: before the watchdog knew a step
# that ended before its first look, one ended after 66 s beside other
# launches (the test then ran alone); beside them now it took 23.8 s.
. "$(dirname "$0")/../lib.sh"

# Skipped when there is no Slurm (see need_slurm in lib.sh)
need_slurm gpuA gpuB

# step NAME: report how long the previous step took, start timing NAME
t_step=$(date +%s.%N) step_name=setup
step() {
	now=$(date +%s.%N)
	echo "# $step_name: $(echo "$now $t_step" | awk '{printf "%.1f", $1 - $2}') s"
	t_step=$now step_name=$1
}

# mf PYTHON: assert PYTHON about the manifest m of run directory $dir
mf() {
	python3 -c "import json, sys
m = json.load(open('$dir/manifest.json'))
$1" 2>&1
}

new_repo "$SCRATCH/repo"
# kv-split over two rank groups, one per partition, so on two nodes: only
# tcp crosses nodes (vader is shared memory)
mkdir -p experiments/t-slurm
cat >experiments/t-slurm/experiment.ini <<'INI'
[experiment]
kind = validation
claim = the kv-split Allreduce runs as one MPI job over two Slurm partitions
workload = kv-split
budget_s = 60
[shape]
rows = 512
keys = 8
d = 64
[ranks]
group = cpu*2, cpu*2
[factors]
transport = tcp
[schedule]
launches = 2
reps = 4
warmup = 1
[mpi]
algorithm = ring
[slurm]
partition = gpuA, gpuB
time = 5
INI
git add experiments && git commit -q -m "t-slurm"
"$PREREG" predict t-slurm >/dev/null && "$PREREG" pin t-slurm >/dev/null

step "dry run"
expect_exit 0 "dry run under slurm" \
	"$PREREG" run t-slurm --launcher slurm --dry-run
expect_out "the batch script is a het job" "^#SBATCH hetjob"
expect_out "group 0 goes to partition gpuA" "--partition=gpuA"
expect_out "group 1 goes to partition gpuB" "--partition=gpuB"
expect_out "one srun step starts the ranks" "^srun "
expect_no_out "tcp is not held to loopback across nodes" btl_tcp_if_include
check "the dry run submitted nothing" sh -c '[ ! -d runs ]'

step "run under slurm"
slurm_run "run under slurm (--quick)" \
	"$PREREG" run t-slurm --launcher slurm --quick
# the newest: the one that ran whole (slurm_run)
run=$(ls runs/t-slurm 2>/dev/null | grep -v ledger | tail -n 1)
nruns=$(ls runs/t-slurm | grep -vc ledger)
dir=runs/t-slurm/$run
check "one MPI_COMM_WORLD of 4 ranks over both components" mf "
assert m['launches'][0]['ranks']['nranks'] == 4, m['launches'][0]['ranks']"
check "every launch names its job and 2 components: gpuA on n1, gpuB on n2" mf "
for l in m['launches']:
    s = l['slurm']
    assert s['job_id'], s
    c = sorted(s['components'], key=lambda c: c['index'])
    assert [(x['partition'], x['nodes']) for x in c] == \
        [('gpuA', 'n1'), ('gpuB', 'n2')], c
    assert all(x['state'] == 'COMPLETED' for x in c), c"
check "the first launch verified the Allreduce across the nodes" mf "
assert m['launches'][0]['ranks']['verify']['ok'] is True"
check "every launch of the quick run was a job" mf "
assert len(m['launches']) == 2, len(m['launches'])"
check "the load of the nodes is not recorded, and the manifest says why" mf "
for x in [l['machine'] for l in m['launches']] + [m['busy_at_start']]:
    assert x['recorded'] is False and 'launcher slurm' in x['reason'], x"
check "nor the TCP congestion control, which is the nodes' and not prereg's host's" mf "
assert 'tcp_congestion_control' not in m['environment'], m['environment']"
check "the batch script is kept in the run" test -s "$dir/slurm.sh"
check "and committed with it" git ls-files --error-unmatch "$dir/slurm.sh"
check "the work tree is clean after the run" sh -c '[ -z "$(git status --porcelain)" ]'

step "audit"
expect_exit 0 "audit the slurm run" "$PREREG" audit t-slurm
expect_out "the run is anchored" "$run.*anchored"

step "unknown partition"
mkdir -p experiments/t-slurm-nope
sed 's/^partition = gpuA, gpuB/partition = nope, gpuB/' \
	experiments/t-slurm/experiment.ini >experiments/t-slurm-nope/experiment.ini
git add experiments && git commit -q -m "t-slurm-nope"
"$PREREG" predict t-slurm-nope >/dev/null && "$PREREG" pin t-slurm-nope >/dev/null
expect_exit 2 "an unknown partition is refused before submitting" \
	"$PREREG" run t-slurm-nope --launcher slurm --quick
expect_out "it names the partition" "unknown partition 'nope'"
check "nothing was submitted" sh -c '[ ! -d runs/t-slurm-nope ]'
PATH=/nonexistent expect_exit 2 "without Slurm's commands on PATH, refused" \
	"$PREREG" run t-slurm --launcher slurm --quick
expect_out "it says what is missing" "'sbatch' not found on PATH"
check "and runs nothing" sh -c "[ \$(ls runs/t-slurm | grep -vc ledger) = $nruns ]"

step "failing job"
# transport default names no pml, so a bogus one in the environment
# (sbatch passes it on) breaks MPI_Init in every task
mkdir -p experiments/t-slurm-bad
cat >experiments/t-slurm-bad/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = a job whose ranks fail is a failed run
workload = pingpong
budget_s = 5
[shape]
min_bytes = 8
max_bytes = 64
factor = 4
[ranks]
group = cpu*1, cpu*1
[factors]
transport = default
[schedule]
launches = 1
reps = 1
warmup = 0
[slurm]
partition = gpuA, gpuB
time = 5
INI
git add experiments && git commit -q -m "t-slurm-bad"
"$PREREG" predict t-slurm-bad >/dev/null && "$PREREG" pin t-slurm-bad >/dev/null
OMPI_MCA_pml=no-such-pml expect_exit 1 "a failing job fails the run" \
	"$PREREG" run t-slurm-bad --launcher slurm
expect_out "it says how each component of the job ended" \
	"Slurm job [0-9]+ did not complete: component 0 \(gpuA on n1\) FAILED, exit code [0-9]+:[0-9]+, reason [A-Za-z]+; component 1 \(gpuB on n2\) FAILED"
run=$(ls runs/t-slurm-bad 2>/dev/null | grep -v ledger | head -n 1)
dir=runs/t-slurm-bad/$run
check "its ledger line says failed" \
	grep -q '"status":"failed"' runs/t-slurm-bad/ledger.jsonl
# Its tasks fail in MPI_Init, and the step can end before the batch
# script's watchdog first asks squeue for it: when srun then hangs
# (Slurm 22.05's mpi/pmix), a status a task wrote says the step started,
# and the watchdog kills srun after 3 looks and 10 s' grace: 17 s here,
# where waiting for "never listed in 30 s" took 45-48 s (2 of 10 runs)
check "the job ended by itself within 30 s, not at prereg's timeout" mf "
s = m['launches'][0]['slurm']
assert s['submit_to_done_s'] < 30, s"
check "the manifest keeps the job: component 0 FAILED, with its reason" mf "
c = m['launches'][0]['slurm']['components'][0]
assert c['state'] == 'FAILED', c
assert c['reason'] and c['reason'] != 'None', c"
check "the failed run is committed with its batch script" \
	git ls-files --error-unmatch "$dir/manifest.json" "$dir/slurm.sh"
step "workload command"
# an MPI program prereg did not write, as a het job over both partitions,
# timed through the profiling library preloaded into it alone
mkdir -p bin experiments/t-slurm-cmd
cp "$BIN/tests/mpi/pmpi_check" bin/pmpi_check
cat >experiments/t-slurm-cmd/experiment.ini <<INI
[experiment]
kind = calibration
claim = an outside program's Allreduce calls under Slurm
workload = command
budget_s = 60
[ranks]
group = cpu*1, cpu*1
[factors]
transport = tcp
[schedule]
launches = 1
warmup = 0
[command]
argv = bin/pmpi_check $SCRATCH/self 3
ops = allreduce
[slurm]
partition = gpuA, gpuB
time = 5
INI
git add bin experiments && git commit -q -m "t-slurm-cmd"
"$PREREG" predict t-slurm-cmd >/dev/null && "$PREREG" pin t-slurm-cmd >/dev/null
expect_exit 0 "dry run of a command under slurm" \
	"$PREREG" run t-slurm-cmd --launcher slurm --dry-run
expect_out "each task runs the program in its launch's directory, the library preloaded into it" \
	'cd "\$CWD" && LD_PRELOAD=\$PREREG_PRELOAD "\$@"'
expect_out "the sbatch line names the library, its record and the program" \
	"slurm.sh PREFIX.cwd PREFIX.rc [0-9]+ .*PREREG_PRELOAD=.*/libprereg-pmpi.so PREREG_PMPI_OUT=PREFIX.pmpi PREREG_PMPI_OPS=allreduce .*/bin/pmpi_check $SCRATCH/self 3$"
slurm_run "a command runs under slurm" \
	"$PREREG" run t-slurm-cmd --launcher slurm
run=$(ls runs/t-slurm-cmd 2>/dev/null | grep -v ledger | tail -n 1)
dir=runs/t-slurm-cmd/$run
check "one job of two components, gpuA on n1 and gpuB on n2" mf "
(l,) = m['launches']
c = sorted(l['slurm']['components'], key=lambda c: c['index'])
assert [(x['partition'], x['nodes'], x['state']) for x in c] == \
    [('gpuA', 'n1', 'COMPLETED'), ('gpuB', 'n2', 'COMPLETED')], c"
check "each rank's Allreduce calls are the samples, as the program made them" python3 -c "
import csv, gzip
rows = list(csv.DictReader(gzip.open('$dir/timings.csv.gz', 'rt')))
ar = [r for r in rows if r['phase'] == 'allreduce']
assert sorted({r['rank'] for r in ar}) == ['0', '1'], rows[:3]
assert len(ar) == len(rows) and len(ar) % 2 == 0 and len(ar) >= 6, len(ar)
mine = [l.split() for l in open('$SCRATCH/self.rank-0') if l.startswith('allreduce')]
assert len(mine) * 2 == len(ar), (len(mine), len(ar))
"
check "the profiling library went into the program alone, not srun's bash" sh -c \
	"! grep -q 'export LD_PRELOAD' '$dir/slurm.sh' && grep -q 'LD_PRELOAD=\$PREREG_PRELOAD \"\$@\"' '$dir/slurm.sh'"
expect_exit 0 "audit the command run under slurm" "$PREREG" audit t-slurm-cmd
expect_out "the run is anchored" "$run.*anchored"
step done
echo "1..$n"
