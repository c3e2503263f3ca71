#!/bin/sh
# t0057: prereg summary, the reviewer's page: per experiment the last
# complete run of its pin and its verdict, the run before it as its
# reference and whether the verdict reproduced (with compare's row
# counts), busy launches and the audit's grade; --json, --junit FILE
# (well-formed, failures where a verdict FAILs, did not reproduce or a
# run is broken), --write (analysis/SUMMARY.md, never through a link);
# list's LAST RUN and VERDICT; repro ends with its experiment's row; a
# last run on another processor than its reference says so
. "$(dirname "$0")/../lib.sh"
fixture validated "$SCRATCH/repo"

expect_exit 0 "summary of two experiments with one run each" \
	"$PREREG" summary --json
cp "$SCRATCH/out" "$SCRATCH/one.json"
check "each has its last run, no reference, a grade" python3 - \
	"$SCRATCH/one.json" <<'PY'
import json, os, sys
s = json.load(open(sys.argv[1]))["experiments"]
assert [x["experiment"] for x in s] == ["t-calib", "t-kv"], s
for x in s:
    runs = sorted(d for d in os.listdir("runs/" + x["experiment"])
                  if d != "ledger.jsonl")
    assert x["last_run"] == runs[-1], (x, runs)
    assert x["reference_run"] is None and x["reproduced"] is None, x
    assert x["rows"] is None and x["grade"] == "anchored", x
    assert x["pin"] == "prereg/pin/%s/1" % x["experiment"], x
c, k = s
assert c["kind"] == "calibration" and c["verdict"] == "MEASURED", c
assert c["claim"].startswith("Hockney alpha and beta"), c
assert k["kind"] == "validation", k
assert k["verdict"] in ("PASS", "FAIL", "INCONCLUSIVE"), k
PY

expect_exit 0 "a second run of t-kv" "$PREREG" run t-kv --quick
expect_exit 0 "summary of t-kv" "$PREREG" summary t-kv --json
cp "$SCRATCH/out" "$SCRATCH/two.json"
ref=$(ls runs/t-kv | grep -v ledger | sed -n 1p)
last=$(ls runs/t-kv | grep -v ledger | sed -n 2p)
"$PREREG" compare "$ref" "$last" --json >"$SCRATCH/compare.json"
check "the run before is the reference; reproduced is the verdicts' agreement; the rows are compare's" \
	python3 - "$SCRATCH/two.json" "$SCRATCH/compare.json" "$ref" "$last" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["experiments"]
c = json.load(open(sys.argv[2]))
assert len(s) == 1, s
x = s[0]
assert x["last_run"] == sys.argv[4] and x["reference_run"] == sys.argv[3], x
assert x["reproduced"] == (x["verdict"] == x["reference_verdict"]), x
assert x["rows"] == c["verdicts"], (x["rows"], c["verdicts"])
assert x["busy"]["recorded"] == 4 and 0 <= x["busy"]["busy"] <= 4, x
assert x["other_cpu"] is False, x
PY
expect_exit 0 "the markdown table" "$PREREG" summary t-kv
expect_out "its header" "^\| experiment \| kind \| last run of its pin \| verdict \|"
expect_out "t-kv's row names both runs" "^\| t-kv \| validation \| $last \| [A-Z]+ \| .* \| $ref \| [A-Z]+ \| (yes|no) \|"
expect_out "the totals" "^1 experiments: .* the verdict reproduced in [01] of the 1 with a reference run\.$"
cp "$SCRATCH/out" "$SCRATCH/one-cpu"
check "one processor: no word of another CPU" sh -c \
	"! grep -q 'another CPU' '$SCRATCH/one-cpu'"
# the last run's manifest records another processor (a commit undone
# below): reproduced says so, the JSON too, and a line says what it means
python3 - "runs/t-kv/$last/manifest.json" <<'PY' || exit 1
import json, sys
m = json.load(open(sys.argv[1]))
m["environment"]["cpu"] = "Another CPU 9000"
json.dump(m, open(sys.argv[1], "w"), indent=2)
PY
git commit -qam "t-kv's last run on another processor"
expect_exit 0 "summary across processors" "$PREREG" summary t-kv
expect_out "reproduced says another CPU" \
	"^\| t-kv \| validation \| $last \| .* \| $ref \| [A-Z]+ \| (yes|no) \(another CPU\) \|"
expect_out "and what that means" \
	"^\(another CPU\): the two runs' manifests record different processors, so a DIFFERENT row may measure the machines rather than a failure to reproduce; \`prereg repro NAME --recalibrate\` compares the model's error instead\.$"
