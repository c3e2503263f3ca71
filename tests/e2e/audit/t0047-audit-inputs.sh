#!/bin/sh
# t0047: the audit on inputs that are not runs: names it must refuse, a
# repository with no commit (and pin --restore-tags there), ledger lines without a run directory or a
# run id, and a committed report of runs that analyze cannot read
. "$(dirname "$0")/../lib.sh"
mkdir -p "$SCRATCH/empty" && git -C "$SCRATCH/empty" init -q -b main
cd "$SCRATCH/empty" || exit 1
expect_exit 1 "the audit of a repository with no commit: nothing to audit" "$PREREG" audit
expect_out "it says so" "^prereg: nothing to audit"
expect_exit 1 "--json too" "$PREREG" audit --json
expect_out "saying so" '^prereg: nothing to audit'
expect_exit 0 "pin --restore-tags in a repository with no commit" \
	"$PREREG" pin --restore-tags
check "it restores nothing and makes nothing" sh -c \
	'[ -z "$(git tag -l)" ] && ! git rev-parse -q --verify HEAD >/dev/null'

new_repo "$SCRATCH/repo"
expect_exit 2 "an experiment that does not exist" "$PREREG" audit no-such
expect_out "it is named" "no-such"
expect_exit 2 "a name that leaves runs/" "$PREREG" audit ../t-calib
expect_exit 1 "an experiment with no run: nothing to audit" "$PREREG" audit t-calib
# the same repository with t-calib pinned and run once (--quick)
fixture calibrated "$SCRATCH/calibrated"
run=$(ls runs/t-calib | grep -v ledger)
expect_exit 0 "the honest run" "$PREREG" audit t-calib

# a ledger line of a run whose directory is not there, chained as prereg
# chains it, and one without a run id
python3 - runs/t-calib/ledger.jsonl <<'PY'
import hashlib, json, sys
p = sys.argv[1]
last = open(p).read().splitlines()[-1]
prev = hashlib.sha256(last.encode()).hexdigest()
a = json.dumps({"run_id": "20200101T000000Z-aaaaaa", "status": "failed",
                "manifest_sha256": "0" * 64, "prev": prev},
               separators=(",", ":"))
prev = hashlib.sha256(a.encode()).hexdigest()
b = json.dumps({"status": "failed", "manifest_sha256": "0" * 64,
                "prev": prev}, separators=(",", ":"))
open(p, "a").write(a + "\n" + b + "\n")
PY
git commit -q -am "two more ledger lines"
expect_exit 1 "ledger lines without their run directories fail" \
	sh -c "'$PREREG' audit --json t-calib >'$SCRATCH/audit.json'"
check "the one with a run id is a row of its own, its ledger check failing" \
	python3 -c "
import json
j = json.load(open('$SCRATCH/audit.json'))
r = [r for r in j['runs'] if r['run_id'] == '20200101T000000Z-aaaaaa'][0]
c = [c for c in r['checks'] if c['check'] == 'ledger'][0]
assert r['grade'] == 'broken' and c['result'] == 'FAIL', r
assert 'ledger line without a run directory' in c['reason'], c
"
check "the one without a run id is named by its line" \
	grep -q '"run_id": "(ledger line 3)"' "$SCRATCH/audit.json"
check "the honest run is still anchored" python3 -c "
import json
j = json.load(open('$SCRATCH/audit.json'))
assert [r['grade'] for r in j['runs'] if r['run_id'] == '$run'] == ['anchored']
"
git reset -q --hard HEAD^

# a committed report that names a run analyze cannot read any more
"$PREREG" analyze t-calib >/dev/null 2>&1
git add analysis && git commit -q -m "report"
expect_exit 0 "the report as analyze made it" "$PREREG" audit t-calib
printf '\n## Run 20200101T000000Z-bbbbbb\n' >>analysis/t-calib/report.md
git commit -q -am "a report naming a run that is not there"
expect_exit 1 "a report naming a run that HEAD does not hold" \
	sh -c "'$PREREG' audit --json t-calib >'$SCRATCH/audit.json'"
check "the analysis check fails and says why" python3 -c "
import json
j = json.load(open('$SCRATCH/audit.json'))
c = [e for e in j['experiments'] if e['experiment'] == 't-calib'][0]['checks'][0]
assert c['result'] == 'FAIL', c
"
echo "1..$n"
