#!/bin/sh
# pack.sh - make gpu-pack: the GPU evidence in one file for a machine that
# has a GPU, a CUDA 13 driver and little else, and accepts little
# (ARTIFACT.md, "What needs hardware we do not have").
# Usage: tests/gpu/pack.sh [FILE]   (default .gpu/pack.tar.gz, git-ignored)
# FILE holds, gzip'd in one tar:
#   bin/            make CUDA=1 HIP=0 here (nvcc here), stripped
#   shared/debs/    make gpu-debs RUNTIME=1: what runs bin/ there
#   repo.bundle     the whole history (git bundle --all of a mirror clone
#                   repacked with a deep delta window: the runs' archives
#                   delta well against each other)
# Built from the committed code only: src/ and the Makefile must match HEAD,
# since `prereg run` there refuses a binary its repository's commit did not
# build. Prints the file's size against 64 MiB; exit 1 when it is larger.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$top/.gpu/pack.tar.gz}
limit=67108864
cd "$top"
if [ -n "$(git status --porcelain -- src Makefile)" ]; then
	echo "gpu-pack: src/ or the Makefile differs from HEAD: commit first" >&2
	exit 1
fi
PATH=$PATH:/usr/local/cuda/bin
command -v nvcc >/dev/null || {
	echo "gpu-pack: nvcc not found (PATH, /usr/local/cuda/bin)" >&2
	exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
echo "gpu-pack: build with CUDA"
make -s clean >/dev/null
make -s -j "$(nproc)" CUDA=1 HIP=0 CFLAGS=-O2 NVCCFLAGS=-O2 all >"$tmp/build.log" 2>&1 || {
	cat "$tmp/build.log" >&2
	exit 1
}
mkdir -p "$tmp/s/shared"
cp -r bin "$tmp/s/bin"
strip --strip-unneeded "$tmp/s/bin"/*
echo "gpu-pack: runtime packages"
./tests/gpu/debs.sh --runtime "$tmp/s/shared/debs"
rm -f "$tmp/s/shared/debs"/*.txt "$tmp/s/shared/debs"/*.log
echo "gpu-pack: history"
git clone -q --mirror "$top" "$tmp/m"
git -C "$tmp/m" repack -a -d -f -q --depth=1000 --window=600
git -C "$tmp/m" bundle create "$tmp/s/repo.bundle" --all 2>/dev/null
mkdir -p "$(dirname "$out")"
tar -C "$tmp/s" -cf - bin shared repo.bundle | gzip -9 >"$out.tmp"
mv "$out.tmp" "$out"
size=$(wc -c <"$out")
echo "gpu-pack: $out, $size bytes of $limit (64 MiB); HEAD $(git rev-parse --short=12 HEAD)"
# the plain build back, as bin/ was before
make -s clean >/dev/null
make -s -j "$(nproc)" all >/dev/null 2>&1 || true
[ "$size" -le $limit ] || {
	echo "gpu-pack: larger than 64 MiB" >&2
	exit 1
}
