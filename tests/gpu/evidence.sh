#!/bin/sh
# evidence.sh - make gpu-evidence: the GPU experiments' evidence in one
# call, on a machine with one NVIDIA GPU and nothing else installed
# (ARTIFACT.md, "What needs hardware we do not have"; DESIGN 10).
#
# Steps, each with its time budget and a time line when it ends:
#   unpack   dpkg -x of the .deb files of `make gpu-debs` into a prefix,
#            and the environment that uses them (skipped with --system
#            or when the folder holds no .deb)
#   tools    the programs the rest needs, and the repository
#   build    make CUDA=1 HIP=0 (skipped when BIN names a built tree)
#   device   prereg env and nvidia-smi -L: no CUDA device ends here, exit
#            4, before anything is predicted, pinned or committed; then
#            the pin tags restored where missing (prereg pin
#            --restore-tags)
#   runs without MPS: calib-gpu-rows and calib-pingpong-gpu; then
#            launch-geometry (from this device's properties) and
#            shared-gpu (from those calibration runs, of this device and
#            host) predicted again and pinned (a new pin where the
#            prediction changed), then run
#   runs under MPS (a daemon of our own: nvidia-cuda-mps-control -d), the
#            same with the pins made without MPS (calib-pingpong-gpu,
#            which has no CUDA rank, is not run again), then the daemon
#            is stopped
#   report   prereg analyze (committed as `prereg analyze NAME`), prereg
#            compare of each run without MPS against its run under MPS,
#            prereg audit
#   collect  to $OUT when set: runs/, analysis/ and predictions/ of the
#            three, a git bundle and a format-patch of the new commits
#            with the new pin tags, the log and the summary
# Everything is committed in the repository the script works in, as
# prereg commits runs: the evidence is that repository's new commits.
#
# Exit status: 0 every step done; 1 a step failed or ran past its time
# (the later steps still run where they can); 2 usage, or no git
# repository; 4 no CUDA device (the message starts "no CUDA device: ").
set -u

usage="usage: tests/gpu/evidence.sh [-C REPO] [--system] [--debs DIR]
                            [--prefix DIR] [--launches L] [--reps R]
                            [--budget SECONDS] [--experiments 'A B']
  -C REPO         the prereg repository to build, run and commit in
                  (default: the one holding this script)
  --system        use the installed packages: no .deb is unpacked
  --debs DIR      the .deb files (default REPO/shared/debs, make gpu-debs)
  --prefix DIR    where they are unpacked (default REPO/build/gpu-prefix)
  --launches L    launches of every run (default: each experiment's
                  pinned [schedule] launches, which its reproduction
                  tolerances were sized for: shared-gpu's pin 3, 8)
  --reps R        reps of every launch (default 10)
  --budget S      the whole call's time, in seconds (default 480)
  --experiments L the experiments to run, in order (default
                  'calib-gpu-rows calib-pingpong-gpu launch-geometry
                  shared-gpu'); one whose rank groups use no CUDA device
                  runs without MPS only (calib-pingpong-gpu: shared-gpu's
                  Gatherv priced on this host); a validation is
                  predicted again on this device and pinned before its
                  run without MPS
Environment: BIN (a built bin/ folder: no build), OUT (where the results
are copied), NVCC (the CUDA compiler). Exit: 0 done, 1 a step failed,
2 usage, 4 no CUDA device."

top=$(cd "$(dirname "$0")/../.." && pwd)
system=0 debs="" prefix="" launches="" reps=10 budget=480
EXPS="calib-gpu-rows calib-pingpong-gpu launch-geometry shared-gpu"
while [ $# -gt 0 ]; do
	case $1 in
	-C) top=${2:?"$usage"}; shift ;;
	--system) system=1 ;;
	--debs) debs=${2:?"$usage"}; shift ;;
	--prefix) prefix=${2:?"$usage"}; shift ;;
	--launches) launches=${2:?"$usage"}; shift ;;
	--reps) reps=${2:?"$usage"}; shift ;;
	--budget) budget=${2:?"$usage"}; shift ;;
	--experiments) EXPS=${2:?"$usage"}; shift ;;
	-h | --help) echo "$usage"; exit 0 ;;
	*) printf 'evidence: unknown option %s\n%s\n' "$1" "$usage" >&2
		exit 2 ;;
	esac
	shift
