#!/bin/sh
# t0066: model formula. A command experiment's [model] formula is
# evaluated at each of its [model] cells (phase and bytes) under each
# config, over the ping-pong calibration's P, X, R and their fits' terms:
# a formula that names an unknown variable, divides by zero, or gives no
# finite time > 0 is refused at predict (exit 2, naming the formula and
# the cell); a well-formed one predicts P(m) of its config's transport;
# a program that prints the predicted times PASSes, one that prints ten
# times them FAILs. [model] median.NAME names the median of a phase of
# any calibration run (here a command experiment's figure): refused at
# parse when badly named or written, at predict when the calibration
# lacks it; twice a 25 us median predicts 50 us (PASS), and a
# calibration band resamples the launches the median comes from.
. "$(dirname "$0")/../lib.sh"
fixture calibrated "$SCRATCH/repo"
mkdir -p bin experiments/t-f
# prints, as rank 0, the times in the file named by its argument
printf '%s\n' '#!/bin/sh' \
	'[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' \
	'cat "$1"' >bin/times.sh
chmod +x bin/times.sh
spec() { # FORMULA CELLS [ARG]: experiment t-f
	cat >experiments/t-f/experiment.ini <<INI
[experiment]
kind = validation
claim = the program's times are the calibrated one-way times
workload = command
budget_s = 60
[ranks]
group = cpu*2
[factors]
transport = vader, tcp
[schedule]
launches = 6
warmup = 0
[command]
argv = bin/times.sh ${3:-times.txt}
pmpi = no
inputs = times.txt
fom.t = ^(?<size>[0-9]+) bytes: (?<value>[0-9.e+-]+) (?<unit>s)\$
[model]
name = formula
calibration = t-calib
formula = $1
cells = $2
tolerance = 0.2
INI
}

# ---- refused at parse (any command reading the spec): exit 2 ----
spec "P" "fom.t:8"
sed -i '/^cells = /d' experiments/t-f/experiment.ini
expect_exit 2 "formula without cells" "$PREREG" predict t-f
expect_out "naming both" "model 'formula' needs 'formula' and 'cells'"
spec "P +" "fom.t:8"
expect_exit 2 "a formula that does not parse" "$PREREG" predict t-f
expect_out "naming its line and text" "t-f/experiment.ini:[0-9]+: .*'P \+'"
spec "P" "fom.t"
expect_exit 2 "a cell without bytes" "$PREREG" predict t-f
expect_out "naming it" "'cells' entry 'fom.t' must be PHASE:BYTES"
spec "P" "fom.t:8, fom.t:8"
expect_exit 2 "a cell given twice" "$PREREG" predict t-f
expect_out "naming it" "'cells' lists fom.t:8 twice"
spec "P" "fom.t:-1"
expect_exit 2 "negative bytes" "$PREREG" predict t-f
expect_out "naming it" "'fom.t:-1' is no PHASE:BYTES"
spec "P" "fom.t:8"
sed 's/^name = formula$/name = none/' experiments/t-f/experiment.ini >"$SCRATCH/x" &&
	mv "$SCRATCH/x" experiments/t-f/experiment.ini
expect_exit 2 "formula and cells without model formula" "$PREREG" predict t-f
expect_out "naming why" "'formula' and 'cells' are for model 'formula'"

# ---- refused at predict: exit 2, naming the formula and the cell ----
spec "P * foo" "fom.t:8"
expect_exit 2 "an unknown variable" "$PREREG" predict t-f
expect_out "naming it" "the formula 'P \* foo' uses 'foo', which is none of bytes, ranks, P"
spec "P / (bytes - 8)" "fom.t:64, fom.t:8"
expect_exit 2 "a division by zero" "$PREREG" predict t-f
expect_out "naming the formula and the cell" "config 0, cell fom.t:8: .*P / \(bytes - 8\).*divides by zero"
spec "P - P" "fom.t:8"
expect_exit 2 "a formula that yields 0" "$PREREG" predict t-f
expect_out "naming it" "cell fom.t:8: the formula 'P - P' gives 0, no finite time > 0"
spec "log(bytes - 8)" "fom.t:8"
expect_exit 2 "a logarithm of 0" "$PREREG" predict t-f
expect_out "naming it" "cell fom.t:8: .*log\(bytes - 8\)"
check "nothing was written" sh -c "[ ! -e predictions/t-f.json ]"

