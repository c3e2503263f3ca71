#!/bin/sh
# t0051: a hostile repository's files are read with bounds and never
# through a symbolic link (issue 23): a plain CSV stored as
# timings.csv.gz, a gzip bomb (audit, analyze and compare fail fast in
# bounded memory), a work-tree archive linked to a copy outside (the
# committed check reads no link), a committed symbolic link (an audit FAIL naming it; a
# manifest linked to a secret is not quoted), analyze and run refusing to
# write through a link, audit --bundle refusing what is no bundle and
# leaving no clone behind, key files that are devices, and the run
# stage's JSON readers (repro --as-original's manifest, recover's
# run-state.json) refusing links
. "$(dirname "$0")/../lib.sh"
fixture calibrated "$SCRATCH/repo"
"$PREREG" run t-calib --quick >/dev/null 2>&1
set -- $(ls runs/t-calib | grep -v ledger)
a=$1 b=$2
git tag honest
expect_exit 0 "the honest runs audit" "$PREREG" audit t-calib

# back to the honest commit, nothing else in the work tree
reset() {
	git reset -q --hard honest && git clean -qfdx
}

# a plain CSV under the archive's name in the run commit (HEAD, run b)
# rewritten in place: the same bytes, sha256, rows and size the manifest
# records, but no gzip (zlib reads it as it is)
zcat "runs/t-calib/$b/timings.csv.gz" >"$SCRATCH/plain.csv"
cp "$SCRATCH/plain.csv" "runs/t-calib/$b/timings.csv.gz"
git commit -q --amend --no-edit -a
expect_exit 1 "a plain CSV stored as timings.csv.gz fails the audit" \
	"$PREREG" audit t-calib
expect_out "the archive check says it is no gzip" "not a gzip file"
reset

# a gzip bomb: 16 members of 64 MiB of zeros, 1 GiB expanded from 1 MiB;
# each command's peak memory (its resident set: an address-space limit
# would stop a sanitizer build's shadow map) must stay under 800 MB, and
# it must end within 300 s
head -c 64M /dev/zero | gzip -1 >"$SCRATCH/m.gz"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	cat "$SCRATCH/m.gz"
done >"runs/t-calib/$b/timings.csv.gz"
git commit -q --amend --no-edit -a
bounded() {
	python3 -c 'import resource, subprocess, sys
try:
    rc = subprocess.run(sys.argv[1:], timeout=300).returncode
except subprocess.TimeoutExpired:
    sys.exit(124)
kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
if kib > 800000:
    print("peak memory %d KiB, above 800000 KiB" % kib)
    sys.exit(99)
sys.exit(rc if rc >= 0 else 128 - rc)' "$@"
}
expect_exit 1 "the audit of a gzip bomb fails" bounded "$PREREG" audit t-calib
expect_out "it names the cap it ran into" "expands past [0-9]+ bytes"
expect_exit 1 "analyze of a gzip bomb fails" \
	bounded "$PREREG" analyze t-calib "$b"
expect_out "with the same message" "expands past [0-9]+ bytes"
expect_exit 1 "compare with a gzip bomb fails" \
	bounded "$PREREG" compare "$a" "$b"
expect_out "with the same message" "expands past [0-9]+ bytes"
reset

# the work tree's archive replaced by a symbolic link to the same bytes
# outside the repository: the committed check must not read through it
# (it hashed the link's target, found the committed blob, and passed)
cp "runs/t-calib/$b/timings.csv.gz" "$SCRATCH/outside.csv.gz"
rm "runs/t-calib/$b/timings.csv.gz"
ln -s "$SCRATCH/outside.csv.gz" "runs/t-calib/$b/timings.csv.gz"
expect_exit 1 "an archive linked to a copy outside fails the audit" \
	"$PREREG" audit t-calib
expect_out "the committed check names the link, not a blob of its target" \
	"$b committed: runs/t-calib/$b/timings.csv.gz is committed but cannot be read in the work tree: .*it is a symbolic link"
reset

# a committed symbolic link no reader opens: only the tree says it is there
ln -s /etc/passwd experiments/t-calib/notes.txt
git add experiments/t-calib/notes.txt
git commit -qm "a link among the experiment's files"
expect_exit 1 "a committed symbolic link fails the audit" \
	"$PREREG" audit t-calib
