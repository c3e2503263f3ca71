#!/bin/sh
# t0004: placements are measured, not assumed; list, show and env answer
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-place
sed 's/transport = vader, tcp/transport = vader\nplacement = spread, packed/' \
	experiments/t-calib/experiment.ini >experiments/t-place/experiment.ini
git add experiments/t-place && git commit -q -m "t-place"
"$PREREG" predict t-place >/dev/null && "$PREREG" pin t-place >/dev/null

expect_exit 0 "dry run of a packed config" "$PREREG" run t-place --dry-run
expect_out "packed runs mpirun pinned to core 0, unbound" "taskset -c 0 mpirun -np 2 --bind-to none"
expect_exit 0 "run spread and packed" "$PREREG" run t-place --launches 1 --reps 1 --warmup 0
expect_out "an untested oversubscription is said before the run" \
	"warning: config 1 \(vader, packed\) puts its 2 ranks on one core: times include sharing"
# four ranks spread over fewer cores share them too: said with how many
# each core gets at most (packed above: all of them on one core)
if [ "$(nproc)" -lt 4 ]; then
	mkdir -p experiments/t-four
	sed 's/group = cpu\*2/group = cpu*4/' experiments/t-calib/experiment.ini \
		>experiments/t-four/experiment.ini
	git add experiments/t-four && git commit -q -m "t-four"
	"$PREREG" predict t-four >/dev/null && "$PREREG" pin t-four >/dev/null
	expect_exit 0 "dry run of four spread ranks" "$PREREG" run t-four --dry-run
	expect_out "a spread oversubscription says the most ranks a core gets" \
		"warning: config 0 \(vader, spread\) puts up to [2-4] ranks on each of [1-3] cores: times include sharing"
fi
dir=runs/t-place/$(ls runs/t-place | grep -v ledger)
# a run that starts in the second of the newest run id waits for the
# next second, so that sorted by name the runs stay in start order (the
# random part, ffffff here, would otherwise decide)
late=runs/t-place/$(date -u +%Y%m%dT%H%M%SZ)-ffffff
mkdir "$late"
"$PREREG" run t-place --launches 1 --reps 1 --warmup 0 --no-commit \
	>/dev/null 2>&1
check "a run in the newest run's second sorts after it" sh -c \
	"[ \"\$(ls runs/t-place | grep -v ledger | sort | tail -n 1)\" != '${late#runs/t-place/}' ]"
rm -rf "$late"
git clean -qfdx runs && git checkout -q runs
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
sharing() { # config key -> the value of that key in its launch's sharing
	python3 -c "import json
for l in json.load(open('$dir/manifest.json'))['launches']:
    if l['config'] == $1: print(json.dumps(l['sharing']['$2']))"
}
check "packed records 2 ranks per core, oversubscribed" sh -c \
	"[ \"$(sharing 1 ranks_per_core) $(sharing 1 oversubscribed)\" = '2 true' ]"
check "the manifest's cores are hwloc's" sh -c \
	"[ \"$(sharing 0 cores)\" -ge 1 ] && [ \"$(sharing 1 sharing_tested)\" = false ]"
if [ "$(nproc)" -ge 2 ]; then
	check "spread records one rank per core, bound" sh -c \
		"[ \"$(sharing 0 ranks_per_core) $(sharing 0 bound) $(sharing 0 oversubscribed)\" = '1 true false' ]"
fi
configs=$(python3 -c "import json
print(' '.join(c['algorithm'] + '/' + c['sync'] for c in json.load(open('$dir/manifest.json'))['configs']))")
check "configs name their algorithm and sync" [ "$configs" = "default/none default/none" ]

# sharing = tested: the same packing, said to be the subject, is not flagged
mkdir -p experiments/t-shared
sed 's/^budget_s = 60/budget_s = 60\nsharing = tested/' \
	experiments/t-place/experiment.ini >experiments/t-shared/experiment.ini
# algorithm and sync lists are factors: 1 x 2 x 2 x 2 configs
printf '[mpi]\nalgorithm = ring, reduce_bcast\nsync = none, barrier\n' \
	>>experiments/t-shared/experiment.ini
git add experiments/t-shared && git commit -q -m "t-shared"
"$PREREG" predict t-shared >/dev/null && "$PREREG" pin t-shared >/dev/null
expect_exit 0 "dry run of the algorithm x sync grid" "$PREREG" run t-shared --dry-run --launches 1
cp "$SCRATCH/out" "$SCRATCH/dry"
expect_out "the dry run labels configs by algorithm and sync" \
	"config 7 \\(vader, packed, reduce_bcast, sync barrier\\)"
expect_out "ring forces coll tuned's algorithm 4" \
	"coll_tuned_allreduce_algorithm 4"
expect_out "reduce_bcast forces coll tuned's algorithm 1" \
	"coll_tuned_allreduce_algorithm 1"
check "the dry run has 8 configs" sh -c \
	"[ \$(grep -c 'mpirun -np 2' '$SCRATCH/dry') -eq 8 ]"
check "no warning when sharing is what the experiment tests" sh -c \
	"! grep -q 'puts 2 ranks' '$SCRATCH/dry'"
expect_exit 0 "list" "$PREREG" list
expect_out "list shows the kind, the pin, the last run, its verdict and the runs" \
	"^t-place +calibration +prereg/pin/t-place/1 +[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6} +MEASURED +1 complete"
expect_out "list's columns, as its --help says" "^EXPERIMENT +KIND +PIN +LAST RUN +VERDICT +RUNS$"
# the columns align: where each header starts, every line has a word
# starting after two spaces, with a name longer than the old fixed width
long=t-an-experiment-name-much-longer-than-twenty
mkdir -p "experiments/$long"
cp experiments/t-calib/experiment.ini "experiments/$long/"
expect_exit 0 "list with a long experiment name" "$PREREG" list
expect_out "the long name is listed whole" "^$long +calibration +not runnable"
cp "$SCRATCH/out" "$SCRATCH/list"
check "its columns align" awk '
	NR == 1 { k = index($0, "KIND"); p = index($0, "PIN"); l = index($0, "LAST RUN")
		v = index($0, "VERDICT"); r = index($0, "RUNS"); next }
	substr($0, k - 2, 3) !~ /^  [^ ]$/ || substr($0, p - 2, 3) !~ /^  [^ ]$/ ||
	substr($0, l - 2, 3) !~ /^  [^ ]$/ || substr($0, v - 2, 3) !~ /^  [^ ]$/ ||
	substr($0, r - 2, 3) !~ /^  [^ ]$/ { bad = 1; print "misaligned: " $0 }
	END { exit bad }' "$SCRATCH/list"
rm -r "experiments/$long"
expect_exit 0 "show" "$PREREG" show "$(basename "$dir")"
expect_out "show gives the status and the pin" "status +complete"
expect_exit 2 "show of an unknown run" "$PREREG" show 20000101T000000Z-000000
expect_exit 0 "env" "$PREREG" env --json
expect_out "env lists the transports" '"name": "vader"'
expect_exit 0 "--help of every command" sh -c \
	'for c in list env predict pin run show repro; do "$0" $c --help >/dev/null || exit 1; done' "$PREREG"
echo "1..$n"
