#!/bin/sh
# t0044: forgeries made as a careful forger makes them, one per check of a
# run's audit: every layer but the one under test is satisfied (the gzip
# CRC is fresh, the sizes and counts are right, the ledger line holds the
# edited manifest's hash, the run commit is rewritten in place), so the
# audit exits 1 with that check alone FAILing and every other check PASSing
# (tests/CHECKS.md names the check each case proves)
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
base=$SCRATCH/base
fixture calibrated "$base"
run=$(ls runs/t-calib | grep -v ledger)
dir=runs/t-calib/$run

# results: every check of the run as "check=RESULT" in report order, then
# "grade=GRADE" and "exit=STATUS" of the audit
results() {
	"$PREREG" audit --json t-calib >"$SCRATCH/audit.json" 2>/dev/null
	echo "exit=$?"
	python3 - "$SCRATCH/audit.json" "$run" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
for r in j["runs"]:
    if r["run_id"] == sys.argv[2]:
        for c in r["checks"]:
            print("%s=%s" % (c["check"], c["result"]))
        print("grade=" + r["grade"])
PY
}
# fails DESC "CHECK...": the audit exits 1, the run is broken, each CHECK
# FAILs and every other check of the run PASSes
fails() {
	results >"$SCRATCH/res"
	want=$(for c in $2; do echo "$c=FAIL"; done)
	bad=$(grep -v '=PASS$' "$SCRATCH/res" | grep -v '^exit=1$' |
		grep -v '^grade=broken$' | grep -vxF "$want" | tr '\n' ' ')
	miss=$(echo "$want" | grep -vxF -f "$SCRATCH/res" | tr '\n' ' ')
	if [ -z "$miss" ] && [ -z "$bad" ] && grep -q '^exit=1$' "$SCRATCH/res"
	then
		ok "$1: $2 FAIL$(echo "$2" | grep -q ' ' || echo 's alone')"
	else
		not_ok "$1: $(tr '\n' ' ' <"$SCRATCH/res")"
		python3 -c "import json;[print('#  ',c) for r in json.load(open('$SCRATCH/audit.json'))['runs'] for c in r['checks'] if c['result']!='PASS']"
	fi
}
only() { fails "$1" "$2"; }
# fresh NAME: a copy of the honest repo to forge in
fresh() {
	rm -rf "${SCRATCH:?}/$1"
	cp -a "$base" "$SCRATCH/$1"
	cd "$SCRATCH/$1" || exit 1
}
# manifest PYTHON [keep-status]: forge_manifest (lib.sh) of this run
manifest() {
	forge_manifest "$dir/manifest.json" runs/t-calib/ledger.jsonl "$run" \
		"$1" "${2:-}"
}
# archive AWK: rewrite the archive through AWK (the CSV with its header),
# gzip it afresh; the manifest is left as it is
archive() {
	zcat "$dir/timings.csv.gz" | awk -F, -v OFS=, "$1" >"$SCRATCH/t.csv"
	gzip -c -n "$SCRATCH/t.csv" >"$dir/timings.csv.gz"
}

results >"$SCRATCH/res"
if [ "$(grep -c '=PASS$' "$SCRATCH/res")" = 9 ] &&
	grep -q '^grade=anchored$' "$SCRATCH/res" &&
	grep -q '^exit=0$' "$SCRATCH/res"; then
	ok "the honest run passes all nine checks"
else not_ok "honest run: $(tr '\n' ' ' <"$SCRATCH/res")"; fi

# the archive's SHA-256 against the manifest: one t_end_ns of a timed
# sample one nanosecond later (a digit that is not 9 raised: the same
# number of bytes), the same rows, a new gzip stream with its own CRC, the
# manifest and the ledger untouched, the run commit rewritten
fresh sha
archive 'NR > 1 && $4 == 0 && !done && $12 ~ /[0-8]$/ {
	$12 = substr($12, 1, length($12) - 1) (substr($12, length($12)) + 1)
	done = 1 } { print }'
