#!/bin/sh
# t0030: linearity that can break. predict of a 1/t split warns, and
# records per rank, where a rank's rows fall outside the rows its
# calibration measured (a real rows-sweep calibration at 64 to 256 rows);
# the linearity alarm of analyze fires on a forged sweep with a jump at
# few rows, and not on a linear one
# prereg-test: alone (the calibration it runs is judged linear or not: beside
# other tests' launches a rows sweep of 64 to 256 rows came out nonlinear)
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
vader_only || exit 1
mkdir -p experiments/t-rows experiments/t-lsplit
cat >experiments/t-rows/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = compute time of r rows is a + b*r
workload = rows-sweep
budget_s = 60
[shape]
rows_list = 64, 128, 256
keys = 8
d = 64
[ranks]
group = cpu*1
[schedule]
launches = 2
reps = 3
warmup = 1
INI
split_spec() {
	cat >experiments/t-lsplit/experiment.ini <<INI
[experiment]
kind = validation
claim = rows split by 1/t finish together
workload = row-split
budget_s = 60
[shape]
rows = $1
keys = 8
d = 64
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 1
reps = 2
warmup = 1
[model]
name = split-gatherv
calibration = t-rows
comm_calibration = t-calib
tolerance = 0.5
INI
}
split_spec 256
git add experiments && git commit -q -m "t-rows, t-lsplit"
for e in t-calib t-rows; do
	"$PREREG" predict $e >/dev/null 2>&1
	"$PREREG" pin $e >/dev/null 2>&1
	expect_exit 0 "calibration $e runs" "$PREREG" run $e
done

# 256 rows over two equal ranks: 128 each, inside 64 .. 256
expect_exit 0 "predict a split inside the calibration" \
	"$PREREG" predict t-lsplit
expect_no_out "no warning about the rows" 'gets [0-9]* rows'
check "each rank recorded inside" python3 -c "
import json
p = json.load(open('predictions/t-lsplit.json'))
assert p['split']['rows_per_rank'] == [128, 128], p['split']
assert p['split']['rows_calibrated'] == ['inside', 'inside'], p['split']
cells = [c for c in p['cells'] if c['phase'] == 'compute' and 'rank' in c]
assert [c['rows_calibrated'] for c in cells] == ['inside', 'inside'], cells
rows = p['model']['params']['rows']['cpu']
assert rows['calibrated_rows'] == [64, 128, 256], rows
assert rows['intercept'] in ('positive', 'negative', 'clamped'), rows
"
check "the Gatherv cell's null: the root's 128 x 64 x 4 bytes over P's bandwidth" python3 -c "
import json
p = json.load(open('predictions/t-lsplit.json'))
g = [c for c in p['cells'] if c['phase'] == 'gatherv']
assert len(g) == 1, g
beta = p['model']['params']['hockney']['vader']['spread']['pingpong']
beta = beta['regime_2']['beta_s_per_byte']
want = 128 * 64 * 4 * beta
assert abs(g[0]['null_s'] / want - 1) < 1e-6, (g[0], want)
"

# 1024 rows: 512 each, past the largest rows calibrated
split_spec 1024
git commit -q -am "t-lsplit: 1024 rows"
expect_exit 0 "predict a split outside the calibration" \
	"$PREREG" predict t-lsplit
expect_out "it warns for rank 0" \
	"rank 0 \(device 'cpu'\) gets 512 rows, outside the rows its calibration '[^']+' measured \(64 to 256\)"
expect_out "and for rank 1" "rank 1 \(device 'cpu'\) gets 512 rows, outside"
check "the prediction records it per rank" python3 -c "
import json
p = json.load(open('predictions/t-lsplit.json'))
assert p['split']['rows_calibrated'] == ['outside', 'outside'], p['split']
cells = [c for c in p['cells'] if c['phase'] == 'compute' and 'rank' in c]
assert [c['rows_calibrated'] for c in cells] == ['outside', 'outside'], cells
"
expect_exit 0 "the prediction still pins" "$PREREG" pin t-lsplit

