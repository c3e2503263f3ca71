#!/bin/sh
# t0065: workload command. A program prereg did not write
# (tests/mpi/pmpi_check, committed into the scratch repository, and
# programs found on PATH) runs under mpirun with the profiling library
# preloaded; its MPI calls become the run's samples, archived, committed
# and audited as a built-in workload's. The spec's [command] is checked
# at parse (exit 2); a program that is not there is refused before
# anything runs (exit 2); one that exits non-zero, hangs past its pinned
# timeout_s, or records no call fails the run cleanly (exit 1, a failed
# run in the ledger and committed, the reason named).
# prereg-test: long (it starts first: the pass would otherwise end waiting on it)
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
mkdir -p bin experiments/t-cmd
cp "$BIN/tests/mpi/pmpi_check" bin/pmpi_check
cat >experiments/t-cmd/experiment.ini <<INI
[experiment]
kind = calibration
claim = the Allreduce calls of pmpi_check, timed through PMPI
workload = command
budget_s = 60
[ranks]
group = cpu*2
[factors]
transport = vader, tcp
[schedule]
launches = 2
warmup = 1
[command]
argv = bin/pmpi_check $SCRATCH/self 4
ops = allreduce, bcast, send, recv, iallreduce
INI
git add bin experiments && git commit -q -m "t-cmd"

# ---- the spec's [command], at parse (predict reads the spec) ----
spec_err() { # DESC PATTERN: experiment t-bad holds stdin; predict refuses
	mkdir -p experiments/t-bad && cat >experiments/t-bad/experiment.ini
	expect_exit 2 "$1" "$PREREG" predict t-bad
	expect_out "naming why: $1" "$2"
}
head='[experiment]
kind = calibration
claim = x
workload = command
[ranks]
group = cpu*2'
printf '%s\n' "$head" | spec_err "command without argv" \
	"workload 'command' needs 'argv' in \[command\]"
printf '%s\n[command]\nargv = \n' "$head" | spec_err "an empty argv" \
	"t-bad/experiment.ini:8: 'argv' has no value"
printf '%s\n[command]\nargv = true\npmpi = no\n' "$head" |
	spec_err "pmpi = no without a figure" "'pmpi = no' and no fom.NAME: nothing would yield samples"
printf '%s\n[command]\nargv = true\npmpi = no\nops = bcast\nfom.t = (?<value>[0-9]+) (?<unit>s)\n' "$head" |
	spec_err "ops with pmpi = no" "'ops' and 'max_calls' are the profiling library's"
printf '%s\n[command]\nargv = true\nfom.t = (?<value>[0-9]+ (?<unit>s)\n' "$head" |
	spec_err "a pattern that does not compile" "t-bad/experiment.ini:9: fom.t: the pattern .* does not compile: missing closing parenthesis"
printf '%s\n[command]\nargv = true\nfom.t = ([0-9]+) (?<unit>s)\n' "$head" |
	spec_err "a pattern without a value group" "t-bad/experiment.ini:9: fom.t: .*value"
printf '%s\n[command]\nargv = true\nfom.t = (?<value>[0-9]+) (?<unit>s)\nfom.t = (?<value>[0-9]+) (?<unit>s)\n' "$head" |
	spec_err "a figure given twice" "t-bad/experiment.ini:10: duplicate figure 'fom.t'"
printf '%s\n[command]\nargv = true\nfom.a/b = (?<value>[0-9]+) (?<unit>s)\n' "$head" |
	spec_err "a figure's name that is no name" "'fom.a/b': a figure's name is 1 to 32"
printf '%s\n[command]\nargv = true\nops = allreduce, allgather\n' "$head" |
	spec_err "an operation the library does not time" \
	"unknown operation 'allgather' \(known: allreduce, gatherv, bcast"
printf '%s\n[command]\nargv = true\nops = bcast, bcast\n' "$head" |
	spec_err "an operation listed twice" "'ops' lists 'bcast' twice"
printf '%s\n[command]\nargv = true\ntimeout_s = 0\n' "$head" |
	spec_err "a timeout of 0" "timeout_s"
printf '%s\n[command]\nargv = true\nmax_calls = 0\n' "$head" |
	spec_err "max_calls 0" "max_calls"
