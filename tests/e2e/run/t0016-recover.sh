#!/bin/sh
# t0016: SIGKILL of prereg mid-run loses nothing: the completed launches
# are in the run directory, audit and list say so, 'prereg recover'
# records the run (manifest, archive, ledger line, commit) and the audit
# grades it anchored; a run killed before its first launch is recorded too
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
fixture pinned "$SCRATCH/repo"

"$PREREG" run t-calib --launches 40 >"$SCRATCH/run.out" 2>&1 &
pid=$!
wait_for 'runs/t-calib/*/launch-0002.json'
kill -KILL $pid
wait $pid 2>/dev/null
run=$(ls runs/t-calib)
dir=runs/t-calib/$run
kept=$(ls $dir | grep -c '^launch-.*\.json$')
rows=$(cat $dir/launch-*.csv | wc -l)
check "the completed launches are in the run directory" sh -c \
	"[ $kept -ge 3 ] && [ \$(ls $dir | grep -c '^launch-.*\\.csv$') -ge 3 ]"
check "with the run's state, and no ledger line yet" sh -c \
	"[ -f $dir/run-state.json ] && [ ! -e runs/t-calib/ledger.jsonl ]"
i=0
while [ $i -lt 100 ] && pgrep -f "$dir/[.]work-" >/dev/null; do
	sleep 0.1; i=$((i + 1)); done
check "the launch prereg was running died with it" sh -c "! pgrep -f '$dir/[.]work-' >/dev/null"
expect_exit 0 "the audit does not grade the unfinished run" "$PREREG" audit t-calib
expect_out "it tells the user to recover it" \
	"runs/t-calib/$run is not audited: its prereg ended before recording it; 'prereg recover t-calib' records it"
expect_out "and counts no run" "^0 runs"
expect_exit 0 "list works" "$PREREG" list
expect_out "list shows the unfinished run" "t-calib.*1 unfinished \\(prereg recover t-calib\\)"
expect_exit 0 "prereg recover records it" "$PREREG" recover t-calib
expect_out "it says what it kept" "recovering $dir: $kept of 80 launches kept, recording it as interrupted"
expect_out "and how many runs" "^1 run recovered"
check "the manifest says interrupted, why, and that it was recovered" python3 -c "
import json; m = json.load(open('$dir/manifest.json'))
assert m['status'] == 'interrupted', m['status']
assert 'pid $pid' in m['reason'] and 'ended after $kept of 80 launches' in m['reason'], m['reason']
assert m['recovered']['by'] == 'prereg recover' and m['recovered']['lost_pid'] == $pid
assert m['recovered']['launches_kept'] == $kept and len(m['launches']) == $kept"
check "the archive holds every sample of the kept launches" sh -c \
	"[ \$(zcat $dir/timings.csv.gz | tail -n +2 | wc -l) = $rows ]"
check "only the manifest and the archive are left in the run directory" sh -c \
	"[ \"\$(ls -A $dir | tr '\\n' ' ')\" = 'manifest.json timings.csv.gz ' ]"
check "the ledger has its line, status interrupted" \
	grep -q "\"run_id\":\"$run\",\"status\":\"interrupted\"" runs/t-calib/ledger.jsonl
check "the run is committed" sh -c \
	"git log -1 --format=%s | grep -q '^prereg run t-calib $run (interrupted)'"
check "the work tree is clean" sh -c "[ -z \"\$(git status --porcelain)\" ]"
expect_exit 0 "the audit passes" "$PREREG" audit t-calib
expect_out "the recovered run is anchored" "^1 runs: 1 anchored"
# an interrupted run whose recording failed (its ledger cannot be read)
# is recovered as interrupted, not as failed
"$PREREG" run t-calib --launches 40 >"$SCRATCH/int.out" 2>&1 &
pid=$!
wait_for "runs/t-calib/*/launch-0001.json"
mv runs/t-calib/ledger.jsonl "$SCRATCH/ledger.jsonl"
mkdir runs/t-calib/ledger.jsonl
kill -INT $pid
wait $pid
rc=$?
rmdir runs/t-calib/ledger.jsonl
mv "$SCRATCH/ledger.jsonl" runs/t-calib/ledger.jsonl
check "the interrupted run could not be recorded (exit 1, launches kept)" sh -c \
	"[ $rc = 1 ] && ls runs/t-calib/*/run-state.json >/dev/null"
int=$(dirname "$(ls runs/t-calib/*/run-state.json)")
check "its run-state.json says a signal stopped it" python3 -c "
import json; assert json.load(open('$int/run-state.json'))['stopped'] is True"
# the signal as if it came between two launches: no launch record says
# \"stopped\" (the one it cut short is removed), only run-state.json does
python3 -c "
import glob, json, os
for f in glob.glob('$int/launch-*.json'):
    if json.load(open(f)).get('stopped'):
        os.remove(f)" || exit 1
# recover commits: not on a detached HEAD
git checkout -q --detach
expect_exit 3 "recover refuses to commit on a detached HEAD" "$PREREG" recover t-calib
expect_out "it says why" "cannot recover $int: HEAD is detached"
git checkout -q main
expect_exit 0 "on the branch it recovers" "$PREREG" recover t-calib
expect_out "as interrupted" "recovering $int: .* recording it as interrupted"
check "the manifest says a signal interrupted it" python3 -c "
import json; m = json.load(open('$int/manifest.json'))
assert m['status'] == 'interrupted', m['status']
assert 'signal' in m['reason'], m['reason']"
expect_exit 0 "a second recover finds nothing" "$PREREG" recover
expect_out "and says so" "^0 runs recovered"

# killed before its first launch completed
"$PREREG" run t-calib --launches 40 >"$SCRATCH/run2.out" 2>&1 &
pid=$!
wait_for 'runs/t-calib/*/run-state.json'
kill -KILL $pid
wait $pid 2>/dev/null
run2=$(ls runs/t-calib | grep -v "ledger\|$run")
expect_exit 0 "the next run records it before starting" \
	"$PREREG" run t-calib --launches 1 --reps 1
expect_out "it says so" "recovering runs/t-calib/$run2"
check "the killed run is in the ledger" grep -q "\"run_id\":\"$run2\"" runs/t-calib/ledger.jsonl
expect_exit 0 "the audit passes" "$PREREG" audit t-calib
expect_out "all four runs anchored" "^4 runs: 4 anchored"
echo "1..$n"
