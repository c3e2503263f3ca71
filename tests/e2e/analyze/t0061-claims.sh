#!/bin/sh
# t0061: the claims a pinned spec states ([claims]), each judged on every
# run by the verdicts it names: report.md's conclusion lists them, --json
# gives runs[].claims, and each claim's verdict is what its cells give
# (FAIL when one FAILs, else INCONCLUSIVE when one is INCONCLUSIVE or
# NO-DATA or none matches, else PASS); a claim on steps without a step
# rule is INCONCLUSIVE; a variability claim is what the variability
# table's CVs give (finding 7: every compute group's CV below the median
# communication group's); summary names the claims' verdicts
. "$(dirname "$0")/../lib.sh"
fixture calibrated "$SCRATCH/repo"
mkdir -p experiments/t-cl
cp experiments/t-kv/experiment.ini experiments/t-cl/experiment.ini
cat >>experiments/t-cl/experiment.ini <<'INI'
[claims]
ring = cells phase=allreduce: the ring Allreduce after the last arrival within its band
small = cells phase=allreduce_small config=1: the small one over tcp within its band
none = cells phase=gatherv: a phase this experiment does not predict
geo = steps: steps at the predicted rows
var = variability: compute reproduces between launches, communication does not
INI
git add experiments/t-cl && git commit -qm "t-cl"
"$PREREG" predict t-cl >/dev/null && "$PREREG" pin t-cl >/dev/null || exit 1
expect_exit 0 "a run" "$PREREG" run t-cl --launches 3 --reps 2
expect_exit 0 "analyze" "$PREREG" analyze t-cl
run=$(ls runs/t-cl | grep -v ledger)
expect_out "analyze prints the run's word" "^run $run: .*: (PASS|FAIL|INCONCLUSIVE)$"
expect_out "and each claim's verdict and reason" \
	"^  claim none: INCONCLUSIVE \\(no predicted cell matches\\)$"
expect_exit 0 "analyze --json" "$PREREG" analyze t-cl --json
cp "$SCRATCH/out" "$SCRATCH/a.json"
check "each claim's verdict is what its cells give" python3 - "$SCRATCH/a.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]
claims = {c["name"]: c for c in r["claims"]}
assert list(claims) == ["ring", "small", "none", "geo", "var"], list(claims)
def expect(cells):
    v = [c["verdict"] for c in cells]
    if not v: return "INCONCLUSIVE"
    if "FAIL" in v: return "FAIL"
    if "INCONCLUSIVE" in v or "NO-DATA" in v: return "INCONCLUSIVE"
    return "PASS"
cells = [c for c in r["cells"] if c.get("predicted_s") is not None]
ring = [c for c in cells if c["phase"] == "allreduce"]
small = [c for c in cells if c["phase"] == "allreduce_small" and c["config"] == 1]
assert ring and small, (ring, small)
assert claims["ring"]["verdict"] == expect(ring), claims["ring"]
assert claims["small"]["verdict"] == expect(small), claims["small"]
n = {v: sum(c["verdict"] == v for c in ring) for v in ("PASS", "FAIL")}
# the pinned null: in how many of the claim's cells the model is closer
nul = [e for e in (r.get("skill_null") or {}).get("each", [])
       if e["phase"] == "allreduce"]
assert nul, r.get("skill_null")
tail = "; the model closer than the pinned null in %d of %d" % (
    sum(e["informative"] for e in nul), len(nul))
assert claims["ring"]["null"] == {"cells": len(nul), "model_closer":
    sum(e["informative"] for e in nul)}, claims["ring"]
if claims["ring"]["verdict"] == "FAIL":
    assert claims["ring"]["reason"] == "%d of %d cells FAIL%s" % (
        n["FAIL"], len(ring), tail), claims["ring"]
assert claims["none"] == {"name": "none", "source": "cells", "verdict":
    "INCONCLUSIVE", "reason": "no predicted cell matches",
    "text": "a phase this experiment does not predict"}, claims["none"]
assert claims["geo"]["verdict"] == "INCONCLUSIVE", claims["geo"]
assert claims["geo"]["reason"].startswith("no step was judged"), claims["geo"]
# variability: from the table's own CVs, groups of 3 launches or more
compute = ("compute", "compute_device", "reduce_local", "rescale", "to_host")
cv = {True: [], False: []}
for g in r["variability"]:
    if g["nlaunches"] >= 3 and g["cv"] is not None:
        cv[g["phase"] in compute].append(g["cv"])
def median(v):
    v = sorted(v); n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2
assert cv[True] and cv[False], cv
mc, mm = median(cv[True]), median(cv[False])
want = "FAIL" if mc >= mm else "PASS" if max(cv[True]) < mm else "INCONCLUSIVE"
assert claims["var"]["source"] == "variability", claims["var"]
assert claims["var"]["verdict"] == want, (claims["var"], cv)
assert claims["var"]["reason"].startswith(
    "CV of the per-launch medians: compute median "), claims["var"]
PY
ring=$(python3 -c 'import json,sys; print([c["verdict"] for c in json.load(open(sys.argv[1]))["runs"][0]["claims"]][0])' "$SCRATCH/a.json")
check "the report's conclusion lists each claim with its verdict" sh -c \
	"grep -q '^  - claim ring (the ring Allreduce after the last arrival within its band): \\*\\*$ring\\*\\*: ' analysis/t-cl/report.md &&
	 grep -q '^  - claim none (a phase this experiment does not predict): \\*\\*INCONCLUSIVE\\*\\*: no predicted cell matches$' analysis/t-cl/report.md"
expect_exit 0 "summary" "$PREREG" summary t-cl
expect_out "its verdicts name the claims" "claim ring $ring, claim small [A-Z]+, claim none INCONCLUSIVE, claim geo INCONCLUSIVE, claim var [A-Z]+"
expect_exit 0 "summary --junit" "$PREREG" summary t-cl --junit "$SCRATCH/j.xml"
check "one JUnit test case per claim: FAIL failed, INCONCLUSIVE skipped" \
	python3 - "$SCRATCH/j.xml" "$SCRATCH/a.json" <<'PY'
import json, sys
import xml.etree.ElementTree as ET
cases = {c.get("name"): c for c in ET.parse(sys.argv[1]).getroot().iter("testcase")}
for c in json.load(open(sys.argv[2]))["runs"][0]["claims"]:
    t = cases["t-cl/" + c["name"]]
    assert (t.find("failure") is not None) == (c["verdict"] == "FAIL"), c
    assert (t.find("skipped") is not None) == (c["verdict"] == "INCONCLUSIVE"), c
    if c["verdict"] != "PASS":
        x = t.find("failure") if c["verdict"] == "FAIL" else t.find("skipped")
        assert x.get("message") == c["reason"], (x.get("message"), c)
PY
# a run of t-calib, pinned without [claims]: no claim
expect_exit 0 "analyze t-calib --json" "$PREREG" analyze t-calib --json
cp "$SCRATCH/out" "$SCRATCH/calib.json"
check "a spec without claims: runs[].claims is empty" python3 -c '
import json, sys
assert all(r["claims"] == [] for r in json.load(open(sys.argv[1]))["runs"])
' "$SCRATCH/calib.json"
echo "1..$n"