expect_out "the finding names its path" \
	"experiments/t-calib/notes.txt is a symbolic link"
"$PREREG" audit --json t-calib >"$SCRATCH/audit.json" 2>/dev/null
check "as a failing 'symlink' finding in --json" python3 -c "
import json
j = json.load(open('$SCRATCH/audit.json'))
f = [f for f in j['findings'] if f['finding'] == 'symlink']
assert len(f) == 1 and f[0]['severity'] == 'fail', f
assert f[0]['experiment'] == 't-calib', f
assert not j['ok']
"
reset

# a manifest committed as a link to a file outside the repository: the
# readers refuse the link and quote none of the file
printf 'hunter:x:1000:1000::/home/hunter:/bin/sh\n' >"$SCRATCH/secret"
rm "runs/t-calib/$a/manifest.json"
ln -s "$SCRATCH/secret" "runs/t-calib/$a/manifest.json"
git add -A runs && git commit -qm "the manifest as a link"
expect_exit 1 "show of a linked manifest fails" "$PREREG" show "$a"
expect_out "it says the manifest is a link" "manifest.json': it is a symbolic link"
cp "$SCRATCH/out" "$SCRATCH/show.out"
check "and quotes nothing of the file it points to" \
	sh -c "! grep -q hunter '$SCRATCH/show.out'"
expect_exit 1 "the audit of a linked manifest fails" \
	"$PREREG" audit t-calib
cp "$SCRATCH/out" "$SCRATCH/audit.out"
check "and quotes nothing of the file it points to" \
	sh -c "! grep -q hunter '$SCRATCH/audit.out'"
# repro --as-original reads the linked manifest for its prereg_version:
# a file outside that is JSON (naming a commit) is not read either
printf '{"prereg_version": "hunter-%s"}\n' "$(git rev-parse HEAD)" \
	>"$SCRATCH/secret"
expect_exit 2 "repro --as-original of a linked manifest refuses it" \
	timeout 120 "$PREREG" repro t-calib --as-original "$a" \
	--source "$SCRATCH/repo"
cp "$SCRATCH/out" "$SCRATCH/repro.out"
check "and names no commit of the file it points to" \
	sh -c "! grep -q hunter '$SCRATCH/repro.out'"
reset

# recover reads run-state.json and the launch records of a run directory
# in the work tree: one linked to /dev/zero is refused at once
mkdir "runs/t-calib/20261201T000000Z-abcdef"
ln -s /dev/zero "runs/t-calib/20261201T000000Z-abcdef/run-state.json"
expect_exit 1 "recover of a run-state.json linked to /dev/zero fails" \
	timeout 60 "$PREREG" recover t-calib
expect_out "saying it is a link" "run-state.json' is unreadable.*symbolic link"
reset

# a run directory committed as a link to a directory outside that holds
# a run: analyze and list read nothing through it, the audit fails it
cp -r "runs/t-calib/$a" "$SCRATCH/elsewhere-run"
ln -s "$SCRATCH/elsewhere-run" runs/t-calib/20261201T000000Z-abcdef
git add runs && git commit -qm "a run directory as a link"
expect_exit 0 "analyze with a linked run directory" "$PREREG" analyze t-calib
check "reads nothing through it" sh -c \
	"! grep -q 20261201T000000Z-abcdef analysis/t-calib/report.md"
expect_exit 1 "the audit fails the link" "$PREREG" audit t-calib
expect_out "naming it" \
	"symlink t-calib: runs/t-calib/20261201T000000Z-abcdef is a symbolic link"
reset

# analyze writes analysis/t-calib/, never through a link
mkdir "$SCRATCH/outside"
ln -s "$SCRATCH/outside" analysis
git add analysis && git commit -qm "analysis as a link"
expect_exit 3 "analyze refuses when analysis/ is a link" \
	"$PREREG" analyze t-calib
expect_out "naming the link" "'analysis' is a symbolic link"
check "nothing was written where it points" \
	sh -c "[ -z \"\$(ls -A '$SCRATCH/outside')\" ]"
