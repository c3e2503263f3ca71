#!/bin/sh
# t0033: energy per call where the hardware reports it. On a machine
# without /sys/class/powercap, NVML or ROCm SMI (a virtual machine), a
# run records in every rank's launch report that it has no counter and
# why, the archive's energy_uj column stays empty, and the report says
# "energy: not measured (...)" with the readers' reasons. Where a
# counter exists, the manifest names it instead.
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
new_repo "$SCRATCH/repo"
vader_only || exit 1

expect_exit 0 "predict the calibration" "$PREREG" predict t-calib
expect_exit 0 "pin the calibration" "$PREREG" pin t-calib
expect_exit 0 "run the calibration (--quick)" "$PREREG" run t-calib --quick
dir=$(ls -d runs/t-calib/*/ | head -n 1)
python3 - "$dir/manifest.json" >"$SCRATCH/energy.txt" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
for l in m["launches"]:
    rep = l["ranks"]
    for name, r in sorted(rep["energy_readers"].items()):
        print("reader", name, r.get("counter") or "none", r.get("reason", ""))
    for r in rep["ranks"]:
        e = r["energy"]
        print("rank", r["rank"], e["reader"], e["counter"] or "none",
              e.get("reason", ""), e["launch_j"])
PY
cp "$SCRATCH/energy.txt" "$SCRATCH/energy.keep"
if [ -d /sys/class/powercap ] || ldconfig -p | grep -q libnvidia-ml; then
	echo "ok - # SKIP this machine may have an energy counter"
	check "every rank's record names a counter or a reason" \
		awk '$1 == "rank" && $4 == "none" && NF < 6 { exit 1 }' \
		"$SCRATCH/energy.keep"
else
	check "every launch records the three readers, none available" sh -c \
		"[ \$(grep -c '^reader [a-z_]* none ' $SCRATCH/energy.keep) = \
		   \$((3 * \$(grep -c '^reader rapl' $SCRATCH/energy.keep))) ]"
	check "rapl's reason: no powercap" \
		grep -q "^reader rapl none no RAPL: cannot open '/sys/class/powercap'" \
		"$SCRATCH/energy.keep"
	check "nvml's reason: the library does not load" \
		grep -q '^reader nvml none cannot load libnvidia-ml.so.1' \
		"$SCRATCH/energy.keep"
	check "rocm_smi's reason: the library does not load" \
		grep -q '^reader rocm_smi none cannot load librocm_smi64' \
		"$SCRATCH/energy.keep"
	check "every cpu rank: rapl, no counter, the reason, no launch energy" \
		awk '$1 == "rank" { n++; if ($3 != "rapl" || $4 != "none" ||
		     $0 !~ /no RAPL/ || $NF != "None") exit 1 } END { exit !n }' \
		"$SCRATCH/energy.keep"
	check "the archive's energy_uj column is empty" sh -c \
		"zcat $dir/timings.csv.gz | awk -F, 'NR == 1 && \$13 != \"energy_uj\" { exit 1 } NR > 1 && \$13 != \"\" { exit 1 }'"
	expect_exit 0 "analyze" "$PREREG" analyze t-calib
	check "the report says energy was not measured, with the reasons" \
		grep -q '^- energy: not measured (.*rapl: no RAPL: cannot open' \
		analysis/t-calib/report.md
	cp analysis/t-calib/report.md "$SCRATCH/report.keep"
	check "the report names nvml's and rocm_smi's reasons too" sh -c \
		"grep '^- energy: not measured' $SCRATCH/report.keep | grep 'nvml: cannot load' | grep -q 'rocm_smi: cannot load'"
	check "the report has no energy table" \
		sh -c "! grep -q 'J per call' $SCRATCH/report.keep"
	"$PREREG" analyze t-calib --json >"$SCRATCH/a.json" 2>/dev/null
	check "analyze --json says the same: no counter, no rows, the reasons" \
		python3 -c "
import json
(e,) = [r['energy'] for r in json.load(open('$SCRATCH/a.json'))['runs']]
assert e['recorded'] is True and e['counters'] is None, e
assert e['rows'] == [] and 'rapl: no RAPL' in e['why_not'], e
"
fi
expect_exit 0 "the audit passes" "$PREREG" audit t-calib
echo "1..$n"
