/* test_analyze.c - the decision statistic, per-launch medians, makespans
 * and verdicts of src/analyze/analyze.c on hand-made timings */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/report.h"
#include "format/timings.h"
#include "base/util.h"

static pr_timings T;

/* Append a row of duration ms milliseconds. */
static void add(int launch, int config, int rep, int warmup, int rank,
		const char *phase, double ms)
{
	pr_timing *r;

	T.row = pr_realloc(T.row, (T.nrows + 1) * sizeof(pr_timing));
	r = &T.row[T.nrows++];
	memset(r, 0, sizeof(*r));
	r->launch = launch;
	r->config = config;
	r->rep = rep;
	r->warmup = warmup;
	r->rank = rank;
	r->host = "h";
	r->device = "cpu";
	r->phase = phase;
	r->t_start_ns = 1000;
	r->t_end_ns = 1000 + (int64_t)llround(ms * 1e6);
}

static pr_cell cell(int config, const char *phase, int rank, int max,
		    double lo_ms, double hi_ms)
{
	pr_cell c;

	memset(&c, 0, sizeof(c));
	c.sel.config = config;
	c.sel.phase = (char *)phase;
	c.sel.bytes = c.sel.rows = -1;
	c.sel.rank = rank;
	c.sel.max_over_ranks = max;
	c.lo_s = lo_ms * 1e-3;
	c.hi_s = hi_ms * 1e-3;
	c.predicted_s = 0.5 * (c.lo_s + c.hi_s);
	return c;
}

static const pr_analysis_row *find(const pr_analysis_run *r, int config,
				   const char *phase, int max)
{
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		if (r->row[i].sel.config == config &&
		    !strcmp(r->row[i].sel.phase, phase) &&
		    r->row[i].sel.max_over_ranks == max)
			return &r->row[i];
	}
	return NULL;
}

static void close_to(double x, double y)
{
	assert_true(fabs(x - y) < 1e-12);
}

/*
 * config 0 "p": launch 0 takes 1, 2, 3 ms, launch 1 4, 5, 6, 7 ms, and
 * warmups of 100 ms: launch medians 2 and 5.5, statistic 3.75 ms; the
 * pooled n = 7 reaches 95% only with j = 1 ([1, 7] ms, 1 - 2/128).
 * config 0 "m": ranks 0 and 1 take (1, 3) and (2, 5) ms in reps 0 and 1:
 * makespans 3 and 5, statistic 4 ms (every sample pooled: 2.5 ms).
 */
static void test_run(void **state)
{
	pr_cell cells[3];
	pr_analysis_run r;
	const pr_analysis_row *x;
	int i;

	(void)state;
	memset(&T, 0, sizeof(T));
	for (i = 0; i < 3; i++)
		add(0, 0, i + 1, 0, 0, "p", 1.0 + i);
	for (i = 0; i < 4; i++)
		add(1, 0, i + 1, 0, 0, "p", 4.0 + i);
	for (i = 0; i < 9; i++)
		add(i % 2, 0, 0, 1, 0, "p", 100);
	add(0, 0, 0, 0, 0, "m", 1);
	add(0, 0, 0, 0, 1, "m", 3);
	add(0, 0, 1, 0, 0, "m", 2);
	add(0, 0, 1, 0, 1, "m", 5);
	add(0, 1, 0, 0, 0, "q", 1);
	cells[0] = cell(0, "p", -1, 0, 3.7, 3.8);
	cells[1] = cell(0, "m", -1, 1, 1, 2);
	cells[2] = cell(2, "p", -1, 0, 1, 2);
	pr_analyze_run(&r, &T, NULL, cells, 3);

	assert_int_equal(r.nsamples, 21);
	assert_int_equal(r.nwarmup, 9);
	x = find(&r, 0, "p", 0);
	assert_non_null(x);
	assert_int_equal(x->n, 7);
	assert_int_equal(x->nlaunches, 2);
	close_to(x->launch_med[0], 2e-3);
	close_to(x->launch_med[1], 5.5e-3);
	close_to(x->stat, 3.75e-3);
	close_to(x->ci.lo, 1e-3);
	close_to(x->ci.hi, 7e-3);
	close_to(x->ci.coverage, 1 - 2.0 / 128);
	close_to(x->max_min, 2.75);
	assert_int_equal(x->verdict, PR_PASS);

	x = find(&r, 0, "m", 1);
	assert_non_null(x);
	assert_int_equal(x->n, 2);
	close_to(x->stat, 4e-3);
	assert_true(x->ci.full_range);
	assert_int_equal(x->verdict, PR_FAIL);

	x = find(&r, 1, "q", 0);
	assert_non_null(x);
	assert_null(x->cell);
	assert_int_equal(x->verdict, PR_NO_PREDICTION);
	x = find(&r, 2, "p", 0);
	assert_non_null(x);
	assert_int_equal(x->n, 0);
	assert_true(isnan(x->stat));
	assert_int_equal(x->verdict, PR_NO_DATA);

	assert_int_equal(r.count[PR_PASS], 1);
	assert_int_equal(r.count[PR_FAIL], 1);
	assert_int_equal(r.count[PR_NO_PREDICTION], 1);
	assert_int_equal(r.count[PR_NO_DATA], 1);
	/* groups: (0, m), (0, p), (1, q), sorted; warmups never make one */
	assert_int_equal(r.ngroups, 3);
	assert_string_equal(r.group[0].sel.phase, "m");
	close_to(r.group[0].stat, 2.5e-3);
	assert_string_equal(r.group[2].sel.phase, "q");
	pr_analysis_run_free(&r);
	pr_timings_free(&T);
}

static void test_sig3(void **state)
{
	char buf[48];

	(void)state;
	assert_string_equal(pr_report_sig3(buf, 12.345), "12.3");
	assert_string_equal(pr_report_sig3(buf, 9.996), "10.0");
	assert_string_equal(pr_report_sig3(buf, 0.000123), "0.000123");
	assert_string_equal(pr_report_sig3(buf, 0.99951), "1.00");
	assert_string_equal(pr_report_sig3(buf, 100), "100");
	assert_string_equal(pr_report_sig3(buf, 1234.4), "1234");
	assert_string_equal(pr_report_sig3(buf, 0), "0");
	assert_string_equal(pr_report_sig3(buf, NAN), "-");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_run),
	    cmocka_unit_test(test_sig3),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
