#!/bin/sh
# t0067: model program. [model] program names a predictor in the
# repository: `prereg predict` runs it (the experiment's configs as JSON
# on its stdin) and makes the prediction of the cells it writes on its
# stdout, recording its git blob and SHA-256; a predictor that is no
# executable file, exits non-zero, runs past timeout_s or writes anything
# but cells is refused (exit 2, naming it, nothing written). `prereg pin`
# refuses (exit 3) a prediction whose predictor HEAD does not hold at
# the recorded blob, so that the pin commit holds what predicted; the run
# is then judged against the predictor's cells.
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p bin experiments/t-p
printf '%s\n' '#!/bin/sh' '[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' \
	'echo "time: $1 us"' >bin/arg.sh
chmod +x bin/arg.sh
spec() { # MODEL-LINES: experiment t-p
	cat >experiments/t-p/experiment.ini <<INI
[experiment]
kind = validation
claim = the program takes the time its predictor says
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
argv = bin/arg.sh 50
pmpi = no
fom.t = ^time: (?<value>[0-9]+) (?<unit>us)\$
[model]
$1
tolerance = 0.1
INI
}
# predictor BODY: bin/predict, a sh script
predictor() {
	printf '#!/bin/sh\n%s\n' "$1" >bin/predict
	chmod +x bin/predict
}

# ---- refused at parse: exit 2 ----
spec "name = program"
expect_exit 2 "model program without a program" "$PREREG" predict t-p
expect_out "naming what it needs" "model 'program' needs 'program' in \[model\]"
spec "name = none
program = bin/predict"
expect_exit 2 "a program without model program" "$PREREG" predict t-p
expect_out "naming why" "'program' and 'timeout_s' in \[model\] are for model 'program'"
spec "name = program
program = /bin/true"
expect_exit 2 "an absolute path" "$PREREG" predict t-p
expect_out "naming it" "'program = /bin/true': name the predictor by a path relative"
spec "name = program
program = bin/../bin/predict"
expect_exit 2 "a path with '..'" "$PREREG" predict t-p

# ---- refused at predict: exit 2, naming the predictor ----
spec "name = program
program = bin/predict"
expect_exit 2 "a predictor that is not there" "$PREREG" predict t-p
expect_out "naming it" "the predictor 'bin/predict' is no executable file of the repository"
predictor 'echo "it broke" >&2; exit 3'
expect_exit 2 "a predictor that exits non-zero" "$PREREG" predict t-p
expect_out "naming its status" "the predictor 'bin/predict' exited with status 3"
predictor 'echo garbage'
expect_exit 2 "a predictor that writes no JSON" "$PREREG" predict t-p
expect_out "saying so" "the predictor 'bin/predict' wrote no JSON object"
predictor 'echo "{\"cells\": [{\"config\": 2, \"phase\": \"fom.t\", \"predicted_s\": 5e-5}]}"'
expect_exit 2 "a cell of a config the spec lacks" "$PREREG" predict t-p
expect_out "naming the cell" "cell 0: 'config' is no integer from 0 to 1"
predictor 'echo "{\"cells\": [{\"config\": 0, \"phase\": \"fom.t\", \"predicted_s\": 0}]}"'
expect_exit 2 "a time of 0" "$PREREG" predict t-p
expect_out "naming the cell" "cell 0: 'predicted_s' is no finite time > 0"
predictor 'echo "{\"cells\": [{\"config\": 0, \"phase\": \"fom.t\", \"predicted_s\": 1, \"lo_s\": 0}]}"'
expect_exit 2 "a key prereg does not take (it makes the band)" "$PREREG" predict t-p
expect_out "naming it" "cell 0 has key 'lo_s'"
predictor 'echo "{\"cells\": []}"'
expect_exit 2 "no cell" "$PREREG" predict t-p
expect_out "saying so" "wrote no 'cells' array of 1 to"
predictor 'echo "{\"cells\": [{\"config\": 0, \"phase\": \"fom.t\", \"predicted_s\": 1}], \"band\": 2}"'
expect_exit 2 "a top-level key other than cells and params" "$PREREG" predict t-p
expect_out "naming it" "wrote key 'band', neither cells nor params"
predictor 'echo "# more" >>"$0"; echo "{\"cells\": [{\"config\": 0, \"phase\": \"fom.t\", \"predicted_s\": 1}]}"'
expect_exit 2 "a predictor that changes while it runs" "$PREREG" predict t-p
expect_out "saying so" "the predictor 'bin/predict' changed while it ran"
ln -s predict bin/plink
spec "name = program
program = bin/plink"
expect_exit 2 "a predictor that is a symbolic link" "$PREREG" predict t-p
expect_out "naming it" "the predictor 'bin/plink' cannot be read"
rm bin/plink
predictor 'sleep 30'
spec "name = program
program = bin/predict
timeout_s = 1"
expect_exit 2 "a predictor past timeout_s" "$PREREG" predict t-p
expect_out "stopped" "the predictor 'bin/predict' ran past 1 s \(timeout_s\) and was stopped"
check "nothing was written" sh -c "[ ! -e predictions/t-p.json ]"

