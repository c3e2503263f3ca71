#!/bin/sh
# check.sh - make check: tests/run.sh between the start and the stop of the
# local Slurm (tests/slurm/local.sh) when slurmctld is installed and we are
# root, so that the Slurm test (t0008) runs; without it that test skips.
# Slurm is stopped also when the tests fail or are interrupted (Ctrl-C, or
# a signal to the process group; a TERM to this shell alone takes effect
# when run.sh returns), and only if this script started it. The last line
# stays run.sh's "N passed, N failed" and the exit status run.sh's.
# Usage: tests/check.sh [unit|e2e] ; BIN as for run.sh.
set -u
here=$(cd "$(dirname "$0")" && pwd)
slurm=$here/slurm/local.sh
tmp=$(mktemp -d)
started=""

stop_slurm() {
	[ -n "$started" ] || return 0
	started=""
	"$slurm" stop 2>&1 | sed 's/^/# /'
}
trap 'stop_slurm >&2; rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if ! command -v slurmctld >/dev/null 2>&1; then
	echo "# slurmctld not installed: the Slurm test is skipped"
elif [ "$(id -u)" != 0 ]; then
	echo "# not root: the local Slurm is not started, the Slurm test is skipped"
elif "$slurm" status >/dev/null 2>&1; then
	echo "# the local Slurm is already up: using it, leaving it up"
	PREREG_TEST_SLURM=1
	export PREREG_TEST_SLURM
else
	t0=$(date +%s)
	"$slurm" start >"$tmp/start" 2>&1
	rc=$?
	sed 's/^/# /' "$tmp/start"
	case $rc in
	0)
		started=1
		echo "# local Slurm started in $(($(date +%s) - t0)) s"
		PREREG_TEST_SLURM=1 ;;
	3) # a slurm.conf that is not ours: leave that Slurm alone
		;;
	*) # a Slurm that should have started and did not fails the test
		started=1 # stop what did start
		PREREG_TEST_SLURM=1 ;;
	esac
	export PREREG_TEST_SLURM
fi

# run.sh's output goes through as it comes, all but its last line, which
# is printed after Slurm is stopped
{
	"$here/run.sh" "$@"
	echo $? >"$tmp/rc"
} | awk -v last="$tmp/last" '
	NR > 1 { print prev; fflush() }
	{ prev = $0 }
	END { if (NR) print prev >last }'
stop_slurm
[ -s "$tmp/last" ] && cat "$tmp/last"
rc=$(cat "$tmp/rc" 2>/dev/null || echo 1)
exit "$rc"
