/* test_spec.c - unit tests of src/format/spec.c */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "format/spec.h"
#include "base/util.h"
#include "helpers/scratch.h"

/* A valid ping-pong spec: lines 1-4, 5-7, 8-9; appended text is line 10. */
#define EXPERIMENT                                                             \
	"[experiment]\n"                                                       \
	"kind = validation\n"                                                  \
	"claim = c\n"                                                          \
	"workload = pingpong\n"
#define SHAPE                                                                  \
	"[shape]\n"                                                            \
	"min_bytes = 8\n"                                                      \
	"max_bytes = 64\n"
#define RANKS                                                                  \
	"[ranks]\n"                                                            \
	"group = cpu*2\n"
#define VALID EXPERIMENT SHAPE RANKS

/* The scratch directory of this run (group setup and teardown). */
static char *scratch;

/* stderr of one call, captured through the file stderr of the scratch
 * directory on fd 2, with prereg's error routine installed meanwhile. */
struct capture {
	char *path;
	int fd, saved;
};

static void capture_begin(struct capture *c)
{
	c->path = pr_asprintf("%s/stderr", scratch);
	c->fd = open(c->path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(c->fd >= 0);
	fflush(stderr);
	c->saved = dup(2);
	dup2(c->fd, 2);
	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
}

static char *capture_end(struct capture *c)
{
	char *text = NULL;

	pr_set_error_routine((pr_error_routine){NULL, NULL});
	fflush(stderr);
	dup2(c->saved, 2);
	close(c->saved);
	close(c->fd);
	assert_int_equal(pr_read_file(&text, NULL, c->path, PR_READ_MAX),
			 PR_OK);
	assert_int_equal(unlink(c->path), 0);
	free(c->path);
	return text;
}

/* Parse text as t.ini of experiment "t"; *err gets what went to stderr. */
static int parse(pr_spec **out, char **err, const char *text)
{
	struct capture c;
	int error;

	capture_begin(&c);
	error = pr_spec_parse(out, text, "t.ini", "t");
	*err = capture_end(&c);
	return error;
}

static pr_spec *parse_ok(const char *text)
{
	pr_spec *spec = NULL;
	char *err = NULL;

	if (parse(&spec, &err, text) != PR_OK)
		fail_msg("unexpected error: %s", err);
	assert_string_equal(err, "");
	free(err);
	assert_non_null(spec);
	return spec;
}

/* The parse fails with PR_EINPUT and exactly this one message. */
static void parse_fails(const char *text, const char *message)
{
	pr_spec *spec = (pr_spec *)1;
	char *err = NULL, *want = pr_asprintf("prereg: %s\n", message);

	assert_int_equal(parse(&spec, &err, text), PR_EINPUT);
	assert_null(spec);
	assert_string_equal(err, want);
	free(want);
	free(err);
}

static void test_full_spec(void **state)
{
	pr_spec *spec = parse_ok(
	    "; the example of DESIGN.md 4\n"
	    "[experiment]\n"
	    "kind = validation           ; or calibration\n"
	    "claim = ring Allreduce of the kv-split partial output takes "
	    "the Hockney time\n"
	    "workload = kv-split         ; pingpong | kv-split\n"
	    "budget_s = 120.5\n"
	    "edition = 2                 ; the newest defaults\n"
	    "[shape]                     ; attention\n"
	    "rows = 8192\n"
	    "keys = 64\n"
	    "d = 256\n"
	    "[ranks]\n"
	    "group = cpu*3, cpu*1\n"
	    "[factors]\n"
	    "transport = vader, tcp\n"
	    "placement = spread, packed\n"
	    "[schedule]\n"
	    "launches = 7\n"
	    "reps = 30\n"
	    "warmup = 0\n"
	    "[mpi]\n"
	    "algorithm = ring\n"
	    "[model]\n"
	    "name = hockney-ring\n"
	    "calibration = calib-pingpong\n"
	    "tolerance = 0.2\n");

	(void)state;
	assert_string_equal(spec->name, "t");
	assert_string_equal(spec->path, "t.ini");
	assert_int_equal(spec->kind, PR_KIND_VALIDATION);
	assert_string_equal(spec->claim, "ring Allreduce of the kv-split "
					 "partial output takes the Hockney "
					 "time");
	assert_string_equal(spec->workload, "kv-split");
	assert_true(spec->budget_s == 120.5);
	assert_int_equal(spec->edition, 2);
	assert_true(spec->interleave && spec->interleave_by_edition);
	assert_int_equal(spec->rows, 8192);
	assert_int_equal(spec->keys, 64);
	assert_int_equal(spec->d, 256);
	assert_int_equal(spec->nsizes, 0);
	assert_int_equal(spec->ngroups, 2);
	assert_string_equal(spec->groups[0].device, "cpu");
	assert_int_equal(spec->groups[0].count, 3);
	assert_string_equal(spec->groups[1].device, "cpu");
	assert_int_equal(spec->groups[1].count, 1);
	assert_int_equal(spec->nranks, 4);
	assert_int_equal(spec->ntransports, 2);
	assert_string_equal(spec->transports[0], "vader");
	assert_string_equal(spec->transports[1], "tcp");
	assert_int_equal(spec->nplacements, 2);
	assert_string_equal(spec->placements[0], "spread");
	assert_string_equal(spec->placements[1], "packed");
	assert_int_equal(spec->launches, 7);
	assert_int_equal(spec->reps, 30);
	assert_int_equal(spec->warmup, 0);
	assert_int_equal(spec->nalgorithms, 1);
	assert_string_equal(spec->algorithms[0], "ring");
	assert_string_equal(spec->model, "hockney-ring");
	assert_string_equal(spec->calibration, "calib-pingpong");
	assert_true(spec->tolerance == 0.2);

	/* configs are transport-major */
	assert_int_equal(pr_spec_nconfigs(spec), 4);
	assert_string_equal(pr_spec_transport(spec, 0), "vader");
	assert_string_equal(pr_spec_placement(spec, 0), "spread");
	assert_string_equal(pr_spec_transport(spec, 1), "vader");
	assert_string_equal(pr_spec_placement(spec, 1), "packed");
	assert_string_equal(pr_spec_transport(spec, 2), "tcp");
	assert_string_equal(pr_spec_placement(spec, 2), "spread");
	assert_string_equal(pr_spec_transport(spec, 3), "tcp");
	assert_string_equal(pr_spec_placement(spec, 3), "packed");
	assert_null(pr_spec_transport(spec, 4));
	assert_null(pr_spec_placement(spec, -1));
	pr_spec_free(spec);
}

static void test_pingpong_sizes(void **state)
{
	pr_spec *spec = parse_ok(EXPERIMENT RANKS "[shape]\n"
						  "min_bytes = 8\n"
						  "max_bytes = 8388608\n"
						  "factor = 4\n");
	int i;

	(void)state;
	assert_int_equal(spec->nsizes, 11);
	assert_int_equal(spec->sizes[0], 8);
	for (i = 1; i < spec->nsizes; i++)
		assert_int_equal(spec->sizes[i], spec->sizes[i - 1] * 4);
	assert_int_equal(spec->sizes[10], 8388608);
	pr_spec_free(spec);

	/* factor 2 by default; max_bytes need not be on the grid */
	spec = parse_ok(EXPERIMENT RANKS "[shape]\n"
					 "min_bytes = 1\n"
					 "max_bytes = 1000\n");
	assert_int_equal(spec->nsizes, 10);
	assert_int_equal(spec->sizes[9], 512);
	pr_spec_free(spec);

	/* the largest grid allowed */
	spec = parse_ok(EXPERIMENT RANKS "[shape]\n"
					 "min_bytes = 1\n"
					 "max_bytes = 1073741824\n");
	assert_int_equal(spec->nsizes, 31);
	pr_spec_free(spec);
}

/* algorithm and sync are lists: the grid is transport x placement x
 * algorithm x sync, transport-major, the last factor fastest. */
static void test_mpi_factors(void **state)
{
	pr_spec *spec = parse_ok(VALID "[factors]\ntransport = vader, tcp\n"
				       "[mpi]\nalgorithm = ring, reduce_bcast, "
				       "default\nsync = none, barrier\n");

	(void)state;
	assert_int_equal(pr_spec_nconfigs(spec), 12);
	assert_string_equal(pr_spec_transport(spec, 0), "vader");
	assert_string_equal(pr_spec_algorithm(spec, 0), "ring");
	assert_string_equal(pr_spec_sync(spec, 0), "none");
	assert_string_equal(pr_spec_sync(spec, 1), "barrier");
	assert_string_equal(pr_spec_algorithm(spec, 1), "ring");
	assert_string_equal(pr_spec_algorithm(spec, 2), "reduce_bcast");
	assert_string_equal(pr_spec_algorithm(spec, 5), "default");
	assert_string_equal(pr_spec_transport(spec, 5), "vader");
	assert_string_equal(pr_spec_transport(spec, 6), "tcp");
	assert_string_equal(pr_spec_algorithm(spec, 6), "ring");
	assert_string_equal(pr_spec_sync(spec, 11), "barrier");
	assert_null(pr_spec_sync(spec, 12));
	assert_null(pr_spec_algorithm(spec, -1));
	pr_spec_free(spec);
	parse_fails(VALID "[mpi]\nsync = fence\n",
		    "t.ini:11: unknown sync 'fence' (known: none, barrier)");
	parse_fails(VALID "[mpi]\nalgorithm = ring, ring\n",
		    "t.ini:11: 'algorithm' lists 'ring' twice");
}

/* An arrival spec: lines 1-4, 5-6, 7-8; appended text is line 9. */
#define ARRIVAL                                                                \
	"[experiment]\n"                                                       \
	"kind = validation\n"                                                  \
	"claim = c\n"                                                          \
	"workload = arrival\n"                                                 \
	"[shape]\n"                                                            \
	"sizes = 64, 1024\n"                                                   \
	"[ranks]\n"                                                            \
	"group = cpu*4\n"

/* The patterns are the innermost factor: c = ... * N + n; the label and
 * the defaults follow. */
static void test_arrival_grid(void **state)
{
	pr_spec *spec =
	    parse_ok(ARRIVAL "[mpi]\nalgorithm = ring, pap\n"
			     "[arrival]\npattern = none, one-late, "
			     "uniform, linear\ndelay_us = 1500.5\n");
	char *label;

	(void)state;
	assert_int_equal(pr_spec_nconfigs(spec), 8);
	assert_int_equal(spec->npatterns, 4);
	assert_string_equal(pr_spec_pattern(spec, 0), "none");
	assert_string_equal(pr_spec_pattern(spec, 1), "one-late");
	assert_string_equal(pr_spec_pattern(spec, 3), "linear");
	assert_string_equal(pr_spec_pattern(spec, 4), "none");
	assert_string_equal(pr_spec_algorithm(spec, 3), "ring");
	assert_string_equal(pr_spec_algorithm(spec, 4), "pap");
	assert_null(pr_spec_pattern(spec, 8));
	assert_null(pr_spec_pattern(spec, -1));
	assert_true(spec->delay_us == 1500.5);
	assert_int_equal(spec->late_rank, 3); /* the last rank */
	assert_null(spec->replay_run);
	label = pr_spec_config_label(spec, 6);
	assert_string_equal(label, "default, spread, pap, pattern uniform");
	free(label);
	pr_spec_free(spec);

	/* without [arrival]: one pattern, none, and the older grid */
	spec = parse_ok(ARRIVAL "[factors]\ntransport = vader, tcp\n");
	assert_int_equal(pr_spec_nconfigs(spec), 2);
	assert_string_equal(pr_spec_pattern(spec, 1), "none");
	assert_string_equal(pr_spec_transport(spec, 1), "tcp");
	label = pr_spec_config_label(spec, 1);
	assert_string_equal(label, "tcp, spread");
	free(label);
	pr_spec_free(spec);

	/* with a launch factor, the pattern is still the innermost */
	spec = parse_ok(ARRIVAL "[factors]\nlaunch = a, b\n[launch.a]\n"
				"rows_per_block = 2\n[launch.b]\n"
				"rows_per_block = 3\n[arrival]\n"
				"pattern = none, uniform\ndelay_us = 10\n");
	assert_int_equal(pr_spec_nconfigs(spec), 4);
	assert_string_equal(pr_spec_launch_name(spec, 1), "a");
	assert_string_equal(pr_spec_pattern(spec, 1), "uniform");
	assert_string_equal(pr_spec_launch_name(spec, 2), "b");
	assert_int_equal(pr_spec_launch(spec, 3)->rows_per_block, 3);
	assert_string_equal(pr_spec_pattern(spec, 2), "none");
	pr_spec_free(spec);
}

/* Each rule of [arrival], both sides. */
static void test_arrival_rules(void **state)
{
	pr_spec *spec;

	(void)state;
	spec = parse_ok(ARRIVAL "[arrival]\npattern = one-late\n"
				"delay_us = 2000\nlate_rank = 0\n");
	assert_int_equal(spec->late_rank, 0);
	pr_spec_free(spec);
	spec =
	    parse_ok(ARRIVAL "[arrival]\npattern = none, replay\n"
			     "replay = split-gatherv "
			     "20250101T000000Z-abcdef\nreplay_scale = 2.5\n");
	assert_string_equal(spec->replay_experiment, "split-gatherv");
	assert_string_equal(spec->replay_run, "20250101T000000Z-abcdef");
	assert_true(spec->replay_scale == 2.5);
	assert_true(spec->delay_us == 0);
	pr_spec_free(spec);

	parse_fails(ARRIVAL "[arrival]\npattern = uniform\n",
		    "t.ini:10: patterns one-late, uniform and linear need "
		    "'delay_us' in [arrival]");
	parse_fails(ARRIVAL "[arrival]\npattern = none\ndelay_us = 5\n",
		    "t.ini:11: 'delay_us' is for patterns one-late, uniform "
		    "and linear, which 'pattern' does not list");
	parse_fails(ARRIVAL "[arrival]\npattern = uniform\ndelay_us = 0\n",
		    "t.ini:11: 'delay_us' must be a number of microseconds in "
		    "(0, 1e7], not '0'");
	parse_fails(ARRIVAL "[arrival]\npattern = one-late\ndelay_us = 5\n"
			    "late_rank = 4\n",
		    "t.ini:12: 'late_rank' (4) must be a rank, 0 to 3");
	parse_fails(ARRIVAL "[arrival]\npattern = one-late\ndelay_us = 5\n"
			    "late_rank = -1\n",
		    "t.ini:12: 'late_rank' must be between 0 and 1023, not "
		    "'-1'");
	parse_fails(ARRIVAL "[arrival]\npattern = uniform\ndelay_us = 5\n"
			    "late_rank = 1\n",
		    "t.ini:12: 'late_rank' is for pattern 'one-late', which "
		    "'pattern' does not list");
	parse_fails(ARRIVAL "[arrival]\npattern = replay\n",
		    "t.ini:10: pattern 'replay' needs 'replay = EXPERIMENT "
		    "RUNID' in [arrival]: the committed run it replays");
	parse_fails(ARRIVAL "[arrival]\npattern = replay\n"
			    "replay = split-gatherv\n",
		    "t.ini:11: 'replay' must be 'EXPERIMENT RUNID' (an "
		    "experiment name and one of its run ids), not "
		    "'split-gatherv'");
	parse_fails(ARRIVAL "[arrival]\npattern = replay\nreplay = t x1\n",
		    "t.ini:11: 'replay' names this experiment: a replayed run "
		    "is another experiment's");
	parse_fails(ARRIVAL "[arrival]\npattern = none\nreplay = a b\n",
		    "t.ini:11: 'replay' is for pattern 'replay', which "
		    "'pattern' does not list");
	parse_fails(ARRIVAL "[arrival]\npattern = none, early\n",
		    "t.ini:10: unknown pattern 'early' (known: none, "
		    "one-late, uniform, linear, replay)");
	parse_fails(ARRIVAL "[arrival]\npattern = none, none\n",
		    "t.ini:10: 'pattern' lists 'none' twice");
	parse_fails(ARRIVAL "[arrival]\nlate = 1\n",
		    "t.ini:10: unknown key 'late' in [arrival] (known: "
		    "pattern, delay_us, late_rank, replay, replay_scale)");
	/* [arrival] and pap belong to arrival and dp-step */
	parse_fails(VALID "[arrival]\npattern = none\n",
		    "t.ini:11: [arrival] is for workloads 'arrival' and "
		    "'dp-step', not 'pingpong'");
	parse_fails(VALID "[mpi]\nalgorithm = pap\n",
		    "t.ini:11: algorithm 'pap' (prereg's own Allreduce) is for "
		    "workloads 'arrival' and 'dp-step', not 'pingpong'");
	parse_fails(ARRIVAL "[dp]\ncompute = pattern\n",
		    "t.ini:10: [dp] is for workload 'dp-step', not 'arrival'");
}

/* A dp-step spec: lines 1-4, 5-8, 9-10; appended text is line 11. */
#define DP_STEP                                                                \
	"[experiment]\n"                                                       \
	"kind = validation\n"                                                  \
	"claim = c\n"                                                          \
	"workload = dp-step\n"                                                 \
	"[shape]\n"                                                            \
	"sizes = 4194304\n"                                                    \
	"keys = 64\n"                                                          \
	"d = 64\n"                                                             \
	"[ranks]\n"                                                            \
	"group = cpu*3, cpu-naive*1\n"

static void test_dp_step(void **state)
{
	pr_spec *spec = parse_ok(DP_STEP "[dp]\nrows = 100, 100, 100, 300\n"
					 "[mpi]\nalgorithm = default, pap\n");

	(void)state;
	assert_int_equal(spec->ndp_rows, 4);
	assert_int_equal(spec->dp_rows[3], 300);
	assert_false(spec->dp_compute_pattern);
	assert_int_equal(pr_spec_nconfigs(spec), 2);
	assert_string_equal(pr_spec_pattern(spec, 1), "none");
	pr_spec_free(spec);
	spec = parse_ok(DP_STEP "[dp]\ncompute = pattern\n[arrival]\n"
				"pattern = linear\ndelay_us = 3000\n");
	assert_true(spec->dp_compute_pattern);
	assert_int_equal(spec->ndp_rows, 0);
	pr_spec_free(spec);

	parse_fails(DP_STEP,
		    "t.ini:4: workload 'dp-step' needs 'rows' in [dp] (one row "
		    "count per rank) or 'compute = pattern'");
	parse_fails(DP_STEP "[dp]\nrows = 100, 100, 100\n",
		    "t.ini:12: 'rows' has 3 entries for 4 ranks (give one per "
		    "rank)");
	parse_fails(DP_STEP "[dp]\nrows = 100, 100, 0, 1\n",
		    "t.ini:12: 'rows' must be between 1 and 16777216, not "
		    "'0'");
	parse_fails(DP_STEP "[dp]\ncompute = pattern\n",
		    "t.ini:12: 'compute = pattern' needs 'pattern' in "
		    "[arrival]");
	parse_fails(DP_STEP "[dp]\ncompute = pattern\nrows = 1, 1, 1, 1\n"
			    "[arrival]\npattern = none\n",
		    "t.ini:13: 'rows' is for 'compute = rows', not 'compute = "
		    "pattern'");
	parse_fails(DP_STEP "[dp]\nrows = 1, 1, 1, 1\n[arrival]\n"
			    "pattern = uniform\ndelay_us = 3\n",
		    "t.ini:14: 'pattern' is for 'compute = pattern' in [dp]: "
		    "with 'compute = rows' the kernel's time makes the "
		    "arrivals");
	parse_fails(DP_STEP "[dp]\ncompute = sleep\n",
		    "t.ini:12: unknown compute 'sleep' (known: rows, pattern)");
}

/* sizes add exact sizes to the geometric ones: sorted, each once. */
static void test_extra_sizes(void **state)
{
	pr_spec *spec = parse_ok(EXPERIMENT RANKS "[shape]\n"
						  "min_bytes = 8\n"
						  "max_bytes = 64\n"
						  "sizes = 24, 16, 100\n");

	(void)state;
	assert_int_equal(spec->nsizes, 6); /* 8 16 24 32 64 100 */
	assert_int_equal(spec->sizes[0], 8);
	assert_int_equal(spec->sizes[2], 24);
	assert_int_equal(spec->sizes[5], 100);
	pr_spec_free(spec);
	/* sizes alone are enough for a ping-pong */
	spec = parse_ok(EXPERIMENT RANKS "[shape]\nsizes = 4096\n");
	assert_int_equal(spec->nsizes, 1);
	pr_spec_free(spec);
	parse_fails(EXPERIMENT RANKS "[shape]\nsizes = 8, 8\n",
		    "t.ini:8: 'sizes' lists 8 twice");
	parse_fails(EXPERIMENT RANKS "[shape]\nsizes = 0\n",
		    "t.ini:8: 'sizes' must be between 1 and 1073741824, not "
		    "'0'");
}

static void test_calibration_keys(void **state)
{
	pr_spec *spec = parse_ok(
	    VALID "[experiment]\nsharing = tested\n[shape]\ninner = 0\n"
		  "[model]\nband = calibration\npilot_cv = allreduce:0.05, "
		  "allreduce_small : 0.3\n");

	(void)state;
	assert_true(spec->sharing_tested);
	assert_string_equal(spec->band, "calibration");
	assert_int_equal(spec->npilot, 2);
	assert_true(pr_spec_pilot_cv(spec, "allreduce") == 0.05);
	assert_true(pr_spec_pilot_cv(spec, "allreduce_small") == 0.3);
	assert_true(pr_spec_pilot_cv(spec, "gatherv") == 0.0);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[shape]\ninner = 100000\n");
	assert_int_equal(spec->inner, 100000);
	pr_spec_free(spec);
	parse_fails(VALID "[shape]\ninner = 100001\n",
		    "t.ini:11: 'inner' must be between 0 and 100000, not "
		    "'100001'");
	parse_fails(VALID "[shape]\ninner = -1\n",
		    "t.ini:11: 'inner' must be between 0 and 100000, not "
		    "'-1'");
	parse_fails(VALID "[experiment]\nsharing = maybe\n",
		    "t.ini:11: unknown sharing 'maybe' (known: untested, "
		    "tested)");
	spec = parse_ok(VALID "[analysis]\nbusy = exclude\n");
	assert_true(spec->busy_exclude);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[analysis]\nbusy = flag\n");
	assert_false(spec->busy_exclude);
	pr_spec_free(spec);
	spec = parse_ok(VALID);
	assert_false(spec->busy_exclude);
	pr_spec_free(spec);
	parse_fails(VALID "[analysis]\nbusy = drop\n",
		    "t.ini:11: unknown busy 'drop' (known: flag, exclude)");
	parse_fails(VALID "[model]\nband = wide\n",
		    "t.ini:11: unknown band 'wide' (known: tolerance, "
		    "calibration)");
	parse_fails(VALID "[model]\npilot_cv = allreduce\n",
		    "t.ini:11: 'pilot_cv' entry 'allreduce' must be PHASE:CV, "
		    "e.g. 'allreduce:0.05'");
	parse_fails(VALID "[model]\npilot_cv = allreduce:0\n",
		    "t.ini:11: 'pilot_cv' must be a number in (0, 10], not "
		    "'0'");
	parse_fails(VALID "[model]\npilot_cv = a:0.1, a:0.2\n",
		    "t.ini:11: 'pilot_cv' lists phase 'a' twice");
}

/* [analysis] reproduce_tolerance: both sides of every edge. */
static void test_reproduce_tolerance(void **state)
{
	pr_spec *spec = parse_ok(VALID);

	(void)state;
	assert_true(spec->tol.cls[PR_CLASS_COMPUTE] == 0.05);
	assert_true(spec->tol.cls[PR_CLASS_COMM] == 0.5);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[analysis]\nreproduce_tolerance = comm : 2, "
			      "compute:0.01\n");
	assert_true(spec->tol.cls[PR_CLASS_COMPUTE] == 0.01);
	assert_true(spec->tol.cls[PR_CLASS_COMM] == 2);
	pr_spec_free(spec);
	/* one class given: the other keeps its default */
	spec = parse_ok(VALID "[analysis]\nreproduce_tolerance = comm:1\n");
	assert_true(spec->tol.cls[PR_CLASS_COMPUTE] == 0.05);
	assert_true(spec->tol.cls[PR_CLASS_COMM] == 1);
	pr_spec_free(spec);
	/* the edges: just above 0 and exactly 10 hold, 0 and above 10 not */
	spec = parse_ok(VALID "[analysis]\nreproduce_tolerance = "
			      "compute:1e-9, comm:10\n");
	assert_true(spec->tol.cls[PR_CLASS_COMPUTE] == 1e-9);
	assert_true(spec->tol.cls[PR_CLASS_COMM] == 10);
	pr_spec_free(spec);
	parse_fails(VALID "[analysis]\nreproduce_tolerance = compute:0\n",
		    "t.ini:11: 'reproduce_tolerance' must be a number in (0, "
		    "10], not '0'");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = comm:10.001\n",
		    "t.ini:11: 'reproduce_tolerance' must be a number in (0, "
		    "10], not '10.001'");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = comm:-0.5\n",
		    "t.ini:11: 'reproduce_tolerance' must be a number in (0, "
		    "10], not '-0.5'");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = comm:half\n",
		    "t.ini:11: 'reproduce_tolerance' must be a number in (0, "
		    "10], not 'half'");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = comm:\n",
		    "t.ini:11: 'reproduce_tolerance' must be a number in (0, "
		    "10], not ''");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = Network:0.5\n",
		    "t.ini:11: 'reproduce_tolerance': 'Network' is neither a "
		    "phase class (compute, comm) nor a phase name");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = 0.5\n",
		    "t.ini:11: 'reproduce_tolerance' entry '0.5' must be "
		    "CLASS:TOLERANCE or PHASE:TOLERANCE, e.g. 'compute:0.05' "
		    "(classes: compute, comm)");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = comm:1, "
			  "comm:2\n",
		    "t.ini:11: 'reproduce_tolerance' lists class 'comm' twice");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = compute:1, "
			  "comm:1, comm:2\n",
		    "t.ini:11: 'reproduce_tolerance' lists class 'comm' twice");
}

