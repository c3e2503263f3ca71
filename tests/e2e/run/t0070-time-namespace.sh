#!/bin/sh
# t0070: two clocks on one kernel, for real. prereg-rank's rank 1 runs in
# a time namespace of its own whose CLOCK_MONOTONIC is 1000 s ahead
# (unshare --time --monotonic 1000): the ranks share the boot id but not
# the clock, so rank 1's clock is "estimated", not "shared", and the
# offset its ping-pongs estimate is the known 1000 s within the
# uncertainty recorded (half the smallest round trip). In one namespace
# the same launch records the clock shared, offset 0.
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cd "$SCRATCH" || exit 1
if ! unshare --time --monotonic 1 --fork true 2>/dev/null; then
	ok "# skip: no time namespaces here (unshare --time: root, Linux 5.6)"
	echo "1..$n"
	exit 0
fi
cat >"$SCRATCH/plan.json" <<JSON
{"experiment": "t", "workload": "allreduce", "launch": 0, "config": 0,
 "seed": "3", "reps": 2, "warmup": 1, "sizes": [8, 1000],
 "groups": [{"device": "cpu", "count": 2}], "out": "$SCRATCH/ar"}
JSON
expect_exit 0 "rank 1 in a time namespace 1000 s ahead" \
	mpirun --mca pml ob1 --mca btl self,vader \
	-n 1 "$BIN/prereg-rank" "$SCRATCH/plan.json" : \
	-n 1 unshare --time --monotonic 1000 --fork \
	"$BIN/prereg-rank" "$SCRATCH/plan.json"
check "rank 1's clock is estimated, 1000 s ahead within its uncertainty" \
	python3 -c "
import json
r = json.load(open('$SCRATCH/ar.json'))['ranks']
assert r[0]['clock'] == 'shared' and r[0]['clock_offset_ns'] == 0, r[0]
assert r[0]['time_namespace'] != r[1]['time_namespace'], r
one = r[1]
assert one['clock'] == 'estimated', one
err = abs(one['clock_offset_ns'] - 1000 * 10**9)
assert 0 < one['clock_uncertainty_ns'] and err <= one['clock_uncertainty_ns'], one
print('  # known offset 1000 s, estimated', one['clock_offset_ns'],
      'ns, uncertainty', one['clock_uncertainty_ns'], 'ns')
"
sed 's|"out": "[^"]*"|"out": "'"$SCRATCH"'/one"|' "$SCRATCH/plan.json" \
	>"$SCRATCH/one-plan.json"
expect_exit 0 "both ranks in one namespace" \
	mpirun --mca pml ob1 --mca btl self,vader \
	-n 2 "$BIN/prereg-rank" "$SCRATCH/one-plan.json"
check "both clocks shared, offset 0" python3 -c "
import json
r = json.load(open('$SCRATCH/one.json'))['ranks']
assert all(x['clock'] == 'shared' and x['clock_offset_ns'] == 0 for x in r), r
assert r[0]['time_namespace'] == r[1]['time_namespace'], r
"
echo "1..$n"
