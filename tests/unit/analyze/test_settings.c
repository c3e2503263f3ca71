/* test_settings.c - the launch-settings verdict (src/analyze/settings.c):
 * the ratio of two configs' compute rows judged against the predicted
 * band, on both sides of it, without a prediction and without data */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/settings.h"
#include "format/timings.h"
#include "base/util.h"

static pr_timings T;
static pr_analysis_run R;

/* 6 launches x 3 reps of config 0 taking 2 ms (+ 1 us per launch) and
 * config 1 taking 1 ms, compute rows of 64 rows, analyzed. */
static int setup(void **state)
{
	int l, k, c;

	(void)state;
	memset(&T, 0, sizeof(T));
	for (c = 0; c < 2; c++) {
		for (l = 0; l < 6; l++) {
			for (k = 0; k < 3; k++) {
				pr_timing *r;

				T.row = pr_realloc(
				    T.row, (T.nrows + 1) * sizeof(pr_timing));
				r = &T.row[T.nrows++];
				memset(r, 0, sizeof(*r));
				r->launch = l;
				r->config = c;
				r->rep = k;
				r->host = "h";
				r->device = "cpu";
				r->phase = "compute";
				r->rows = 64;
				r->t_start_ns = 1000;
				r->t_end_ns = 1000 + (c ? 1000000 : 2000000) +
					      1000 * l + 10 * k;
			}
		}
	}
	pr_analyze_run(&R, &T, NULL, NULL, 0, PR_RULE_INTERVAL);
	R.run_id = pr_strdup("20260101T000000Z-abcdef");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	pr_analysis_run_free(&R);
	pr_timings_free(&T);
	return 0;
}

/* The verdict of the prediction text (JSON), kept until the next call:
 * the names are borrowed from it. */
static const pr_launch_ratio *judged(const char *text)
{
	static json_t *pred;
	json_error_t err;

	json_decref(pred);
	pred = text ? json_loads(text, 0, &err) : NULL;
	pr_launch_ratio_free(R.study[PR_STUDY_LAUNCH_RATIO]);
	R.study[PR_STUDY_LAUNCH_RATIO] = NULL;
	if (!text)
		return NULL;
	assert_non_null(pred);
	R.study[PR_STUDY_LAUNCH_RATIO] = pr_launch_ratio_compute(&R, pred);
	return pr_launch_ratio_of(&R);
}

#define PRED(num, den, rest)                                                   \
	"{\"model\": {\"launch\": {\"a\": {\"slots\": 4}, \"b\": {\"slots\": " \
	"2}}}, \"launch_ratio\": {\"numerator\": \"a\", \"denominator\": "     \
	"\"b\", \"numerator_config\": " #num ", \"denominator_config\": " #den \
	", \"rows\": 64" rest "}}"

static void test_verdicts(void **state)
{
	const pr_launch_ratio *x;

	(void)state;
	x = judged(PRED(0, 1, ", \"predicted\": 2, \"lo\": 1.5, \"hi\": 2.5"));
	assert_non_null(x);
	assert_string_equal(x->num, "a");
	assert_string_equal(x->den, "b");
	assert_int_equal(x->num_slots, 4);
	assert_int_equal(x->den_slots, 2);
	assert_int_equal(x->rows, 64);
	assert_true(fabs(x->ratio.measured - 2.0) < 0.01);
	assert_true(x->ratio.lo <= x->ratio.measured &&
		    x->ratio.measured <= x->ratio.hi);
	assert_int_equal(x->ratio.verdict, PR_PASS);
	assert_int_equal(x->ratio.packed, 0);
	assert_int_equal(x->ratio.spread, 1);
	/* a band below the ratio and one above it: FAIL on both sides */
	x = judged(PRED(0, 1, ", \"predicted\": 1, \"lo\": 0.8, \"hi\": 1.2"));
	assert_int_equal(x->ratio.verdict, PR_FAIL);
	x = judged(PRED(0, 1, ", \"predicted\": 4, \"lo\": 3, \"hi\": 5"));
	assert_int_equal(x->ratio.verdict, PR_FAIL);
	/* the other way round: about one half */
	x = judged(PRED(1, 0,
			", \"predicted\": 0.5, \"lo\": 0.4, \"hi\": "
			"0.6"));
	assert_true(fabs(x->ratio.measured - 0.5) < 0.01);
	assert_int_equal(x->ratio.verdict, PR_PASS);
	/* no ratio predicted (a GPU's), with its reason */
	x = judged(PRED(0, 1, ", \"why\": \"no slots on a GPU\""));
	assert_int_equal(x->ratio.verdict, PR_NO_PREDICTION);
	assert_string_equal(x->why, "no slots on a GPU");
	/* a config with no compute rows */
	x = judged(PRED(0, 7, ", \"predicted\": 2, \"lo\": 1.5, \"hi\": 2.5"));
	assert_int_equal(x->ratio.verdict, PR_NO_DATA);
	/* no launch_ratio: nothing judged */
	assert_null(judged("{\"model\": {}}"));
	assert_null(judged("{\"launch_ratio\": \"a over b\"}"));
	judged(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_verdicts),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