printf '%s\n[schedule]\nreps = 5\n[command]\nargv = true\n' "$head" |
	spec_err "reps for a command" "'reps' is not for workload 'command'"
printf '%s\n[shape]\nrows = 5\n[command]\nargv = true\n' "$head" |
	spec_err "[shape] for a command" "\[shape\] is not for workload 'command'"
sed 's/cpu\*2/cpu-naive*2/' <<EOF | spec_err "a device group" "runs on 'cpu' ranks only, not 'cpu-naive'"
$head
[command]
argv = true
EOF
printf '%s\n[model]\nname = hockney-ring\ncalibration = t-calib\n[command]\nargv = true\n' "$head" |
	spec_err "a model" "workload 'command' takes model 'formula', 'program' or none, not 'hockney-ring'"
sed 's/workload = command/workload = pingpong/' <<EOF | spec_err "[command] with another workload" "\[command\] is for workload 'command', not 'pingpong'"
$head
[shape]
min_bytes = 8
max_bytes = 64
[command]
argv = true
EOF
printf '%s\n[command]\nargv = true\ninputs = ../x\n' "$head" |
	spec_err "an input outside the repository" "input '../x' is no relative path inside the repository"
printf '%s\n[command]\nargv = true\ninputs = /etc/passwd\n' "$head" |
	spec_err "an absolute input" "input '/etc/passwd' is no relative path"
printf '%s\n[command]\nargv = true\ninputs = a/in.txt, b/in.txt\n' "$head" |
	spec_err "two inputs of one name" "inputs 'a/in.txt' and 'b/in.txt' would both be 'in.txt'"
printf '%s\n[command]\nargv = true\noutput = out/x.txt\nfom.t = (?<value>1)(?<unit>s)\n' "$head" |
	spec_err "an output with a '/'" "'output' is a file name in the launch's directory, not 'out/x.txt'"
printf '%s\n[command]\nargv = true\noutput = x.txt\n' "$head" |
	spec_err "an output without a figure" "'output' names the file the figures of merit read, and there is no fom.NAME"
rm -rf experiments/t-bad

# ---- a run ----
"$PREREG" predict t-cmd >/dev/null 2>&1 && "$PREREG" pin t-cmd >/dev/null 2>&1
expect_exit 0 "--dry-run shows the program under the library" \
	"$PREREG" run t-cmd --dry-run
expect_out "preloaded, its record going to the launch's directory" \
	"-x LD_PRELOAD=.*/libprereg-pmpi.so -x PREREG_PMPI_OUT=PLAN.pmpi -x PREREG_PMPI_OPS=allreduce,bcast,send,recv,iallreduce .*/bin/pmpi_check $SCRATCH/self 4$"
# spy: dpkg-query through a script that logs each call (its arguments, a
# line) in $SCRATCH/dpkg.log and runs the real one
dpkg=$(command -v dpkg-query)
mkdir -p "$SCRATCH/spy"
printf '#!/bin/sh\necho "$*" >>"%s/dpkg.log"\nexec %s "$@"\n' \
	"$SCRATCH" "$dpkg" >"$SCRATCH/spy/dpkg-query"
chmod +x "$SCRATCH/spy/dpkg-query"
spy=$SCRATCH/spy:$PATH
expect_exit 0 "the program runs, 2 launches x 2 configs" \
	env PATH="$spy" "$PREREG" run t-cmd
check "a program of the work tree: no package asked for (no dpkg-query)" \
	test ! -e "$SCRATCH/dpkg.log"
expect_no_out "it says nothing of the package lookup of a program no package owns" \
	dpkg-query
run=$(ls runs/t-cmd | grep -v ledger)
dir=runs/t-cmd/$run
check "the run is complete, committed and in the ledger" sh -c \
	"grep -q '\"status\": \"complete\"' $dir/manifest.json &&
	 git ls-files --error-unmatch $dir/timings.csv.gz >/dev/null &&
	 grep -q '\"run_id\":\"$run\",\"status\":\"complete\"' runs/t-cmd/ledger.jsonl"
# pmpi_check's round (tests/mpi/pmpi_check.c) makes, per rank and round,
# Allreduces, a Bcast, Send/Recv and an Iallreduce; the library times the
# ops named, and the program timed the same calls itself (the last
# launch's own timings are in $SCRATCH/self.rank-R)
check "the samples are the calls of the ops named, keyed by op and bytes" \
	python3 -c "
