#!/bin/sh
# t0029: launch geometry on a CPU: a cpu-blocks:2 rows sweep predicted
# (steps from the threads, the cores and the launch settings), pinned, run
# --quick and analyzed: the report carries the step verdict per predicted
# step. Its times are not asserted (the machine is shared); a forged copy
# of the run whose step is moved is the negative control: the predicted
# step is then FAIL or MISSED and the config's steps FAIL.
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
new_repo "$SCRATCH/repo"
mkdir -p experiments/geo-cpu
cat >experiments/geo-cpu/experiment.ini <<'INI'
[experiment]
kind = validation
claim = time steps when a wave of blocks fills
workload = rows-sweep
budget_s = 60
[shape]
rows = 64
rows_list = auto
keys = 16
d = 64
[ranks]
group = cpu-blocks:2*1
[launch]
rows_per_block = 8
[schedule]
launches = 2
reps = 3
warmup = 1
[model]
name = launch-geometry
step_tolerance_rows = 2
INI
git add -A && git commit -qm "geo-cpu"
expect_exit 0 "predict a cpu-blocks sweep" "$PREREG" predict geo-cpu
check "steps predicted from 2 threads x 1 block x 8 rows" python3 -c "
import json
p = json.load(open('predictions/geo-cpu.json'))
assert p['steps'] == [17, 33, 49], p['steps']
assert p['device']['kind'] == 'cpu-blocks' and p['device']['threads'] == 2
assert p['step_rule']['tolerance_rows'] == 2, p['step_rule']
assert 16 in p['sweep']['rows_list'] and 17 in p['sweep']['rows_list']
"
expect_exit 0 "pin it" "$PREREG" pin geo-cpu
expect_exit 0 "run it --quick" "$PREREG" run geo-cpu --quick
expect_exit 0 "analyze it" "$PREREG" analyze geo-cpu
cp analysis/geo-cpu/report.md "$SCRATCH/report.md"
check "the report has the step verdict table" \
	grep -q "^| config | predicted step (rows) | observed step (rows) | verdict |" \
	"$SCRATCH/report.md"
for s in 17 33 49; do
	check "a verdict line for the predicted step $s" \
		grep -Eq "^\| [^|]+ \| $s \| [0-9-]+ \| (PASS|FAIL|MISSED) \|$" \
		"$SCRATCH/report.md"
done
check "a verdict of the config's steps" \
	grep -Eq "^Steps of config .*: (PASS|FAIL)\.$" "$SCRATCH/report.md"
# The negative control: the same run with every duration forged, flat at
# 1 ms below 40 rows and 2 ms from 40 on (the step moved from 33 to 40
# and the steps at 17 and 49 gone).
run=$(ls runs/geo-cpu | grep -v ledger | head -1)
python3 - "$run" <<'PY' || exit 1
import gzip, hashlib, json, os, shutil, sys
src = f"runs/geo-cpu/{sys.argv[1]}"
dst = "runs/geo-cpu/29990101T000000Z-f0f0f0"
os.makedirs(dst)
lines = gzip.open(f"{src}/timings.csv.gz", "rt").read().splitlines()
out = [lines[0]]
for ln in lines[1:]:
    f = ln.split(",")
    if f[7] == "compute":
        ms = 2.0 if int(f[9]) >= 40 else 1.0
        f[11] = str(int(f[10]) + int(ms * 1e6) + int(f[2]) * 1000)
    out.append(",".join(f))
text = ("\n".join(out) + "\n").encode()
with gzip.open(f"{dst}/timings.csv.gz", "wb") as g:
    g.write(text)
m = json.load(open(f"{src}/manifest.json"))
m["run_id"] = os.path.basename(dst)
m["archive"]["sha256"] = hashlib.sha256(text).hexdigest()
json.dump(m, open(f"{dst}/manifest.json", "w"), indent=2, sort_keys=True)
PY
expect_exit 0 "analyze the forged run" "$PREREG" analyze geo-cpu \
	29990101T000000Z-f0f0f0 --json
cp "$SCRATCH/out" "$SCRATCH/forged.json"
check "the moved step fails its prediction, the others are missed" \
	python3 -c "
import json
j = json.load(open('$SCRATCH/forged.json'))
o = j['runs'][0]['steps']['observed'][0]
assert o['rows'] == [40], o
v = {(l['predicted'], l['observed']): l['verdict'] for l in o['verdict']['lines']}
assert v == {(17, None): 'MISSED', (33, 40): 'FAIL', (49, None): 'MISSED'}, v
assert o['verdict']['pass'] is False
"
expect_exit 0 "the forged run's report" "$PREREG" analyze geo-cpu \
	29990101T000000Z-f0f0f0
check "its report says FAIL" \
	grep -q "^Steps of config .*: FAIL\.$" analysis/geo-cpu/report.md
echo "1..$n"
