#!/bin/sh
# coverage.sh - line and branch coverage per folder of src/ from the
# counters of a gcc --coverage build (make coverage).
# Writes BUILD/coverage-summary.json (gcovr's per-file summary) and
# BUILD/coverage-branches.txt (per file: branches taken, and the lines
# holding a branch never taken), prints one line per folder and a total.
# Usage: tests/coverage.sh BUILD
set -eu
build=${1:?usage: tests/coverage.sh BUILD}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if ! command -v gcovr >/dev/null 2>&1; then
	echo "prereg: gcovr is not installed (make deps)" >&2
	exit 1
fi
# The objects of src/ are compiled once for prereg and once more, through
# mpicc, for prereg-rank (build/mpi/): gcovr merges the counts per source.
gcovr --root . --object-directory "$build" --filter 'src/' -j 2 \
	--json-summary-pretty --json-summary "$build/coverage-summary.json"
gcovr --root . --object-directory "$build" --filter 'src/' -j 2 \
	--branches --txt "$build/coverage-branches.txt"
python3 - "$build/coverage-summary.json" <<'PY'
import json, sys

files = json.load(open(sys.argv[1]))["files"]
folders = {}
for f in files:
    parts = f["filename"].split("/")
    d = "/".join(parts[:2]) if len(parts) > 2 else parts[0]
    s = folders.setdefault(d, [0, 0, 0, 0])
    s[0] += f["line_covered"]
    s[1] += f["line_total"]
    s[2] += f["branch_covered"]
    s[3] += f["branch_total"]


def pct(a, b):
    return "%5.1f%%" % (100.0 * a / b) if b else "   - "


print("%-16s %16s %18s" % ("folder", "lines", "branches"))
tot = [0, 0, 0, 0]
for d in sorted(folders):
    s = folders[d]
    tot = [x + y for x, y in zip(tot, s)]
    print("%-16s %s %5d/%5d  %s %5d/%5d" % (d, pct(s[0], s[1]), s[0], s[1],
                                          pct(s[2], s[3]), s[2], s[3]))
print("%-16s %s %5d/%5d  %s %5d/%5d" % ("total", pct(tot[0], tot[1]), tot[0],
                                      tot[1], pct(tot[2], tot[3]), tot[2],
                                      tot[3]))
PY
echo "# per file, with the lines of untaken branches:" \
	"$build/coverage-branches.txt"
