#!/bin/sh
# t0046: the calibration finding on each of its rules: a pinned prediction
# whose calibration run's archive hash is not the one its manifest
# records, one that names its calibration run without a run id, and one
# whose calibration run is broken when both are audited; each fails the
# audit with a calibration finding while every check of the run passes
. "$(dirname "$0")/../lib.sh"
base=$SCRATCH/base
fixture calibrated "$base"
cal=$(ls runs/t-calib | grep -v ledger)

# fresh NAME PYTHON: a copy of the repo whose t-kv prediction (p, a dict)
# is edited by PYTHON, pinned and run
fresh() {
	rm -rf "${SCRATCH:?}/$1"
	cp -a "$base" "$SCRATCH/$1"
	cd "$SCRATCH/$1" || exit 1
	"$PREREG" predict t-kv >/dev/null 2>&1
	python3 - predictions/t-kv.json "$2" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
exec(sys.argv[2])
open(sys.argv[1], "w").write(json.dumps(p, indent=2, sort_keys=True) + "\n")
PY
	"$PREREG" pin t-kv >/dev/null &&
		"$PREREG" run t-kv --quick --launches 1 >/dev/null 2>&1
}
# finding DESC PATTERN: audit of both exits 1, the t-kv run passes every
# check, and a failing calibration finding of t-kv matches PATTERN
finding() {
	"$PREREG" audit --json t-calib t-kv >"$SCRATCH/audit.json" 2>/dev/null
	rc=$?
	got=$(python3 - "$SCRATCH/audit.json" "$2" <<'PY'
import json, re, sys
j = json.load(open(sys.argv[1]))
runs = [r for r in j["runs"] if r["experiment"] == "t-kv"]
clean = runs and all(c["result"] == "PASS" for r in runs for c in r["checks"])
f = [f for f in j["findings"] if f["finding"] == "calibration"
     and f["experiment"] == "t-kv" and f["severity"] == "fail"
     and re.search(sys.argv[2], f["text"])]
print("clean" if clean else "checks-fail", "found" if f else "no-finding")
PY
)
	if [ $rc = 1 ] && [ "$got" = "clean found" ]; then ok "$1"; else
		not_ok "$1: exit $rc, $got"
		python3 -c "import json;print(json.load(open('$SCRATCH/audit.json'))['findings'])" | sed 's/^/#   /'
	fi
}

fresh honest "pass"
"$PREREG" audit t-calib t-kv >"$SCRATCH/out" 2>&1
rc=$?
if [ $rc = 0 ] && ! grep -q '^  calibration' "$SCRATCH/out"; then
	ok "an honest calibration: no finding, the audit passes"
else not_ok "honest: exit $rc"; sed 's/^/#   /' "$SCRATCH/out"; fi

fresh sha "p['model']['calibration']['archive_sha256'] = '0' * 64"
finding "a prediction naming another archive hash of its calibration run" \
	"whose manifest records archive sha256 .*, the prediction 000000000000"

fresh no-id "del p['model']['calibration']['run_id']"
finding "a prediction naming its calibration run without its run id" \
	"without experiment, run_id and archive_sha256"

fresh broken "pass"
sed -i 's/^{/{"note": "edited",/' runs/t-calib/$cal/manifest.json
git commit -q -am "an edited calibration manifest"
finding "a calibration run that its own audit breaks" \
	"calibration run t-calib/$cal, which"
echo "1..$n"
