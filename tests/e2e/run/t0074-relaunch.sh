#!/bin/sh
# t0074: [schedule] relaunch = N (0 to 3, pinned with the spec): a launch
# that fails is launched again, at most N times, each failed attempt kept
# in the launch's record (exit status, times, log tail); with none left the
# run fails as before. The audit passes a run whose launches were
# relaunched as its pin allows and fails one whose record holds more
# attempts than the pin's spec allows, or an attempt that did not fail.
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p bin
# flaky.sh FAILS STATE: rank 0 fails (exit 3) its first FAILS launches,
# counted in the file STATE, then prints a figure
cat >bin/flaky.sh <<'SH'
#!/bin/sh
[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0
n=$(($(cat "$2" 2>/dev/null || echo 0) + 1))
echo "$n" >"$2"
[ "$n" -gt "$1" ] || { echo "flaky: attempt $n fails" >&2; exit 3; }
echo "latency: 1.5 us"
SH
chmod +x bin/flaky.sh
git add bin && git commit -q -m flaky.sh

# flaky NAME FAILS RELAUNCH: experiment NAME runs flaky.sh with FAILS, its
# [schedule] relaunch RELAUNCH (none when empty); committed and pinned
flaky() {
	mkdir -p "experiments/$1"
	printf '%s\n' '[experiment]' 'kind = calibration' 'claim = x' \
		'workload = command' '[ranks]' 'group = cpu*2' '[schedule]' \
		'launches = 1' 'warmup = 0' ${3:+"relaunch = $3"} '[command]' \
		"argv = bin/flaky.sh $2 $SCRATCH/state-$1" 'pmpi = no' \
		'fom.lat = ^latency: (?<value>[0-9.]+) (?<unit>us)$' \
		>"experiments/$1/experiment.ini"
	git add "experiments/$1" && git commit -q -m "$1"
	"$PREREG" predict "$1" >/dev/null 2>&1 && "$PREREG" pin "$1" >/dev/null 2>&1
}
# record NAME PYTHON: PYTHON holds of r, the only launch record of NAME's
# only run
record() {
	python3 - "$1" "$2" <<'PY'
import glob, json, sys
(path,) = glob.glob("runs/%s/*/manifest.json" % sys.argv[1])
(r,) = json.load(open(path))["launches"]
assert eval(sys.argv[2]), r
PY
}

# ---- the key, at parse: 0 to 3 ----
flaky t-four 0 4
expect_exit 2 "relaunch = 4 is refused" "$PREREG" predict t-four
expect_out "naming the key and its range" "relaunch.*3"
flaky t-three 0 3
expect_exit 0 "relaunch = 3 is taken" "$PREREG" run t-three

# ---- one failure, one relaunch allowed: the run completes ----
flaky t-once 1 1
expect_exit 0 "--dry-run" "$PREREG" run t-once --dry-run
expect_out "states the rule" \
	"a launch that fails is launched again, at most 1 time \(\[schedule\] relaunch = 1\)"
expect_exit 0 "a launch that fails once, with relaunch = 1, completes" \
	"$PREREG" run t-once
expect_out "saying it launches it again" \
	"launch 0, config 0 failed \(exit status [1-9][0-9]*\): launching it again, attempt 2 of 2 \(\[schedule\] relaunch = 1"
check "the record keeps the failed attempt, with its status and output" \
	record t-once "len(r['attempts']) == 1 and r['attempts'][0]['exit_status'] != 0 and 'attempt 1 fails' in r['attempts'][0]['log_tail'] and r['exit_status'] == 0 and r['ranks'] is not None"
expect_exit 0 "the audit passes it" "$PREREG" audit --json t-once
expect_out "and its schedule check says a launch was launched again" \
	"1 launched again after failed attempts, as the pin's \[schedule\] relaunch allows"

# the repository as it is now, the run of t-once its HEAD: the forgeries
# below start from it
cp -a "$SCRATCH/repo" "$SCRATCH/forged"
expect_exit 0 "analyze reads the run" "$PREREG" analyze t-once
check "its report's conclusion says a launch was launched again" grep -q \
	"; 1 launch launched again after failed attempts (\[schedule\] relaunch)" \
	analysis/t-once/report.md
check "and its JSON's conclusion counts it" sh -c "
	'$PREREG' analyze t-once --json 2>/dev/null | python3 -c '
import json, sys
(r,) = json.load(sys.stdin)[\"runs\"]
assert r[\"conclusion\"][\"relaunched\"] == 1, r[\"conclusion\"]
'"

# ---- more failures than relaunches: the run fails ----
flaky t-twice 2 1
expect_exit 1 "a launch that fails twice, with relaunch = 1, fails the run" \
	"$PREREG" run t-twice
check "its record holds the first attempt and the second's status" \
	record t-twice "len(r['attempts']) == 1 and r['exit_status'] != 0 and r['ranks'] is None"
flaky t-none 1
expect_exit 1 "without relaunch, one failure fails the run" \
	"$PREREG" run t-none
check "and no attempt is recorded" record t-none "'attempts' not in r"

# ---- forgeries the audit alone catches (the ledger and commit made to
# agree) ----
cd "$SCRATCH/forged" || exit 1
run=$(ls runs/t-once | grep -v ledger)
forge() {
	forge_manifest "runs/t-once/$run/manifest.json" runs/t-once/ledger.jsonl \
		"$run" "$1"
}
# schedule_alone: the audit's checks of t-once's run all PASS but schedule,
# which FAILs (a check it does not apply to is n/a)
schedule_alone() {
	"$PREREG" audit --json t-once >"$SCRATCH/audit.json" 2>/dev/null
	python3 - "$SCRATCH/audit.json" "$run" <<'PY'
import json, sys
(r,) = [r for r in json.load(open(sys.argv[1]))["runs"]
        if r["run_id"] == sys.argv[2]]
bad = {c["check"]: c["result"] for c in r["checks"]
       if c["result"] not in ("PASS", "n/a")}
assert bad == {"schedule": "FAIL"}, bad
PY
}
forge "m['launches'][0]['attempts'][0]['exit_status'] = 0"
expect_exit 1 "an attempt that succeeded, launched again: audit fails" \
	"$PREREG" audit t-once
expect_out "its schedule check says why" \
	"attempts\[0\] did not fail \(exit status 0, not timed out\): a launch that succeeded was launched again"
check "the schedule check alone fails" schedule_alone
forge "m['launches'][0]['attempts'][0]['exit_status'] = 3; m['launches'][0]['attempts'].append(dict(m['launches'][0]['attempts'][0]))"
expect_exit 1 "two failed attempts where the pin allows one: audit fails" \
	"$PREREG" audit t-once
expect_out "naming the count and the pinned rule" \
	"launches\[0\] was launched 3 times, the pin's spec allows 2 \(\[schedule\] relaunch = 1\)"
check "the schedule check alone fails" schedule_alone
echo "1..$n"
