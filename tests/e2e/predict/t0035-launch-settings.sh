#!/bin/sh
# t0035: two launch settings of one few-row call: [factors] launch = a, b
# with [launch.a] and [launch.b] on cpu-blocks:2, predicted (the ratio of
# the busiest worker's row slots, 16 / 2), pinned, run --quick and
# analyzed: the report shows the predicted and the measured ratio and a
# verdict line. Its times are not asserted (the machine is shared); a
# forged copy of the run whose a times are its b times over 8 turns the
# measured ratio upside down: the negative control, FAIL.
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
new_repo "$SCRATCH/repo"
mkdir -p experiments/settings
cat >experiments/settings/experiment.ini <<'INI'
[experiment]
kind = validation
claim = the ratio of two launch settings' times is that of their row slots
workload = rows-sweep
budget_s = 60
[shape]
rows = 4
rows_list = 4
keys = 1024
d = 64
[ranks]
group = cpu-blocks:2*1
[factors]
launch = a, b
[launch.a]
rows_per_block = 16
[launch.b]
rows_per_block = 2
[schedule]
launches = 2
reps = 3
warmup = 1
[model]
name = launch-settings
tolerance = 0.25
INI
git add -A && git commit -qm "settings"
expect_exit 0 "predict two launch settings" "$PREREG" predict settings
check "the predicted ratio is 16 slots over 2" python3 -c "
import json
p = json.load(open('predictions/settings.json'))
r = p['launch_ratio']
assert (r['numerator'], r['denominator']) == ('a', 'b'), r
assert abs(r['predicted'] - 8) < 1e-9, r
assert abs(r['lo'] - 8 / 1.25) < 1e-6 and abs(r['hi'] - 10) < 1e-6, r
l = p['model']['launch']
assert (l['a']['slots'], l['b']['slots']) == (16, 2), l
assert (l['a']['rows_per_block'], l['b']['rows_per_block']) == (16, 2), l
"
expect_exit 0 "pin it" "$PREREG" pin settings
expect_exit 0 "run it --quick" "$PREREG" run settings --quick
run=$(ls runs/settings | grep -v ledger | head -1)
check "each config's plan has its own launch setting" python3 -c "
import json
m = json.load(open('runs/settings/$run/manifest.json'))
c = m['configs']
assert c[0]['launch']['name'] == 'a' and c[0]['launch']['rows_per_block'] == 16, c
assert c[1]['launch']['name'] == 'b' and c[1]['launch']['rows_per_block'] == 2, c
"
expect_exit 0 "analyze it" "$PREREG" analyze settings
cp analysis/settings/report.md "$SCRATCH/report.md"
check "the report shows the predicted ratio" \
	grep -q "^- predicted ratio: 8 (the busiest worker's row slots, 16 over 2), band \[6.4, 10\]" \
	"$SCRATCH/report.md"
check "the report shows the measured ratio with its interval" \
	grep -Eq "^- measured ratio \[95% bootstrap interval over launches\]: [0-9.]+ \[[0-9.]+, [0-9.]+\]$" \
	"$SCRATCH/report.md"
check "a verdict line" \
	grep -Eq "^Launch settings a over b: (PASS|FAIL|INCONCLUSIVE)" \
	"$SCRATCH/report.md"
# The negative control: the same run with each of a's compute durations
# made b's in the same place over 8, so that every launch's ratio is 1/8,
# the prediction upside down. (Swapping the two configs' times made the
# forged ratio the real one's inverse, which a loaded machine could put
# back in the band: a make check measured one launch's real ratio at
# 0.14, the forged range then [0.24, 7.05], INCONCLUSIVE.)
python3 - "$run" <<'PY' || exit 1
import gzip, hashlib, json, os, sys
src = f"runs/settings/{sys.argv[1]}"
dst = "runs/settings/29990101T000000Z-f0f0f0"
os.makedirs(dst)
lines = gzip.open(f"{src}/timings.csv.gz", "rt").read().splitlines()
rows = [ln.split(",") for ln in lines[1:]]
dur = {c: [int(f[11]) - int(f[10]) for f in rows
           if f[1] == c and f[7] == "compute"] for c in ("0", "1")}
assert len(dur["0"]) == len(dur["1"]) > 0
k = 0
for f in rows:
    if f[7] == "compute" and f[1] == "0":
        f[11] = str(int(f[10]) + dur["1"][k] // 8)
        k += 1
text = ("\n".join([lines[0]] + [",".join(f) for f in rows]) + "\n").encode()
with gzip.open(f"{dst}/timings.csv.gz", "wb") as g:
    g.write(text)
m = json.load(open(f"{src}/manifest.json"))
m["run_id"] = os.path.basename(dst)
m["archive"]["sha256"] = hashlib.sha256(text).hexdigest()
json.dump(m, open(f"{dst}/manifest.json", "w"), indent=2, sort_keys=True)
PY
expect_exit 0 "analyze the forged run" "$PREREG" analyze settings \
	29990101T000000Z-f0f0f0 --json
cp "$SCRATCH/out" "$SCRATCH/forged.json"
check "a's times at b's over 8 turn the ratio upside down: FAIL" python3 -c "
import json
t = open('$SCRATCH/forged.json').read()
r = json.loads(t[t.index('{'):])['runs'][0]['launch_ratio']
assert abs(r['measured'] - 0.125) < 1e-3, r
assert r['hi'] < r['lo_s'], r
assert r['verdict'] == 'FAIL', r
"
expect_exit 0 "the forged run's report" "$PREREG" analyze settings \
	29990101T000000Z-f0f0f0
check "its report says FAIL" \
	grep -q "^Launch settings a over b: FAIL\.$" analysis/settings/report.md
echo "1..$n"
