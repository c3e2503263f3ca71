#!/bin/sh
# warm-vs-loop.sh - prereg's warm pingpong against a plain ping-pong loop
# (bench/pingpong_loop.c), 2 ranks, per transport and placement as
# prereg launches them (spread: bound to a core each; packed: mpirun and
# its ranks on core 0 through taskset, unbound, yielding when idle), back
# to back, alternating ROUNDS (default 5) launches of each. Prints size,
# transport, placement, prereg's one-way time (the median over launches of the
# median over reps of rank 0's block / (2 inner)), the loop's (the median
# over launches of its median one-way time), their ratio, and the loop's
# mean (osu_latency's statistic, median over launches) for reference.
#
# usage: sh bench/warm-vs-loop.sh [MAX_BYTES]   (after make and make bench)
# BIN (prereg-rank's directory) and LOOP (the loop's binary) may be set.
# The kernel's TCP congestion control is printed first (under bbr
# prereg's blocks measured 1.18-2.10x the loop over tcp packed from
# 64 KiB to 1 MiB, under cubic 0.95-1.02x: SCIENCE.md); as root,
# CONGESTION="bbr cubic" runs the whole once under each (the sysctl
# net.ipv4.tcp_congestion_control, set back when it ends).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$here/bin}
LOOP=${LOOP:-$here/build/bench/pingpong_loop}
max=${1:-8388608}
rounds=${ROUNDS:-5}
export OMPI_MCA_rmaps_base_oversubscribe="${OMPI_MCA_rmaps_base_oversubscribe:-0}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/warm-vs-loop.XXXXXX")
ccfile=/proc/sys/net/ipv4/tcp_congestion_control
was=$(cat "$ccfile" 2>/dev/null || echo unknown)
trap '[ -z "${CONGESTION:-}" ] || sysctl -qw net.ipv4.tcp_congestion_control="$was"; rm -rf "$tmp"' EXIT

sizes=""
s=8
while [ "$s" -le "$max" ]; do
	sizes="$sizes${sizes:+, }$s"
	s=$((s * 2))
done

mca() {
	case $1 in
	vader) echo "--mca pml ob1 --mca btl self,vader" ;;
	tcp) echo "--mca pml ob1 --mca btl self,tcp --mca btl_tcp_if_include lo" ;;
	esac
}

# median SIZE VALUE lines -> per size the median of its values
median() {
	sort -k1,1n -k2,2g | awk '{ v[$1, ++n[$1]] = $2 }
		END { for (s in n) { k = n[s]; h = int((k + 1) / 2)
			m = k % 2 ? v[s, h] : (v[s, h] + v[s, h + 1]) / 2
			print s, m } }' | sort -k1,1n
}

# launch PLACEMENT ARGS...: mpirun as prereg runs a config of that
# placement (src/run/launch.c)
launch() {
	case $1 in
	spread)
		shift
		mpirun -n 2 --bind-to core "$@" ;;
	packed)
		shift
		taskset -c 0 mpirun -n 2 --bind-to none \
			--mca mpi_yield_when_idle 1 "$@" ;;
	esac
}

for cc in ${CONGESTION:-$was}; do
	[ -z "${CONGESTION:-}" ] || sysctl -qw net.ipv4.tcp_congestion_control="$cc"
	echo "tcp congestion control: $(cat "$ccfile" 2>/dev/null || echo unknown)"
	printf '%-9s %-6s %-7s %12s %12s %7s %12s\n' size transport placement \
		prereg_us loop_us ratio loop_mean_us
	for tp in vader:spread tcp:spread vader:packed tcp:packed; do
		t=${tp%:*}
		pl=${tp#*:}
		: >"$tmp/p-$t"
		: >"$tmp/l-$t"
		: >"$tmp/m-$t"
		r=0
		# the two alternate, ROUNDS times: one launch of each is not enough,
		# launch-to-launch differences here reach 20%
		while [ $r -lt "$rounds" ]; do
			cat >"$tmp/plan-$t.json" <<JSON
	{"experiment": "warm-vs-loop", "workload": "pingpong", "launch": $r,
	 "config": 0, "seed": "$((r + 1))", "reps": 10, "warmup": 2, "inner": 0,
	 "sizes": [$sizes], "groups": [{"device": "cpu", "count": 2}],
	 "out": "$tmp/$t"}
JSON
			# shellcheck disable=SC2046 # the MCA words split on purpose
			launch "$pl" $(mca "$t") "$LOOP" "$max" >"$tmp/loop"
			# shellcheck disable=SC2046
			launch "$pl" $(mca "$t") "$BIN/prereg-rank" \
				"$tmp/plan-$t.json" >/dev/null
			# rank 0's warm blocks: one-way us per size, this launch's median
			awk -F, '$8 == "pingpong" && $4 == 0 && $5 == 0 {
				printf "%d %.6f\n", $9, ($12 - $11) / 1000.0 / (2 * ($10 > 0 ? $10 : 1)) }' \
				"$tmp/$t.csv" | median >>"$tmp/p-$t"
			awk '{ print $1, $2 }' "$tmp/loop" >>"$tmp/l-$t"
			awk '{ print $1, $3 }' "$tmp/loop" >>"$tmp/m-$t"
			r=$((r + 1))
		done
		median <"$tmp/p-$t" >"$tmp/prereg-$t"
		median <"$tmp/l-$t" >"$tmp/loop-$t"
		median <"$tmp/m-$t" >"$tmp/mean-$t"
		join "$tmp/prereg-$t" "$tmp/loop-$t" | join - "$tmp/mean-$t" |
			awk -v t="$t" -v pl="$pl" '{
				printf "%-9d %-6s %-7s %12.3f %12.3f %7.3f %12.3f\n",
				$1, t, pl, $2, $3, $2 / $3, $4 }'
	done
done
