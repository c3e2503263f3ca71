#!/bin/sh
# t0024: what the audit sees across runs and commits, each a named finding
# of 'prereg audit' (text and --json): a re-pin after runs (a note), a run
# whose samples replay another run's (a failure that only this finding
# catches), a prediction whose calibration run is gone, and a committed
# run or ledger line removed from the history
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
# t-calib pinned and run once (--quick)
fixture calibrated "$SCRATCH/repo"

# audit_to FILE ARGS...: the audit's text output into FILE, exit status
# into $SCRATCH/rc
audit_to() {
	f=$1
	shift
	"$PREREG" audit "$@" >"$f" 2>&1
	echo $? >"$SCRATCH/rc"
}

# finding JSON KIND [RUN]: the audit --json holds a finding KIND (naming
# RUN when given); prints its severity
finding() {
	python3 - "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for f in d["findings"]:
    if f["finding"] == sys.argv[2] and (len(sys.argv) < 4 or f["run_id"] == sys.argv[3]):
        print(f["severity"])
        sys.exit(0)
sys.exit(1)
PY
}

# grade JSON RUN: the grade of RUN
grade() {
	python3 -c "import json, sys
print([r['grade'] for r in json.load(open('$1'))['runs'] if r['run_id'] == '$2'][0])"
}

a=$(ls runs/t-calib | grep -v ledger)
audit_to "$SCRATCH/a0" t-calib
check "one honest run: the audit passes" [ "$(cat "$SCRATCH/rc")" = 0 ]
check "... with no findings" sh -c "! grep -q '^findings:' '$SCRATCH/a0'"

# ---- re-pin ----
sed 's/^claim = Hockney/claim = The Hockney/' experiments/t-calib/experiment.ini \
	>"$SCRATCH/x" && cp "$SCRATCH/x" experiments/t-calib/experiment.ini
git commit -q -am "t-calib: claim reworded"
"$PREREG" predict t-calib >/dev/null && "$PREREG" pin t-calib >/dev/null
audit_to "$SCRATCH/a1" t-calib
check "a pin after a run of an earlier pin: the audit still passes" \
	[ "$(cat "$SCRATCH/rc")" = 0 ]
check "... and names a re-pin" grep -qE \
	"^  re-pin t-calib: pin 2 made after 1 run of earlier pins \(the new prediction may have seen their data\)" \
	"$SCRATCH/a1"
"$PREREG" audit t-calib --json >"$SCRATCH/a1.json"
check "... a note in --json" [ "$(finding "$SCRATCH/a1.json" re-pin)" = note ]

# t-kv: pin 1, then pin 2 before any run: no re-pin (also the honest case
# of the calibration finding below)
"$PREREG" predict t-kv >/dev/null 2>&1 && "$PREREG" pin t-kv >/dev/null
sed 's/^tolerance = 0.5/tolerance = 0.25/' experiments/t-kv/experiment.ini \
	>"$SCRATCH/x" && cp "$SCRATCH/x" experiments/t-kv/experiment.ini
git commit -q -am "t-kv: tolerance 0.25"
"$PREREG" predict t-kv >/dev/null 2>&1 && "$PREREG" pin t-kv >/dev/null
check "t-kv pin 2 is made" git rev-parse -q --verify refs/tags/prereg/pin/t-kv/2
"$PREREG" audit t-kv t-calib --json >"$SCRATCH/k0.json"
check "a pin 2 made before any run: no re-pin" python3 -c "import json
assert not [f for f in json.load(open('$SCRATCH/k0.json'))['findings']
            if f['finding'] == 're-pin' and f['experiment'] == 't-kv']"
check "an honest calibration run: no calibration finding" sh -c \
	"! python3 -c \"import json, sys
sys.exit(0 if [f for f in json.load(open('$SCRATCH/k0.json'))['findings'] if f['finding'] == 'calibration'] else 1)\""
audit_to "$SCRATCH/k1" t-kv
check "its calibration run not audited here: a note, the audit passes" \
	[ "$(cat "$SCRATCH/rc")" = 0 ]
check "... naming the command" grep -q \
	"^  calibration t-kv: .*not audited here (run 'prereg audit t-calib')" \
	"$SCRATCH/k1"

# ---- replayed ----
"$PREREG" run t-calib --quick >/dev/null 2>&1
b=$(ls runs/t-calib | grep -v ledger | grep -v "$a")
honest=$(git rev-parse HEAD)
"$PREREG" audit t-calib --json >"$SCRATCH/r0.json"
check "two honest runs: no replay finding" sh -c \
	"! python3 -c \"import json, sys
sys.exit(0 if [f for f in json.load(open('$SCRATCH/r0.json'))['findings'] if f['finding'] == 'replayed'] else 1)\""
check "... and the audit passes" python3 -c "import json
assert json.load(open('$SCRATCH/r0.json'))['ok']"

# The forger: run B, under pin 2, keeps its own rows (its seeded schedule,
# its item order, its start times) but takes run A's durations (and the
# iterations each timed), row for row; the archive's facts, the manifest's sha256 in the ledger and the
# run's commit are made to agree, so every check of B passes.
python3 - runs/t-calib "$a" "$b" <<'PY'
import gzip, hashlib, re, sys
d, a, b = sys.argv[1:]
def rows(run):
    lines = gzip.open("%s/%s/timings.csv.gz" % (d, run), "rt").read().splitlines()
    return lines[0], [l.split(",") for l in lines[1:]]
