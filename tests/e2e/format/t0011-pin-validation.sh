#!/bin/sh
# t0011: a prediction the run cannot use is never pinned (exit 2, nothing
# committed or tagged); one pinned by hand, past prereg pin, is refused by
# run (exit 3, nothing launched, no even split in place of the pinned one)
# and breaks the audit of a run made under it (check valid)
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-split experiments/t-one
cat >experiments/t-split/experiment.ini <<'INI'
[experiment]
kind = validation
claim = the rows split as pinned
workload = row-split
[shape]
rows = 64
keys = 8
d = 16
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 1
reps = 1
warmup = 0
INI
# one config, one size, one launch: a schedule with a single invocation
cat >experiments/t-one/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = one ping-pong size over one transport
workload = pingpong
[shape]
min_bytes = 8
max_bytes = 8
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 1
reps = 2
warmup = 0
INI
git add experiments && git commit -q -m "t-split, t-one"
"$PREREG" predict t-calib >/dev/null
"$PREREG" predict t-split >/dev/null
good=$SCRATCH/good.json
cp predictions/t-calib.json "$good"

# the bad predictions of t-calib, one file each
bad=$SCRATCH/bad
mkdir -p "$bad"
head -c $(($(wc -c <"$good") / 2)) "$good" >"$bad/truncated"
head -c 512 /dev/urandom >"$bad/random"
python3 - "$good" "$bad" "$(git hash-object experiments/t-kv/experiment.ini)" <<'PY'
import json, sys
good, bad, other_spec = sys.argv[1], sys.argv[2], sys.argv[3]
cell = {"config": 0, "phase": "pingpong", "predicted_s": 1e-5,
        "lo_s": 0.5e-5, "hi_s": 2e-5}
def write(name, change=None, **cell_values):
    p = json.load(open(good))
    if cell_values:
        c = dict(cell)
        c.update(cell_values)
        p["cells"] = [c]
    if change:
        change(p)
    json.dump(p, open(f"{bad}/{name}", "w"), indent=2, sort_keys=True)
write("other-spec", lambda p: p.update(spec_blob=other_spec))
write("other-experiment", lambda p: p.update(experiment="t-kv"))
write("nan", predicted_s=float("nan"))
write("negative", predicted_s=-1e-5, lo_s=-2e-5, hi_s=-0.5e-5)
write("lo-above-hi", lo_s=3e-5, hi_s=2e-5)
PY

head=$(git rev-parse HEAD)
# unchanged REV: HEAD, the index and the pin tags are as they were
unchanged() {
	[ "$(git rev-parse HEAD)" = "$head" ] &&
		[ -z "$(git diff --cached --name-only)" ] &&
		[ -z "$(git tag -l 'prereg/pin/*')" ]
}
# refused_pin DESC FILE WHAT: pin of t-calib with FILE exits 2, says
# WHAT is wrong (a pattern; with -x before DESC, the exact reason) and the
# fix, and commits or tags nothing
refused_pin() {
	exact=""
	[ "$1" != -x ] || { exact=1; shift; }
	cp "$2" predictions/t-calib.json
	expect_exit 2 "pin refuses $1" "$PREREG" pin t-calib
	if [ -n "$exact" ]; then
		expect_cmp "and says exactly what is wrong, and the fix" \
			"prereg: cannot pin 't-calib': predictions/t-calib.json: $3 (run 'prereg predict t-calib', then 'prereg pin t-calib')"
	else
		expect_out "and says what is wrong" "cannot pin 't-calib': predictions/t-calib.json: $3"
	fi
	check "and commits or tags nothing" unchanged
}
refused_pin "a prediction of another spec" "$bad/other-spec" \
	"was predicted from spec blob [0-9a-f]{12}, not from experiments/t-calib/experiment.ini"
refused_pin "a truncated prediction" "$bad/truncated" "not JSON \\(line [0-9]+, column [0-9]+"
refused_pin "random bytes" "$bad/random" "not JSON"
refused_pin "a NaN cell" "$bad/nan" "not JSON"
refused_pin -x "a negative cell" "$bad/negative" "cell 0: predicted_s must be a finite number > 0"
refused_pin -x "lo > hi" "$bad/lo-above-hi" "cell 0: needs 0 <= lo_s <= predicted_s <= hi_s, has 3e-05, 1e-05, 2e-05"
refused_pin -x "a prediction of another experiment" "$bad/other-experiment" \
	"is the prediction of 't-kv', not 't-calib'"
# the spec edited after predict: the prediction no longer is its own
cp "$good" predictions/t-calib.json
echo "; edited after predict" >>experiments/t-calib/experiment.ini
expect_exit 2 "pin refuses a prediction made before the spec changed" \
	"$PREREG" pin t-calib
