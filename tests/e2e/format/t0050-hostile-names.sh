#!/bin/sh
# t0050: names a hostile repository chooses, and a stray run-state.json. A
# run directory whose name is no run id (a backtick command, a newline) is
# named, escaped, as a FAIL by the audit, left out with a warning by
# analyze, refused by every command that takes a run id; gnuplot never
# sees it, so nothing runs. A run directory committed with run-state.json
# fails the audit and analyze leaves it out; an untracked one (a run not
# recorded yet) stays a warning. (tests/CHECKS.md, "Hostile names")
. "$(dirname "$0")/../lib.sh"
base=$SCRATCH/base
fixture calibrated "$base"
run=$(ls runs/t-calib | grep -v ledger)
"$PREREG" analyze t-calib >/dev/null 2>&1
git add analysis && git commit -q -m "analysis of t-calib"
expect_exit 0 "the honest run and its report audit clean" \
	"$PREREG" audit t-calib

# fresh NAME: a copy of the honest repo to attack in
fresh() {
	rm -rf "${SCRATCH:?}/$1"
	cp -a "$base" "$SCRATCH/$1"
	cd "$SCRATCH/$1" || exit 1
}
# copy_run NAME: the honest run again as runs/t-calib/NAME, its manifest
# naming NAME as its run id, committed (as an attacker commits it)
copy_run() {
	mkdir "runs/t-calib/$1" &&
		cp "runs/t-calib/$run/manifest.json" \
			"runs/t-calib/$run/timings.csv.gz" "runs/t-calib/$1/"
	python3 - "runs/t-calib/$1/manifest.json" "$1" <<'PY' || exit 1
import json, sys
m = json.load(open(sys.argv[1]))
m["run_id"] = sys.argv[2]
open(sys.argv[1], "w").write(json.dumps(m, indent=2, sort_keys=True) + "\n")
PY
	git add -A runs && git commit -q -m "a run directory named $1"
}
# no_marker DESC: no file MARKER anywhere under the scratch directory
no_marker() {
	check "$1" sh -c "! find '$SCRATCH' -name MARKER | grep -q ."
}

# A run directory named with a backtick command, its manifest naming the
# same run id: the audit re-renders the committed report, the reviewer runs
# analyze; neither hands the name to gnuplot.
fresh backtick
bad='20261201T000000Z-`touch MARKER`'
copy_run "$bad"
expect_exit 1 "the audit fails a run directory named with a command" \
	timeout 300 "$PREREG" audit t-calib
expect_out "it names the directory and says why" \
	'runs/t-calib/20261201T000000Z-`touch MARKER` is not a run id'
expect_out "its row is broken" '20261201T000000Z-`touch MARKER` +unknown +broken'
no_marker "the audit ran nothing"
expect_exit 1 "the audit --json too" sh -c \
	"timeout 300 '$PREREG' audit --json t-calib >'$SCRATCH/audit.json'"
check "its row's manifest check fails, the honest run is still anchored" \
	python3 -c "
import json
j = json.load(open('$SCRATCH/audit.json'))
r = {r['run_id']: r for r in j['runs']}
c = r['$bad']['checks'][0]
assert c['check'] == 'manifest' and c['result'] == 'FAIL', c
assert 'is not a run id' in c['reason'], c
assert r['$run']['grade'] == 'anchored', r['$run']
"
expect_exit 0 "analyze leaves it out" timeout 300 "$PREREG" analyze t-calib
expect_out "with a warning naming it" \
	'warning: runs/t-calib/20261201T000000Z-`touch MARKER` is not a run id .*skipped'
no_marker "analyze ran nothing"
check "no plot of it" sh -c "! ls analysis/t-calib | grep -q MARKER"
git bundle create -q "$SCRATCH/backtick.bundle" HEAD main 2>/dev/null ||
	git bundle create "$SCRATCH/backtick.bundle" main >/dev/null 2>&1
expect_exit 1 "the audit --bundle fails it too" \
	timeout 300 "$PREREG" audit --bundle "$SCRATCH/backtick.bundle"
