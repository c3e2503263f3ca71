/* test_load.c - the /proc/stat and /proc/loadavg parsers, the figures of
 * an interval and the busy rule, on both sides of each edge */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "base/load.h"
#include "base/util.h"

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-9)

/* A 2-CPU /proc/stat as Linux 6.1 writes it: user nice system idle iowait
 * irq softirq steal guest guest_nice. Busy ticks: 1000 + 20 + 300 + 5 +
 * 7 + 3 = 1335 (idle 9000 and iowait 40 left out; guest 11 and guest_nice
 * 2 are inside user and nice, never added twice). */
static const char stat2[] = "cpu  1000 20 300 9000 40 5 7 3 11 2\n"
			    "cpu0 500 10 150 4500 20 3 4 2 6 1\n"
			    "cpu1 500 10 150 4500 20 2 3 1 5 1\n"
			    "intr 123456 0 0\n"
			    "ctxt 99\n"
			    "btime 1700000000\n"
			    "processes 4242\n";

static void test_stat(void **state)
{
	pr_cpustat s;

	(void)state;
	assert_int_equal(pr_load_parse_stat(&s, stat2, 100), 0);
	NEAR(s.busy_s, 13.35);
	assert_int_equal(s.ncpus, 2);
	/* the clock ticks scale it */
	assert_int_equal(pr_load_parse_stat(&s, stat2, 1000), 0);
	NEAR(s.busy_s, 1.335);
}

/* Eight numbers (up to steal) are enough, seven are not. */
static void test_stat_fields(void **state)
{
	pr_cpustat s;

	(void)state;
	assert_int_equal(pr_load_parse_stat(&s, "cpu 1 2 3 4 5 6 7 8\n", 1), 0);
	NEAR(s.busy_s, 1 + 2 + 3 + 6 + 7 + 8);
	assert_int_equal(s.ncpus, 0);
	assert_int_equal(pr_load_parse_stat(&s, "cpu 1 2 3 4 5 6 7\n", 1),
			 PR_EINPUT);
	/* no newline at the end */
	assert_int_equal(pr_load_parse_stat(&s, "cpu 1 2 3 4 5 6 7 8", 1), 0);
	/* a field that is no number ends the numbers */
	assert_int_equal(pr_load_parse_stat(&s, "cpu 1 2 3 4 5 6 7 x8\n", 1),
			 PR_EINPUT);
	assert_int_equal(pr_load_parse_stat(&s, "cpu 1 2 3 4 5 6 7 -8\n", 1),
			 PR_EINPUT);
}

static void test_stat_bad(void **state)
{
	pr_cpustat s;

	(void)state;
	assert_int_equal(pr_load_parse_stat(&s, "", 100), PR_EINPUT);
	/* the per-CPU lines alone are not the total */
	assert_int_equal(pr_load_parse_stat(&s,
					    "cpu0 1 2 3 4 5 6 7 8\n"
					    "cpu1 1 2 3 4 5 6 7 8\n",
					    100),
			 PR_EINPUT);
	assert_int_equal(s.ncpus, 2);
	/* "cpu" must be the whole first word */
	assert_int_equal(pr_load_parse_stat(&s, "cpux 1 2 3 4 5 6 7 8\n", 1),
			 PR_EINPUT);
	assert_int_equal(pr_load_parse_stat(&s, "xcpu 1 2 3 4 5 6 7 8\n", 1),
			 PR_EINPUT);
	/* a bad hz */
	assert_int_equal(pr_load_parse_stat(&s, stat2, 0), PR_EINPUT);
	assert_int_equal(pr_load_parse_stat(&s, stat2, -100), PR_EINPUT);
	assert_int_equal(pr_load_parse_stat(&s, stat2, 1), 0);
	/* the first total line counts, a later one is ignored */
	assert_int_equal(pr_load_parse_stat(&s,
					    "intr 5\n"
					    "cpu 1 1 1 1 1 1 1 1\n"
					    "cpu 9 9 9 9 9 9 9 9\n",
					    1),
			 0);
	NEAR(s.busy_s, 6);
}

static void test_loadavg(void **state)
{
	double v;

	(void)state;
	assert_int_equal(
	    pr_load_parse_loadavg(&v, "3.49 1.89 2.00 8/130 16082\n"), 0);
	NEAR(v, 3.49);
	assert_int_equal(pr_load_parse_loadavg(&v, "0.00 0.01 0.05 1/1 1\n"),
			 0);
	NEAR(v, 0);
	assert_int_equal(pr_load_parse_loadavg(&v, "7"), 0);
	NEAR(v, 7);
	assert_int_equal(pr_load_parse_loadavg(&v, ""), PR_EINPUT);
	assert_true(isnan(v));
	assert_int_equal(pr_load_parse_loadavg(&v, "-1.0 0 0"), PR_EINPUT);
	assert_int_equal(pr_load_parse_loadavg(&v, "1.5x 0 0"), PR_EINPUT);
	assert_int_equal(pr_load_parse_loadavg(&v, "nan 0 0"), PR_EINPUT);
	assert_int_equal(pr_load_parse_loadavg(&v, " 1.0"), PR_EINPUT);
}

