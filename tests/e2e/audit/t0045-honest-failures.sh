#!/bin/sh
# t0045: honest failures audit clean (I3): a run whose every launch failed
# (no sample: its archive is the header alone), one whose first launch
# completed and whose next failed, one interrupted before any sample and
# one whose prereg was killed before any sample and recovered: each is
# recorded, archived, ledgered and committed, and the audit grades it
# anchored with its status, never broken. The failures are made to happen
# where they must (a config whose pml does not exist, the schedule's order
# checked before the run), not left to timing.
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-allfail experiments/t-later
# config 'default' passes no --mca pml, so a bogus pml in the environment
# breaks it; config 'vader' names its pml and still runs
sed 's/transport = vader, tcp/transport = default/' \
	experiments/t-calib/experiment.ini >experiments/t-allfail/experiment.ini
sed 's/transport = vader, tcp/transport = vader, default/; s/launches = 2/launches = 1/' \
	experiments/t-calib/experiment.ini >experiments/t-later/experiment.ini
git add experiments && git commit -q -m "failing experiments"
for e in t-allfail t-later t-calib; do
	"$PREREG" predict $e >/dev/null && "$PREREG" pin $e >/dev/null
done

# runinfo EXPERIMENT: "status rows launches" of its newest run, then the
# lines of its archive
runinfo() {
	r=$(ls runs/$1 | grep -v ledger | tail -n 1)
	python3 - "runs/$1/$r/manifest.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
print(m["status"], m["archive"]["rows"], len(m["launches"]))
PY
	echo "zcat=$(zcat "runs/$1/$r/timings.csv.gz" | wc -l)"
}
# graded EXPERIMENT STATUS: the audit grades each of its runs anchored
# with STATUS, every check PASS
graded() {
	"$PREREG" audit --json "$1" >"$SCRATCH/audit.json" 2>&1
	rc=$?
	got=$(python3 - "$SCRATCH/audit.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
for r in j["runs"]:
    bad = [c["check"] for c in r["checks"] if c["result"] != "PASS"]
    print(r["status"], r["grade"], ",".join(bad) or "all-pass")
PY
)
	if [ $rc = 0 ] && [ -n "$got" ] &&
		[ -z "$(echo "$got" | grep -v "^$2 anchored all-pass$")" ]; then
		ok "the $2 runs of $1 audit clean: $(echo "$got" | tr "\n" ";")"
	else
		not_ok "the $2 run of $1: exit $rc, $got"
		sed 's/^/#   /' "$SCRATCH/audit.json" | grep -B1 -A1 FAIL
	fi
}

# every launch failed: the first launch of the one config fails, which
# ends the run before any sample
OMPI_MCA_pml=no-such-pml expect_exit 1 "a run whose every launch fails exits 1" \
	"$PREREG" run t-allfail --launches 2 --reps 2
info=$(runinfo t-allfail)
check "it is recorded failed with one launch, no row, the header alone" \
	[ "$info" = "failed 0 1
zcat=1" ]
check "it has its ledger line" grep -q '"status":"failed"' runs/t-allfail/ledger.jsonl
check "it is committed" sh -c "git log -1 --format=%s | grep -q 't-allfail.*(failed)'"
graded t-allfail failed

# the first launch completes, the next fails: the order of the configs is
# the pin's, so pin again (a new claim) until vader comes first
tries=0
while "$PREREG" run t-later --dry-run 2>/dev/null |
	grep -q '^\[0\] launch 0 config 1 ' && [ $tries -lt 30 ]; do
	tries=$((tries + 1))
	sed -i "s/^claim = .*/claim = pinned again $tries/" \
		experiments/t-later/experiment.ini
	git commit -q -am "t-later claim $tries"
	"$PREREG" predict t-later >/dev/null && "$PREREG" pin t-later >/dev/null
done
check "the pinned order launches the config that runs first" sh -c \
	"'$PREREG' run t-later --dry-run 2>/dev/null | grep -q '^\[0\] launch 0 config 0 '"
OMPI_MCA_pml=no-such-pml expect_exit 1 "a run whose second launch fails exits 1" \
	"$PREREG" run t-later --reps 2
info=$(runinfo t-later)
# 3 reps x 10 sizes x (2 pingpong + 2 sendrecv + 2 reduce_local)
check "it keeps the first launch's 180 rows and both launch records" \
	[ "$info" = "failed 180 2
zcat=181" ]
graded t-later failed

# interrupted before any sample: SIGINT while the first launch runs (its
# ranks are up, its record is not), long enough not to end before that
mkdir -p "$SCRATCH/tmp"
TMPDIR="$SCRATCH/tmp" "$PREREG" run t-calib --launches 1 --reps 400 \
	>"$SCRATCH/int.out" 2>&1 &
pid=$!
wait_for "runs/t-calib/*/.work-*/*"
wait_ranks "$(pwd -P)/runs/t-calib"
if ls runs/t-calib/*/launch-0000.json >/dev/null 2>&1; then
	not_ok "the first launch ended before its ranks were seen"
else ok "SIGINT comes while the first launch runs"; fi
kill -INT $pid
wait $pid
rc=$?
if [ $rc = 1 ]; then ok "the interrupted run exits 1"; else not_ok "interrupted: exit $rc"; fi
info=$(runinfo t-calib)
check "it is recorded interrupted with no row" sh -c \
	"echo '$info' | head -n 1 | grep -q '^interrupted 0 ' &&
	 echo '$info' | grep -q '^zcat=1$'"
graded t-calib interrupted

# killed before any sample, then recovered: interrupted, with its note
"$PREREG" run t-calib --launches 1 --reps 400 >"$SCRATCH/kill.out" 2>&1 &
pid=$!
wait_for "runs/t-calib/*/.work-*/*"
kill -KILL $pid
wait $pid 2>/dev/null
# its mpirun gets SIGTERM as prereg dies (PR_SET_PDEATHSIG); the lock
# dies with prereg
expect_exit 0 "prereg recover records the killed run" \
	"$PREREG" recover t-calib --wait
info=$(runinfo t-calib)
check "it is recorded interrupted with no row" sh -c \
	"echo '$info' | head -n 1 | grep -q '^interrupted 0 ' &&
	 echo '$info' | grep -q '^zcat=1$'"
check "it carries the recovered note" sh -c \
	"grep -q '\"recovered\"' runs/t-calib/\$(ls runs/t-calib | grep -v ledger | tail -n 1)/manifest.json"
graded t-calib interrupted
echo "1..$n"