/* reproduce_tolerance's PHASE:T: a phase's own tolerance, both sides of
 * each edge. */
static void test_reproduce_tolerance_phase(void **state)
{
	pr_spec *spec;
	char ini[2048], list[1024];
	int i;

	(void)state;
	spec = parse_ok(VALID "[analysis]\nreproduce_tolerance = compute:0.5, "
			      "comm:1.5, sendrecv:2.5, fom.t_2:0.1\n");
	assert_int_equal(spec->tol.nphase, 2);
	assert_true(pr_tolerance_of(&spec->tol, "sendrecv") == 2.5);
	assert_true(pr_tolerance_of(&spec->tol, "fom.t_2") == 0.1);
	/* the others keep their class's */
	assert_true(pr_tolerance_of(&spec->tol, "pingpong") == 1.5);
	assert_true(pr_tolerance_of(&spec->tol, "reduce_local") == 0.5);
	assert_true(pr_tolerance_of(&spec->tol, "allreduce") == 1.5);
	pr_spec_free(spec);
	/* a phase that is a class's name is the class */
	spec = parse_ok(VALID "[analysis]\nreproduce_tolerance = compute:3\n");
	assert_int_equal(spec->tol.nphase, 0);
	assert_true(pr_tolerance_of(&spec->tol, "compute") == 3);
	pr_spec_free(spec);
	parse_fails(VALID "[analysis]\nreproduce_tolerance = copy:1, "
			  "copy:2\n",
		    "t.ini:11: 'reproduce_tolerance' lists phase 'copy' twice");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = copy:0\n",
		    "t.ini:11: 'reproduce_tolerance' must be a number in (0, "
		    "10], not '0'");
	spec = parse_ok(VALID "[analysis]\nreproduce_tolerance = copy:10\n");
	assert_true(pr_tolerance_of(&spec->tol, "copy") == 10);
	pr_spec_free(spec);
	parse_fails(VALID "[analysis]\nreproduce_tolerance = 9copy:1\n",
		    "t.ini:11: 'reproduce_tolerance': '9copy' is neither a "
		    "phase class (compute, comm) nor a phase name");
	parse_fails(VALID "[analysis]\nreproduce_tolerance = co-py:1\n",
		    "t.ini:11: 'reproduce_tolerance': 'co-py' is neither a "
		    "phase class (compute, comm) nor a phase name");
	/* 64 characters hold, 65 not */
	snprintf(ini, sizeof(ini),
		 VALID "[analysis]\nreproduce_tolerance = %s:1\n",
		 "a123456789012345678901234567890123456789012345678901234567890"
		 "123");
	spec = parse_ok(ini);
	assert_int_equal(spec->tol.nphase, 1);
	pr_spec_free(spec);
	snprintf(ini, sizeof(ini),
		 VALID "[analysis]\nreproduce_tolerance = %s:1\n",
		 "a123456789012345678901234567890123456789012345678901234567890"
		 "1234");
	parse_fails(ini, "t.ini:11: 'reproduce_tolerance': "
			 "'a12345678901234567890123456789012345678901234567890"
			 "12345678901234' is neither a phase class (compute, "
			 "comm) nor a phase name");
	/* 16 phases hold, 17 not */
	list[0] = '\0';
	for (i = 0; i < 16; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%sp%d:1", i ? ", " : "", i);
	snprintf(ini, sizeof(ini),
		 VALID "[analysis]\nreproduce_tolerance = comm:1, %s\n", list);
	spec = parse_ok(ini);
	assert_int_equal(spec->tol.nphase, 16);
	pr_spec_free(spec);
	snprintf(ini, sizeof(ini),
		 VALID "[analysis]\nreproduce_tolerance = %s, p16:1\n", list);
	parse_fails(ini, "t.ini:11: 'reproduce_tolerance' names more than 16 "
			 "phases");
	parse_fails(VALID "[analysis]\ntolerance = 0.5\n",
		    "t.ini:11: unknown key 'tolerance' in [analysis] (known: "
		    "reproduce_tolerance, busy)");
}

