#!/bin/sh
# t0006: prereg audit on honest runs (all anchored), then on copies broken
# in every way a reviewer worries about: each must be caught with a FAIL of
# the check that names the cause
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
base=$SCRATCH/base
new_repo "$base"
mkdir -p experiments/t-fail
sed 's/transport = vader, tcp/transport = vader, default/' \
	experiments/t-calib/experiment.ini >experiments/t-fail/experiment.ini
git add experiments/t-fail && git commit -q -m "t-fail"
for e in t-calib t-fail; do
	"$PREREG" predict $e >/dev/null && "$PREREG" pin $e >/dev/null
done
"$PREREG" run t-calib --quick >/dev/null 2>&1
OMPI_MCA_pml=no-such-pml "$PREREG" run t-fail --launches 1 --reps 2 \
	>/dev/null 2>&1
run=$(ls runs/t-calib | grep -v ledger)
failed=$(ls runs/t-fail | grep -v ledger)

# verdict EXPERIMENT RUNID CHECK: the result of one check (or "none")
verdict() {
	python3 - "$SCRATCH/audit.json" "$1" "$2" "$3" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
for r in j["runs"]:
    if r["experiment"] == sys.argv[2] and r["run_id"] == sys.argv[3]:
        for c in r["checks"]:
            if c["check"] == sys.argv[4]:
                print(c["result"]); sys.exit(0)
print("none")
PY
}
grade() {
	python3 - "$SCRATCH/audit.json" "$1" "$2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print([r["grade"] for r in j["runs"] if r["experiment"] == sys.argv[2]
       and r["run_id"] == sys.argv[3]] or ["none"])
PY
}
audit() { # run the audit of the current repo into audit.json; exit status
	"$PREREG" audit --json >"$SCRATCH/audit.json" 2>"$SCRATCH/audit.err"
}
# caught DESC EXPERIMENT RUNID CHECK: audit exits 1 and CHECK FAILs
caught() {
	d=$1 e=$2 r=$3 c=$4
	audit
	rc=$?
	v=$(verdict "$e" "$r" "$c")
	if [ $rc = 1 ] && [ "$v" = FAIL ]; then ok "$d: $c FAIL"; else
		not_ok "$d: exit $rc, $c $v"
		sed 's/^/#   /' "$SCRATCH/audit.json" | grep -B2 -A2 FAIL | head -n 30
	fi
}
# fresh NAME: a copy of the honest repo to break
fresh() {
	rm -rf "$SCRATCH/$1"
	cp -a "$base" "$SCRATCH/$1"
	cd "$SCRATCH/$1" || exit 1
}

audit
rc=$?
if [ $rc = 0 ]; then ok "the honest repo audits clean"; else
	not_ok "the honest repo: exit $rc"; cat "$SCRATCH/audit.err"; fi
check "the complete run is anchored" sh -c \
	"[ \"\$(cd '$base' && true; python3 -c \"import json;print([r['grade'] for r in json.load(open('$SCRATCH/audit.json'))['runs'] if r['run_id']=='$run'][0])\")\" = anchored ]"
check "the failed run is audited too, with its status" sh -c \
	"python3 -c \"import json;r=[r for r in json.load(open('$SCRATCH/audit.json'))['runs'] if r['run_id']=='$failed'][0];assert r['status']=='failed' and r['grade']=='anchored', r\""
expect_exit 0 "the table for people" "$PREREG" audit
expect_out "it sums up" "runs: .*anchored"

fresh edited
echo '{"experiment": "t-calib", "cells": []}' >predictions/t-calib.json
git commit -q -am "a better prediction, after the fact"
caught "prediction edited and recommitted after the run" t-calib "$run" blobs

fresh backdated
pin1=$(git rev-parse prereg/pin/t-calib/1^{commit})
printf '{"experiment": "t-calib", "cells": [], "note": "new"}\n' \
	>predictions/t-calib.json
git add predictions/t-calib.json
GIT_COMMITTER_DATE="2001-01-01T00:00:00Z" GIT_AUTHOR_DATE="2001-01-01T00:00:00Z" \
	git commit -q -m "prereg pin t-calib (2)"
