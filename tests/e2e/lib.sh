# lib.sh - helpers for the end-to-end tests: a scratch git repo under a
# temp dir (never the project's own), shared fixtures copied from a cache,
# TAP output, assertions (test_cmp for exact output), waits on conditions.
set -u
: "${BIN:?BIN must name the directory holding prereg}"
PREREG="$BIN/prereg"
# the project's top directory ($0 is tests/e2e/STAGE/tNNNN-what.sh)
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
export OMPI_MCA_rmaps_base_oversubscribe=1
# ob1 is the PML Open MPI selects here anyway (no PSM2, OFI or UCX
# hardware); naming it keeps MPI_Init from opening the psm and psm2 MTLs,
# whose libraries (libpsm_infinipath, libpsm2) each spend 0.1 s timing
# usleep calls when they are loaded (a launch of one rank took 0.93 s
# without it, 0.73 s with it). prereg-rank's MPI_T_init_thread still
# loads them, through mca_mtl_ofi and libfabric, whatever the MCA
# selection says: Open MPI registers every component for MPI_T.
export OMPI_MCA_pml=ob1
# PMIx's hash store instead of its shared-memory one (ds21), whose
# segments mpirun sets up for each launch: 10 launches of an MPI hello
# of 2 ranks took 2.11-2.15 s of CPU with it, 2.45-2.69 s without.
export PMIX_MCA_gds=hash
# hwloc without its PCI component in Open MPI's processes (unless the
# caller names components): mpirun and every rank's MPI_Init read each
# PCI device's config space to place NICs and GPUs that no test has
# (mpirun's reads alone took 1.8% of the pass's CPU; 20 launches of one
# rank took 1.87-1.93 s of CPU without it, 2.00-2.29 s with it). prereg's
# own hwloc reads no I/O device, so nothing it records changes.
HWLOC_COMPONENTS=${HWLOC_COMPONENTS:--pci}
export HWLOC_COMPONENTS
n=0
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/prereg-e2e.XXXXXX")

# ompi_components DIR: DIR (unless it is there) holds a link to each of
# Open MPI's components but the four that link libfabric or PSM (btl_ofi,
# mtl_ofi, mtl_psm, mtl_psm2), for mca_base_component_path. MPI_T_init_thread,
# which prereg-rank calls in every launch, opens every component Open MPI
# has, whatever the selection; libfabric's PSM and PSM2 libraries then
# each spend 0.1 s in usleep loops when they are loaded. None of the four
# can run here (no Omni-Path, no OFI provider with hardware), so the
# launches select what they selected before: an MPI hello of 2 ranks that
# calls MPI_T_init_thread took 0.44 s with them, 0.24 s without.
ompi_components() {
	[ -d "$1" ] && return 0
	_pkg=$(ompi_info --parsable --path pkglibdir 2>/dev/null |
		sed -n 's/^path:pkglibdir://p')
	[ -n "$_pkg" ] && [ -d "$_pkg" ] || return 1
	rm -rf "$1.$$" && mkdir -p "$1.$$" || return 1
	for _c in "$_pkg"/mca_*; do
		case ${_c##*/} in
		mca_btl_ofi.* | mca_mtl_ofi.* | mca_mtl_psm.* | mca_mtl_psm2.*) ;;
		*) ln -s "$_c" "$1.$$/" || return 1 ;;
		esac
	done
	# another test may have made it meanwhile: theirs is the same
	mv -T "$1.$$" "$1" 2>/dev/null || rm -rf "$1.$$"
	[ -d "$1" ]
}
if ompi_components "${PREREG_FIXTURES:-$SCRATCH}/ompi-components"; then
	OMPI_MCA_mca_base_component_path=${PREREG_FIXTURES:-$SCRATCH}/ompi-components
	export OMPI_MCA_mca_base_component_path
fi
# Each test's mpirun keeps its session directories under the test's own
# scratch: tests that run beside each other (and kill runs on purpose)
# then never meet in one /tmp/ompi.HOST.UID, where a job ending while
# another starts made orte_init fail ("session_dir.c at line 107").
mkdir -p "$SCRATCH/ompi"
export OMPI_MCA_orte_tmpdir_base="$SCRATCH/ompi"
trap 'rm -rf "$SCRATCH"' EXIT
export GIT_AUTHOR_NAME=prereg-test GIT_AUTHOR_EMAIL=test@example.invalid
export GIT_COMMITTER_NAME=prereg-test GIT_COMMITTER_EMAIL=test@example.invalid

ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $*"; }

