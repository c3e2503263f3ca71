#!/bin/sh
# t0073: a run and its calibration under different host settings. A run
# records the kernel's TCP congestion control; when the calibration run
# its prediction names recorded another, the report lists the problem
# (markdown and JSON), naming both and the calibration run, and prereg
# run warns of it before it starts; the same control, or a calibration
# that records none (runs older than the key), gives neither
. "$(dirname "$0")/../lib.sh"
fixture validated "$SCRATCH/repo"
cal=$(ls runs/t-calib | grep -v ledger | head -n 1)
own=$(python3 -c "import json, glob; (p,) = glob.glob('runs/t-kv/*/manifest.json'); print(json.load(open(p))['environment']['tcp_congestion_control'])")
other=reno
[ "$own" != reno ] || other=cubic
# set_cal VALUE: t-calib's run records VALUE ("" none)
set_cal() {
	python3 - "runs/t-calib/$cal/manifest.json" "$1" <<'PY'
import json, sys
p, v = sys.argv[1], sys.argv[2]
m = json.load(open(p))
if v:
    m["environment"]["tcp_congestion_control"] = v
else:
    m["environment"].pop("tcp_congestion_control", None)
json.dump(m, open(p, "w"), indent=2)
PY
}
expect_exit 0 "the validation analyzes" "$PREREG" analyze t-kv
check "the same control as the calibration's: no problem listed" sh -c \
	"! grep -q 'congestion' analysis/t-kv/report.md"
set_cal "$other"
expect_exit 0 "a calibration under another control" "$PREREG" analyze t-kv
check "the report lists it, naming both and the calibration run" grep -qF -e \
	"- calibrated under TCP congestion control $other (t-calib run $cal), run under $own: times over tcp may differ for that reason" \
	analysis/t-kv/report.md
"$PREREG" analyze t-kv --json >"$SCRATCH/a.json" 2>/dev/null
check "and the JSON's problems" python3 -c "
import json
(run,) = json.load(open('$SCRATCH/a.json'))['runs']
p = [x['problem'] for x in run['problems']]
assert any('congestion control $other (t-calib run $cal)' in x for x in p), p
"
# before a run, the same warning: the host's control against the
# calibration's
expect_exit 0 "a dry run of the validation" "$PREREG" run t-kv --dry-run
expect_out "warns that its calibration ran under another control" \
	"prereg: warning: calibrated under TCP congestion control $other \\(t-calib run $cal\\), run under $own: times over tcp may differ"
# under Slurm the ranks run on nodes whose control prereg does not read
expect_exit 0 "a dry run under the slurm launcher" \
	"$PREREG" run t-kv --dry-run --launcher slurm
cp "$SCRATCH/out" "$SCRATCH/out.slurm"
check "warns of nothing: the nodes' control is not this host's" sh -c \
	"grep -q '^--- slurm.sh' '$SCRATCH/out.slurm' && ! grep -q 'congestion' '$SCRATCH/out.slurm'"
set_cal ""
expect_exit 0 "a dry run of it against a calibration that records none" \
	"$PREREG" run t-kv --dry-run
cp "$SCRATCH/out" "$SCRATCH/out.none"
check "warns of nothing" sh -c \
	"grep -q '^experiment t-kv, pin' '$SCRATCH/out.none' && ! grep -q 'congestion' '$SCRATCH/out.none'"
expect_exit 0 "a calibration that records none" "$PREREG" analyze t-kv
check "lists nothing" sh -c "! grep -q 'congestion' analysis/t-kv/report.md"
echo "1..$n"
