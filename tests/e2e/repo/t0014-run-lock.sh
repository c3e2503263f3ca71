#!/bin/sh
# t0014: one run per repository at a time: a second run or repro refuses
# (exit 3) naming the holder, --wait waits, the lock dies with its process;
# 3 x 8 simultaneous attempts leave ledger, run directories and commits in
# agreement, and the audit passes
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
fixture pinned-vader "$SCRATCH/repo"

"$PREREG" run t-calib --launches 40 >"$SCRATCH/long.out" 2>&1 &
long=$!
wait_for 'runs/t-calib/*/launch-0000.json'
holder=$(ls runs/t-calib | grep -v ledger)
expect_exit 3 "a second run refuses while one runs" "$PREREG" run t-calib --quick
expect_out "it names the holder's pid and run id" \
	"another prereg is running in this repository \\(pid $long, run 't-calib' $holder\\)"
expect_out "it says how to wait" "--wait"
expect_exit 3 "repro refuses too" "$PREREG" repro t-calib --quick
expect_exit 3 "recover refuses too" "$PREREG" recover t-calib
check "nothing of the refused ones reached the repository" sh -c \
	"[ \$(ls runs/t-calib | grep -vc ledger) = 1 ] && [ ! -e runs/t-calib/ledger.jsonl ]"
"$PREREG" run t-calib --quick --wait >"$SCRATCH/wait.out" 2>&1 &
waiter=$!
wait_text "$SCRATCH/wait.out" "waiting for the other prereg"
kill -INT $long
wait $long
wait $waiter
rc=$?
if [ $rc = 0 ]; then ok "--wait waits for the holder, then runs"; else
	not_ok "--wait: exit $rc"; sed 's/^/#   /' "$SCRATCH/wait.out"; fi
check "the waiter said whom it waited for" grep -q "waiting for the other prereg (pid $long" "$SCRATCH/wait.out"
check "both runs are in the ledger" sh -c "[ \$(wc -l <runs/t-calib/ledger.jsonl) = 2 ]"

# the lock dies with its process, even a killed one
"$PREREG" run t-calib --launches 40 >"$SCRATCH/killed.out" 2>&1 &
victim=$!
wait_for 'runs/t-calib/*/launch-0000.json'
kill -KILL $victim
wait $victim 2>/dev/null
expect_exit 0 "after SIGKILL of the holder the next run starts" \
	"$PREREG" run t-calib --launches 1 --reps 1
expect_out "and first records the killed run" "recovering runs/t-calib/"

# 8 rounds of 3 simultaneous attempts
before=$(wc -l <runs/t-calib/ledger.jsonl)
: >"$SCRATCH/codes"
round=0
while [ $round -lt 8 ]; do
	for i in 1 2 3; do
		( "$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
		  echo $? >>"$SCRATCH/codes" ) &
	done
	wait
	round=$((round + 1))
done
attempts=$(wc -l <"$SCRATCH/codes")
ran=$(grep -c '^0$' "$SCRATCH/codes")
refused=$(grep -c '^3$' "$SCRATCH/codes")
lines=$(($(wc -l <runs/t-calib/ledger.jsonl) - before))
dirs=$(ls runs/t-calib | grep -vc ledger)
commits=$(git log --format=%s | grep -c '^prereg run t-calib')
echo "# stress: $attempts attempts, $refused refused, $ran ran, $lines new ledger lines, $dirs run directories, $commits run commits"
check "24 attempts, each ran or was refused" sh -c \
	"[ $attempts = 24 ] && [ \$(($ran + $refused)) = 24 ]"
check "at least one run per round" sh -c "[ $ran -ge 8 ]"
check "one ledger line per run that ran" sh -c "[ $lines = $ran ]"
check "ledger lines, run directories and run commits agree" sh -c \
	"[ \$(wc -l <runs/t-calib/ledger.jsonl) = $dirs ] && [ $dirs = $commits ]"
check "no run directory is left unrecorded" sh -c \
	"! ls runs/t-calib/*/run-state.json 2>/dev/null"
expect_exit 0 "the audit passes after the stress" "$PREREG" audit t-calib
expect_out "every run anchored" "^$dirs runs: $dirs anchored, 0 self-asserted, 0 broken"
check "the work tree is clean but for nothing" sh -c "[ -z \"\$(git status --porcelain)\" ]"
echo "1..$n"
