#!/bin/sh
# t0052: every attempt in every copy: the audit walks every branch, tag and
# remote ref, not HEAD alone: a run committed only on a side branch (or
# only under a tag, or only in a bundle's refs/remotes/origin/side) is
# graded, says where it is, and fails the audit ("off-head") until it is
# merged; a re-pin made on a branch and merged counts the runs of the
# other parent; an audit with nothing to audit (no commit, no run, a
# bundle of either, a name without runs) says so and exits 1
. "$(dirname "$0")/../lib.sh"

# results [ARGS]: the audit's exit status, each run's "RUN GRADE REF" and
# each finding's "KIND SEVERITY"
results() {
	"$PREREG" audit --json "$@" >"$SCRATCH/audit.json" 2>"$SCRATCH/audit.err"
	echo "exit=$?"
	python3 - "$SCRATCH/audit.json" <<'PY'
import json, sys
try:
    j = json.load(open(sys.argv[1]))
except ValueError:
    sys.exit(0)
for r in j["runs"]:
    print(r["run_id"], r["grade"], r["ref"])
for f in j["findings"]:
    print(f["finding"], f["severity"])
PY
}

# ---- nothing to audit ----
mkdir "$SCRATCH/empty" && cd "$SCRATCH/empty" && git init -q -b main .
expect_exit 1 "a repository with no commit: nothing to audit" "$PREREG" audit
expect_out "it says so" "^prereg: nothing to audit: no run of any experiment"
expect_exit 1 "--json too" "$PREREG" audit --json
fixture pinned-vader "$SCRATCH/repo"
expect_exit 1 "a repository with a pin and no run: nothing to audit" "$PREREG" audit
expect_out "it says so" "nothing to audit"
expect_exit 1 "a named experiment without runs: nothing to audit" "$PREREG" audit t-calib
expect_out "naming it" "^prereg: nothing to audit: no run of 't-calib'"
git bundle create -q "$SCRATCH/norun.bundle" --all 2>/dev/null
expect_exit 1 "a bundle without runs: nothing to audit" \
	"$PREREG" audit --bundle "$SCRATCH/norun.bundle"
expect_out "it says so" "nothing to audit"

# a run directory named '..' on a side branch (git mktree takes it): its
# row says so, and nothing of it is written out of git
mkdir "$SCRATCH/dotdot" && cd "$SCRATCH/dotdot" && git init -q -b main .
echo x >f && git add f && git commit -q -m init
m=$(printf '{}' | git hash-object -w --stdin)
t=$(printf '100644 blob %s\tmanifest.json\n' "$m" | git mktree)
t=$(printf '040000 tree %s\t..\n' "$t" | git mktree)
t=$(printf '040000 tree %s\tx\n' "$t" | git mktree)
t=$(printf '100644 blob %s\tf\n040000 tree %s\truns\n' \
	"$(git rev-parse HEAD:f)" "$t" | git mktree)
git branch side "$(git commit-tree -p HEAD -m hostile "$t")"
got=$(results)
if echo "$got" | grep -q '^exit=1$' && echo "$got" | grep -q '^\.\. broken refs/heads/side$'
then ok "a run directory named '..' off HEAD: a broken row, not written out"
else not_ok "'..': $(echo "$got" | tr '\n' ' ')"; fi
check "... its manifest check says why" grep -q \
	'runs/x/.. is not a plain directory name: not checked' "$SCRATCH/audit.json"

# a run directory off HEAD whose tree names 'x' twice (git mktree and a
# bundle's clone take it): a link to a directory outside, then a subtree
# holding a file; writing the run out of git must not write through it
mkdir "$SCRATCH/outside"
l=$(printf '%s' "$SCRATCH/outside" | git hash-object -w --stdin)
p=$(printf 'pwned\n' | git hash-object -w --stdin)
sub=$(printf '100644 blob %s\tpwned\n' "$p" | git mktree)
t=$(printf '100644 blob %s\tmanifest.json\n120000 blob %s\tx\n040000 tree %s\tx\n' \
	"$m" "$l" "$sub" | git mktree)
t=$(printf '040000 tree %s\t20261201T000000Z-abcdef\n' "$t" | git mktree)
t=$(printf '040000 tree %s\tx\n' "$t" | git mktree)
t=$(printf '100644 blob %s\tf\n040000 tree %s\truns\n' \
	"$(git rev-parse HEAD:f)" "$t" | git mktree)
git branch twice "$(git commit-tree -p HEAD -m hostile "$t")"
expect_exit 1 "a run off HEAD naming a link and a subtree alike fails" \
	"$PREREG" audit
check "nothing was written through the link" \
	test ! -e "$SCRATCH/outside/pwned"
cd "$SCRATCH/repo" || exit 1