import csv, gzip, json
rows = list(csv.DictReader(gzip.open('$dir/timings.csv.gz', 'rt')))
assert rows, 'no rows'
phases = {r['phase'] for r in rows}
assert phases <= {'allreduce', 'bcast', 'send', 'recv', 'iallreduce'}, phases
assert {'allreduce', 'bcast', 'iallreduce'} <= phases, phases
m = json.load(open('$dir/manifest.json'))
assert len(m['launches']) == 4
for l in m['launches']:
    rk = l['ranks']
    assert rk['workload'] == 'command' and rk['nranks'] == 2, rk
    mine = [r for r in rows if int(r['launch']) == l['launch']
            and int(r['config']) == l['config']]
    assert len(mine) == rk['samples'], (len(mine), rk['samples'])
    assert all(r['rank'] in ('0', '1') for r in mine)
    for r in mine:
        assert int(r['t_end_ns']) >= int(r['t_start_ns'])
        assert (r['warmup'] == '1') == (int(r['rep']) < 1), r
    # the argv as recorded: the repository's program by its relative path
    assert 'bin/pmpi_check' in l['argv'], l['argv']
    assert l['plan']['argv'] == ['bin/pmpi_check', '$SCRATCH/self', '4']
# every rank's Allreduce count is the program's own
for rank in (0, 1):
    own = [x.split() for x in open('$SCRATCH/self.rank-%d' % rank)]
    n_own = sum(1 for x in own if x[0] == 'allreduce')
    last = m['launches'][-1]
    n_lib = sum(1 for r in rows if r['phase'] == 'allreduce'
                and int(r['rank']) == rank
                and int(r['launch']) == last['launch']
                and int(r['config']) == last['config'])
    assert n_own == n_lib, (rank, n_own, n_lib)
    # and the library's interval of each lies inside the program's own
    # (both CLOCK_MONOTONIC of one kernel: the clock is shared)
    mine = [(int(x[2]), int(x[3])) for x in own if x[0] == 'allreduce']
    lib = sorted((int(r['rep']), int(r['t_start_ns']), int(r['t_end_ns']))
                 for r in rows if r['phase'] == 'allreduce'
                 and int(r['rank']) == rank
                 and int(r['launch']) == last['launch']
                 and int(r['config']) == last['config'])
    for (a0, a1), (_, b0, b1) in zip(mine, lib):
        assert a0 <= b0 <= b1 <= a1, (rank, a0, b0, b1, a1)
"
check "the launch records name no scratch path" sh -c \
	"! grep -q '\.work-' $dir/manifest.json"
expect_exit 0 "the audit passes the run" "$PREREG" audit t-cmd
"$PREREG" audit t-cmd --json >"$SCRATCH/audit.json"
check "its samples checked against its launches' rank reports" python3 -c "
import json
(r,) = json.load(open('$SCRATCH/audit.json'))['runs']
(c,) = [c for c in r['checks'] if c['check'] == 'schedule']
assert c['result'] == 'PASS', c
assert '4 of 4 invocations in schedule order, each one block of the calls and figures its rank report counts' in c['reason'], c
"
# one row more than the rank report counts: the audit's schedule check
# fails it (it holds the rows to the report, not to fixed reps)
python3 -c "
import gzip
p = '$dir/timings.csv.gz'
lines = gzip.open(p, 'rt').read().splitlines(True)
lines.insert(2, lines[1])
gzip.open('$SCRATCH/extra.gz', 'wt').write(''.join(lines))
"
cp "$dir/timings.csv.gz" "$SCRATCH/kept.gz"
cp "$SCRATCH/extra.gz" "$dir/timings.csv.gz"
"$PREREG" audit t-cmd --json >"$SCRATCH/audit2.json"
check "an archive row more than its launch's calls fails the schedule check" python3 -c "
import json
(r,) = json.load(open('$SCRATCH/audit2.json'))['runs']
(c,) = [c for c in r['checks'] if c['check'] == 'schedule']
assert c['result'] == 'FAIL' and 'its ranks.samples is' in c['reason'], c
"
cp "$SCRATCH/kept.gz" "$dir/timings.csv.gz"
expect_exit 0 "analyze measures it" "$PREREG" analyze t-cmd
check "the report tables the calls by op" grep -q "allreduce" \
	analysis/t-cmd/report.md

