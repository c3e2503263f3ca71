#!/bin/sh
# pmpi-overhead.sh - the profiling library's overhead per call: the same
# loop (bench/pmpi_overhead.c, 2 ranks over vader bound to cores) with
# and without bin/libprereg-pmpi.so preloaded, alternating LAUNCHES
# (default 3) launches of each per operation. Prints per operation the
# median over launches of each launch's median per-call time (ns) with
# the range of the launches' medians, and the difference.
#
# usage: sh bench/pmpi-overhead.sh   (after make and make bench)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$here/bin}
LOOP=${LOOP:-$here/build/bench/pmpi_overhead}
launches=${LAUNCHES:-3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmpi-overhead.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# one OP PRELOAD: a launch's median per-call ns
one() {
	if [ "$2" = yes ]; then
		mpirun -np 2 --bind-to core --mca pml ob1 --mca btl self,vader \
			-x LD_PRELOAD="$BIN/libprereg-pmpi.so" \
			-x PREREG_PMPI_OUT="$tmp" -x PREREG_PMPI_MAX_CALLS=2000000 \
			"$LOOP" "$1" 21 20000 | awk '{ print $2 }'
	else
		mpirun -np 2 --bind-to core --mca pml ob1 --mca btl self,vader \
			"$LOOP" "$1" 21 20000 | awk '{ print $2 }'
	fi
}

# med FILE: "median [min, max]" of the numbers in FILE
med() {
	sort -n "$1" | awk '{ v[NR] = $1 } END {
		printf "%d [%d, %d]", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

printf '%-10s %-22s %-22s %s\n' op "plain ns/call" "preloaded ns/call" \
	"overhead ns"
for op in allreduce barrier sendrecv; do
	: >"$tmp/plain"
	: >"$tmp/pmpi"
	i=0
	while [ "$i" -lt "$launches" ]; do
		one "$op" no >>"$tmp/plain"
		one "$op" yes >>"$tmp/pmpi"
		i=$((i + 1))
	done
	p=$(med "$tmp/plain")
	q=$(med "$tmp/pmpi")
	printf '%-10s %-22s %-22s %d\n' "$op" "$p" "$q" \
		$((${q%% *} - ${p%% *}))
done
