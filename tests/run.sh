#!/bin/sh
# run.sh - run the unit tests (cmocka, TAP), the replays of the fuzz
# regression inputs (tests/fuzz/regressions/TARGET/*, through
# BIN/fuzz/replay_TARGET) and the end-to-end tests
# (tests/e2e/STAGE/tNNNN-what.sh, TAP, several at a time: JOBS, below) and
# end with "N passed, N failed". Asked for both (no argument), the unit
# tests and replays run beside the end-to-end tests, their output printed
# first.
# Usage: tests/run.sh [unit|e2e [tNNNN...]] ; BIN names the build's bin
# directory; e2e followed by test numbers runs those end-to-end tests only;
# UNIT_BUILD, when set, is a command (make check's) that builds the unit
# test programs first, in the unit pass.
set -u
here=$(cd "$(dirname "$0")" && pwd)
BIN=${BIN:-$here/../bin}
export BIN
what=${1:-all}
# the end-to-end tests named after "e2e" (the loops below reuse "$@")
picked=""
[ "$what" != e2e ] || { shift; picked="$*"; }
log=$(mktemp)
# In a sanitizer build (make sanitize) UBSan stops at its first report, so
# that undefined behaviour fails the test that meets it.
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export UBSAN_OPTIONS
trap 'rm -f "$log"' EXIT
status=0

# The end-to-end tests run JOBS at a time (default 3: on 2 cores the pass
# took 333 s at 2, 304 s at 3, 319 s at 4, and later 273 s at 3 against
# 285 s at 4, the busy-polling ranks of tests side by side costing more
# CPU the more there are), each with its output in a file, printed whole
# and in the tests' order once its turn comes, followed by a comment with
# its wall time, the CPU its processes used and when it started (seconds
# into the pass); the pass ends with a comment that sums them (the alone
# tests apart: their wall time is the pass's serial part). Those whose
# header holds
# "# prereg-test: long" (the ones that take longest) start first, so that
# the pass does not end waiting on one of them (the idle ones, the
# weighted one and those marked "long first", which build a fixture
# other long ones wait for, before the others); a test whose header holds
# "# prereg-test: alone" (it measures the machine's load or its timing)
# runs after the others, by itself; one holding "# prereg-test: holds
# NAME" never runs beside another that holds NAME (the local Slurm): it
# does not start while one does, and the tests after it in the order
# start meanwhile (started, it would wait for the lock in a job slot);
# one holding "# prereg-test: idle" (it waits on something outside, using
# almost no CPU) starts in its turn but takes no job slot (an alone test
# still waits for it). One holding "# prereg-test: weighted" times
# something but needs only the cores it asks for, not a quiet machine:
# where run.sh may make cgroups (root, a cgroup v1 cpu controller at
# CGROUP_CPU) it starts with the long ones, one weighted test at a time,
# in a cgroup of its own (PREREG_TEST_CGROUP) of weight 262144 (cpu.shares;
# a process outside has 1024), so that its processes get the cores
# whenever they want them and the tests beside it take what it leaves;
# elsewhere it is an alone test. A
# test past E2E_TIMEOUT seconds (default 1800) is stopped and fails, as
# does each test still running when run.sh is interrupted. The fixtures
# of lib.sh are built once for the pass, in PREREG_FIXTURES.
JOBS=${JOBS:-3}
CGROUP_CPU=${CGROUP_CPU:-/sys/fs/cgroup/cpu}
E2E_TIMEOUT=${E2E_TIMEOUT:-1800}

