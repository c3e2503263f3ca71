#!/bin/sh
# t0003: every attempt counts (I3): a failed launch and an interrupted run
# are archived with the launches they completed, get a ledger line with
# their status, and are committed
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-fail
sed 's/transport = vader, tcp/transport = vader, default/' \
	experiments/t-calib/experiment.ini >experiments/t-fail/experiment.ini
git add experiments/t-fail && git commit -q -m "t-fail"
"$PREREG" predict t-fail >/dev/null && "$PREREG" pin t-fail >/dev/null

# config 'default' passes no --mca pml, so a bogus pml in the environment
# breaks it; config 'vader' names its pml and still runs
OMPI_MCA_pml=no-such-pml expect_exit 1 "a run whose launch fails exits 1" \
	"$PREREG" run t-fail --launches 1 --reps 2
expect_out "it says which launch failed" "launch 0, config 1 failed"
expect_out "it shows mpirun's own words" "launch output"
run=$(ls runs/t-fail | grep -v ledger)
dir=runs/t-fail/$run
check "the failed run has a ledger line marked failed" \
	grep -q "\"run_id\":\"$run\",\"status\":\"failed\"" runs/t-fail/ledger.jsonl
check "the manifest says failed" grep -q '"status": "failed"' $dir/manifest.json
check "the failed run is committed" sh -c \
	"git ls-files --error-unmatch $dir/manifest.json $dir/timings.csv.gz >/dev/null"
ok_launches=$(python3 -c "import json;print(sum(1 for l in json.load(open('$dir/manifest.json'))['launches'] if l['exit_status']==0))")
# per launch: 3 reps x 10 sizes x (2 pingpong + 2 sendrecv + 2 reduce_local)
check "the archive keeps exactly the launches that completed" sh -c \
	"[ \$(zcat $dir/timings.csv.gz | tail -n +2 | wc -l) = \$(( $ok_launches * 180 )) ]"
check "the manifest keeps the failed launch's output" \
	grep -q '"log_tail"' $dir/manifest.json

# an interrupted run: SIGINT while launches remain
"$PREREG" predict t-calib >/dev/null && "$PREREG" pin t-calib >/dev/null
mkdir -p "$SCRATCH/tmp"
TMPDIR="$SCRATCH/tmp" "$PREREG" run t-calib --launches 50 >"$SCRATCH/int.out" 2>&1 &
pid=$!
# once its first launch is kept (prereg run samples the machine for a
# second before it starts, and a busy machine slows the launch)
wait_for "runs/t-calib/*/launch-0000.json"
kill -INT $pid
wait $pid
rc=$?
if [ $rc = 1 ]; then ok "an interrupted run exits 1"; else not_ok "interrupted run exit $rc"; fi
check "the interrupted run has a ledger line marked interrupted" \
	grep -q '"status":"interrupted"' runs/t-calib/ledger.jsonl 
irun=$(ls runs/t-calib | grep -v ledger)
check "the interrupted run kept the launches it completed" sh -c \
	"[ \$(zcat runs/t-calib/$irun/timings.csv.gz | wc -l) -gt 1 ]"
check "the interrupted run is committed" sh -c \
	"git log -1 --format=%s | grep -q 'interrupted'"
check "no rank is left behind" sh -c "! pgrep -f '$SCRATCH/repo/runs/.*/[.]work-' >/dev/null"
check "the ledger of t-fail still chains after more runs" sh -c \
	"[ \$(wc -l <runs/t-fail/ledger.jsonl) = 1 ]"
echo "1..$n"
