#!/bin/sh
# t0049: the audit across merges: a run made on a branch and merged into
# main (the merge adds nothing: the branch's commit added the run) audits
# anchored; a merge that keeps the run but drops its ledger line is found
# (removed, in a merge: each parent's lines must be lines of the child);
# two branches that each ran one experiment break the ledger's chain when
# merged, and the audit says which line
. "$(dirname "$0")/../lib.sh"
fixture pinned-vader "$SCRATCH/repo"
git checkout -q -b side
"$PREREG" run t-calib --quick >/dev/null 2>&1
run=$(ls runs/t-calib | grep -v ledger)
added=$(git rev-parse HEAD)
git checkout -q main
echo "more" >>README.md && git commit -q -am "work on main"
git merge -q --no-ff --no-edit side

# results: the audit's exit status, each run's "RUN GRADE" and each
# finding's "KIND SEVERITY"
results() {
	"$PREREG" audit --json t-calib >"$SCRATCH/audit.json" 2>/dev/null
	echo "exit=$?"
	python3 - "$SCRATCH/audit.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
for r in j["runs"]:
    print(r["run_id"], r["grade"])
for f in j["findings"]:
    print(f["finding"], f["severity"])
PY
}
got=$(results)
if [ "$got" = "exit=0
$run anchored" ]; then
	ok "a run merged from its branch audits anchored"
else not_ok "merged run: $(echo "$got" | tr '\n' ' ')"; fi
check "the committed check names the branch's commit, not the merge" \
	grep -q "added by commit $added" "$SCRATCH/audit.json"

# a merge that drops the run's ledger line: the other parent kept it
cp -a "$SCRATCH/repo" "$SCRATCH/dropped"
cd "$SCRATCH/dropped" || exit 1
git checkout -q -b drop HEAD~1
echo "on drop" >>README.md && git commit -q -am "work on drop"
git checkout -q main
git merge -q --no-commit drop 2>/dev/null
: >runs/t-calib/ledger.jsonl
git add -A && git commit -q -m "merge drop, the ledger emptied"
got=$(results)
if echo "$got" | grep -q '^exit=1$' && echo "$got" | grep -q '^removed fail$'
then ok "a merge that drops a ledger line is found"
else not_ok "dropped in a merge: $(echo "$got" | tr '\n' ' ')"; fi
check "... naming the line and the run" python3 -c "
import json
j = json.load(open('$SCRATCH/audit.json'))
f = [f for f in j['findings'] if f['finding'] == 'removed']
assert f and 'loses line 1 (run $run)' in f[0]['text'], f
"

# both branches ran: their ledgers each start a chain; merged, the second
# chain's first line breaks the first's
cd "$SCRATCH/repo" || exit 1
git checkout -q -b other HEAD~1
"$PREREG" run t-calib --quick >/dev/null 2>&1
git checkout -q main
git merge -q --no-edit other >/dev/null 2>&1
{ git show main:runs/t-calib/ledger.jsonl
  git show other:runs/t-calib/ledger.jsonl; } >runs/t-calib/ledger.jsonl
git add -A && git commit -q -m "merge other, both ledgers kept"
got=$(results)
if echo "$got" | grep -q '^exit=1$' &&
	[ "$(echo "$got" | grep -c ' broken$')" = 1 ] &&
	[ "$(echo "$got" | grep -c ' anchored$')" = 1 ] &&
	! echo "$got" | grep -q '^removed'; then
	ok "two branches' runs merged: the second chain's run is broken, no line lost"
else not_ok "two chains: $(echo "$got" | tr '\n' ' ')"; fi
check "... its ledger check says the chain breaks" \
	grep -q "line 2 breaks the chain" "$SCRATCH/audit.json"
echo "1..$n"
