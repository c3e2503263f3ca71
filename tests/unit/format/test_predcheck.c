/* test_predcheck.c - unit tests of src/format/predcheck.c: every rule of the
 * check on both sides of its edge */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "format/predcheck.h"
#include "format/spec.h"
#include "base/util.h"
#include "helpers/scratch.h"

#define BLOB "0123456789abcdef0123456789abcdef01234567"
#define OTHER "1111111111111111111111111111111111111111"

/* Row-split over 3 ranks, 10 rows, 2 configs (vader, tcp). */
#define SPEC_SPLIT                                                             \
	"[experiment]\n"                                                       \
	"kind = validation\n"                                                  \
	"claim = c\n"                                                          \
	"workload = row-split\n"                                               \
	"[shape]\n"                                                            \
	"rows = 10\n"                                                          \
	"keys = 4\n"                                                           \
	"d = 8\n"                                                              \
	"[ranks]\n"                                                            \
	"group = cpu*2, cpu-naive*1\n"                                         \
	"[factors]\n"                                                          \
	"transport = vader, tcp\n"                                             \
	"[model]\n"                                                            \
	"name = split-gatherv\n"                                               \
	"calibration = cal\n"                                                  \
	"comm_calibration = cal2\n"

/* A launch-geometry sweep whose rows the prediction places. */
#define SPEC_SWEEP                                                             \
	"[experiment]\n"                                                       \
	"kind = validation\n"                                                  \
	"claim = c\n"                                                          \
	"workload = rows-sweep\n"                                              \
	"[shape]\n"                                                            \
	"rows = 16384\n"                                                       \
	"rows_list = auto\n"                                                   \
	"keys = 4\n"                                                           \
	"d = 8\n"                                                              \
	"[ranks]\n"                                                            \
	"group = cuda:0*1\n"                                                   \
	"[model]\n"                                                            \
	"name = launch-geometry\n"

/* A kv-split with neither split nor sweep. */
#define SPEC_PLAIN                                                             \
	"[experiment]\n"                                                       \
	"kind = validation\n"                                                  \
	"claim = c\n"                                                          \
	"workload = kv-split\n"                                                \
	"[shape]\n"                                                            \
	"rows = 10\n"                                                          \
	"keys = 4\n"                                                           \
	"d = 8\n"                                                              \
	"[ranks]\n"                                                            \
	"group = cpu*2\n"

static pr_spec *spec_of(const char *text)
{
	pr_spec *spec = NULL;

	assert_int_equal(
	    pr_spec_parse(&spec, text, "experiments/s/experiment.ini", "s"),
	    PR_OK);
	return spec;
}

/* A prediction of SPEC_SPLIT that passes: one cell with every field. */
static json_t *split_pred(void)
{
	return json_pack("{s:s, s:s, s:[{s:i, s:s, s:f, s:f, s:f, s:i, s:i, "
			 "s:s, s:s}], s:{s:[i, i, i]}}",
			 "experiment", "s", "spec_blob", BLOB, "cells",
			 "config", 1, "phase", "compute", "predicted_s", 1.0,
			 "lo_s", 0.85, "hi_s", 1.15, "rank", 2, "rows", 3,
			 "device", "cpu", "reduce", "max_over_ranks", "split",
			 "rows_per_rank", 4, 4, 2);
}

static json_t *sweep_pred(void)
{
	return json_pack("{s:s, s:s, s:[], s:{s:[i, i]}}", "experiment", "s",
			 "spec_blob", BLOB, "cells", "sweep", "rows_list", 1,
			 128);
}

/* pr_prediction_check of text, silenced; its message in pr_last_error. */
static int check_text(const char *text, size_t len, const pr_spec *spec,
		      const char *what)
{
	json_t *out = NULL;
	int error = pr_prediction_check(&out, text, len, spec, BLOB, what);

	if (error == PR_OK)
		assert_true(json_is_object(out));
	else
		assert_null(out);
	json_decref(out);
	return error;
}

/* Check pred (which it decrefs) against spec. */
static int check(json_t *pred, const pr_spec *spec)
{
	char *text = json_dumps(pred, JSON_SORT_KEYS);
	int error;

	assert_non_null(text);
	error = check_text(text, strlen(text), spec, NULL);
	free(text);
	json_decref(pred);
	return error;
}

static void assert_has(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle))
		fail_msg("expected '%s' in '%s'", needle, haystack);
}