# ---- a formula that holds: P(m) of each config's transport ----
spec "alpha_P + beta_P * bytes" "fom.t:8, fom.t:65536"
expect_exit 0 "alpha_P + beta_P * bytes predicts" "$PREREG" predict t-f
check "each cell is its transport's one-way time at its bytes" python3 -c "
import json
p = json.load(open('predictions/t-f.json'))
cells = p['cells']
assert len(cells) == 4, cells
for c in cells:
    assert c['formula'] == 'alpha_P + beta_P * bytes', c
    fit = p['model']['params'][c['transport']][c['placement']]
    e = fit['regime_edges']['bytes']
    reg = 'regime_%d' % (0 if c['bytes'] < e[0] else 1 if c['bytes'] < e[1] else 2)
    f = fit['pingpong'][reg]
    want = f['alpha_s'] + f['beta_s_per_byte'] * c['bytes']
    assert abs(c['predicted_s'] - want) <= 1e-12 + 1e-9 * want, (c, want)
"
# a collective's cell is judged from the last rank's arrival; a figure's
# cell is not
spec "X + R" "allreduce:4, fom.t:8"
expect_exit 0 "a collective's cell" "$PREREG" predict t-f
check "a collective's cell is judged after the last arrival, a figure's not" python3 -c "
import json
p = json.load(open('predictions/t-f.json'))
r = {c['phase']: c.get('reduce') for c in p['cells']}
assert r == {'allreduce': 'after_last_arrival', 'fom.t': None}, r
"
# one times file per transport is not possible with one argv, so the
# formula prices both configs and the program prints config 0's times:
# config 0 PASSes and, its transport's times being others', config 1
# (tcp) does not
spec "P" "fom.t:8, fom.t:65536"
"$PREREG" predict t-f >/dev/null 2>&1
python3 -c "
import json
p = json.load(open('predictions/t-f.json'))
with open('times.txt', 'w') as f:
    for c in p['cells']:
        if c['config'] == 0:
            f.write('%d bytes: %.9e s\n' % (c['bytes'], c['predicted_s']))
"
git add bin experiments times.txt && git commit -q -m t-f
"$PREREG" predict t-f >/dev/null 2>&1 && "$PREREG" pin t-f >/dev/null 2>&1
expect_exit 0 "the run" "$PREREG" run t-f
"$PREREG" analyze t-f --json >"$SCRATCH/a.json" 2>/dev/null
check "the printed predicted times PASS; another transport's FAIL" python3 -c "
import json
a = json.load(open('$SCRATCH/a.json'))
(run,) = a['runs']
v = {(r['config'], r['bytes']): r['verdict'] for r in run['cells'] if r.get('phase') == 'fom.t'}
assert v[(0, 8)] == 'PASS' and v[(0, 65536)] == 'PASS', v
assert v[(1, 8)] == 'FAIL', v
"
# ---- [factors] arg: a config per value, put for "{arg}" in argv ----
printf '%s\n' '#!/bin/sh' '[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' \
	'echo "time: $1 us"' >bin/arg.sh
chmod +x bin/arg.sh
mkdir -p experiments/t-arg
cat >experiments/t-arg/experiment.ini <<'INI'
[experiment]
kind = validation
claim = the program takes as many microseconds as its argument says
workload = command
budget_s = 60
[ranks]
group = cpu*2
[factors]
transport = vader
arg = 3, 40
[schedule]
launches = 6
warmup = 0
[command]
argv = bin/arg.sh {arg}
pmpi = no
fom.t = ^time: (?<value>[0-9]+) (?<unit>us)$
[model]
name = formula
calibration = t-calib
formula = arg * 1e-6
cells = fom.t:0
tolerance = 0.1
INI
git add bin/arg.sh experiments/t-arg && git commit -q -m t-arg
expect_exit 0 "a formula over the argv factor predicts" "$PREREG" predict t-arg
check "one cell per value, the formula's arg that config's" python3 -c "
import json
p = json.load(open('predictions/t-arg.json'))
got = sorted((c['config'], round(c['predicted_s'] * 1e6, 9)) for c in p['cells'])
assert got == [(0, 3.0), (1, 40.0)], got
"
"$PREREG" pin t-arg >/dev/null 2>&1
expect_exit 0 "--dry-run: each config's argv" "$PREREG" run t-arg --dry-run
expect_out "config 0 runs with 3" "config 0 \(vader, spread, arg 3\)"
expect_out "config 1's command ends in 40" "/bin/arg.sh 40$"
expect_exit 0 "the run" "$PREREG" run t-arg
check "the manifest's configs record their arg, the samples their value" python3 -c "
import csv, gzip, glob, json
(d,) = glob.glob('runs/t-arg/*/')
m = json.load(open(d + 'manifest.json'))
assert [c['arg'] for c in m['configs']] == ['3', '40'], m['configs']
for l in m['launches']:
    assert l['plan']['argv'] == ['bin/arg.sh', ['3', '40'][l['config']]], l['plan']
