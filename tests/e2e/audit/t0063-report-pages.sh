#!/bin/sh
# t0063: a run of more than 100 rows keeps in report.md its facts,
# verdicts and plots, with its tables on its own page RUNID.md; the audit
# compares that page too: missing from the commit or changed, it FAILs
. "$(dirname "$0")/../lib.sh"
fixture pinned "$SCRATCH/repo"
# 2 transports x 2 placements x 20 sizes (4 B to 2 MiB) x 3 phases
# (pingpong, reduce_local, sendrecv): 240 rows
sed -e 's/transport = vader, tcp/transport = vader, tcp\nplacement = spread, packed/' \
	-e 's/factor = 4/factor = 2/' -e 's/min_bytes = 8/min_bytes = 4/' \
	experiments/t-calib/experiment.ini >"$SCRATCH/ini" &&
	cp "$SCRATCH/ini" experiments/t-calib/experiment.ini
"$PREREG" predict t-calib >/dev/null 2>&1 && "$PREREG" pin t-calib >/dev/null 2>&1
expect_exit 0 "a run of 240 rows" "$PREREG" run t-calib --launches 1 --reps 1
run=$(ls runs/t-calib | grep -v ledger)
expect_exit 0 "analyze it" "$PREREG" analyze t-calib
expect_out "it names the page it wrote" \
	"^wrote analysis/t-calib/report.md and $run.md \(run of more than 100 rows\)\$"
r=analysis/t-calib/report.md p=analysis/t-calib/$run.md
check "report.md links the run's page" grep -q \
	"^Its 240 rows are more than a page: .* are in \\[$run.md\\]($run.md)\\.\$" $r
check "report.md keeps the verdicts, not the table" sh -c \
	"grep -q '^\*\*Verdicts: 0 PASS, 0 FAIL, 240 NO-PREDICTION\*\*' $r &&
	 ! grep -q '^| 0 vader/spread | pingpong | 4 |' $r"
check "the page holds the table and the variability" sh -c \
	"grep -q '^# t-calib: run $run, every row' $p &&
	 [ \$(grep -c '^| [0-9] [a-z]*/[a-z]* | [a-z_]* | [0-9]* | ' $p) -ge 480 ]"
check "the page is smaller than the report would be: report.md < 20 kB" \
	sh -c "[ \$(wc -c <$r) -lt 20000 ]"
git add analysis && git commit -qm analysis
expect_exit 0 "the audit passes with the page committed" "$PREREG" audit t-calib
expect_out "analysis P" "^t-calib +analysis +P"
git rm -q --cached "$p" && git commit -qm "drop the page"
expect_exit 1 "the audit fails without the page" "$PREREG" audit t-calib
expect_out "it names the page" "report.md links analysis/t-calib/$run.md, which is not committed"
git add "$p" && git commit -qm "the page again"
sed 's/NO-PREDICTION/PASS/' "$p" >"$SCRATCH/page" && cp "$SCRATCH/page" "$p"
git commit -qam "a page that says PASS"
expect_exit 1 "the audit fails with a changed page" "$PREREG" audit t-calib
expect_out "it says the page differs" "analysis/t-calib/$run.md, which analysis/t-calib/report.md links, differs"
echo "1..$n"