static void refused(json_t *pred, const pr_spec *spec, const char *why)
{
	assert_int_equal(check(pred, spec), PR_EINPUT);
	assert_has(pr_last_error(), "predictions/s.json: ");
	assert_has(pr_last_error(), why);
}

static void passes(json_t *pred, const pr_spec *spec)
{
	if (check(pred, spec) != PR_OK)
		fail_msg("refused: %s", pr_last_error());
}

/* The first cell of a prediction. */
static json_t *cell0(json_t *pred)
{
	return json_array_get(json_object_get(pred, "cells"), 0);
}

/* split_pred() with cell 0's key set to v (NULL: removed). */
static json_t *with_cell(const char *key, json_t *v)
{
	json_t *pred = split_pred();

	if (v)
		json_object_set_new(cell0(pred), key, v);
	else
		json_object_del(cell0(pred), key);
	return pred;
}

static json_t *with_bounds(double lo, double p, double hi)
{
	json_t *pred = split_pred();

	json_object_set_new(cell0(pred), "lo_s", json_real(lo));
	json_object_set_new(cell0(pred), "predicted_s", json_real(p));
	json_object_set_new(cell0(pred), "hi_s", json_real(hi));
	return pred;
}

static void test_valid(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);
	json_t *out = NULL, *pred = split_pred();
	char *text = json_dumps(pred, 0);

	(void)state;
	assert_int_equal(
	    pr_prediction_check(&out, text, strlen(text), spec, BLOB, NULL),
	    PR_OK);
	assert_true(json_equal(out, pred));
	json_decref(out);
	/* out may be NULL */
	assert_int_equal(
	    pr_prediction_check(NULL, text, strlen(text), spec, BLOB, NULL),
	    PR_OK);
	free(text);
	json_decref(pred);
	pr_spec_free(spec);
}

static void test_not_json(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);
	static const char random_bytes[] = "\x8f\x01\xfe\x00\x42\x99\xc3";
	json_t *pred = split_pred();
	char *text = json_dumps(pred, JSON_INDENT(2)), *cut;

	(void)state;
	json_decref(pred);
	cut = pr_strdup(text);
	cut[strlen(cut) / 2] = '\0';
	assert_int_equal(check_text(cut, strlen(cut), spec, NULL), PR_EINPUT);
	assert_has(pr_last_error(), "predictions/s.json: not JSON (line ");
	assert_has(pr_last_error(), ", column ");
	/* the whole text passes */
	assert_int_equal(check_text(text, strlen(text), spec, NULL), PR_OK);
	assert_int_equal(
	    check_text(random_bytes, sizeof(random_bytes) - 1, spec, NULL),
	    PR_EINPUT);
	assert_has(pr_last_error(), "not JSON");
	assert_int_equal(check_text("", 0, spec, NULL), PR_EINPUT);
	assert_has(pr_last_error(), "not JSON");
	free(cut);
	free(text);
	pr_spec_free(spec);
}

/* NaN and infinities do not get through the parser. */
static void test_not_finite(void **state)
{
	pr_spec *spec = spec_of(SPEC_PLAIN);
	const char *fmt = "{\"experiment\": \"s\", \"spec_blob\": \"" BLOB
			  "\", \"cells\": [{\"config\": 0, \"phase\": \"p\", "
			  "\"predicted_s\": %s, \"lo_s\": 0.5, \"hi_s\": "
			  "2}]}";
	static const char *const bad[] = {"NaN", "Infinity", "1e999", "-1e999"};
	char text[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), fmt, bad[i]);
		assert_int_equal(check_text(text, strlen(text), spec, NULL),
				 PR_EINPUT);
		assert_has(pr_last_error(), "not JSON");
	}
	snprintf(text, sizeof(text), fmt, "1.5");
	assert_int_equal(check_text(text, strlen(text), spec, NULL), PR_OK);
	pr_spec_free(spec);
}

static void test_duplicate_keys(void **state)
{
	pr_spec *spec = spec_of(SPEC_PLAIN);
	const char *dup = "{\"experiment\": \"s\", \"spec_blob\": \"" BLOB
			  "\", \"cells\": [], \"cells\": [{}]}";
	const char *once = "{\"experiment\": \"s\", \"spec_blob\": \"" BLOB
			   "\", \"cells\": []}";

	(void)state;
	assert_int_equal(check_text(dup, strlen(dup), spec, NULL), PR_EINPUT);
	assert_has(pr_last_error(), "duplicate");
	assert_int_equal(check_text(once, strlen(once), spec, NULL), PR_OK);
	pr_spec_free(spec);
}

