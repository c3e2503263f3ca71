#!/bin/sh
# t0055: code from elsewhere only with consent. repro --as-original names
# the commit, the repository and the refs that hold it, and builds only a
# commit that a release tag (v[0-9]*) or the source's main branch holds,
# unless --trust-source; the gits prereg runs in a repository it did not
# create (worktree add/remove in --source, the clone of audit --bundle)
# and the make of the original run none of its hooks, fsmonitor or filter
# drivers, nor export's git archive the repository's gzip (issue 23)
. "$(dirname "$0")/../lib.sh"
hit="$SCRATCH/hit"
mkdir -p "$hit"

# commit_make DIR MARK: a commit on DIR's branch that holds
# prereg's layout (Makefile, src/runner/main.c) and whose Makefile's
# bin/prereg-rank touches $hit/MARK, runs git describe --dirty as
# prereg's Makefile does, and fails; prints the commit's full id
commit_make() {
	mkdir -p "$1/src/runner"
	echo 'int main(void) { return 0; }' >"$1/src/runner/main.c"
	printf 'bin/prereg-rank:\n\ttouch %s/%s\n' "$hit" "$2" >"$1/Makefile"
	printf '\tgit describe --always --dirty\n\tfalse\n' >>"$1/Makefile"
	git -C "$1" add -A && git -C "$1" commit -q -m "$2"
	git -C "$1" rev-parse HEAD
}

# Experiment repo: a pinned experiment and one manifest per commit to
# build, naming it as prereg_version (nothing else is read before
# building).
fixture pinned "$SCRATCH/repo"
k=0
# manifest_for HEX: a run directory whose manifest names commit HEX;
# prints its run id
manifest_for() {
	k=$((k + 1))
	id=$(printf '20000101T000000Z-%06x' "$k")
	mkdir -p "runs/t-calib/$id"
	printf '{"prereg_version": "%s"}\n' "$1" \
		>"runs/t-calib/$id/manifest.json"
	echo "$id"
}

# A scratch source: main has two commits (base, its ancestor, and tip);
# side holds one commit more than base; rel holds a commit tagged v1.0,
# vx one tagged vx (no release: v is not followed by a digit).
S="$SCRATCH/src"
git init -q -b main "$S"
base=$(commit_make "$S" made-base)
tip=$(commit_make "$S" made-tip)
git -C "$S" checkout -q -b side "$base"
side=$(commit_make "$S" made-side)
git -C "$S" checkout -q -b rel "$base"
rel=$(commit_make "$S" made-rel)
git -C "$S" tag v1.0
git -C "$S" checkout -q -b vx "$base"
vx=$(commit_make "$S" made-vx)
git -C "$S" tag vx
git -C "$S" checkout -q main
git -C "$S" branch -q -D rel vx

id=$(manifest_for "$side")
expect_exit 3 "a commit only a side branch holds is refused" \
	"$PREREG" repro t-calib --as-original "$id" --source "$S" --quick
expect_out "it prints the commit's full id" "^  commit: +$side$"
expect_out "it prints the repository it would build from" \
	"^  repository: +$S$"
expect_out "it prints the refs that hold the commit" \
	"^  held by: +refs/heads/side$"
expect_out "the refusal names the commit and --trust-source" \
	"cannot reproduce $id as original: commit $side .*--trust-source"
check "nothing of the side branch's Makefile ran" test ! -e "$hit/made-side"
check "no worktree was added" \
	test "$(git -C "$S" worktree list | wc -l)" = 1
expect_exit 3 "a refused commit is refused in a dry run too" \
	"$PREREG" repro t-calib --as-original "$id" --source "$S" --dry-run
expect_exit 1 "with --trust-source it is built (its Makefile fails)" \
	"$PREREG" repro t-calib --as-original "$id" --source "$S" \
	--trust-source --quick
expect_out "--trust-source warns what it builds" \
	"warning: --trust-source: building and running commit $side"
check "so the payload the refusal kept from running runs" \
	test -e "$hit/made-side"
check "and the temporary worktree is removed" \
	test "$(git -C "$S" worktree list | wc -l)" = 1

expect_exit 0 "an ancestor of main is accepted" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$base")" \
	--source "$S" --dry-run
expect_out "main, the release tag (first: they vouch), side and vx hold it" \
	"^  held by: +refs/heads/main, refs/tags/v1.0, refs/heads/side, refs/tags/vx$"
expect_exit 0 "main's tip is accepted" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$tip")" \
	--source "$S" --dry-run
expect_out "main alone holds it" "^  held by: +refs/heads/main$"
for b in a0 a1 a2 a3 a4 a5 a6 a7 a8; do git -C "$S" branch "$b" "$tip"; done
expect_exit 0 "main's tip, held by ten branches" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$tip")" \
	--source "$S" --dry-run