# ---- a run on HEAD, another only on branch side ----
"$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
onhead=$(ls runs/t-calib | grep -v ledger)
expect_exit 0 "one run: the audit passes" "$PREREG" audit
git checkout -q -b side
"$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
onside=$(ls runs/t-calib | grep -v ledger | grep -v "$onhead")
sidec=$(git rev-parse HEAD)
git checkout -q main
got=$(results)
if [ "$got" = "exit=1
$onhead anchored None
$onside anchored refs/heads/side
off-head fail" ]; then
	ok "a run only on branch side is graded, named with its ref, and fails the audit"
else not_ok "side run: $(echo "$got" | tr '\n' ' ')"; fi
check "the finding names the commit and the ref" grep -q \
	"runs/t-calib/$onside was committed in $sidec on refs/heads/side, not in HEAD" \
	"$SCRATCH/audit.json"
expect_exit 1 "the text audit fails" "$PREREG" audit
expect_out "its committed check says where the run is" \
	"^  $onside committed: on refs/heads/side, not in HEAD: added by commit $sidec"
expect_out "the finding line" "^  off-head t-calib/$onside: runs/t-calib/$onside was committed in"
expect_out "both runs graded" "^2 runs: 2 anchored, 0 self-asserted, 0 broken"

# a tampered archive on the side branch: its row is broken
cp -a "$SCRATCH/repo" "$SCRATCH/tampered"
cd "$SCRATCH/tampered" || exit 1
git checkout -q side
printf 'x' >>"runs/t-calib/$onside/timings.csv.gz"
git commit -q -am "the side run's archive changed"
git checkout -q main
got=$(results)
if echo "$got" | grep -q "^$onside broken refs/heads/side$"; then
	ok "a side run's tampered archive is found: broken"
else not_ok "tampered side run: $(echo "$got" | tr '\n' ' ')"; fi

# only a tag holds it (the branch deleted)
cp -a "$SCRATCH/repo" "$SCRATCH/tagged"
cd "$SCRATCH/tagged" || exit 1
git tag kept side && git branch -q -D side
got=$(results)
if echo "$got" | grep -q "^$onside anchored refs/tags/kept$" &&
	echo "$got" | grep -q '^off-head fail$'; then
	ok "a run only a tag holds is found on refs/tags/kept"
else not_ok "tagged: $(echo "$got" | tr '\n' ' ')"; fi

# removed from the branch's tip: still found, at the commit that added it
cp -a "$SCRATCH/repo" "$SCRATCH/gone"
cd "$SCRATCH/gone" || exit 1
git checkout -q side
git rm -rq "runs/t-calib/$onside" && git commit -q -m "the side run removed"
git checkout -q main
got=$(results)
if echo "$got" | grep -q "^$onside anchored refs/heads/side$" &&
	echo "$got" | grep -q '^off-head fail$'; then
	ok "a run removed from the branch's tip is still graded"
else not_ok "gone from side: $(echo "$got" | tr '\n' ' ')"; fi
check "... and the finding says it is gone from the tip" grep -q \
	"on refs/heads/side and is gone from its tip" "$SCRATCH/audit.json"

# the bundle: its branches arrive as refs/remotes/origin/*
cd "$SCRATCH/repo" || exit 1
"$PREREG" export --out "$SCRATCH/exp" >/dev/null
cd "$SCRATCH" || exit 1
got=$(results --bundle "$SCRATCH/exp/repo.bundle")
if echo "$got" | grep -q "^$onside anchored refs/remotes/origin/side$" &&
	echo "$got" | grep -q '^exit=1$'; then
	ok "audit --bundle finds the side run on refs/remotes/origin/side"
else not_ok "bundle: $(echo "$got" | tr '\n' ' ')"; fi

# merged into HEAD: counted, the audit passes
cd "$SCRATCH/repo" || exit 1
git merge -q --no-edit side >/dev/null 2>&1
got=$(results)
if [ "$got" = "exit=0
$onhead anchored None
$onside anchored None" ]; then
	ok "merged into HEAD, the side run is HEAD's: the audit passes"
else not_ok "merged: $(echo "$got" | tr '\n' ' ')"; fi

# ---- a re-pin made on a branch and merged ----
fixture pinned-vader "$SCRATCH/repin"
git checkout -q -b branch
git checkout -q main
"$PREREG" run t-calib --launches 1 --reps 1 >/dev/null 2>&1
git checkout -q branch
sed -i 's/^reps = 5$/reps = 6/' experiments/t-calib/experiment.ini
"$PREREG" predict t-calib >/dev/null 2>&1 && "$PREREG" pin t-calib >/dev/null
git checkout -q main
git merge -q --no-edit branch >/dev/null 2>&1
got=$(results)
if [ "$(echo "$got" | grep -c '^re-pin note$')" = 1 ]; then
	ok "a pin made on a branch and merged counts the run of the other parent"
else not_ok "re-pin across a merge: $(echo "$got" | tr '\n' ' ')"; fi
check "... saying it is beside it" grep -q \
	"pin 2 made after 0 runs of earlier pins and beside 1 more" "$SCRATCH/audit.json"
echo "1..$n"