rows = list(csv.DictReader(gzip.open(d + 'timings.csv.gz', 'rt')))
assert {(r['config'], r['t_end_ns']) for r in rows} == {('0', '3000'), ('1', '40000')}, rows
"
"$PREREG" analyze t-arg --json >"$SCRATCH/arg.json" 2>/dev/null
check "both configs PASS their formula" python3 -c "
import json
(run,) = json.load(open('$SCRATCH/arg.json'))['runs']
v = sorted((c['config'], c['verdict']) for c in run['cells'])
assert v == [(0, 'PASS'), (1, 'PASS')], v
"
# a program that prints every config's figure: the config group keeps
# the launch's own (its arg), the others' lines are skipped
printf '%s\n' '#!/bin/sh' '[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' \
	'for a in 3 40 7; do echo "$a: time $a us"; done' >bin/all.sh
chmod +x bin/all.sh
mkdir -p experiments/t-argc
sed 's|^argv = bin/arg.sh {arg}$|argv = bin/all.sh {arg}|; s|^fom.t = .*|fom.t = ^(?<config>[0-9]+): time (?<value>[0-9]+) (?<unit>us)$|' \
	experiments/t-arg/experiment.ini >experiments/t-argc/experiment.ini
git add bin/all.sh experiments/t-argc && git commit -q -m t-argc
"$PREREG" predict t-argc >/dev/null 2>&1 && "$PREREG" pin t-argc >/dev/null 2>&1
expect_exit 0 "a figure with a config group" "$PREREG" run t-argc
check "each config's samples are its own line's" python3 -c "
import csv, gzip, glob
(d,) = glob.glob('runs/t-argc/*/')
rows = list(csv.DictReader(gzip.open(d + 'timings.csv.gz', 'rt')))
assert {(r['config'], r['t_end_ns']) for r in rows} == {('0', '3000'), ('1', '40000')}, rows
"
sed -i 's/^formula = arg \* 1e-6$/formula = arg * 1e-6 * bytes/' experiments/t-arg/experiment.ini
expect_exit 2 "a formula that gives 0 (bytes 0)" "$PREREG" predict t-arg
# ---- [model] median.NAME: a calibration's median of a named phase ----
mkdir -p experiments/t-mcal experiments/t-med
cat >experiments/t-mcal/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = the program takes 25 microseconds
workload = command
budget_s = 60
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 6
warmup = 0
[command]
argv = bin/arg.sh 25
pmpi = no
fom.t = ^time: (?<value>[0-9]+) (?<unit>us)$
INI
med() { # FORMULA MEDIAN-LINES [TRANSPORT]: experiment t-med
	cat >experiments/t-med/experiment.ini <<INI
[experiment]
kind = validation
claim = the program takes twice the calibrated time
workload = command
budget_s = 60
[ranks]
group = cpu*2
[factors]
transport = ${3:-vader}
[schedule]
launches = 6
warmup = 0
[command]
argv = bin/arg.sh 50
pmpi = no
fom.t = ^time: (?<value>[0-9]+) (?<unit>us)\$
[model]
name = formula
calibration = t-mcal
formula = $1
cells = fom.t:0
$2
tolerance = 0.1
INI
}
med "2 * pi" "median.pi = fom.t"
expect_exit 2 "a median named as a constant" "$PREREG" predict t-med
expect_out "naming it" "'median.pi': a median's name is a letter"
med "2 * P" "median.P = fom.t"
expect_exit 2 "a median named as a built-in variable" "$PREREG" predict t-med
expect_out "naming it" "'median.P': a median's name"
med "2 * t1" "median.t1 = fom.t:x"
expect_exit 2 "a median's bytes that are no number" "$PREREG" predict t-med
expect_out "naming it" "'median.t1 = fom.t:x' is no PHASE or PHASE:BYTES"
med "2 * t1" "median.t1 = fom.t
median.t1 = fom.t"
expect_exit 2 "a median given twice" "$PREREG" predict t-med
expect_out "naming it" "duplicate median 'median.t1'"
med "2 * t1" "median.t1 = fom.t"
sed -i 's/^name = formula$/name = none/; /^formula = /d; /^cells = /d' \
	experiments/t-med/experiment.ini