zcat "$base/$dir/timings.csv.gz" >"$SCRATCH/orig.csv"
check "the forged archive differs in one value, not in bytes or rows" sh -c \
	"[ \$(wc -c <'$SCRATCH/t.csv') = \$(wc -c <'$SCRATCH/orig.csv') ] &&
	 [ \$(wc -l <'$SCRATCH/t.csv') = \$(wc -l <'$SCRATCH/orig.csv') ] &&
	 [ \$(diff '$SCRATCH/t.csv' '$SCRATCH/orig.csv' | grep -c '^<') = 1 ]"
git add -A runs && git commit -q --amend --no-edit
only "an archive with one value changed, same bytes and rows, re-gzipped and recommitted" archive

# the archive's byte count: one row's t_end_ns one digit longer, the
# manifest's sha256 made the new archive's, its bytes left
fresh bytes
archive 'NR == 2 { $12 = $12 "0" } { print }'
sha=$(sha256sum "$SCRATCH/t.csv" | cut -d' ' -f1)
manifest "m['archive']['sha256'] = '$sha'"
only "an archive one byte longer, the manifest's sha256 updated, not its bytes" archive

# the archive's row count against the manifest's: archive.rows one more
# than the archive holds (a row added to a correct archive is the
# schedule's to catch, a miscounted one the row count's)
fresh rows
manifest "m['archive']['rows'] += 1"
only "the manifest's archive.rows one more than the archive holds" archive

# a run that started before its pin: the manifest's start put an hour
# before the pin commit's time, its hash in the ledger, the run commit
# rewritten; the pin is still the run commit's ancestor
fresh started
manifest "import datetime
t = m['pin']['commit_time'] - 3600
m['started'] = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')"
only "a run whose recorded start precedes its pin commit's time" dates

# the pin's commit time as the manifest records it
fresh commit-time
manifest "m['pin']['commit_time'] -= 1"
only "the manifest's pin.commit_time one second off the pin commit's" dates

# the start at the pin commit's second is not before it: PASS
fresh started-at-pin
manifest "import datetime
t = m['pin']['commit_time']
m['started'] = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')"
results >"$SCRATCH/res"
if grep -q '^dates=PASS$' "$SCRATCH/res" && grep -q '^exit=0$' "$SCRATCH/res"
then ok "a run started in its pin commit's second passes dates"
else not_ok "started at the pin: $(tr '\n' ' ' <"$SCRATCH/res")"; fi

# the ledger line's status against the manifest's
fresh status
manifest "m['status'] = 'interrupted'" keep-status
only "the manifest says interrupted, its ledger line complete" ledger

# the manifest's ledger.prev against its line's prev
fresh prev
manifest "m['ledger']['prev'] = '1' * 64"
only "the manifest's ledger.prev is not its line's" ledger

# the manifest names another run than its directory
fresh named
manifest "m['run_id'] = m['run_id'][:-1] + ('0' if m['run_id'][-1] != '0' else '1')"
only "the manifest names another run id than its directory" manifest

# the schedule, each a manifest made consistent but for one rule of it
# (each case: NAME, DESC, PYTHON on the manifest m)
while IFS='|' read -r name desc code; do
	fresh "s-$name"
	manifest "$code"
	only "$desc" schedule
