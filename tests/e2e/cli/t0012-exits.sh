#!/bin/sh
# t0012: exit codes as promised: a spec value that is not UTF-8 text is bad
# input (exit 2, file, line and key) at predict and pin; a launcher whose
# program is not on PATH is refused (exit 2) before anything is created;
# prereg env lists only the launchers it finds; prereg-rank rejects a plan
# by the rules prereg checks (format/plancheck.c)
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"

# -- a claim in Latin-1 ('\351' is e acute there, ill-formed as UTF-8)
mkdir -p experiments/t-latin1
sed 's/^claim = .*/claim = caf\xe9 au lait/' experiments/t-calib/experiment.ini \
	>experiments/t-latin1/experiment.ini
check "the claim holds a Latin-1 byte" grep -q "$(printf 'caf\351')" \
	experiments/t-latin1/experiment.ini
git add experiments/t-latin1 && git commit -q -m "t-latin1"
msg="prereg: experiments/t-latin1/experiment.ini:3: 'claim' is not valid UTF-8 (byte 4 of the value is 0xe9)"
expect_exit 2 "predict of a claim that is not UTF-8" "$PREREG" predict t-latin1
expect_cmp "it names file, line and key" "$msg"
check "no prediction was written" test ! -e predictions/t-latin1.json
expect_exit 2 "pin of a claim that is not UTF-8" "$PREREG" pin t-latin1
expect_cmp "it names file, line and key" "$msg"
check "no pin tag was made" sh -c '[ -z "$(git tag -l "prereg/pin/t-latin1/*")" ]'
sed 's/^claim = .*/claim = caf\xc3\xa9 au lait/' experiments/t-calib/experiment.ini \
	>experiments/t-latin1/experiment.ini
expect_exit 0 "the same claim in UTF-8 predicts" "$PREREG" predict t-latin1
check "and the prediction holds it" grep -q "caf\\\\u00e9 au lait\|$(printf 'caf\303\251') au lait" \
	predictions/t-latin1.json
git checkout -q -- experiments/t-latin1 && rm -f predictions/t-latin1.json

# -- PATH without mpirun: a directory of the tools prereg may run, less it
tools=$SCRATCH/tools
mkdir -p "$tools"
for t in git gzip gnuplot timeout; do
	p=$(command -v $t) && ln -s "$p" "$tools/$t"
done
"$PREREG" predict t-calib >/dev/null && "$PREREG" pin t-calib >/dev/null
head=$(git rev-parse HEAD)
expect_exit 2 "run without mpirun on PATH is refused" \
	env PATH="$tools" "$PREREG" run t-calib --quick
expect_cmp "it names the program and its package" \
	"prereg: 'mpirun' not found on PATH: --launcher mpirun needs Open MPI's mpirun (Debian: openmpi-bin)"
check "no run directory, no ledger" test ! -e runs/t-calib
check "no commit" test "$(git rev-parse HEAD)" = "$head"

# mpiruns: how often `prereg env --json` under PATH=$tools lists mpirun
mpiruns() {
	env PATH="$tools" "$PREREG" env --json | python3 -c 'import json, sys
print(json.load(sys.stdin)["launchers"].count("mpirun"))'
}
check "env without mpirun does not list it" test "$(mpiruns)" = 0
expect_exit 0 "env without mpirun" env PATH="$tools" "$PREREG" env
expect_out "it says mpirun is not found" "^launchers +(none|slurm) \(mpirun: 'mpirun' not found"
ln -s "$(command -v mpirun)" "$tools/mpirun"
check "env with mpirun lists it" test "$(mpiruns)" = 1
expect_exit 0 "env with mpirun" env PATH="$tools" "$PREREG" env
expect_out "its launchers line starts with mpirun" "^launchers +mpirun"

# -- prereg run checks every plan by prereg-rank's rules before launching:
# a kv-split whose partial output (rows * (d + 1) floats) is more than one
# MPI_Allreduce carries passes the spec, predict and pin
mkdir -p experiments/t-huge
sed -e 's/^rows = 512/rows = 16777216/' -e 's/^d = 64/d = 4096/' \
	-e '/^\[model\]/,$d' experiments/t-kv/experiment.ini \
	>experiments/t-huge/experiment.ini
git add experiments/t-huge && git commit -q -m t-huge
"$PREREG" predict t-huge >/dev/null && "$PREREG" pin t-huge >/dev/null
head=$(git rev-parse HEAD)
expect_exit 2 "a plan prereg-rank would reject is refused by prereg run" \
	"$PREREG" run t-huge --quick
expect_out "it names the launch, the config and the rule" \
	"cannot run 't-huge': launch 0, config [01]: kv-split's rows \\* \\(d \\+ 1\\)"
check "nothing was launched or recorded" sh -c \
	"[ ! -d runs/t-huge ] && [ \$(git rev-parse HEAD) = $head ]"

# -- prereg-rank checks its plan by the same rules: a row split that does
# not add up to the rows
cat >"$SCRATCH/plan.json" <<JSON
{"experiment": "x", "workload": "row-split", "launch": 0, "config": 0,
 "seed": "1", "reps": 1, "warmup": 0, "rows": 8, "keys": 2, "d": 4,
 "sizes": [], "groups": [{"device": "cpu", "count": 2}],
 "rows_per_rank": [4, 3], "verify": false, "out": "$SCRATCH/out"}
JSON
expect_exit 2 "prereg-rank refuses a plan that breaks a rule" \
	env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
	mpirun -n 2 "$BIN/prereg-rank" "$SCRATCH/plan.json"
expect_out "with the rule's words" "'rows_per_rank' adds up to 7 rows, 'rows' is 8"
echo "1..$n"
