#!/bin/sh
# t0060: plots a person can read: every SVG of an analysis (an overlay
# of a calibration's two runs among them) renders to a
# PNG (rsvg-convert) that is not blank and no larger than 1200 x 2400 px;
# no plot has more than 12 titled series: a run with more groups than
# that plots each launch's median over each group's own median, one
# series per (config, phase), while one with 12 or fewer plots every
# group; the measured-vs-predicted plot's axis reaches past every band
# and interval
. "$(dirname "$0")/../lib.sh"
fixture validated "$SCRATCH/repo"
if ! command -v rsvg-convert >/dev/null 2>&1; then
	not_ok "rsvg-convert is installed (make deps: librsvg2-bin)"
	echo "1..$n"
	exit 1
fi
expect_exit 0 "analyze t-kv" "$PREREG" analyze t-kv
# a second run of t-calib (a calibration: no cell) for its overlay
expect_exit 0 "a second run of t-calib" \
	"$PREREG" run t-calib --launches 1 --reps 1
expect_exit 0 "analyze t-calib" "$PREREG" analyze t-calib
check "t-calib, without cells, has an overlay of its groups" sh -c \
	"ls analysis/t-calib/*-overlay.svg &&
	 grep -q 'every run per group' analysis/t-calib/report.md"

for svg in analysis/t-kv/*.svg analysis/t-calib/*.svg; do
	png="$SCRATCH/$(basename "$svg" .svg).png"
	check "$svg renders, not blank, at most 1200 x 2400 px" sh -c \
		"rsvg-convert -o '$png' '$svg' && python3 - '$png'" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n", "no PNG"
w, h, depth, ctype = struct.unpack(">IIBB", d[16:26])
assert 100 <= w <= 1200 and 100 <= h <= 2400, (w, h)
i, idat = 8, b""
while i < len(d):
    n, = struct.unpack(">I", d[i:i + 4])
    if d[i + 4:i + 8] == b"IDAT":
        idat += d[i + 8:i + 8 + n]
    i += 12 + n
raw = zlib.decompress(idat)
bpp = {2: 3, 6: 4}[ctype] * depth // 8
stride = w * bpp
colors, prev = set(), bytearray(stride)
for y in range(h):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b = prev[x]
        c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if y % 7 == 0:
        colors.update(bytes(line[k:k + bpp]) for k in range(0, stride, bpp * 3))
    prev = line
assert len(colors) >= 4, "blank: %d colors" % len(colors)
PY
done
check "no plot has more than 12 titled series" sh -c \
	'for gp in analysis/t-kv/*.gp analysis/t-calib/*.gp; do
		k=$(grep -o "title '"'"'[^'"'"']*'"'"'" "$gp" | grep -vc "^title '"'"'t-")
		[ "$k" -le 12 ] || { echo "$gp: $k"; exit 1; }
	done'
calib=$(ls analysis/t-calib/*-launches.gp | head -n 1)
check "t-calib (more than 12 groups): relative, per (config, phase)" sh -c \
	"grep -q 'set ylabel \"launch median / group median\"' '$calib' &&
	 grep -q \"title '0 vader/spread pingpong'\" '$calib'"
kv=$(ls analysis/t-kv/*-launches.gp | head -n 1)
check "t-kv (12 groups or fewer): every group, in time" sh -c \
	"grep -q 'set ylabel \"median of the launch' '$kv'"
pred=$(ls analysis/t-kv/*-predicted.gp | head -n 1)
dat=${pred%.gp}.dat
check "the predicted plot's axis reaches past every band and interval" python3 - "$pred" "$dat" <<'PY'
import re, sys
gp, dat = open(sys.argv[1]).read(), open(sys.argv[2]).read().splitlines()
m = re.search(r"set xrange \[([0-9.e+-]+):([0-9.e+-]+)\]", gp)
assert m, "no xrange"
lo, hi = float(m.group(1)), float(m.group(2))
vals = [float(v) for l in dat[1:] for v in l.split()[1:7] if v != "NaN"]
assert vals and lo < min(v for v in vals if v > 0) and hi > max(vals), (lo, hi)
PY
echo "1..$n"