done <<'EOF'
seed-text|schedule.seed is not a number|m['schedule']['seed'] = 'x1'
seed-other|schedule.seed is another pin's (the order left as it was)|m['schedule']['seed'] = str((int(m['schedule']['seed']) + 1) % 2**64)
launches-zero|schedule.launches is 0|m['schedule']['launches'] = 0
order-short|schedule.order lacks its last invocation|m['schedule']['order'] = m['schedule']['order'][:-1]
order-swapped|schedule.order's first two invocations swapped|o = m['schedule']['order']; o[0], o[1] = o[1], o[0]
launch-missing|a complete run without its last launch record|m['launches'] = m['launches'][:-1]
launch-swapped|the first two launch records swapped|l = m['launches']; l[0], l[1] = l[1], l[0]
plan-seed|a launch's plan.seed not the order's|m['launches'][0]['plan']['seed'] = '1'
complete-failed|status complete with a launch that exited 1|m['launches'][1]['exit_status'] = 1
failed-ranks|a failed run whose failed launch has a ranks report|m['status'] = 'failed'; m['launches'][1]['exit_status'] = 1
no-warmup|a launch record without plan.warmup|del m['launches'][0]['plan']['warmup']
nranks|a launch's ranks.nranks not the workload's|m['launches'][0]['ranks']['nranks'] = 3
reps|a launch's plan.reps not the schedule's|m['launches'][0]['plan']['reps'] += 1
size-order|a launch's size_order not the invocation seed's|m['launches'][0]['ranks']['size_order'].reverse()
seed-negative|schedule.seed negative|m['schedule']['seed'] = '-1'
seed-too-big|schedule.seed above 2^64 - 1|m['schedule']['seed'] = '18446744073709551616'
launches-text|schedule.launches a string|m['schedule']['launches'] = str(m['schedule']['launches'])
order-seed|an invocation's seed in schedule.order a number, not a string|m['schedule']['order'][0]['seed'] = 7
order-launch|an invocation's launch in schedule.order not a number|m['schedule']['order'][0]['launch'] = 'x'
record-launch|a launch record without its launch|del m['launches'][0]['launch']
exit-missing|a complete run's launch record without its exit status|del m['launches'][0]['exit_status']
ranks-missing|a complete run's launch record without its ranks report|del m['launches'][0]['ranks']
samples-missing|a launch record without ranks.samples|del m['launches'][0]['ranks']['samples']
warmup|schedule.warmup not the launches' plan.warmup|m['schedule']['warmup'] += 1
size-order-short|a launch's size_order one size short|m['launches'][0]['ranks']['size_order'].pop()
sizes-empty|a launch's plan.sizes empty|m['launches'][0]['plan']['sizes'] = []
workload-name|the manifest without its workload's name|del m['workload']['name']
EOF

# the blocks of rows: rank 1's rows of one rep relabelled rank 0, the
# manifest's archive facts made the new archive's
fresh s-blocks
archive 'NR > 1 && $1 == 0 && $3 == 2 && $5 == 1 { $5 = 0 } { print }'
sha=$(sha256sum "$SCRATCH/t.csv" | cut -d' ' -f1)
manifest "m['archive']['sha256'] = '$sha'"
only "one rep's rank 1 rows relabelled rank 0, same bytes and rows" schedule

# rows that do not parse: the archive check says so, the schedule cannot
# be checked
fresh s-parse
archive 'NR == 3 { $11 = "x" substr($11, 2) } { print }'
sha=$(sha256sum "$SCRATCH/t.csv" | cut -d' ' -f1)
manifest "m['archive']['sha256'] = '$sha'"
fails "a row whose t_start_ns is no number, the facts updated" "archive schedule"

# the pin, the blobs and the dates
while IFS='|' read -r name check desc code; do
	fresh "p-$name"
	manifest "$code"
	only "$desc" "$check"
done <<'EOF'
no-experiment|manifest|the manifest without its experiment|del m['experiment']
no-run-id|manifest|the manifest without its run id|del m['run_id']
no-tag|pin|the manifest without pin.tag|del m['pin']['tag']
no-k|pin|the manifest without pin.k|del m['pin']['k']
no-started|dates|the manifest without started|del m['started']
no-commit-time|dates|the manifest without pin.commit_time|del m['pin']['commit_time']
tag|pin|the manifest's pin.tag not prereg/pin/NAME/K|m['pin']['tag'] = 'prereg/pin/t-calib/2'
spec-blob|blobs|the manifest's pin.spec_blob not the pin's|m['pin']['spec_blob'] = '0' * 40
no-pred-blob|blobs|the manifest without pin.prediction_blob|del m['pin']['prediction_blob']
started-text|dates|the manifest's started not a UTC time|m['started'] = m['started'].replace('T', ' ')
EOF

fresh p-lightweight
pin=$(git rev-parse prereg/pin/t-calib/1^{commit})
git tag -d prereg/pin/t-calib/1 >/dev/null && git tag prereg/pin/t-calib/1 "$pin"
only "the pin tag replaced by a lightweight one" pin

