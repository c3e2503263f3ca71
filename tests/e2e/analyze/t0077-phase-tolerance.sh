#!/bin/sh
# t0077: [analysis] reproduce_tolerance PHASE:T gives one phase a
# tolerance of its own, in place of its class's. A run compared with
# itself under tolerances too tight for any interval (compute and comm
# 0.0001) is REPRODUCED on no row; with sendrecv:10 its sendrecv rows
# (and only they) are REPRODUCED; compare prints and records the phase's
# tolerance; `prereg pin` prints the phase's line and warns of a phase
# that neither a cell nor the last run has (a misspelling).
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-tol
spec() { # TOLERANCES
	cat >experiments/t-tol/experiment.ini <<INI
[experiment]
kind = calibration
claim = one-way, ring-step and reduction times of small messages
workload = pingpong
budget_s = 60
[shape]
min_bytes = 8
max_bytes = 512
factor = 8
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 6
reps = 3
warmup = 1
[analysis]
reproduce_tolerance = $1
INI
	git add experiments && git commit -q -m "t-tol: $1"
	"$PREREG" predict t-tol >/dev/null 2>&1
}
# count RUN PHASE VERDICT: rows of `compare RUN RUN` of that phase and
# verdict
count() {
	"$PREREG" compare "$1" "$1" --json | python3 -c '
import json, sys
c = json.load(sys.stdin)
print(sum(1 for x in c["cells"] if x["phase"] == sys.argv[1]
          and x["verdict"] == sys.argv[2]))' "$2" "$3"
}

spec "compute:0.0001, comm:0.0001"
expect_exit 0 "pin without a phase of its own" "$PREREG" pin t-tol
expect_exit 0 "run it" "$PREREG" run t-tol
tight=$(ls runs/t-tol | grep -v ledger)
check "compared with itself: no sendrecv row REPRODUCED (comm 0.0001)" \
	test "$(count "$tight" sendrecv REPRODUCED)" = 0
check "and some sendrecv rows to judge" \
	test "$(count "$tight" sendrecv INCONCLUSIVE)" -gt 0

spec "compute:0.0001, comm:0.0001, sendrecv:10, sendrcv:2"
expect_exit 0 "pin with sendrecv:10 (and a misspelt phase)" \
	"$PREREG" pin t-tol
expect_out "pin prints the phase's own line" \
	"^  phase sendrecv: .*run $tight against itself needs [0-9.e-]+; pinned 10$"
expect_out "and warns of the phase no cell and no run has" \
	"names phase 'sendrcv', which no cell of the prediction has nor run $tight recorded: is it misspelt\?"
expect_exit 0 "run it" "$PREREG" run t-tol
own=$(ls runs/t-tol | grep -v ledger | grep -v "^$tight$")
reproduced=$(count "$own" sendrecv REPRODUCED)
check "compared with itself: every sendrecv row REPRODUCED" \
	test "$reproduced" -gt 0 -a "$(count "$own" sendrecv INCONCLUSIVE)" = 0
check "the pingpong rows keep comm's 0.0001: none REPRODUCED" \
	test "$(count "$own" pingpong REPRODUCED)" = 0
check "nor the reduce_local rows (compute 0.0001)" \
	test "$(count "$own" reduce_local REPRODUCED)" = 0
expect_exit 0 "compare --json" "$PREREG" compare "$own" "$own" --json
cp "$SCRATCH/out" "$SCRATCH/compare.json"
check "its tolerance names the phase's" python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["tolerance"]
assert t["phases"] == {"sendrecv": 10, "sendrcv": 2}, t
assert t["comm"] == 0.0001, t' "$SCRATCH/compare.json"
expect_exit 0 "compare" "$PREREG" compare "$own" "$own"
expect_out "its page says so" \
	"comm 0.0001 \(B/A in \[1.00, 1.00\]\), phase sendrecv 10 \(B/A in \[0.0909, 11.0\]\)"
echo "1..$n"
