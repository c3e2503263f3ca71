#!/bin/sh
# t0005: prereg analyze on synthetic archives with hand-made numbers:
# verdicts, the statistic and its CI, warmups left out, run-to-run
# variability, linearity, plots, byte-identical reruns, bad input
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"

# Experiment x (per launch, 5 reps, ranks 0 and 1; 6 warmup reps per
# launch at 5 s each, which would move every median if they counted):
#  config 0 compute: launch medians 10, 10.1, 9.9 ms (reps L-0.2 .. L+0.2)
#    -> statistic 10 ms, 3 launches -> interval their range [9.9, 10.1]
#    ms, coverage 0.75; max/min 10.1/9.9, CV 0.1/10 = 1%; cell [9, 11] ms
#    -> PASS
#  config 0 allreduce: launch medians 2, 4, 8 ms -> 4 ms, max/min 4,
#    CV 3.05505/4.66667 = 0.654654; cell [0.9, 1.1] ms -> FAIL
#  config 0 split: rank 0 takes 3 ms, rank 1 5 ms, both starting at once
#    (every phase of a rep starts on all ranks together): cell
#    max_over_ranks (the span) -> 5 ms PASS, cell rank 0 -> 3 ms PASS (pooled it would be 4 ms)
#  config 0 gatherv, config 1 compute: no cell -> NO-PREDICTION
#  config 1 allreduce: a cell without samples -> NO-DATA
#  warmonly: warmup rows only -> no group at all
# Experiment sweep (linear-rows): compute at rows 2, 4, 6, 8 takes
# 1 + rows ms, except 21 ms at rows 6 -> linearity broken at rows = 6.
python3 - <<'PY' || exit 1
import gzip, hashlib, json, os

HEADER = "launch,config,rep,warmup,rank,host,device,phase,bytes,rows,t_start_ns,t_end_ns\n"
CONFIGS = [{"config": 0, "placement": "spread", "transport": "vader"},
           {"config": 1, "placement": "spread", "transport": "tcp"}]

def archive(name, run, rows, status="complete", configs=CONFIGS):
    d = f"runs/{name}/{run}"
    os.makedirs(d, exist_ok=True)
    t, lines, start = 1000, [HEADER], {}
    for (launch, config, rep, warm, rank, phase, nrows, ms) in rows:
        ns = round(ms * 1e6)
        t0 = start.setdefault((launch, config, rep, phase, nrows), t)
        lines.append(f"{launch},{config},{rep},{warm},{rank},h,cpu,{phase},"
                     f"0,{nrows},{t0},{t0 + ns}\n")
        t += ns + 10
    text = "".join(lines).encode()
    with gzip.open(f"{d}/timings.csv.gz", "wb") as f:
        f.write(text)
    m = {"run_id": run, "experiment": name, "status": status,
         "configs": configs,
         "archive": {"file": "timings.csv.gz",
                     "sha256": hashlib.sha256(text).hexdigest()},
         "pin": {"tag": f"prereg/pin/{name}/1", "commit": "0" * 40}}
    with open(f"{d}/manifest.json", "w") as f:
        json.dump(m, f, indent=2, sort_keys=True)

rows = []
for launch, c0, ar in ((0, 10.0, 2.0), (1, 10.1, 4.0), (2, 9.9, 8.0)):
    for config in (0, 1):
        for rep in range(11):
            warm = rep < 6
            for rank in (0, 1):
                base = 5000.0 if warm else None
                rows.append((launch, config, rep, int(warm), rank, "compute",
                             0, base or c0 + 0.1 * (rep - 8)))
                if config == 1:
                    continue
                rows.append((launch, 0, rep, int(warm), rank, "allreduce", 0,
                             base or ar))
                rows.append((launch, 0, rep, int(warm), rank, "split", 0,
                             base or (3.0 if rank == 0 else 5.0)))
                rows.append((launch, 0, rep, int(warm), rank, "gatherv", 0,
                             base or 0.05))
                if warm:
                    rows.append((launch, 0, rep, 1, rank, "warmonly", 0,
                                 5000.0))
archive("x", "20260101T000000Z-aaaaaa", rows)
archive("x", "20260102T000000Z-bbbbbb", rows[:200], status="failed")
archive("np", "20260101T000000Z-cccccc", rows[:200])