static void test_defaults(void **state)
{
	pr_spec *spec = parse_ok(VALID);

	(void)state;
	assert_int_equal(spec->nranks, 2);
	assert_int_equal(spec->nsizes, 4); /* 8, 16, 32, 64 */
	assert_true(spec->budget_s == 0);
	assert_int_equal(spec->ntransports, 1);
	assert_string_equal(spec->transports[0], "default");
	assert_int_equal(spec->nplacements, 1);
	assert_string_equal(spec->placements[0], "spread");
	assert_int_equal(pr_spec_nconfigs(spec), 1);
	assert_int_equal(spec->launches, 5);
	assert_int_equal(spec->reps, 20);
	assert_int_equal(spec->warmup, 3);
	assert_string_equal(spec->algorithms[0], "default");
	assert_string_equal(spec->syncs[0], "none");
	assert_int_equal(spec->inner, 0);
	assert_false(spec->sharing_tested);
	assert_string_equal(spec->band, "tolerance");
	assert_int_equal(spec->npilot, 0);
	assert_string_equal(spec->model, "none");
	assert_null(spec->calibration);
	assert_true(spec->tolerance == 0.15);
	pr_spec_free(spec);
}

/* Blank lines, comments and indentation count as lines; indented keys are
 * keys, not continuations of the previous value. */