# ---- a predictor that holds: it reads the configs, writes a cell each ----
cat >bin/predict <<'PY'
#!/usr/bin/env python3
import json, sys
exp = json.load(sys.stdin)
assert sys.argv[1:] == [exp['experiment']] == ['t-p'], sys.argv
cells = [{'config': c['config'], 'phase': 'fom.t', 'bytes': 0,
          'predicted_s': 50e-6} for c in exp['configs']]
json.dump({'cells': cells, 'params': {'us': 50,
           'transports': [c['transport'] for c in exp['configs']]}},
          sys.stdout)
PY
chmod +x bin/predict
spec "name = program
program = bin/predict"
expect_exit 0 "the predictor predicts" "$PREREG" predict t-p
check "its cells, their bands, its params and its blob are the prediction" python3 -c "
import hashlib, json, subprocess
p = json.load(open('predictions/t-p.json'))
got = sorted((c['config'], c['transport'], c['phase'], c['bytes'],
              c['predicted_s'], c['lo_s'], c['hi_s']) for c in p['cells'])
assert got == [(0, 'vader', 'fom.t', 0, 50e-6, 45e-6, 55e-6),
               (1, 'tcp', 'fom.t', 0, 50e-6, 45e-6, 55e-6)], got
m = p['model']
assert m['name'] == 'program', m
assert m['params'] == {'us': 50, 'transports': ['vader', 'tcp']}, m
blob = subprocess.check_output(['git', 'hash-object', 'bin/predict'],
                               text=True).strip()
assert m['program'] == {'path': 'bin/predict', 'blob': blob,
    'sha256': hashlib.sha256(open('bin/predict', 'rb').read()).hexdigest()}, m
"
git add experiments bin/arg.sh && git commit -q -m t-p
expect_exit 3 "pin: a predictor that is not committed is refused" \
	"$PREREG" pin t-p
expect_out "naming it" "the predictor 'bin/predict' that made the prediction \(blob [0-9a-f]{12}\) is not committed"
git add bin/predict && git commit -q -m predictor
printf '# changed\n' >>bin/predict
git commit -q -am "predictor changed"
expect_exit 3 "pin: a predictor changed since it predicted is refused" \
	"$PREREG" pin t-p
expect_out "naming it" "is not the one committed in HEAD"
git revert --no-edit HEAD >/dev/null
expect_exit 0 "pin: the predictor HEAD holds is the one that predicted" \
	"$PREREG" pin t-p
check "the pin commit holds the predictor at the recorded blob" sh -c \
	"[ \"\$(git rev-parse prereg/pin/t-p/1:bin/predict)\" = \
\"\$(python3 -c \"import json; print(json.load(open('predictions/t-p.json'))['model']['program']['blob'])\")\" ]"
expect_exit 0 "the run" "$PREREG" run t-p
"$PREREG" analyze t-p --json >"$SCRATCH/a.json" 2>/dev/null
check "the program's 50 us PASS the predictor's cells" python3 -c "
import json
(run,) = json.load(open('$SCRATCH/a.json'))['runs']
v = sorted((c['config'], c['verdict']) for c in run['cells'])
assert v == [(0, 'PASS'), (1, 'PASS')], v
"
echo "1..$n"