expect_out "and names the spec" "not from experiments/t-calib/experiment.ini"
check "and commits or tags nothing" unchanged
git checkout -q -- experiments/t-calib/experiment.ini

expect_exit 2 "pin refuses a row-split prediction without a split" \
	"$PREREG" pin t-split
expect_cmp "and says what is missing, and the fix" \
	"prereg: cannot pin 't-split': predictions/t-split.json: workload row-split needs \"split\": {\"rows_per_rank\": [...]}, one count per rank (model split-gatherv writes it) (run 'prereg predict t-split', then 'prereg pin t-split')"
check "and commits or tags nothing" unchanged

# the other side: the same files, usable, pin
cp "$good" predictions/t-calib.json
expect_exit 0 "pin takes the prediction predict wrote" "$PREREG" pin t-calib
cp predictions/t-split.json "$SCRATCH/split-less.json"
python3 - <<'PY'
import json
p = json.load(open("predictions/t-split.json"))
p["split"] = {"rows_per_rank": [40, 24]}
json.dump(p, open("predictions/t-split.json", "w"), indent=2, sort_keys=True)
PY
expect_exit 0 "pin takes a row-split prediction with its split" \
	"$PREREG" pin t-split
expect_exit 0 "run of the row-split" \
	"$PREREG" run t-split --launches 1 --reps 1 --warmup 0
check "the ranks got the pinned split, not an even one" python3 -c "
import glob, json
m = json.load(open(glob.glob('runs/t-split/*/manifest.json')[0]))
plans = [l['plan'] for l in m['launches']]
assert plans and all(p['rows_per_rank'] == [40, 24] for p in plans), plans
"

# forge NAME FILE: commit FILE as NAME's prediction with plain git and tag
# it as the next pin by hand, as prereg pin did before it checked
forge() {
	k=$(($(git tag -l "prereg/pin/$1/*" | wc -l) + 1))
	cp "$2" "predictions/$1.json"
	git add "predictions/$1.json"
	git commit -q -m "prereg pin $1 ($k)"
	git tag -a -m "prereg pin $1 $k" "prereg/pin/$1/$k"
}
runs_of() { ls "runs/$1" 2>/dev/null | grep -vc ledger; }
before=$(runs_of t-split)
forge t-split "$SCRATCH/split-less.json"
expect_exit 3 "run refuses a pinned row-split prediction without a split" \
	"$PREREG" run t-split --launches 1 --reps 1 --warmup 0
expect_cmp "and says why, and the fix" \
	"prereg: cannot run 't-split': predictions/t-split.json: workload row-split needs \"split\": {\"rows_per_rank\": [...]}, one count per rank (model split-gatherv writes it) (run 'prereg predict t-split', then 'prereg pin t-split')"
check "nothing was launched" sh -c "[ $(runs_of t-split) = $before ] &&
	[ \$(wc -l <runs/t-split/ledger.jsonl) = 1 ]"

for f in other-spec truncated random nan negative lo-above-hi other-experiment; do
	forge t-calib "$bad/$f"
	expect_exit 3 "run refuses a pinned prediction: $f" \
		"$PREREG" run t-calib --quick
	expect_out "and names the pinned prediction" \
		"cannot run 't-calib': predictions/t-calib.json: "
	check "nothing was launched" sh -c "[ ! -d runs/t-calib ]"
done

