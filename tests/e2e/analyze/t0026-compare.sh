#!/bin/sh
# t0026: prereg compare RUN_A RUN_B: two real runs of one pin (a table
# and verdicts), a forged B whose durations are A's times 3 (DIFFERENT
# everywhere), --json, byte-identical reruns, a manifest difference (a
# warning above the verdicts), busy launches of both runs, the
# Reproduction section of report.md (each rerun against the reference of
# its own pin), runs of two pins compared over the rows both hold, and
# the errors (unknown run, runs of two experiments, no samples)
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# 6 launches: the fewest whose medians have a 95% interval; a fixed
# inner, since the analysis splits a warm ping-pong by its rows (inner)
mkdir -p experiments/t-cmp
cat >experiments/t-cmp/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = a ping-pong that reruns the same
workload = pingpong
[shape]
min_bytes = 8
max_bytes = 64
factor = 8
inner = 4
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 6
reps = 3
warmup = 1
[analysis]
reproduce_tolerance = compute:0.04, comm:0.6
INI
git add experiments/t-cmp && git commit -qm "t-cmp"
"$PREREG" predict t-cmp >/dev/null && "$PREREG" pin t-cmp >/dev/null ||
	exit 1
expect_exit 0 "first run" "$PREREG" run t-cmp
expect_exit 0 "second run of the same pin" "$PREREG" run t-cmp
A=$(ls runs/t-cmp | grep -v ledger | sed -n 1p)
B=$(ls runs/t-cmp | grep -v ledger | sed -n 2p)

expect_exit 0 "compare two runs of one pin" "$PREREG" compare "$A" "$B"
cp "$SCRATCH/out" "$SCRATCH/same"
expect_out "a table with both medians and B/A" \
	"^\| config \| phase \| bytes \| A median .*B/A \[95% interval\]"
expect_out "verdicts counted" \
	"^\*\*Reproduction: [0-9]+ REPRODUCED, [0-9]+ DIFFERENT, [0-9]+ INCONCLUSIVE"
expect_out "the tolerance of the pinned spec" \
	"Tolerance:.*compute 0.04 .*comm 0.6 .*from the spec pinned for A \(blob [0-9a-f]{12}\)$"
expect_out "the manifests side by side, the same rows marked" \
	"^\| kernel \| .* \| same \|$"
expect_out "the compiler recorded" "^\| compiler \| (gcc|clang) "
if grep -q "warning" "$SCRATCH/same"; then
	not_ok "no warning for two runs of one pin and one tool"
else ok "no warning for two runs of one pin and one tool"; fi
"$PREREG" compare "$A" "$B" >"$SCRATCH/again" 2>&1
if cmp -s "$SCRATCH/same" "$SCRATCH/again"; then
	ok "a second compare prints the same bytes"
else not_ok "a second compare prints other bytes"; fi

# The Reproduction section: the later run against the first
expect_exit 0 "analyze both runs" "$PREREG" analyze t-cmp
if grep -q "^## Reproduction" analysis/t-cmp/report.md &&
	grep -q "^### $B against $A" analysis/t-cmp/report.md; then
	ok "report.md compares the later run with the first"
else not_ok "report.md has no Reproduction section"; fi

# A forged B: A's run directory, every duration times 3 (compare reads
# raw archives and does not audit)
F=20991231T000000Z-f0f0f0
python3 - "$A" "$F" <<'PY' || exit 1
import gzip, json, shutil, sys
a, f = sys.argv[1], sys.argv[2]
shutil.copytree(f"runs/t-cmp/{a}", f"runs/t-cmp/{f}")
lines = gzip.open(f"runs/t-cmp/{a}/timings.csv.gz", "rt").read().splitlines()
out = [lines[0]]
for line in lines[1:]:
    v = line.split(",")
    t0, t1 = int(v[10]), int(v[11])
    v[11] = str(t0 + 3 * (t1 - t0))
    out.append(",".join(v))
with gzip.open(f"runs/t-cmp/{f}/timings.csv.gz", "wt") as g:
    g.write("\n".join(out) + "\n")
