#!/bin/sh
# t0009: the analysis of a launch-geometry run sets the observed step
# positions beside the predicted ones (a synthetic archive: the kernel's
# event time steps from 1 to 2 ms at 4225 rows and to 3 ms at 8449)
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
python3 - <<'PY' || exit 1
import gzip, hashlib, json, os
name, run = "geo", "20260101T000000Z-aaaaaa"
d = f"runs/{name}/{run}"
os.makedirs(d, exist_ok=True)
os.makedirs("predictions", exist_ok=True)
lines = ["launch,config,rep,warmup,rank,host,device,phase,bytes,rows,t_start_ns,t_end_ns\n"]
ms = {128: 1.0, 4096: 1.0, 4224: 1.02, 4225: 2.0, 4288: 2.0, 8448: 2.01,
      8449: 3.0, 12000: 3.0}
t = 1000
for launch in range(3):
    for rep in range(5):
        for rows, v in ms.items():
            for phase, extra in (("compute", 0.3), ("compute_device", 0.0)):
                ns = round((v + extra + 0.001 * rep) * 1e6)
                lines.append(f"{launch},0,{rep},0,0,h,cuda:0,{phase},0,"
                             f"{rows},{t},{t + ns}\n")
                t += ns + 10
text = "".join(lines).encode()
with gzip.open(f"{d}/timings.csv.gz", "wb") as f:
    f.write(text)
m = {"run_id": run, "experiment": name, "status": "complete",
     "configs": [{"config": 0, "placement": "spread", "transport": "default"}],
     "archive": {"file": "timings.csv.gz",
                 "sha256": hashlib.sha256(text).hexdigest()},
     "pin": {"tag": f"prereg/pin/{name}/1", "commit": "0" * 40}}
json.dump(m, open(f"{d}/manifest.json", "w"), indent=2, sort_keys=True)
p = {"experiment": name, "claim": "steps at waves", "cells": [],
     "model": {"name": "launch-geometry"}, "steps": [4225, 8449],
     "decision_rule": {"statistic": "median", "tolerance": 0.15}}
json.dump(p, open(f"predictions/{name}.json", "w"), indent=2, sort_keys=True)
PY
expect_exit 0 "analyze a launch-geometry run" "$PREREG" analyze geo
check "the report gives the predicted steps" \
	grep -q "predicted to step at rows = 4225, 8449" analysis/geo/report.md
check "and the observed ones, from the event time" \
	grep -q "compute_device: the median steps up by more than the tolerance at rows = 4225, 8449" \
	analysis/geo/report.md
expect_exit 0 "the same as JSON" "$PREREG" analyze geo --json
cp "$SCRATCH/out" "$SCRATCH/geo.json"
check "observed steps in the JSON" python3 -c "
import json
j = json.load(open('$SCRATCH/geo.json'))
s = j['runs'][0]['steps']
assert s['predicted'] == [4225, 8449], s
assert s['observed'][0]['rows'] == [4225, 8449], s
assert s['observed'][0]['phase'] == 'compute_device', s
"
check "the rows plot marks each predicted step with a dashed vertical" sh -c \
	"[ \$(grep -c '^set arrow from \(4225\|8449\), graph 0 to \(4225\|8449\), graph 1 nohead dt 2' analysis/geo/*-rows.gp) = 2 ]"
check "its caption says so, and promises no predicted line it lacks" grep -q "^\*compute time vs rows, log-log: measured medians with 95% CI; dashed verticals: the predicted steps at rows 4225, 8449\.\*" analysis/geo/report.md
echo "1..$n"