def cell(config, phase, ms, tol, **kw):
    c = {"config": config, "phase": phase, "predicted_s": ms / 1e3,
         "lo_s": ms * (1 - tol) / 1e3, "hi_s": ms * (1 + tol) / 1e3}
    c.update(kw)
    return c

rule = {"statistic": "median over launches of the per-launch medians",
        "pass": "lo_s <= statistic <= hi_s", "tolerance": 0.1}
os.makedirs("predictions", exist_ok=True)
with open("predictions/x.json", "w") as f:
    json.dump({"experiment": "x", "claim": "synthetic", "decision_rule": rule,
               "model": {"name": "synthetic"},
               "cells": [cell(0, "compute", 10, 0.1),
                         cell(0, "allreduce", 1, 0.1),
                         cell(0, "split", 5, 0.1, reduce="max_over_ranks"),
                         cell(0, "split", 3, 0.1, rank=0),
                         cell(1, "allreduce", 1, 0.1)]}, f, indent=2)

rows = []
for launch, k in ((0, 1.0), (1, 1.02), (2, 0.98)):
    for rep in range(6):
        for r in (2, 4, 6, 8):
            ms = (21.0 if r == 6 else 1.0 + r) * (1 if rep == 0 else k)
            rows.append((launch, 0, rep, int(rep == 0), 0, "compute", r, ms))
archive("sweep", "20260101T000000Z-dddddd", rows, configs=CONFIGS[:1])
with open("predictions/sweep.json", "w") as f:
    json.dump({"experiment": "sweep", "claim": "linear in rows",
               "decision_rule": rule, "model": {"name": "linear-rows"},
               "cells": [cell(0, "compute", 1.0 + r, 0.15, rows=r,
                              device="cpu") for r in (2, 4, 6, 8)]}, f,
              indent=2)
PY
run=20260101T000000Z-aaaaaa
failed=20260102T000000Z-bbbbbb

expect_exit 0 "analyze x" "$PREREG" analyze x
expect_out "verdict counts" \
	"run $run: 3 PASS, 1 FAIL, 2 NO-PREDICTION, 1 NO-DATA"
check "the failed run is not analyzed by default" sh -c \
	"! grep -q '^## Run $failed' analysis/x/report.md"
check "the report lists it as not analyzed" \
	grep -q "not analyzed: $failed (failed)" analysis/x/report.md
check "the report has the claim and the table" sh -c \
	"grep -q 'Claim:.* synthetic' analysis/x/report.md &&
	 grep -qF '| 0 vader/spread | compute | all | 30 | 3 | 10.0 ms | [9.90, 10.1] ms, 75.0% (range) | 10.0 10.1 9.90 ms | 10.0 [9.00, 11.0] ms | 1.00 [0.990, 1.01] | PASS |' analysis/x/report.md"
check "the report says what the interval is" \
	grep -q 'that median over the per-launch medians' analysis/x/report.md
check "the report states the point rule of an old prediction" \
	grep -q 'Verdict rule in force:\*\* point' analysis/x/report.md
check "the FAIL has its line of measured causes" \
	grep -qF -- '- config 0 vader/spread, allreduce: no measured cause found' \
	analysis/x/report.md
check "the arrival table has the collectives" sh -c \
	"grep -q '^### Arrival and collective time' analysis/x/report.md &&
	 grep -q '^| 0 vader/spread | allreduce ([0-9]* B) | 3 | 0 \[0, 0\] ms, 75.0% (range) | 4.00 ' analysis/x/report.md"

"$PREREG" analyze x --json >"$SCRATCH/x.json" 2>"$SCRATCH/x.err"
check "analyze --json exits 0 and prints only JSON" \
	python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$SCRATCH/x.json"
check "the numbers of --json" python3 - "$SCRATCH/x.json" <<'PY'
import json, math, sys
a = json.load(open(sys.argv[1]))
assert a["experiment"] == "x" and len(a["runs"]) == 1, a
r = a["runs"][0]
assert r["archive_matches_manifest"] is True
assert r["samples"] == 3 * 5 * 2 * 5 and r["warmups"] == 3 * 6 * 2 * 6, r
def close(x, y, eps=1e-9):
    assert abs(x - y) <= eps * max(1, abs(y)), (x, y)