expect_exit 2 "a median without model formula" "$PREREG" predict t-med
expect_out "naming why" "'median.NAME' is for model 'formula'"
git add experiments/t-mcal && git commit -q -m t-mcal
"$PREREG" predict t-mcal >/dev/null 2>&1 && "$PREREG" pin t-mcal >/dev/null 2>&1
expect_exit 0 "the command calibration runs" "$PREREG" run t-mcal
med "2 * t1" "median.t1 = nophase"
expect_exit 2 "a median of a phase the calibration lacks" "$PREREG" predict t-med
expect_out "naming the run and the phase" "calibration run '[0-9TZa-f-]+' has no 'nophase' sample for transport 'vader'"
med "2 * t1" "median.t1 = fom.t:8"
expect_exit 2 "a median at bytes the calibration lacks" "$PREREG" predict t-med
expect_out "naming the bytes" "has no 'fom.t' sample at 8 bytes"
med "2 * t1" "median.t1 = fom.t" tcp
expect_exit 2 "a median of a transport the calibration lacks" "$PREREG" predict t-med
expect_out "naming it" "has no transport 'tcp'"
med "2 * t1 + P" "median.t1 = fom.t"
expect_exit 2 "a Hockney term from a calibration that is no ping-pong" "$PREREG" predict t-med
expect_out "naming what it lacks" "needs pingpong samples"
med "2 * t1" "median.t1 = fom.t"
expect_exit 0 "2 * the calibration's median predicts" "$PREREG" predict t-med
check "the cell is twice the median, which params record" python3 -c "
import json
p = json.load(open('predictions/t-med.json'))
(c,) = p['cells']
assert abs(c['predicted_s'] - 50e-6) < 1e-12, c
m = p['model']['params']['medians']['vader']['spread']['t1']
assert m['phase'] == 'fom.t' and m['bytes'] == 0, m
assert abs(m['median_s'] - 25e-6) < 1e-12, m
assert m['calibration_configs'] == [0], m
assert 'median' in p['model']['fit'], p['model']['fit']
"
git add experiments/t-med && git commit -q -m t-med
"$PREREG" pin t-med >/dev/null 2>&1
expect_exit 0 "the validation runs" "$PREREG" run t-med
"$PREREG" analyze t-med --json >"$SCRATCH/med.json" 2>/dev/null
check "the program's 50 us PASSes twice the calibrated 25" python3 -c "
import json
(run,) = json.load(open('$SCRATCH/med.json'))['runs']
assert [c['verdict'] for c in run['cells']] == ['PASS'], run['cells']
"
# band = calibration resamples the launches a median comes from: a
# calibration whose launches print different times gives a band of width
printf '%s\n' '#!/bin/sh' '[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' \
	'echo "time: $(($$ % 97 + 20)) us"' >bin/pid.sh
chmod +x bin/pid.sh
mkdir -p experiments/t-mvar
sed 's|^argv = bin/arg.sh 25$|argv = bin/pid.sh|' \
	experiments/t-mcal/experiment.ini >experiments/t-mvar/experiment.ini
git add bin/pid.sh experiments/t-mvar && git commit -q -m t-mvar
"$PREREG" predict t-mvar >/dev/null 2>&1 && "$PREREG" pin t-mvar >/dev/null 2>&1
expect_exit 0 "a calibration of varying times runs" "$PREREG" run t-mvar
med "2 * t1" "median.t1 = fom.t"
sed -i 's/^calibration = t-mcal$/calibration = t-mvar/; s/^tolerance = 0.1$/band = calibration/' \
	experiments/t-med/experiment.ini
expect_exit 0 "a median's calibration band" "$PREREG" predict t-med
check "the band is the resampled medians' (wider than the point), around it" python3 -c "
import csv, glob, gzip, json, statistics
p = json.load(open('predictions/t-med.json'))
(c,) = p['cells']
(d,) = glob.glob('runs/t-mvar/*/')
v = [int(r['t_end_ns']) * 1e-9 for r in
     csv.DictReader(gzip.open(d + 'timings.csv.gz', 'rt'))]
assert len(set(v)) > 1, v
assert abs(c['predicted_s'] - 2 * statistics.median(v)) < 1e-12, (c, v)
b = c['band']
assert b['kind'] == 'calibration' and b['replicates'] > 0, b
assert b['q025_s'] < b['q975_s'], b
assert 2 * min(v) <= b['q025_s'] and b['q975_s'] <= 2 * max(v), (b, v)
assert c['lo_s'] <= c['predicted_s'] <= c['hi_s'], c
"
echo "1..$n"
