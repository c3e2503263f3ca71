#!/bin/sh
# t0076: model hockney-allreduce with [schedule] interleave = primitives.
# Each Allreduce cell's own formula is priced again by the primitives the
# run timed in the same launches (report.md's "Formulas priced by the
# primitives of the same launches", the JSON's "primitives"): ring's
# transfers are 2 X(n/2) and its reductions R(n/2) over two ranks,
# reduce+bcast's transfers 2 P(n), P half the ping-pong, and R(n), each
# the statistic of the run's own rows; its copies are the cell's count
# times the run's copy of n. A FAIL names that formula as a cause; the
# conclusion sums the cells up in one line (and the JSON's conclusion in
# "primitives"). A run that timed no primitives has none of it.
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-prim experiments/t-ar experiments/t-ar0
cat >experiments/t-prim/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = one-shot primitives timed inside Allreduce launches
workload = allreduce
budget_s = 60
[shape]
sizes = 1024, 4096, 65536, 262144
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 2
reps = 3
warmup = 1
interleave = primitives
INI
validation() { # NAME INTERLEAVE LAUNCHES
	cat >"experiments/$1/experiment.ini" <<INI
[experiment]
kind = validation
claim = forced Allreduce algorithms take their formulas' time
workload = allreduce
budget_s = 60
[shape]
sizes = 1024, 65536
[ranks]
group = cpu*2
[factors]
transport = vader
[mpi]
algorithm = ring, reduce_bcast
[schedule]
launches = $3
reps = 3
warmup = 1
interleave = $2
[model]
name = hockney-allreduce
calibration = t-prim
tolerance = 0.5
INI
}
validation t-ar primitives 2
validation t-ar0 none 1
# t-ar2 and t-ar1 say no interleave: edition 2 times the primitives by
# default, edition 1 (no edition key) does not
for e in 2 1; do
	mkdir -p experiments/t-ar$e
	sed "/^interleave/d; s/^workload = allreduce/&\nedition = $e/" \
		experiments/t-ar0/experiment.ini >experiments/t-ar$e/experiment.ini
done
sed -i '/^edition/d' experiments/t-ar1/experiment.ini
git add experiments && git commit -q -m "t-prim, t-ar, t-ar0, t-ar1, t-ar2"
for e in t-prim t-ar t-ar0 t-ar1 t-ar2; do
	"$PREREG" predict "$e" >/dev/null 2>&1
	"$PREREG" pin "$e" >/dev/null 2>&1 || echo "# pin $e failed"
	case $e in t-prim | t-ar)
		"$PREREG" run "$e" >/dev/null 2>&1 || echo "# run $e failed" ;;
	esac
done
interleaves="after each rep the primitives of its Allreduces are timed"
expect_exit 0 "dry run of edition 2 without interleave" \
	"$PREREG" run t-ar2 --dry-run
expect_out "edition 2 times the primitives by default, and says so" \
	"$interleaves in the same launch \\(\\[schedule\\] interleave = primitives, the default of \\[experiment\\] edition = 2\\)"
expect_exit 0 "dry run of interleave = primitives, stated" \
	"$PREREG" run t-ar --dry-run
expect_out "a stated interleave is not called a default" \
	"$interleaves in the same launch \\(\\[schedule\\] interleave = primitives\\)$"
for e in t-ar0 t-ar1; do
	check "$e (interleave = none, or edition 1) times no primitives" sh -c \
		"\"$PREREG\" run $e --dry-run >\"$SCRATCH/dry\" && ! grep -q '$interleaves' \"$SCRATCH/dry\""
done
expect_exit 0 "analyze t-ar --json" "$PREREG" analyze t-ar --json
cp "$SCRATCH/out" "$SCRATCH/t-ar.json"

check "each cell's formula is priced by the run's own primitives" \
	python3 - "$SCRATCH/t-ar.json" predictions/t-ar.json <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))["runs"][-1]
pred = json.load(open(sys.argv[2]))
stat = {(c["config"], c["phase"], c.get("bytes")): c["statistic_s"]
        for c in a["cells"]}
count = {(c["config"], c["bytes"]): c.get("copies", {}).get("count", 0)
         for c in pred["cells"]}