reset
mkdir -p analysis/t-calib
printf 'not yours\n' >"$SCRATCH/victim"
ln -s "$SCRATCH/victim" analysis/t-calib/report.md
git add analysis && git commit -qm "the report as a link"
expect_exit 3 "analyze refuses when analysis/t-calib/report.md is a link" \
	"$PREREG" analyze t-calib
expect_out "naming it" "'analysis/t-calib/report.md' is a symbolic link"
check "the file it points to is untouched" \
	grep -qx 'not yours' "$SCRATCH/victim"
reset

# run writes runs/t-calib/, never through a link
mv runs/t-calib "$SCRATCH/elsewhere"
ln -s "$SCRATCH/elsewhere" runs/t-calib
git add -A runs && git commit -qm "runs/t-calib as a link"
expect_exit 3 "run refuses when runs/t-calib is a link" \
	"$PREREG" run t-calib --quick
expect_out "naming it" "'runs/t-calib' is a symbolic link"
check "no run was added where it points" \
	sh -c "[ \$(ls '$SCRATCH/elsewhere' | grep -vc ledger) = 2 ]"
reset

# audit --bundle: what is no bundle is refused before any clone
mkdir "$SCRATCH/tmp"
truncate -s 500M "$SCRATCH/zeros.bundle"
expect_exit 2 "500 MB of zeros given to --bundle are refused" \
	timeout 60 "$PREREG" audit --bundle "$SCRATCH/zeros.bundle"
expect_out "as no bundle" "not a git bundle"
printf '# v2 git bundle\n' >"$SCRATCH/huge.bundle"
truncate -s 5G "$SCRATCH/huge.bundle"
expect_exit 1 "a bundle of more than 4 GiB is refused" \
	timeout 60 "$PREREG" audit --bundle "$SCRATCH/huge.bundle"
expect_out "by its size" "more than the 4294967296"
printf '# v2 git bundle\nnot a bundle at all\n' >"$SCRATCH/bad.bundle"
expect_exit 1 "a bundle git cannot clone fails" \
	env TMPDIR="$SCRATCH/tmp" "$PREREG" audit --bundle "$SCRATCH/bad.bundle"
check "and leaves no clone behind" \
	sh -c "[ -z \"\$(ls -A '$SCRATCH/tmp')\" ]"
git bundle create -q "$SCRATCH/honest.bundle" --all
expect_exit 0 "an honest bundle audits" \
	env TMPDIR="$SCRATCH/tmp" "$PREREG" audit --bundle "$SCRATCH/honest.bundle"
check "and leaves no clone behind" \
	sh -c "[ -z \"\$(ls -A '$SCRATCH/tmp')\" ]"
# the audit of this bundle can end within a tenth of a second: watch for
# its clone without sleeping while it runs (a wait_for that missed it
# used to sit out its whole 300 s), and try again if it ended first
caught=""
for try in 1 2 3 4 5; do
	TMPDIR="$SCRATCH/tmp" "$PREREG" audit --bundle "$SCRATCH/honest.bundle" \
		>/dev/null 2>&1 &
	pid=$!
	while [ -z "$caught" ] && kill -0 "$pid" 2>/dev/null; do
		for _f in "$SCRATCH"/tmp/prereg-bundle.*; do
			[ -e "$_f" ] && kill -TERM "$pid" 2>/dev/null && caught=$try
		done
	done
	{ wait "$pid"; } 2>/dev/null
	[ -z "$caught" ] || break
done
check "a SIGTERM reached the audit of a bundle while its clone was there" \
	[ -n "$caught" ]
check "SIGTERM during the audit of a bundle leaves no clone behind" \
	sh -c "[ -z \"\$(ls -A '$SCRATCH/tmp')\" ]"

# key files that are devices are refused at once
expect_exit 2 "--allowed-signers /dev/zero is refused" \
	timeout 60 "$PREREG" audit --allowed-signers /dev/zero
expect_out "as no regular file" "not a regular file"
expect_exit 2 "--tsa-ca /dev/zero is refused" \
	timeout 60 "$PREREG" audit --tsa-ca /dev/zero
expect_out "as no regular file" "not a regular file"
echo "1..$n"