# ---- runs that fail cleanly ----
cmd_exp() { # NAME ARGV [COMMAND [SCHEDULE]]: a command experiment (more
	# lines of [command] and [schedule] given), predicted and pinned
	mkdir -p "experiments/$1"
	printf '[experiment]\nkind = calibration\nclaim = x\nworkload = command\n[ranks]\ngroup = cpu*2\n[schedule]\nlaunches = 1\n%s[command]\nargv = %s\n%s' \
		"${4:-}" "$2" "${3:-}" >"experiments/$1/experiment.ini"
	git add "experiments/$1" && git commit -q -m "$1"
	"$PREREG" predict "$1" >/dev/null 2>&1 && "$PREREG" pin "$1" >/dev/null 2>&1
}
failed_run() { # NAME: one failed run, committed, in the ledger
	_r=$(ls "runs/$1" | grep -v ledger)
	[ "$(echo "$_r" | wc -l)" = 1 ] &&
		grep -q '"status": "failed"' "runs/$1/$_r/manifest.json" &&
		grep -q "\"run_id\":\"$_r\",\"status\":\"failed\"" "runs/$1/ledger.jsonl" &&
		git ls-files --error-unmatch "runs/$1/$_r/manifest.json" >/dev/null &&
		[ -z "$(git status --porcelain runs)" ]
}
cmd_exp t-false false
expect_exit 1 "a program that exits non-zero fails the run" "$PREREG" run t-false
expect_out "naming the launch and its status" "launch 0, config 0 failed \(exit status 1\)"
check "the failed run is committed with its ledger line" failed_run t-false

cmd_exp t-hang "sleep 30" "timeout_s = 2
"
expect_exit 1 "a program that hangs past timeout_s fails the run" \
	"$PREREG" run t-hang
expect_out "saying it timed out" "launch 0, config 0 failed \(exit status [0-9-]+, timed out\)"
check "the failed run is committed with its ledger line" failed_run t-hang

cmd_exp t-quiet "echo hello"
expect_exit 1 "a program that makes no MPI call fails the run" \
	"$PREREG" run t-quiet
expect_out "saying it left no record" "launch 0, config 0: rank 0 left no record of its MPI calls"
check "the failed run is committed with its ledger line" failed_run t-quiet

cmd_exp t-none "bin/pmpi_check $SCRATCH/none 2" "ops = ibarrier
"
expect_exit 1 "a program none of whose calls are the ops named fails the run" \
	"$PREREG" run t-none
expect_out "saying so" "the program made no MPI call the profiling library times \(ops ibarrier\): no samples"
check "the failed run is committed with its ledger line" failed_run t-none

cmd_exp t-absent no-such-program-prereg
expect_exit 2 "a program not on PATH: refused before anything runs" \
	"$PREREG" run t-absent
expect_out "naming it" "\[command\] program 'no-such-program-prereg' not found on PATH"
check "nothing was created" sh -c "[ ! -e runs/t-absent ]"

cmd_exp t-abs /bin/true
expect_exit 2 "an absolute path: refused" "$PREREG" run t-abs
expect_out "naming it" "'/bin/true', an absolute path"

# ---- figures of merit from the output, without the library ----
printf '%s\n' '#!/bin/sh' \
	'# prints as an MPI program rank 0 would: two latencies and a bandwidth' \
	'[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' \
	'echo "latency: 1.5 us"' 'echo "latency: 2 us"' \
	'echo "bandwidth at 1000000 bytes: 2 GB/s"' >bin/fom.sh
chmod +x bin/fom.sh
git add bin/fom.sh && git commit -q -m fom.sh
cmd_exp t-fom bin/fom.sh "pmpi = no
fom.lat = ^latency: (?<value>[0-9.]+) (?<unit>us)\$
fom.bw = ^bandwidth at (?<size>[0-9]+) bytes: (?<value>[0-9.]+) (?<unit>GB/s)\$
" "warmup = 0
"
expect_exit 0 "--dry-run: no library" "$PREREG" run t-fom --dry-run
cp "$SCRATCH/out" "$SCRATCH/dry"
check "the launch runs the program alone" sh -c \
	"! grep -q LD_PRELOAD '$SCRATCH/dry' && grep -q ' [^ ]*/bin/fom.sh\$' '$SCRATCH/dry'"