expect_out "main first, seven more, and how many are left" \
	"^  held by: +refs/heads/main, refs/heads/a0, .*, refs/heads/a6 and 2 more$"
git -C "$S" branch -q -D a0 a1 a2 a3 a4 a5 a6 a7 a8
expect_exit 0 "a commit a release tag v1.0 holds is accepted" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$rel")" \
	--source "$S" --dry-run
expect_out "the tag holds it" "^  held by: +refs/tags/v1.0$"
expect_exit 3 "a commit only the tag vx (no v[0-9]*) holds is refused" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$vx")" \
	--source "$S" --dry-run
expect_out "it says which ref holds it" "^  held by: +refs/tags/vx$"
orphan=$(git -C "$S" commit-tree -m orphan "$side^{tree}")
expect_exit 3 "a commit no ref holds is refused" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$orphan")" \
	--source "$S" --dry-run
expect_out "it says no ref holds it" "^  held by: +no branch or tag$"

# A clone: main is origin/main there, and origin/HEAD names the
# origin's default branch.
C="$SCRATCH/clone"
git -C "$S" branch topic "$tip"
git clone -q "$S" "$C" && git -C "$C" checkout -q -b work "$base" &&
	git -C "$C" branch -q -D main
git -C "$S" branch -q -D topic
git -C "$C" remote set-head origin -d >/dev/null
expect_exit 0 "in a clone without a local main, origin/main vouches" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$tip")" \
	--source "$C" --dry-run
expect_out "origin/main and origin/topic hold it" \
	"^  held by: +refs/remotes/origin/main, refs/remotes/origin/topic$"
git -C "$C" update-ref -d refs/remotes/origin/main
git -C "$C" symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/side
expect_exit 0 "origin/HEAD, the origin's default branch, vouches" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$side")" \
	--source "$C" --dry-run
expect_exit 3 "origin's other branches do not" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$tip")" \
	--source "$C" --dry-run
expect_out "it names the remote branch that holds it" \
	"^  held by: +refs/remotes/origin/topic$"
rm -rf runs
check "nothing was committed by any of it" \
	test -z "$(git status --porcelain)"

# A hostile --source: a post-checkout hook (in .git/hooks and in a
# core.hooksPath), core.fsmonitor and a filter driver (smudge, clean,
# process) for every path, each a payload that leaves a mark.
H="$SCRATCH/hostile"
git init -q -b main "$H"
printf '* filter=evil\n' >"$H/.gitattributes"
hsrc=$(commit_make "$H" made-hostile)
# payload NAME: a script that marks $hit/NAME and passes stdin through
payload() {
	printf '#!/bin/sh\ntouch %s/%s\ncat\n' "$hit" "$1" >"$SCRATCH/$1"
	chmod +x "$SCRATCH/$1"
	echo "$SCRATCH/$1"
}
payload post-checkout >/dev/null
cp "$SCRATCH/post-checkout" "$H/.git/hooks/post-checkout"
mkdir -p "$SCRATCH/hooks"
payload hookspath >/dev/null
cp "$SCRATCH/hookspath" "$SCRATCH/hooks/post-checkout"
git -C "$H" config core.fsmonitor "$(payload fsmonitor)"
git -C "$H" config filter.evil.smudge "$(payload smudge)"
git -C "$H" config filter.evil.clean "$(payload clean)"
git -C "$H" config filter.evil.required true
# what each payload does when git runs as it is configured: the hook,
# fsmonitor and smudge run on a plain worktree add, clean on describe
git -C "$H" worktree add -q --detach "$SCRATCH/ctl" main >/dev/null 2>&1
git -C "$SCRATCH/ctl" describe --always --dirty >/dev/null 2>&1
check "(control) git worktree add runs the post-checkout hook" \
	test -e "$hit/post-checkout"