"$PREREG" summary t-kv --json >"$SCRATCH/cpu.json"
check "--json: other_cpu" python3 -c '
import json, sys
x = json.load(open(sys.argv[1]))["experiments"][0]
assert x["other_cpu"] is True, x
' "$SCRATCH/cpu.json"
git reset -q --hard HEAD~1

expect_exit 0 "--junit" "$PREREG" summary --junit "$SCRATCH/junit.xml"
check "the JUnit XML parses; its failures are the FAIL or unreproduced rows" \
	python3 - "$SCRATCH/junit.xml" "$SCRATCH/two.json" <<'PY'
import json, sys
import xml.etree.ElementTree as ET
suite = ET.parse(sys.argv[1]).getroot().find("testsuite")
cases = {c.get("name"): c for c in suite.findall("testcase")}
assert sorted(cases) == ["t-calib", "t-kv"], cases
assert cases["t-calib"].find("failure") is None
k = json.load(open(sys.argv[2]))["experiments"][0]
fails = k["verdict"] == "FAIL" or k["reproduced"] is False
assert (cases["t-kv"].find("failure") is not None) == fails, k
assert suite.get("tests") == "2" and suite.get("failures") == str(int(fails))
assert suite.get("skipped") == "0"
PY

expect_exit 0 "--write" "$PREREG" summary --write
cp "$SCRATCH/out" "$SCRATCH/printed"
check "analysis/SUMMARY.md holds the table" sh -c \
	"head -n 1 analysis/SUMMARY.md | grep -qx '# Summary' &&
	 grep -q '^| t-kv | validation | $last |' analysis/SUMMARY.md"
check "and what summary printed, below its heading" sh -c \
	"tail -n +5 analysis/SUMMARY.md | diff - '$SCRATCH/printed'"
mv analysis "$SCRATCH/analysis.real" && ln -s "$SCRATCH/analysis.real" analysis
expect_exit 3 "--write refuses an analysis directory that is a link" \
	"$PREREG" summary --write
rm analysis && mv "$SCRATCH/analysis.real" analysis

expect_exit 0 "list" "$PREREG" list
expect_out "list's columns" "^EXPERIMENT +KIND +PIN +LAST RUN +VERDICT +RUNS$"
verdict=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["experiments"][0]["verdict"])' "$SCRATCH/two.json")
expect_out "t-kv's last run and the summary's verdict" \
	"^t-kv +validation +prereg/pin/t-kv/1 +$last +$verdict +2 complete"
expect_out "t-calib: measured" "^t-calib +calibration .* MEASURED +1 complete"

# a broken run: its archive no longer what the manifest hashed
printf 'x' >>"runs/t-kv/$last/timings.csv.gz"
git commit -qam "break t-kv's last run"
expect_exit 0 "summary of a broken run" "$PREREG" summary --junit "$SCRATCH/broken.xml"
expect_out "its grade is broken" "^\| t-kv \| .* \| broken \| prereg/pin/t-kv/1 \|"
check "JUnit fails it as broken" grep -q \
	"name=\"t-kv\"><failure message=\"run $last is broken" "$SCRATCH/broken.xml"
git reset -q --hard HEAD~1

expect_exit 0 "analyze t-kv" "$PREREG" analyze t-kv
check "report.md opens with its conclusion, the last run's word the summary's" sh -c \
	"sed -n 5p analysis/t-kv/report.md | grep -qx '## Conclusion' &&
	 grep -q '^- Run $last of prereg/pin/t-kv/1: \\*\\*$verdict\\*\\*: ' analysis/t-kv/report.md &&
	 grep -q '^What would change them:\$' analysis/t-kv/report.md"
"$PREREG" analyze t-kv --json >"$SCRATCH/analyze.json"
check "--json: each run's conclusion" python3 -c '
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
assert runs[-1]["conclusion"]["verdict"] == sys.argv[2], runs[-1]["conclusion"]
assert all(r["conclusion"]["changes"] for r in runs)
' "$SCRATCH/analyze.json" "$verdict"

expect_exit 2 "an unknown experiment" "$PREREG" summary t-none
expect_out "named" "no experiment 't-none'"

expect_exit 0 "repro" "$PREREG" repro t-calib --launches 1 --reps 1
expect_out "ends with its experiment's summary row, graded by the audit it made" "^\| t-calib \| calibration \| [0-9TZa-f-]+ \| MEASURED \| .* \| anchored \| prereg/pin/t-calib/1 \|"
echo "1..$n"