m = json.load(open(f"runs/t-cmp/{f}/manifest.json"))
m["run_id"] = f
json.dump(m, open(f"runs/t-cmp/{f}/manifest.json", "w"), indent=2)
PY
expect_exit 0 "compare with the forged run" "$PREREG" compare "$A" "$F"
cp "$SCRATCH/out" "$SCRATCH/forged"
expect_out "the compute rows are DIFFERENT at 0.04" "\| 3\.00 \[[0-9.]+, [0-9.]+\] \| compute 0.04 \| DIFFERENT \|"
# B/A is exactly 3 on every row; whether a comm row's interval clears
# the 0.6 tolerance depends on how much A's launches varied (a loaded
# machine widens it), the compute rows' (0.04) hardly
check "B/A is 3.00 on every row" sh -c "[ \$(grep -cE '^\| 0 vader/spread \| ' '$SCRATCH/forged') = 6 ] &&
	[ \$(grep -cE '\| 3\.00 \[[0-9.]+, [0-9.]+\] \| (comm 0.6|compute 0.04) \|' '$SCRATCH/forged') = 6 ]"
# B/A is exactly 3 in every row; a row is DIFFERENT unless A's launches
# spread so widely (a busy machine) that the interval reaches the
# tolerance: then INCONCLUSIVE, never REPRODUCED
check "no row of the forged pair is REPRODUCED" sh -c \
	"grep -q '^| 0 ' '$SCRATCH/forged' &&
	 ! grep '^| 0 ' '$SCRATCH/forged' | grep -q '| REPRODUCED |\$'"
check "and some are DIFFERENT" grep -qE \
	"^\*\*Reproduction: 0 REPRODUCED, [1-9][0-9]* DIFFERENT, [0-9]+ INCONCLUSIVE\*\*" \
	"$SCRATCH/forged"

"$PREREG" compare "$A" "$F" --json >"$SCRATCH/json" 2>"$SCRATCH/err"
check "--json parses" python3 -m json.tool "$SCRATCH/json"
check "--json: DIFFERENT exactly where the interval is above the tolerance" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
v = [x["verdict"] for x in c["cells"]]
assert v and "DIFFERENT" in v, v
assert c["verdicts"]["DIFFERENT"] == v.count("DIFFERENT")
assert all(2.9 < x["ratio"] < 3.1 for x in c["cells"])
for x in c["cells"]:
    above = x["ratio_ci"][0] > x["acceptance"][1]
    assert x["verdict"] == ("DIFFERENT" if above else "INCONCLUSIVE"), x
assert c["tolerance"] == {"compute": 0.04, "comm": 0.6,
                          "from": c["tolerance"]["from"]}
assert c["a"]["run_id"] and c["b"]["run_id"] and c["facts"]
' "$SCRATCH/json"

# A manifest difference: another prereg version and another MCA value
W=20991231T000000Z-e0e0e0
python3 - "$B" "$W" <<'PY' || exit 1
import json, shutil, sys
b, w = sys.argv[1], sys.argv[2]
shutil.copytree(f"runs/t-cmp/{b}", f"runs/t-cmp/{w}")
p = f"runs/t-cmp/{w}/manifest.json"
m = json.load(open(p))
m["run_id"] = w
m["prereg_version"] = "v0.0.0-other"
for l in m["launches"]:
    argv = l["argv"]
    for i, s in enumerate(argv[:-1]):
        if s == "--mca" and argv[i + 1] == "pml":
            argv[i + 2] = "ucx"
json.dump(m, open(p, "w"), indent=2)
PY
expect_exit 0 "compare with a run of another tool" "$PREREG" compare "$A" "$W"
cp "$SCRATCH/out" "$SCRATCH/warn"
expect_out "the version difference marked" \
	"^\| prereg version \| .* \| v0.0.0-other \| \*\*differs\*\* \|$"
expect_out "a warning for the tool's version" \
	"^- \*\*warning:\*\* prereg version differs"
expect_out "a warning for the MCA setting" \
	"^- \*\*warning:\*\* MCA pml differs \(A: ob1; B: ucx\)"
wline=$(grep -n "warning:" "$SCRATCH/warn" | head -n 1 | cut -d: -f1)
vline=$(grep -n "^\*\*Reproduction:" "$SCRATCH/warn" | cut -d: -f1)
if [ -n "$wline" ] && [ -n "$vline" ] && [ "$wline" -lt "$vline" ]; then
	ok "the warnings come above the verdicts"
else not_ok "no warning above the verdicts ($wline, $vline)"; fi

# The TCP congestion control: a run records the kernel's default (a
# socket's, under which tcp's large messages after small ones took twice
# as long with bbr as with cubic); a copy of B under another one is a
# warned difference; copies of A and B recording none (runs from before
# the key) compare as they did, without the row; one recording none
# against one that does: a row, no warning (no known difference)
if [ ! -r /proc/sys/net/ipv4/tcp_congestion_control ]; then
	ok "# SKIP no /proc/sys/net/ipv4/tcp_congestion_control here"