done
for v in ${launches:+"$launches"} "$reps" "$budget"; do
	case $v in '' | *[!0-9]* | 0)
		printf 'evidence: not a count: %s\n%s\n' "$v" "$usage" >&2
		exit 2 ;;
	esac
done
cd "$top" 2>/dev/null || { echo "evidence: no folder $top" >&2; exit 2; }
top=$(pwd)
debs=${debs:-$top/shared/debs}
prefix=${prefix:-$top/build/gpu-prefix}
for name in $EXPS; do
	case $name in '' | *[!a-z0-9-]*)
		printf 'evidence: not an experiment name: %s\n' "$name" >&2
		exit 2 ;;
	esac
done
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

work=$(mktemp -d "${TMPDIR:-/tmp}/prereg-gpu-evidence.XXXXXX")
log=$work/evidence.log
summary=$work/summary.txt
: >"$summary"
mps_pipe=$work/mps-pipe
mps_up=0
failed=""
start=$(date +%s)
deadline=$((start + budget))

stop_mps() {
	[ $mps_up = 1 ] || return 0
	echo quit | CUDA_MPS_PIPE_DIRECTORY=$mps_pipe \
		timeout 20 nvidia-cuda-mps-control >>"$log" 2>&1
	mps_up=0
}
trap 'stop_mps; rm -rf "$work"' EXIT
trap 'exit 1' INT TERM

say() { echo "evidence: $*" | tee -a "$log" >&2; }

# step NAME BUDGET: starts a step; it ends at BUDGET seconds or at the
# call's deadline, whichever comes first
step() {
	step_name=$1
	step_t0=$(date +%s)
	step_end=$((step_t0 + $2))
	[ $step_end -le $deadline ] || step_end=$deadline
	step_budget=$((step_end - step_t0))
	echo "== $step_name" >>"$log"
}

# t CMD...: CMD under the step's remaining time, its output in the log
t() {
	left=$((step_end - $(date +%s)))
	[ $left -gt 0 ] || { echo "no time left for: $*" >>"$log"; return 124; }
	echo "\$ $*" >>"$log"
	timeout -k 5 "$left" "$@" >>"$log" 2>&1
}

# done_step RC [NOTE]: the step's time line; a failed step is remembered
done_step() {
	el=$(($(date +%s) - step_t0))
	case $1 in
	0) what=ok ;;
	124 | 137) what="ran past its time" ;;
	*) what="failed (exit $1)" ;;
	esac
	[ $# -lt 2 ] || what="$what: $2"
	line=$(printf '%-26s %4d s of %4d s, %4d s in all  %s' "$step_name" \
		"$el" "$step_budget" "$(($(date +%s) - start))" "$what")
	echo "$line" >>"$summary"
	say "$line"
	[ "$1" = 0 ] || failed="$failed $step_name"
}

multiarch() {
	case $(uname -m) in
	x86_64) echo x86_64-linux-gnu ;;
	aarch64) echo aarch64-linux-gnu ;;
	*) echo "$(uname -m)-linux-gnu" ;;
	esac
}

