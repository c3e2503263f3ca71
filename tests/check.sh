#!/bin/sh
# check.sh - make check: tests/run.sh between the start and the stop of the
# local Slurm (tests/slurm/local.sh) when slurmctld is installed and we are
# root, so that the Slurm test (t0008) runs; without it that test skips.
# Slurm is stopped also when the tests fail or are interrupted (Ctrl-C, or
# a signal to the process group; a TERM to this shell alone takes effect
# when run.sh returns), and only if this script started it. The last line
# stays run.sh's "N passed, N failed" and the exit status run.sh's.
# With SAN_BIN (a sanitizer build's bin directory; make check gives it when
# CI=true) run.sh runs a second time with BIN=$SAN_BIN, after Slurm is
# stopped (so the Slurm test skips there unless a Slurm not ours is up):
# each pass starts with a header line and ends with its own count as a
# comment, and the last line sums both; the status fails if either does.
# UNIT_BUILD (run.sh's) applies to the first pass only.
# Usage: tests/check.sh [unit|e2e] ; BIN as for run.sh, SAN_BIN optional.
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

# pass N BIN: run.sh with BIN, its output going through as it comes, all
# but its last line, which is kept in $tmp/last.N (printed later: after
# Slurm is stopped), its status in $tmp/rc.N.
pass() {
	{
		BIN=$2 "$here/run.sh" ${what:+"$what"}
		echo $? >"$tmp/rc.$1"
	} | awk -v last="$tmp/last.$1" '
		NR > 1 { print prev; fflush() }
		{ prev = $0 }
		END { if (NR) print prev >last }'
}

# N of "N passed, N failed" in the last line of pass $1 (field $2: 1, 3).
count() {
	if [ -f "$tmp/last.$1" ]; then
		awk -v f="$2" '/^[0-9]+ passed, [0-9]+ failed$/ { n = $f }
			END { print n + 0 }' "$tmp/last.$1"
	else
		echo 0
	fi
}

what=${1:-}
san=${SAN_BIN:-}
[ -z "$san" ] || echo "# pass 1 of 2: $BIN"
pass 1 "$BIN"
ours=$started
stop_slurm
rc=$(cat "$tmp/rc.1" 2>/dev/null || echo 1)
if [ -z "$san" ]; then
	[ -s "$tmp/last.1" ] && cat "$tmp/last.1"
	exit "$rc"
fi
echo "# pass 1: $(cat "$tmp/last.1" 2>/dev/null)"
echo "# pass 2 of 2: sanitizers (ASan, UBSan): $san"
[ -z "$ours" ] || unset PREREG_TEST_SLURM
unset UNIT_BUILD # the first pass's unit build (make check builds bin-san's)
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# Open MPI's MPI_Init loads hwloc's PCI component in every rank, whose
# names (libpciaccess reading pci.ids) grow a buffer by realloc: under
# ASan's allocator each realloc copies, and 4 ranks on 2 cores took 16 s
# to start instead of 0.4 s (a kv-split --quick run 69 s instead of 6 s).
# prereg reads no PCI object; the sanitizer pass leaves the component out.
HWLOC_COMPONENTS=${HWLOC_COMPONENTS:--pci}
export ASAN_OPTIONS HWLOC_COMPONENTS
pass 2 "$san"
echo "# pass 2: $(cat "$tmp/last.2" 2>/dev/null)"
rc2=$(cat "$tmp/rc.2" 2>/dev/null || echo 1)
echo "$(($(count 1 1) + $(count 2 1))) passed," \
	"$(($(count 1 3) + $(count 2 3))) failed"
[ "$rc" = 0 ] && [ "$rc2" = 0 ]
