#!/bin/sh
# t0017: no space left on device. On a small tmpfs holding the repository:
# with too little free space the run refuses before launching, says "no
# space left on device" with the path, and changes nothing; when the disk
# fills during the run, the completed launches are kept and 'prereg
# recover' records them once there is space again
. "$(dirname "$0")/../lib.sh"
fs=$SCRATCH/fs
mkdir -p "$fs"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=6m tmpfs "$fs" 2>/dev/null; then
	echo "ok 1 # SKIP cannot mount a tmpfs here (needs root and mount rights)"
	echo "1..1"
	exit 0
fi
trap 'cd /; umount "$fs" 2>/dev/null; rm -rf "$SCRATCH"' EXIT
fixture pinned "$fs/repo"
head0=$(git rev-parse HEAD)

# leave KIB KiB free on the tmpfs (a filler file takes the rest)
leave_free() {
	rm -f "$fs/fill"
	dd if=/dev/zero of="$fs/fill" bs=4096 2>/dev/null
	size=$(stat -c %s "$fs/fill")
	truncate -s $((size - $1 * 1024)) "$fs/fill"
}

for kib in 0 24 200; do
	leave_free $kib
	expect_exit 1 "with $kib KiB free the run refuses before launching" \
		"$PREREG" run t-calib --quick
	expect_out "it says no space left on device, with the path" \
		"cannot run 't-calib': no space left on device: '$fs/repo/runs' has [0-9]+ KiB free, the run needs about [0-9]+ KiB"
	check "with $kib KiB free nothing changed" sh -c \
		"[ ! -e runs/t-calib ] && [ \$(git rev-parse HEAD) = $head0 ] && [ -z \"\$(git status --porcelain)\" ]"
done

# the disk fills while the run runs
rm -f "$fs/fill"
"$PREREG" run t-calib --launches 3 >"$SCRATCH/full.out" 2>&1 &
pid=$!
wait_for 'runs/t-calib/*/launch-0000.json'
dd if=/dev/zero of="$fs/fill" bs=4096 2>/dev/null
wait $pid
rc=$?
if [ $rc = 1 ]; then ok "a run that runs out of space exits 1"; else
	not_ok "disk full: exit $rc"; sed 's/^/#   /' "$SCRATCH/full.out"; fi
check "it says no space left on device" grep -qi "no space left on device" "$SCRATCH/full.out"
check "and that the launches done are kept for prereg recover" grep -q \
	"launches done are kept in runs/t-calib/.*'prereg recover t-calib' records them" "$SCRATCH/full.out"
dir=runs/t-calib/$(ls runs/t-calib | grep -v ledger)
kept=$(ls $dir | grep -c '^launch-.*\.csv$')
rows=$(cat $dir/launch-*.csv | wc -l)
check "the completed launches are kept" sh -c "[ $kept -ge 1 ] && [ $rows -gt 0 ]"
check "HEAD did not move, nothing is staged" sh -c \
	"[ \$(git rev-parse HEAD) = $head0 ] && git diff --cached --quiet"
rm -f "$fs/fill"
expect_exit 0 "with space again, prereg recover records the run" "$PREREG" recover t-calib
check "every sample of the kept launches is archived" sh -c \
	"[ \$(zcat $dir/timings.csv.gz | tail -n +2 | wc -l) = $rows ]"
check "the work tree is clean" sh -c "[ -z \"\$(git status --porcelain)\" ]"
expect_exit 0 "the audit passes" "$PREREG" audit t-calib
expect_out "the recovered run is anchored" "^1 runs: 1 anchored"
echo "1..$n"