rows = a["primitives"]
assert len(rows) == 4, rows
close = lambda x, y: abs(x - y) <= 1e-12 + 1e-9 * abs(y)
seen = set()
for q in rows:
    c, n, f = q["config"], q["bytes"], q["formula"]
    s = lambda ph, m: stat[(c, ph, m)]
    if f == "ring":
        t, r = 2 * s("sendrecv", n // 2), s("reduce_local", n // 2)
    else:
        assert f == "reduce+bcast", f
        t, r = s("pingpong", n), s("reduce_local", n)
    k = count[(c, n)]
    cp = k * s("copy", n)
    assert close(q["transfers_s"], t), (q, t)
    assert close(q["reductions_s"], r), (q, r)
    assert close(q["copies_s"], cp), (q, cp)
    assert close(q["formula_s"], t + r + cp), q
    assert close(q["measured_s"], stat[(c, "allreduce", n)]), q
    # what the formula leaves out, and the copy of n it is counted in
    assert close(q["missing_s"], q["measured_s"] - q["formula_s"]), q
    assert close(q["copy_n_s"], s("copy", n)), q
    assert q["ranks"] == 2 and q["negative"] is False, q
    seen.add((f, k))
# ring makes one copy of the message (not in place), reduce+bcast none
assert seen == {("ring", 1), ("reduce+bcast", 0)}, seen
PY
check "report.md has the section, one row per cell" sh -c \
	"sed -n '/^### Formulas priced by the primitives of the same launches/,/^### [A-Z]/p' analysis/t-ar/report.md | grep -c '^| [01] vader' | grep -qx 4"
check "a FAIL names the formula of the primitives as a cause, with its time" \
	python3 - "$SCRATCH/t-ar.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))["runs"][-1]
prim = {(q["config"], q["bytes"]): q for q in a["primitives"]}
fails = [c for c in a["cells"] if c["verdict"] == "FAIL"
         and c["phase"] == "allreduce"]
for c in fails:
    why = [k for k in c.get("causes", []) if k["cause"] == "primitives"]
    assert len(why) == 1, c
    assert why[0]["formula_s"] == prim[(c["config"], c["bytes"])]["formula_s"]
nfail = len(fails)
others = [c for c in a["cells"] if c["verdict"] != "FAIL"]
assert not any(k["cause"] == "primitives" for c in others
               for k in c.get("causes", [])), others
print(nfail)
PY
check "the conclusion sums them up: range, median, count, the farthest cell" \
	python3 - "$SCRATCH/t-ar.json" analysis/t-ar/report.md <<'PY'
import json, statistics, sys
a = json.load(open(sys.argv[1]))["runs"][-1]
x = {(q["config"], q["bytes"]): q["measured_s"] / q["formula_s"]
     for q in a["primitives"] if not q["negative"]}
c = a["conclusion"]["primitives"]
assert c["cells"] == len(x) == 4, c
near = lambda u, v: abs(u - v) <= 1e-9 * abs(v)
assert near(c["min"], min(x.values())), (c, x)
assert near(c["max"], max(x.values())), (c, x)
assert near(c["median"], statistics.median(x.values())), (c, x)
far = max(x, key=x.get)
assert (c["farthest_config"], c["farthest_bytes"]) == far, (c, x)
label = {k["config"]: k["config_label"] for k in a["cells"]}
md = open(sys.argv[2]).read()
line = [l for l in md.splitlines()
        if l.startswith("  - the cells' formulas priced by the primitives")]
assert len(line) == 1, line
assert "over 4 cells that are no negative control" in line[0], line
assert ("farthest: %s at %d B;" % (label[far[0]], far[1])) in line[0], line
# at the smallest size (1024 B) the least and most time left out; from
# 64 KiB up (65536 B is in, 1024 B out) the cell that leaves out most
left = {(q["config"], q["bytes"]): q["measured_s"] - q["formula_s"]
        for q in a["primitives"] if not q["negative"]}
small = [v for (k, n), v in left.items() if n == 1024]
sm = c["smallest"]
assert sm["bytes"] == 1024 and len(small) == 2, (sm, left)
assert near(sm["missing_min_s"], min(small)), (sm, small)
assert near(sm["missing_max_s"], max(small)), (sm, small)
assert "; at 1024 B, the smallest size, they leave out " in line[0], line
big = {k: v for k, v in left.items() if k[1] >= 65536 and v > 0}
if big:
    m = max(big, key=big.get)
    assert (c["missing"]["config"], c["missing"]["bytes"]) == m, (c, big)
    assert near(c["missing"]["missing_s"], big[m]), (c, big)
    want = "; from 64 KiB up the largest time a formula leaves out: %s at %d B, " % (label[m[0]], m[1])
    assert want in line[0], (want, line)
    assert "copies of the whole message as these launches timed it" in line[0], line
else:
    assert "missing" not in c and "leaves out:" not in line[0], (c, line)
print(sorted(left.items()))
PY
if grep -q "primitives: its formula of the primitives timed in the same launches makes" \
	analysis/t-ar/report.md ||
	! grep -q '| FAIL |' analysis/t-ar/report.md; then
	ok "report.md's causes say so (or no cell FAILed)"
else
	not_ok "report.md's causes say so (or no cell FAILed)"
fi

# the same experiment without the primitives: nothing to price them by
expect_exit 0 "run t-ar0 (interleave = none)" "$PREREG" run t-ar0
expect_exit 0 "analyze t-ar0 --json" "$PREREG" analyze t-ar0 --json
cp "$SCRATCH/out" "$SCRATCH/t-ar0.json"
check "its JSON has no primitives, nor its conclusion" python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))["runs"][-1]
assert "primitives" not in a, a.get("primitives")
assert "primitives" not in a["conclusion"], a["conclusion"]
assert any(c["phase"] == "allreduce" for c in a["cells"])' "$SCRATCH/t-ar0.json"
check "nor its report the section or the conclusion's line" sh -c \
	"! grep -q 'Formulas priced by the primitives\|priced by the primitives of the same launches' analysis/t-ar0/report.md"
echo "1..$n"
