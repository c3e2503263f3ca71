#!/bin/sh
# t0001: the full predict / pin / run cycle with --quick in a scratch repo
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
header=launch,config,rep,warmup,rank,host,device,phase,bytes,rows,t_start_ns,t_end_ns,energy_uj

expect_exit 0 "predict a calibration" "$PREREG" predict t-calib
check "the calibration prediction has a plan and no cells" \
	grep -q '"plan"' predictions/t-calib.json
echo "unrelated" >notes.txt
git add notes.txt
echo "changed" >>README.md
expect_exit 0 "pin the calibration" "$PREREG" pin t-calib
expect_out "pin prints the tag" 'pinned prereg/pin/t-calib/1'
check "the pin tag is annotated" \
	sh -c '[ "$(git cat-file -t prereg/pin/t-calib/1)" = tag ]'
check "the pin commit changes only the prediction (the spec was committed)" sh -c \
	'[ "$(git diff-tree --no-commit-id --name-only -r prereg/pin/t-calib/1^{commit} | tr "\n" " ")" = "predictions/t-calib.json " ]'
check "a staged unrelated file stays staged, not pinned" sh -c \
	'git status --porcelain | grep -qx "A  notes.txt"'
check "a modified unrelated file stays modified" sh -c \
	'git status --porcelain | grep -qx " M README.md"'
git commit -q -m "unrelated work"
git checkout -q README.md
expect_exit 0 "pin again is a no-op" "$PREREG" pin t-calib
expect_out "the no-op names the existing pin" 'already pinned: prereg/pin/t-calib/1'
check "no second tag" sh -c '[ "$(git tag -l "prereg/pin/t-calib/*" | wc -l)" = 1 ]'

expect_exit 0 "dry run" "$PREREG" run t-calib --quick --dry-run
expect_out "dry run prints the mpirun lines" 'mpirun -np 2 .*--mca btl self,vader'
expect_out "dry run prints tcp on loopback" 'btl_tcp_if_include lo'
check "dry run launched nothing" sh -c '[ ! -d runs ]'

expect_exit 0 "run the calibration (--quick)" "$PREREG" run t-calib --quick
run=$(ls runs/t-calib | grep -v ledger | head -n 1)
dir=runs/t-calib/$run
check "run id has the form YYYYmmddTHHMMSSZ-xxxxxx" \
	sh -c "echo '$run' | grep -qE '^[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6}$'"
check "the archive header is the DESIGN 4 columns" \
	sh -c "[ \"\$(zcat $dir/timings.csv.gz | head -n 1)\" = '$header' ]"
check "the archive's SHA-256 is in the manifest" sh -c \
	"grep -q \"\$(zcat $dir/timings.csv.gz | sha256sum | cut -c1-64)\" $dir/manifest.json"
# 2 launches x 2 configs x (1+3) reps x 10 sizes x (2 pingpong + 2 sendrecv
# + 2 reduce_local)
check "every rank's every sample, warmups included" sh -c \
	"[ \$(zcat $dir/timings.csv.gz | tail -n +2 | wc -l) = 960 ]"
check "warmups are marked" sh -c \
	"[ \$(zcat $dir/timings.csv.gz | awk -F, '\$4==1' | wc -l) = 240 ]"
check "both ranks recorded ping-pong samples" sh -c \
	"zcat $dir/timings.csv.gz | awk -F, '\$8==\"pingpong\"{print \$5}' | sort -u | tr '\n' ' ' | grep -qx '0 1 '"
check "the manifest records the MCA values in force" \
	grep -q '"btl": "self,vader"' $dir/manifest.json
check "the manifest names the pin" \
	grep -q "\"commit\": \"$(git rev-parse prereg/pin/t-calib/1^{commit})\"" $dir/manifest.json
check "the ledger has one complete line" sh -c \
	"[ \$(wc -l <runs/t-calib/ledger.jsonl) = 1 ] && grep -q '\"status\":\"complete\"' runs/t-calib/ledger.jsonl"
check "the run is committed as a descendant of the pin" \
	git merge-base --is-ancestor prereg/pin/t-calib/1 HEAD
check "HEAD's commit adds the run and the ledger" sh -c \
	"git show --name-only --format= HEAD | sort | tr '\n' ' ' | grep -qx 'runs/t-calib/$run/manifest.json runs/t-calib/$run/timings.csv.gz runs/t-calib/ledger.jsonl '"
check "the work tree is clean after the run" sh -c '[ -z "$(git status --porcelain)" ]'

expect_exit 0 "predict the validation from the calibration" "$PREREG" predict t-kv
check "the prediction names the calibration run" grep -q "\"run_id\": \"$run\"" predictions/t-kv.json
check "the prediction has allreduce cells for vader and tcp" sh -c \
	"[ \$(grep -c '\"phase\": \"allreduce\"' predictions/t-kv.json) = 2 ]"
expect_exit 0 "pin the validation" "$PREREG" pin t-kv
expect_exit 0 "run the validation (--quick, ring, checked)" "$PREREG" run t-kv --quick
kdir=runs/t-kv/$(ls runs/t-kv | grep -v ledger | head -n 1)
check "kv-split recorded compute, allreduce_small and allreduce" sh -c \
	"[ \$(zcat $kdir/timings.csv.gz | awk -F, 'NR>1{print \$8}' | sort -u | grep -cE '^(compute|allreduce|allreduce_small)\$') = 3 ]"
check "ring allreduce was forced" \
	grep -q '"coll_tuned_allreduce_algorithm": 4' $kdir/manifest.json
check "the first launch verified the result" grep -q '"ok": true' $kdir/manifest.json

expect_exit 0 "run with --no-commit" "$PREREG" run t-kv --quick --no-commit --launches 1
check "--no-commit leaves the run uncommitted" sh -c \
	'git status --porcelain | grep -q "runs/t-kv"'
check "--no-commit appended a second ledger line" sh -c \
	'[ $(wc -l <runs/t-kv/ledger.jsonl) = 2 ]'
check "the ledger chain links" sh -c \
	"[ \"\$(sed -n 2p runs/t-kv/ledger.jsonl | sed 's/.*\"prev\":\"\\([0-9a-f]*\\)\".*/\\1/')\" = \"\$(sed -n 1p runs/t-kv/ledger.jsonl | tr -d '\n' | sha256sum | cut -c1-64)\" ]"
echo "1..$n"
