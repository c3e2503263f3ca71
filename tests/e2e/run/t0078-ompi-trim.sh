#!/bin/sh
# t0078: where no hardware drives them, a local run leaves Open MPI's
# btl_ofi, mtl_ofi, mtl_psm and mtl_psm2 out of its launches (a component
# path of links to the others: PSM's and PSM2's libraries spend 0.1 s each
# loading), says so, and records them in each launch (ompi_left_out);
# --all-components keeps them, as does an environment that sets the
# component path itself (lib.sh sets one for every other test)
. "$(dirname "$0")/../lib.sh"
if [ -e /sys/class/infiniband ] || ls /dev/hfi1_* /dev/ipath* /dev/cxi* \
	>/dev/null 2>&1; then
	echo "ok 1 # SKIP this machine has the hardware: nothing is left out"
	echo "1..1"
	exit 0
fi
fixture pinned-vader "$SCRATCH/repo"
pkg=$(ompi_info --parsable --path pkglibdir 2>/dev/null |
	sed -n 's/^path:pkglibdir://p')
# the four this Open MPI has, sorted as a JSON list
have=$(cd "$pkg" 2>/dev/null && ls mca_btl_ofi.so mca_mtl_ofi.so \
	mca_mtl_psm.so mca_mtl_psm2.so 2>/dev/null |
	sed 's/^mca_//; s/\.so$//' | sort | paste -sd, -)
if [ -z "$have" ]; then
	echo "ok 1 # SKIP this Open MPI has none of the four components"
	echo "1..1"
	exit 0
fi

# left_out RUNID: each launch's ompi_left_out, sorted and joined, one
# line per distinct value ("-" for none)
left_out() {
	python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
print("\n".join(sorted({",".join(sorted(l.get("ompi_left_out", []))) or "-"
                        for l in m["launches"]})))' "runs/t-calib/$1/manifest.json"
}

expect_exit 0 "a run without a component path of its own" \
	env -u OMPI_MCA_mca_base_component_path "$PREREG" run t-calib --quick
expect_out "it names what it leaves out and how to keep it" \
	"Open MPI components left out of the launches: .*--all-components keeps them"
first=$(ls runs/t-calib | grep -v ledger)
check "the run is complete" \
	grep -q '"status": "complete"' "runs/t-calib/$first/manifest.json"
check "each launch records the four this Open MPI has ($have)" \
	test "$(left_out "$first")" = "$have"

expect_exit 0 "--all-components keeps them" \
	env -u OMPI_MCA_mca_base_component_path "$PREREG" run t-calib --quick \
	--all-components
expect_no_out "and says nothing of them" "components left out"
second=$(ls runs/t-calib | grep -v ledger | grep -v "^$first$")
check "its launches record nothing left out" test "$(left_out "$second")" = -

expect_exit 0 "a component path set in the environment is kept" \
	"$PREREG" run t-calib --quick
expect_no_out "nothing is said" "components left out"
third=$(ls runs/t-calib | grep -v ledger | grep -v -e "^$first$" -e "^$second$")
check "nor recorded" test "$(left_out "$third")" = -
check "the audit passes the three runs" "$PREREG" audit t-calib
echo "1..$n"