# e2e_job I PATH HOLD: run test PATH (holding the lock HOLD unless it is
# empty), its output in $work/I.out; then
# $work/I.rc holds "STATUS SECONDS" (timeout's status: 124 timed out)
e2e_job() {
	_holds=$3
	_t0=$(date +%s.%N)
	_cg=""
	if [ -f "$work/$1.weighted" ]; then
		_cg=$CGROUP_CPU/prereg-e2e-$$-$1
		mkdir "$_cg" && echo 262144 >"$_cg/cpu.shares" || _cg=""
	fi
	if [ -n "$_cg" ]; then
		PREREG_TEST_CGROUP=$_cg timeout -k 10 "$E2E_TIMEOUT" \
			flock "$work/holds.$_holds" sh -c \
			'echo $$ >"$0/tasks" && exec sh "$1"' "$_cg" "$2" \
			>"$work/$1.out" 2>&1 &
	elif [ -n "$_holds" ]; then
		timeout -k 10 "$E2E_TIMEOUT" flock "$work/holds.$_holds" \
			sh "$2" >"$work/$1.out" 2>&1 &
	else
		timeout -k 10 "$E2E_TIMEOUT" sh "$2" >"$work/$1.out" 2>&1 &
	fi
	echo $! >"$work/$1.pid"
	wait $!
	_rc=$?
	# the CPU the test's processes used (user + system, of the children
	# this job waited for): what the pass costs, beside its wall time
	times >"$work/$1.times" # here: in $(...) it would be a subshell's
	_cpu=$(sed -n 2p "$work/$1.times" | awk '{
		for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2])
			t += a[1] * 60 + a[2] }
		printf "%.1f", t }')
	[ -z "$_cg" ] || rmdir "$_cg" 2>/dev/null
	echo "$_rc $(date +%s.%N) $_t0 $_cpu $pass_t0" |
		awk '{ printf "%d %.1f %s %.0f\n", $1, $2 - $3, $4, $3 - $5 }' \
			>"$work/$1.rc.new"
	mv "$work/$1.rc.new" "$work/$1.rc"
}

# e2e_print I NAME: the finished test I's output, indented, its verdict
# when its status says more than its TAP lines, and its wall time
e2e_print() {
	read -r _rc _s _cpu _from <"$work/$1.rc"
	echo "# e2e: $2"
	sed 's/^/  /' "$work/$1.out"
	cat "$work/$1.out" >>"$log"
	case $_rc in
	0) ;;
	124 | 137)
		echo "not ok - $2 timed out after $E2E_TIMEOUT s" | tee -a "$log" ;;
	130 | 143)
		echo "not ok - $2 was interrupted" | tee -a "$log" ;;
	*)
		grep -q '^not ok' "$work/$1.out" ||
			echo "not ok - $2 exited with status $_rc" | tee -a "$log" ;;
	esac
	echo "# e2e: $2 took $_s s (cpu $_cpu s, from +$_from s)"
}

# e2e_flush: print the finished tests whose turn has come
e2e_flush() {
	unit_print || return 0
	while [ "$printed" -lt "$total" ] &&
		[ -f "$work/$((printed + 1)).rc" ]; do
		printed=$((printed + 1))
		e2e_print "$printed" "$(sed -n "${printed}p" "$work/names")"
	done
}

# e2e_holds PATH: the NAME of the test's "# prereg-test: holds NAME", or
# nothing
e2e_holds() {
	sed -n 's/^# prereg-test: holds \([a-z-]*\).*/\1/p' "$1"
}

# The scheduler polls every 0.2 s, so what it runs then forks and execs
# nothing (read, test and kill are built in): a version that ran cat and
# sed a few times a poll cost a few percent of a core over the pass.

# e2e_alive I: is test I started and not finished? (A test whose process
# is gone without its status, its job killed by a signal sent to
# run.sh's process group, is not running: counted, it kept run.sh
# waiting for it for ever.)
e2e_alive() {
	[ -f "$work/$1.pid" ] && [ ! -f "$work/$1.rc" ] &&
		read -r _pid <"$work/$1.pid" && kill -0 "$_pid" 2>/dev/null
}

# e2e_count: running (the started tests not finished, but for those
# holding "# prereg-test: idle") and running_all (all of them)
e2e_count() {
	running=0
	running_all=0
	for _p in "$work"/*.pid; do
		[ -f "$_p" ] || continue
		_i=${_p##*/}
		_i=${_i%.pid}
		e2e_alive "$_i" || continue
		running_all=$((running_all + 1))
		[ -f "$work/$_i.idle" ] || running=$((running + 1))
	done
}

# e2e_next: next (a line of $work/pending: I LIMIT HOLD IDLE PATH) to
# start now, or empty (then wait). It is the first line whose HOLD (- for
# none) no running test holds, if fewer tests than its LIMIT run (an
# alone test, LIMIT 1, counting the idle ones too); a line that must
# wait for its limit ends the search, so the order is kept but for the
# tests that wait for a hold.
e2e_next() {
	next=""
	e2e_count
	while read -r _i _limit _h _idle _t; do
		if [ "$_h" != - ] && [ -f "$work/hold.$_h" ] &&
			read -r _holder <"$work/hold.$_h" &&
			e2e_alive "$_holder"; then
			continue
		fi
		_n=$running
		[ "$_limit" != 1 ] || _n=$running_all
		[ "$_n" -lt "$_limit" ] && next="$_i $_limit $_h $_idle $_t"
		break
	done <"$work/pending"
}