static void test_not_object(void **state)
{
	pr_spec *spec = spec_of(SPEC_PLAIN);

	(void)state;
	refused(json_array(), spec, "not a JSON object");
	refused(json_pack("[{}]"), spec, "not a JSON object");
	/* jansson takes no other value at the top */
	assert_int_equal(check_text("\"s\"", 3, spec, NULL), PR_EINPUT);
	assert_has(pr_last_error(), "not JSON");
	pr_spec_free(spec);
}

static void test_experiment(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);
	json_t *pred = split_pred();

	(void)state;
	json_object_del(pred, "experiment");
	refused(pred, spec, "\"experiment\" must be a string");
	pred = split_pred();
	json_object_set_new(pred, "experiment", json_integer(1));
	refused(pred, spec, "\"experiment\" must be a string");
	pred = split_pred();
	json_object_set_new(pred, "experiment", json_string("t"));
	refused(pred, spec, "is the prediction of 't', not 's'");
	pred = split_pred();
	json_object_set_new(pred, "experiment", json_string("s2"));
	refused(pred, spec, "is the prediction of 's2', not 's'");
	passes(split_pred(), spec);
	pr_spec_free(spec);
}

static void test_spec_blob(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);
	json_t *pred = split_pred();

	(void)state;
	json_object_del(pred, "spec_blob");
	refused(pred, spec, "\"spec_blob\" must be a string");
	pred = split_pred();
	json_object_set_new(pred, "spec_blob", json_string(OTHER));
	refused(pred, spec,
		"was predicted from spec blob 111111111111, not from "
		"experiments/s/experiment.ini (blob 0123456789ab)");
	pred = split_pred();
	json_object_set_new(pred, "spec_blob", json_string(BLOB "0"));
	refused(pred, spec, "was predicted from spec blob");
	passes(split_pred(), spec);
	pr_spec_free(spec);
}

static void test_cells_array(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);
	json_t *pred = split_pred();

	(void)state;
	json_object_del(pred, "cells");
	refused(pred, spec, "\"cells\" must be an array");
	pred = split_pred();
	json_object_set_new(pred, "cells", json_object());
	refused(pred, spec, "\"cells\" must be an array");
	pred = split_pred();
	json_object_set_new(pred, "cells", json_array());
	passes(pred, spec);
	pred = split_pred();
	json_array_append_new(json_object_get(pred, "cells"), json_integer(1));
	refused(pred, spec, "cell 1 is not an object");
	pr_spec_free(spec);
}

static void test_cell_config(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);

	(void)state;
	refused(with_cell("config", NULL), spec,
		"cell 0: config must be an integer in [0, 1] (the spec has 2 "
		"configs)");
	refused(with_cell("config", json_integer(-1)), spec, "config must");
	passes(with_cell("config", json_integer(0)), spec);
	passes(with_cell("config", json_integer(1)), spec);
	refused(with_cell("config", json_integer(2)), spec, "config must");
	refused(with_cell("config", json_real(0.0)), spec, "config must");
	refused(with_cell("config", json_string("0")), spec, "config must");
	pr_spec_free(spec);
}

static void test_cell_phase(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);

	(void)state;
	refused(with_cell("phase", NULL), spec,
		"cell 0: phase must be a non-empty string");
	refused(with_cell("phase", json_string("")), spec, "phase must");
	refused(with_cell("phase", json_integer(1)), spec, "phase must");
	passes(with_cell("phase", json_string("x")), spec);
	pr_spec_free(spec);
}

static void test_cell_predicted(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);

	(void)state;
	refused(with_cell("predicted_s", NULL), spec,
		"cell 0: predicted_s must be a finite number > 0");
	refused(with_cell("predicted_s", json_string("1")), spec,
		"predicted_s must");
	refused(with_bounds(0, 0, 1), spec, "predicted_s must");
	refused(with_bounds(0, -1e-9, 1), spec, "predicted_s must");
	passes(with_bounds(0, 1e-300, 1), spec);
	/* an integer is a number too */
	passes(with_cell("hi_s", json_integer(2)), spec);
	pr_spec_free(spec);
}