static void test_layout(void **state)
{
	pr_spec *spec =
	    parse_ok("\xEF\xBB\xBF[experiment]\r\n"
		     "\n"
		     "  kind = calibration\r\n"
		     "# a comment\n"
		     "\tclaim = a;b  ; the ; needs a blank before it\n"
		     "workload=pingpong\n" SHAPE RANKS "[factors]\n"
		     "transport=tcp,ucx\n");

	(void)state;
	assert_int_equal(spec->kind, PR_KIND_CALIBRATION);
	assert_string_equal(spec->claim, "a;b");
	assert_int_equal(spec->ntransports, 2);
	assert_string_equal(spec->transports[1], "ucx");
	pr_spec_free(spec);
	parse_fails("[experiment]\n\n; comment\n\n   rows = 1\n",
		    "t.ini:5: unknown key 'rows' in [experiment] (known: kind, "
		    "claim, workload, budget_s, sharing, edition)");
}

static void test_unknown_section(void **state)
{
	(void)state;
	parse_fails(
	    VALID "[foo]\n",
	    "t.ini:10: unknown section 'foo' (known: experiment, shape, "
	    "ranks, factors, schedule, mpi, model, launch, slurm, pin, "
	    "analysis, arrival, dp, claims, command)");
	parse_fails(
	    "[Experiment]\nkind = validation\n",
	    "t.ini:1: unknown section 'Experiment' (known: experiment, "
	    "shape, ranks, factors, schedule, mpi, model, launch, slurm, pin, "
	    "analysis, arrival, dp, claims, command)");
	parse_fails("kind = validation\n" VALID,
		    "t.ini:1: key 'kind' is outside any [section]");
}

static void test_unknown_key(void **state)
{
	(void)state;
	parse_fails(
	    VALID "[schedule]\nrepz = 3\n",
	    "t.ini:11: unknown key 'repz' in [schedule] (known: "
	    "launches, reps, warmup, interleave, size_order, relaunch)");
	parse_fails(VALID "[factors]\ntransports = tcp\n",
		    "t.ini:11: unknown key 'transports' in [factors] (known: "
		    "transport, placement, launch, arg)");
}

static void test_syntax_error(void **state)
{
	(void)state;
	parse_fails(VALID "[schedule]\nreps 3\n",
		    "t.ini:11: expected '[section]', 'key = value' or a ';' "
		    "comment");
	/* the earliest error wins, whichever part of the parser found it */
	parse_fails(VALID "[schedule\nrepz = 3\n",
		    "t.ini:10: expected '[section]', 'key = value' or a ';' "
		    "comment");
}

static void test_wrong_type(void **state)
{
	(void)state;
	parse_fails(VALID "[shape]\nrows = abc\n",
		    "t.ini:11: 'rows' must be a positive integer, not 'abc'");
	parse_fails(VALID "[shape]\nrows = 12x\n",
		    "t.ini:11: 'rows' must be a positive integer, not '12x'");
	parse_fails(VALID "[schedule]\nreps = 1.5\n",
		    "t.ini:11: 'reps' must be a positive integer, not '1.5'");
	parse_fails(VALID "[schedule]\nwarmup = x\n",
		    "t.ini:11: 'warmup' must be a non-negative integer, not "
		    "'x'");
	parse_fails(VALID "[shape]\nd = 1 2\n",
		    "t.ini:11: 'd' must be a positive integer, not '1 2'");
	parse_fails(EXPERIMENT "budget_s = 1x\n",
		    "t.ini:5: 'budget_s' must be a positive number, not '1x'");
	parse_fails(EXPERIMENT "budget_s = nan\n",
		    "t.ini:5: 'budget_s' must be a positive number, not 'nan'");
	parse_fails(
	    VALID "[model]\ntolerance = 0\n",
	    "t.ini:11: 'tolerance' must be a number in (0, 1], not '0'");
	parse_fails(VALID "[model]\ntolerance = 1.5\n",
		    "t.ini:11: 'tolerance' must be a number in (0, 1], not "
		    "'1.5'");
}

static void test_empty_value(void **state)
{
	(void)state;
	parse_fails(VALID "[shape]\nrows =\n", "t.ini:11: 'rows' has no value");
	parse_fails("[experiment]\nclaim =   ; nothing\n",
		    "t.ini:2: 'claim' has no value");
}

/* A valid ping-pong spec whose claim (line 3) is the given text. */
#define WITH_CLAIM(c)                                                          \
	"[experiment]\nkind = validation\nclaim = " c                          \
	"\nworkload = pingpong\n" SHAPE RANKS

static void test_text_values(void **state)
{
	pr_spec *spec;

	(void)state;
	spec = parse_ok(
	    WITH_CLAIM("caf\xc3\xa9 \xe2\x82\xac\tand ~ \xf4\x8f\xbf\xbf"));
	assert_string_equal(spec->claim,
			    "caf\xc3\xa9 \xe2\x82\xac\tand ~ \xf4\x8f\xbf\xbf");
	pr_spec_free(spec);
	parse_fails(WITH_CLAIM("caf\xe9"),
		    "t.ini:3: 'claim' is not valid UTF-8 (byte 4 of the value "
		    "is 0xe9)");
	parse_fails(WITH_CLAIM("x \xf4\x90\x80\x80"),
		    "t.ini:3: 'claim' is not valid UTF-8 (byte 3 of the value "
		    "is 0xf4)");
	parse_fails(WITH_CLAIM("cut \xe2\x82"),
		    "t.ini:3: 'claim' is not valid UTF-8 (byte 5 of the value "
		    "is 0xe2)");
	parse_fails(WITH_CLAIM("bell\x07"),
		    "t.ini:3: 'claim' holds a control character (byte 5 of "
		    "the value is 0x07)");
	parse_fails(WITH_CLAIM("a\x1f b"),
		    "t.ini:3: 'claim' holds a control character (byte 2 of "
		    "the value is 0x1f)");
	parse_fails(WITH_CLAIM("a\rb"),
		    "t.ini:3: 'claim' holds a control character (byte 2 of "
		    "the value is 0x0d)");
	parse_fails(WITH_CLAIM("del\x7f!"),
		    "t.ini:3: 'claim' holds a control character (byte 4 of "
		    "the value is 0x7f)");
	/* every key, not only the claim; before the key's own check */
	parse_fails(VALID "[slurm]\nsbatch = --comment=\xe9t\xe9\n",
		    "t.ini:11: 'sbatch' is not valid UTF-8 (byte 11 of the "
		    "value is 0xe9)");
	parse_fails("[experiment]\nkind = valid\xff\n",
		    "t.ini:2: 'kind' is not valid UTF-8 (byte 6 of the value "
		    "is 0xff)");
}

static void test_ranks_range(void **state)
{
	(void)state;
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*0\n",
		    "t.ini:9: count of 'cpu' in 'group' must be between 1 and "
		    "1024, not '0'");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*1025\n",
		    "t.ini:9: count of 'cpu' in 'group' must be between 1 and "
		    "1024, not '1025'");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*1000, cpu*25\n",
		    "t.ini:9: 'group' must give between 1 and 1024 ranks, not "
		    "1025");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*two\n",
		    "t.ini:9: count of 'cpu' in 'group' must be a positive "
		    "integer, not 'two'");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu\n",
		    "t.ini:9: 'group' entry 'cpu' must be DEVICE*COUNT, e.g. "
		    "'cpu*4'");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = tpu:0*2\n",
		    "t.ini:9: unknown device 'tpu:0' in 'group' (known: cpu, "
		    "cpu-naive, cpu-blocks:T, cuda:N, hip:N)");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*1,,cpu*1\n",
		    "t.ini:9: empty entry in 'group'");
	/* exactly the limit, split over two groups */
	{
		pr_spec *spec = parse_ok(EXPERIMENT SHAPE "[ranks]\n"
							  "group = cpu*1000, "
							  "cpu*24\n");
		assert_int_equal(spec->nranks, 1024);
		pr_spec_free(spec);
	}
}

/* [ranks] group's @PARTITION: one het-job component per group */
static void test_group_partitions(void **state)
{
	pr_spec *spec;

	(void)state;
	spec = parse_ok(EXPERIMENT SHAPE "[ranks]\ngroup = cuda:*4@gpuA100x4, "
					 "hip:*4 @ gpuMI100x8, cpu*1@cpu\n");
	assert_int_equal(spec->ngroups, 3);
	assert_int_equal(spec->nranks, 9);
	assert_string_equal(spec->groups[0].device, "cuda:*");
	assert_int_equal(spec->groups[0].count, 4);
	assert_string_equal(spec->groups[1].device, "hip:*");
	assert_int_equal(spec->slurm.npartition, 3);
	assert_string_equal(spec->slurm.partition[0], "gpuA100x4");
	assert_string_equal(spec->slurm.partition[1], "gpuMI100x8");
	assert_string_equal(spec->slurm.partition[2], "cpu");
	pr_spec_free(spec);
	/* without any @, the partitions are [slurm]'s, or none */
	spec = parse_ok(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*1, cpu*1\n");
	assert_int_equal(spec->slurm.npartition, 0);
	assert_string_equal(spec->groups[0].partition, "");
	pr_spec_free(spec);
	spec = parse_ok(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*1, cpu*1\n"
					 "[slurm]\npartition = a.b_c-1, x\n");
	assert_int_equal(spec->slurm.npartition, 2);
	assert_string_equal(spec->slurm.partition[0], "a.b_c-1");
	pr_spec_free(spec);
	/* a name of exactly PR_MAX_PARTITION characters, and one more */
	{
		char ini[512], name[PR_MAX_PARTITION + 2], *msg;

		memset(name, 'p', PR_MAX_PARTITION);
		name[PR_MAX_PARTITION] = '\0';
		snprintf(ini, sizeof(ini),
			 EXPERIMENT SHAPE
			 "[ranks]\ngroup = cpu*1@%s, cpu*1@x\n",
			 name);
		spec = parse_ok(ini);
		assert_string_equal(spec->slurm.partition[0], name);
		pr_spec_free(spec);
		strcat(name, "p");
		snprintf(ini, sizeof(ini),
			 EXPERIMENT SHAPE
			 "[ranks]\ngroup = cpu*1@%s, cpu*1@x\n",
			 name);
		msg = pr_asprintf("t.ini:9: partition '%s' of 'group' entry "
				  "'cpu*1' must be 1 to 63 letters, digits, "
				  "'_', '-' or '.'",
				  name);
		parse_fails(ini, msg);
		free(msg);
	}
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*4@\n",
		    "t.ini:9: partition '' of 'group' entry 'cpu*4' must be 1 "
		    "to 63 letters, digits, '_', '-' or '.'");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*4@gpu a\n",
		    "t.ini:9: partition 'gpu a' of 'group' entry 'cpu*4' must "
		    "be 1 to 63 letters, digits, '_', '-' or '.'");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*4@a@b\n",
		    "t.ini:9: partition 'a@b' of 'group' entry 'cpu*4' must be "
		    "1 to 63 letters, digits, '_', '-' or '.'");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = @gpuA\n",
		    "t.ini:9: 'group' entry '' must be DEVICE*COUNT, e.g. "
		    "'cpu*4'");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu@gpuA\n",
		    "t.ini:9: 'group' entry 'cpu' must be DEVICE*COUNT, e.g. "
		    "'cpu*4'");
	/* an empty component */
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*4@a, , cpu*1@c\n",
		    "t.ini:9: empty entry in 'group'");
	/* every group or none */
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*4@a, cpu*1\n",
		    "t.ini:9: rank group 1 ('cpu*1') names no partition while "
		    "another does (give every group its @PARTITION, or none)");
	/* not beside [slurm] partition */
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*4@a, cpu*1@b\n"
				     "[slurm]\npartition = a, b\n",
		    "t.ini:11: partitions given twice: in [ranks] group "
		    "(@PARTITION) and in [slurm] partition (keep one)");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*1, cpu*1\n"
				     "[slurm]\npartition = gpuA, gpu\"B\n",
		    "t.ini:11: 'partition' entry 'gpu\"B' must be 1 to 63 "
		    "letters, digits, '_', '-' or '.'");
	/* an empty [slurm] entry still means none for that group */
	spec = parse_ok(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*1, cpu*1\n"
					 "[slurm]\npartition = , gpuB\n");
	assert_string_equal(spec->slurm.partition[0], "");
	pr_spec_free(spec);
}

