#!/bin/sh
# t0072: a Slurm controller that restarts while a launch's job runs does
# not fail the launch. slurmctld goes down for 40 s while a job of about
# 50 s runs. A squeue that cannot reach it retries for about 18 s, then
# fails ("Unable to contact slurm controller", exit 1); one that began
# just before the controller went down may end without failing, so 40 s
# make sure that the next one fails. prereg must ask again, not take the
# failure for the end of the job (it did, and then read the job's state
# as RUNNING: a failed launch of a job that went on to complete). A job
# that never becomes known again still fails its launch, after 90 s (not
# tested here).
# prereg-test: holds slurm (it restarts the local Slurm's controller)
# prereg-test: long (it waits on its job, using almost no CPU: not alone)
# prereg-test: idle (so it takes no job slot)
. "$(dirname "$0")/../lib.sh"
slurm=$TOP/tests/slurm/local.sh

need_slurm gpuA gpuB
# slurmctld up however the test ends
trap 'scontrol ping >/dev/null 2>&1 || slurmctld; rm -rf "$SCRATCH"' EXIT

new_repo "$SCRATCH/repo"
# a job of about 50 s that uses no CPU (a program that sleeps, run by
# workload command on two nodes: a ring of waiting MPI ranks would spin a
# core for all of it)
mkdir -p experiments/t-ctld
cat >experiments/t-ctld/job.sh <<'SH'
sleep 50
echo "slept 50 s"
SH
cat >experiments/t-ctld/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = a launch outlives a controller that stops answering for a while
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
argv = sh experiments/t-ctld/job.sh
pmpi = no
fom.t = slept (?<value>[0-9]+) (?<unit>s)
[slurm]
partition = gpuA, gpuB
time = 5
INI
git add experiments && git commit -q -m "t-ctld"
"$PREREG" predict t-ctld >/dev/null && "$PREREG" pin t-ctld >/dev/null

# the ranks reach each other over loopback (sbatch passes this on)
OMPI_MCA_btl_tcp_if_include=lo "$PREREG" run t-ctld --launcher slurm \
	>"$SCRATCH/run.out" 2>&1 &
pid=$!
# once the job's step runs, the controller is down for 40 s
i=0
until squeue -h -s -o %i 2>/dev/null | grep -q '\.0$'; do
	i=$((i + 1))
	[ $i -lt 300 ] || break
	sleep 0.1
done
expect_exit 0 "slurmctld down for 40 s while the job ran" \
	bash "$slurm" restart-ctld 40
wait $pid
rc=$?
cp "$SCRATCH/run.out" "$SCRATCH/out"
if [ "$rc" = 0 ]; then ok "the run ends well (exit 0)"; else
	not_ok "the run ends well: exit $rc, expected 0; $(grep -m1 'prereg: ' "$SCRATCH/out")"
	sed 's/^/#   /' "$SCRATCH/out" | tail -n 20
fi
expect_out "squeue failed meanwhile, and prereg asked again" \
	"squeue failed \(exit status 1\) while job [0-9]+ ran; asking again"
run=$(ls runs/t-ctld | grep -v ledger | head -n 1)
check "the job's two components COMPLETED, as the manifest records" \
	python3 -c "
import json
m = json.load(open('runs/t-ctld/$run/manifest.json'))
(l,) = m['launches']
c = l['slurm']['components']
assert [x['state'] for x in c] == ['COMPLETED', 'COMPLETED'], c
assert 'unanswered' not in l['slurm'], l['slurm']
assert l['slurm']['submit_to_done_s'] > 50, l['slurm']
"
expect_exit 0 "the run audits" "$PREREG" audit t-ctld
echo "1..$n"
