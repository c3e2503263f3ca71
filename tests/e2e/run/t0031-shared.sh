#!/bin/sh
# t0031: the MPI stack each transport resolved to is recorded per launch,
# and the report says when two transports are one stack
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-stack
sed 's/transport = vader, tcp/transport = vader, default\nplacement = spread, packed/' \
	experiments/t-calib/experiment.ini >experiments/t-stack/experiment.ini
git add experiments/t-stack && git commit -q -m "t-stack"
"$PREREG" predict t-stack >/dev/null 2>&1 && "$PREREG" pin t-stack >/dev/null
expect_exit 0 "run vader and default, spread and packed" \
	"$PREREG" run t-stack --launches 1 --reps 1 --warmup 0
dir=runs/t-stack/$(ls runs/t-stack | grep -v ledger)
stack() { # config key -> the stack its launch recorded
	python3 -c "import json
for l in json.load(open('$dir/manifest.json'))['launches']:
    if l['config'] == $1: print(json.dumps(l['ranks']['stack']['$2']))"
}
check "default records the selected pml" [ "$(stack 2 pml)" = '"ob1"' ]
check "default records its open btls, vader among them" sh -c \
	"echo '$(stack 2 btl)' | grep -q '\"vader\"'"
check "vader opened only self and vader" [ "$(stack 0 btl)" = '["vader", "self"]' ]
expect_exit 0 "analyze" "$PREREG" analyze t-stack
# 4 configs x 11 sizes x 3 phases: 132 rows, more than a page, so the
# run's studies are on its own page (RUNID.md), which report.md links
page=analysis/t-stack/$(basename "$dir").md
check "report.md links the run's page" \
	grep -q "are in \[$(basename "$dir").md\]" analysis/t-stack/report.md
check "the run's page says default and vader are one stack" \
	grep -q '^- vader, default: pml ob1, btl vader between ranks' "$page"
check "the packed over spread section is there" \
	grep -q '^### Sharing: packed over spread' "$page"
# the same table in analyze --json: one object per markdown row, in its
# order, with the same pair, verdict and ratios
"$PREREG" analyze t-stack --json >"$SCRATCH/a.json" 2>/dev/null
check "analyze --json has the sharing table's rows, as the page" \
	python3 -c "
import json, re
md = open('$page').read().split('### Sharing: packed over spread')[1]
rows = [l for l in md.split('\\n\\n')[2].splitlines()[2:]]
runs = json.load(open('$SCRATCH/a.json'))['runs']
(x,) = [r['inflation']['ratios'] for r in runs if 'inflation' in r]
assert rows and len(x) == len(rows), (len(x), len(rows))
for j, m in zip(x, rows):
    cell = [c.strip() for c in m.strip('|').split('|')]
    assert cell[0].startswith('%d ' % j['packed']), (cell, j)
    assert (' / %d ' % j['spread']) in cell[0], (cell, j)
    assert cell[4].split(':')[0] == j['verdict'], (cell, j)
    assert len(j['measured']) == 3 and len(j['predicted']) == 3, j
"
echo "1..$n"
