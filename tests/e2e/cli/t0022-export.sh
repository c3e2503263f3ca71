#!/bin/sh
# t0022: prereg export writes a git bundle (with the pin tags), a tarball
# of HEAD and a README; prereg audit --bundle audits the bundle's clone
# with the grades of the repository, and refuses a corrupt bundle
. "$(dirname "$0")/../lib.sh"
fixture calibrated "$SCRATCH/repo"

grades() {
	python3 -c "import json, sys
for r in json.load(sys.stdin)['runs']:
    print(r['experiment'], r['run_id'], r['grade'])"
}
"$PREREG" audit --json | grades >"$SCRATCH/repo-grades"
check "the repository has an anchored run" \
	grep -q ' anchored$' "$SCRATCH/repo-grades"

short=$(git rev-parse --short=7 HEAD)
cd "$SCRATCH/repo" || exit 1
expect_exit 0 "export with the default directory" "$PREREG" export
check "it is named after HEAD" test -d "prereg-export-$short"
expect_exit 2 "an existing directory is refused" "$PREREG" export
expect_out "saying so" "cannot export to 'prereg-export-$short': it exists"
rm -rf "prereg-export-$short"
expect_exit 0 "export --out" "$PREREG" export --out "$SCRATCH/exp"
for f in repo.bundle tree.tar.gz README.md; do
	check "it writes $f" test -s "$SCRATCH/exp/$f"
done
check "no temporary file is left" sh -c \
	"[ \$(ls -A '$SCRATCH/exp' | wc -l) = 3 ]"
check "the bundle verifies" git bundle verify -q "$SCRATCH/exp/repo.bundle"
check "the bundle holds the pin tag" sh -c \
	"git bundle list-heads '$SCRATCH/exp/repo.bundle' | grep -q refs/tags/prereg/pin/t-calib/1"
check "the tarball holds HEAD's files" sh -c \
	"tar -tzf '$SCRATCH/exp/tree.tar.gz' | grep -q '^predictions/t-calib.json$'"
check "the README names the audit command" \
	grep -q 'prereg audit --bundle repo.bundle' "$SCRATCH/exp/README.md"

# audited from outside any repository
mkdir "$SCRATCH/elsewhere" "$SCRATCH/tmp" && cd "$SCRATCH/elsewhere" || exit 1
export TMPDIR="$SCRATCH/tmp"
expect_exit 0 "audit --bundle" "$PREREG" audit --bundle ../exp/repo.bundle
expect_out "the run is anchored" "^1 runs: 1 anchored"
cp "$SCRATCH/out" "$SCRATCH/bundle-out"
check "no warning of a missing tag" sh -c \
	"! grep -q 'tag is missing' '$SCRATCH/bundle-out'"
check "its output names no temporary path" sh -c \
	"! grep -q prereg-bundle '$SCRATCH/bundle-out'"
"$PREREG" audit --json --bundle ../exp/repo.bundle | grades >"$SCRATCH/bundle-grades"
check "the bundle's grades are the repository's" \
	cmp "$SCRATCH/repo-grades" "$SCRATCH/bundle-grades"
check "the temporary clone is removed" sh -c "[ -z \"\$(ls -A '$TMPDIR')\" ]"
head -c 200 ../exp/repo.bundle >corrupt.bundle
expect_exit 1 "a corrupt bundle is an error" "$PREREG" audit --bundle corrupt.bundle
expect_out "naming it" "cannot clone the bundle 'corrupt.bundle'"
check "its temporary clone is removed too" sh -c "[ -z \"\$(ls -A '$TMPDIR')\" ]"
expect_exit 1 "a missing bundle is an error" "$PREREG" audit --bundle none.bundle
expect_out "naming it" "cannot read 'none.bundle'"
echo "1..$n"