check "(control) and core.fsmonitor" test -e "$hit/fsmonitor"
check "(control) and the smudge filter" test -e "$hit/smudge"
git -C "$H" worktree remove --force "$SCRATCH/ctl"
git -C "$H" config core.hooksPath "$SCRATCH/hooks"
git -C "$H" worktree add -q --detach "$SCRATCH/ctl" main >/dev/null 2>&1
check "(control) and a core.hooksPath's hook" test -e "$hit/hookspath"
git -C "$H" worktree remove --force "$SCRATCH/ctl"
git -C "$H" config --unset core.hooksPath
rm -f "$hit"/*

expect_exit 1 "repro --as-original builds in the hostile source" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$hsrc")" \
	--source "$H" --trust-source --quick
check "its Makefile ran (the worktree was there to build)" \
	test -e "$hit/made-hostile"
check "no post-checkout hook of .git/hooks ran" test ! -e "$hit/post-checkout"
check "core.fsmonitor did not run" test ! -e "$hit/fsmonitor"
check "no smudge filter ran" test ! -e "$hit/smudge"
check "no clean filter ran (git describe --dirty in the make)" \
	test ! -e "$hit/clean"
check "the temporary worktree is removed" \
	test "$(git -C "$H" worktree list | wc -l)" = 1
rm -f "$hit"/*
git -C "$H" config core.hooksPath "$SCRATCH/hooks"
expect_exit 1 "and with the hooks in a core.hooksPath" \
	"$PREREG" repro t-calib --as-original "$(manifest_for "$hsrc")" \
	--source "$H" --trust-source --quick
check "its Makefile ran again" test -e "$hit/made-hostile"
check "no hook of core.hooksPath ran" test ! -e "$hit/hookspath"
rm -rf runs

# audit --bundle: a bundle carries no hooks or config, but the
# reviewer's own (a template with hooks, core.fsmonitor, a filter that a
# committed .gitattributes names) would run on the clone's checkout.
rm -f "$hit"/*
mkdir -p "$SCRATCH/home" "$SCRATCH/tmpl/hooks"
cp "$SCRATCH/post-checkout" "$SCRATCH/tmpl/hooks/post-checkout"
cat >"$SCRATCH/home/.gitconfig" <<EOF
[init]
	templateDir = $SCRATCH/tmpl
[core]
	fsmonitor = $SCRATCH/fsmonitor
[filter "evil"]
	smudge = $SCRATCH/smudge
	clean = $SCRATCH/clean
EOF
# and a filter that only the template's config defines
payload smudge-tmpl >/dev/null
printf '[filter "tmpl"]\n\tsmudge = %s\n' "$SCRATCH/smudge-tmpl" \
	>"$SCRATCH/tmpl/config"
printf '* filter=evil\nREADME.md filter=tmpl\n' >.gitattributes
git add .gitattributes && git commit -q -m attributes
git bundle create -q "$SCRATCH/repo.bundle" --all
HOME="$SCRATCH/home" git clone -q "$SCRATCH/repo.bundle" "$SCRATCH/ctl2" \
	>/dev/null 2>&1
check "(control) git clone of the bundle runs the template's hook" \
	test -e "$hit/post-checkout"
check "(control) and the smudge filter" test -e "$hit/smudge"
check "(control) and the template config's smudge filter" \
	test -e "$hit/smudge-tmpl"
rm -f "$hit"/*
HOME="$SCRATCH/home" "$PREREG" audit --bundle "$SCRATCH/repo.bundle" \
	>"$SCRATCH/audit.out" 2>&1
check "audit --bundle cloned and audited it (a pin, no run: nothing to audit)" \
	grep -q "nothing to audit" "$SCRATCH/audit.out"
check "no hook ran on the bundle's clone" test ! -e "$hit/post-checkout"
check "core.fsmonitor did not run" test ! -e "$hit/fsmonitor"
check "no smudge filter ran" test ! -e "$hit/smudge"
check "no clean filter ran" test ! -e "$hit/clean"
check "no filter of the template's config ran" test ! -e "$hit/smudge-tmpl"
# the reviewer's own core.hooksPath (no template hook runs then)
git config -f "$SCRATCH/home/.gitconfig" core.hooksPath "$SCRATCH/hooks"
rm -rf "$SCRATCH/ctl2"
HOME="$SCRATCH/home" git clone -q "$SCRATCH/repo.bundle" "$SCRATCH/ctl2" \
	>/dev/null 2>&1
check "(control) git clone of the bundle runs the core.hooksPath hook" \
	test -e "$hit/hookspath"
rm -f "$hit"/*
HOME="$SCRATCH/home" "$PREREG" audit --bundle "$SCRATCH/repo.bundle" \
	>"$SCRATCH/audit.out" 2>&1
check "audit --bundle audited it again (a pin, no run: nothing to audit)" \
	grep -q "nothing to audit" "$SCRATCH/audit.out"
check "no hook of the reviewer's core.hooksPath ran on the clone" \
	test ! -e "$hit/hookspath"

# export: git archive --format=tar.gz pipes through the repository's
# tar.tar.gz.command
printf '#!/bin/sh\ntouch %s/tar-gz\nexec gzip -cn\n' "$hit" >"$SCRATCH/tar-gz"
chmod +x "$SCRATCH/tar-gz"
git config tar.tar.gz.command "$SCRATCH/tar-gz"
git archive --format=tar.gz -o "$SCRATCH/ctl.tar.gz" HEAD
check "(control) git archive runs tar.tar.gz.command" test -e "$hit/tar-gz"
rm -f "$hit"/*
check "prereg export" "$PREREG" export --out "$SCRATCH/export"
check "its tree.tar.gz is whole" tar tzf "$SCRATCH/export/tree.tar.gz"
check "the repository's tar.tar.gz.command did not run" \
	test ! -e "$hit/tar-gz"
echo "1..$n"
