#!/bin/sh
# t0018: prereg repro NAME runs, analyzes, commits the analysis and prints
# the audit of NAME; with --no-commit nothing is committed and the audit
# grades the uncommitted run self-asserted
. "$(dirname "$0")/../lib.sh"
fixture pinned-vader "$SCRATCH/repo"

expect_exit 0 "repro runs, analyzes, commits and audits" \
	"$PREREG" repro t-calib --quick
expect_out "it says the run completed" "^repro t-calib: run [^ ]+ complete$"
expect_out "it says where the report is" "^wrote analysis/t-calib/report.md$"
expect_out "it prints the audit table of the experiment" \
	"^t-calib +[^ ]+ +complete +anchored +( P){9} - - -$"
expect_out "and the grades" "^1 runs: 1 anchored, 0 self-asserted, 0 broken$"
check "the analysis is committed on top of the run, nothing left over" sh -c \
	'[ "$(git log -1 --format=%s)" = "prereg analyze t-calib" ] &&
	 [ -z "$(git status --porcelain)" ]'
check "the committed report is what analyze writes" sh -c \
	"'$PREREG' analyze t-calib >/dev/null && git diff --quiet"

head=$(git rev-parse HEAD)
expect_exit 0 "repro --no-commit runs, analyzes and audits" \
	"$PREREG" repro t-calib --quick --no-commit
expect_out "the audit finds the new run uncommitted" \
	"^2 runs: 1 anchored, 1 self-asserted, 0 broken$"
expect_out "and says why" "committed: not committed"
check "nothing was committed; the report is rewritten in the work tree" \
	sh -c "[ \"\$(git rev-parse HEAD)\" = $head ] &&
	       git status --porcelain analysis | grep -q '^ M analysis/t-calib/report.md$'"
echo "1..$n"
