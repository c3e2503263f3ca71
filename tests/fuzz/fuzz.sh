#!/bin/sh
# fuzz.sh - make fuzz: run each libFuzzer harness BIN/fuzz/fuzz_TARGET for
# FUZZ_SECONDS, seeded from the shipped files of its kind and from
# tests/fuzz/regressions/TARGET/, all copied into OUT/corpus/TARGET (the
# corpus grows there from one run to the next; the shipped directories are
# only read), with tests/fuzz/TARGET.dict when there is one. Crashing
# inputs land in OUT/crashes/TARGET/; an input that runs past 10 s
# (-timeout) or makes the reader hold more than 2 GiB (-rss_limit_mb) is
# one too. One line per target:
#   fuzz TARGET: N runs in S s, cov C ft F, K crashes
# and the exit status is 1 when any target crashed.
# Usage: tests/fuzz/fuzz.sh TARGET... ; BIN, OUT and FUZZ_SECONDS from make.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
secs=${FUZZ_SECONDS:-60}
OUT=${OUT:-$root/build-fuzz}
status=0
# the harnesses write each input to a file: into memory when there is /dev/shm
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
	TMPDIR=/dev/shm
	export TMPDIR
fi

# The shipped files a target reads, relative to the root.
shipped() {
	cd "$root" || return
	case $1 in
	spec) ls experiments/*/experiment.ini ;;
	prediction) ls predictions/*.json ;;
	manifest) ls runs/*/*/manifest.json ;;
	archive) ls runs/*/*/timings.csv.gz ;;
	ledger) ls runs/*/ledger.jsonl ;;
	esac 2>/dev/null
}

# Copy the seeds of target $1 into corpus $2, named after their paths.
seed() {
	for f in $(shipped "$1"); do
		name=seed-$(printf '%s' "$f" | tr / _)
		cp "$root/$f" "$2/$name"
		if [ "$1" = archive ]; then
			# small ones too: the head of the CSV, plain and gzip
			gzip -dc "$root/$f" | head -n 40 >"$2/$name.head.csv"
			gzip -n -c "$2/$name.head.csv" >"$2/$name.head.csv.gz"
		fi
	done
	for f in "$here/regressions/$1"/*; do
		[ -f "$f" ] && cp "$f" "$2/regression-$(basename "$f")"
	done
}

for t in "$@"; do
	fuzzer=$BIN/fuzz/fuzz_$t
	corpus=$OUT/corpus/$t
	crashes=$OUT/crashes/$t
	log=$OUT/fuzz-$t.log
	mkdir -p "$corpus" "$crashes"
	seed "$t" "$corpus"
	dict=""
	[ -f "$here/$t.dict" ] && dict="-dict=$here/$t.dict"
	before=$(ls "$crashes" | wc -l)
	t0=$(date +%s)
	# shellcheck disable=SC2086
	"$fuzzer" -max_total_time="$secs" -print_final_stats=1 -timeout=10 \
		-rss_limit_mb=2048 -artifact_prefix="$crashes/" $dict \
		"$corpus" >"$log" 2>&1
	rc=$?
	t1=$(date +%s)
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
	found=$(($(ls "$crashes" | wc -l) - before))
	echo "fuzz $t: ${runs:-?} runs in $((t1 - t0)) s, ${cov:-cov: ? ft: ?}," \
		"$found crashes (exit $rc)"
	if [ "$rc" != 0 ] || [ "$found" != 0 ]; then
		status=1
		grep -E '^(SUMMARY|==[0-9]+==ERROR|fuzz: )|runtime error' \
			"$log" | head -n 5 | sed 's/^/  /'
		echo "  log: $log; inputs: $crashes/"
	fi
done
exit $status
