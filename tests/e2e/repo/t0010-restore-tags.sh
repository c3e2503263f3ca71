#!/bin/sh
# t0010: a clone made without its tags loses the pins; prereg pin
# --restore-tags recreates them from the pin commits (the audit keeps the
# grades, with a warning, until then)
. "$(dirname "$0")/../lib.sh"
fixture calibrated "$SCRATCH/repo"
git clone -q --no-tags "$SCRATCH/repo" "$SCRATCH/copy"
cd "$SCRATCH/copy" || exit 1
expect_exit 3 "without its tag run refuses" "$PREREG" run t-calib --dry-run
expect_cmp "naming the tag and the fix" \
	"prereg: cannot run 't-calib': pin tag prereg/pin/t-calib/1 is missing: run 'prereg pin --restore-tags'"
expect_exit 0 "the audit passes, warning of the missing tag" "$PREREG" audit
expect_out "it names the restore command" "its tag is missing.*prereg pin --restore-tags"
expect_exit 0 "prereg pin --restore-tags" "$PREREG" pin --restore-tags
expect_out "it names the tag it restored" "restored prereg/pin/t-calib/1 on "
check "the tag points at the original pin commit" sh -c \
	'[ "$(git rev-parse prereg/pin/t-calib/1^{commit})" = "$(cd ../repo && git rev-parse prereg/pin/t-calib/1^{commit})" ]'
expect_exit 0 "the run audits again" "$PREREG" audit
expect_out "anchored" "1 runs: 1 anchored"
expect_exit 0 "restoring twice restores nothing" "$PREREG" pin --restore-tags
expect_cmp "nothing more" "0 pin tags restored"
expect_exit 2 "--restore-tags takes no NAME" "$PREREG" pin --restore-tags t-calib
echo "1..$n"
