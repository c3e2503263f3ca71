#!/bin/sh
# layers.sh - the stages only look down: fail when a source file under
# src/STAGE/ includes a header of a stage above its own (DESIGN 6); and
# rooms of one concept: fail when a source file is over 800 lines
# (STYLE.md).
# Usage: tests/layers.sh [--edges]   (LAYERS_ROOT: the tree whose src/ is
# read, default this checkout)   (--edges: print the include edges
# between folders, "from -> to  count", and exit 0)
# The order, lowest first; a stage may include its own folder and any
# folder before it in this list.
set -u
order="base model repo format backend runner predict run analyze audit cli"
here=${LAYERS_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$here" || exit 1

# every include from the source root, one line each:
# "FILE:LINE FOLDER-OF-FILE INCLUDED-FOLDER HEADER"
edges=$(find src -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' \
	-o -name '*.hip' -o -name '*.inc' \) | sort | xargs awk '
	/^[ \t]*#[ \t]*include[ \t]*"[a-z_]+\// {
		split(FILENAME, p, "/")
		h = $0
		sub(/^[^"]*"/, "", h)
		sub(/".*/, "", h)
		to = h
		sub(/\/.*/, "", to)
		if (to != p[2])
			print FILENAME ":" FNR, p[2], to, h
	}')

if [ "${1:-}" = --edges ]; then
	echo "$edges" | awk 'NF { print $2 " -> " $3 }' | sort | uniq -c |
		awk '{ print $2, $3, $4, " ", $1 }'
	exit 0
fi

# the files over the limit, "not ok - FILE has N lines ..." each
long=$(find src -type f \( -name '*.c' -o -name '*.h' -o -name '*.cu' \
	-o -name '*.hip' -o -name '*.inc' \) | sort | xargs awk '
	FNR == 1 && prev != "" && n > 800 { print prev, n }
	FNR == 1 { prev = FILENAME }
	{ n = FNR }
	END { if (n > 800) print prev, n }' | awk '{
		print "not ok - " $1 " has " $2 " lines: over 800 (one concept" \
		    " per file, STYLE.md): split it by meaning"
	}')
[ -z "$long" ] || echo "$long"

echo "$edges" | awk -v long="${long:+1}" -v order="$order" '
	BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) rank[o[i]] = i }
	NF {
		if (!($2 in rank) || !($3 in rank)) {
			ns = ($2 in rank) ? $3 : $2
			print "not ok - " $1 " includes " $4 ": src/" ns \
			    " is in no stage (tests/layers.sh lists them)"
			bad = 1
		} else if (rank[$3] > rank[$2]) {
			print "not ok - " $1 " includes " $4 ": " $3 \
			    "/ is above " $2 "/"
			bad = 1
		}
	}
	END {
		if (!bad)
			print "ok - every include looks down the stages: " order
		if (!long)
			print "ok - no source file over 800 lines"
		exit bad || long
	}'