static void test_cell_bounds(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);

	(void)state;
	refused(with_cell("lo_s", NULL), spec,
		"cell 0: lo_s and hi_s must be finite numbers");
	refused(with_cell("hi_s", NULL), spec, "lo_s and hi_s must");
	refused(with_cell("hi_s", json_null()), spec, "lo_s and hi_s must");
	/* lo >= 0: a tolerance of 1 puts lo at 0 */
	refused(with_bounds(-1e-9, 1, 2), spec,
		"cell 0: needs 0 <= lo_s <= predicted_s <= hi_s, has -1e-09, "
		"1, 2");
	passes(with_bounds(0, 1, 2), spec);
	/* lo <= predicted */
	refused(with_bounds(1.01, 1, 2), spec, "needs 0 <= lo_s");
	passes(with_bounds(1, 1, 2), spec);
	/* predicted <= hi */
	refused(with_bounds(0.5, 1, 0.99), spec, "needs 0 <= lo_s");
	passes(with_bounds(0.5, 1, 1), spec);
	/* lo > hi */
	refused(with_bounds(1.2, 1.1, 1.0), spec, "has 1.2, 1.1, 1");
	pr_spec_free(spec);
}

static void test_cell_rows(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);

	(void)state;
	passes(with_cell("rows", NULL), spec);
	refused(with_cell("rows", json_integer(-1)), spec,
		"cell 0: rows must be an integer in [0, 16777216]");
	passes(with_cell("rows", json_integer(0)), spec);
	passes(with_cell("rows", json_integer(1L << 24)), spec);
	refused(with_cell("rows", json_integer((1L << 24) + 1)), spec,
		"rows must");
	refused(with_cell("rows", json_string("3")), spec, "rows must");
	pr_spec_free(spec);
}

/* bytes: whole numbers in [0, 2^40], as integers or (older pins) reals */
static void test_cell_bytes(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);

	(void)state;
	passes(with_cell("bytes", json_integer(0)), spec);
	passes(with_cell("bytes", json_real(8421376.0)), spec);
	passes(with_cell("bytes", json_integer(1099511627776LL)), spec);
	refused(with_cell("bytes", json_integer(1099511627777LL)), spec,
		"cell 0: bytes must be a whole number in [0, 2^40]");
	refused(with_cell("bytes", json_integer(-1)), spec, "bytes must");
	refused(with_cell("bytes", json_real(8.5)), spec, "bytes must");
	refused(with_cell("bytes", json_string("8")), spec, "bytes must");
	pr_spec_free(spec);
}

static void test_cell_rank(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);

	(void)state;
	passes(with_cell("rank", NULL), spec);
	refused(with_cell("rank", json_integer(-1)), spec,
		"cell 0: rank must be an integer in [0, 2] (the spec has 3 "
		"ranks)");
	passes(with_cell("rank", json_integer(0)), spec);
	passes(with_cell("rank", json_integer(2)), spec);
	refused(with_cell("rank", json_integer(3)), spec, "rank must");
	refused(with_cell("rank", json_real(1.0)), spec, "rank must");
	pr_spec_free(spec);
}

static void test_cell_device_reduce(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);

	(void)state;
	refused(with_cell("device", json_integer(0)), spec,
		"cell 0: device must be a string");
	passes(with_cell("device", NULL), spec);
	refused(with_cell("reduce", json_string("sum")), spec,
		"cell 0: reduce must be \"span\", \"after_last_arrival\", "
		"\"arrival_spread\" or \"max_over_ranks\"");
	refused(with_cell("reduce", json_string("Span")), spec, "reduce must");
	refused(with_cell("reduce", json_true()), spec, "reduce must");
	passes(with_cell("reduce", json_string("span")), spec);
	passes(with_cell("reduce", json_string("after_last_arrival")), spec);
	passes(with_cell("reduce", json_string("arrival_spread")), spec);
	passes(with_cell("reduce", json_string("max_over_ranks")), spec);
	passes(with_cell("reduce", NULL), spec);
	pr_spec_free(spec);
}

/* The labels of a cell: formula, control, extrapolated, held_out, and
 * its null. */