pin2=$(git rev-parse HEAD)
GIT_COMMITTER_DATE="2001-01-01T00:00:00Z" git tag -a -m backdated prereg/pin/t-calib/2
sed -i "s/$pin1/$pin2/; s#prereg/pin/t-calib/1#prereg/pin/t-calib/2#" \
	runs/t-calib/$run/manifest.json
git commit -q -am "point the run at the new pin"
caught "a backdated pin named by an edited manifest (ancestry)" t-calib "$run" pin
caught "a backdated pin named by an edited manifest (seeded order)" t-calib "$run" schedule

fresh copied
cp -r runs/t-fail/$failed runs/t-calib/$failed
git add runs && git commit -q -m "borrow a run"
caught "a run directory copied in from another experiment" t-calib "$failed" manifest

fresh flipped
# the middle byte inverted (writing 0xff there changed nothing when it
# was 0xff already: one run in 256 committed no change at all)
python3 -c "
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
b[len(b) // 2] ^= 0xff
open(p, 'wb').write(b)" runs/t-calib/$run/timings.csv.gz
check "the byte changed" sh -c '! git diff --quiet'
git commit -q -am "one byte"
caught "one byte flipped in timings.csv.gz" t-calib "$run" archive

fresh truncated
truncate -s $(($(stat -c %s runs/t-calib/$run/timings.csv.gz) / 2)) \
	runs/t-calib/$run/timings.csv.gz
git commit -q -am "half an archive"
caught "the archive truncated" t-calib "$run" archive

fresh rank-deleted
a=runs/t-calib/$run/timings.csv.gz
zcat $a | awk -F, 'NR == 1 || $5 != 1' >"$SCRATCH/t.csv"
gzip -c "$SCRATCH/t.csv" >$a
python3 - runs/t-calib/$run/manifest.json "$SCRATCH/t.csv" <<'PY'
import hashlib, json, os, sys
m = json.load(open(sys.argv[1]))
data = open(sys.argv[2], "rb").read()
m["archive"]["sha256"] = hashlib.sha256(data).hexdigest()
m["archive"]["bytes"] = len(data)
m["archive"]["rows"] = data.count(b"\n") - 1
m["archive"]["gz_bytes"] = os.path.getsize(sys.argv[1].replace("manifest.json", "timings.csv.gz"))
open(sys.argv[1], "w").write(json.dumps(m, indent=2, sort_keys=True) + "\n")
PY
git commit -q -am "rank 1 was noisy"
caught "a rank's rows deleted, SHA-256 recomputed in the manifest" t-calib "$run" schedule
caught "... and the edited manifest no longer matches its ledger line" t-calib "$run" ledger

fresh ledger-line
: >runs/t-calib/ledger.jsonl
git commit -q -am "forget an attempt"
caught "a ledger line removed" t-calib "$run" ledger

fresh failed-deleted
git rm -q -r runs/t-fail/$failed
git commit -q -m "nobody needs to see that"
caught "a failed run's directory deleted" t-fail "$failed" ledger

fresh rewritten
runc=$(git log -1 --format=%H -- runs/t-calib/$run/manifest.json)
pin1=$(git rev-parse prereg/pin/t-calib/1^{commit})
tree=$(git rev-parse "$runc^{tree}")
orphan=$(git commit-tree "$tree" -p "$pin1^" -m "prereg run t-calib $run (complete)")
git reset -q --hard "$orphan"
caught "history rewritten: the run no longer descends from its pin" t-calib "$run" pin

fresh status-edited
sed -i 's/"status": "complete"/"status": "failed"/' runs/t-calib/$run/manifest.json
git commit -q -am "relabel"
caught "a manifest's status edited" t-calib "$run" ledger

fresh uncommitted
"$PREREG" run t-calib --quick --no-commit >/dev/null 2>&1
new=$(ls runs/t-calib | grep -v ledger | grep -v "$run")
audit
rc=$?
if [ $rc = 0 ] && [ "$(grade t-calib "$new")" = "['self-asserted']" ]; then
	ok "an uncommitted run is self-asserted, not broken"
else not_ok "uncommitted run: exit $rc, grade $(grade t-calib "$new")"; fi
echo "1..$n"
