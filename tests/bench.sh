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
# prereg's warm ping-pong against a plain loop, same transport and binding
if command -v mpirun >/dev/null 2>&1; then
	echo "== warm-vs-loop (one-way us; ratio = prereg / loop median)"
	if [ "$(id -u)" = 0 ]; then
		export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	fi
	BIN=$BIN sh "$here/../bench/warm-vs-loop.sh"
	echo "== alternate (a plain loop's 1 MiB blocks alone and after 8 B)"
	sh "$here/../bench/alternate.sh"
	echo "== pmpi-overhead (the profiling library's cost per call)"
	BIN=$BIN sh "$here/../bench/pmpi-overhead.sh"
fi
echo "== shipped (the reviewer's commands over the shipped runs)"
BIN=$BIN sh "$here/../bench/shipped.sh"