# The environment that runs what dpkg -x put under $prefix: Open MPI
# relocated (OPAL_*), pkg-config reading the prefix's .pc files with the
# prefix as their root, the -dev headers after the compiler's own
# (-idirafter: C_INCLUDE_PATH would put them before gcc's and break its
# #include_next), the libraries for the linker and the loader.
use_prefix() {
	ma=$(multiarch)
	p=$prefix
	ompi=$p/usr/lib/$ma/openmpi
	export PATH="$p/usr/bin:$p/bin:$p/usr/sbin:$PATH"
	export LD_LIBRARY_PATH="$p/usr/lib/$ma:$p/lib/$ma:$ompi/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	export LIBRARY_PATH="$p/usr/lib/$ma:$p/lib/$ma${LIBRARY_PATH:+:$LIBRARY_PATH}"
	export OPAL_PREFIX="$p/usr" OPAL_EXEC_PREFIX="$p/usr"
	export OPAL_BINDIR="$p/usr/bin" OPAL_LIBDIR="$ompi/lib"
	export OPAL_INCLUDEDIR="$ompi/include" OPAL_LIBEXECDIR="$p/usr/libexec"
	export OPAL_DATAROOTDIR="$p/usr/share" OPAL_DATADIR="$p/usr/share"
	export OPAL_PKGDATADIR="$p/usr/share/openmpi"
	export OPAL_PKGLIBDIR="$ompi/lib/openmpi3"
	export OPAL_PKGINCLUDEDIR="$ompi/include/openmpi"
	export OPAL_SYSCONFDIR="$p/etc/openmpi"
	pmix=$p/usr/lib/$ma/pmix2
	export PMIX_PREFIX="$pmix" PMIX_LIBDIR="$pmix/lib"
	export PMIX_DATAROOTDIR="$pmix/share" PMIX_PKGDATADIR="$pmix/share/pmix"
	export PKG_CONFIG_LIBDIR="$p/usr/lib/$ma/pkgconfig:$p/usr/share/pkgconfig"
	export PKG_CONFIG_SYSROOT_DIR="$p"
	inc="-idirafter $p/usr/include/$ma -idirafter $p/usr/include"
	export PREFIX_CFLAGS="$inc"
	export PREFIX_NVCCFLAGS="-Xcompiler -idirafter,$p/usr/include/$ma -Xcompiler -idirafter,$p/usr/include"
}

# The linker scripts of the -dev packages (libc.so, libm.so) name their
# libraries by absolute paths: point those that the prefix holds into it.
fix_linker_scripts() {
	for f in "$prefix"/usr/lib/*/*.so; do
		if [ -L "$f" ] || [ ! -f "$f" ] ||
			! head -c 64 "$f" | grep -q 'GNU ld script'; then
			continue
		fi
		grep -oE '/[^ )]+' "$f" | while read -r lib; do
			[ -e "$prefix$lib" ] || continue
			sed "s# $lib# $prefix$lib#g" "$f" >"$f.new" && mv "$f.new" "$f"
		done
	done
}

# The commands Debian names through update-alternatives (its postinst,
# which dpkg -x does not run): mpirun -> mpirun.openmpi, gnuplot ->
# gnuplot-nox, cc -> gcc, c++ -> g++.
link_alternatives() {
	b=$prefix/usr/bin
	for f in "$b"/*.openmpi; do
		[ -e "$f" ] || continue
		n=$(basename "$f" .openmpi)
		[ -e "$b/$n" ] || ln -s "$n.openmpi" "$b/$n"
	done
	for pair in gnuplot:gnuplot-nox cc:gcc c++:g++; do
		n=${pair%%:*} to=${pair#*:}
		[ -e "$b/$n" ] || [ ! -e "$b/$to" ] || ln -s "$to" "$b/$n"
	done
}

unpack() {
	step unpack 120
	if [ $system = 1 ]; then
		done_step 0 "skipped (--system: the installed packages)"
		return
	fi
	set -- "$debs"/*.deb
	if [ ! -e "$1" ]; then
		done_step 0 "skipped (no .deb in $debs: the installed packages)"
		return
	fi
	if ! rm -rf "$prefix" || ! mkdir -p "$prefix"; then
		done_step 1 "cannot make $prefix"
		return
	fi
	npkg=$#
	printf '%s\n' "$@" | t xargs -P 8 -I{} dpkg -x {} "$prefix"
	rc=$?
	if [ $rc = 0 ]; then
		fix_linker_scripts
		link_alternatives
	fi
	use_prefix
	done_step $rc "$npkg packages into $prefix"
}

# the CUDA compiler: NVCC, else on PATH, else /usr/local/cuda/bin
find_nvcc() {
	[ -n "${NVCC:-}" ] && return
	NVCC=$(command -v nvcc 2>/dev/null) ||
		NVCC=$(ls /usr/local/cuda/bin/nvcc 2>/dev/null) || NVCC=""
}

tools() {
	step tools 10
	missing=""
	need="git mpirun timeout"
	[ -n "${BIN:-}" ] || need="$need make gcc g++ mpicc pkg-config"
	need="$need gnuplot"
	for c in $need; do
		command -v "$c" >/dev/null 2>&1 || missing="$missing $c"
	done
	find_nvcc
	[ -n "${BIN:-}" ] || [ -n "$NVCC" ] || missing="$missing nvcc"
	if ! git rev-parse --git-dir >/dev/null 2>&1; then
		done_step 2 "$top is not a git repository: the evidence is committed there"
		exit 2
	fi
	for name in $EXPS; do
		[ -f "experiments/$name/experiment.ini" ] && continue
		done_step 2 "no experiments/$name/experiment.ini"
		exit 2
	done
	base=$(git rev-parse HEAD)
	tags_before=$(git tag -l 'prereg/pin/*' | sort)
	{
		echo "repository $top at $base"
		git --version
		mpirun --version 2>&1 | head -n 1
		[ -z "$NVCC" ] || "$NVCC" --version | tail -n 1
	} >>"$log" 2>&1
	if [ -n "$missing" ]; then
		done_step 1 "missing:$missing"
		return
	fi
	done_step 0
}

build() {
	step build 150
	if [ -n "${BIN:-}" ]; then
		done_step 0 "skipped (BIN=$BIN)"
		return
	fi
	BIN=$top/bin
	t make -j "$(nproc)" CUDA=1 HIP=0 NVCC="$NVCC" \
		CFLAGS="-O2 -g ${PREFIX_CFLAGS:-}" \
		NVCCFLAGS="-O2 -g ${PREFIX_NVCCFLAGS:-}" all
	rc=$?
	done_step $rc "$(tail -n 1 "$log")"
}

# No CUDA device ends the call here, exit 4, before anything is committed.
device() {
	step device 20
	cuda=$("$BIN/prereg" env 2>>"$log" | awk '$1 == "cuda"')
	"$BIN/prereg-rank" --devices >"$work/devices.json" 2>>"$log"
	if command -v nvidia-smi >/dev/null 2>&1; then
		smi=$(timeout 15 nvidia-smi -L 2>&1 | tr '\n' ' ')
	else
		smi="nvidia-smi not found"
	fi
	echo "prereg env: $cuda; nvidia-smi -L: $smi" >>"$log"
	n=$(echo "$cuda" | awk '{print $2}')
	case $n in '' | *[!0-9]* | 0)
		why=$(echo "$cuda" | sed 's/^cuda *//')
		done_step 4 "no CUDA device"
		say "no CUDA device: prereg-rank: ${why:-prereg env failed}; nvidia-smi -L: ${smi:-no GPU listed}"
		exit 4 ;;
	esac
	# a clone from a bundle or a mirror may lack the pin tags; prereg
	# restores them from the pin commits of the history (after the
	# device check: without a device the repository stays untouched)
	t "$BIN/prereg" pin --restore-tags
	done_step 0 "$(echo "$cuda" | sed 's/^cuda *//'); $smi"
}

