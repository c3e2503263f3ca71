#!/bin/sh
# t0053: pins and runs do not race: a pin made during a run refuses (exit
# 3) naming the run, or waits with --wait and lands after the run's commit;
# a run whose HEAD moved while it ran (a plain git commit) is recorded but
# not committed (exit 3, naming 'prereg recover'), and recover commits it
# on the new HEAD when the pin check still holds there, and refuses when a
# commit changed the prediction meanwhile
. "$(dirname "$0")/../lib.sh"
fixture pinned-vader "$SCRATCH/repo"

# a long run in the background, its pid in $bg once its first launch is in
start_run() {
	"$PREREG" run t-calib --launches 40 >"$SCRATCH/bg.out" 2>&1 &
	bg=$!
	wait_for 'runs/t-calib/*/launch-0000.json'
}

# 1. a pin during a run refuses and names the run
start_run
running=$(ls runs/t-calib | grep -v ledger | while read -r d; do
	[ -e "runs/t-calib/$d/run-state.json" ] && echo "$d"; done)
expect_exit 3 "pin refuses while a run runs" "$PREREG" pin t-calib
expect_out "it names the run holding the lock" \
	"another prereg is running in this repository \\(pid $bg, run 't-calib' $running\\)"
expect_out "it says how to wait" "--wait"
expect_exit 3 "pin --restore-tags refuses too" "$PREREG" pin --restore-tags

# 2. pin --wait waits for the run's commit, then pins on top of it
sed -i 's/^reps = 5$/reps = 6/' experiments/t-calib/experiment.ini
"$PREREG" predict t-calib >/dev/null 2>&1
"$PREREG" pin t-calib --wait >"$SCRATCH/pin.out" 2>&1 &
pinner=$!
if wait_text "$SCRATCH/pin.out" "waiting for the other prereg (pid $bg"; then
	ok "pin --wait says whom it waits for"
else not_ok "pin --wait: $(cat "$SCRATCH/pin.out")"; fi
kill -INT $bg
wait $bg
rc=$?
wait $pinner
prc=$?
check "the run ended by its signal is committed (HEAD did not move)" sh -c \
	"[ $rc = 1 ] && git log --format=%s HEAD~1 -1 | grep -q '^prereg run t-calib $running (interrupted)'"
check "the waiting pin made pin 2 on top of the run's commit" sh -c \
	"[ $prc = 0 ] && [ \"\$(git log --format=%s -1)\" = 'prereg pin t-calib (2)' ]"

# 3. a plain git commit during a run: recorded, not committed, exit 3
start_run
running=$(for d in runs/t-calib/*/run-state.json; do basename "$(dirname "$d")"; done)
git commit -q --allow-empty -m "a commit made during the run"
moved=$(git rev-parse HEAD)
kill -INT $bg
wait $bg
rc=$?
check "a run whose HEAD moved exits 3" [ "$rc" = 3 ]
cp "$SCRATCH/bg.out" "$SCRATCH/out"
expect_out "it says HEAD moved during the run" "cannot commit run $running: HEAD moved during the run"
expect_out "it names prereg recover" "'prereg recover t-calib' commits it"
check "nothing was committed on the moved HEAD" [ "$(git rev-parse HEAD)" = "$moved" ]
check "its data, manifest and ledger line are kept, run-state.json too" sh -c \
	"[ -s runs/t-calib/$running/timings.csv.gz ] && [ -s runs/t-calib/$running/manifest.json ] && grep -q '$running' runs/t-calib/ledger.jsonl && [ -e runs/t-calib/$running/run-state.json ]"
expect_exit 0 "recover commits it on the new HEAD" "$PREREG" recover t-calib
check "... as a child of the commit made during the run" sh -c \
	"[ \"\$(git rev-parse HEAD~1)\" = $moved ] && git log --format=%s -1 | grep -q 'prereg run t-calib $running'"
expect_exit 0 "the audit passes" "$PREREG" audit t-calib
expect_out "every run anchored" "^2 runs: 2 anchored, 0 self-asserted, 0 broken"

# 4. a commit changing the prediction during a run: recover refuses
start_run
running=$(for d in runs/t-calib/*/run-state.json; do basename "$(dirname "$d")"; done)
printf ' ' >>predictions/t-calib.json
git commit -q -am "the prediction changed without a pin"
moved=$(git rev-parse HEAD)
kill -INT $bg
wait $bg
check "the run exits 3" [ $? = 3 ]
expect_exit 3 "recover refuses: the pin check fails on HEAD" "$PREREG" recover t-calib
expect_out "it says why" "cannot recover runs/t-calib/$running: the pin check fails on HEAD"
check "nothing committed, the run left to recover" sh -c \
	"[ \"\$(git rev-parse HEAD)\" = $moved ] && [ -e runs/t-calib/$running/run-state.json ]"
git reset -q --keep HEAD~1
expect_exit 0 "with the change undone, recover commits it" "$PREREG" recover t-calib
expect_exit 0 "the audit passes" "$PREREG" audit t-calib
expect_out "every run anchored" "^3 runs: 3 anchored, 0 self-asserted, 0 broken"
echo "1..$n"
