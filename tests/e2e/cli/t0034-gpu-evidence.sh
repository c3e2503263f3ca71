#!/bin/sh
# t0034: tests/gpu/evidence.sh on a machine without a GPU: the steps
# before the device check work (no .deb unpacked with --system or without
# a .deb folder; the built tree of BIN), the device check fails with exit
# 4 and "no CUDA device: ", and nothing was predicted, pinned or committed
# in the repository it worked in (a scratch clone of this one)
. "$(dirname "$0")/../lib.sh"
top=$TOP
script=$top/tests/gpu/evidence.sh
git clone -q "$top" "$SCRATCH/repo" || exit 1
cd "$SCRATCH/repo" || exit 1
head0=$(git rev-parse HEAD)
tags0=$(git tag -l | sort)
state() { # what must not change: HEAD, the tags, the tracked files
	echo "$(git rev-parse HEAD) $(git tag -l | sort | tr '\n' ' ')"
	git status --porcelain --untracked-files=no
}
state0=$(state)
if "$BIN/prereg" env 2>/dev/null | awk '$1 == "cuda" && $2 > 0' | grep -q .; then
	echo "ok 1 # SKIP a CUDA device is here: the script would run for real"
	exit 0
fi

export BIN
OUT=$SCRATCH/out expect_exit 4 "--system: the device check fails, exit 4" \
	sh "$script" -C "$SCRATCH/repo" --system
expect_out "it says no CUDA device and why" \
	'^evidence: no CUDA device: prereg-rank: .+; nvidia-smi -L: .+'
expect_out "the unpack step was skipped, and says why" \
	'unpack .* skipped \(--system'
expect_out "the tools step passed" '^evidence: tools .* ok$'
expect_out "the build was skipped for BIN" 'build .* skipped \(BIN='
expect_out "each step printed its time and budget" \
	'^evidence: device +[0-9]+ s of +20 s, +[0-9]+ s in all'
if grep -q 'calib-gpu-rows\|launch-geometry\|mps start' "$SCRATCH/out"; then
	not_ok "no step after the device check ran"
else
	ok "no step after the device check ran"
fi
if [ "$(state)" = "$state0" ] && [ "$(git rev-parse HEAD)" = "$head0" ] &&
	[ "$(git tag -l | sort)" = "$tags0" ]; then
	ok "nothing was committed, pinned or changed in the repository"
else
	not_ok "the repository changed"
	state | sed 's/^/#   /'
fi
check "no prediction was written or changed" \
	test -z "$(git status --porcelain --untracked-files=all -- predictions)"

expect_exit 4 "without a .deb folder the same, unpack skipped" \
	sh "$script" -C "$SCRATCH/repo" --debs "$SCRATCH/no-debs"
expect_out "saying no .deb was found" 'skipped \(no \.deb in .*no-debs'
expect_exit 2 "an unknown option is a usage error" sh "$script" --bogus
expect_exit 2 "so is a launch count that is no number" \
	sh "$script" --launches x
mkdir -p "$SCRATCH/plain"
expect_exit 2 "a folder that is no git repository is refused" \
	sh "$script" -C "$SCRATCH/plain" --system
expect_out "naming it" 'is not a git repository'
echo "1..$n"
