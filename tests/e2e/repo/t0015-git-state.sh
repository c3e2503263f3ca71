#!/bin/sh
# t0015: the repository's state is checked before anything runs (index
# lock, merge in progress, detached HEAD), and a commit that fails at the
# end leaves no staged change: the run stays for 'prereg recover'
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
fixture pinned-vader "$SCRATCH/repo"
head0=$(git rev-parse HEAD)

# nothing_ran DESC: no run directory, no ledger, HEAD unchanged
nothing_ran() {
	check "$1" sh -c "[ ! -d runs/t-calib ] && [ \$(git rev-parse HEAD) = $head0 ]"
}

# only_new_files DESC: git status shows no staged change and no deletion
only_new_files() {
	if git status --porcelain | grep -qv '^?? \|^ M runs/t-calib/ledger.jsonl$'; then
		not_ok "$1"; git status --porcelain | sed 's/^/#   /'
	else ok "$1"; fi
}

touch .git/index.lock
expect_exit 3 "an index lock refuses the run" "$PREREG" run t-calib --quick
expect_out "it names the lock and the fix" "index.lock' exists: another git process.*remove the file"
nothing_ran "nothing ran under an index lock"
rm .git/index.lock

git checkout -q -b side
echo a >side.txt && git add side.txt && git commit -q -m side
git checkout -q main
echo b >side.txt && git add side.txt && git commit -q -m main-side
head0=$(git rev-parse HEAD)
git merge side >/dev/null 2>&1
expect_exit 3 "a merge in progress refuses the run" "$PREREG" run t-calib --quick
expect_cmp "it says how to end it" \
	"prereg: cannot run 't-calib': a merge is in progress; end it first with 'git commit' or 'git merge --abort'"
nothing_ran "nothing ran during a merge"
git merge --abort

git checkout -q --detach
expect_exit 3 "a detached HEAD refuses the run" "$PREREG" run t-calib --quick
expect_cmp "it says to check out a branch or pass --detached" \
	"prereg: cannot run 't-calib': HEAD is detached, so the run commit would sit on no branch; check out a branch ('git switch -c NAME'), or pass --detached to run anyway"
nothing_ran "nothing ran on a detached HEAD"
expect_exit 0 "--detached runs there" "$PREREG" run t-calib --launches 1 --reps 1 --detached
check "the run commit is HEAD, on no branch" sh -c \
	"git symbolic-ref -q HEAD >/dev/null; [ \$? = 1 ] && git log -1 --format=%s | grep -q '^prereg run t-calib'"
check "main did not move" sh -c "[ \$(git rev-parse main) = $head0 ]"
git checkout -q main
rm -rf runs
expect_exit 0 "a run on main" "$PREREG" run t-calib --launches 1 --reps 1
head0=$(git rev-parse HEAD)

# an index lock that appears while the run runs: the commit fails, the
# index is untouched, the run is kept for recover
"$PREREG" run t-calib --launches 6 >"$SCRATCH/late.out" 2>&1 &
pid=$!
wait_for 'runs/t-calib/*/launch-0000.json'
touch .git/index.lock
wait $pid
rc=$?
if [ $rc = 1 ]; then ok "a run whose commit fails exits 1"; else
	not_ok "late index lock: exit $rc"; sed 's/^/#   /' "$SCRATCH/late.out"; fi
check "it says the run is recorded and how to commit it" grep -q \
	"is recorded in runs/t-calib/.* and in the ledger but not committed.*prereg recover t-calib" "$SCRATCH/late.out"
check "HEAD did not move" sh -c "[ \$(git rev-parse HEAD) = $head0 ]"
rm .git/index.lock
only_new_files "no staged change is left, only the new run and its ledger line"
check "a following 'git commit -a' commits and removes nothing" sh -c \
	"git commit -q -a -m 'a user commit' && [ \$(git rev-parse HEAD~1) = $head0 ] && [ -z \"\$(git diff --name-only --diff-filter=D HEAD~1 HEAD)\" ]"
late=$(ls -t runs/t-calib | grep -v ledger | head -1)
mv runs/t-calib/$late/manifest.json "$SCRATCH/manifest.json"
expect_exit 1 "recover refuses a run the ledger records but whose manifest is gone" \
	"$PREREG" recover t-calib
expect_out "it says how to go on" "the ledger records it but its manifest is gone"
mv "$SCRATCH/manifest.json" runs/t-calib/$late/manifest.json
expect_exit 0 "prereg recover commits the run" "$PREREG" recover t-calib
expect_out "it says so" "recorded before, now committed"
check "the commit names the run's status" sh -c \
	"git log -1 --format=%s | grep -qx 'prereg run t-calib $late (complete)'"
check "the work tree is clean" sh -c "[ -z \"\$(git status --porcelain)\" ]"
expect_exit 0 "and the audit passes" "$PREREG" audit t-calib
expect_out "both runs are anchored" "^2 runs: 2 anchored"

# the branch's ref is locked when HEAD moves: the index, already
# written, is written back as it was
"$PREREG" run t-calib --launches 6 >"$SCRATCH/ref.out" 2>&1 &
pid=$!
wait_for 'runs/t-calib/*/launch-0000.json'
head2=$(git rev-parse HEAD)
touch .git/refs/heads/main.lock
wait $pid
rc=$?
if [ $rc = 1 ]; then ok "a run whose branch cannot move exits 1"; else
	not_ok "ref lock: exit $rc"; sed 's/^/#   /' "$SCRATCH/ref.out"; fi
check "it says HEAD could not move" grep -q "cannot move HEAD to the new commit" "$SCRATCH/ref.out"
rm .git/refs/heads/main.lock
check "HEAD did not move" sh -c "[ \$(git rev-parse HEAD) = $head2 ]"
only_new_files "the index was written back: nothing staged"
expect_exit 0 "prereg recover commits that run too" "$PREREG" recover t-calib
expect_exit 0 "the audit passes" "$PREREG" audit t-calib
expect_out "all three runs anchored" "^3 runs: 3 anchored"

# a run whose very first write fails (a file-size limit of 0, SIGXFSZ
# ignored so that write() returns EFBIG) leaves no run directory behind
head3=$(git rev-parse HEAD)
ndirs=$(ls runs/t-calib | grep -vc ledger)
(trap '' XFSZ; ulimit -f 0; "$PREREG" run t-calib --quick) >"$SCRATCH/fsize.out" 2>&1
rc=$?
if [ $rc = 1 ]; then ok "a run that cannot write its state exits 1"; else
	not_ok "file-size limit: exit $rc"; sed 's/^/#   /' "$SCRATCH/fsize.out"; fi
check "it leaves no run directory and HEAD where it was" sh -c \
	"[ \$(ls runs/t-calib | grep -vc ledger) = $ndirs ] && [ \$(git rev-parse HEAD) = $head3 ]"
expect_exit 0 "the audit stays clean" "$PREREG" audit t-calib
expect_out "no run is broken" "^3 runs: 3 anchored, 0 self-asserted, 0 broken"

# a pin whose index write fails: no commit, no tag, nothing staged
echo "; edited" >>experiments/t-calib/experiment.ini
"$PREREG" predict t-calib >/dev/null
head1=$(git rev-parse HEAD)
touch .git/index.lock
expect_exit 1 "a pin under an index lock fails" "$PREREG" pin t-calib
check "HEAD did not move and no tag was made" sh -c \
	"[ \$(git rev-parse HEAD) = $head1 ] && [ -z \"\$(git tag -l 'prereg/pin/t-calib/2')\" ]"
rm .git/index.lock
check "nothing is staged" sh -c "git diff --cached --quiet"
echo "1..$n"
