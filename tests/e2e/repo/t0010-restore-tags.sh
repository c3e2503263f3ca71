#!/bin/sh
# t0010: tags are derived data. A clone made without its tags audits (a
# warning per run until the tags are back: the audit writes nothing); the
# first command that needs a pin tag recreates the missing ones from the
# pin commits, saying how many, on the original pin commits; prereg pin
# --restore-tags then has nothing left to restore
. "$(dirname "$0")/../lib.sh"
fixture calibrated "$SCRATCH/repo"
git clone -q --no-tags "$SCRATCH/repo" "$SCRATCH/copy"
cd "$SCRATCH/copy" || exit 1
check "the clone has no tag" test -z "$(git tag)"
expect_exit 0 "the audit passes, warning of the missing tag" "$PREREG" audit
expect_out "it names the restore command" "its tag is missing.*prereg pin --restore-tags"
check "the audit recreated nothing" test -z "$(git tag)"
expect_exit 0 "run needs the tag: it recreates it" \
	"$PREREG" run t-calib --dry-run
expect_out "saying how many" \
	"^prereg: recreated 1 pin tag from the pin commits \(tags are derived"
check "the tag points at the original pin commit" sh -c \
	'[ "$(git rev-parse prereg/pin/t-calib/1^{commit})" = "$(cd ../repo && git rev-parse prereg/pin/t-calib/1^{commit})" ]'
check "an annotated tag" test "$(git cat-file -t prereg/pin/t-calib/1)" = tag
expect_exit 0 "the run audits again" "$PREREG" audit
expect_out "anchored" "1 runs: 1 anchored"
expect_exit 0 "a second command recreates nothing" \
	"$PREREG" run t-calib --dry-run
expect_no_out "and says nothing of tags" recreated
expect_exit 0 "prereg pin --restore-tags" "$PREREG" pin --restore-tags
expect_cmp "restores nothing more" "0 pin tags restored"
git tag -d prereg/pin/t-calib/1 >/dev/null
expect_exit 0 "prereg pin --restore-tags still restores" "$PREREG" pin --restore-tags
expect_out "it names the tag it restored" "restored prereg/pin/t-calib/1 on "
expect_exit 2 "--restore-tags takes no NAME" "$PREREG" pin --restore-tags t-calib
echo "1..$n"
