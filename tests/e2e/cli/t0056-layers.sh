#!/bin/sh
# t0056: tests/layers.sh, the check that the stages only look down
# (STYLE.md): an include of a higher stage's header fails it, naming the
# file, the line and the header; an include of the same or a lower stage
# passes; a folder in no stage fails; a source file of 801 lines fails
# and one of 800 passes; the project's own tree passes.
. "$(dirname "$0")/../lib.sh"
LAYERS="$TOP/tests/layers.sh"
tree="$SCRATCH/tree"
mkdir -p "$tree/src/base" "$tree/src/format" "$tree/src/cli"
printf '#include "base/util.h"\n' >"$tree/src/base/util.c"
printf '#include "base/util.h"\n#include "format/spec.h"\n' \
	>"$tree/src/format/spec.c"
printf '#include "format/spec.h"\n#include "base/util.h"\n' \
	>"$tree/src/cli/main.c"

expect_exit 0 "includes of the same and lower stages pass" \
	env LAYERS_ROOT="$tree" sh "$LAYERS"
expect_out "and it says so" '^ok - every include looks down the stages'

# one stage up: format/ includes a header of predict/
printf '#include "predict/models.h"\n' >>"$tree/src/format/spec.c"
expect_exit 1 "format/ including predict/ fails" \
	env LAYERS_ROOT="$tree" sh "$LAYERS"
expect_cmp "the failure names the file, the line and the header" \
	"not ok - src/format/spec.c:3 includes predict/models.h: predict/ is above format/
ok - no source file over 800 lines"

# the lowest stage including the highest, with a space after the '#'
sed -i '$d' "$tree/src/format/spec.c"
printf '# include "cli/cmd.h"\n' >>"$tree/src/base/util.c"
expect_exit 1 "base/ including cli/ fails" \
	env LAYERS_ROOT="$tree" sh "$LAYERS"
expect_out "naming it" 'src/base/util.c:2 includes cli/cmd.h: cli/ is above base/'

# a folder of src/ in no stage
sed -i '$d' "$tree/src/base/util.c"
mkdir -p "$tree/src/extra"
printf '#include "base/util.h"\n' >"$tree/src/extra/x.c"
expect_exit 1 "a folder in no stage fails" \
	env LAYERS_ROOT="$tree" sh "$LAYERS"
expect_out "naming the folder" 'src/extra is in no stage'
rm -r "$tree/src/extra"
expect_exit 0 "the tree passes again" \
	env LAYERS_ROOT="$tree" sh "$LAYERS"

# rooms of one concept: 800 lines pass, 801 fail, naming the file
awk 'BEGIN { for (i = 1; i < 800; i++) print "/* " i " */" }' \
	>>"$tree/src/base/util.c"
expect_exit 0 "a file of exactly 800 lines passes" \
	env LAYERS_ROOT="$tree" sh "$LAYERS"
expect_out "and it says so" '^ok - no source file over 800 lines$'
echo '/* 801 */' >>"$tree/src/base/util.c"
expect_exit 1 "a file of 801 lines fails" \
	env LAYERS_ROOT="$tree" sh "$LAYERS"
expect_out "naming the file and its lines" \
	'^not ok - src/base/util.c has 801 lines: over 800'
expect_out "the includes are still judged" \
	'^ok - every include looks down the stages'
sed -i '2,$d' "$tree/src/base/util.c"

expect_exit 0 "the project's own tree looks down" sh "$LAYERS"
sh "$LAYERS" --edges >"$SCRATCH/out" 2>&1
expect_out "--edges lists the folders' edges with their counts" \
	'^cli -> base +[0-9]+$'