fresh p-moved
git tag -d prereg/pin/t-calib/1 >/dev/null
git tag -a -m moved prereg/pin/t-calib/1 "$pin^"
only "the pin tag moved to the pin's parent" pin

fresh p-untagged-summary
git tag -d prereg/pin/t-calib/1 >/dev/null
manifest "m['pin']['k'] = 2; m['pin']['tag'] = 'prereg/pin/t-calib/2'"
only "no tag, and the pin commit's summary names another K" pin

fresh p-untagged-blobs
git tag -d prereg/pin/t-calib/1 >/dev/null
manifest "m['pin']['spec_blob'] = '0' * 40"
fails "no tag, and the pin commit lacks the manifest's spec blob" "pin blobs"

fresh p-pred-deleted
git rm -q predictions/t-calib.json && git commit -q -m "no prediction"
only "the prediction deleted after its pin" blobs

fresh p-pred-changed
echo '{}' >predictions/t-calib.json && git commit -q -am "another prediction"
only "the prediction changed after its pin without prereg pin" blobs

fresh p-run-tree
echo '{}' >predictions/t-calib.json && git commit -q --amend -a --no-edit
git show prereg/pin/t-calib/1:predictions/t-calib.json >predictions/t-calib.json
git commit -q -am "the pinned prediction back"
only "the run commit holding another prediction than its pin, HEAD the pin's again" blobs

fresh p-run-backdated
GIT_COMMITTER_DATE="2001-01-01T00:00:00Z" git commit -q --amend --no-edit
only "the run commit dated before its parent" dates

# committed: the archive re-gzipped (same CSV) in HEAD, or in the work
# tree alone
fresh c-regzip-head
zcat "$dir/timings.csv.gz" | gzip -1 -n >"$SCRATCH/t.gz" && cp "$SCRATCH/t.gz" "$dir/timings.csv.gz"
git commit -q -am "smaller archive"
only "the archive re-gzipped in a later commit, the same CSV" committed
fresh c-regzip-work
cp "$SCRATCH/t.gz" "$dir/timings.csv.gz"
only "the archive re-gzipped in the work tree, not committed" committed

# the manifest changed by a later commit, its ledger line made to match:
# HEAD's manifest is not the one the run commit added
fresh c-later
git commit -q --allow-empty -m "later"
manifest "m['note'] = 'added later'"
only "the manifest changed in a later commit, its ledger line with it" committed

# the files gone from the work tree only
fresh c-no-manifest
rm "$dir/manifest.json"
fails "the manifest removed from the work tree" \
	"manifest committed pin blobs valid dates archive schedule ledger"
fresh c-no-archive
rm "$dir/timings.csv.gz"
fails "the archive removed from the work tree" "committed archive schedule"

# the ledger removed in a later commit (the removed finding fails too)
fresh l-gone
git rm -q runs/t-calib/ledger.jsonl && git commit -q -m "no ledger"
only "the ledger removed" ledger

# the ledger: the run's line twice
fresh l-twice
tail -n 1 runs/t-calib/ledger.jsonl >>runs/t-calib/ledger.jsonl
git commit -q -am "one more line"
only "the run's ledger line written twice" ledger

# what one failure leaves unchecked: each later check that needs it FAILs
# as "not checked", never PASSes
fresh m-not-json
printf '[1, 2]\n' >"$dir/manifest.json"
git commit -q --amend -a --no-edit
fails "a manifest that is no JSON object" \
	"manifest pin blobs valid dates archive schedule ledger"
fresh m-no-pin
manifest "m['pin']['commit'] = 'not-a-commit'"
fails "a manifest whose pin.commit is no commit id" \
	"pin blobs valid dates schedule"
fresh m-pin-gone
manifest "m['pin']['commit'] = 'f' * 40"
fails "a manifest whose pin commit is not in the repository" \
	"pin blobs valid dates schedule"
fresh a-gone
git rm -q "$dir/timings.csv.gz" && git commit -q --amend --no-edit
fails "the archive never committed with its manifest" \
	"committed archive schedule"
echo "1..$n"
