#!/bin/sh
# t0028: prereg repro NAME --as-original builds prereg-rank at the commit
# that made NAME's first complete run (from a prereg clone, in a temporary
# worktree it removes), runs the experiment with it and records both
# versions; a version no commit holds exactly, or a commit the source
# lacks, is refused before anything is built
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
SRC=$TOP
git clone --quiet "$SRC" "$SCRATCH/src" || exit 1
# git's default abbreviation grows with a clone's object count, so the same
# commit could be 6877e01 here and 6877e01e there; the Makefile fixes the
# length, which this clone's own setting must not change.
git -C "$SCRATCH/src" config core.abbrev 9
fixture pinned-vader "$SCRATCH/repo"

# field RUNID KEY: a top-level string of the run's manifest
field() {
	python3 -c 'import json, sys
print(json.load(open(sys.argv[1])).get(sys.argv[2], ""))' \
		"runs/t-calib/$1/manifest.json" "$2"
}

check "a first run with this prereg" "$PREREG" run t-calib --quick
orig=$(ls runs/t-calib | grep -v ledger | head -n 1)
version=$(field "$orig" prereg_version)
# A prereg built from a tree with uncommitted changes is -dirty: its
# commit is built with --force (the clean clone holds that commit).
force=
case $version in *-dirty) force=--force ;; esac
if [ -n "$force" ]; then
	expect_exit 3 "a -dirty version is refused without --force" \
		"$PREREG" repro t-calib --as-original --source "$SCRATCH/src" \
		--quick
	expect_out "it says why and what --force does" \
		"uncommitted changes.*--force builds commit"
fi

# its own TMPDIR, to see what the build leaves there
mkdir "$SCRATCH/tmp"
expect_exit 0 "repro --as-original builds the original's runner and runs" \
	env TMPDIR="$SCRATCH/tmp" "$PREREG" repro t-calib --as-original \
	--source "$SCRATCH/src" $force --quick
cp "$SCRATCH/out" "$SCRATCH/as-original.out"
expect_out "it says what it builds and that it takes a while" \
	"building prereg-rank .* in a temporary worktree: about a minute"
expect_out "before that, the commit's full id" "^  commit: +[0-9a-f]{40}$"
expect_out "the repository it builds from" "^  repository: +$SCRATCH/src$"
expect_out "and the refs that hold it (the clone's origin/HEAD among them)" \
	"^  held by: +.*refs/remotes/origin/HEAD"
# the GPU backends this prereg has that no rank group of the original (one
# cpu rank group) used are left out of the build, and named
gpus=$("$PREREG" env 2>/dev/null | sed -n 's/^backends  *//p' |
	tr ' ' '\n' | grep -x -e cuda -e hip | paste -sd, - | sed 's/,/, /')
if [ -n "$gpus" ]; then
	case $gpus in *,*) them=them ;; *) them=it ;; esac
	expect_out "it leaves out $gpus: no rank group used $them" \
		"^  left out: +$gpus \(no rank group of $orig used $them\)$"
fi
expect_out "it prints the comparison to make" \
	"^  prereg compare $orig [0-9T]+Z-[0-9a-f]+$"
check "the build leaves nothing in TMPDIR (hipcc's hip-XXXXXX directories among it)" \
	sh -c "[ -z \"\$(ls -A '$SCRATCH/tmp')\" ] || { ls -A '$SCRATCH/tmp'; false; }"
new=$(ls runs/t-calib | grep -v ledger | grep -v "^$orig$" | head -n 1)
check "the new run is complete" \
	sh -c "[ -n '$new' ] && grep -q '\"status\": \"complete\"' \
	       runs/t-calib/$new/manifest.json"
runner=$(field "$new" runner_version)
echo "  # original prereg_version '$version', runner_version '$runner'"
check "its runner_version is the original's prereg_version" \
	test "$runner" = "${version%-dirty}"
check "its as_original names the original run" \
	test "$(field "$new" as_original)" = "$orig"
check "its prereg_version is the orchestrating prereg's" \
	test "$(field "$new" prereg_version)" = "$("$PREREG" --version |
		sed 's/^prereg //')"
