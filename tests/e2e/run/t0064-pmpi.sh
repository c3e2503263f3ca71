#!/bin/sh
# t0064: the profiling library (bin/libprereg-pmpi.so) preloaded into an
# MPI program that knows nothing of prereg (tests/mpi/pmpi_check, which
# times each of its own calls): every call of the timed operations is in
# the record of its rank, with its communicator's size, its bytes (a
# Recv's as received), its position among the collectives of its
# communicator (the same operation at each position on every rank), and
# an interval inside the program's own; non-blocking calls are timed in
# their wait; rank-R.json names the files the rank ran (program first). PREREG_PMPI_OPS chooses, PREREG_PMPI_MAX_CALLS bounds (the
# rest counted as dropped), a bad setting is refused in rank-R.json, and
# without PREREG_PMPI_OUT nothing is recorded; the library exports only
# MPI_ functions. Under prereg-rank (prereg run with the library
# preloaded), each Allreduce prereg-rank timed holds the library's record
# of it.
. "$(dirname "$0")/../lib.sh"
lib=$BIN/libprereg-pmpi.so
prog=$BIN/tests/mpi/pmpi_check
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cd "$SCRATCH" || exit 1

# pmpi DIR NRANKS ROUNDS [VAR=VALUE...]: the program under the library,
# its record in DIR
pmpi() {
	_d=$1 _np=$2 _rounds=$3
	shift 3
	mkdir -p "$_d"
	_x=""
	for _v; do _x="$_x -x $_v"; done
	# shellcheck disable=SC2086 # the -x options, one word each
	timeout 120 mpirun -np "$_np" -x LD_PRELOAD="$lib" -x PREREG_PMPI_OUT="$_d" $_x \
		"$prog" "$_d/prog" "$_rounds"
}

check "the library exports only MPI_ functions" sh -c \
	"nm -D --defined-only '$lib' | awk '{ print \$3 }' | grep -v '^MPI_' | grep -q . && exit 1; nm -D --defined-only '$lib' | grep -q ' MPI_Allreduce\$'"

expect_exit 0 "an unmodified program runs under the library (3 ranks)" \
	pmpi "$SCRATCH/all" 3 4
check "each rank wrote its calls and its record" sh -c \
	"for r in 0 1 2; do [ -f all/rank-\$r.csv ] && [ -f all/rank-\$r.json ] || exit 1; done; ! ls all/.*.tmp 2>/dev/null"
check "every call, its bytes, position and interval" python3 - <<'PY'
import csv, json
calls = {}
for r in range(3):
    meta = json.load(open('all/rank-%d.json' % r))
    rows = list(csv.DictReader(open('all/rank-%d.csv' % r)))
    assert meta['rank'] == r and meta['nranks'] == 3, meta
    assert meta['calls'] == len(rows) and meta['dropped'] == 0, meta
    assert meta['clock_shared'] is True and meta['clock_offset_ns'] == 0
    # the files it ran: the program first, libmpi, the library itself
    f = meta['files']
    assert f[0].endswith('/tests/mpi/pmpi_check'), f[:3]
    assert any('/libmpi.so' in x for x in f), f
    assert any(x.endswith('/libprereg-pmpi.so') for x in f), f
    assert len(f) == len(set(f)), f
    prog = [l.split() for l in open('all/prog.rank-%d' % r)]
    # the program's lines and the record's rows in the same order: each
    # row's op is the line's (the dup's barrier is comm 1), its bytes the
    # line's and its interval inside the line's
    assert len(prog) == len(rows), (r, len(prog), len(rows))
    for p, row in zip(prog, rows):
        op = 'barrier' if p[0] == 'barrier-dup' else p[0]
        assert row['op'] == op, (r, p, row)
        assert int(row['comm']) == (1 if p[0] == 'barrier-dup' else 0)
        assert int(row['comm_size']) == 3 and int(row['rank']) == r
        assert int(row['bytes']) == int(p[1]), (r, p, row)
        t0, t1 = int(p[2]), int(p[3])
        s, e = int(row['t_start_ns']), int(row['t_end_ns'])
        assert t0 <= s <= e <= t1, (r, p, row)
    seq = {}
    for row in rows:
        c = int(row['call'])
        if row['op'] in ('sendrecv', 'send', 'recv', 'isend', 'irecv'):
            assert c == -1, row
        else:
            seq.setdefault(row['comm'], []).append((c, row['op']))
    # positions count 0, 1, 2... per communicator
    for comm, s in seq.items():
        assert [c for c, _ in s] == list(range(len(s))), (r, comm, s)
    calls[r] = seq
    want = {'allreduce': 8, 'bcast': 4, 'reduce': 4, 'gatherv': 4,
            'barrier': 8, 'sendrecv': 4, 'iallreduce': 4, 'irecv': 4,
            'isend': 4}
    if r == 0:
        want['send'] = 4
    if r == 1:
        want['recv'] = 4
    got = {}
    for row in rows:
        got[row['op']] = got.get(row['op'], 0) + 1
    assert got == want, (r, got)