# audit: an honest run of t-one, then the same run moved under a pin of
# another prediction (history rewritten, the manifest, its schedule seeds
# and its ledger line redone for the new pin), so that only the prediction
# differs from an honest run
"$PREREG" predict t-one >/dev/null && "$PREREG" pin t-one >/dev/null
"$PREREG" run t-one >/dev/null 2>&1
run=$(ls runs/t-one | grep -v ledger)
base=$SCRATCH/repo
# moved DIR FILE: a copy of the repo in DIR with the run of t-one under a
# new pin whose prediction is FILE
moved() {
	rm -rf "$1"
	cp -a "$base" "$1"
	cd "$1" || exit 1
	runc=$(git rev-parse HEAD)
	pin1=$(git rev-parse prereg/pin/t-one/1^{commit})
	when="@$(git log -1 --format=%ct "$pin1") +0000"
	git reset -q --hard "$pin1"
	cp "$2" predictions/t-one.json
	git add predictions/t-one.json
	GIT_COMMITTER_DATE=$when GIT_AUTHOR_DATE=$when \
		git commit -q -m "prereg pin t-one (2)"
	GIT_COMMITTER_DATE=$when git tag -a -m "prereg pin t-one 2" \
		prereg/pin/t-one/2
	git checkout -q "$runc" -- runs/t-one
	python3 - "$run" "$(git rev-parse HEAD)" \
		"$(git rev-parse HEAD:predictions/t-one.json)" <<'PY' || exit 1
import hashlib, json, re, sys
run, pin, pred = sys.argv[1:]
M = (1 << 64) - 1
def splitmix(s):
    s = (s + 0x9e3779b97f4a7c15) & M
    z = s
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
    return s, z ^ (z >> 31)
path = f"runs/t-one/{run}/manifest.json"
m = json.load(open(path))
old_seed = m["schedule"]["seed"]
old_inv = m["schedule"]["order"][0]["seed"]
assert len(m["schedule"]["order"]) == 1
# DESIGN I6 / src/base/schedule.c: one launch of one config
seed = int(hashlib.sha256(f"prereg-schedule:t-one:{pin}".encode())
           .hexdigest()[:16], 16)
state, _ = splitmix(seed)  # the launch's config order
state, inv = splitmix(state)
text = open(path).read()
text = text.replace(f'"{old_seed}"', f'"{seed}"')
text = text.replace(f'"{old_inv}"', f'"{inv}"')
text = text.replace(m["pin"]["commit"], pin)
text = text.replace(m["pin"]["prediction_blob"], pred)
text = text.replace('"prereg/pin/t-one/1"', '"prereg/pin/t-one/2"')
text = re.sub(r'"k": 1,', '"k": 2,', text)
open(path, "w").write(text)
sha = hashlib.sha256(text.encode()).hexdigest()
led = open("runs/t-one/ledger.jsonl").read()
led = re.sub(r'"manifest_sha256":"[0-9a-f]{64}"',
             f'"manifest_sha256":"{sha}"', led)
open("runs/t-one/ledger.jsonl", "w").write(led)
PY
	git add runs/t-one
	git commit -q -m "prereg run t-one $run (complete)"
}
# audit_of: audit --json into audit.json; prints "GRADE check=RESULT ..."
# for the run of t-one
audit_of() {
	"$PREREG" audit t-one --json >"$SCRATCH/audit.json" 2>/dev/null
	echo "exit $?"
	python3 - "$SCRATCH/audit.json" "$run" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["runs"]:
    if r["run_id"] == sys.argv[2]:
        print(r["grade"], " ".join(f'{c["check"]}={c["result"]}'
                                   for c in r["checks"]))
        for c in r["checks"]:
            if c["result"] != "PASS":
                print(c["check"] + ":", c["reason"])
PY
}
# verdict_has LINE: the audit's verdict holds LINE (else it is shown)
verdict_has() {
	grep -qx -- "$1" "$SCRATCH/verdict" || { cat "$SCRATCH/verdict"; false; }
}
all_pass="manifest=PASS committed=PASS pin=PASS blobs=PASS valid=PASS dates=PASS archive=PASS schedule=PASS ledger=PASS"

python3 - predictions/t-one.json "$SCRATCH/one-good.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["note"] = "pinned again, still usable"
json.dump(p, open(sys.argv[2], "w"), indent=2, sort_keys=True)
PY
moved "$SCRATCH/moved-good" "$SCRATCH/one-good.json"
audit_of >"$SCRATCH/verdict"
check "the run moved under a usable pin audits anchored, every check passing" \
	verdict_has "anchored $all_pass"

sed 's/"experiment": "t-one"/"experiment": "t-calib"/' \
	"$SCRATCH/one-good.json" >"$SCRATCH/one-other.json"
sed "s/\"spec_blob\": \"[0-9a-f]*\"/\"spec_blob\": \"$(git -C "$base" hash-object experiments/t-kv/experiment.ini)\"/" \
	"$SCRATCH/one-good.json" >"$SCRATCH/one-spec.json"
head -c 100 "$SCRATCH/one-good.json" >"$SCRATCH/one-truncated.json"
for f in other:"is the prediction of 't-calib', not 't-one'" \
	spec:"was predicted from spec blob" truncated:"not JSON"; do
	what=${f%%:*} why=${f#*:}
	moved "$SCRATCH/moved-$what" "$SCRATCH/one-$what.json"
	audit_of >"$SCRATCH/verdict"
	check "audit exits 1 for a run under a pinned prediction ($what)" \
		verdict_has "exit 1"
	check "... broken by valid alone: every other check passes" \
		verdict_has "broken $(echo "$all_pass" | sed 's/valid=PASS/valid=FAIL/')"
	check "... and valid says why" grep -q \
		"^valid: pin commit [0-9a-f]*: predictions/t-one.json: $why" \
		"$SCRATCH/verdict"
done
cd "$base" || exit 1
expect_exit 0 "the honest repo audits clean" "$PREREG" audit
expect_out "valid has a column in the table" "M C P B V D A S L"
echo "1..$n"
