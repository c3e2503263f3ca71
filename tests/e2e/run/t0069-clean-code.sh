#!/bin/sh
# t0069: measuring code only from committed code (DESIGN 3). In a clone of
# prereg's own repository checked out at the commit bin/prereg was built
# from: a run passes; a modified, an untracked or a committed change under
# src/ is refused (exit 3) naming the file, nothing recorded; a change
# outside src/ and the Makefile passes; --allow-dirty runs, commits
# build.patch with the run and records it in the manifest (not compiled:
# prereg was built from its base), the patch rebuilds the work tree, and
# the audit warns naming it (fails on a patch other than the recorded
# one). A binary built from a modified tree is refused whatever the tree
# holds, and --allow-dirty records its patch as compiled.
. "$(dirname "$0")/../lib.sh"
v=$("$PREREG" --version | awk '{ print $2 }')
rev=${v%-dirty}
git clone -q --shared --no-checkout "$TOP" "$SCRATCH/src" || exit 1
cd "$SCRATCH/src" || exit 1
if ! git cat-file -e "$rev^{commit}" 2>/dev/null; then
	# a prereg built outside this checkout's history is not judged here
	ok "# skip: bin/prereg $v is not a commit of this checkout"
	echo "1..$n"
	exit 0
fi
git checkout -q -b t "$rev"
git config user.name t && git config user.email t@t
mkdir -p experiments/t-clean
cat >experiments/t-clean/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = a ping-pong to run
workload = pingpong
budget_s = 60
[shape]
min_bytes = 8
max_bytes = 64
factor = 8
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 1
reps = 2
warmup = 0
INI
git add experiments && git commit -q -m "t-clean"
"$PREREG" predict t-clean >/dev/null 2>&1
"$PREREG" pin t-clean >/dev/null 2>&1
runs() { find runs/t-clean -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l; }

if [ "$v" != "$rev" ]; then
	expect_exit 3 "a binary built from a modified tree is refused" \
		"$PREREG" run t-clean
	expect_out "saying so" \
		"prereg $v was built from a modified work tree; commit, then 'make'"
	expect_exit 0 "--allow-dirty runs it" "$PREREG" run t-clean --allow-dirty
	expect_out "with a warning" \
		"built from a modified work tree \(the patch, the work tree's changes now, is the best record of what it compiled\); the patch against it is committed"
	check "the manifest records the patch as compiled" python3 -c "
import glob, json
m = [json.load(open(f)) for f in glob.glob('runs/t-clean/*/manifest.json')]
assert [x['build_patch']['compiled'] for x in m] == [True], m
"
	echo "1..$n"
	exit 0
fi

expect_exit 0 "the committed code runs" "$PREREG" run t-clean
check "with no patch" sh -c "! ls runs/t-clean/*/build.patch 2>/dev/null"

echo '/* changed */' >>src/runner/timing.c
head=$(git rev-parse HEAD)
expect_exit 3 "a modified source is refused" "$PREREG" run t-clean
expect_cmp "naming the file" \
	"prereg: cannot run 't-clean': the measuring code is not the committed code: prereg $v was built from a commit whose src/ and Makefile the work tree changes: src/runner/timing.c (modified); commit, then 'make', or run with --allow-dirty to commit the patch with the run"
check "nothing recorded" test "$(runs)" = 1
check "nothing committed" test "$(git rev-parse HEAD)" = "$head"
git checkout -q src/runner/timing.c

echo 'int x;' >src/runner/extra.c
expect_exit 3 "an untracked source is refused" "$PREREG" run t-clean
expect_out "naming it" "src/runner/extra.c \(untracked\)"
rm src/runner/extra.c

echo '# a note' >>Makefile
expect_exit 3 "a modified Makefile is refused" "$PREREG" run t-clean
expect_out "naming it" "Makefile \(modified\)"
git checkout -q Makefile

echo 'a note' >>README.md
git commit -q -am "a note outside the build"
expect_exit 0 "a change outside src/ and the Makefile runs" \
	"$PREREG" run t-clean

echo '/* committed */' >>src/runner/timing.c
git commit -q -am "a change to the measuring code"
expect_exit 3 "a committed change the binary was not built from is refused" \
	"$PREREG" run t-clean
expect_out "naming it" \
	"was built from a commit whose src/ and Makefile the work tree changes: src/runner/timing.c \(modified\)"

before=$(ls -d runs/t-clean/*/ | sort)
expect_exit 0 "--allow-dirty runs it" "$PREREG" run t-clean --allow-dirty
expect_out "with a warning" \
	"measuring code that is not committed \(--allow-dirty\): prereg $v \(built from that commit: the patch, what the work tree holds beside it, is not what runs\); the patch against it is committed with the run as build.patch"
# the run it made (not the newest name: two runs of one second are
# ordered by their random suffix)
rd=$(ls -d runs/t-clean/*/ | sort | grep -vxF "$before")
check "build.patch is committed with the run" \
	sh -c "git show --name-only --format= HEAD | grep -qx '${rd}build.patch'"
check "the manifest records it" python3 -c "
import hashlib, json
m = json.load(open('${rd}manifest.json'))
b = m['build_patch']
assert b['path'] == 'build.patch', b
assert b['base'] == '$(git rev-parse "$rev")', b
assert b['files'] == ['src/runner/timing.c'], b
assert b['compiled'] is False, b  # prereg was built from base
assert b['sha256'] == hashlib.sha256(open('${rd}build.patch', 'rb').read()).hexdigest(), b
"
git worktree add -q --detach "$SCRATCH/orig" "$rev"
check "the patch rebuilds the work tree the run was made beside" sh -c "
cd '$SCRATCH/orig' && git apply '$SCRATCH/src/${rd}build.patch' &&
cmp src/runner/timing.c '$SCRATCH/src/src/runner/timing.c'"
"$PREREG" audit t-clean --json >"$SCRATCH/audit.json" 2>&1
check "the audit warns, naming the patch" python3 -c "
import json
a = json.load(open('$SCRATCH/audit.json'))
rows = {r['run_id']: r for r in a['runs']}
r = rows['$(basename "$rd")']
c = {x['check']: x for x in r['checks']}['committed']
assert c['result'] == 'WARN', c
assert '${rd}build.patch against' in c['reason'], c
ok = [x for x in rows.values() if x is not r]
assert all({y['check']: y for y in x['checks']}['committed']['result'] == 'PASS' for x in ok), ok
"
# a run commit whose patch is not the one its manifest records (the run
# commit rewritten: HEAD is still that commit)
echo '# edited' >>"${rd}build.patch"
git commit -q -a --amend --no-edit
"$PREREG" audit t-clean --json >"$SCRATCH/audit.json" 2>&1
check "a patch that is not the one recorded fails" python3 -c "
import json
a = json.load(open('$SCRATCH/audit.json'))
r = [r for r in a['runs'] if r['run_id'] == '$(basename "$rd")'][0]
c = {x['check']: x for x in r['checks']}['committed']
assert c['result'] == 'FAIL' and 'the manifest records' in c['reason'], c
"
echo "1..$n"
