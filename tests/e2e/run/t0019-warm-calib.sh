#!/bin/sh
# t0019: prereg-rank's calibration workloads, run directly: the warm
# pingpong (blocks of inner round trips, the sendrecv ring on every rank,
# reduce_local), pingpong-cold, allreduce on every rank, and kv-split
# with sync "barrier"; PREFIX.json's clock and sync fields. Structure
# only, never timing values.
. "$(dirname "$0")/../lib.sh"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cd "$SCRATCH" || exit 1

# plan NAME WORKLOAD NRANKS EXTRA: a plan in $SCRATCH/NAME.json, out NAME
plan() {
	cat >"$SCRATCH/$1.json" <<JSON
{"experiment": "t", "workload": "$2", "launch": 0, "config": 0,
 "seed": "3", "reps": 2, "warmup": 1, "sizes": [8, 1000, 65536],
 "groups": [{"device": "cpu", "count": $3}], "out": "$SCRATCH/$1"$4}
JSON
}

rank() {
	mpirun -n "$1" --mca pml ob1 --mca btl self,vader \
		"$BIN/prereg-rank" "$SCRATCH/$2.json"
}

# awk over NAME.csv: prints "bad ..." lines for what is wrong
csv_ok() {
	awk -F, "$2" "$SCRATCH/$1.csv" >"$SCRATCH/awk.out" &&
		[ -s "$SCRATCH/$1.csv" ] && ! grep -q . "$SCRATCH/awk.out"
}

plan warm pingpong 3 ""
expect_exit 0 "warm pingpong, automatic inner, 3 ranks" rank 3 warm
check "warm: pingpong blocks on ranks 0 and 1 only, rows in [1, 1000]" \
	csv_ok warm '$8 == "pingpong" && ($5 > 1 || $10 < 1 || $10 > 1000) { print "bad", $0 }'
# 3 reps (1 warmup) x 3 sizes: pingpong on 2 ranks, sendrecv and
# reduce_local on 3
for ph in pingpong:18 sendrecv:27 reduce_local:27; do
	check "warm: ${ph%:*} has ${ph#*:} samples" sh -c \
		"[ \$(awk -F, '\$8 == \"${ph%:*}\"' $SCRATCH/warm.csv | wc -l) = ${ph#*:} ]"
done
check "warm: sendrecv samples on every rank for every size" sh -c \
	"[ \$(awk -F, '\$8 == \"sendrecv\" { print \$5, \$9 }' $SCRATCH/warm.csv | sort -u | wc -l) = 9 ]"
check "warm: ranks 0 and 1 agree on each pingpong block's inner" sh -c \
	"[ \$(awk -F, '\$8 == \"pingpong\" { print \$3, \$9, \$10 }' $SCRATCH/warm.csv | sort -u | wc -l) = 9 ]"
check "warm: every rank has one sendrecv inner per rep and size" sh -c \
	"[ \$(awk -F, '\$8 == \"sendrecv\" { print \$3, \$9, \$10 }' $SCRATCH/warm.csv | sort -u | wc -l) = 9 ]"
check "warm: rows >= 1 on every warm sample" \
	csv_ok warm '$10 < 1 { print "bad", $0 }'

plan fixed pingpong 2 ', "inner": 7'
expect_exit 0 "warm pingpong, inner 7" rank 2 fixed
check "fixed: every sample's rows is 7" csv_ok fixed '$10 != 7 { print "bad", $0 }'
check "fixed: the three phases" sh -c \
	"[ \"\$(cut -d, -f8 $SCRATCH/fixed.csv | sort -u | tr '\n' ' ')\" = 'pingpong reduce_local sendrecv ' ]"
check "fixed: PREFIX.json records inner 7 and sync none" python3 -c "
import json; d = json.load(open('$SCRATCH/fixed.json'))
assert d['inner'] == 7 and d['sync'] == 'none', d
assert d['size_order'] and sorted(d['size_order']) == [8, 1000, 65536]"

plan cold pingpong-cold 2 ""
expect_exit 0 "pingpong-cold" rank 2 cold
check "cold: pingpong and reduce_local only, rows 0" \
	csv_ok cold '($8 != "pingpong" && $8 != "reduce_local") || $10 != 0 { print "bad", $0 }'
check "cold: 3 reps x 3 sizes x 2 ranks x 2 phases" sh -c \
	"[ \$(wc -l <$SCRATCH/cold.csv) = 36 ]"

plan ar allreduce 3 ""
expect_exit 0 "allreduce, 3 ranks" rank 3 ar
check "allreduce: phase allreduce only, rows 0" \
	csv_ok ar '$8 != "allreduce" || $10 != 0 { print "bad", $0 }'
check "allreduce: every rank, every size, every rep" sh -c \
	"[ \$(awk -F, '{ print \$3, \$5, \$9 }' $SCRATCH/ar.csv | sort -u | wc -l) = 27 ]"
check "allreduce: each rank visits the sizes in size_order" python3 -c "
import csv, json
d = json.load(open('$SCRATCH/ar.json'))
rows = list(csv.reader(open('$SCRATCH/ar.csv')))
for rep in '012':
    for r in '012':
        got = [int(x[8]) for x in rows if x[2] == rep and x[4] == r]
        assert got == d['size_order'], (rep, r, got, d['size_order'])"