# The alarm on forged sweeps (linear-rows, band 0.15): 'line' takes
# 1 + rows/8 ms at rows 1 .. 64; 'jump' the same but 10 ms at rows 1 and
# 2 (a fixed cost at few rows, as the MI100's), with rows 1 predicted to
# break (a control) and rows 4 too, which holds.
python3 - <<'PY' || exit 1
import gzip, hashlib, json, os

HEADER = "launch,config,rep,warmup,rank,host,device,phase,bytes,rows,t_start_ns,t_end_ns\n"
ROWS = (1, 2, 4, 8, 16, 32, 64)

def line(r):
    return 1.0 + r / 8

def forge(name, ms_of, controls):
    run = "20260101T000000Z-" + ("aaaaaa" if name == "line" else "bbbbbb")
    d = f"runs/{name}/{run}"
    os.makedirs(d, exist_ok=True)
    out, t = [HEADER], 1000
    for launch, k in ((0, 1.0), (1, 1.01), (2, 0.99)):
        for rep in range(4):
            for r in ROWS:
                ns = round(ms_of(r) * k * 1e6)
                out.append(f"{launch},0,{rep},{int(rep == 0)},0,h,cpu,"
                           f"compute,0,{r},{t},{t + ns}\n")
                t += ns + 10
    text = "".join(out).encode()
    with gzip.open(f"{d}/timings.csv.gz", "wb") as f:
        f.write(text)
    json.dump({"run_id": run, "experiment": name, "status": "complete",
               "configs": [{"config": 0, "placement": "spread",
                            "transport": "vader"}],
               "archive": {"file": "timings.csv.gz",
                           "sha256": hashlib.sha256(text).hexdigest()},
               "pin": {"tag": f"prereg/pin/{name}/1", "commit": "0" * 40}},
              open(f"{d}/manifest.json", "w"), indent=2, sort_keys=True)
    cells = []
    for r in ROWS:
        p = line(r) / 1e3
        c = {"config": 0, "phase": "compute", "rows": r, "device": "cpu",
             "predicted_s": p, "lo_s": p * 0.85, "hi_s": p * 1.15}
        if r in controls:
            c["control"] = "negative"
        cells.append(c)
    json.dump({"experiment": name, "claim": "linear in rows",
               "decision_rule": {"tolerance": 0.15, "pass": "point"},
               "model": {"name": "linear-rows"}, "cells": cells},
              open(f"predictions/{name}.json", "w"), indent=2)

forge("line", line, ())
forge("jump", lambda r: 10.0 if r <= 2 else line(r), (1, 4))
PY
expect_exit 0 "analyze the linear sweep" "$PREREG" analyze line
check "the alarm stays silent on it" grep -q \
	'^- compute on cpu, config 0 vader/spread: linearity holds at every rows value measured$' \
	analysis/line/report.md
expect_exit 0 "analyze the sweep with a jump" "$PREREG" analyze jump
check "the alarm fires at rows 1 and 2 with how far" grep -qF -e \
	'- compute on cpu, config 0 vader/spread: linearity broken at rows = 1, 2 (2 of 7 rows values; measured/line: 8.89, 8.00); 1 of 2 predicted to break held at rows = 4 (controls: the alarm missed them)' \
	analysis/jump/report.md
"$PREREG" analyze jump --json >"$SCRATCH/jump.json" 2>/dev/null
check "and in --json" python3 - "$SCRATCH/jump.json" <<'PY'
import json, sys
l = json.load(open(sys.argv[1]))["runs"][0]["linearity"][0]
assert l["broken_at_rows"] == [1, 2], l
assert abs(l["measured_over_line"][0] - 10 / 1.125) < 1e-3, l
assert l["rows_measured"] == 7 and l["controls"] == 2, l
assert l["controls_held_at_rows"] == [4], l
PY
echo "1..$n"