static pr_load_sample sample(double sec, double busy, double children,
			     double self, double load)
{
	pr_load_sample s;

	memset(&s, 0, sizeof(s));
	s.mono_ns = (int64_t)llround(sec * 1e9);
	s.has_stat = 1;
	s.stat.busy_s = busy;
	s.stat.ncpus = 2;
	s.children_s = children;
	s.self_s = self;
	s.load1 = load;
	return s;
}

/* 4 s; the machine busy 7 CPU-s, the launch's tree 3.5 and prereg 0.5:
 * 3 CPU-s of other processes, 0.75 cores. */
static void test_between(void **state)
{
	pr_load_sample a = sample(10, 100, 20, 1, 3.2),
		       b = sample(14, 107, 23.5, 1.5, 4.1);
	pr_load_window w;

	(void)state;
	assert_int_equal(pr_load_between(&w, &a, &b), 1);
	NEAR(w.wall_s, 4);
	NEAR(w.cpu_s, 7);
	NEAR(w.run_cpu_s, 4);
	NEAR(w.other_cpu_s, 3);
	NEAR(w.other_cores, 0.75);
	NEAR(w.load_start, 3.2);
	NEAR(w.load_end, 4.1);
	assert_int_equal(w.ncpus, 2);
	/* ticks below the exact rusage: none other, never negative */
	b = sample(14, 103.9, 23.5, 1.5, 4.1);
	assert_int_equal(pr_load_between(&w, &a, &b), 1);
	NEAR(w.other_cpu_s, 0);
	NEAR(w.other_cores, 0);
	/* without /proc/stat on either side: only the loads */
	b = sample(14, 107, 23.5, 1.5, 4.1);
	b.has_stat = 0;
	assert_int_equal(pr_load_between(&w, &a, &b), 0);
	NEAR(w.load_end, 4.1);
	NEAR(w.other_cores, 0);
	a.has_stat = 0;
	b.has_stat = 1;
	assert_int_equal(pr_load_between(&w, &a, &b), 0);
	/* no time passed */
	a = sample(14, 100, 20, 1, 3.2);
	assert_int_equal(pr_load_between(&w, &a, &b), 0);
}

static void test_rank_cpus(void **state)
{
	(void)state;
	assert_int_equal(pr_load_rank_cpus(2, 0, 2), 2);
	assert_int_equal(pr_load_rank_cpus(4, 0, 2), 2);
	assert_int_equal(pr_load_rank_cpus(1, 0, 8), 1);
	assert_int_equal(pr_load_rank_cpus(9, 1, 2), 1);
	assert_int_equal(pr_load_rank_cpus(0, 0, 0), 1);
}

/* other_cores > 0.25 x rank_cpus, rank_cpus at least 1. */
static void test_rule(void **state)
{
	(void)state;
	assert_true(PR_BUSY_SHARE == 0.25);
	NEAR(pr_load_threshold(2), 0.5);
	assert_int_equal(pr_load_busy(0.51, 2), 1);
	assert_int_equal(pr_load_busy(0.5, 2), 0);
	assert_int_equal(pr_load_busy(0.49, 2), 0);
	assert_int_equal(pr_load_busy(0.26, 1), 1);
	assert_int_equal(pr_load_busy(0.25, 1), 0);
	assert_int_equal(pr_load_busy(1.99, 8), 0);
	assert_int_equal(pr_load_busy(2.01, 8), 1);
	/* fewer than one CPU counts as one */
	NEAR(pr_load_threshold(0), 0.25);
	NEAR(pr_load_threshold(NAN), 0.25);
	assert_int_equal(pr_load_busy(0.26, 0), 1);
	assert_int_equal(pr_load_busy(0.24, 0.5), 0);
	/* nothing known is never busy */
	assert_int_equal(pr_load_busy(NAN, 2), 0);
	assert_int_equal(pr_load_busy(0, 2), 0);
}

/* The real files of this machine parse. */
static void test_sample(void **state)
{
	pr_load_sample a, b;
	pr_load_window w;

	(void)state;
	pr_load_sample_take(&a);
	pr_load_sample_take(&b);
	assert_int_equal(a.has_stat, 1);
	assert_true(a.stat.ncpus >= 1);
	assert_true(a.load1 >= 0);
	assert_true(b.mono_ns >= a.mono_ns);
	if (pr_load_between(&w, &a, &b)) {
		assert_true(w.other_cpu_s >= 0);
		assert_true(w.other_cores >= 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_stat),     cmocka_unit_test(test_stat_fields),
	    cmocka_unit_test(test_stat_bad), cmocka_unit_test(test_loadavg),
	    cmocka_unit_test(test_between),  cmocka_unit_test(test_rank_cpus),
	    cmocka_unit_test(test_rule),     cmocka_unit_test(test_sample),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