newest_run() { # the newest run directory of $1, or nothing
	for d in "runs/$1"/*/; do
		[ -d "$d" ] && basename "$d"
	done | sort | tail -n 1
}

# is_validation NAME: does NAME predict (kind = validation)?
is_validation() {
	grep -q '^kind *= *validation' "experiments/$1/experiment.ini"
}

# run_one NAME MODE: NAME's run; the run id goes to $work/NAME.MODE.
# Predicted and pinned first when its pin cannot run, and without MPS
# whenever it is a validation: this device and the calibration runs this
# call just made on it price it, not another machine's
run_one() {
	name=$1 mode=$2
	step "$name ($mode)" "$3"
	if { [ "$mode" = none ] && is_validation "$name"; } ||
		! "$BIN/prereg" run "$name" --dry-run >/dev/null 2>&1; then
		if ! t "$BIN/prereg" predict "$name" ||
			! t "$BIN/prereg" pin "$name"; then
			done_step 1 "predict and pin (see the log)"
			return
		fi
	fi
	t "$BIN/prereg" run "$name" ${launches:+--launches "$launches"} \
		--reps "$reps"
	rc=$?
	id=$(newest_run "$name")
	echo "$id" >"$work/$name.$mode"
	done_step $rc "run $id"
}

uses_cuda() { # does experiment $1 have a rank group on a CUDA device?
	sed -n 's/^group *= *//p' "experiments/$1/experiment.ini" |
		grep -q 'cuda:'
}