else
check "a run records the kernel's TCP congestion control" python3 -c "
import json
m = json.load(open('runs/t-cmp/$B/manifest.json'))
want = open('/proc/sys/net/ipv4/tcp_congestion_control').read().strip()
assert m['environment']['tcp_congestion_control'] == want, m['environment']
"
C=20991231T000000Z-c0c0c0
NA=20991231T000000Z-a1a1a1
NB=20991231T000000Z-b1b1b1
python3 - "$A" "$B" "$C" "$NA" "$NB" <<'PY' || exit 1
import json, shutil, sys
a, b, c, na, nb = sys.argv[1:]
def copy(src, dst, cc):
    shutil.copytree(f"runs/t-cmp/{src}", f"runs/t-cmp/{dst}")
    p = f"runs/t-cmp/{dst}/manifest.json"
    m = json.load(open(p))
    m["run_id"] = dst
    env = m["environment"]
    if cc is None:
        env.pop("tcp_congestion_control", None)
    else:
        env["tcp_congestion_control"] = cc
    json.dump(m, open(p, "w"), indent=2)
own = json.load(open(f"runs/t-cmp/{b}/manifest.json"))["environment"]
copy(b, c, "reno" if own.get("tcp_congestion_control") != "reno" else "cubic")
copy(a, na, None)
copy(b, nb, None)
PY
cc=$(python3 -c "import json; print(json.load(open('runs/t-cmp/$C/manifest.json'))['environment']['tcp_congestion_control'])")
expect_exit 0 "compare with a run under another congestion control" \
	"$PREREG" compare "$A" "$C"
expect_out "the difference marked" \
	"^\| TCP congestion control \| [a-z0-9]+ \| $cc \| \*\*differs\*\* \|$"
expect_out "and warned" \
	"^- \*\*warning:\*\* TCP congestion control differs"
expect_exit 0 "compare of the same control" "$PREREG" compare "$A" "$B"
cp "$SCRATCH/out" "$SCRATCH/same"
check "the same control: a row, no warning" sh -c \
	"grep -qE '^\| TCP congestion control \| ([a-z0-9]+) \| \\1 \| same \|\$' '$SCRATCH/same' &&
	! grep -q 'warning:.*congestion' '$SCRATCH/same'"
expect_exit 0 "compare of two runs recording none" "$PREREG" compare "$NA" "$NB"
cp "$SCRATCH/out" "$SCRATCH/none"
check "no row for a fact neither run recorded" sh -c \
	"grep -q '^| kernel |' '$SCRATCH/none' && ! grep -q 'congestion' '$SCRATCH/none'"
expect_exit 0 "compare of one recording it and one not" \
	"$PREREG" compare "$NA" "$B"
cp "$SCRATCH/out" "$SCRATCH/one"
check "not recorded against the value: a row, no warning" sh -c \
	"grep -qE '^\| TCP congestion control \| not recorded \| [a-z0-9]+ \|' '$SCRATCH/one' &&
	! grep -q 'warning:.*congestion' '$SCRATCH/one'"
rm -rf "runs/t-cmp/$C" "runs/t-cmp/$NA" "runs/t-cmp/$NB"
fi

# The processor: a copy of B recording another CPU is a warned
# difference (its DIFFERENT rows may measure the machines); A and B (one
# machine) have none; a copy recording none is a row, not a warning
D=20991231T000000Z-d1d1d1 E=20991231T000000Z-d2d2d2
python3 - "$B" "$D" "$E" <<'PY' || exit 1
import json, shutil, sys
b, d, e = sys.argv[1:]
for x in (d, e):
    shutil.copytree(f"runs/t-cmp/{b}", f"runs/t-cmp/{x}")
    p = f"runs/t-cmp/{x}/manifest.json"
    m = json.load(open(p))
    m["run_id"] = x
    if x == d:
        m["environment"]["cpu"] = "Another CPU 9000"
    else:
        m["environment"].pop("cpu", None)
    json.dump(m, open(p, "w"), indent=2)
PY
expect_exit 0 "compare with a run on another processor" "$PREREG" compare "$A" "$D"
expect_out "the processor warned, with what to do" \
	"^- \*\*warning:\*\* CPU differs \(A: [^;]+; B: Another CPU 9000\): another processor: a DIFFERENT row may measure the machines, not a failure to reproduce \(\`prereg repro NAME --recalibrate\` compares the model's error instead\)$"
expect_exit 0 "compare of two runs of one processor" "$PREREG" compare "$A" "$B"
cp "$SCRATCH/out" "$SCRATCH/cpu-same"
check "one processor: a row, no warning" sh -c \
	"grep -q '^| CPU | ' '$SCRATCH/cpu-same' && ! grep -q 'warning:\*\* CPU' '$SCRATCH/cpu-same'"
