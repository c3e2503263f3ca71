#!/bin/sh
# t0021: a copy without tags audits like the tagged repository: the runs
# keep their grades (the pin is the commit the manifest names) with a
# warning naming 'prereg pin --restore-tags'; run recreates the missing
# tags (tags are derived data) on the original pin commits, pin NAME
# restores its tag instead of making a new pin, --restore-tags reports
# the conflicts it cannot resolve, and a tag that cannot be recreated (two
# pin commits claim it) is refused by run and shown missing by list
. "$(dirname "$0")/../lib.sh"
fixture validated "$SCRATCH/repo"

# grades RUNS: "EXPERIMENT RUN GRADE" per run, from the audit's JSON
grades() {
	python3 -c "import json, sys
for r in json.load(sys.stdin)['runs']:
    print(r['experiment'], r['run_id'], r['grade'])"
}
"$PREREG" audit --json | grades >"$SCRATCH/tagged"
check "the tagged repository has anchored runs" \
	grep -q ' anchored$' "$SCRATCH/tagged"

git clone -q --no-tags "$SCRATCH/repo" "$SCRATCH/copy"
cd "$SCRATCH/copy" || exit 1
check "the copy has no tags" sh -c '[ -z "$(git tag)" ]'
expect_exit 0 "the copy audits without a failure" "$PREREG" audit
expect_out "a warning names the missing tag and the restore command" \
	"pin: .*prereg/pin/t-calib/1.*its tag is missing.*prereg pin --restore-tags"
expect_out "every run is anchored" "^2 runs: 2 anchored"
"$PREREG" audit --json | grades >"$SCRATCH/copy-grades"
check "the copy's grades are the tagged repository's" \
	cmp "$SCRATCH/tagged" "$SCRATCH/copy-grades"

expect_exit 0 "run recreates the missing tags and runs" \
	"$PREREG" run t-calib --dry-run
expect_out "saying how many" \
	"^prereg: recreated 2 pin tags from the pin commits \(tags are derived"
check "onto the original pin commits" sh -c \
	'[ "$(git rev-parse prereg/pin/t-calib/1^{commit})" = "$(cd ../repo && git rev-parse prereg/pin/t-calib/1^{commit})" ] &&
	 [ "$(git rev-parse prereg/pin/t-kv/1^{commit})" = "$(cd ../repo && git rev-parse prereg/pin/t-kv/1^{commit})" ]'
check "no new pin commit" sh -c \
	'[ "$(git rev-parse HEAD)" = "$(cd ../repo && git rev-parse HEAD)" ]'

# without them again: pin NAME restores its own tag, no new pin
git tag -d prereg/pin/t-calib/1 prereg/pin/t-kv/1 >/dev/null
expect_exit 0 "pin t-calib restores its tag" "$PREREG" pin t-calib
expect_out "and says so" "restored prereg/pin/t-calib/1 on "
check "onto the original pin commit" sh -c \
	'[ "$(git rev-parse prereg/pin/t-calib/1^{commit})" = "$(cd ../repo && git rev-parse prereg/pin/t-calib/1^{commit})" ]'
check "no new pin commit" sh -c \
	'[ "$(git rev-parse HEAD)" = "$(cd ../repo && git rev-parse HEAD)" ]'
check "no pin 2" sh -c '! git rev-parse -q --verify refs/tags/prereg/pin/t-calib/2'
expect_exit 0 "run t-calib runs again" "$PREREG" run t-calib --dry-run

# a new prediction of t-kv in the copy: K after the pin commit's, not 1
sed 's/^tolerance = 0.5/tolerance = 0.25/' experiments/t-kv/experiment.ini \
	>experiments/t-kv/x && mv experiments/t-kv/x experiments/t-kv/experiment.ini
"$PREREG" predict t-kv >/dev/null 2>&1
expect_exit 0 "pin a new t-kv prediction" "$PREREG" pin t-kv
expect_out "its K follows the untagged pin commit's" "pinned prereg/pin/t-kv/2 "
check "the untagged pin 1 gets no tag from it" sh -c \
	'! git rev-parse -q --verify refs/tags/prereg/pin/t-kv/1'
git reset -q --hard HEAD~1 && git tag -d prereg/pin/t-kv/2 >/dev/null

# a lightweight tag on another commit takes t-kv's pin name
git tag prereg/pin/t-kv/1 HEAD
expect_exit 1 "--restore-tags with a conflict" "$PREREG" pin --restore-tags
expect_out "reports the conflict" \
	"cannot restore prereg/pin/t-kv/1 on pin commit .*the tag exists"
expect_exit 1 "the audit fails a tag on another commit" "$PREREG" audit t-kv
expect_out "naming it" "tag prereg/pin/t-kv/1 (is not annotated|points at)"
git tag -d prereg/pin/t-kv/1 >/dev/null
expect_exit 0 "--restore-tags restores" "$PREREG" pin --restore-tags
expect_out "the missing tag" "restored prereg/pin/t-kv/1 on "
expect_exit 0 "the audit passes" "$PREREG" audit
expect_no_out "without warnings" 'its tag is missing'

# two pin commits claiming one NAME/K
git tag -d prereg/pin/t-kv/1 >/dev/null
echo x >>README.md && git add README.md && git commit -q -m "prereg pin t-kv (1)"
git commit -q --amend -m "prereg pin t-kv (1)" --allow-empty
expect_exit 1 "two pin commits claiming t-kv/1" "$PREREG" pin --restore-tags
expect_out "are reported" "cannot restore prereg/pin/t-kv/1: 2 pin commits claim it"
expect_exit 3 "run refuses the tag it cannot recreate" "$PREREG" run t-kv --dry-run
expect_out "naming it" \
	"cannot run 't-kv': pin tag prereg/pin/t-kv/1 is missing and cannot be recreated"
expect_exit 0 "list" "$PREREG" list
expect_out "list shows the pin's tag missing" "^t-kv +validation +1 \(tag missing\)"
echo "1..$n"
