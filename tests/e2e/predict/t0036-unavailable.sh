#!/bin/sh
# t0036: a prediction that waits for a GPU calibration. A row split over
# GPU rank groups whose rows calibration has no committed run is
# predicted without cells, recording which calibration it waits for
# ("unavailable"), and can be pinned; `prereg run` then refuses it (exit
# 3, nothing started) naming the calibration. The same spec with CPU
# ranks only is refused at predict, as before. A pinned prediction that
# marks its model unavailable and has cells is rejected.
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-gsplit experiments/t-csplit experiments/t-grows
cat >experiments/t-grows/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = compute time of r rows is a + b*r
workload = rows-sweep
budget_s = 60
[shape]
rows_list = 64, 128
keys = 8
d = 64
[ranks]
group = cuda:0*1, cpu*1
[schedule]
launches = 2
reps = 3
warmup = 1
INI
split_spec() {
	cat <<INI
[experiment]
kind = validation
claim = rows split by 1/t finish together
workload = row-split
budget_s = 60
[shape]
rows = 256
keys = 8
d = 64
[ranks]
group = $1
[schedule]
launches = 2
reps = 3
warmup = 1
[model]
name = split-gatherv
calibration = t-grows
comm_calibration = t-grows
tolerance = 0.15
INI
}
split_spec "cuda:0*1, cpu*1" >experiments/t-gsplit/experiment.ini
split_spec "cpu*2" >experiments/t-csplit/experiment.ini
git add experiments && git commit -q -m specs

expect_exit 0 "a GPU split without its calibration's run is predicted" \
	"$PREREG" predict t-gsplit
expect_cmp "the warning names the calibration it waits for, and the fix" \
	"prereg: warning: 't-gsplit': no committed run of calibration 't-grows', which needs the GPUs of rank groups such as cuda:0: every cell of model 'split-gatherv' depends on it; the prediction is written without cells (run 'prereg pin t-grows && prereg run t-grows' where the devices are, then 'prereg pin t-gsplit' again)
wrote predictions/t-gsplit.json (0 cells); pin it with 'prereg pin t-gsplit'"
check "the prediction has no cells and records the calibration" python3 -c "
import json
p = json.load(open('predictions/t-gsplit.json'))
assert p['cells'] == [], p['cells']
assert p['unavailable']['calibration'] == 't-grows', p
assert 'split' not in p, p"
expect_exit 0 "and pinned" "$PREREG" pin t-gsplit
expect_exit 3 "run refuses a prediction without cells" \
	"$PREREG" run t-gsplit --launcher mpirun
expect_cmp "the refusal names the calibration to run" \
	"prereg: cannot run 't-gsplit': its pinned prediction has no cells: no committed run of calibration 't-grows', which needs the GPUs of rank groups such as cuda:0: every cell of model 'split-gatherv' depends on it (run 'prereg pin t-grows && prereg run t-grows' where the devices are, then 'prereg pin t-gsplit' again)"
check "nothing was started" sh -c '[ ! -d runs ]'
expect_exit 3 "so does its dry run" "$PREREG" run t-gsplit --dry-run

expect_exit 3 "the CPU-only split still needs its calibration's run" \
	"$PREREG" predict t-csplit
expect_cmp "the refusal names the calibration" \
	"prereg: no pinned, committed run of calibration 't-grows' (run 'prereg pin t-grows && prereg run t-grows' first)"
check "no prediction was written" sh -c '[ ! -e predictions/t-csplit.json ]'

# a forged prediction: unavailable, yet with a cell
python3 -c "
import json
p = json.load(open('predictions/t-gsplit.json'))
p['cells'] = [{'config': 0, 'phase': 'gatherv', 'predicted_s': 0.001,
               'lo_s': 0.0009, 'hi_s': 0.0011}]
json.dump(p, open('predictions/t-gsplit.json', 'w'))"
git commit -q -am "a cell in an unavailable prediction"
expect_exit 2 "pin rejects a prediction unavailable with cells" \
	"$PREREG" pin t-gsplit
expect_cmp "naming the contradiction" \
	"prereg: cannot pin 't-gsplit': predictions/t-gsplit.json: marks its model unavailable and has cells (run 'prereg predict t-gsplit', then 'prereg pin t-gsplit')"
echo "1..$n"
