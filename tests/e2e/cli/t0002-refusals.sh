#!/bin/sh
# t0002: every refusal of I1 (exit 3, nothing launched) and every bad input
# (exit 2) says what is wrong and what to do
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"

no_runs() { [ ! -d runs/t-calib ] || [ -z "$(ls runs/t-calib)" ]; }

expect_exit 3 "run without a prediction" "$PREREG" run t-calib --quick
expect_cmp "names the prediction and the fix" \
	"prereg: cannot run 't-calib': predictions/t-calib.json does not exist (run 'prereg predict t-calib', then 'prereg pin t-calib')"
check "nothing was launched" no_runs

"$PREREG" predict t-calib >/dev/null 2>&1
expect_exit 3 "run with the prediction uncommitted" "$PREREG" run t-calib --quick
expect_cmp "says to pin" \
	"prereg: cannot run 't-calib': predictions/t-calib.json is not committed (run 'prereg pin t-calib')"
git add predictions/t-calib.json
expect_exit 3 "run with the prediction staged but uncommitted" "$PREREG" run t-calib --quick
git commit -q -m "plain commit of a prediction"
expect_exit 3 "run with the prediction committed without prereg pin" "$PREREG" run t-calib --quick
expect_cmp "says to pin" \
	"prereg: cannot run 't-calib': no pin reachable from HEAD (run 'prereg pin t-calib')"
check "nothing was launched" no_runs

"$PREREG" pin t-calib >/dev/null 2>&1
echo "; edited after the pin" >>experiments/t-calib/experiment.ini
expect_exit 3 "run with the spec modified after the pin" "$PREREG" run t-calib --quick
expect_cmp "names the spec" \
	"prereg: cannot run 't-calib': experiments/t-calib/experiment.ini is modified (run 'prereg pin t-calib' to pin the new version, or 'git checkout -- experiments/t-calib/experiment.ini' to drop the change)"
git add experiments/t-calib/experiment.ini
expect_exit 3 "run with the spec change staged" "$PREREG" run t-calib --quick
git checkout -q HEAD -- experiments/t-calib/experiment.ini
check "nothing was launched" no_runs

# a pin on another branch is not reachable from main
git checkout -q -b side
echo "; side" >>experiments/t-kv/experiment.ini
"$PREREG" predict t-kv >/dev/null 2>&1 || true
printf '{"experiment": "t-kv", "spec_blob": "%s", "cells": []}\n' \
	"$(git hash-object experiments/t-kv/experiment.ini)" >predictions/t-kv.json
"$PREREG" pin t-kv >/dev/null 2>&1
git checkout -q main
git checkout -q side -- experiments/t-kv/experiment.ini predictions/t-kv.json
git commit -q -m "same files, plain commit on main"
expect_exit 3 "run with the pin only on another branch" "$PREREG" run t-kv --quick
expect_cmp "says the pin is not reachable" \
	"prereg: cannot run 't-kv': the pin prereg/pin/t-kv/1 is not reachable from HEAD (run 'prereg pin t-kv')"

rm -rf "$SCRATCH/repo2"
new_repo "$SCRATCH/repo2"
expect_exit 3 "predict without a calibration run" "$PREREG" predict t-kv
expect_cmp "says which command to run first" \
	"prereg: no pinned, committed run of calibration 't-calib' (run 'prereg pin t-calib && prereg run t-calib' first)"

# bad input: exit 2, file, line and key
expect_exit 2 "an unknown experiment" "$PREREG" run no-such --quick
expect_out "names it" "no-such"
expect_exit 2 "a name with a slash" "$PREREG" run ../etc --quick
expect_exit 2 "a name with .." "$PREREG" predict a..b
mkdir -p experiments/bad
printf '[experiment]\nkind = validation\nclaim = x\nworkload = kv-split\n[nonsense]\nx = 1\n' \
	>experiments/bad/experiment.ini
expect_exit 2 "an unknown section" "$PREREG" predict bad
expect_cmp "names file and line" \
	"prereg: experiments/bad/experiment.ini:5: unknown section 'nonsense' (known: experiment, shape, ranks, factors, schedule, mpi, model, launch, slurm, pin, analysis, arrival, dp, claims, command)"
printf '[experiment]\nkind = validation\nclaim = x\nworkload = kv-split\ncolour = blue\n' \
	>experiments/bad/experiment.ini
expect_exit 2 "an unknown key" "$PREREG" predict bad
expect_cmp "names file, line and key" \
	"prereg: experiments/bad/experiment.ini:5: unknown key 'colour' in [experiment] (known: kind, claim, workload, budget_s, sharing, edition)"
sed 's/rows = 512/rows = lots/' experiments/t-kv/experiment.ini >experiments/bad/experiment.ini
expect_exit 2 "a value of the wrong type" "$PREREG" predict bad
expect_cmp "names the key" \
	"prereg: experiments/bad/experiment.ini:7: 'rows' must be a positive integer, not 'lots'"
sed 's/cpu\*4/cpu*0/' experiments/t-kv/experiment.ini >experiments/bad/experiment.ini
expect_exit 2 "ranks < 1" "$PREREG" predict bad
sed 's/cpu\*4/cpu*1025/' experiments/t-kv/experiment.ini >experiments/bad/experiment.ini
expect_exit 2 "ranks > 1024" "$PREREG" predict bad
sed 's/reps = 4/reps = 0/' experiments/t-kv/experiment.ini >experiments/bad/experiment.ini
expect_exit 2 "reps < 1" "$PREREG" predict bad
sed 's/transport = vader, tcp/transport = vader, carrier-pigeon/' experiments/t-kv/experiment.ini >experiments/bad/experiment.ini
expect_exit 2 "an unknown transport" "$PREREG" predict bad
expect_cmp "lists the known ones" \
	"prereg: experiments/bad/experiment.ini:13: unknown transport 'carrier-pigeon' (known: vader, tcp, ucx, default)"
sed 's/transport = vader, tcp/placement = sideways/' experiments/t-kv/experiment.ini >experiments/bad/experiment.ini
expect_exit 2 "an unknown placement" "$PREREG" predict bad
expect_exit 2 "an unknown option" "$PREREG" run t-kv --fast
expect_exit 2 "an unknown command" "$PREREG" frobnicate
mkdir -p "$SCRATCH/plain"
cd "$SCRATCH/plain" || exit 1
expect_exit 2 "a directory that is not a git repository" "$PREREG" run t-kv
expect_cmp "says so" \
	"prereg: '.' is not in a git repository (run 'git init' or cd into your clone)"
echo "1..$n"