# e2e_stop: end every test still running (timeout passes the signal on
# to the test's process group) and let each record its status
e2e_stop() {
	for _p in "$work"/*.pid; do
		[ -f "$_p" ] && [ ! -f "${_p%.pid}.rc" ] &&
			kill -TERM "$(cat "$_p")" 2>/dev/null
	done
	wait
}

# e2e_picked NAME [TNNNN...]: is test NAME among those named (all when
# none is)
e2e_picked() {
	_name=$1
	shift
	[ $# = 0 ] && return 0
	for _t; do
		case $_name in "$_t"-*) return 0 ;; esac
	done
	return 1
}

# e2e_pass [TNNNN...]: the end-to-end tests, or those named
e2e_pass() {
	work=$(mktemp -d)
	trap 'rm -f "$log"; rm -rf "$work"' EXIT
	interrupted=""
	trap 'e2e_stop; interrupted=1' INT TERM
	PREREG_FIXTURES=$work/fixtures
	export PREREG_FIXTURES
	# python3: Debian's (what make deps installs) where it is, else as
	# PATH finds it less a version manager's shim in front, isolated
	# (-I: no user site, no PYTHON* variables). The tests make several
	# hundred calls: `python3 -c 'import json'` took 0.05 s with
	# Debian's, 0.14 s with a pyenv-built one (-I) and 0.43 s through
	# pyenv's shim; -S (no site module: the tests import the standard
	# library alone) took it from 0.049 s to 0.037 s of CPU
	py=/usr/bin/python3
	[ -x "$py" ] ||
		py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
	if [ -n "$py" ]; then
		mkdir "$work/python" &&
			printf '#!/bin/sh\nexec "%s" -I -S "$@"\n' "$py" \
				>"$work/python/python3" &&
			chmod +x "$work/python/python3" &&
			PATH=$work/python:$PATH
	fi
	# the tests in their order (names, then paths); the order they start
	# in: every test but the alone ones, then those
	for t in "$here"/e2e/*/t[0-9]*.sh; do
		[ -f "$t" ] || continue
		name=$(basename "$t")
		e2e_picked "$name" "$@" && printf '%s\t%s\n' "$name" "$t"
	done | sort >"$work/list"
	cut -f 1 "$work/list" >"$work/names"
	total=$(wc -l <"$work/names") # read after the pass too
	# may weighted tests have cgroups of their own here?
	weighted=""
	if [ "$(id -u)" = 0 ] && mkdir "$CGROUP_CPU/prereg-e2e-$$" 2>/dev/null
	then
		rmdir "$CGROUP_CPU/prereg-e2e-$$" && weighted=1
	fi
	i=0
	while IFS="$(printf '\t')" read -r name t; do
		i=$((i + 1))
		h=$(e2e_holds "$t")
		idle=0
		! grep -q '^# prereg-test: idle' "$t" || idle=1
		if grep -q '^# prereg-test: weighted' "$t"; then
			if [ -n "$weighted" ]; then
				: >"$work/$i.weighted"
				echo "$i $JOBS weighted $idle $t"
			else
				echo "$i 1 ${h:--} $idle $t" >>"$work/alone"
			fi
		elif grep -q '^# prereg-test: alone' "$t"; then
			echo "$i 1 ${h:--} $idle $t" >>"$work/alone"
		elif grep -q '^# prereg-test: long' "$t" &&
			{ [ $idle = 1 ] ||
				grep -q '^# prereg-test: long first' "$t"; }; then
			echo "$i $JOBS ${h:--} $idle $t"
		elif grep -q '^# prereg-test: long' "$t"; then
			echo "$i $JOBS ${h:--} $idle $t" >>"$work/long"
		else
			echo "$i $JOBS ${h:--} $idle $t" >>"$work/short"
		fi
	done <"$work/list" >"$work/start"
	[ ! -f "$work/long" ] || cat "$work/long" >>"$work/start"
	[ ! -f "$work/short" ] || cat "$work/short" >>"$work/start"
	[ ! -f "$work/alone" ] || cat "$work/alone" >>"$work/start"
	printed=0
	pass_t0=$(date +%s)
	# each test starts when fewer than its limit are running (e2e_next)
	cp "$work/start" "$work/pending"
	while [ -s "$work/pending" ] && [ -z "$interrupted" ]; do
		e2e_next
		if [ -z "$next" ]; then
			e2e_flush
			sleep 0.2
			continue
		fi
		read -r i _ h idle t <<EOF
$next
EOF
		grep -v "^$i " "$work/pending" >"$work/pending.new"
		mv "$work/pending.new" "$work/pending"
		[ "$h" = - ] && h="" || echo "$i" >"$work/hold.$h"
		[ "$idle" = 0 ] || : >"$work/$i.idle"
		e2e_job "$i" "$t" "$h" </dev/null &
		# the job's pid file comes before e2e_count may count it
		while [ ! -f "$work/$i.pid" ] && [ ! -f "$work/$i.rc" ]; do
			sleep 0.05
		done
	done
	while [ "$printed" -lt "$total" ]; do
		e2e_flush
		[ "$printed" -lt "$total" ] || break
		e2e_count
		if [ -n "$interrupted" ] && [ "$running_all" = 0 ] &&
			[ ! -f "$work/$((printed + 1)).rc" ]; then
			# never started (interrupted before its turn), or started
			# and gone without its status (its job killed)
			printed=$((printed + 1))
			name=$(sed -n "${printed}p" "$work/names")
			echo "# e2e: $name"
			if [ -f "$work/$printed.pid" ]; then
				echo "not ok - $name was interrupted" | tee -a "$log"
			else
				echo "not ok - $name was interrupted before it started" |
					tee -a "$log"
			fi
			continue
		fi
		sleep 0.2
	done
	trap - INT TERM
	# the pass's figures: its wall time, the tests' CPU, the alone tests'
	cut -d ' ' -f 1 "$work/alone" 2>/dev/null | sed 's/$/.rc/' >"$work/alone.rc"
	(cd "$work" && for f in [0-9]*.rc; do
		[ -f "$f" ] || continue
		grep -qxF "$f" alone.rc && a=1 || a=0
		echo "$a $(cat "$f")"
	done) | awk -v wall=$(($(date +%s) - pass_t0)) '
		{ cpu += $4; if ($1) { aw += $3; ac += $4; na++ } ; n++ }
		END { printf "# e2e pass: %d tests, %d s wall, their cpu %.0f s;" \
			" %d alone, one at a time: %.0f s wall, cpu %.0f s\n",
			n, wall, cpu, na, aw, ac }'
}