check "its launches ran the runner built at that commit" \
	grep -q "\"version\": \"${version%-dirty}\"" \
	"runs/t-calib/$new/manifest.json"
check "the temporary worktree is gone" \
	test "$(git -C "$SCRATCH/src" worktree list | wc -l)" = 1
check "nothing of the source's tree changed" \
	test -z "$(git -C "$SCRATCH/src" status --porcelain)"
check "the experiment's tree is clean (run and analysis committed)" \
	test -z "$(git status --porcelain)"
check "the report says which run it reproduces and both versions" \
	grep -q "made with the measuring code of run $orig" \
	analysis/t-calib/report.md
check "the audit passes the run" sh -c "'$PREREG' audit t-calib"

# Refusals, before anything is built: a run whose manifest names a
# version no commit holds ('unknown'), or a commit the source lacks.
mkdir -p runs/t-calib/20000101T000000Z-000001 \
	runs/t-calib/20000101T000000Z-000002
sed 's/"prereg_version": "[^"]*"/"prereg_version": "unknown"/' \
	"runs/t-calib/$orig/manifest.json" \
	>runs/t-calib/20000101T000000Z-000001/manifest.json
sed 's/"prereg_version": "[^"]*"/"prereg_version": "0123abc"/' \
	"runs/t-calib/$orig/manifest.json" \
	>runs/t-calib/20000101T000000Z-000002/manifest.json
expect_exit 3 "an unknown version is refused, also with --force" \
	"$PREREG" repro t-calib --as-original 20000101T000000Z-000001 \
	--source "$SCRATCH/src" --force --quick
expect_out "it says the code cannot be rebuilt" \
	"prereg_version is 'unknown'.*cannot be rebuilt"
expect_exit 2 "a commit the source does not hold is refused" \
	"$PREREG" repro t-calib --as-original 20000101T000000Z-000002 \
	--source "$SCRATCH/src" --quick
expect_out "it names the source and the commit" \
	"holds no commit '0123abc'"
expect_exit 2 "without --source, this repository lacks prereg's source" \
	env -u PREREG_SOURCE "$PREREG" repro t-calib --as-original \
	20000101T000000Z-000002 --quick
expect_out "it says how to name one" "with --source DIR or PREREG_SOURCE"
# the other side: a dry run of an original whose plans name a cuda group
# leaves out hip alone; one whose plans do not name their groups, nothing
for k in 3 4; do
	mkdir -p runs/t-calib/20000101T000000Z-00000$k
done
python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
for l in m["launches"]:
    l["plan"]["groups"] = [{"count": 1, "device": "cuda:0"}, {"count": 1, "device": "cpu"}]
json.dump(m, open(sys.argv[2], "w"))
for l in m["launches"]:
    del l["plan"]["groups"]
json.dump(m, open(sys.argv[3], "w"))
' "runs/t-calib/$orig/manifest.json" \
	runs/t-calib/20000101T000000Z-000003/manifest.json \
	runs/t-calib/20000101T000000Z-000004/manifest.json
expect_exit 0 "a dry run of an original with a cuda rank group" \
	"$PREREG" repro t-calib --as-original 20000101T000000Z-000003 \
	--source "$SCRATCH/src" $force --quick --dry-run
case $gpus in
*hip*)
	expect_out "it leaves out hip alone" \
		"^  left out: +hip \(no rank group of 20000101T000000Z-000003 used it\)$" ;;
esac
expect_no_out "it keeps cuda" '^  left out:.*cuda'
# (a plan without groups is one the older runner could not read: refused
# before anything runs, after what it would build is printed)
expect_exit 3 "a dry run of an original whose plans name no groups" \
	"$PREREG" repro t-calib --as-original 20000101T000000Z-000004 \
	--source "$SCRATCH/src" $force --quick --dry-run
expect_no_out "it leaves nothing out it does not know unused" '^  left out:'
rm -r runs/t-calib/20000101T000000Z-00000[1234]
check "nothing was run or committed by the refusals" \
	test -z "$(git status --porcelain)"
check "and no worktree was left" \
	test "$(git -C "$SCRATCH/src" worktree list | wc -l)" = 1
echo "1..$n"