static void test_schedule_range(void **state)
{
	(void)state;
	parse_fails(VALID "[schedule]\nreps = 0\n",
		    "t.ini:11: 'reps' must be between 1 and 1000000, not '0'");
	parse_fails(VALID "[schedule]\nlaunches = 1001\n",
		    "t.ini:11: 'launches' must be between 1 and 1000, not "
		    "'1001'");
	parse_fails(VALID "[schedule]\nwarmup = -1\n",
		    "t.ini:11: 'warmup' must be between 0 and 1000000, not "
		    "'-1'");
}

/* [schedule] relaunch: 0 unless given, 0 to 3 taken, -1 and 4 refused */
static void test_relaunch(void **state)
{
	pr_spec *spec = parse_ok(VALID);

	(void)state;
	assert_int_equal(spec->relaunch, 0);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[schedule]\nrelaunch = 3\n");
	assert_int_equal(spec->relaunch, 3);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[schedule]\nrelaunch = 0\n");
	assert_int_equal(spec->relaunch, 0);
	pr_spec_free(spec);
	parse_fails(VALID "[schedule]\nrelaunch = 4\n",
		    "t.ini:11: 'relaunch' must be between 0 and 3, not '4'");
	parse_fails(VALID "[schedule]\nrelaunch = -1\n",
		    "t.ini:11: 'relaunch' must be between 0 and 3, not '-1'");
}

static void test_shape_range(void **state)
{
	(void)state;
	parse_fails(VALID "[shape]\nrows = 0\n",
		    "t.ini:11: 'rows' must be between 1 and 16777216, not '0'");
	parse_fails(VALID "[shape]\nrows = -3\n",
		    "t.ini:11: 'rows' must be between 1 and 16777216, not "
		    "'-3'");
	parse_fails(VALID "[shape]\nrows = 99999999999999999999\n",
		    "t.ini:11: 'rows' must be between 1 and 16777216, not "
		    "'99999999999999999999'");
	parse_fails(VALID "[shape]\nd = 4097\n",
		    "t.ini:11: 'd' must be between 1 and 4096, not '4097'");
	parse_fails(EXPERIMENT RANKS "[shape]\nmin_bytes = 8\n"
				     "max_bytes = 2147483648\n",
		    "t.ini:9: 'max_bytes' must be between 1 and 1073741824, "
		    "not '2147483648'");
	parse_fails(EXPERIMENT RANKS "[shape]\nmin_bytes = 8\n"
				     "max_bytes = 64\nfactor = 1\n",
		    "t.ini:10: 'factor' must be between 2 and 1073741824, not "
		    "'1'");
	parse_fails(EXPERIMENT RANKS "[shape]\nmin_bytes = 64\n"
				     "max_bytes = 8\n",
		    "t.ini:9: 'max_bytes' (8) must be at least 'min_bytes' "
		    "(64)");
}

static void test_unknown_factor_values(void **state)
{
	(void)state;
	parse_fails(VALID "[factors]\ntransport = vader, foo\n",
		    "t.ini:11: unknown transport 'foo' (known: vader, tcp, "
		    "ucx, default)");
	parse_fails(VALID "[factors]\nplacement = spread, scattered\n",
		    "t.ini:11: unknown placement 'scattered' (known: spread, "
		    "packed)");
	parse_fails(VALID "[factors]\ntransport = tcp, tcp\n",
		    "t.ini:11: 'transport' lists 'tcp' twice");
	parse_fails(VALID "[factors]\nplacement = spread,\n",
		    "t.ini:11: empty entry in 'placement'");
	assert_true(pr_spec_transport_known("ucx"));
	assert_false(pr_spec_transport_known("foo"));
	assert_true(pr_spec_placement_known("packed"));
	assert_false(pr_spec_placement_known("Packed"));
}

static void test_unknown_names(void **state)
{
	(void)state;
	parse_fails("[experiment]\nworkload = allgather\n",
		    "t.ini:2: unknown workload 'allgather' (known: pingpong, "
		    "pingpong-cold, allreduce, kv-split, rows-sweep, "
		    "row-split, arrival, dp-step, command)");
	parse_fails("[experiment]\nkind = prediction\n",
		    "t.ini:2: unknown kind 'prediction' (known: validation, "
		    "calibration)");
	parse_fails(VALID "[mpi]\nalgorithm = bruck\n",
		    "t.ini:11: unknown algorithm 'bruck' (known: default, "
		    "ring, recursive_doubling, rabenseifner, reduce_bcast, "
		    "pap)");
	parse_fails(
	    VALID "[model]\nname = loggp\n",
	    "t.ini:11: unknown model 'loggp' (known: none, "
	    "hockney-ring, linear-rows, split-gatherv, launch-geometry, "
	    "hockney-allreduce, launch-settings, pap-hockney, pap-dp-step, "
	    "formula, program)");
	assert_true(pr_spec_workload_known("pingpong"));
	assert_true(pr_spec_workload_known("kv-split"));
	assert_true(pr_spec_workload_known("rows-sweep"));
	assert_false(pr_spec_workload_known("allgather"));
}

static void test_duplicate_key(void **state)
{
	(void)state;
	parse_fails(VALID "[shape]\nmin_bytes = 16\n",
		    "t.ini:11: duplicate key 'min_bytes' in [shape] (first on "
		    "line 6)");
}

static void test_missing_required(void **state)
{
	(void)state;
	parse_fails("[experiment]\nkind = validation\nworkload = pingpong\n"
		    "\n" SHAPE RANKS,
		    "t.ini:1: missing key 'claim' in [experiment]");
	/* no [ranks] at all: the end of the file, where it would go */
	parse_fails(EXPERIMENT SHAPE, "t.ini:7: missing key 'group' in "
				      "[ranks]");
	parse_fails("", "t.ini:1: missing key 'kind' in [experiment]");
}

/* [pin] tsa: an http or https URL */
static void test_pin_tsa(void **state)
{
	pr_spec *spec = parse_ok(VALID "[pin]\ntsa = http://127.0.0.1:8080/\n");

	(void)state;
	assert_string_equal(spec->tsa, "http://127.0.0.1:8080/");
	pr_spec_free(spec);
	spec = parse_ok(VALID "[pin]\ntsa = https://tsa.example/\n");
	assert_string_equal(spec->tsa, "https://tsa.example/");
	pr_spec_free(spec);
	spec = parse_ok(VALID);
	assert_null(spec->tsa);
	pr_spec_free(spec);
	parse_fails(VALID "[pin]\ntsa = ftp://tsa.example/\n",
		    "t.ini:11: 'tsa' must be an http:// or https:// URL, not "
		    "'ftp://tsa.example/'");
	parse_fails(VALID "[pin]\ntsa = httpx://a\n",
		    "t.ini:11: 'tsa' must be an http:// or https:// URL, not "
		    "'httpx://a'");
}

/* interleave = primitives: kv-split only */
static void test_interleave(void **state)
{
	pr_spec *spec = parse_ok("[experiment]\nkind = validation\nclaim = "
				 "c\nworkload = kv-split\n[shape]\nrows = "
				 "8\nkeys = 2\nd = 4\n[ranks]\ngroup = "
				 "cpu*2\n[schedule]\ninterleave = "
				 "primitives\n");

	(void)state;
	assert_true(spec->interleave);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[schedule]\ninterleave = none\n");
	assert_false(spec->interleave);
	pr_spec_free(spec);
	spec = parse_ok("[experiment]\nkind = calibration\nclaim = c\n"
			"workload = allreduce\n[shape]\nsizes = 64\n"
			"[ranks]\ngroup = cpu*2\n[schedule]\ninterleave = "
			"primitives\n");
	assert_true(spec->interleave);
	pr_spec_free(spec);
	parse_fails(VALID "[schedule]\ninterleave = primitives\n",
		    "t.ini:11: 'interleave = primitives' is for workloads "
		    "'kv-split' and 'allreduce' (the primitives of their "
		    "Allreduces)");
	parse_fails(VALID "[schedule]\ninterleave = all\n",
		    "t.ini:11: unknown interleave 'all' (known: none, "
		    "primitives)");
}

/*
 * edition = 2: a collective validation that can time its Allreduces'
 * primitives does unless it says interleave; edition 1 (absent) never
 */