# check DESC CMD...: CMD must succeed
check() {
	d=$1; shift
	if "$@" >"$SCRATCH/out" 2>&1; then ok "$d"; else
		# the output's last line (an assertion's message) on the
		# not-ok line itself, as in expect_exit
		_why=$(tail -n 1 "$SCRATCH/out" | cut -c 1-400)
		not_ok "$d${_why:+; $_why}"
		sed 's/^/#   /' "$SCRATCH/out" | tail -n 20; fi
}

# expect_exit CODE DESC CMD...: CMD must exit with CODE; its output is
# kept in $SCRATCH/out for expect_out
expect_exit() {
	code=$1 d=$2; shift 2
	"$@" >"$SCRATCH/out" 2>&1
	rc=$?
	if [ "$rc" = "$code" ]; then ok "$d (exit $rc)"; else
		# the command's first messages, on the not-ok line itself:
		# a log that keeps only those lines still says why
		_why=$(grep -m 2 'prereg: ' "$SCRATCH/out" | paste -sd '|' |
			cut -c 1-400)
		not_ok "$d: exit $rc, expected $code${_why:+; $_why}"
		sed 's/^/#   /' "$SCRATCH/out" | tail -n 20; fi
}

# expect_out DESC PATTERN: the last command's output matches (grep -E)
expect_out() {
	if grep -qE -- "$2" "$SCRATCH/out"; then ok "$1"; else
		not_ok "$1: no '$2' in the output"
		sed 's/^/#   /' "$SCRATCH/out" | tail -n 20; fi
}

# expect_no_out DESC PATTERN: the last command's output does not match
# (grep -E). check cannot say it: its command's output replaces
# $SCRATCH/out before the command reads it, so such a grep always passed.
expect_no_out() {
	if ! grep -qE -- "$2" "$SCRATCH/out"; then ok "$1"; else
		not_ok "$1: '$2' in the output"
		grep -E -- "$2" "$SCRATCH/out" | sed 's/^/#   /' | tail -n 20; fi
}

# slurm_run DESC CMD...: as expect_exit 0 for a prereg run under the
# local Slurm, but a run whose job lost a rank to a signal inside Open
# MPI, most likely 4.1.4's tcp connect race between the "nodes" of this
# one host (not reproduced on demand; a rank exits 139,
# "Process received signal", often after "connect() to ... failed:
# Operation now in progress"; see t0032) runs once more, the first
# attempt's messages printed as comments. A second such death, or any
# other failure, fails. The failed run stays committed, as any failed run
# does: take the newest run after it.
slurm_run() {
	_d=$1
	shift
	"$@" >"$SCRATCH/out" 2>&1
	rc=$?
	if [ "$rc" != 0 ] &&
		grep -qE "Process received signal|connect\(\) to .* failed" "$SCRATCH/out"; then
		echo "# $_d: a rank died of a signal inside Open MPI (most likely its tcp connect race); once more. First attempt: $(grep -m 1 'prereg: ' "$SCRATCH/out")"
		grep -E "Signal:|Failing at|connect\(\) to|exit code 1[0-9][0-9]" "$SCRATCH/out" | sed 's/^/#   /'
		"$@" >"$SCRATCH/out" 2>&1
		rc=$?
	fi
	if [ "$rc" = 0 ]; then ok "$_d (exit 0)"; else
		not_ok "$_d: exit $rc, expected 0; $(grep -m 2 'prereg: ' "$SCRATCH/out" | paste -sd '|' | cut -c 1-400)"
		sed 's/^/#   /' "$SCRATCH/out" | tail -n 20
	fi
}

# test_cmp EXPECTED ACTUAL: the two files hold the same bytes; when they
# do not, diff -u of them and a nonzero status (git's t/ test_cmp), as in
# check "DESC" test_cmp EXPECTED ACTUAL
test_cmp() {
	diff -u "$1" "$2"
}

# expect_cmp DESC EXPECTED: the last command's output is exactly the text
# EXPECTED (a final newline added to it)
expect_cmp() {
	printf '%s\n' "$2" >"$SCRATCH/expected"
	cp "$SCRATCH/out" "$SCRATCH/actual"
	check "$1" test_cmp "$SCRATCH/expected" "$SCRATCH/actual"
}