static void test_cell_labels(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);

	(void)state;
	passes(with_cell("formula", json_string("reduce+bcast")), spec);
	refused(with_cell("formula", json_integer(1)), spec,
		"cell 0: formula must be a string");
	passes(with_cell("control", json_string("negative")), spec);
	refused(with_cell("control", json_string("positive")), spec,
		"cell 0: control must be \"negative\"");
	refused(with_cell("control", json_true()), spec, "control must");
	passes(with_cell("extrapolated", json_true()), spec);
	passes(with_cell("extrapolated", json_false()), spec);
	refused(with_cell("extrapolated", json_string("yes")), spec,
		"cell 0: extrapolated must be true or false");
	passes(with_cell("held_out", json_true()), spec);
	refused(with_cell("held_out", json_integer(1)), spec,
		"cell 0: held_out must be true or false");
	passes(with_cell("null_s", json_real(1e-9)), spec);
	refused(with_cell("null_s", json_real(0)), spec,
		"cell 0: null_s must be a positive number of seconds");
	refused(with_cell("null_s", json_string("1")), spec,
		"cell 0: null_s must be");
	passes(
	    with_cell("terms", json_pack("{s:f, s:f, s:f}", "transfers_s", 1e-6,
					 "reductions_s", 0.0, "copies_s", 0.0)),
	    spec);
	refused(with_cell("terms", json_pack("{s:f, s:f}", "transfers_s", 1e-6,
					     "reductions_s", 0.0)),
		spec,
		"cell 0: terms must be an object of finite numbers "
		"transfers_s, reductions_s and copies_s");
	refused(with_cell("terms", json_string("x")), spec,
		"cell 0: terms must be");
	pr_spec_free(spec);
}

/* split_pred() with one ratio of config 0 over config num, predicted p
 * in [lo, hi]. */
static json_t *with_ratio(int num, double p, double lo, double hi)
{
	json_t *pred = split_pred();

	json_object_set_new(
	    pred, "ratios",
	    json_pack("[{s:s, s:{s:i, s:s}, s:{s:i, s:s}, s:f, s:f, s:f}]",
		      "name", "a/b", "numerator", "config", num, "phase",
		      "compute", "denominator", "config", 0, "phase", "compute",
		      "predicted", p, "lo", lo, "hi", hi));
	return pred;
}

/* "ratios": cells of the spec's configs; lo <= predicted <= hi. */
static void test_ratios(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);
	json_t *pred;

	(void)state;
	passes(with_ratio(0, 2, 1, 3), spec);
	passes(with_ratio(0, 2, 2, 2), spec);
	refused(with_ratio(0, 2, 2.1, 3), spec,
		"ratio 0: predicted must be > 0 and lie in [lo, hi], lo >= 0");
	refused(with_ratio(0, 2, 1, 1.9), spec, "ratio 0: predicted must");
	refused(with_ratio(0, 0, 0, 1), spec, "ratio 0: predicted must");
	refused(with_ratio(0, 2, -1, 3), spec, "ratio 0: predicted must");
	refused(with_ratio(pr_spec_nconfigs(spec), 2, 1, 3), spec,
		"ratio 0 needs a name and numerator and denominator cells "
		"(config, phase)");
	pred = split_pred();
	json_object_set_new(pred, "ratios", json_object());
	refused(pred, spec, "\"ratios\" must be an array");
	pr_spec_free(spec);
}

/* split_pred() with rows_per_rank replaced by v (NULL: removed). */
static json_t *with_split(json_t *v)
{
	json_t *pred = split_pred();
	json_t *split = json_object_get(pred, "split");

	if (v)
		json_object_set_new(split, "rows_per_rank", v);
	else
		json_object_del(split, "rows_per_rank");
	return pred;
}

/* A model waiting for a GPU calibration: no cells and no split, which
 * row-split otherwise needs; malformed or with cells, refused. */
static void test_unavailable(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT);
	json_t *u = json_pack("{s:s, s:s}", "calibration", "cal", "why",
			      "no committed run");
	json_t *pred = split_pred();

	(void)state;
	json_object_del(pred, "split");
	json_array_clear(json_object_get(pred, "cells"));
	json_object_set(pred, "unavailable", u);
	passes(json_deep_copy(pred), spec);
	json_object_set_new(pred, "unavailable", json_string("cal"));
	refused(json_deep_copy(pred), spec, "\"unavailable\" must be");
	json_object_set_new(pred, "unavailable",
			    json_pack("{s:s}", "calibration", "cal"));
	refused(json_deep_copy(pred), spec, "\"unavailable\" must be");
	json_object_set_new(
	    pred, "unavailable",
	    json_pack("{s:i, s:s}", "calibration", 1, "why", "w"));
	refused(json_deep_copy(pred), spec, "\"unavailable\" must be");
	json_decref(pred);
	pred = split_pred();
	json_object_set(pred, "unavailable", u);
	refused(pred, spec, "marks its model unavailable and has cells");
	json_decref(u);
	pr_spec_free(spec);
}

