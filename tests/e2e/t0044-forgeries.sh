#!/bin/sh
# t0044: forgeries made as a careful forger makes them, one per check of a
# run's audit: every layer but the one under test is satisfied (the gzip
# CRC is fresh, the sizes and counts are right, the ledger line holds the
# edited manifest's hash, the run commit is rewritten in place), so the
# audit exits 1 with that check alone FAILing and every other check PASSing
# (tests/CHECKS.md names the check each case proves)
. "$(dirname "$0")/lib.sh"
base=$SCRATCH/base
new_repo "$base"
"$PREREG" predict t-calib >/dev/null && "$PREREG" pin t-calib >/dev/null
"$PREREG" run t-calib --quick >/dev/null 2>&1
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
# only DESC CHECK: the audit exits 1, the run is broken, CHECK FAILs and
# every other check of the run PASSes
only() {
	results >"$SCRATCH/res"
	bad=$(grep -v "^$2=FAIL$" "$SCRATCH/res" | grep -v '=PASS$' |
		grep -v '^exit=1$' | grep -v '^grade=broken$' | tr '\n' ' ')
	if grep -q "^$2=FAIL$" "$SCRATCH/res" && [ -z "$bad" ] &&
		grep -q '^exit=1$' "$SCRATCH/res"; then
		ok "$1: $2 alone FAILs"
	else
		not_ok "$1: $(tr '\n' ' ' <"$SCRATCH/res")"
		python3 -c "import json;[print('#  ',c) for r in json.load(open('$SCRATCH/audit.json'))['runs'] for c in r['checks'] if c['result']!='PASS']"
	fi
}
# fresh NAME: a copy of the honest repo to forge in
fresh() {
	rm -rf "${SCRATCH:?}/$1"
	cp -a "$base" "$SCRATCH/$1"
	cd "$SCRATCH/$1" || exit 1
}
# manifest PYTHON: edit the run's manifest (m, a dict) with PYTHON, write
# it as prereg does (sorted keys, 2-space indent), put its SHA-256 in the
# run's ledger line and rewrite the run commit (HEAD) to hold both
manifest() {
	python3 - "$dir/manifest.json" runs/t-calib/ledger.jsonl "$run" "$1" <<'PY'
import hashlib, json, sys
path, ledger, run, code = sys.argv[1:5]
m = json.load(open(path))
exec(code)
text = json.dumps(m, indent=2, sort_keys=True) + "\n"
open(path, "w").write(text)
lines = open(ledger).read().splitlines()
out = []
for l in lines:
    j = json.loads(l)
    if j["run_id"] == run:
        j["manifest_sha256"] = hashlib.sha256(text.encode()).hexdigest()
        l = json.dumps(j, separators=(",", ":"))
    out.append(l)
open(ledger, "w").write("\n".join(out) + "\n")
PY
	git add -A runs && git commit -q --amend --no-edit
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
manifest "m['status'] = 'interrupted'"
only "the manifest says interrupted, its ledger line complete" ledger

# the manifest's ledger.prev against its line's prev
fresh prev
manifest "m['ledger']['prev'] = '1' * 64"
only "the manifest's ledger.prev is not its line's" ledger

# the manifest names another run than its directory
fresh named
manifest "m['run_id'] = m['run_id'][:-1] + ('0' if m['run_id'][-1] != '0' else '1')"
only "the manifest names another run id than its directory" manifest
echo "1..$n"
