#!/bin/sh
# t0054: a hostile artifact audited as a reviewer audits it: a bundle
# holding a run directory whose name is a backtick command, a run whose
# archive is a symlink to /dev/zero, a run whose archive is a gzip bomb
# and a run committed on a side branch. `prereg audit --bundle` must run
# nothing, stay within bounded memory and time, name every problem and
# exit 1, and leave no temporary clone behind.
. "$(dirname "$0")/../lib.sh"
fixture calibrated "$SCRATCH/repo"
honest=$(ls runs/t-calib | grep -v ledger)
check "an honest run to copy" test -f "runs/t-calib/$honest/manifest.json"
"$PREREG" analyze t-calib >/dev/null 2>&1
check "its report" test -f analysis/t-calib/report.md

# What gnuplot's backticks would run: a file made at a path from the
# environment (a run directory's name cannot hold a slash).
PWNED=$SCRATCH/pwned
export PWNED
tick='20261201T000000Z-`touch $PWNED`'
cp -r "runs/t-calib/$honest" "runs/t-calib/$tick"
# in a second experiment (so that t-calib's report still renders), a run
# whose archive is a symlink to /dev/zero and one whose archive expands to
# 1 GiB
mkdir experiments/t-calib2
cp experiments/t-calib/experiment.ini experiments/t-calib2/
git add experiments && git commit -q -m t-calib2
"$PREREG" predict t-calib2 >/dev/null && "$PREREG" pin t-calib2 >/dev/null
"$PREREG" run t-calib2 --launches 1 --reps 1 >/dev/null 2>&1
honest2=$(ls runs/t-calib2 | grep -v ledger)
link=20261201T000001Z-aaaaaa
bomb=20261201T000002Z-bbbbbb
for r in "$link" "$bomb"; do
	mkdir "runs/t-calib2/$r"
	cp "runs/t-calib2/$honest2/manifest.json" "runs/t-calib2/$r/"
done
ln -s /dev/zero "runs/t-calib2/$link/timings.csv.gz"
head -c 1073741824 /dev/zero | gzip -1 >"runs/t-calib2/$bomb/timings.csv.gz"
# each manifest names its own directory, so that the run reads on
for r in "t-calib/$tick" "t-calib2/$link" "t-calib2/$bomb"; do
	python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
m["run_id"] = sys.argv[2]
json.dump(m, open(sys.argv[1], "w"), indent=2)' \
		"runs/$r/manifest.json" "${r#*/}"
done
# a committed report that covers the hostile runs (analysed before they
# came, their sections added), so that the audit renders its text again
# from them (it draws no plot: t0050 drives gnuplot's quoting through
# analyze)
printf '\n## Run %s\n' "$tick" >>analysis/t-calib/report.md
git add runs analysis && git commit -q -m "hostile runs" &&
	git tag -a -m x hostile-at
# a run on a side branch only
git checkout -q -b side
"$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
git checkout -q main
side=$(git diff --name-only main side -- runs | sed -n 's|^runs/t-calib/\([^/]*\)/manifest.json$|\1|p')
check "a run on the side branch only" test -n "$side"
git bundle create -q "$SCRATCH/hostile.bundle" --all 2>/dev/null
check "the bundle carries refs/heads/side" sh -c \
	"git bundle list-heads '$SCRATCH/hostile.bundle' | grep -q refs/heads/side"

mkdir "$SCRATCH/elsewhere" "$SCRATCH/tmp" && cd "$SCRATCH/elsewhere" || exit 1
# the audit under a hang guard, its peak memory (KiB) and time measured
python3 - "$PREREG" "$SCRATCH/hostile.bundle" "$SCRATCH/tmp" \
	>"$SCRATCH/audit.out" 2>&1 <<'PY'
import os, resource, subprocess, sys, time
env = dict(os.environ, TMPDIR=sys.argv[3])
t0 = time.monotonic()
try:
    p = subprocess.run([sys.argv[1], "audit", "--bundle", sys.argv[2]],
                       env=env, capture_output=True, text=True, timeout=300)
    rc, out = p.returncode, p.stdout + p.stderr
except subprocess.TimeoutExpired:
    rc, out = "timeout", ""
dt = time.monotonic() - t0
kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(out)
print("rc=%s seconds=%.1f maxrss_kib=%d" % (rc, dt, kib))
PY
sed 's/^/# /' "$SCRATCH/audit.out" | tail -n 40
# every problem named, each on the line of its run
named() { check "$1" grep -qE -- "$2" "$SCRATCH/audit.out"; }
named "the audit fails (exit 1)" "^rc=1 "
named "the backtick name is named: not a run id" \
	"^ *20261201T000000Z-.touch .PWNED.* is not a run id"
named "the symlinked archive is named" \
	"^ *$link archive: .*symbolic link"
named "and the committed link is a finding" \
	"^ *symlink t-calib2: runs/t-calib2/$link/timings.csv.gz"
named "the bomb is named" "^ *$bomb archive: .*expands past"
named "the side-branch run is graded, named with its branch" \
	"^ *$side committed: on refs/remotes/origin/side, not in HEAD"
named "and is an off-head finding" "^ *off-head t-calib/$side"
check "nothing ran: no backtick of a run id was expanded" test ! -e "$PWNED"
check "peak memory under 1 GiB" awk '/^rc=/ {
	split($3, a, "="); exit !(a[2] < 1048576) }' "$SCRATCH/audit.out"
check "the temporary clone is removed" sh -c "[ -z \"\$(ls -A '$SCRATCH/tmp')\" ]"
echo "1..$n"