def pick(rows, **kw):
    got = [c for c in rows if all(c.get(k) == v for k, v in kw.items())]
    assert len(got) == 1, (kw, got)
    return got[0]
cells = r["cells"]
c = pick(cells, config=0, phase="compute")
assert c["verdict"] == "PASS" and c["n"] == 30
close(c["statistic_s"], 0.010)
close(c["ci"]["lo_s"], 0.0099); close(c["ci"]["hi_s"], 0.0101)
close(c["ci"]["coverage"], 0.75)
assert c["ci"]["rank"] == 1 and c["ci"]["range_only"]
assert c["ci"]["launches"] == 3 and c["nlaunches"] == 3
assert c["ci"]["lo_s"] <= c["statistic_s"] <= c["ci"]["hi_s"]
assert c["launches"] == [0, 1, 2]
for x, y in zip(c["launch_medians_s"], (0.010, 0.0101, 0.0099)):
    close(x, y)
close(c["ratio"], 1.0)
c = pick(cells, config=0, phase="allreduce")
assert c["verdict"] == "FAIL"; close(c["statistic_s"], 0.004)
close(c["ci"]["lo_s"], 0.002); close(c["ci"]["hi_s"], 0.008)
close(c["ratio"], 4.0)
c = pick(cells, config=0, phase="split", reduce="max_over_ranks")
assert c["verdict"] == "PASS" and c["n"] == 15; close(c["statistic_s"], 0.005)
c = pick(cells, config=0, phase="split", rank=0)
assert c["verdict"] == "PASS" and c["n"] == 15; close(c["statistic_s"], 0.003)
assert pick(cells, config=0, phase="gatherv")["verdict"] == "NO-PREDICTION"
assert pick(cells, config=1, phase="compute")["verdict"] == "NO-PREDICTION"
c = pick(cells, config=1, phase="allreduce")
assert c["verdict"] == "NO-DATA" and c["n"] == 0 and c["statistic_s"] is None
assert r["verdicts"] == {"PASS": 3, "FAIL": 1, "INCONCLUSIVE": 0,
                         "NO-PREDICTION": 2, "NO-DATA": 1}, r["verdicts"]
assert pick(cells, config=0, phase="allreduce")["causes"] == []
assert a["prediction"]["rule"] == "point"
ar = pick(r["arrivals"], config=0, phase="allreduce")
assert ar["refused"] is None and ar["clock_uncertainty_s"] == 0
close(ar["after_last_arrival"]["statistic_s"], 0.004)
close(ar["total"]["statistic_s"], 0.004)
assert ar["arrival_spread"]["statistic_s"] == 0 and ar["spread_share"] == 0
assert [x["phase"] for x in r["arrivals"]] == ["allreduce", "gatherv"]
v = r["variability"]
assert not [g for g in v if g["phase"] == "warmonly"]
assert not [g for g in cells if g["phase"] == "warmonly"]
g = pick(v, config=0, phase="compute")
assert g["nlaunches"] == 3
close(g["max_over_min"], 10.1 / 9.9); close(g["cv"], 0.01)
g = pick(v, config=0, phase="allreduce")
close(g["max_over_min"], 4.0); close(g["cv"], 0.6546536707079771)
g = pick(v, config=0, phase="split")
close(g["max_over_min"], 1.0); close(g["cv"], 0.0)
PY

for f in predicted launches; do
	for e in svg dat gp; do
		check "analysis/x/$run-$f.$e exists" test -s "analysis/x/$run-$f.$e"
	done
done
check "the SVG is an SVG" grep -q '<svg' "analysis/x/$run-predicted.svg"
check "the report links the plots" \
	grep -qF "($run-launches.svg)" analysis/x/report.md
check "no rows plot without a rows sweep" test ! -e "analysis/x/$run-rows.svg"
check "no temporary files are left" sh -c \
	'[ -z "$(find analysis -name "*.tmp.*")" ]'

cp -r analysis "$SCRATCH/first"
expect_exit 0 "analyze x again" "$PREREG" analyze x
check "the second analysis is byte-identical" \
	diff -r "$SCRATCH/first/x" analysis/x