expect_exit 0 "a run whose samples are its figures of merit" "$PREREG" run t-fom
check "one sample per match: a time as it is, a rate as size over rate" \
	python3 -c "
import csv, gzip, glob
(path,) = glob.glob('runs/t-fom/*/timings.csv.gz')
rows = [(r['phase'], r['rep'], r['warmup'], r['rank'], r['bytes'],
         r['t_start_ns'], r['t_end_ns'])
        for r in csv.DictReader(gzip.open(path, 'rt'))]
assert rows == [('fom.lat', '0', '0', '0', '0', '0', '1500'),
                ('fom.lat', '1', '0', '0', '0', '0', '2000'),
                ('fom.bw', '0', '0', '0', '1000000', '0', '500000')], rows
"
expect_exit 0 "the audit passes it" "$PREREG" audit t-fom
cmd_exp t-miss bin/fom.sh "pmpi = no
fom.x = ^never (?<value>[0-9]+) (?<unit>s)\$
"
expect_exit 1 "a figure that matches nothing fails the run" "$PREREG" run t-miss
expect_out "naming the figure and its pattern" \
	"launch 0, config 0: fom.x: the pattern '\^never .*' matches nothing"
check "the failed run is committed with its ledger line" failed_run t-miss
printf '%s\n' '#!/bin/sh' '[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' \
	'echo "time: abc us"' >bin/garbage.sh
printf '%s\n' '#!/bin/sh' '[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' \
	'seq 100001 | sed "s/.*/time: 1 us/"' >bin/much.sh
chmod +x bin/garbage.sh bin/much.sh
git add bin && git commit -q -m "garbage, much"
cmd_exp t-garbage bin/garbage.sh "pmpi = no
fom.t = ^time: (?<value>[^ ]+) (?<unit>us)\$
"
expect_exit 1 "a program that prints garbage where the figure is fails the run" \
	"$PREREG" run t-garbage
expect_out "naming the figure, the line and the value" "fom.t: line [0-9]+: the value 'abc' is no"
cmd_exp t-much bin/much.sh "pmpi = no
fom.t = ^time: (?<value>[0-9]+) (?<unit>us)\$
"
expect_exit 1 "a program that prints more matches than the bound fails the run" \
	"$PREREG" run t-much
expect_out "saying so" "fom.t: more than 100000 matches"
cmd_exp t-rate bin/fom.sh "pmpi = no
fom.r = ^bandwidth at [0-9]+ bytes: (?<value>[0-9.]+) (?<unit>GB/s)\$
"
expect_exit 1 "a rate without a size fails the run" "$PREREG" run t-rate
expect_out "saying why" "fom.r: match 1 is a rate without a size: no time"

# ---- a working directory of its own: inputs in, an output file read ----
printf '%s\n' '#!/bin/sh' \
	'# reads its input and writes its figures to a file, as hpcc does' \
	'[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' \
	'read t <params.txt && echo "time: $t ms" >result.txt && echo scratch >junk.txt' \
	>bin/files.sh
chmod +x bin/files.sh
mkdir -p data && echo 7 >data/params.txt
git add bin/files.sh data && git commit -q -m files.sh
cmd_exp t-files bin/files.sh "pmpi = no
inputs = data/params.txt
output = result.txt
fom.t = ^time: (?<value>[0-9]+) (?<unit>ms)\$
"
expect_exit 0 "inputs copied in, the figure read from the output file" \
	"$PREREG" run t-files
check "the figure is the input's value" python3 -c "
import csv, gzip, glob
(path,) = glob.glob('runs/t-files/*/timings.csv.gz')
rows = list(csv.DictReader(gzip.open(path, 'rt')))
assert [(r['phase'], r['t_end_ns']) for r in rows] == [('fom.t', '7000000')], rows
"
check "what the program wrote stayed out of the work tree" sh -c \
	"[ -z \"\$(git status --porcelain | grep -v '^?? analysis/\$')\" ] && [ ! -e result.txt ] && [ ! -e junk.txt ]"
