#!/bin/sh
# alternate.sh - what the order of sizes does to a warm block of round
# trips, without prereg: bench/alternate_loop.c's 1 MiB blocks alone and
# after 25 round trips of 8 B, over tcp, per placement as prereg launches
# it (spread: a core each; packed: core 0 through taskset, unbound,
# yielding), alternating ROUNDS (default 3) launches of each. Prints
# transport, placement, size, the other size (0: alone) and the median
# over launches of the launch's median one-way time.
#
# usage: sh bench/alternate.sh   (after make bench; LOOP may name the
# binary). The kernel's TCP congestion control in force is printed first:
# it is the cause of the packed gap (SCIENCE.md: under bbr 1 MiB after
# 8 B took twice as long as alone, under cubic and reno the same). As
# root, CONGESTION="bbr cubic" runs the whole once under each (the
# sysctl net.ipv4.tcp_congestion_control, set back when it ends).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
LOOP=${LOOP:-$here/build/bench/alternate_loop}
rounds=${ROUNDS:-3}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/alternate.XXXXXX")
tcp="--mca pml ob1 --mca btl self,tcp --mca btl_tcp_if_include lo"

ccfile=/proc/sys/net/ipv4/tcp_congestion_control
was=$(cat "$ccfile" 2>/dev/null || echo unknown)
trap '[ -z "${CONGESTION:-}" ] || sysctl -qw net.ipv4.tcp_congestion_control="$was"; rm -rf "$tmp"' EXIT
for cc in ${CONGESTION:-$was}; do
	[ -z "${CONGESTION:-}" ] || sysctl -qw net.ipv4.tcp_congestion_control="$cc"
	echo "tcp congestion control: $(cat "$ccfile" 2>/dev/null || echo unknown)"
	printf '%-6s %-7s %9s %7s %12s\n' transport placement size other one_way_us
	for pl in spread packed; do
		: >"$tmp/out"
		r=0
		while [ "$r" -lt "$rounds" ]; do
			for other in 0 8; do
				# shellcheck disable=SC2086 # the MCA words split on purpose
				case $pl in
				spread)
					mpirun -n 2 --bind-to core $tcp "$LOOP" 1048576 \
						"$other" >>"$tmp/out" ;;
				packed)
					taskset -c 0 mpirun -n 2 --bind-to none \
						--mca mpi_yield_when_idle 1 $tcp "$LOOP" \
						1048576 "$other" >>"$tmp/out" ;;
				esac
			done
			r=$((r + 1))
		done
		sort -k2,2n -k3,3g "$tmp/out" | awk -v pl="$pl" '
			{ v[$2, ++n[$2]] = $3; size = $1 }
			END { for (o = 0; o <= 8; o += 8) { k = n[o]; h = int((k + 1) / 2)
				m = k % 2 ? v[o, h] : (v[o, h] + v[o, h + 1]) / 2
				printf "%-6s %-7s %9d %7d %12.3f\n", "tcp", pl, size, o, m } }'
	done
done