static void test_edition(void **state)
{
	static const char kv[] = "[experiment]\nkind = validation\nclaim = "
				 "c\nworkload = kv-split\n%s[shape]\nrows = "
				 "8\nkeys = 2\nd = 4\n[ranks]\ngroup = "
				 "cpu*2\n%s";
	static const char ar[] =
	    "[experiment]\nkind = %s\nclaim = c\n"
	    "workload = allreduce\nedition = 2\n"
	    "[shape]\nsizes = 64\n[ranks]\ngroup = cpu*2\n";
	static const struct {
		const char *edition, *schedule;
		int interleave;
	} cases[] = {
	    {"", "", 0},
	    {"edition = 1\n", "", 0},
	    {"edition = 2\n", "", 1},
	    {"edition = 2\n", "[schedule]\ninterleave = none\n", 0},
	    {"edition = 2\n", "[schedule]\nreps = 3\n", 1},
	};
	pr_spec *spec;
	char *text;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		text = pr_asprintf(kv, cases[i].edition, cases[i].schedule);
		spec = parse_ok(text);
		assert_int_equal(spec->interleave, cases[i].interleave);
		assert_int_equal(spec->edition, cases[i].edition[0]
						    ? cases[i].edition[10] - '0'
						    : 1);
		pr_spec_free(spec);
		free(text);
	}
	text = pr_asprintf(ar, "validation");
	spec = parse_ok(text);
	assert_true(spec->interleave);
	pr_spec_free(spec);
	free(text);
	/* a calibration, and a workload that cannot interleave, do not */
	text = pr_asprintf(ar, "calibration");
	spec = parse_ok(text);
	assert_false(spec->interleave);
	pr_spec_free(spec);
	free(text);
	spec = parse_ok(EXPERIMENT "edition = 2\n" SHAPE RANKS);
	assert_false(spec->interleave);
	assert_int_equal(spec->edition, 2);
	pr_spec_free(spec);
	parse_fails(EXPERIMENT "edition = 3\n" SHAPE RANKS,
		    "t.ini:5: 'edition' must be between 1 and 2, "
		    "not '3'");
	parse_fails(EXPERIMENT "edition = 0\n" SHAPE RANKS,
		    "t.ini:5: 'edition' must be between 1 and 2, "
		    "not '0'");
}

/* size_order = rep: allreduce only; launch (the default) anywhere */
static void test_size_order(void **state)
{
	static const char ar[] = "[experiment]\nkind = calibration\nclaim = "
				 "c\nworkload = allreduce\n[shape]\nsizes = "
				 "64, 1024\n[ranks]\ngroup = cpu*2\n";
	char *text = pr_asprintf("%s[schedule]\nsize_order = rep\n", ar);
	pr_spec *spec = parse_ok(text);

	(void)state;
	assert_true(spec->size_order_rep);
	pr_spec_free(spec);
	free(text);
	spec = parse_ok(ar);
	assert_false(spec->size_order_rep);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[schedule]\nsize_order = launch\n");
	assert_false(spec->size_order_rep);
	pr_spec_free(spec);
	parse_fails(VALID "[schedule]\nsize_order = rep\n",
		    "t.ini:11: 'size_order = rep' is for workload 'allreduce' "
		    "(its sizes in a new seeded order each rep)");
	parse_fails(VALID "[schedule]\nsize_order = reps\n",
		    "t.ini:11: unknown size_order 'reps' (known: launch, "
		    "rep)");
}

/* [mpi] yield_when_idle: auto by default, yes, no; nothing else */
static void test_yield(void **state)
{
	pr_spec *spec = parse_ok(VALID);

	(void)state;
	assert_int_equal(spec->yield, PR_YIELD_AUTO);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[mpi]\nyield_when_idle = yes\n");
	assert_int_equal(spec->yield, PR_YIELD_YES);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[mpi]\nyield_when_idle = no\n");
	assert_int_equal(spec->yield, PR_YIELD_NO);
	pr_spec_free(spec);
	spec = parse_ok(VALID "[mpi]\nyield_when_idle = auto\n");
	assert_int_equal(spec->yield, PR_YIELD_AUTO);
	pr_spec_free(spec);
	parse_fails(VALID "[mpi]\nyield_when_idle = 1\n",
		    "t.ini:11: unknown yield_when_idle '1' (known: auto, yes, "
		    "no)");
}

static void test_workload_requirements(void **state)
{
	(void)state;
	parse_fails(EXPERIMENT RANKS, "t.ini:4: workload 'pingpong' needs "
				      "'min_bytes' and 'max_bytes' or 'sizes' "
				      "in [shape]");
	parse_fails(EXPERIMENT RANKS "[shape]\nmin_bytes = 8\n",
		    "t.ini:8: 'min_bytes' needs 'max_bytes' in [shape]");
	parse_fails(EXPERIMENT SHAPE "[ranks]\ngroup = cpu*1\n",
		    "t.ini:9: workload 'pingpong' needs at least 2 ranks, "
		    "'group' gives 1");
	parse_fails("[experiment]\nkind = validation\nclaim = c\n"
		    "workload = kv-split\n"
		    "[shape]\nrows = 8\nd = 4\n" RANKS,
		    "t.ini:4: workload 'kv-split' needs 'keys' in [shape]");
	parse_fails("[experiment]\nkind = validation\nclaim = c\n"
		    "workload = kv-split\n"
		    "[shape]\nrows = 8\nkeys = 3\nd = 4\n"
		    "[ranks]\ngroup = cpu*4\n",
		    "t.ini:7: 'keys' (3) must be at least the number of ranks "
		    "(4): every rank needs a key");
}

static void test_model_calibration(void **state)
{
	(void)state;
	parse_fails(VALID "[model]\nname = hockney-ring\n",
		    "t.ini:11: model 'hockney-ring' needs 'calibration' in "
		    "[model]: the calibration experiment its parameters come "
		    "from");
	parse_fails(VALID "[model]\ncalibration = ../x\n",
		    "t.ini:11: 'calibration' must be an experiment name "
		    "(letters, digits, '-', '_' and '.'; no '/' or '..'; at "
		    "most 64 characters), not '../x'");
	parse_fails(VALID "[model]\ncalibration = a/b\n",
		    "t.ini:11: 'calibration' must be an experiment name "
		    "(letters, digits, '-', '_' and '.'; no '/' or '..'; at "
		    "most 64 characters), not 'a/b'");
	parse_fails(VALID "[model]\ncalibration = t\n",
		    "t.ini:11: 'calibration' names this experiment: a "
		    "calibration is another, pinned experiment");
}

/* [model] holdout: sizes of [shape], for hockney-allreduce, not all. */
static void test_holdout(void **state)
{
	static const char allreduce[] =
	    "[experiment]\nkind = validation\nclaim = c\nworkload = "
	    "allreduce\n[shape]\nsizes = 64, 4096, 65536\n" RANKS
	    "[model]\nname = hockney-allreduce\ncalibration = cal\n";
	pr_spec *spec;
	char *text;

	(void)state;
	text = pr_asprintf("%sholdout = 4096, 65536\n", allreduce);
	spec = parse_ok(text);
	assert_int_equal(spec->nholdout, 2);
	assert_int_equal(spec->holdout[0], 4096);
	assert_int_equal(spec->holdout[1], 65536);
	pr_spec_free(spec);
	free(text);
	/* every size held out leaves nothing fitted */
	text = pr_asprintf("%sholdout = 4096, 65536, 64\n", allreduce);
	parse_fails(text, "t.ini:12: 'holdout' holds out every size of "
			  "[shape]: none is left to judge the fitted ones");
	free(text);
	text = pr_asprintf("%sholdout = 4097\n", allreduce);
	parse_fails(text, "t.ini:12: 'holdout' lists 4097, which is not a "
			  "size of [shape]");
	free(text);
	text = pr_asprintf("%sholdout = 64, 64\n", allreduce);
	parse_fails(text, "t.ini:12: 'holdout' lists 64 twice");
	free(text);
	parse_fails(VALID "[model]\nholdout = 8\n",
		    "t.ini:11: 'holdout' is for model 'hockney-allreduce'");
	/* calibration_busy: keep or exclude, with a calibration */
	text = pr_asprintf("%scalibration_busy = exclude\n", allreduce);
	spec = parse_ok(text);
	assert_true(spec->calibration_busy_exclude);
	pr_spec_free(spec);
	free(text);
	text = pr_asprintf("%scalibration_busy = keep\n", allreduce);
	spec = parse_ok(text);
	assert_false(spec->calibration_busy_exclude);
	pr_spec_free(spec);
	free(text);
	text = pr_asprintf("%scalibration_busy = drop\n", allreduce);
	parse_fails(text, "t.ini:12: unknown calibration_busy 'drop' (known: "
			  "keep, exclude)");
	free(text);
	parse_fails(VALID "[model]\ncalibration_busy = exclude\n",
		    "t.ini:11: 'calibration_busy' needs 'calibration' in "
		    "[model]");
}

static void test_rows_sweep_and_split(void **state)
{
	pr_spec *spec;

	(void)state;
	spec = parse_ok("[experiment]\nkind = calibration\nclaim = c\n"
			"workload = rows-sweep\n"
			"[shape]\nrows_list = 1, 6, 1024\nkeys = 8\nd = 4\n"
			"[ranks]\ngroup = cpu*1, cpu-naive*1\n");
	assert_int_equal(spec->nrows_list, 3);
	assert_int_equal(spec->rows_list[1], 6);
	assert_string_equal(spec->groups[1].device, "cpu-naive");
	pr_spec_free(spec);
	parse_fails("[experiment]\nkind = calibration\nclaim = c\n"
		    "workload = rows-sweep\n"
		    "[shape]\nkeys = 8\nd = 4\n[ranks]\ngroup = cpu*1\n",
		    "t.ini:4: workload 'rows-sweep' needs 'rows_list' in "
		    "[shape]");
	parse_fails("[experiment]\nkind = calibration\nclaim = c\n"
		    "workload = rows-sweep\n"
		    "[shape]\nrows_list = 1, 2, 1\nkeys = 8\nd = 4\n",
		    "t.ini:6: 'rows_list' lists 1 twice");
	parse_fails("[experiment]\nkind = calibration\nclaim = c\n"
		    "workload = rows-sweep\n"
		    "[shape]\nrows_list = 1, 0\n",
		    "t.ini:6: 'rows_list' must be between 1 and 16777216, "
		    "not '0'");
	parse_fails("[experiment]\nkind = validation\nclaim = c\n"
		    "workload = row-split\n"
		    "[shape]\nrows = 2\nkeys = 8\nd = 4\n"
		    "[ranks]\ngroup = cpu*4\n",
		    "t.ini:6: 'rows' (2) must be at least the number of ranks "
		    "(4)");
	parse_fails("[experiment]\nkind = validation\nclaim = c\n"
		    "workload = row-split\n"
		    "[shape]\nrows = 64\nkeys = 8\nd = 4\n"
		    "[ranks]\ngroup = cpu*4\n"
		    "[model]\nname = split-gatherv\ncalibration = c-rows\n",
		    "t.ini:12: model 'split-gatherv' needs 'comm_calibration' "
		    "in [model]: the ping-pong calibration its Gatherv "
		    "parameters come from");
}