# the same operation at each position on every rank
assert calls[0] == calls[1] == calls[2], calls
PY

expect_exit 0 "PREREG_PMPI_OPS=allreduce,iallreduce times those alone" \
	pmpi "$SCRATCH/some" 2 3 PREREG_PMPI_OPS=allreduce,iallreduce
check "only Allreduce and its non-blocking form are in the record" sh -c \
	"[ \"\$(cut -d, -f2 some/rank-0.csv | sort -u | tr '\n' ' ')\" = 'allreduce iallreduce op ' ] && [ \$(grep -c ',allreduce,' some/rank-1.csv) = 6 ] && grep -q '\"ops\": \[\"allreduce\", \"iallreduce\"\]' some/rank-0.json"

expect_exit 0 "PREREG_PMPI_MAX_CALLS=5 bounds the record" \
	pmpi "$SCRATCH/few" 2 3 PREREG_PMPI_MAX_CALLS=5
check "5 calls recorded, the rest counted as dropped" sh -c \
	"[ \$(wc -l <few/rank-0.csv) = 6 ] && grep -q '\"calls\": 5, \"dropped\": 31,' few/rank-0.json"

expect_exit 0 "an unknown operation: the program still runs" \
	pmpi "$SCRATCH/bad" 2 1 PREREG_PMPI_OPS=allreduce,allgather
expect_out "each rank says why it records nothing" \
	"prereg-pmpi: rank 1: PREREG_PMPI_OPS names no operation 'allgather': no call is recorded"
check "and writes it as its record" sh -c \
	"grep -q '\"error\": \"PREREG_PMPI_OPS names no operation' bad/rank-0.json && [ ! -e bad/rank-0.csv ]"
expect_exit 0 "a bound that is no count: refused" \
	pmpi "$SCRATCH/bad2" 2 1 PREREG_PMPI_MAX_CALLS=5x
expect_out "naming it" "PREREG_PMPI_MAX_CALLS '5x' is not a count from 1 to 100000000"

# prereg-rank under the library: each Allreduce prereg times (its
# archive's rows) holds the library's record of that very call
new_repo "$SCRATCH/repo"
mkdir -p experiments/t-ar
cat >experiments/t-ar/experiment.ini <<'INI'
[experiment]
kind = calibration
claim = MPI_Allreduce times per size, for the profiling library's test
workload = allreduce
budget_s = 60
[shape]
sizes = 8, 4096, 262144
[ranks]
group = cpu*2
[factors]
transport = vader
[schedule]
launches = 1
reps = 4
warmup = 1
INI
git add experiments && git commit -q -m t-ar
"$PREREG" predict t-ar >/dev/null 2>&1 && "$PREREG" pin t-ar >/dev/null 2>&1
mkdir -p "$SCRATCH/rank"
# (a sanitizer build's prereg and prereg-rank want ASan's runtime first
# among the libraries; the library, built without it, comes first here)
expect_exit 0 "prereg runs with the library preloaded" \
	env LD_PRELOAD="$lib" PREREG_PMPI_OUT="$SCRATCH/rank" \
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
	"$PREREG" run t-ar
run=$(ls runs/t-ar | grep -v ledger)
check "every Allreduce prereg-rank timed is inside its own timing, on each rank" \
	python3 - "runs/t-ar/$run/timings.csv.gz" "$SCRATCH/rank" <<'PY'
import csv, gzip, sys
arch = [r for r in csv.DictReader(gzip.open(sys.argv[1], 'rt'))
        if r['phase'] == 'allreduce']
assert len(arch) == 2 * 3 * 5, len(arch)  # ranks x sizes x (reps + warmup)
for rank in (0, 1):
    pm = [r for r in csv.DictReader(open('%s/rank-%d.csv' % (sys.argv[2], rank)))
          if r['op'] == 'allreduce']
    mine = [r for r in arch if int(r['rank']) == rank]
    for a in mine:
        s, e = int(a['t_start_ns']), int(a['t_end_ns'])
        inside = [p for p in pm if int(p['bytes']) == int(a['bytes'])
                  and s <= int(p['t_start_ns']) <= int(p['t_end_ns']) <= e]
        assert len(inside) == 1, (rank, a, len(inside))
