#!/bin/sh
# t0007: GPU ranks on a machine without a GPU: run and repro refuse before
# anything is launched or recorded (exit 3, naming the group, the device
# and the count seen); with --force the launch fails with a clear message
# and a failed-run ledger line, never a crash or a CPU fallback; the
# launch-geometry prediction says what it could not read
. "$(dirname "$0")/../lib.sh"
new_repo "$SCRATCH/repo"
for kind in cuda hip; do
	mkdir -p experiments/t-$kind
	sed "s/group = cpu\*4/group = $kind:0*1, cpu*1/; s/^keys = 8/keys = 4/" \
		experiments/t-kv/experiment.ini |
		sed '/^\[model\]/,$d; /^\[mpi\]/,/^algorithm/d' \
			>experiments/t-$kind/experiment.ini
	git add experiments/t-$kind && git commit -q -m "t-$kind"
	"$PREREG" predict t-$kind >/dev/null && "$PREREG" pin t-$kind >/dev/null
	K=$(echo $kind | tr a-z A-Z)
	if "$BIN/prereg-rank" --devices | grep -q "\"$kind\""; then
		built=1
	else
		built=0
	fi
	head=$(git rev-parse HEAD)
	expect_exit 3 "a $K rank group where prereg-rank sees no $K device is refused" \
		"$PREREG" run t-$kind --launches 1 --reps 1 --warmup 0
	if [ $built = 1 ]; then
		expect_out "it names the group, the device and the count seen" \
			"rank group 0 \\($kind:0\\*1\\) needs $K device 0, and prereg-rank sees 0 $K devices here \\(${kind}GetDeviceCount: "
	else
		expect_out "it says the backend was not built" \
			"sees 0 $K devices here \\(prereg-rank was built without this backend\\)"
	fi
	expect_out "and how to go on" "or pass --force to launch anyway"
	check "nothing was launched, recorded or committed" sh -c \
		"[ ! -e runs/t-$kind ] && [ \$(git rev-parse HEAD) = $head ] &&
		 [ -z \"\$(git status --porcelain)\" ]"
	expect_exit 3 "repro refuses it too" \
		"$PREREG" repro t-$kind --launches 1 --reps 1 --warmup 0
	check "and records nothing either" sh -c \
		"[ ! -e runs/t-$kind ] && [ \$(git rev-parse HEAD) = $head ]"
	expect_exit 1 "with --force the $K rank is launched, and fails the run" \
		"$PREREG" run t-$kind --launches 1 --reps 1 --warmup 0 --force
	if [ $built = 1 ]; then
		expect_out "it says no $K device is visible to rank 0" \
			"no $K device visible to rank 0 \\(${kind}GetDeviceCount: "
	else
		expect_out "it says the backend was not built" \
			"built without the $K backend"
	fi
	check "the failed run has its ledger line" \
		grep -q '"status":"failed"' runs/t-$kind/ledger.jsonl
	check "and is committed" sh -c \
		"git log -1 --format=%s | grep -q 't-$kind .*(failed)'"
done
expect_exit 0 "prereg-rank --devices answers without a device" \
	"$BIN/prereg-rank" --devices
expect_out "it lists the CPU backend" '"cpu"'
expect_exit 0 "prereg env lists the devices" "$PREREG" env
expect_out "with the device count" "cuda|CUDA"
mkdir -p experiments/t-geo
cat >experiments/t-geo/experiment.ini <<'INI'
[experiment]
kind = validation
claim = steps at waves
workload = rows-sweep
[shape]
rows = 16384
rows_list = auto
keys = 8
d = 64
[ranks]
group = cuda:0*1
[launch]
threads_per_block = 64
[model]
name = launch-geometry
INI
git add experiments/t-geo && git commit -q -m "t-geo"
expect_exit 0 "launch-geometry predicts without a device" "$PREREG" predict t-geo
expect_out "and warns that it could not read the device" "no CUDA device 0 here"
check "the prediction records the device as unavailable" \
	grep -q '"available": false' predictions/t-geo.json
expect_exit 2 "pinning it refuses: no rows were placed" "$PREREG" pin t-geo
expect_out "and says where to predict" "where the device is"
check "nothing was tagged" sh -c '[ -z "$(git tag -l "prereg/pin/t-geo/*")" ]'

# The HIP backend is a library beside prereg-rank, loaded on first use: a
# runner without it still runs CPU ranks, and its HIP groups are refused
# with why the library did not load.
if [ -f "$BIN/prereg-rank-hip.so" ]; then
	mkdir "$SCRATCH/nohip" &&
		cp "$BIN/prereg" "$BIN/prereg-rank" "$SCRATCH/nohip/" || exit 1
	"$PREREG" predict t-calib >/dev/null && "$PREREG" pin t-calib >/dev/null
	expect_exit 0 "a runner without the HIP library runs CPU ranks" \
		"$SCRATCH/nohip/prereg" run t-calib --launches 1 --reps 1 \
		--warmup 0
	expect_exit 3 "and refuses a HIP rank group" \
		"$SCRATCH/nohip/prereg" run t-hip --launches 1 --reps 1 --warmup 0
	expect_out "saying why the HIP library did not load" \
		"sees 0 HIP devices here \\(cannot load $SCRATCH/nohip/prereg-rank-hip.so: "
	expect_exit 1 "with --force its HIP rank fails the run" \
		"$SCRATCH/nohip/prereg" run t-hip --launches 1 --reps 1 \
		--warmup 0 --force
	expect_out "saying the same" \
		"HIP backend did not load \\(cannot load $SCRATCH/nohip/prereg-rank-hip.so: "
else
	echo "ok $((n + 1)) # SKIP the HIP backend is not built"
	n=$((n + 1))
fi
echo "1..$n"
