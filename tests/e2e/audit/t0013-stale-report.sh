#!/bin/sh
# t0013: a committed report that later runs have outgrown is stale, not
# broken: the audit recomputes it from the runs it covers, passes it with a
# warning that names the runs it does not cover (exit 0), and fails it
# (exit 1) only when its figures are not what those runs give; a report
# made before a later pin is rendered as its commit would (that commit's
# spec and prediction) and warned stale, and fails only when tampered; a
# run without a report warns, an experiment without runs is listed once
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
# t-calib with transport default: a bogus pml in the environment (which
# the default transport does not override) makes a failed run
sed 's/transport = vader, tcp/transport = vader, default/' \
	experiments/t-calib/experiment.ini >experiments/t-calib/x &&
	mv experiments/t-calib/x experiments/t-calib/experiment.ini
git commit -q -am "t-calib: transports vader, default"
"$PREREG" predict t-calib >/dev/null && "$PREREG" pin t-calib >/dev/null

# ids: the run ids of t-calib, oldest first
ids() { ls runs/t-calib | grep -v ledger; }
# analysis RESULT|REASON: the audit's analysis check of t-calib (--json)
analysis() {
	python3 - "$SCRATCH/audit.json" "$1" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
c = [e["checks"][0] for e in j["experiments"] if e["experiment"] == "t-calib"]
print(c[0][sys.argv[2]] if c else "none")
PY
}
audit_json() { "$PREREG" audit --json >"$SCRATCH/audit.json" 2>/dev/null; }

"$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
first=$(ids)
expect_exit 0 "the audit of a run without its report" "$PREREG" audit
expect_out "its analysis warns" "^t-calib +analysis W"
expect_out "that the report is not committed" \
	"t-calib analysis: analysis/t-calib/report.md is not committed"
expect_out "an experiment without runs is no warning" "^t-kv +analysis -$"
expect_out "but listed once" "^  no committed run, nothing to report: t-kv$"
"$PREREG" analyze t-calib >/dev/null 2>&1
git add analysis/t-calib && git commit -q -m "t-calib report"
expect_exit 0 "the audit of a report that covers every run" "$PREREG" audit
expect_out "its analysis passes" "^t-calib +analysis P"

"$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
second=$(ids | grep -v "$first")
check "the second run is committed" git cat-file -e "HEAD:runs/t-calib/$second"
expect_exit 0 "a report older than a run: the audit still exits 0" \
	"$PREREG" audit
expect_out "the analysis warns" "^t-calib +analysis W"
expect_out "naming the run it does not cover" \
	"t-calib analysis: .*stale: it does not cover run $second "
check "audit --json exits 0" audit_json
check "--json: ok" python3 -c "import json; assert json.load(open('$SCRATCH/audit.json'))['ok'] is True"
check "--json: the analysis check is WARN" test "$(analysis result)" = WARN
check "--json: its reason names the run" sh -c \
	"echo '$(analysis reason)' | grep -q 'does not cover run $second '"
check "--json: and not the run it covers" sh -c \
	"! echo '$(analysis reason)' | grep -q '$first'"

# a failed run is covered too, as one the report did not analyze
OMPI_MCA_pml=no-such-pml "$PREREG" run t-calib --launches 1 --reps 2 \
	>/dev/null 2>&1
failed=$(ids | grep -v "$first" | grep -v "$second")
check "the failed run is committed" git cat-file -e "HEAD:runs/t-calib/$failed"
audit_json
check "two runs not covered: both named" sh -c \
	"echo '$(analysis reason)' | grep -q 'does not cover runs $second, $failed '"
"$PREREG" analyze t-calib >/dev/null 2>&1
check "the new report leaves the failed run out" \
	grep -q "not analyzed: $failed (failed)" analysis/t-calib/report.md
git add analysis/t-calib && git commit -q -m "t-calib report, again"
expect_exit 0 "the audit of the report made again" "$PREREG" audit
expect_out "its analysis passes without a warning" "^t-calib +analysis P"

# a report covering one run of three, as 'prereg analyze NAME RUNID' writes it
"$PREREG" analyze t-calib "$first" >/dev/null 2>&1
git add analysis/t-calib && git commit -q -m "t-calib report of the first run"
audit_json
check "a one-run report passes with a warning" test "$(analysis result)" = WARN
check "naming the two other runs" sh -c \
	"echo '$(analysis reason)' | grep -q 'from the 1 run it covers.*does not cover runs $second, $failed '"

# a report of the failed run alone ('prereg analyze NAME' would leave it out)
"$PREREG" analyze t-calib "$failed" >/dev/null 2>&1
git add analysis/t-calib && git commit -q -m "t-calib report of the failed run"
audit_json
check "a report of one failed run passes with a warning" \
	test "$(analysis result)" = WARN
"$PREREG" analyze t-calib "$first" >/dev/null 2>&1
git add analysis/t-calib && git commit -q -m "t-calib report of the first run"

# tampered: one figure of the committed report changed
# bump_figure: one figure of the committed t-calib report changed (the
# first count of its table's first row, plus one)
bump_figure() {
	python3 - analysis/t-calib/report.md <<'PY'
import re, sys
p = sys.argv[1]
lines = open(p).read().split("\n")
for i, l in enumerate(lines):
    m = re.match(r"(\| 0 [^|]*\|[^|]*\| )(\d+)( \|.*)", l)
    if m:
        lines[i] = m.group(1) + str(int(m.group(2)) + 1) + m.group(3)
        break
else:
    sys.exit("no table row")
open(p, "w").write("\n".join(lines))
PY
}
bump_figure
check "one figure changed" sh -c "git diff --numstat | grep -q '^1	1	analysis/t-calib/report.md'"
git commit -q -am "t-calib report, one figure changed"
expect_exit 1 "the audit of a tampered report fails" "$PREREG" audit
expect_out "the analysis fails" "^t-calib +analysis F"
expect_out "it says the report differs" \
	"report.md differs from what 'prereg analyze t-calib' computes now from the runs it covers"

# a report made before a later pin is stale, not broken: the audit renders
# it as its commit would (that commit's spec and prediction)
"$PREREG" analyze t-calib >/dev/null 2>&1
git add analysis/t-calib && git commit -q -m "t-calib report again"
expect_exit 0 "the audit of the report made again" "$PREREG" audit
expect_out "its analysis passes" "^t-calib +analysis P"
sed 's/^claim = .*/claim = Hockney alpha and beta, pinned again/' \
	experiments/t-calib/experiment.ini >experiments/t-calib/x &&
	mv experiments/t-calib/x experiments/t-calib/experiment.ini
git commit -q -am "t-calib: a new claim"
"$PREREG" predict t-calib >/dev/null 2>&1 && "$PREREG" pin t-calib >/dev/null 2>&1
check "a second pin" git rev-parse -q --verify refs/tags/prereg/pin/t-calib/2
expect_exit 0 "a report older than a pin: the audit still exits 0" \
	"$PREREG" audit
expect_out "its analysis warns" "^t-calib +analysis W"
audit_json
analysis reason >"$SCRATCH/reason"
check "saying it is what its commit computed and a later pin changed" \
	grep -q "report.md is what 'prereg analyze t-calib' computed at its commit [0-9a-f]*, with the spec and prediction that commit holds, but it is stale: a later pin changed them" "$SCRATCH/reason"
bump_figure || exit 1
git commit -q -am "t-calib report, one figure changed after the pin"
expect_exit 1 "a report tampered after a later pin still fails" "$PREREG" audit
expect_out "the analysis fails" "^t-calib +analysis F"
echo "1..$n"