static void test_gpu_groups_and_launch(void **state)
{
	pr_spec *spec;

	(void)state;
	spec = parse_ok("[experiment]\nkind = validation\nclaim = c\n"
			"workload = kv-split\n"
			"[shape]\nrows = 64\nkeys = 16\nd = 4\n"
			"[ranks]\ngroup = cuda:0*4, hip:*1, cpu*4\n"
			"[launch]\nthreads_per_block = 128\n"
			"rows_per_block = 2\n");
	assert_int_equal(spec->nranks, 9);
	assert_string_equal(spec->groups[0].device, "cuda:0");
	assert_string_equal(spec->groups[1].device, "hip:*");
	assert_int_equal(spec->threads_per_block, 128);
	assert_int_equal(spec->rows_per_block, 2);
	pr_spec_free(spec);
	spec = parse_ok(VALID);
	assert_int_equal(spec->threads_per_block, 256);
	assert_int_equal(spec->rows_per_block, 1);
	pr_spec_free(spec);
	parse_fails("[experiment]\nkind = validation\nclaim = c\n"
		    "workload = kv-split\n[ranks]\ngroup = cuda:x*1\n",
		    "t.ini:6: unknown device 'cuda:x' in 'group' (known: cpu, "
		    "cpu-naive, cpu-blocks:T, cuda:N, hip:N)");
	parse_fails("[experiment]\nkind = validation\nclaim = c\n"
		    "workload = kv-split\n[ranks]\ngroup = cpu:0*1\n",
		    "t.ini:6: unknown device 'cpu:0' in 'group' (known: cpu, "
		    "cpu-naive, cpu-blocks:T, cuda:N, hip:N)");
	parse_fails(VALID "[launch]\nthreads_per_block = 2048\n",
		    "t.ini:11: 'threads_per_block' must be between 1 and 1024, "
		    "not '2048'");
}

/* cpu-blocks:T names its worker threads, 1 to 256; [launch]
 * blocks_per_thread is 1 unless given, 1 to 1024. */
static void test_blocks_groups(void **state)
{
	static const char *const bad[] = {"cpu-blocks",	    "cpu-blocks:0",
					  "cpu-blocks:257", "cpu-blocks:*",
					  "cpu-blocks:2x",  "cpu-blocks:-1"};
	char text[512], want[256];
	pr_spec *spec;
	size_t i;

	(void)state;
	spec = parse_ok("[experiment]\nkind = validation\nclaim = c\n"
			"workload = kv-split\n"
			"[shape]\nrows = 64\nkeys = 16\nd = 4\n"
			"[ranks]\ngroup = cpu-blocks:2*1, cpu-blocks:256*1\n"
			"[launch]\nrows_per_block = 6\n"
			"blocks_per_thread = 3\n");
	assert_string_equal(spec->groups[0].device, "cpu-blocks:2");
	assert_string_equal(spec->groups[1].device, "cpu-blocks:256");
	assert_int_equal(spec->rows_per_block, 6);
	assert_int_equal(spec->blocks_per_thread, 3);
	pr_spec_free(spec);
	spec = parse_ok(VALID);
	assert_int_equal(spec->blocks_per_thread, 1);
	pr_spec_free(spec);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text),
			 "[experiment]\nkind = validation\nclaim = c\n"
			 "workload = kv-split\n[ranks]\ngroup = %s*1\n",
			 bad[i]);
		snprintf(want, sizeof(want),
			 "t.ini:6: unknown device '%s' in 'group' (known: "
			 "cpu, cpu-naive, cpu-blocks:T, cuda:N, hip:N)",
			 bad[i]);
		parse_fails(text, want);
	}
	parse_fails(VALID "[launch]\nblocks_per_thread = 0\n",
		    "t.ini:11: 'blocks_per_thread' must be between 1 and 1024, "
		    "not '0'");
}

/* [factors] launch = a, b with [launch.a] and [launch.b]: two configs,
 * the launch setting fastest, each setting [launch]'s keys with its own
 * section's over them; without the factor, one unnamed setting. */
static void test_launch_settings(void **state)
{
	const pr_launch_setting *a, *b;
	pr_spec *spec;
	char *label;

	(void)state;
	spec = parse_ok(VALID "[factors]\ntransport = vader, tcp\n"
			      "launch = a, b\n"
			      "[launch]\nblocks_per_thread = 2\n"
			      "threads_per_block = 128\n"
			      "[launch.a]\nrows_per_block = 64\n"
			      "[launch.b]\nrows_per_block = 3\n"
			      "threads_per_block = 64\n");
	assert_int_equal(pr_spec_nconfigs(spec), 4);
	a = pr_spec_launch(spec, 0);
	b = pr_spec_launch(spec, 1);
	assert_int_equal(a->rows_per_block, 64);
	assert_int_equal(a->threads_per_block, 128);
	assert_int_equal(a->blocks_per_thread, 2);
	assert_int_equal(b->rows_per_block, 3);
	assert_int_equal(b->threads_per_block, 64);
	assert_int_equal(b->blocks_per_thread, 2);
	assert_string_equal(pr_spec_launch_name(spec, 2), "a");
	assert_string_equal(pr_spec_launch_name(spec, 3), "b");
	assert_string_equal(pr_spec_transport(spec, 1), "vader");
	assert_string_equal(pr_spec_transport(spec, 2), "tcp");
	assert_int_equal(pr_spec_launch_config(spec, "b"), 1);
	assert_int_equal(pr_spec_launch_config(spec, "c"), -1);
	assert_null(pr_spec_launch(spec, 4));
	label = pr_spec_config_label(spec, 3);
	assert_string_equal(label, "tcp, spread, launch b");
	free(label);
	pr_spec_free(spec);

	spec = parse_ok(VALID "[launch]\nrows_per_block = 5\n");
	assert_int_equal(pr_spec_nconfigs(spec), 1);
	assert_int_equal(pr_spec_launch(spec, 0)->rows_per_block, 5);
	assert_null(pr_spec_launch_name(spec, 0));
	label = pr_spec_config_label(spec, 0);
	assert_string_equal(label, "default, spread");
	free(label);
	pr_spec_free(spec);
}

static void test_launch_settings_errors(void **state)
{
	(void)state;
	parse_fails(VALID "[factors]\nlaunch = a, b\n"
			  "[launch.a]\nrows_per_block = 64\n"
			  "[launch.b]\nrows_per_block = 3\n"
			  "[launch.c]\nrows_per_block = 1\n",
		    "t.ini:16: unknown launch setting 'c': 'launch' in "
		    "[factors] does not list it");
	parse_fails(VALID "[factors]\nlaunch = a, b\n"
			  "[launch.a]\nrows_per_block = 64\n",
		    "t.ini:11: launch setting 'b' has no [launch.b] section");
	parse_fails(VALID "[launch.a]\nrows_per_block = 64\n",
		    "t.ini:10: [launch.a] needs 'launch' in [factors] listing "
		    "it");
	parse_fails(VALID "[factors]\nlaunch = a\n"
			  "[launch.a]\nrows_per_blok = 64\n",
		    "t.ini:13: unknown key 'rows_per_blok' in [launch.a] "
		    "(known: threads_per_block, rows_per_block, "
		    "blocks_per_thread)");
	parse_fails(VALID "[factors]\nlaunch = a\n"
			  "[launch.a]\nrows_per_block = 2000\n",
		    "t.ini:13: 'rows_per_block' must be between 1 and 1024, "
		    "not '2000'");
	parse_fails(VALID "[factors]\nlaunch = a, a\n",
		    "t.ini:11: 'launch' lists 'a' twice");
	parse_fails(VALID "[factors]\nlaunch = a\n[launch.a]\n"
			  "[launch.a]\n",
		    "t.ini:13: duplicate section [launch.a] (first on line "
		    "12)");
	parse_fails(VALID "[factors]\nlaunch = a b\n",
		    "t.ini:11: 'launch': 'a b' is no launch setting name (1 "
		    "to 32 letters, digits, '_', '-')");
}

static void test_long_line(void **state)
{
	char text[600];

	(void)state;
	snprintf(text, sizeof(text), "%s[experiment]\n; %0250d\n", VALID, 0);
	parse_fails(text, "t.ini:11: line longer than 198 characters");
}

/* pr_spec_load below a work tree in a scratch directory of its own. */
struct tree {
	char *root;
};

static void tree_make(struct tree *t)
{
	t->root = pr_scratch_dir("test-spec-tree");
}

static void tree_write_bytes(struct tree *t, const char *name, const char *text,
			     size_t len)
{
	char *dir = pr_asprintf("experiments/%s", name);
	char *path = pr_asprintf("%s/%s/experiment.ini", t->root, dir);
	FILE *f;

	pr_scratch_mkdir(t->root, dir);
	assert_non_null(f = fopen(path, "w"));
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	free(path);
	free(dir);
}

static void tree_write(struct tree *t, const char *name, const char *text)
{
	tree_write_bytes(t, name, text, strlen(text));
}

static void tree_remove(struct tree *t)
{
	pr_scratch_remove(t->root);
	free(t->root);
}

static int load(pr_spec **out, char **err, const char *root, const char *name)
{
	struct capture c;
	int error;

	capture_begin(&c);
	error = pr_spec_load(out, root, name);
	*err = capture_end(&c);
	return error;
}

static void test_load(void **state)
{
	struct tree t;
	pr_spec *spec = NULL;
	char *err = NULL;

	(void)state;
	tree_make(&t);
	tree_write(&t, "pp", VALID "[schedule]\nreps = 0\n");
	assert_int_equal(load(&spec, &err, t.root, "pp"), PR_EINPUT);
	assert_null(spec);
	assert_string_equal(err, "prereg: experiments/pp/experiment.ini:11: "
				 "'reps' must be between 1 and 1000000, not "
				 "'0'\n");
	free(err);
	tree_remove(&t);

	tree_make(&t);
	tree_write(&t, "pp", VALID);
	assert_int_equal(load(&spec, &err, t.root, "pp"), PR_OK);
	assert_string_equal(err, "");
	assert_string_equal(spec->name, "pp");
	assert_string_equal(spec->path, "experiments/pp/experiment.ini");
	assert_int_equal(spec->nranks, 2);
	pr_spec_free(spec);
	free(err);
	tree_remove(&t);
}

/* experiments/pp/experiment.ini of the literal's bytes, NULs included,
 * fails to load with exactly this message. */
#define LOAD_FAILS(lit, message) load_fails((lit), sizeof(lit) - 1, (message))