static void test_split(void **state)
{
	pr_spec *spec = spec_of(SPEC_SPLIT), *plain = spec_of(SPEC_PLAIN);
	json_t *pred = split_pred();

	(void)state;
	json_object_del(pred, "split");
	refused(pred, spec,
		"workload row-split needs \"split\": {\"rows_per_rank\": "
		"[...]}, one count per rank");
	refused(with_split(NULL), spec, "workload row-split needs");
	refused(with_split(json_string("4, 4, 2")), spec,
		"workload row-split needs");
	refused(with_split(json_pack("[i, i]", 5, 5)), spec,
		"split.rows_per_rank has 2 counts, the spec has 3 ranks");
	refused(with_split(json_pack("[i, i, i, i]", 4, 4, 2, 0)), spec,
		"has 4 counts");
	refused(with_split(json_pack("[i, i, i]", 10, -1, 1)), spec,
		"split.rows_per_rank[1] must be an integer in [0, 10]");
	passes(with_split(json_pack("[i, i, i]", 6, 4, 0)), spec);
	passes(with_split(json_pack("[i, i, i]", 10, 0, 0)), spec);
	refused(with_split(json_pack("[i, i, i]", 11, 0, 0)), spec,
		"split.rows_per_rank[0] must be");
	refused(with_split(json_pack("[i, f, i]", 4, 4.0, 2)), spec,
		"split.rows_per_rank[1] must be");
	refused(with_split(json_pack("[i, i, i]", 4, 3, 2)), spec,
		"split.rows_per_rank adds up to 9 rows, the spec has 10");
	refused(with_split(json_pack("[i, i, i]", 4, 5, 2)), spec,
		"adds up to 11 rows");
	/* a workload that reads no split needs none */
	pred = split_pred();
	json_object_del(pred, "split");
	json_object_set_new(cell0(pred), "rank", json_integer(1));
	json_object_set_new(cell0(pred), "config", json_integer(0));
	passes(pred, plain);
	pr_spec_free(spec);
	pr_spec_free(plain);
}

/* sweep_pred() with rows_list replaced by v (NULL: removed). */
static json_t *with_rows(json_t *v)
{
	json_t *pred = sweep_pred();
	json_t *sweep = json_object_get(pred, "sweep");

	if (v)
		json_object_set_new(sweep, "rows_list", v);
	else
		json_object_del(sweep, "rows_list");
	return pred;
}

static void test_sweep(void **state)
{
	pr_spec *spec = spec_of(SPEC_SWEEP), *plain = spec_of(SPEC_PLAIN);
	json_t *pred = sweep_pred(), *many = json_array();
	int i;

	(void)state;
	json_object_del(pred, "sweep");
	refused(pred, spec,
		"places no rows (sweep.rows_list is missing or empty: was "
		"there no device when it was predicted?)");
	refused(with_rows(NULL), spec, "places no rows");
	refused(with_rows(json_array()), spec, "places no rows");
	refused(with_rows(json_string("1, 128")), spec,
		"sweep.rows_list must be an array of row counts");
	passes(with_rows(json_pack("[i]", 1)), spec);
	refused(with_rows(json_pack("[i, i]", 1, 0)), spec,
		"sweep.rows_list[1] must be an integer in [1, 16777216]");
	passes(with_rows(json_pack("[i]", 1L << 24)), spec);
	refused(with_rows(json_pack("[I]", (json_int_t)(1L << 24) + 1)), spec,
		"sweep.rows_list[0] must be");
	refused(with_rows(json_pack("[s]", "1")), spec,
		"sweep.rows_list[0] must be");
	for (i = 1; i <= 64; i++)
		json_array_append_new(many, json_integer(i));
	passes(with_rows(json_deep_copy(many)), spec);
	json_array_append_new(many, json_integer(65));
	refused(with_rows(many), spec,
		"sweep.rows_list has 65 row counts, at most 64 run");
	/* rows_list given in the spec: the prediction places none */
	pred = sweep_pred();
	json_object_del(pred, "sweep");
	passes(pred, plain);
	pr_spec_free(spec);
	pr_spec_free(plain);
}