expect_exit 0 "compare with a run recording no processor" "$PREREG" compare "$A" "$E"
cp "$SCRATCH/out" "$SCRATCH/cpu-none"
check "not recorded against one: a row, no warning" sh -c \
	"grep -qE '^\| CPU \| [^|]+ \| not recorded \| \*\*differs\*\* \|' '$SCRATCH/cpu-none' && ! grep -q 'warning:\*\* CPU' '$SCRATCH/cpu-none'"
rm -rf "runs/t-cmp/$D" "runs/t-cmp/$E"

# Busy launches: copies of B whose every launch record says other
# processes took 1.5 (X) or none (Q, Q2) of the 2 CPUs the ranks used
# (A and B ran beside other tests: theirs may say anything)
X=20991231T000000Z-b0b0b0 Q=20991231T000000Z-a0a0a0 Q2=20991231T000000Z-a1a1a1
python3 - "$B" "$X" 1.5 "$Q" 0 "$Q2" 0 <<'PY' || exit 1
import json, shutil, sys
b = sys.argv[1]
for x, other in zip(sys.argv[2::2], sys.argv[3::2]):
    shutil.copytree(f"runs/t-cmp/{b}", f"runs/t-cmp/{x}")
    p = f"runs/t-cmp/{x}/manifest.json"
    m = json.load(open(p))
    m["run_id"] = x
    for l in m["launches"]:
        l["machine"].update({"other_cores": float(other), "rank_cpus": 2})
    json.dump(m, open(p, "w"), indent=2)
PY
expect_exit 0 "compare with a run whose launches ran on a busy machine" \
	"$PREREG" compare "$Q" "$X"
expect_out "both runs' busy launches, and that they count (flag)" \
	"^- \*\*Busy launches:\*\* A 0 of 6, B \*\*6 of 6\*\* launches with a machine record ran on a busy machine; they count toward the verdicts \(rule: flag\), which may then reflect the load"
"$PREREG" compare "$Q" "$X" --json >"$SCRATCH/busy.json"
check "--json carries the busy record of both runs" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
assert c["busy"] == {"rule": "flag", "a": {"busy": 0, "recorded": 6},
                     "b": {"busy": 6, "recorded": 6}}, c["busy"]
assert c["across_pins"] is False and c["left_out"] == 0
' "$SCRATCH/busy.json"
expect_exit 0 "compare of two quiet runs" "$PREREG" compare "$Q" "$Q2"
expect_out "says none was busy, without the caution" \
	"^- \*\*Busy launches:\*\* A 0 of 6, B 0 of 6 launches with a machine record ran on a busy machine; they count toward the verdicts \(rule: flag\)$"
rm -rf "runs/t-cmp/$X" "runs/t-cmp/$Q" "runs/t-cmp/$Q2"

# The errors
expect_exit 2 "an unknown run" "$PREREG" compare "$A" 20990101T000000Z-000000
expect_out "the unknown run named" "no run '20990101T000000Z-000000'"
O=20991231T000000Z-c0c0c0
mkdir -p runs/t-other && cp -r "runs/t-cmp/$B" "runs/t-other/$O"
expect_exit 2 "runs of two experiments" "$PREREG" compare "$A" "$O"
expect_out "both experiments named" \
	"runs '$A' \(t-cmp\) and '$O' \(t-other\) are of different experiments"
rm -rf runs/t-other
E=20991231T000000Z-d0d0d0
cp -r "runs/t-cmp/$A" "runs/t-cmp/$E"
python3 - "$E" <<'PY' || exit 1
import gzip, json, sys
d = f"runs/t-cmp/{sys.argv[1]}"
head = gzip.open(f"{d}/timings.csv.gz", "rt").readline()
with gzip.open(f"{d}/timings.csv.gz", "wt") as g:
    g.write(head)
m = json.load(open(f"{d}/manifest.json"))
m["run_id"] = sys.argv[1]
json.dump(m, open(f"{d}/manifest.json", "w"), indent=2)
PY
expect_exit 2 "a run without samples" "$PREREG" compare "$A" "$E"
expect_out "the empty run named" "run '$E' has no samples"
expect_exit 0 "compare --help" "$PREREG" compare --help
expect_out "the help says the rule" "REPRODUCED +the interval lies inside"
expect_exit 2 "one run id is a usage error" "$PREREG" compare "$A"