runs() { # MODE: the experiments in order, each under its time budget
	for name in $EXPS; do
		[ "$1" = none ] || uses_cuda "$name" || continue
		case $name in
		calib-gpu-rows) run_one "$name" "$1" 50 ;;
		launch-geometry) run_one "$name" "$1" 60 ;;
		shared-gpu) run_one "$name" "$1" 70 ;;
		*) run_one "$name" "$1" 120 ;;
		esac
	done
}

start_mps() {
	step "mps start" 15
	if ! command -v nvidia-cuda-mps-control >/dev/null 2>&1; then
		done_step 1 "nvidia-cuda-mps-control not found: no runs under MPS"
		return 1
	fi
	mkdir -p "$mps_pipe" "$work/mps-log"
	export CUDA_MPS_PIPE_DIRECTORY="$mps_pipe"
	export CUDA_MPS_LOG_DIRECTORY="$work/mps-log"
	t nvidia-cuda-mps-control -d
	rc=$?
	[ $rc != 0 ] || mps_up=1
	done_step $rc "pipe $mps_pipe"
	return $rc
}

report() {
	step report 45
	rc=0
	for name in $EXPS; do
		[ -n "$(newest_run "$name")" ] || continue
		t "$BIN/prereg" analyze "$name" || rc=1
		git add -A "analysis/$name" >>"$log" 2>&1
		git diff --cached --quiet || t git commit -q \
			-m "prereg analyze $name" || rc=1
		a=$(cat "$work/$name.none" 2>/dev/null)
		b=$(cat "$work/$name.mps" 2>/dev/null)
		if [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ]; then
			# t writes to the log: the comparison goes to its own
			# file first (OUT keeps it), then to the log
			echo "\$ prereg compare $a $b" >>"$log"
			timeout -k 5 45 "$BIN/prereg" compare "$a" "$b" \
				>"$work/compare-$name.txt" 2>&1 || rc=1
			cat "$work/compare-$name.txt" >>"$log"
		fi
	done
	# shellcheck disable=SC2086 # the names are words
	"$BIN/prereg" audit $EXPS >"$work/audit.txt" 2>&1 || rc=1
	cat "$work/audit.txt" >>"$log"
	done_step $rc
}

collect() {
	step collect 20
	if [ -z "${OUT:-}" ]; then
		done_step 0 "skipped (OUT not set)"
		return
	fi
	mkdir -p "$OUT/runs" "$OUT/analysis" "$OUT/predictions"
	for name in $EXPS; do
		[ ! -d "runs/$name" ] || cp -r "runs/$name" "$OUT/runs/"
		[ ! -d "analysis/$name" ] || cp -r "analysis/$name" "$OUT/analysis/"
		cp predictions/"$name".* "$OUT/predictions/" 2>/dev/null
	done
	new_tags=$(git tag -l 'prereg/pin/*' | sort | grep -vxF "$tags_before")
	rc=0
	if [ "$(git rev-parse HEAD)" != "$base" ]; then
		# shellcheck disable=SC2086 # the tags are words
		t git bundle create "$OUT/evidence.bundle" HEAD $new_tags \
			"^$base" || rc=1
		t git format-patch -q -o "$OUT/patches" "$base..HEAD" || rc=1
	fi
	cp "$work"/devices.json "$work"/compare-*.txt "$work"/audit.txt \
		"$OUT/" 2>/dev/null
	done_step $rc "base $base"
	cp "$log" "$summary" "$OUT/"
}

cd "$top" || exit 2
unpack
tools
case $failed in *tools*)
	say "cannot go on without the tools: exit 1"
	exit 1 ;;
esac
build
case $failed in *build*)
	say "the build failed ($log is copied to OUT): exit 1"
	[ -z "${OUT:-}" ] || { mkdir -p "$OUT"; cp "$log" "$OUT/"; }
	exit 1 ;;
esac
device
# Runs without MPS: no MPS daemon serves this pipe directory.
mkdir -p "$work/no-mps"
export CUDA_MPS_PIPE_DIRECTORY="$work/no-mps"
runs none
if start_mps; then
	runs mps
	step "mps stop" 15
	stop_mps
	done_step 0
fi
report
collect
[ -z "${OUT:-}" ] || cp "$log" "$summary" "$OUT/" 2>/dev/null
say "done in $(($(date +%s) - start)) s of $budget s"
cat "$summary" >&2
if [ -n "$failed" ]; then
	say "failed:$failed"
	exit 1
fi
exit 0
