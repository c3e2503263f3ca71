#!/bin/sh
# bench.sh - make bench: benchmarks that print figures (never assertions)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
BIN=${BIN:-$here/../bin}
for b in "$BIN"/bench/bench_*; do
	[ -x "$b" ] || continue # the compiler's .d files live beside them
	echo "== $(basename "$b")"
	"$b"
done