expect_out "and names it" 'is not a run id'
no_marker "the audit --bundle ran nothing"
# refused BIN ARGS...: the command refuses the name as a run id (exit 2)
refused() {
	expect_exit 2 "'prereg $1' refuses the name as a run id" \
		timeout 300 "$PREREG" "$@"
	expect_cmp "and says what a run id is, and nothing else" \
		"prereg: invalid run id '20261201T000000Z-\`touch MARKER\`': a run id is YYYYmmddTHHMMSSZ-xxxxxx (UTC time, 6 lowercase hex digits)"
}
refused analyze t-calib "$bad"
refused show "$bad"
refused compare "$run" "$bad"
refused repro t-calib "--as-original=$bad" --dry-run
no_marker "no command ran anything"

# A run directory whose name holds a newline and what looks like a row of
# the audit's table: the table shows it escaped, on the row of its own.
fresh newline
nl='20261201T000000Z-aaaaaa
t-calib  20261201T000000Z-ffffff  complete     time-anchored'
copy_run "$nl"
expect_exit 1 "the audit fails a run directory whose name holds a newline" \
	timeout 300 "$PREREG" audit t-calib
expect_out "the name is on its row, its newline escaped" \
	'^t-calib +20261201T000000Z-aaaaaa\\nt-calib  20261201T000000Z-ffffff  complete     time-anchored +unknown +broken'
expect_out "and in the reason" \
	'aaaaaa\\nt-calib  20261201T000000Z-ffffff  complete     time-anchored is not a run id'
cp "$SCRATCH/out" "$SCRATCH/audit.out"
check "no line of the output starts with the injected row" sh -c \
	"! grep -q '^t-calib  20261201T000000Z-ffffff' '$SCRATCH/audit.out'"
expect_exit 0 "analyze leaves it out" "$PREREG" analyze t-calib
expect_out "its warning on one line" \
	'warning: runs/t-calib/20261201T000000Z-aaaaaa\\nt-calib  20261201T000000Z-ffffff  complete     time-anchored is not a run id'

