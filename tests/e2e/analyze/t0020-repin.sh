#!/bin/sh
# t0020: a run keeps being judged against the prediction pinned for it:
# after a re-pin, analyze reads the earlier prediction from the repository
# by its blob id (its band, its rule), the audit recomputes the report the
# same way, and the later run is judged against the new prediction
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
fixture validated "$SCRATCH/repo"
first=$(ls runs/t-kv | grep -v ledger)
blob1=$(git rev-parse HEAD:predictions/t-kv.json)

# pin 2: the same model with another tolerance, so another band
sed 's/^tolerance = 0.5/tolerance = 0.25/' experiments/t-kv/experiment.ini \
	>experiments/t-kv/x && mv experiments/t-kv/x experiments/t-kv/experiment.ini
git commit -q -am "t-kv: tolerance 0.25"
"$PREREG" predict t-kv >/dev/null 2>&1 && "$PREREG" pin t-kv >/dev/null
check "pin 2 is made" git rev-parse -q --verify refs/tags/prereg/pin/t-kv/2
"$PREREG" run t-kv --quick >/dev/null 2>&1
second=$(ls runs/t-kv | grep -v ledger | grep -v "$first")
expect_exit 0 "analyze both runs" "$PREREG" analyze t-kv
expect_no_out "no warning that a run is judged against another prediction" \
	'is not the prediction pinned'

# band BLOB CONFIG PHASE: "lo hi" of that cell of the prediction blob
band() {
	git cat-file -p "$1" | python3 -c "import json, sys
for c in json.load(sys.stdin)['cells']:
    if c['config'] == $2 and c['phase'] == '$3':
        print('%.12g %.12g' % (c['lo_s'], c['hi_s']))"
}
# judged RUN CONFIG PHASE: "lo hi" the analysis judged that cell against
judged() {
	"$PREREG" analyze t-kv --json 2>/dev/null | python3 -c "import json, sys
for r in json.load(sys.stdin)['runs']:
    if r['run_id'] != '$1': continue
    for c in r['cells']:
        if c['config'] == $2 and c['phase'] == '$3':
            print('%.12g %.12g' % (c['lo_s'], c['hi_s']))"
}
blob2=$(git rev-parse HEAD:predictions/t-kv.json)
check "the two pins' bands differ" \
	[ "$(band "$blob1" 0 allreduce)" != "$(band "$blob2" 0 allreduce)" ]
check "the first run is judged against pin 1's band" \
	[ "$(judged "$first" 0 allreduce)" = "$(band "$blob1" 0 allreduce)" ]
check "the second run against pin 2's" \
	[ "$(judged "$second" 0 allreduce)" = "$(band "$blob2" 0 allreduce)" ]
check "the report says where the first run's prediction came from" \
	grep -q "judged against the prediction pinned for this run (blob $(echo "$blob1" | cut -c1-12)" \
	analysis/t-kv/report.md
git add analysis/t-kv && git commit -q -m "t-kv report"
expect_exit 0 "the audit recomputes that report" "$PREREG" audit t-kv
expect_out "its analysis passes" "^t-kv +analysis P"
echo "1..$n"
