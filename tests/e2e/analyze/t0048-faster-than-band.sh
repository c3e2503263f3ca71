#!/bin/sh
# t0048: a result faster than its band FAILs as a slower one does, through
# predict, pin, run and analyze: the same validation pinned with every
# cell's band moved 10^6 times above what the model predicts, then 10^4
# times below, each run judged against its own pin (10^4 above was not
# enough: a 4-rank quick run on 2 cores beside other tests' launches had a
# launch median inside that band)
. "$(dirname "$0")/../lib.sh"
fixture calibrated "$SCRATCH/repo"

# scaled FACTOR: predict t-kv with every cell's predicted_s, lo_s and hi_s
# times FACTOR, pin it, run it; prints the run id
scaled() {
	"$PREREG" predict t-kv >/dev/null 2>&1
	python3 - predictions/t-kv.json "$1" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
f = float(sys.argv[2])
for c in p["cells"]:
    for k in ("predicted_s", "lo_s", "hi_s"):
        c[k] *= f
open(sys.argv[1], "w").write(json.dumps(p, indent=2, sort_keys=True) + "\n")
PY
	"$PREREG" pin t-kv >/dev/null || return 1
	"$PREREG" run t-kv --quick >/dev/null 2>&1 || return 1
	ls runs/t-kv | grep -v ledger | tail -n 1
}
# verdicts RUN: "FAIL=N PASS=N INCONCLUSIVE=N cells=N" of its cells with data
verdicts() {
	"$PREREG" analyze t-kv "$1" --json 2>/dev/null | python3 -c "
import json, sys
r = json.load(sys.stdin)['runs'][0]
cells = [c for c in r['cells'] if c['n'] > 0 and c['verdict'] != 'NO-PREDICTION']
v = [c['verdict'] for c in cells]
print('FAIL=%d PASS=%d INCONCLUSIVE=%d cells=%d' % (v.count('FAIL'),
      v.count('PASS'), v.count('INCONCLUSIVE'), len(cells)))"
}

fast=$(scaled 1000000)
got=$(verdicts "$fast")
cnt=${got##*cells=}
if [ -n "$fast" ] && [ "${cnt:-0}" -gt 0 ] &&
	[ "$got" = "FAIL=$cnt PASS=0 INCONCLUSIVE=0 cells=$cnt" ]; then
	ok "measured 10^6 times faster than the band: every cell FAILs ($got)"
else not_ok "faster than the band: run '$fast', $got"; fi

slow=$(scaled 0.0001)
got=$(verdicts "$slow")
cnt=${got##*cells=}
if [ -n "$slow" ] && [ "${cnt:-0}" -gt 0 ] &&
	[ "$got" = "FAIL=$cnt PASS=0 INCONCLUSIVE=0 cells=$cnt" ]; then
	ok "measured 10^4 times slower than the band: every cell FAILs ($got)"
else not_ok "slower than the band: run '$slow', $got"; fi
echo "1..$n"