_, ra = rows(a)
head, rb = rows(b)
key = lambda r: tuple(r[:5] + r[7:9])
took = {key(r): (r[9], int(r[11]) - int(r[10])) for r in ra}
assert len(took) == len(ra) == len(rb)
for r in rb:
    r[9], ns = took[key(r)]
    r[11] = str(int(r[10]) + ns)
data = ("\n".join([head] + [",".join(r) for r in rb]) + "\n").encode()
gz = "%s/%s/timings.csv.gz" % (d, b)
open(gz, "wb").write(gzip.compress(data))
mp = "%s/%s/manifest.json" % (d, b)
m = open(mp).read()
old_sha = hashlib.sha256(m.encode()).hexdigest()
i = m.index('"archive": {')
j = m.index("}", i)
sec = m[i:j]
sec = re.sub(r'"sha256": "[0-9a-f]+"', '"sha256": "%s"' % hashlib.sha256(data).hexdigest(), sec)
sec = re.sub(r'"gz_bytes": [0-9]+', '"gz_bytes": %d' % len(open(gz, "rb").read()), sec)
sec = re.sub(r'"bytes": [0-9]+', '"bytes": %d' % len(data), sec)
m = m[:i] + sec + m[j:]
open(mp, "w").write(m)
lp = "%s/ledger.jsonl" % d
led = open(lp).read()
assert led.count(old_sha) == 1
open(lp, "w").write(led.replace(old_sha, hashlib.sha256(m.encode()).hexdigest()))
PY
git add -A runs/t-calib && git commit -q --amend --no-edit
"$PREREG" audit t-calib --json >"$SCRATCH/r1.json"
audit_to "$SCRATCH/r1" t-calib
check "the replay passes every check of the run" python3 -c "import json
r = [r for r in json.load(open('$SCRATCH/r1.json'))['runs'] if r['run_id'] == '$b'][0]
assert all(c['result'] != 'FAIL' for c in r['checks']), r"
check "... but the audit fails" [ "$(cat "$SCRATCH/rc")" = 1 ]
check "... with a replayed finding naming both runs" grep -qE \
	"^  replayed t-calib/$b: samples of launch [0-9]+ config [0-9]+ rank [0-9]+ \([0-9]+ samples\) repeat run t-calib/$a " \
	"$SCRATCH/r1"
check "... a failure in --json" [ "$(finding "$SCRATCH/r1.json" replayed "$b")" = fail ]
check "... and the replaying run is broken" [ "$(grade "$SCRATCH/r1.json" "$b")" = broken ]
check "... the replayed one is not" [ "$(grade "$SCRATCH/r1.json" "$a")" != broken ]
git reset -q --hard "$honest"

# ---- calibration ----
cal=$(git show HEAD:predictions/t-kv.json | python3 -c "import json, sys
print(json.load(sys.stdin)['model']['calibration']['run_id'])")
git rm -q -r "runs/t-calib/$cal"
git commit -q -m "t-calib: drop a run"
audit_to "$SCRATCH/c1" t-kv
check "the calibration run deleted: the audit of t-kv fails" \
	[ "$(cat "$SCRATCH/rc")" = 1 ]
check "... with a calibration finding" grep -q \
	"^  calibration t-kv: .*calibration run t-calib/$cal, which HEAD does not hold" \
	"$SCRATCH/c1"
git reset -q --hard "$honest"

# ---- removed ----
git rm -q -r "runs/t-calib/$b"
head -n -1 runs/t-calib/ledger.jsonl >"$SCRATCH/x" &&
	cp "$SCRATCH/x" runs/t-calib/ledger.jsonl
git commit -q -am "t-calib: that run never happened"
gone=$(git rev-parse HEAD)
audit_to "$SCRATCH/d1" t-calib
check "a run and the ledger's last line deleted: the audit fails" \
	[ "$(cat "$SCRATCH/rc")" = 1 ]
check "... the run is named removed" grep -q \
	"^  removed t-calib/$b: runs/t-calib/$b was committed in [0-9a-f]* and is gone from HEAD" \
	"$SCRATCH/d1"
check "... and its ledger line" grep -q \
	"^  removed t-calib/$b: runs/t-calib/ledger.jsonl loses line 2 (run $b) in commit $gone" \
	"$SCRATCH/d1"
git reset -q --hard "$honest"

head -n -1 runs/t-calib/ledger.jsonl >"$SCRATCH/x" &&
	cp "$SCRATCH/x" runs/t-calib/ledger.jsonl
git commit -q -am "t-calib: forget a line"
gone=$(git rev-parse HEAD)
git show "$honest:runs/t-calib/ledger.jsonl" >runs/t-calib/ledger.jsonl
git commit -q -am "t-calib: put it back"
"$PREREG" audit t-calib --json >"$SCRATCH/l1.json"
audit_to "$SCRATCH/l1" t-calib
check "a ledger line removed and put back: every check of HEAD passes" \
	python3 -c "import json
for r in json.load(open('$SCRATCH/l1.json'))['runs']:
    assert all(c['result'] != 'FAIL' for c in r['checks']), r"
check "... but the audit fails" [ "$(cat "$SCRATCH/rc")" = 1 ]
check "... naming the line and the commit" grep -q \
	"^  removed t-calib/$b: runs/t-calib/ledger.jsonl loses line 2 (run $b) in commit $gone" \
	"$SCRATCH/l1"
check "... and the run it named is broken" [ "$(grade "$SCRATCH/l1.json" "$b")" = broken ]
echo "1..$n"
