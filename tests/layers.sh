#!/bin/sh
# layers.sh - the stages only look down: fail when a source file under
# src/STAGE/ includes a header of a stage above its own (DESIGN 6).
# Usage: tests/layers.sh [--edges]   (LAYERS_ROOT: the tree whose src/ is
# read, default this checkout)   (--edges: print the include edges
# between folders, "from -> to  count", and exit 0)
# The order, lowest first; a stage may include its own folder and any
# folder before it in this list.
set -u
order="base model repo format backend runner predict run analyze audit cli"
here=${LAYERS_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$here" || exit 1

rank() { # rank FOLDER: its position in $order, or nothing
	_i=0
	for _s in $order; do
		[ "$_s" = "$1" ] && { echo "$_i"; return; }
		_i=$((_i + 1))
	done
}

# every include from the source root, one line each:
# "FILE:LINE FOLDER-OF-FILE INCLUDED-FOLDER HEADER"
edges=$(find src -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' \
	-o -name '*.hip' -o -name '*.inc' \) | sort | while read -r f; do
	from=$(echo "$f" | cut -d/ -f2)
	grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z_]*/' "$f" |
		sed 's/^\([0-9]*\):[^"]*"\(\([a-z_]*\)\/[^"]*\)".*/\1 \3 \2/' |
		while read -r line to header; do
			[ "$to" = "$from" ] || echo "$f:$line $from $to $header"
		done
done)

if [ "${1:-}" = --edges ]; then
	echo "$edges" | awk 'NF { print $2 " -> " $3 }' | sort | uniq -c |
		awk '{ print $2, $3, $4, " ", $1 }'
	exit 0
fi

bad=0
echo "$edges" | {
	while read -r f from to header; do
		[ -n "$f" ] || continue
		rf=$(rank "$from") rt=$(rank "$to")
		if [ -z "$rf" ] || [ -z "$rt" ]; then
			[ -n "$rf" ] || nostage=$from
			[ -n "$rt" ] || nostage=$to
			echo "not ok - $f includes $header: src/$nostage is in no stage (tests/layers.sh lists them)"
			bad=1
		elif [ "$rt" -gt "$rf" ]; then
			echo "not ok - $f includes $header: $to/ is above $from/"
			bad=1
		fi
	done
	[ $bad = 0 ] && echo "ok - every include looks down the stages: $order"
	exit $bad
}