# need_slurm PARTITION...: go on only when sinfo lists every partition
# named; otherwise end the test, skipped, unless tests/check.sh started
# the local Slurm (PREREG_TEST_SLURM=1): then a missing Slurm fails it
need_slurm() {
	command -v sinfo >/dev/null 2>&1 || slurm_missing "sinfo not found"
	# (sinfo retries for seconds when slurmctld is down: do not wait)
	_parts=$(timeout 5 sinfo -h -o %P 2>/dev/null | tr -d '*' |
		sort -u | tr '\n' ' ')
	for _p; do
		case " $_parts" in
		*" $_p "*) ;;
		*) slurm_missing "no partition $_p (sinfo: ${_parts:-no answer})" ;;
		esac
	done
}
slurm_missing() {
	if [ "${PREREG_TEST_SLURM:-}" = 1 ]; then
		not_ok "$* (tests/slurm/local.sh start should have made them)"
	else
		ok "# SKIP no slurm: $*"
	fi
	echo "1..$n"
	exit 0
}

# The waits below poll for their condition, at most WAIT_S seconds
# (default 300: on a quiet machine they end within a second; on one that
# runs other work as well a launch can take half a minute)
WAIT_S=${WAIT_S:-300}
WAIT_TENTHS=$((WAIT_S * 10))