PY

# threads that may call MPI at once would race on the record: refused
mkdir -p "$SCRATCH/mt"
timeout 120 mpirun -np 2 -x LD_PRELOAD="$lib" -x PREREG_PMPI_OUT="$SCRATCH/mt" \
	"$prog" "$SCRATCH/mt/prog" 1 multiple >"$SCRATCH/mt.out" 2>&1
if grep -q "^provided multiple$" "$SCRATCH/mt.out"; then
	check "MPI_THREAD_MULTIPLE provided: each rank refuses to record, says so, in its rank-R.json" sh -c \
		"grep -q 'prereg-pmpi: rank 1: MPI_THREAD_MULTIPLE: calls from several threads at once are not recorded' '$SCRATCH/mt.out' && grep -q '\"error\": \"MPI_THREAD_MULTIPLE' '$SCRATCH/mt/rank-1.json' && [ ! -e '$SCRATCH/mt/rank-1.csv' ]"
else
	# an MPI that provides less than asked: the library records
	check "MPI_THREAD_MULTIPLE asked, less provided: the library records" \
		sh -c "grep -q '^provided less$' '$SCRATCH/mt.out' && [ -f '$SCRATCH/mt/rank-1.csv' ]"
fi

mkdir -p "$SCRATCH/none"
expect_exit 0 "without PREREG_PMPI_OUT the program runs unrecorded" \
	timeout 120 mpirun -np 2 -x LD_PRELOAD="$lib" "$prog" "$SCRATCH/none/prog" 1
expect_out "rank 0 says so" "^prereg-pmpi: PREREG_PMPI_OUT is not set: no call is recorded$"
cp "$SCRATCH/out" "$SCRATCH/none.out"
check "once, and nothing is written" sh -c \
	"[ \$(grep -c PREREG_PMPI_OUT '$SCRATCH/none.out') = 1 ] && [ \$(ls '$SCRATCH/none' | grep -vc '^prog') = 0 ]"
# ranks that disagree: an MPMD launch whose environment gives
# PREREG_PMPI_OUT to one program only. The recording ranks meet in
# collectives, so they once waited forever for the other; now every rank
# agrees first, and none records
mkdir -p "$SCRATCH/half"
expect_exit 0 "PREREG_PMPI_OUT on one program of two: the program ends" \
	timeout 60 mpirun \
	-np 1 env LD_PRELOAD="$lib" PREREG_PMPI_OUT="$SCRATCH/half" \
	"$prog" "$SCRATCH/half/prog" 2 : \
	-np 1 env LD_PRELOAD="$lib" "$prog" "$SCRATCH/half/prog" 2
expect_out "the rank that has it says no rank records, and why" \
	"^prereg-pmpi: rank 0: 1 of 2 ranks can record \(1 have PREREG_PMPI_OUT\): no call is recorded on any rank$"
expect_out "the rank without it says so too" \
	"^prereg-pmpi: rank 1: PREREG_PMPI_OUT is not set here but on 1 of 2 ranks"
check "rank 0's rank-0.json holds the reason, and no call was written" sh -c \
	"grep -q '\"error\": \"1 of 2 ranks can record' '$SCRATCH/half/rank-0.json' && [ ! -e '$SCRATCH/half/rank-0.csv' ]"
# two clocks on one kernel: rank 1 in a time namespace 1000 s ahead (the
# environment given per program of the MPMD launch: mpirun's -x reaches
# the first one only)
if unshare --time --monotonic 1 --fork true 2>/dev/null; then
	mkdir -p "$SCRATCH/tns"
	expect_exit 0 "rank 1 in a time namespace of its own" \
		timeout 120 mpirun \
		-np 1 env LD_PRELOAD="$lib" PREREG_PMPI_OUT="$SCRATCH/tns" \
		"$prog" "$SCRATCH/tns/prog" 2 : \
		-np 1 unshare --time --monotonic 1000 --fork \
		env LD_PRELOAD="$lib" PREREG_PMPI_OUT="$SCRATCH/tns" \
		"$prog" "$SCRATCH/tns/prog" 2
	check "its clock is not shared, 1000 s ahead within half the round trip" \
		python3 -c "
import json
m = json.load(open('$SCRATCH/tns/rank-1.json'))
assert m['clock_shared'] is False, m
err = abs(m['clock_offset_ns'] - 1000 * 10**9)
assert err <= m['clock_min_rtt_ns'] / 2 + 1, (err, m['clock_min_rtt_ns'])
"
fi
echo "1..$n"