# unit_pass: the format and layers checks, the unit test programs and the
# fuzz replays, TAP on stdout, ok/not ok lines appended to $log
unit_pass() {
	# The sources are clang-format clean (make format fixes them).
	{
		echo "# format: clang-format --dry-run -Werror"
		if ! command -v clang-format >/dev/null 2>&1; then
			echo "not ok - clang-format is not installed (make deps)" |
				tee -a "$log"
		elif ! (cd "$here/.." && git rev-parse --git-dir >/dev/null 2>&1); then
			echo "# not a git checkout: the format check is skipped"
		else
			bad=$(cd "$here/.." && git ls-files '*.c' '*.h' '*.cu' '*.hip' \
				'*.inc' | xargs clang-format --dry-run -Werror 2>&1 |
				sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error:.*/\1/p' |
				sort -u | tr '\n' ' ')
			if [ -z "$bad" ]; then
				echo "ok - every C source is clang-format clean" |
					tee -a "$log"
			else
				echo "not ok - not clang-format clean (make format): $bad" |
					tee -a "$log"
			fi
		fi
	}

	# The stages only look down (STYLE.md): no include climbs them.
	{
		echo "# layers: tests/layers.sh"
		"$here/layers.sh" 2>&1 | tee -a "$log"
	}

	# make check builds the unit test programs and the replays here,
	# beside the end-to-end pass, instead of before it (UNIT_BUILD: the
	# make command that builds them; 11 s of a fresh clone's make check
	# on 2 cores): a build that fails is one failed test, its log's end
	# printed
	if [ -n "${UNIT_BUILD:-}" ]; then
		echo "# unit build: $UNIT_BUILD"
		_ub=$(mktemp)
		if ! sh -c "$UNIT_BUILD" >"$_ub" 2>&1; then
			echo "not ok - the unit test programs build" | tee -a "$log"
			tail -n 30 "$_ub" | sed 's/^/#   /'
			rm -f "$_ub"
			return 0
		fi
		rm -f "$_ub"
	fi

	# The unit test programs run three at a time (each in its own scratch
	# directories; the repo ones, which make git repositories and take
	# longest, test_repo_pin about 5 s of the pass's 14, start first), their
	# outputs printed whole in name order.
	{
		unit=$(mktemp -d)
		for t in "$BIN"/tests/test_repo_* "$BIN"/tests/test_*; do
			[ -x "$t" ] && printf '%s\n' "$t"
		done | awk '!seen[$0]++' | xargs -r -P 3 -I '{}' sh -c 'CMOCKA_MESSAGE_OUTPUT=TAP "$1" \
			>"$2/$(basename "$1").out" 2>&1; echo $? >"$2/$(basename "$1").rc"' \
			sh '{}' "$unit"
		for t in "$BIN"/tests/test_*; do
			[ -x "$t" ] || continue
			b=${t##*/}
			echo "# unit: $b"
			sed 's/^/  /' "$unit/$b.out"
			cat "$unit/$b.out" >>"$log"
			rc=1
			[ ! -f "$unit/$b.rc" ] || read -r rc <"$unit/$b.rc"
			if [ "$rc" != 0 ] && ! grep -q '^not ok' "$unit/$b.out"; then
				echo "not ok - $b exited with status $rc" | tee -a "$log"
			fi
		done
		rm -rf "$unit"
	}
	{
		# A replay reports each input; one that crashes ends it, is named
		# "not ok" and the rest are replayed by a new process. A replay past
		# 60 s (every target's inputs replay in under a second) is stopped
		# and fails: a slow input is a bug as a crash is.
		for d in "$here"/fuzz/regressions/*/; do
			t=$(basename "$d")
			r=$BIN/fuzz/replay_$t
			set -- "$d"*
			[ -f "$1" ] || continue
			echo "# fuzz replay: $t, $# inputs"
			if [ ! -x "$r" ]; then
				echo "not ok - fuzz replay $t: $r is not built" |
					tee -a "$log"
				continue
			fi
			while [ $# -gt 0 ]; do
				out=$(timeout 60 "$r" "$@" 2>&1)
				rc=$?
				printf '%s\n' "$out" | sed 's/^/  /'
				printf '%s\n' "$out" >>"$log"
				done_n=$(printf '%s\n' "$out" | grep -c '^\(not \)\{0,1\}ok')
				[ "$done_n" -ge $# ] && break
				shift "$done_n"
				echo "not ok - fuzz replay $t $(basename "$1") exited" \
					"with status $rc" | tee -a "$log"
				shift
			done
		done
	}
}

# With both passes (tests/run.sh, make check) the unit pass runs beside
# the end-to-end pass instead of before it (about 14 s of wall time on 2
# cores, its programs waiting on git and the disk as much as on a core),
# its output held in a file and printed whole before the first end-to-end
# test's (e2e_flush waits for it), its lines counted with the rest.
unit_bg=""
case $what in
unit)
	unit_pass ;;
all)
	unit_bg=$(mktemp -d)
	(
		log=$unit_bg/log
		unit_pass >"$unit_bg/out" 2>&1
		: >"$unit_bg/done"
	) &
	unit_pid=$! ;;
esac

# unit_print: the background unit pass's output and lines, once it is done
# (nonzero while it runs); at once when there is none
unit_print() {
	[ -n "$unit_bg" ] || return 0
	[ -f "$unit_bg/done" ] || return 1
	cat "$unit_bg/out"
	[ ! -f "$unit_bg/log" ] || cat "$unit_bg/log" >>"$log"
	rm -rf "$unit_bg"
	unit_bg=""
}

if [ "$what" = all ] || [ "$what" = e2e ]; then
	# shellcheck disable=SC2086 # test numbers, one word each
	e2e_pass $picked
	if [ -n "$picked" ] && [ "$total" = 0 ]; then
		echo "not ok - no end-to-end test is named $picked" | tee -a "$log"
	fi
fi
if [ -n "$unit_bg" ]; then
	wait "$unit_pid"
	unit_print
fi
passed=$(grep -c '^ok' "$log")
failed=$(grep -c '^not ok' "$log")
[ "$failed" = 0 ] || status=1
[ "$passed" -gt 0 ] || status=1
grep '^not ok' "$log" | sed 's/^/FAILED: /'
echo "$passed passed, $failed failed"
[ -z "${interrupted:-}" ] || exit 130
exit $status