check "allreduce: the check passed and is recorded" python3 -c "
import json; v = json.load(open('$SCRATCH/ar.json'))['verify']
assert v['done'] and v['ok'] and v['max_rel_err'] == 0, v"
check "clocks: one kernel, so every rank's clock is shared" python3 -c "
import json; d = json.load(open('$SCRATCH/ar.json'))
for r in d['ranks']:
    assert r['clock'] == 'shared' and r['clock_uncertainty_ns'] == 0, r
    assert r['clock_offset_ns'] == 0 and 'clock_min_rtt_ns' in r, r
    assert r['mpi_yield_when_idle'] in (True, False, None), r
    assert r['affinity'], r"

cat >"$SCRATCH/kv.json" <<JSON
{"experiment": "t", "workload": "kv-split", "launch": 0, "config": 0,
 "seed": "3", "reps": 2, "warmup": 0, "rows": 4, "keys": 8, "d": 4,
 "groups": [{"device": "cpu", "count": 2}], "verify": true,
 "sync": "barrier", "out": "$SCRATCH/kv"}
JSON
expect_exit 0 "kv-split with sync barrier" rank 2 kv
check "kv-split: sync barrier recorded, verified" python3 -c "
import json; d = json.load(open('$SCRATCH/kv.json'))
assert d['sync'] == 'barrier' and d['verify']['ok'], d"
check "kv-split: both allreduce phases on both ranks" sh -c \
	"[ \$(awk -F, '\$8 ~ /^allreduce/ { print \$5, \$8 }' $SCRATCH/kv.csv | sort -u | wc -l) = 4 ]"

# interleave: after each rep, a ring step and a reduction of each
# Allreduce's segment (ceil(n / p) floats), on every rank
cat >"$SCRATCH/kvi.json" <<JSON
{"experiment": "t", "workload": "kv-split", "launch": 0, "config": 0,
 "seed": "3", "reps": 2, "warmup": 1, "rows": 4, "keys": 8, "d": 4,
 "groups": [{"device": "cpu", "count": 2}], "verify": true,
 "interleave": "primitives", "out": "$SCRATCH/kvi"}
JSON
expect_exit 0 "kv-split with interleaved primitives" rank 2 kvi
check "kv-split: the primitives of both segments, every rep and rank" sh -c \
	"[ \"\$(awk -F, '\$8 == \"sendrecv\" || \$8 == \"reduce_local\" { print \$5, \$8, \$9, \$10 }' $SCRATCH/kvi.csv | sort | uniq -c | awk '{ print \$1 }' | sort -u)\" = 3 ]"
check "kv-split: segments of 8 and 40 bytes (4 and 4 x 5 floats over 2)" sh -c \
	"[ \"\$(awk -F, '\$8 == \"sendrecv\" { print \$9 }' $SCRATCH/kvi.csv | sort -un | tr '\\n' ' ')\" = '8 40 ' ]"
check "kv-split: the primitives leave the result verified" python3 -c "
import json; d = json.load(open('$SCRATCH/kvi.json'))
assert d['verify']['ok'], d"

# allreduce with interleaved primitives: after each checked Allreduce,
# at its segment and at its whole message (once when equal), one-shot
# (rows 1): pingpong on ranks 0 and 1, sendrecv, reduce_local and copy on
# every rank; the Allreduces still verify
plan ari allreduce 3 ', "interleave": "primitives"'
expect_exit 0 "allreduce with interleaved primitives, 3 ranks" rank 3 ari
check "ari: the Allreduces verified" python3 -c "
import json; d = json.load(open('$SCRATCH/ari.json'))
assert d['verify']['ok'], d"
# 3 reps x 3 ranks x (8 B: 2 floats, a segment of 1 float, 4 B; 1000 B:
# 250 floats over 3 = 83, 332 B; 65536 B: 16384 floats, 5461, 21844 B)
check "ari: each primitive at 4, 8, 332, 1000, 21844 and 65536 bytes" sh -c \
	"[ \"\$(awk -F, '\$8 == \"copy\" { print \$9 }' $SCRATCH/ari.csv | sort -un | tr '\\n' ' ')\" = '4 8 332 1000 21844 65536 ' ]"
for ph in pingpong:36 sendrecv:54 reduce_local:54 copy:54 allreduce:27; do
	check "ari: ${ph%:*} has ${ph#*:} samples" sh -c \
		"[ \$(awk -F, '\$8 == \"${ph%:*}\"' $SCRATCH/ari.csv | wc -l) = ${ph#*:} ]"
done
check "ari: pingpong on ranks 0 and 1 only, every primitive one-shot" \
	csv_ok ari '($8 == "pingpong" && $5 > 1) || ($8 != "allreduce" && $10 != 1) { print "bad", $0 }'

plan bad allreduce 1 ""
expect_exit 2 "allreduce on one rank is refused" rank 1 bad
expect_out "with the rule's words" "allreduce needs 2 ranks or more"
echo "1..$n"
