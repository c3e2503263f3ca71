#!/bin/sh
# t0004: placements are measured, not assumed; list, show and env answer
. "$(dirname "$0")/lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-place
sed 's/transport = vader, tcp/transport = vader\nplacement = spread, packed/' \
	experiments/t-calib/experiment.ini >experiments/t-place/experiment.ini
git add experiments/t-place && git commit -q -m "t-place"
"$PREREG" predict t-place >/dev/null && "$PREREG" pin t-place >/dev/null

expect_exit 0 "dry run of a packed config" "$PREREG" run t-place --dry-run
expect_out "packed runs mpirun pinned to core 0, unbound" "taskset -c 0 mpirun -np 2 --bind-to none"
expect_exit 0 "run spread and packed" "$PREREG" run t-place --launches 1 --reps 1 --warmup 0
dir=runs/t-place/$(ls runs/t-place | grep -v ledger)
affinity() { # config -> the affinities its ranks recorded, space separated
	python3 -c "import json
for l in json.load(open('$dir/manifest.json'))['launches']:
    if l['config'] == $1: print(' '.join(r['affinity'] for r in l['ranks']['ranks']))"
}
check "packed ranks all ran on core 0" sh -c "[ \"$(affinity 1)\" = '0 0' ]"
if [ "$(nproc)" -ge 2 ]; then
	check "spread ranks ran on different cores" sh -c \
		"a='$(affinity 0)'; [ \"\${a% *}\" != \"\${a#* }\" ]"
fi
expect_exit 0 "list" "$PREREG" list
expect_out "list shows the pin and the run" "t-place +prereg/pin/t-place/1 +1 complete"
expect_exit 0 "show" "$PREREG" show "$(basename "$dir")"
expect_out "show gives the status and the pin" "status +complete"
expect_exit 2 "show of an unknown run" "$PREREG" show 20000101T000000Z-000000
expect_exit 0 "env" "$PREREG" env --json
expect_out "env lists the transports" '"name": "vader"'
expect_exit 0 "--help of every command" sh -c \
	'for c in list env predict pin run show repro; do "$0" $c --help >/dev/null || exit 1; done' "$PREREG"
echo "1..$n"