# A rerun of x, every time three times the original's: the per-launch
# plots of both runs share one y range, and the rerun's plots end with
# the overlay of both runs per cell.
rerun=20260103T000000Z-eeeeee
python3 - "$run" "$rerun" <<'PY' || exit 1
import gzip, hashlib, json, os, sys
a, b = (f"runs/x/{r}" for r in sys.argv[1:])
os.makedirs(b)
lines = gzip.open(f"{a}/timings.csv.gz", "rt").read().splitlines(True)
out = [lines[0]]
for l in lines[1:]:
    v = l.rstrip("\n").split(",")
    v[10], v[11] = str(3 * int(v[10])), str(3 * int(v[11]))
    out.append(",".join(v) + "\n")
text = "".join(out).encode()
with gzip.open(f"{b}/timings.csv.gz", "wb") as f:
    f.write(text)
m = json.load(open(f"{a}/manifest.json"))
m["run_id"] = sys.argv[2]
m["archive"]["sha256"] = hashlib.sha256(text).hexdigest()
json.dump(m, open(f"{b}/manifest.json", "w"), indent=2, sort_keys=True)
PY
expect_exit 0 "analyze x with its rerun" "$PREREG" analyze x
check "both per-launch plots have the same y range, the rerun's top" sh -c \
	"grep '^set yrange' analysis/x/$run-launches.gp >'$SCRATCH/y1' &&
	 grep '^set yrange' analysis/x/$rerun-launches.gp >'$SCRATCH/y2' &&
	 cmp '$SCRATCH/y1' '$SCRATCH/y2' &&
	 grep -q '^set yrange \[.*:33.33\]' '$SCRATCH/y1'"
check "the rerun's plots end with the overlay of both runs" sh -c \
	"test -s analysis/x/$rerun-overlay.svg &&
	 test -s analysis/x/$rerun-overlay.dat &&
	 grep -q 'original $run' analysis/x/$rerun-overlay.gp &&
	 grep -q 'rerun $rerun' analysis/x/$rerun-overlay.gp &&
	 grep -qF '($rerun-overlay.svg)' analysis/x/report.md &&
	 test ! -e analysis/x/$run-overlay.svg"
rm -r "runs/x/$rerun" analysis/x/$rerun-*

expect_exit 0 "analyze the failed run by its id" "$PREREG" analyze x "$failed"
check "the report of one run shows its status" sh -c \
	"grep -q '^## Run $failed' analysis/x/report.md &&
	 grep -q 'status failed' analysis/x/report.md &&
	 ! grep -q '^## Run $run' analysis/x/report.md"

expect_exit 0 "analyze the sweep" "$PREREG" analyze sweep
expect_out "the sweep fails at rows 6 only" '1 FAIL'
check "linearity broken at rows = 6" \
	grep -q 'linearity broken at rows = 6 (1 of 4 rows values; measured/line: 3.00)$' analysis/sweep/report.md
check "the rows plot of a sweep" sh -c \
	"test -s analysis/sweep/20260101T000000Z-dddddd-rows.svg &&
	 test -s analysis/sweep/20260101T000000Z-dddddd-rows.gp &&
	 grep -q 'logscale xy' analysis/sweep/20260101T000000Z-dddddd-rows.gp"

expect_exit 0 "analyze without a prediction" "$PREREG" analyze np
expect_out "everything is NO-PREDICTION" '0 PASS, 0 FAIL, 5 NO-PREDICTION'
check "the report says there is no prediction" \
	grep -q 'predictions/np.json is missing' analysis/np/report.md

expect_exit 2 "unknown experiment" "$PREREG" analyze nosuch
expect_out "it is named" "no experiment 'nosuch'"
expect_exit 2 "unknown run id" "$PREREG" analyze x 20990101T000000Z-ffffff
expect_out "the run id is named" "no run '20990101T000000Z-ffffff'"
expect_exit 2 "invalid experiment name" "$PREREG" analyze ../x
expect_exit 2 "no experiment argument" "$PREREG" analyze
echo '{"cells": [{"config": 0}]}' >predictions/x.json
expect_exit 2 "a malformed prediction cell" "$PREREG" analyze x
expect_out "the cell is named" "predictions/x.json': cell 0 needs"
echo "1..$n"