# The attack of issue 23: the run's durations divided by 3, run-state.json
# added and the report re-analysed, all committed. A committed run
# directory holding run-state.json is no longer "not audited": it FAILs.
fresh state
python3 - "runs/t-calib/$run/timings.csv.gz" <<'PY' || exit 1
import gzip, sys
lines = gzip.open(sys.argv[1], "rt").read().splitlines()
out = [lines[0]]
for ln in lines[1:]:
    f = ln.split(",")
    f[11] = str(int(f[10]) + (int(f[11]) - int(f[10])) // 3)
    out.append(",".join(f))
with gzip.open(sys.argv[1], "wb") as g:
    g.write(("\n".join(out) + "\n").encode())
PY
echo '{}' >"runs/t-calib/$run/run-state.json"
"$PREREG" analyze t-calib >"$SCRATCH/analyze.out" 2>&1
git add -A runs analysis && git commit -q -m "faster"
check "analyze leaves the run out, naming it" grep -q \
	"warning: runs/t-calib/$run holds run-state.json: not a recorded run, not analyzed" \
	"$SCRATCH/analyze.out"
expect_exit 1 "the audit fails the run committed with run-state.json" \
	"$PREREG" audit t-calib
expect_out "its committed check says why" \
	"$run committed: runs/t-calib/$run/run-state.json is committed"
expect_out "the run is broken, not left out" "^t-calib +$run +complete +broken"
cp "$SCRATCH/out" "$SCRATCH/audit.out"
check "no 'not audited' warning for it" sh -c \
	"! grep -q 'is not audited' '$SCRATCH/audit.out'"
git rm -q -r analysis && git commit -q -m "no report"
expect_exit 1 "without a report to recompute, the committed check alone fails it" \
	"$PREREG" audit t-calib
expect_out "the run is broken" "^t-calib +$run +complete +broken +P F P"
expect_out "the analysis is only a warning" "^t-calib +analysis W"
expect_exit 2 "analyze of that run alone refuses it" \
	"$PREREG" analyze t-calib "$run"
expect_out "naming it" "runs/t-calib/$run holds run-state.json"

# The other side of the edge: a run directory holding run-state.json in
# the work tree only (recorded, its commit not made yet) is a warning, and
# the audit passes.
fresh untracked
new=20261201T000000Z-abcdef
mkdir "runs/t-calib/$new" &&
	cp "runs/t-calib/$run/manifest.json" "runs/t-calib/$run/timings.csv.gz" \
		"runs/t-calib/$new/" &&
	echo '{}' >"runs/t-calib/$new/run-state.json"
expect_exit 0 "an uncommitted run directory with run-state.json: the audit passes" \
	"$PREREG" audit t-calib
expect_out "with its warning" "warning: runs/t-calib/$new is not audited"
# prereg show prints the manifest's strings escaped: a launcher that
# clears the screen and adds a line stays on its own line, inert.
fresh show
python3 - "runs/t-calib/$run/manifest.json" <<'PY' || exit 1
import json, sys
m = json.load(open(sys.argv[1]))
m["environment"]["launcher"] = "mpirun\u001b[2J\nstatus     forged"
open(sys.argv[1], "w").write(json.dumps(m, indent=2, sort_keys=True) + "\n")
PY
expect_exit 0 "show, a launcher with control bytes" "$PREREG" show "$run"
expect_out "printed escaped on its line" \
	'^launcher   mpirun\\x1b\[2J\\nstatus     forged$'
cp "$SCRATCH/out" "$SCRATCH/show.out"
check "no line of its own" sh -c "! grep -q '^status     forged' '$SCRATCH/show.out'"
# A directory of runs/ or experiments/ whose name is no experiment name
# (control bytes in it): the audit fails it as a finding, printed escaped;
# list leaves it out with an escaped warning; and every message prereg
# prints escapes the control bytes of what it quotes.
fresh badname
bad=$(printf 'x\033[31my\nz')
mkdir -p "runs/$bad/$run" "experiments/$bad"
cp "runs/t-calib/$run/manifest.json" "runs/$bad/$run/"
cp experiments/t-calib/experiment.ini "experiments/$bad/"
git add -A && git commit -q -m "directories with a hostile name"
expect_exit 1 "a directory of runs/ named with control bytes fails the audit" \
	"$PREREG" audit
expect_out "a name finding for runs/, escaped" \
	'^  name x\\x1b\[31my\\nz: runs/x\\x1b\[31my\\nz is no experiment name'
expect_out "and one for experiments/" \
	'^  name x\\x1b\[31my\\nz: experiments/x\\x1b\[31my\\nz is no experiment name'
cp "$SCRATCH/out" "$SCRATCH/badname.out"
check "no raw control byte in the audit's output" sh -c \
	"! grep -q \"\$(printf '\033')\" '$SCRATCH/badname.out'"
expect_exit 0 "list leaves the directory out" "$PREREG" list
expect_out "with a warning, escaped" \
	'warning: experiments/x\\x1b\[31my\\nz is no experiment name: left out'
cp "$SCRATCH/out" "$SCRATCH/list.out"
check "no row of it" sh -c "! grep -q '^z ' '$SCRATCH/list.out'"
expect_exit 2 "an error quoting a name with control bytes" \
	"$PREREG" audit "$bad"
expect_out "is printed on one line, escaped" \
	"^prereg: invalid experiment name 'x\\\\x1b\[31my\\\\nz'"
cp "$SCRATCH/out" "$SCRATCH/err.out"
check "no raw control byte in the message" sh -c \
	"! grep -q \"\$(printf '\033')\" '$SCRATCH/err.out'"
# repro --as-original prints the version its manifest names before it
# asks for consent: one that would redraw the lines above it is refused
fresh version
python3 - "runs/t-calib/$run/manifest.json" "$(git rev-parse HEAD)" <<'PY' || exit 1
import json, sys
m = json.load(open(sys.argv[1]))
m["prereg_version"] = "\u001b[1A\u001b[2K  held by:    refs/tags/v1.0-g" + sys.argv[2][:12]
open(sys.argv[1], "w").write(json.dumps(m, indent=2, sort_keys=True) + "\n")
PY
git commit -q -am "a version with control bytes"
expect_exit 2 "repro --as-original refuses a version with control bytes" \
	"$PREREG" repro t-calib --as-original "$run" --source "$PWD"
expect_out "naming it escaped" "prereg_version '\\\\x1b\[1A\\\\x1b\[2K  held by"
cp "$SCRATCH/out" "$SCRATCH/version.out"
check "before printing any consent line, and no raw control byte" sh -c \
	"! grep -q -e '^  held by' -e \"\$(printf '\033')\" '$SCRATCH/version.out'"
echo "1..$n"