# wait_for GLOB: until a file matching GLOB exists (at most WAIT_S);
# nonzero when none came
wait_for() {
	_i=0
	while [ $_i -lt "$WAIT_TENTHS" ]; do
		for _f in $1; do [ -e "$_f" ] && return 0; done
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# wait_text FILE PATTERN: until FILE holds PATTERN (grep, at most WAIT_S);
# nonzero when it never did
wait_text() {
	_i=0
	while [ $_i -lt "$WAIT_TENTHS" ]; do
		grep -q -- "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# wait_ranks DIR: until a prereg-rank of a run under DIR (an absolute
# path: the ranks' argv names their plan in the run's work directory)
# is running (at most WAIT_S); nonzero when none came
wait_ranks() {
	_i=0
	while [ $_i -lt "$WAIT_TENTHS" ]; do
		pgrep -f "prereg-rank $1/" >/dev/null && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# wait_second_after TIME: until the clock's UTC second is later than TIME
# (a manifest's "2026-01-01T00:00:00Z"), so that what comes next is
# stamped in a later second (at most WAIT_S); nonzero when it never was
wait_second_after() {
	_t=$(echo "$1" | tr -cd 0-9)
	_i=0
	while [ $_i -lt "$WAIT_TENTHS" ]; do
		[ "$(date -u +%Y%m%d%H%M%S)" -gt "$_t" ] && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# new_repo DIR: a git repo with the test experiments committed
new_repo() {
	mkdir -p "$1" && cd "$1" || exit 1
	git init -q -b main .
	mkdir -p experiments/t-calib experiments/t-kv
	cat >experiments/t-calib/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = Hockney alpha and beta per transport for the test suite
workload = pingpong
budget_s = 60
[shape]
min_bytes = 8
max_bytes = 2097152
factor = 4
[ranks]
group = cpu*2
[factors]
transport = vader, tcp
[schedule]
launches = 2
reps = 5
warmup = 1
INI
	cat >experiments/t-kv/experiment.ini <<'INI'
[experiment]
kind = validation
claim = ring Allreduce of the kv-split partial output takes the Hockney time
workload = kv-split
budget_s = 60
[shape]
rows = 512
keys = 8
d = 64
[ranks]
group = cpu*4
[factors]
transport = vader, tcp
[schedule]
launches = 2
reps = 4
warmup = 1
[mpi]
algorithm = ring
[model]
name = hockney-ring
calibration = t-calib
tolerance = 0.5
INI
	echo scratch >README.md
	git add . && git commit -q -m "test experiments"
}

# vader_only: in a repository new_repo made, t-calib's transport becomes
# vader alone (committed): one config, half the launches, for a test that
# needs runs but not two transports
vader_only() {
	sed -i 's/^transport = vader, tcp$/transport = vader/' \
		experiments/t-calib/experiment.ini &&
		grep -qx 'transport = vader' experiments/t-calib/experiment.ini &&
		git commit -q -am "t-calib: vader only" && return 0
	echo "vader_only: t-calib's transport line is not 'vader, tcp'" >&2
	return 1
}

# forge_manifest MANIFEST LEDGER RUN PYTHON [keep-status]: edit the run's
# manifest (m, a dict) with PYTHON, write it as prereg does (sorted keys,
# 2-space indent), put its SHA-256 (and its status, unless keep-status) in
# RUN's line of LEDGER and rewrite the run commit (HEAD) to hold both: a
# forgery that every check but the one under test lets through
forge_manifest() {
	python3 - "$1" "$2" "$3" "$4" "${5:-}" <<'PY'
import hashlib, json, sys
path, ledger, run, code, keep = sys.argv[1:6]
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
        if keep != "keep-status":
            j["status"] = m["status"]
        l = json.dumps(j, separators=(",", ":"))
    out.append(l)
open(ledger, "w").write("\n".join(out) + "\n")
PY
	git add -A runs && git commit -q --amend --no-edit
}

# fixture NAME DIR: DIR (new) becomes a copy of the repository NAME, and
# the current directory, as new_repo makes it:
#   pinned      new_repo, then t-calib predicted and pinned
#   pinned-vader  new_repo with t-calib's transport vader only (one
#               config: half the launches of pinned, for tests that need
#               runs but not two transports), then predicted and pinned
#   calibrated  pinned, then t-calib run once (--quick) and committed
#   validated   calibrated, then t-kv predicted, pinned and run (--quick)
#   shipped     a clone of this project's HEAD with its pin tags restored
#               (as make reproduce has them), after `prereg analyze NAME
#               --json` of each shipped analysis/NAME/ (which rewrites its
#               report); each analysis's JSON is in
#               $(fixture_json)/NAME.json, or NAME.failed when it failed
# Each is built once per PREREG_FIXTURES, the directory tests/run.sh
# makes for a whole pass (the build under a lock, so that tests running
# at the same time build it once); a test run alone builds its own in
# $SCRATCH. A fixture that does not build fails the test, with its log.
fixture() {
	_cache=${PREREG_FIXTURES:-$SCRATCH/fixtures}
	mkdir -p "$_cache" || exit 1
	if ! fixture_build "$1" "$_cache"; then
		not_ok "the fixture '$1' builds"
		sed 's/^/#   /' "$_cache/$1.log" 2>/dev/null | tail -n 20
		echo "1..$n"
		exit 1
	fi
	cp -a "$_cache/$1" "$2" && cd "$2" || exit 1
}

# fixture_json: the directory of the shipped fixture's analyses
fixture_json() {
	echo "${PREREG_FIXTURES:-$SCRATCH/fixtures}/shipped.json"
}

# fixture_shipped CACHE: CACHE/shipped.tmp and CACHE/shipped.json (see
# fixture); fixture_build moves the first into place after the second
fixture_shipped() {
	rm -rf "$1/shipped.json" "$1/shipped.json.tmp" &&
		mkdir "$1/shipped.json.tmp" &&
		git clone -q "$TOP" "$1/shipped.tmp" && cd "$1/shipped.tmp" &&
		"$PREREG" pin --restore-tags || return 1
	for _e in analysis/*/; do
		_e=$(basename "$_e")
		"$PREREG" analyze "$_e" --json \
			>"$1/shipped.json.tmp/$_e.json" 2>"$1/shipped.json.tmp/$_e.err" ||
			mv "$1/shipped.json.tmp/$_e.json" "$1/shipped.json.tmp/$_e.failed"
	done
	mv "$1/shipped.json.tmp" "$1/shipped.json"
}

# fixture_build NAME CACHE: CACHE/NAME built unless it is there (the
# steps' output in CACHE/NAME.log); nonzero when it cannot be built
fixture_build() {
	(
		flock 9 || exit 1
		[ -d "$2/$1" ] && exit 0
		rm -rf "$2/$1.tmp"
		{
			case $1 in
			pinned)
				new_repo "$2/$1.tmp" &&
					"$PREREG" predict t-calib && "$PREREG" pin t-calib ;;
			pinned-vader)
				new_repo "$2/$1.tmp" && vader_only &&
					"$PREREG" predict t-calib && "$PREREG" pin t-calib ;;
			calibrated)
				fixture_build pinned "$2" &&
					cp -a "$2/pinned" "$2/$1.tmp" && cd "$2/$1.tmp" &&
					"$PREREG" run t-calib --quick ;;
			validated)
				fixture_build calibrated "$2" &&
					cp -a "$2/calibrated" "$2/$1.tmp" && cd "$2/$1.tmp" &&
					"$PREREG" predict t-kv && "$PREREG" pin t-kv &&
					"$PREREG" run t-kv --quick ;;
			shipped)
				fixture_shipped "$2" ;;
			*)
				echo "no fixture '$1'"; false ;;
			esac
		} >"$2/$1.log" 2>&1 && mv "$2/$1.tmp" "$2/$1"
	) 9>"$2/$1.lock"
}