/* With a context the message says who refuses and what to do next. */
static void test_message(void **state)
{
	pr_spec *split = spec_of(SPEC_SPLIT), *sweep = spec_of(SPEC_SWEEP);
	json_t *pred = with_bounds(1.2, 1.1, 1.0);
	char *text = json_dumps(pred, 0);

	(void)state;
	assert_int_equal(
	    check_text(text, strlen(text), split, "cannot pin 's'"), PR_EINPUT);
	assert_string_equal(pr_last_error(),
			    "cannot pin 's': predictions/s.json: cell 0: needs "
			    "0 <= lo_s <= predicted_s <= hi_s, has 1.2, 1.1, 1 "
			    "(run 'prereg predict s', then 'prereg pin s')");
	assert_int_equal(check_text(text, strlen(text), split, NULL),
			 PR_EINPUT);
	assert_string_equal(pr_last_error(),
			    "predictions/s.json: cell 0: needs 0 <= lo_s <= "
			    "predicted_s <= hi_s, has 1.2, 1.1, 1");
	free(text);
	json_decref(pred);
	pred = with_rows(NULL);
	text = json_dumps(pred, 0);
	assert_int_equal(
	    check_text(text, strlen(text), sweep, "cannot run 's'"), PR_EINPUT);
	assert_has(pr_last_error(), "cannot run 's': predictions/s.json: "
				    "places no rows");
	assert_has(pr_last_error(), "(run 'prereg predict s' where the device "
				    "is, then 'prereg pin s')");
	free(text);
	json_decref(pred);
	pr_spec_free(split);
	pr_spec_free(sweep);
}

/* A blob of text in repo. */
static git_oid blob_of(git_repository *repo, const char *text)
{
	git_oid id;

	assert_int_equal(
	    git_blob_create_from_buffer(&id, repo, text, strlen(text)), 0);
	return id;
}

static int check_blobs(git_repository *repo, const git_oid *spec,
		       const git_oid *pred)
{
	json_t *out = NULL;
	int error =
	    pr_prediction_check_blobs(&out, repo, "s", spec, pred, NULL);

	assert_true(error == PR_OK ? json_is_object(out) : out == NULL);
	json_decref(out);
	return error;
}

static void test_blobs(void **state)
{
	char *dir, hex[GIT_OID_HEXSZ + 1];
	git_repository *repo = NULL;
	git_oid spec, pred, missing;
	json_t *p;
	char *text;

	(void)state;
	dir = pr_scratch_dir("test-predcheck");
	pr_scratch_repo_init(dir);
	git_libgit2_init();
	assert_int_equal(git_repository_open(&repo, dir), 0);
	spec = blob_of(repo, SPEC_SPLIT);
	git_oid_tostr(hex, sizeof(hex), &spec);
	p = split_pred();
	json_object_set_new(p, "spec_blob", json_string(hex));
	text = json_dumps(p, 0);
	pred = blob_of(repo, text);
	free(text);
	assert_int_equal(check_blobs(repo, &spec, &pred), PR_OK);

	/* the same prediction against another spec's blob */
	spec = blob_of(repo, SPEC_SPLIT "; edited\n");
	assert_int_equal(check_blobs(repo, &spec, &pred), PR_EINPUT);
	assert_has(pr_last_error(), "was predicted from spec blob");
	/* a spec that does not parse */
	spec = blob_of(repo, "[experiment]\nkind = sideways\n");
	assert_int_equal(check_blobs(repo, &spec, &pred), PR_EINPUT);
	assert_has(pr_last_error(), "experiments/s/experiment.ini");
	/* a blob that is not there */
	assert_int_equal(git_oid_fromstr(&missing, OTHER), 0);
	assert_int_equal(check_blobs(repo, &missing, &pred), PR_EFAIL);
	assert_has(pr_last_error(),
		   "cannot read 'experiments/s/experiment.ini'");
	assert_int_equal(check_blobs(repo, &pred, &missing), PR_EFAIL);
	git_repository_free(repo);
	json_decref(p);
	pr_scratch_remove(dir);
	free(dir);
}

/* An arrival experiment, 2 ranks: configs (ring, none), (ring, one-late),
 * (pap, none), (pap, one-late). */
#define SPEC_ARRIVAL                                                           \
	"[experiment]\n"                                                       \
	"kind = validation\n"                                                  \
	"claim = c\n"                                                          \
	"workload = arrival\n"                                                 \
	"[shape]\n"                                                            \
	"sizes = 64\n"                                                         \
	"[ranks]\n"                                                            \
	"group = cpu*2\n"                                                      \
	"[mpi]\n"                                                              \
	"algorithm = ring, pap\n"                                              \
	"[arrival]\n"                                                          \
	"pattern = none, one-late\n"                                           \
	"delay_us = 100\n"

/* A cell of SPEC_ARRIVAL's config 3 (pap, one-late) with key = value
 * added (key NULL: none). */