static void load_fails(const char *text, size_t len, const char *message)
{
	struct tree t;
	pr_spec *spec = (pr_spec *)1;
	char *err = NULL, *want = pr_asprintf("prereg: %s\n", message);

	tree_make(&t);
	tree_write_bytes(&t, "pp", text, len);
	assert_int_equal(load(&spec, &err, t.root, "pp"), PR_EINPUT);
	assert_null(spec);
	assert_string_equal(err, want);
	free(want);
	free(err);
	tree_remove(&t);
}

static void test_load_nul(void **state)
{
	(void)state;
	LOAD_FAILS(WITH_CLAIM("a\0b"), "experiments/pp/experiment.ini:3: "
				       "'claim' holds a NUL byte");
	LOAD_FAILS(WITH_CLAIM("\0"), "experiments/pp/experiment.ini:3: "
				     "'claim' holds a NUL byte");
	LOAD_FAILS(VALID "; a comment\0\n",
		   "experiments/pp/experiment.ini:10: line holds a NUL byte");
	LOAD_FAILS(VALID "[schedule]\nre\0ps = 2\n",
		   "experiments/pp/experiment.ini:11: line holds a NUL byte");
	/* the earlier error wins */
	LOAD_FAILS(VALID "[schedule]\nreps = 0\n; \0\n",
		   "experiments/pp/experiment.ini:11: 'reps' must be between "
		   "1 and 1000000, not '0'");
}

static void test_load_missing(void **state)
{
	struct tree t;
	pr_spec *spec = (pr_spec *)1;
	char *err = NULL;

	(void)state;
	tree_make(&t);
	assert_int_equal(load(&spec, &err, t.root, "nope"), PR_EINPUT);
	assert_null(spec);
	assert_string_equal(err, "prereg: no experiment 'nope' "
				 "(experiments/nope/experiment.ini: No such "
				 "file or directory)\n");
	free(err);
	tree_remove(&t);
}

static void test_load_bad_name(void **state)
{
	static const char *const bad[] = {"a/b", "..", "../etc", "x/../y", ""};
	pr_spec *spec = (pr_spec *)1;
	char *err = NULL;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(load(&spec, &err, "/nonexistent", bad[i]),
				 PR_EINPUT);
		assert_null(spec);
		assert_non_null(strstr(err, "experiment name"));
		assert_null(strstr(err, "No such file"));
		free(err);
	}
}

static int group_setup(void **state)
{
	(void)state;
	scratch = pr_scratch_dir("test-spec");
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	pr_scratch_remove(scratch);
	free(scratch);
	return 0;
}

/* [claims]: each source, the filters of cells, and every refusal */
static void test_claims(void **state)
{
	pr_spec *spec = parse_ok(
	    VALID "[claims]\nring = cells phase=allreduce config=1: the ring "
		  "Allreduce within its band\nall = cells: every cell\n"
		  "steps = steps : steps at the predicted rows\n"
		  "ratio = launch-ratio: a over b as predicted\n"
		  "pap = pap pattern=one-late phase=allreduce bytes=1024: "
		  "PAP-aware beats the best built-in\n"
		  "var = variability: compute reproduces, comm does not\n");

	(void)state;
	assert_int_equal(spec->nclaims, 6);
	assert_string_equal(spec->claims[0].name, "ring");
	assert_int_equal(spec->claims[0].source, PR_CLAIM_CELLS);
	assert_string_equal(spec->claims[0].phase, "allreduce");
	assert_int_equal(spec->claims[0].config, 1);
	assert_string_equal(spec->claims[0].text,
			    "the ring Allreduce within its band");
	assert_null(spec->claims[1].phase);
	assert_int_equal(spec->claims[1].config, -1);
	assert_int_equal(spec->claims[2].source, PR_CLAIM_STEPS);
	assert_string_equal(spec->claims[2].text,
			    "steps at the predicted rows");
	assert_int_equal(spec->claims[3].source, PR_CLAIM_LAUNCH_RATIO);
	assert_string_equal(pr_claim_source_name(PR_CLAIM_LAUNCH_RATIO),
			    "launch-ratio");
	assert_int_equal(spec->claims[4].source, PR_CLAIM_PAP);
	assert_string_equal(spec->claims[4].pattern, "one-late");
	assert_string_equal(spec->claims[4].phase, "allreduce");
	assert_int_equal(spec->claims[4].bytes, 1024);
	assert_int_equal(spec->claims[5].source, PR_CLAIM_VARIABILITY);
	assert_null(spec->claims[5].pattern);
	assert_int_equal(spec->claims[5].bytes, 0);
	assert_string_equal(pr_claim_source_name(PR_CLAIM_VARIABILITY),
			    "variability");
	pr_spec_free(spec);
	parse_fails(VALID "[claims]\nring = cells\n",
		    "t.ini:11: claim 'ring' must be SOURCE [FILTER...]: "
		    "TEXT (sources: cells, steps, launch-ratio, pap, "
		    "variability)");
	parse_fails(VALID "[claims]\nring = cells:   \n",
		    "t.ini:11: claim 'ring' must be SOURCE [FILTER...]: "
		    "TEXT (sources: cells, steps, launch-ratio, pap, "
		    "variability)");
	parse_fails(VALID "[claims]\nring = bands: x\n",
		    "t.ini:11: unknown claim source 'bands' (known: cells, "
		    "steps, launch-ratio, pap, variability)");
	parse_fails(VALID "[claims]\nring = steps phase=x: y\n",
		    "t.ini:11: claim 'ring': 'phase=x' is no filter of source "
		    "'steps' (cells takes phase=P and config=N, pap phase=P, "
		    "pattern=P and bytes=N, each once; steps, launch-ratio "
		    "and variability none)");
	parse_fails(VALID "[claims]\nring = variability pattern=x: y\n",
		    "t.ini:11: claim 'ring': 'pattern=x' is no filter of "
		    "source 'variability' (cells takes phase=P and config=N, "
		    "pap phase=P, "
		    "pattern=P and bytes=N, each once; steps, launch-ratio "
		    "and variability none)");
	parse_fails(
	    VALID "[claims]\nring = cells pattern=x: y\n",
	    "t.ini:11: claim 'ring': 'pattern=x' is no filter of "
	    "source 'cells' (cells takes phase=P and config=N, pap phase=P, "
	    "pattern=P and bytes=N, each once; steps, launch-ratio "
	    "and variability none)");
	parse_fails(
	    VALID "[claims]\nring = pap config=1: y\n",
	    "t.ini:11: claim 'ring': 'config=1' is no filter of "
	    "source 'pap' (cells takes phase=P and config=N, pap phase=P, "
	    "pattern=P and bytes=N, each once; steps, launch-ratio "
	    "and variability none)");
	parse_fails(
	    VALID "[claims]\nring = pap pattern=a pattern=b: y\n",
	    "t.ini:11: claim 'ring': 'pattern=b' is no filter of "
	    "source 'pap' (cells takes phase=P and config=N, pap phase=P, "
	    "pattern=P and bytes=N, each once; steps, launch-ratio "
	    "and variability none)");
	parse_fails(VALID "[claims]\nring = pap bytes=0: y\n",
		    "t.ini:11: 'bytes' must be between 1 and 1099511627776, "
		    "not '0'");
	parse_fails(VALID "[claims]\nring = cells phase=a phase=b: y\n",
		    "t.ini:11: claim 'ring': 'phase=b' is no filter of source "
		    "'cells' (cells takes phase=P and config=N, pap phase=P, "
		    "pattern=P and bytes=N, each once; steps, launch-ratio "
		    "and variability none)");
	parse_fails(VALID "[claims]\nring = : y\n",
		    "t.ini:11: claim 'ring' names no source");
	parse_fails(VALID "[claims]\n-ring = cells: y\n",
		    "t.ini:11: claim name '-ring' is not a name (letters, "
		    "digits, '.', '-' and '_', not first '.' or '-', at most "
		    "64)");
	parse_fails(VALID "[claims]\na = cells: x\na = steps: y\n",
		    "t.ini:12: claim 'a' is stated twice");
	parse_fails(VALID "[claims]\na = cells config=-1: x\n",
		    "t.ini:11: 'config' must be between 0 and 1000000, not "
		    "'-1'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_full_spec),
	    cmocka_unit_test(test_pingpong_sizes),
	    cmocka_unit_test(test_mpi_factors),
	    cmocka_unit_test(test_extra_sizes),
	    cmocka_unit_test(test_calibration_keys),
	    cmocka_unit_test(test_defaults),
	    cmocka_unit_test(test_reproduce_tolerance),
	    cmocka_unit_test(test_reproduce_tolerance_phase),
	    cmocka_unit_test(test_claims),
	    cmocka_unit_test(test_layout),
	    cmocka_unit_test(test_unknown_section),
	    cmocka_unit_test(test_unknown_key),
	    cmocka_unit_test(test_syntax_error),
	    cmocka_unit_test(test_wrong_type),
	    cmocka_unit_test(test_empty_value),
	    cmocka_unit_test(test_text_values),
	    cmocka_unit_test(test_ranks_range),
	    cmocka_unit_test(test_group_partitions),
	    cmocka_unit_test(test_schedule_range),
	    cmocka_unit_test(test_relaunch),
	    cmocka_unit_test(test_shape_range),
	    cmocka_unit_test(test_unknown_factor_values),
	    cmocka_unit_test(test_unknown_names),
	    cmocka_unit_test(test_duplicate_key),
	    cmocka_unit_test(test_missing_required),
	    cmocka_unit_test(test_pin_tsa),
	    cmocka_unit_test(test_interleave),
	    cmocka_unit_test(test_edition),
	    cmocka_unit_test(test_size_order),
	    cmocka_unit_test(test_yield),
	    cmocka_unit_test(test_workload_requirements),
	    cmocka_unit_test(test_model_calibration),
	    cmocka_unit_test(test_holdout),
	    cmocka_unit_test(test_rows_sweep_and_split),
	    cmocka_unit_test(test_gpu_groups_and_launch),
	    cmocka_unit_test(test_blocks_groups),
	    cmocka_unit_test(test_launch_settings),
	    cmocka_unit_test(test_launch_settings_errors),
	    cmocka_unit_test(test_long_line),
	    cmocka_unit_test(test_load),
	    cmocka_unit_test(test_load_nul),
	    cmocka_unit_test(test_load_missing),
	    cmocka_unit_test(test_load_bad_name),
	    cmocka_unit_test(test_arrival_grid),
	    cmocka_unit_test(test_arrival_rules),
	    cmocka_unit_test(test_dp_step),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