cmd_exp t-noin bin/files.sh "pmpi = no
inputs = data/absent.txt
output = result.txt
fom.t = ^time: (?<value>[0-9]+) (?<unit>ms)\$
"
expect_exit 2 "an input that is not there: refused before anything runs" \
	"$PREREG" run t-noin
expect_out "naming it" "\[command\] input 'data/absent.txt': .*No such file"
check "nothing was created" sh -c "[ ! -e runs/t-noin ]"
ln -s params.txt data/link.txt && git add data/link.txt && git commit -qm link
cmd_exp t-link bin/files.sh "pmpi = no
inputs = data/link.txt
output = result.txt
fom.t = ^time: (?<value>[0-9]+) (?<unit>ms)\$
"
expect_exit 2 "an input that is a symbolic link: refused" "$PREREG" run t-link
expect_out "naming it" "\[command\] input 'data/link.txt': .*link"
cmd_exp t-noout bin/files.sh "pmpi = no
inputs = data/params.txt
output = other.txt
fom.t = ^time: (?<value>[0-9]+) (?<unit>ms)\$
"
expect_exit 1 "an output file the program did not write fails the run" \
	"$PREREG" run t-noout
expect_out "naming it" "cannot read the program's output 'other.txt'"

# ---- [command] version: what the program says it is ----
printf '%s\n' '#!/bin/sh' 'if [ "$1" = --version ]; then echo "ver 1.0"; echo "(c) nobody" >&2; exit 0; fi' \
	'[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 0' 'echo "time: 5 us"' >bin/ver.sh
chmod +x bin/ver.sh && git add bin/ver.sh && git commit -qm ver.sh
cmd_exp t-ver bin/ver.sh "pmpi = no
version = --version
fom.t = ^time: (?<value>[0-9]+) (?<unit>us)\$
" "warmup = 0
"
expect_exit 0 "a program with [command] version" "$PREREG" run t-ver
v1=$(ls runs/t-ver | grep -v ledger)
check "the manifest records what it printed for --version, stdout and stderr" python3 -c "
import json
c = json.load(open('runs/t-ver/$v1/manifest.json'))['workload']['command']
assert c['version'] == {'argv': ['--version'], 'status': 0,
                        'output': 'ver 1.0\n(c) nobody\n'}, c['version']
"
sed -i 's/ver 1.0/ver 2.0/' bin/ver.sh && git commit -qam "ver.sh 2.0"
"$PREREG" run t-ver >/dev/null 2>&1
v2=$(ls runs/t-ver | grep -v ledger | grep -v "^$v1$")
expect_exit 0 "compare of the runs of two versions" "$PREREG" compare "$v1" "$v2"
expect_out "warns that the version differs" "warning:\*\* program version differs \(A: ver 1.0 \.\.\.; B: ver 2.0 \.\.\.\)"
cmd_exp t-ver0 bin/ver.sh "pmpi = no
fom.t = ^time: (?<value>[0-9]+) (?<unit>us)\$
"
expect_exit 0 "a program without [command] version" "$PREREG" run t-ver0
check "records no version" sh -c "! grep -q '\"version\": {' runs/t-ver0/*/manifest.json"
# ---- the record of what ran: program, package, libraries ----
check "the manifest records the program, its SHA-256 and the libraries its ranks mapped" python3 -c "
import json, hashlib
m = json.load(open('$dir/manifest.json'))
c = m['workload']['command']
assert c['path'] == 'bin/pmpi_check', c['path']
assert c['argv'] == ['bin/pmpi_check', '$SCRATCH/self', '4'], c['argv']
sha = lambda p: hashlib.sha256(open(p, 'rb').read()).hexdigest()
assert c['sha256'] == sha('bin/pmpi_check')
assert c['package'] is None, c['package']
libs = {l['path']: l['sha256'] for l in c['libraries']}
assert any('/libmpi.so' in p for p in libs), sorted(libs)
for p, s in libs.items():
    assert s == sha(p), p