# A second pin (two more sizes) and a run of it: the Reproduction section
# compares each rerun with the reference of its own pin only; compare
# across the pins says so and keeps only the rows both runs hold
rm -rf runs/t-cmp/2099*
sed -i 's/^max_bytes = 64$/max_bytes = 4096/' experiments/t-cmp/experiment.ini
git commit -qam "t-cmp: larger messages"
"$PREREG" predict t-cmp >/dev/null && "$PREREG" pin t-cmp >/dev/null ||
	exit 1
expect_exit 0 "a run of the second pin" \
	"$PREREG" run t-cmp --launches 2 --reps 1
C=$(ls runs/t-cmp | grep -v ledger | sed -n 3p)
expect_exit 0 "analyze the three runs" "$PREREG" analyze t-cmp
check "report.md compares B with A, the reference of their pin" \
	grep -q "^### $B against $A" analysis/t-cmp/report.md
check "and not the run of the second pin with a run of the first" sh -c \
	"! grep -q '^### $C against' analysis/t-cmp/report.md"
check "it says how rerun and reference are chosen" grep -q \
	"^Each rerun against the reference run of its own pin" \
	analysis/t-cmp/report.md
expect_exit 0 "compare across the two pins, when asked" \
	"$PREREG" compare "$A" "$C"
expect_out "it says the runs are of two pins" \
	"^- \*\*Across pins:\*\* A is of prereg/pin/t-cmp/1, B of prereg/pin/t-cmp/2: only the 6 rows both runs' analyses hold are compared \(6 left out\)$"
expect_no_out "no row is NO-DATA" 'NO-DATA'
"$PREREG" compare "$A" "$C" --json >"$SCRATCH/across.json"
check "--json: across_pins, left_out and only shared rows" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
assert c["across_pins"] is True and c["left_out"] == 6, c
assert len(c["cells"]) == 6 and c["verdicts"]["NO-DATA"] == 0
' "$SCRATCH/across.json"

# [analysis] busy = exclude, pinned for A: copies of C whose manifest names
# a spec blob with the rule; in B launch 0 ran on a busy machine (Y), or
# every launch did (Z): they leave the ratios, a row without a quiet
# launch is NO-DATA
sed 's/^\[analysis\]$/[analysis]\nbusy = exclude/' experiments/t-cmp/experiment.ini \
	>"$SCRATCH/exclude.ini"
blob=$(git hash-object -w "$SCRATCH/exclude.ini")
XA=20991231T000000Z-e1e1e1 Y=20991231T000000Z-e2e2e2 Z=20991231T000000Z-e3e3e3
python3 - "$C" "$blob" "$XA" "" "$Y" 0 "$Z" all <<'PY' || exit 1
import json, shutil, sys
c, blob = sys.argv[1], sys.argv[2]
for x, busy in zip(sys.argv[3::2], sys.argv[4::2]):
    shutil.copytree(f"runs/t-cmp/{c}", f"runs/t-cmp/{x}")
    p = f"runs/t-cmp/{x}/manifest.json"
    m = json.load(open(p))
    m["run_id"] = x
    m["pin"]["spec_blob"] = blob
    for l in m["launches"]:
        hot = busy == "all" or (busy != "" and l["launch"] == int(busy))
        l["machine"].update({"other_cores": 1.5 if hot else 0.0,
                             "rank_cpus": 2})
    json.dump(m, open(p, "w"), indent=2)
PY
expect_exit 0 "compare under busy = exclude" "$PREREG" compare "$XA" "$Y"
expect_out "the rule said" "launches with a machine record ran on a busy machine; they are left out of each row's ratio and interval \(rule: exclude, pinned for A\)$"
expect_out "each row names what it left out" "\| INCONCLUSIVE \(fewer than 6 launches in a run: no 95% interval\) \(busy launches left out: A 0, B 1\) \|$"
"$PREREG" compare "$XA" "$Y" --json >"$SCRATCH/exclude.json"
check "--json: rule exclude, per row the launches left out" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
assert c["busy"]["rule"] == "exclude", c["busy"]
rows = c["cells"]
assert rows and all(x["busy_left_out"] == {"a": 0, "b": 1} for x in rows), rows
' "$SCRATCH/exclude.json"
expect_exit 0 "compare when every launch of B was busy" "$PREREG" compare "$XA" "$Z"
expect_out "no quiet launch: NO-DATA" "\| NO-DATA \(every launch of B ran on a busy machine\) \(busy launches left out: A 0, B 2\) \|$"
expect_exit 0 "the default rule flags them instead" "$PREREG" compare "$C" "$Y"
expect_out "flag" "they count toward the verdicts \(rule: flag\)"
rm -rf runs/t-cmp/2099*

echo "# $n tests"