static json_t *arrival_pred(const char *key, json_t *value)
{
	json_t *p = json_pack(
	    "{s:s, s:s, s:[{s:i, s:s, s:i, s:s, s:f, s:f, s:f, s:s, s:s, "
	    "s:f, s:f, s:f, s:f}]}",
	    "experiment", "s", "spec_blob", BLOB, "cells", "config", 3, "phase",
	    "allreduce", "bytes", 64, "reduce", "span", "predicted_s", 1e-4,
	    "lo_s", 0.5e-4, "hi_s", 1.5e-4, "algorithm", "pap", "pattern",
	    "one-late", "t_msg_s", 1e-6, "spread_s", 1e-4, "hop_s", 1e-6,
	    "reduce_s", 0.0);

	if (key)
		json_object_set_new(
		    json_array_get(json_object_get(p, "cells"), 0), key, value);
	return p;
}

/* The fields of an arrival cell: the config's pattern and algorithm,
 * t_msg_s > 0, the priced terms >= 0; the replayed delays. */
static void test_arrival_cells(void **state)
{
	pr_spec *spec = spec_of(SPEC_ARRIVAL), *plain = spec_of(SPEC_PLAIN);
	json_t *p;

	(void)state;
	assert_int_equal(check(arrival_pred(NULL, NULL), spec), PR_OK);
	refused(arrival_pred("pattern", json_string("none")), spec,
		"cell 0: pattern must be \"one-late\", config 3's");
	refused(arrival_pred("pattern", json_integer(1)), spec,
		"pattern must be");
	refused(arrival_pred("algorithm", json_string("ring")), spec,
		"cell 0: algorithm must be \"pap\", config 3's");
	refused(arrival_pred("t_msg_s", json_real(0.0)), spec,
		"cell 0: t_msg_s must be a finite number > 0");
	refused(arrival_pred("t_msg_s", json_string("1")), spec,
		"t_msg_s must be");
	assert_int_equal(check(arrival_pred("t_msg_s", json_real(1e-12)), spec),
			 PR_OK);
	refused(arrival_pred("reduce_s", json_real(-1e-9)), spec,
		"cell 0: reduce_s must be a finite number >= 0");
	refused(arrival_pred("t_alg_s", json_string("x")), spec,
		"cell 0: t_alg_s must be a finite number >= 0");
	/* other workloads' cells are not read for these fields */
	p = json_pack("{s:s, s:s, s:[{s:i, s:s, s:f, s:f, s:f, s:s}]}",
		      "experiment", "s", "spec_blob", BLOB, "cells", "config",
		      0, "phase", "allreduce", "predicted_s", 1.0, "lo_s", 0.5,
		      "hi_s", 1.5, "pattern", "whatever");
	assert_int_equal(check(p, plain), PR_OK);
	p = arrival_pred(NULL, NULL);
	json_object_set_new(p, "arrival",
			    json_pack("{s:[i, i]}", "replay_ns", 0, 1500));
	assert_int_equal(check(p, spec), PR_OK);
	p = arrival_pred(NULL, NULL);
	json_object_set_new(p, "arrival",
			    json_pack("{s:[i, i]}", "replay_ns", 0, -1));
	refused(p, spec, "arrival.replay_ns[1] must be an integer >= 0");
	p = arrival_pred(NULL, NULL);
	json_object_set_new(p, "arrival", json_string("x"));
	refused(p, spec, "\"arrival\" must be an object");
	pr_spec_free(spec);
	pr_spec_free(plain);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_valid),
	    cmocka_unit_test(test_not_json),
	    cmocka_unit_test(test_not_finite),
	    cmocka_unit_test(test_duplicate_keys),
	    cmocka_unit_test(test_not_object),
	    cmocka_unit_test(test_experiment),
	    cmocka_unit_test(test_spec_blob),
	    cmocka_unit_test(test_cells_array),
	    cmocka_unit_test(test_cell_config),
	    cmocka_unit_test(test_cell_phase),
	    cmocka_unit_test(test_cell_predicted),
	    cmocka_unit_test(test_cell_bounds),
	    cmocka_unit_test(test_cell_rows),
	    cmocka_unit_test(test_cell_bytes),
	    cmocka_unit_test(test_cell_rank),
	    cmocka_unit_test(test_cell_device_reduce),
	    cmocka_unit_test(test_cell_labels),
	    cmocka_unit_test(test_ratios),
	    cmocka_unit_test(test_split),
	    cmocka_unit_test(test_unavailable),
	    cmocka_unit_test(test_sweep),
	    cmocka_unit_test(test_arrival_cells),
	    cmocka_unit_test(test_message),
	    cmocka_unit_test(test_blobs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