"
cmd_exp t-echo "echo time: 5 us" "pmpi = no
fom.t = ^time: (?<value>[0-9]+) (?<unit>us)\$
"
expect_exit 0 "a program on PATH" env PATH="$spy" "$PREREG" run t-echo
check "one dpkg-query -S asks for both its names on merged /usr" sh -c "
	[ \"\$(grep -c '^-S ' '$SCRATCH/dpkg.log')\" = 1 ] &&
	grep -qx -- '-S /usr/bin/echo /bin/echo' '$SCRATCH/dpkg.log' ||
	{ [ ! -L /bin ] && grep -qx -- '-S [^ ]*/echo' '$SCRATCH/dpkg.log'; }"
check "its Debian package and version are recorded" python3 -c "
import json, glob, subprocess
(p,) = glob.glob('runs/t-echo/*/manifest.json')
c = json.load(open(p))['workload']['command']
path = subprocess.check_output(['sh', '-c', 'command -v echo']).decode().strip()
assert c['path'] == '/usr/bin/echo' or c['path'] == path, c
q = subprocess.run(['dpkg-query', '-S', c['path']], capture_output=True)
if q.returncode:  # merged /usr: dpkg knows /bin/echo
    q = subprocess.run(['dpkg-query', '-S', c['path'][4:]], capture_output=True)
own = q.stdout.decode().split(':')[0]
ver = subprocess.check_output(['dpkg-query', '-W', '-f=\${Version}', own]).decode()
assert c['package'] == {'name': own, 'version': ver}, (c['package'], own, ver)
assert 'libraries' not in c and 'pmpi = no' in c['libraries_not_recorded'], c
"
# a file dpkg lists under a diversion too (dash diverts /bin/sh, and
# dpkg-query -S prints the diversion's lines first): its owner's line
# gives the package, not "diversion by dash from"
if dpkg-divert --list /bin/sh 2>/dev/null | grep -q 'by dash$'; then
	mkdir -p experiments/t-sh
	echo 'echo time: 5 us' >experiments/t-sh/job.sh
	cmd_exp t-sh "sh experiments/t-sh/job.sh" "pmpi = no
fom.t = ^time: (?<value>[0-9]+) (?<unit>us)\$
"
	"$PREREG" run t-sh >/dev/null 2>&1
	check "a diverted file's package is its owner's (sh: dash)" python3 -c "
import json, glob, subprocess
(p,) = glob.glob('runs/t-sh/*/manifest.json')
c = json.load(open(p))['workload']['command']
ver = subprocess.check_output(['dpkg-query', '-W', '-f=\${Version}', 'dash']).decode()
assert c['package'] == {'name': 'dash', 'version': ver}, (c['path'], c['package'])
"
else
	ok "# SKIP /bin/sh is not diverted by dash here"
fi
# another binary under the same pin: compare warns, the audit notes it
old=$run
cp bin/pmpi_check "$SCRATCH/pmpi_check.first"
printf '\0' >>bin/pmpi_check
git commit -qam "another pmpi_check"
"$PREREG" run t-cmd --launches 1 >/dev/null 2>&1
new=$(ls runs/t-cmd | grep -v ledger | grep -v "^$old$" | head -n 1)
expect_exit 0 "compare of the runs on two binaries" "$PREREG" compare "$old" "$new"
expect_out "warns that the program differs" "warning:\*\* program differs \(A: bin/pmpi_check sha256 [0-9a-f]{12}; B: bin/pmpi_check sha256 [0-9a-f]{12}\)"
expect_exit 0 "the audit" "$PREREG" audit t-cmd
expect_out "notes the rerun on another binary" "run $new ran another program than run $old"

expect_exit 3 "--as-original: refused" "$PREREG" repro t-cmd --as-original
expect_out "saying why, and that the program here is not the one it ran" "a program prereg did not write, which prereg cannot rebuild; the program here, bin/pmpi_check, is not the one it ran \(sha256 [0-9a-f]{12}\): a rerun would measure another binary"
cp "$SCRATCH/pmpi_check.first" bin/pmpi_check
git commit -qam "the first pmpi_check again"
expect_exit 3 "--as-original of a run whose binary is here" \
	"$PREREG" repro t-cmd --as-original "$old"
expect_out "says it is the one it ran" "the program here, bin/pmpi_check, is the one it ran .*'prereg repro' reruns it as it is"
echo "1..$n"
