#!/bin/sh
# debs.sh - make gpu-debs: download the Debian 12 packages that
# tests/gpu/evidence.sh unpacks on a GPU machine with nothing installed
# (the build, Open MPI, the libraries prereg links, gnuplot, git) and the
# dependencies of these that a base system lacks.
# Usage: tests/gpu/debs.sh [--runtime] [DIR]
#   DIR        default shared/debs (git-ignored)
#   --runtime  only what runs a bin/ built elsewhere (make CUDA=1 here,
#              then BIN=bin on the GPU machine): no compiler, no -dev
#              package, not libxml2 with libicu72 (10 MB that only
#              hwloc's XML plugin loads; hwloc reads XML without it), not
#              perl, git's manual or ssh (git's C commands, which prereg
#              and evidence.sh use, need none of them), not procps, nor
#              fontconfig's programs and fonts (gnuplot's SVG names its
#              fonts, it reads none), nor libx11-data (X's locale data: no
#              display there) and libtinfo6 (on every Debian and Ubuntu
#              under that soname). About 37 MB
#              against 146 MB: what fits the 64 MiB a call to a GPU
#              machine may carry, beside a bundle of the history.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
runtime=0
[ "${1:-}" != --runtime ] || { runtime=1; shift; }
dir=${1:-$top/shared/debs}
# The explicit list: what `make CUDA=1 HIP=0` and a run, analysis and audit
# need. The host compiler is also nvcc's (g++ for the .cu file).
LIST="make gcc g++ libc6-dev pkg-config git
openmpi-bin libopenmpi-dev libgit2-dev zlib1g-dev libssl-dev
libcurl4-openssl-dev libjansson-dev libinih-dev libpcre2-dev libmatheval-dev
libhwloc-dev
gnuplot-nox openssl gzip procps"
RUNTIME_LIST="git openmpi-bin libopenmpi3 libgit2-1.5 zlib1g libssl3
libcurl4 libjansson4 libinih1 libpcre2-8-0 libmatheval1 libhwloc15
gnuplot-nox gzip"
RUNTIME_DROP="libxml2 libicu72 perl perl-modules-5.36 libperl5.36 git-man
openssh-client libfido2-1 libcbor0.8 libedit2 liberror-perl libgdbm6
libgdbm-compat4 procps libproc2-0 fontconfig fonts-dejavu-core
libx11-data libtinfo6"
[ $runtime = 0 ] || LIST=$RUNTIME_LIST
# Base packages of Debian 12 that other distributions ship under another
# soname: carried anyway (Ubuntu 24.04 has libunistring.so.5, while
# Debian's libidn2 and libpsl that libcurl loads need libunistring.so.2).
KEEP="libunistring2"
# A base system: Debian's Priority required packages and apt with what it
# needs (debootstrap's minbase); these are on every Debian-like machine.
# Every package the list needs, through the first alternative of each
# dependency only (apt's own choice; --recurse alone would follow every
# alternative: every Fortran compiler for libopenmpi-dev's gfortran).
deps() {
	# shellcheck disable=SC2086 # the lists are words
	apt-cache depends --recurse --no-recommends --no-suggests \
		--no-conflicts --no-breaks --no-replaces --no-enhances $1 |
		awk -v roots="$1" '
		/^[^ ]/ { pkg = $1; alt = 0; virt = 0; next }
		/^    / { if (virt) { dep[pkg] = dep[pkg] " " $1; virt = 0 }
			  next }
		{ bar = ($1 ~ /^\|/); t = $2
		  if (alt) { alt = bar; next }   # later alternatives
		  alt = bar
		  if (t ~ /^</) { virt = 1; next } # first provider below
		  dep[pkg] = dep[pkg] " " t }
		END {
			n = split(roots, q, /[ \n]+/)
			for (i = 1; i <= n; i++) if (q[i] != "") seen[q[i]] = 1
			for (i = 1; i <= n; i++) {
				if (q[i] == "") continue
				m = split(dep[q[i]], d, " ")
				for (j = 1; j <= m; j++)
					if (!(d[j] in seen)) { seen[d[j]] = 1; q[++n] = d[j] }
			}
			for (p in seen) print p
		}' | grep -v ':i386$' | sort -u
}
priority() { # PACKAGE PRIORITY lines for the candidates of $1
	# shellcheck disable=SC2086
	apt-cache show --no-all-versions $1 2>/dev/null |
		awk '/^Package:/ {p = $2} /^Priority:/ {print p, $2}' | sort -u
}
all=$(deps "$LIST")
base=$( {
	priority "$all" | awk '$2 == "required" {print $1}'
	deps apt
} | sort -u)
base=$(printf '%s\n' "$base" | grep -vxF "$KEEP")
want=$(printf '%s\n' "$all" | grep -vxF "$base")
if [ $runtime = 1 ]; then
	# shellcheck disable=SC2086 # the list is words
	want=$(printf '%s\n' "$want" | grep -vxF "$(printf '%s\n' $RUNTIME_DROP)")
fi
mkdir -p "$dir"
cd "$dir"
rm -f ./*.deb
# shellcheck disable=SC2086
apt-get download $want >download.log 2>&1 || {
	cat download.log >&2
	echo "gpu-debs: apt-get download failed" >&2
	exit 1
}
printf '%s\n' "$want" >packages.txt
printf '%s\n' "$LIST" | tr ' ' '\n' | grep . >explicit.txt
printf '%s\n' "$base" >base-left-out.txt
n=$(printf '%s\n' "$want" | wc -l)
size=$(du -sh . | cut -f1)
echo "gpu-debs: $n packages, $size in $dir (explicit: explicit.txt," \
	"all: packages.txt, left out as base: base-left-out.txt)"
