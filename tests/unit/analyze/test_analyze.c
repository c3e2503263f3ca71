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
#include "analyze/linearity.h"
#include "analyze/primitives.h"
#include "analyze/report.h"
#include "analyze/study.h"
#include "format/manifest.h"
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

/* Append a row of rank that runs from start_ms to end_ms on host. */
static void add_at(int launch, int rep, int rank, const char *host,
		   const char *phase, double start_ms, double end_ms)
{
	add(launch, 0, rep, 0, rank, phase, 0);
	T.row[T.nrows - 1].host = host;
	T.row[T.nrows - 1].t_start_ns = (int64_t)llround(start_ms * 1e6);
	T.row[T.nrows - 1].t_end_ns = (int64_t)llround(end_ms * 1e6);
}

static pr_cell cell(int config, const char *phase, int rank, pr_reduce max,
		    double lo_ms, double hi_ms)
{
	pr_cell c;

	memset(&c, 0, sizeof(c));
	c.sel.config = config;
	c.sel.phase = (char *)phase;
	c.sel.bytes = c.sel.rows = -1;
	c.sel.rank = rank;
	c.sel.reduce = max;
	c.lo_s = lo_ms * 1e-3;
	c.hi_s = hi_ms * 1e-3;
	c.predicted_s = 0.5 * (c.lo_s + c.hi_s);
	return c;
}

static const pr_analysis_row *find(const pr_analysis_run *r, int config,
				   const char *phase, pr_reduce max)
{
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		if (r->row[i].sel.config == config &&
		    !strcmp(r->row[i].sel.phase, phase) &&
		    r->row[i].sel.reduce == max)
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
 * warmups of 100 ms: launch medians 2 and 5.5, statistic 3.75 ms; its
 * interval over 2 launches is their range [2, 5.5] ms, coverage 1 - 2/4.
 * config 0 "m": ranks 0 and 1 take (1, 3) and (2, 5) ms in reps 0 and 1,
 * all starting together: spans 3 and 5, statistic 4 ms (every sample
 * pooled: 2.5 ms).
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
	cells[1] = cell(0, "m", -1, PR_REDUCE_MAX_OVER_RANKS, 1, 2);
	cells[2] = cell(2, "p", -1, 0, 1, 2);
	pr_analyze_run(&r, &T, NULL, cells, 3, PR_RULE_POINT);

	assert_int_equal(r.nsamples, 21);
	assert_int_equal(r.nwarmup, 9);
	x = find(&r, 0, "p", 0);
	assert_non_null(x);
	assert_int_equal(x->n, 7);
	assert_int_equal(x->nlaunches, 2);
	close_to(x->launch_med[0], 2e-3);
	close_to(x->launch_med[1], 5.5e-3);
	close_to(x->stat, 3.75e-3);
	close_to(x->ci.lo, 2e-3);
	close_to(x->ci.hi, 5.5e-3);
	assert_true(x->ci.full_range);
	close_to(x->ci.coverage, 0.5);
	close_to(x->max_min, 2.75);
	assert_int_equal(x->verdict, PR_PASS);

	x = find(&r, 0, "m", PR_REDUCE_MAX_OVER_RANKS);
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

/* The interval rule on both sides of every edge: band [1, 2] (width 1,
 * exact in binary). */
static void test_interval_rule(void **state)
{
	const char *why = "x";

	(void)state;
	/* no overlap: FAIL, on both sides */
	assert_int_equal(pr_verdict_interval(&why, 0.25, 0.75, 0.98, 1, 2),
			 PR_FAIL);
	assert_null(why);
	assert_int_equal(pr_verdict_interval(&why, 2.25, 2.5, 0.98, 1, 2),
			 PR_FAIL);
	/* touching intervals overlap */
	assert_int_equal(pr_verdict_interval(&why, 0.5, 1, 0.98, 1, 2),
			 PR_PASS);
	assert_null(why);
	assert_int_equal(pr_verdict_interval(&why, 2, 2.5, 0.98, 1, 2),
			 PR_PASS);
	assert_int_equal(
	    pr_verdict_interval(&why, 0.5, nextafter(1, 0), 0.98, 1, 2),
	    PR_FAIL);
	/* width exactly the band's passes, a little wider does not */
	assert_int_equal(pr_verdict_interval(&why, 1, 2, 0.98, 1, 2), PR_PASS);
	assert_int_equal(pr_verdict_interval(&why, 1.5, 2.5, 0.98, 1, 2),
			 PR_PASS);
	assert_int_equal(pr_verdict_interval(&why, 1, 2.0625, 0.98, 1, 2),
			 PR_INCONCLUSIVE);
	assert_string_equal(why, "interval wider than the band");
	/* coverage: 95% decides, the 5-launch range cannot */
	assert_int_equal(pr_verdict_interval(&why, 1.25, 1.5, 0.95, 1, 2),
			 PR_PASS);
	assert_int_equal(pr_verdict_interval(&why, 1.25, 1.5, 0.9375, 1, 2),
			 PR_INCONCLUSIVE);
	assert_string_equal(why, "fewer than 6 launches: no 95% interval");
	/* a range that misses the band still FAILs */
	assert_int_equal(pr_verdict_interval(&why, 3, 4, 0.9375, 1, 2),
			 PR_FAIL);
	assert_int_equal(pr_verdict_interval(NULL, 1, 2, 0.98, 1, 2), PR_PASS);
}

/* Which rule a prediction names. */
static void test_rule_of(void **state)
{
	json_t *p = json_pack("{s:{s:s}}", "decision_rule", "rule", "interval");

	(void)state;
	assert_int_equal(pr_rule_of(p), PR_RULE_INTERVAL);
	json_decref(p);
	p = json_pack("{s:{s:s, s:f}}", "decision_rule", "pass",
		      "lo_s <= statistic <= hi_s", "tolerance", 0.15);
	assert_int_equal(pr_rule_of(p), PR_RULE_POINT);
	json_decref(p);
	p = json_pack("{s:{s:i}}", "decision_rule", "rule", 1);
	assert_int_equal(pr_rule_of(p), PR_RULE_POINT);
	json_decref(p);
	assert_int_equal(pr_rule_of(NULL), PR_RULE_POINT);
}

/*
 * nl launches of "p", launch L taking L+1 ms (3 reps each, one outlier
 * rep of 100 ms in launch 0 that moves no launch median): the interval is
 * over the per-launch medians 1 .. nl ms; the statistic lies inside it.
 */
static void launches_of(pr_analysis_run *r, int nl, pr_rule rule, double lo_ms,
			double hi_ms)
{
	static pr_cell c;
	int l, k;

	memset(&T, 0, sizeof(T));
	for (l = 0; l < nl; l++) {
		for (k = 0; k < 3; k++)
			add(l, 0, k, 0, 0, "p",
			    l == 0 && k == 2 ? 100 : 1.0 + l);
	}
	c = cell(0, "p", -1, PR_REDUCE_NONE, lo_ms, hi_ms);
	pr_analyze_run(r, &T, NULL, &c, 1, rule);
}

static void done(pr_analysis_run *r)
{
	pr_analysis_run_free(r);
	pr_timings_free(&T);
}

static void test_launch_ci(void **state)
{
	pr_analysis_run r;
	const pr_analysis_row *x;

	(void)state;
	launches_of(&r, 10, PR_RULE_INTERVAL, 0, 20);
	x = &r.row[0];
	assert_int_equal(x->nlaunches, 10);
	assert_int_equal(x->n, 30);
	close_to(x->stat, 5.5e-3);
	close_to(x->ci.lo, 2e-3); /* x_(2) */
	close_to(x->ci.hi, 9e-3); /* x_(9) */
	close_to(x->ci.coverage, 1 - 22.0 / 1024);
	assert_false(x->ci.full_range);
	assert_true(x->ci.lo <= x->stat && x->stat <= x->ci.hi);
	assert_int_equal(x->verdict, PR_PASS);
	done(&r);

	launches_of(&r, 6, PR_RULE_INTERVAL, 0, 20);
	x = &r.row[0];
	close_to(x->ci.lo, 1e-3);
	close_to(x->ci.hi, 6e-3);
	close_to(x->ci.coverage, 1 - 2.0 / 64);
	assert_false(x->ci.full_range);
	assert_int_equal(x->verdict, PR_PASS);
	done(&r);

	/* 5 launches: the range, 93.75%: INCONCLUSIVE, which the point rule
	 * calls PASS */
	launches_of(&r, 5, PR_RULE_INTERVAL, 0, 20);
	x = &r.row[0];
	close_to(x->ci.lo, 1e-3);
	close_to(x->ci.hi, 5e-3);
	close_to(x->ci.coverage, 0.9375);
	assert_true(x->ci.full_range);
	assert_true(x->ci.lo <= x->stat && x->stat <= x->ci.hi);
	assert_int_equal(x->verdict, PR_INCONCLUSIVE);
	assert_string_equal(x->why, "fewer than 6 launches: no 95% interval");
	assert_int_equal(r.count[PR_INCONCLUSIVE], 1);
	done(&r);
	launches_of(&r, 5, PR_RULE_POINT, 0, 20);
	assert_int_equal(r.row[0].verdict, PR_PASS);
	assert_null(r.row[0].why);
	done(&r);

	/* 10 launches, interval [2, 9] ms (width 7) against bands: as wide
	 * as the band: PASS; a narrower band: INCONCLUSIVE (the point rule:
	 * PASS); a band beyond it: FAIL */
	launches_of(&r, 10, PR_RULE_INTERVAL, 2, 9);
	assert_int_equal(r.row[0].verdict, PR_PASS);
	done(&r);
	launches_of(&r, 10, PR_RULE_INTERVAL, 2, 8.5);
	assert_int_equal(r.row[0].verdict, PR_INCONCLUSIVE);
	assert_string_equal(r.row[0].why, "interval wider than the band");
	done(&r);
	launches_of(&r, 10, PR_RULE_POINT, 2, 8.5);
	assert_int_equal(r.row[0].verdict, PR_PASS);
	done(&r);
	launches_of(&r, 10, PR_RULE_INTERVAL, 9.5, 12);
	assert_int_equal(r.row[0].verdict, PR_FAIL);
	done(&r);
	/* the statistic 5.5 ms is below [5.75, 20]: the point rule FAILs,
	 * the interval [2, 9] overlaps the wider band: PASS */
	launches_of(&r, 10, PR_RULE_POINT, 5.75, 20);
	assert_int_equal(r.row[0].verdict, PR_FAIL);
	done(&r);
	launches_of(&r, 10, PR_RULE_INTERVAL, 5.75, 20);
	assert_int_equal(r.row[0].verdict, PR_PASS);
	done(&r);
}

/* The verdict of the 10-launch row of launches_of against [lo_s, hi_s]. */
static pr_verdict band_verdict(pr_rule rule, double lo_s, double hi_s)
{
	pr_analysis_run r;
	static pr_cell c;
	pr_verdict v;
	int l, k;

	memset(&T, 0, sizeof(T));
	for (l = 0; l < 10; l++) {
		for (k = 0; k < 3; k++)
			add(l, 0, k, 0, 0, "p", 1.0 + l);
	}
	c = cell(0, "p", -1, PR_REDUCE_NONE, 0, 0);
	c.lo_s = lo_s;
	c.hi_s = hi_s;
	pr_analyze_run(&r, &T, NULL, &c, 1, rule);
	v = r.row[0].verdict;
	done(&r);
	return v;
}

/*
 * The band rule on both sides of both edges, through the analysis of a
 * run: the statistic of 10 launches of 1 .. 10 ms (5.5 ms) and its
 * interval [2, 9] ms. A result faster than the band FAILs as a slower one
 * does: under the point rule just below lo_s and just above hi_s FAIL, at
 * each edge and inside PASS; under the interval rule an interval that
 * ends just below lo_s or starts just above hi_s FAILs, one that touches
 * an edge overlaps (PASS, the band being wider than it).
 */
static void test_band_edges(void **state)
{
	pr_analysis_run r;
	double stat, lo, hi;

	(void)state;
	launches_of(&r, 10, PR_RULE_POINT, 0, 20);
	stat = r.row[0].stat;
	lo = r.row[0].ci.lo;
	hi = r.row[0].ci.hi;
	done(&r);
	close_to(stat, 5.5e-3);
	close_to(lo, 2e-3);
	close_to(hi, 9e-3);

	/* point rule: the statistic against [lo_s, hi_s] */
	assert_int_equal(band_verdict(PR_RULE_POINT, nextafter(stat, 1), 1),
			 PR_FAIL); /* faster than the band */
	assert_int_equal(band_verdict(PR_RULE_POINT, 2 * stat, 4 * stat),
			 PR_FAIL); /* far faster */
	assert_int_equal(band_verdict(PR_RULE_POINT, stat, 1), PR_PASS);
	assert_int_equal(band_verdict(PR_RULE_POINT, 0, 1), PR_PASS);
	assert_int_equal(band_verdict(PR_RULE_POINT, 0, stat), PR_PASS);
	assert_int_equal(band_verdict(PR_RULE_POINT, 0, nextafter(stat, 0)),
			 PR_FAIL); /* slower than the band */
	assert_int_equal(band_verdict(PR_RULE_POINT, stat, stat), PR_PASS);

	/* interval rule: the interval [lo, hi] against a band as wide as
	 * 1 s, so that width never decides */
	assert_int_equal(band_verdict(PR_RULE_INTERVAL, nextafter(hi, 1), 1),
			 PR_FAIL); /* faster: the interval ends below lo_s */
	assert_int_equal(band_verdict(PR_RULE_INTERVAL, 10 * hi, 1), PR_FAIL);
	assert_int_equal(band_verdict(PR_RULE_INTERVAL, hi, 1), PR_PASS);
	assert_int_equal(band_verdict(PR_RULE_INTERVAL, stat, 1), PR_PASS);
	assert_int_equal(band_verdict(PR_RULE_INTERVAL, 0, 1), PR_PASS);
	assert_int_equal(band_verdict(PR_RULE_INTERVAL, 0, lo),
			 PR_INCONCLUSIVE);
	assert_int_equal(band_verdict(PR_RULE_INTERVAL, -1, lo), PR_PASS);
	assert_int_equal(band_verdict(PR_RULE_INTERVAL, -1, nextafter(lo, 0)),
			 PR_FAIL); /* slower: the interval starts above hi_s */
}

/*
 * Two ranks of "allreduce" per (launch, rep), 6 launches x 2 reps: rank 0
 * starts at 0 and ends at 5 ms, rank 1 starts at 2 ms and ends at 6 ms:
 * span 6, after the last arrival 4, arrival spread 2 ms.
 */
static void collective(const char *host1)
{
	int l, k;

	memset(&T, 0, sizeof(T));
	for (l = 0; l < 6; l++) {
		for (k = 0; k < 2; k++) {
			add_at(l, k, 0, "h", "allreduce", 0, 5);
			add_at(l, k, 1, host1, "allreduce", 2, 6);
		}
	}
}

static void test_reduce(void **state)
{
	pr_cell c[4];
	pr_analysis_run r;
	const pr_analysis_row *x;

	(void)state;
	collective("h");
	c[0] = cell(0, "allreduce", -1, PR_REDUCE_SPAN, 1, 2);
	c[1] = cell(0, "allreduce", -1, PR_REDUCE_AFTER_LAST_ARRIVAL, 1, 2);
	c[2] = cell(0, "allreduce", -1, PR_REDUCE_ARRIVAL_SPREAD, 1, 2);
	c[3] = cell(0, "allreduce", -1, PR_REDUCE_MAX_OVER_RANKS, 1, 2);
	pr_analyze_run(&r, &T, NULL, c, 4, PR_RULE_POINT);
	x = find(&r, 0, "allreduce", PR_REDUCE_SPAN);
	assert_int_equal(x->n, 12);
	close_to(x->stat, 6e-3);
	x = find(&r, 0, "allreduce", PR_REDUCE_AFTER_LAST_ARRIVAL);
	close_to(x->stat, 4e-3);
	x = find(&r, 0, "allreduce", PR_REDUCE_ARRIVAL_SPREAD);
	close_to(x->stat, 2e-3);
	/* the legacy name is the span, not the longest duration (5 ms) */
	x = find(&r, 0, "allreduce", PR_REDUCE_MAX_OVER_RANKS);
	close_to(x->stat, 6e-3);

	/* the decomposition, and the causes of the FAILs: all but the
	 * after_last_arrival cell name the arrival spread */
	assert_int_equal(r.narrivals, 1);
	assert_false(r.arrival[0].refused);
	close_to(r.arrival[0].spread.stat, 2e-3);
	close_to(r.arrival[0].after.stat, 4e-3);
	close_to(r.arrival[0].total.stat, 6e-3);
	close_to(r.arrival[0].share, 1.0 / 3);
	assert_true(r.arrival[0].spread.ci.lo <= 2e-3);
	x = find(&r, 0, "allreduce", PR_REDUCE_SPAN);
	assert_int_equal(x->verdict, PR_FAIL);
	assert_true(x->causes.arrival);
	close_to(x->causes.spread_s, 2e-3);
	close_to(x->causes.share, 1.0 / 3);
	assert_false(x->causes.sharing || x->causes.clamp || x->causes.regime);
	x = find(&r, 0, "allreduce", PR_REDUCE_AFTER_LAST_ARRIVAL);
	assert_int_equal(x->verdict, PR_FAIL);
	assert_false(x->causes.arrival);
	assert_false(x->causes.unpriced);
	pr_causes_of(&r, 2);
	assert_true(x->causes.clamp);
	done(&r);

	/* a cell that says what it priced: the rest is unpriced, signed */
	c[1].has_terms = 1;
	c[1].transfers_s = 1e-3;
	c[1].reductions_s = 0.25e-3;
	c[1].copies_s = 0.25e-3;
	collective("h");
	pr_analyze_run(&r, &T, NULL, c, 4, PR_RULE_POINT);
	x = find(&r, 0, "allreduce", PR_REDUCE_AFTER_LAST_ARRIVAL);
	assert_true(x->causes.unpriced);
	close_to(x->causes.unpriced_s, 2.5e-3);
	done(&r);
	c[1].transfers_s = 5e-3;
	collective("h");
	pr_analyze_run(&r, &T, NULL, c, 4, PR_RULE_POINT);
	x = find(&r, 0, "allreduce", PR_REDUCE_AFTER_LAST_ARRIVAL);
	close_to(x->causes.unpriced_s, -1.5e-3);
	done(&r);
	/* a per-call overhead is priced too */
	c[1].transfers_s = 1e-3;
	c[1].overhead_s = 0.5e-3;
	collective("h");
	pr_analyze_run(&r, &T, NULL, c, 4, PR_RULE_POINT);
	x = find(&r, 0, "allreduce", PR_REDUCE_AFTER_LAST_ARRIVAL);
	close_to(x->causes.unpriced_s, 2e-3);
	done(&r);
	c[1].has_terms = 0;
	c[1].overhead_s = 0;

	/* ranks on two hosts with no clock estimate: refused */
	collective("other");
	pr_analyze_run(&r, &T, NULL, c, 1, PR_RULE_POINT);
	assert_int_equal(r.narrivals, 1);
	assert_true(r.arrival[0].refused);
	assert_true(isnan(r.arrival[0].clock_ns));
	assert_false(r.row[0].causes.arrival);
	done(&r);

	/* one rank only: no decomposition */
	memset(&T, 0, sizeof(T));
	add_at(0, 0, 0, "h", "allreduce", 0, 5);
	pr_analyze_run(&r, &T, NULL, c, 1, PR_RULE_POINT);
	assert_int_equal(r.narrivals, 0);
	done(&r);
}

/* A manifest with 6 launches of config 0, the ranks' clock uncertainty
 * unc_ns and unc_ns / 2 and a placement of rpc ranks per core. */
static void manifest_of(pr_manifest *m, double unc_ns, double rpc)
{
	json_t *launches = json_array(), *j;
	int l;

	for (l = 0; l < 6; l++) {
		json_t *rec = json_pack(
		    "{s:i, s:i, s:{s:[{s:s, s:s, s:f}, {s:s, s:s, s:f}]}}",
		    "launch", l, "config", 0, "ranks", "ranks", "host", "a",
		    "clock", "estimated", "clock_uncertainty_ns", unc_ns,
		    "host", "b", "clock", "estimated", "clock_uncertainty_ns",
		    unc_ns / 2);

		json_object_set_new(
		    rec, "sharing",
		    json_pack("{s:i, s:i, s:f, s:b, s:b}", "cores", 2, "ranks",
			      (int)(2 * rpc), "ranks_per_core", rpc,
			      "oversubscribed", rpc > 1, "sharing_tested", 0));
		json_array_append_new(launches, rec);
	}
	j = json_pack("{s:s, s:[{s:i}], s:o}", "run_id", "R", "configs",
		      "config", 0, "launches", launches);
	pr_manifest_parse(m, j);
	json_decref(j);
}

/* The clock uncertainty against the spread of 2 ms, on both sides; the
 * placement's sharing as a cause. */
static void test_clock(void **state)
{
	pr_cell c = cell(0, "allreduce", -1, PR_REDUCE_SPAN, 1, 2);
	pr_analysis_run r;
	pr_manifest m;

	(void)state;
	collective("other");
	manifest_of(&m, 1.9e6, 2);
	pr_analyze_run(&r, &T, &m, &c, 1, PR_RULE_POINT);
	assert_false(r.arrival[0].refused);
	close_to(r.arrival[0].clock_ns, 1.9e6);
	assert_true(r.row[0].causes.arrival);
	assert_true(r.row[0].causes.sharing);
	close_to(r.row[0].causes.ranks_per_core, 2);
	assert_true(r.sharing[0].from_placement);
	assert_false(r.sharing[0].sharing_tested);
	pr_analysis_run_free(&r);
	pr_manifest_free(&m);

	manifest_of(&m, 2.1e6, 1);
	pr_analyze_run(&r, &T, &m, &c, 1, PR_RULE_POINT);
	assert_true(r.arrival[0].refused);
	close_to(r.arrival[0].clock_ns, 2.1e6);
	assert_false(r.row[0].causes.arrival);
	assert_false(r.row[0].causes.sharing);
	pr_manifest_free(&m);
	done(&r);
}

/* Two configs, each numbering its launches from 0, their records in the
 * order they ran (config 1's first): each config's decomposition takes
 * its own launches' clock uncertainty, config 0's 1.9 ms (below its 2 ms
 * spread: decomposed) and config 1's 2.1 ms (refused), never the other
 * config's launch of the same number. */
static void test_clock_per_config(void **state)
{
	pr_cell c[2] = {cell(0, "allreduce", -1, PR_REDUCE_SPAN, 1, 2),
			cell(1, "allreduce", -1, PR_REDUCE_SPAN, 1, 2)};
	json_t *launches = json_array(), *j;
	pr_analysis_run r;
	pr_manifest m;
	size_t i;
	int l, k, cfg;

	(void)state;
	collective("other");
	for (l = 0; l < 6; l++)
		for (k = 0; k < 2; k++) {
			add(l, 1, k, 0, 0, "allreduce", 0);
			T.row[T.nrows - 1].host = "h";
			T.row[T.nrows - 1].t_end_ns = 5000000;
			add(l, 1, k, 0, 1, "allreduce", 0);
			T.row[T.nrows - 1].host = "other";
			T.row[T.nrows - 1].t_start_ns = 2000000;
			T.row[T.nrows - 1].t_end_ns = 6000000;
		}
	for (cfg = 1; cfg >= 0; cfg--)
		for (l = 0; l < 6; l++)
			json_array_append_new(
			    launches,
			    json_pack("{s:i, s:i, s:{s:[{s:s, s:s, s:f}, "
				      "{s:s, s:s, s:f}]}}",
				      "launch", l, "config", cfg, "ranks",
				      "ranks", "host", "h", "clock", "shared",
				      "clock_uncertainty_ns", 0.0, "host",
				      "other", "clock", "estimated",
				      "clock_uncertainty_ns",
				      cfg ? 2.1e6 : 1.9e6));
	j = json_pack("{s:s, s:[{s:i}, {s:i}], s:o}", "run_id", "R", "configs",
		      "config", 0, "config", 1, "launches", launches);
	pr_manifest_parse(&m, j);
	json_decref(j);
	pr_analyze_run(&r, &T, &m, c, 2, PR_RULE_POINT);
	assert_int_equal(r.narrivals, 2);
	for (i = 0; i < r.narrivals; i++) {
		const pr_arrival *a = &r.arrival[i];

		if (a->spread.sel.config == 0) {
			close_to(a->clock_ns, 1.9e6);
			assert_false(a->refused);
		} else {
			close_to(a->clock_ns, 2.1e6);
			assert_true(a->refused);
		}
	}
	pr_manifest_free(&m);
	done(&r);
}

/* Blocks of 10 or 20 round trips of 1 ms each (pingpong's warm samples,
 * rows counting them), 6 launches; the manifest names workload wl. */
static void blocks(pr_manifest *m, const char *wl)
{
	json_t *j =
	    json_pack("{s:s, s:{s:s}}", "run_id", "R", "workload", "name", wl);
	int l, rep;

	for (l = 0; l < 6; l++)
		for (rep = 0; rep < 2; rep++) {
			add(l, 0, rep, 0, 0, "pingpong", rep ? 20 : 10);
			T.row[T.nrows - 1].rows = rep ? 20 : 10;
			T.row[T.nrows - 1].bytes = 8;
		}
	pr_manifest_parse(m, j);
	json_decref(j);
}

/* A workload whose rows count the operations of a sample: one row per
 * size, each time one operation's, the counts reported; any other
 * workload keeps a row per rows value. */
static void test_ops_per_sample(void **state)
{
	pr_analysis_run r;
	pr_manifest m;

	(void)state;
	blocks(&m, "pingpong");
	pr_analyze_run(&r, &T, &m, NULL, 0, PR_RULE_POINT);
	assert_int_equal(r.ngroups, 1);
	assert_true(r.group[0].sel.rows < 0);
	close_to(r.group[0].stat, 1e-3);
	close_to(r.group[0].max_min, 1);
	assert_true(r.ops_lo == 10 && r.ops_hi == 20);
	pr_manifest_free(&m);
	done(&r);

	blocks(&m, "allreduce");
	pr_analyze_run(&r, &T, &m, NULL, 0, PR_RULE_POINT);
	assert_int_equal(r.ngroups, 2);
	assert_true(r.group[0].sel.rows == 10 && r.group[1].sel.rows == 20);
	close_to(r.group[1].stat, 20e-3);
	assert_true(r.ops_lo == 0 && r.ops_hi == 0);
	pr_manifest_free(&m);
	done(&r);
}

/* Old manifests: ranks per core from environment.cores and
 * workload.ranks. */
static void test_sharing_fallback(void **state)
{
	pr_sharing sh[2];
	pr_manifest m;
	json_t *j = json_pack("{s:{s:i}, s:{s:i}}", "environment", "cores", 2,
			      "workload", "ranks", 4);

	(void)state;
	pr_manifest_parse(&m, j);
	pr_analyze_sharing(sh, 2, &m);
	assert_true(sh[1].known && sh[1].oversubscribed);
	assert_false(sh[1].from_placement);
	close_to(sh[1].ranks_per_core, 2);
	pr_manifest_free(&m);
	json_object_set_new(json_object_get(j, "workload"), "ranks",
			    json_integer(2));
	pr_manifest_parse(&m, j);
	pr_analyze_sharing(sh, 2, &m);
	assert_true(sh[0].known);
	assert_false(sh[0].oversubscribed);
	pr_manifest_free(&m);
	json_decref(j);
	pr_analyze_sharing(sh, 2, NULL);
	assert_false(sh[0].known);
}

/* Cells with labels: two formulas on one selection, an extrapolated
 * cell, a negative control. */
static void test_labels(void **state)
{
	pr_cell c[3];
	pr_analysis_run r;

	(void)state;
	collective("h");
	c[0] = cell(0, "allreduce", -1, PR_REDUCE_AFTER_LAST_ARRIVAL, 3, 5);
	c[0].formula = "ring";
	c[1] = cell(0, "allreduce", -1, PR_REDUCE_AFTER_LAST_ARRIVAL, 0.5, 1);
	c[1].formula = "reduce+bcast";
	c[1].extrapolated = 1;
	c[2] = cell(0, "allreduce", -1, PR_REDUCE_AFTER_LAST_ARRIVAL, 3, 5);
	c[2].negative = 1;
	pr_analyze_run(&r, &T, NULL, c, 3, PR_RULE_POINT);
	assert_int_equal(r.nrows, 3);
	assert_ptr_equal(r.row[0].cell, &c[0]);
	assert_int_equal(r.row[0].verdict, PR_PASS);
	assert_ptr_equal(r.row[1].cell, &c[1]);
	assert_int_equal(r.row[1].verdict, PR_FAIL);
	assert_true(r.row[1].causes.regime);
	assert_false(r.row[1].causes.arrival); /* after the last arrival */
	assert_int_equal(r.row[2].verdict, PR_PASS); /* a control, passed */
	c[2].lo_s = c[2].hi_s = 1e-3;
	done(&r);
	collective("h");
	pr_analyze_run(&r, &T, NULL, c, 3, PR_RULE_POINT);
	assert_int_equal(r.row[2].verdict, PR_FAIL);
	assert_false(r.row[2].causes.regime); /* no causes for a control */
	done(&r);
}

/* Append one compute sample of `rows` rows on cpu in launch l. */
static void add_rows(int launch, int64_t rows, double ms)
{
	add(launch, 0, 0, 0, 0, "compute", ms);
	T.row[T.nrows - 1].rows = rows;
}

/*
 * The linearity alarm at the band's edges: every cell's band is [1, 2] ms
 * (predicted 1.5). Rows 1 at 2 ms and rows 3 at 1 ms sit on the edges and
 * hold; rows 2 at 2.001 ms and rows 4 at 0.999 ms leave the band; rows 5
 * has no data. Under the interval rule rows 6 (launch medians 1.5, 2.5,
 * 2.6 ms) is INCONCLUSIVE, its interval overlapping the band, yet its
 * median 2.5 ms leaves it: the alarm flags it. Rows 2 and 3 are controls
 * (predicted to break): 2 broke, 3 held.
 */
static void test_linearity_alarm(void **state)
{
	static const double ms[] = {2.0, 2.001, 1.0, 0.999};
	pr_cell c[6];
	pr_analysis_run r;
	const pr_linearity_set *ls;
	const pr_linearity *l;
	int i;

	(void)state;
	memset(&T, 0, sizeof(T));
	for (i = 0; i < 4; i++)
		add_rows(0, i + 1, ms[i]);
	add_rows(0, 6, 1.5);
	add_rows(1, 6, 2.5);
	add_rows(2, 6, 2.6);
	for (i = 0; i < 6; i++) {
		c[i] = cell(0, "compute", -1, PR_REDUCE_NONE, 1, 2);
		c[i].sel.device = "cpu";
		c[i].sel.rows = i + 1;
	}
	c[1].negative = c[2].negative = 1; /* predicted to break */
	pr_analyze_run(&r, &T, NULL, c, 6, PR_RULE_INTERVAL);
	r.study[PR_STUDY_LINEARITY] = pr_linearity_compute(&r);
	ls = pr_linearity_of(&r);
	assert_int_equal(ls->n, 1);
	l = &ls->series[0];
	assert_string_equal(l->sel.device, "cpu");
	assert_int_equal(l->nmeasured, 5);
	assert_int_equal(l->nbroken, 3);
	assert_int_equal(l->broken_rows[0], 2);
	assert_int_equal(l->broken_rows[1], 4);
	assert_int_equal(l->broken_rows[2], 6);
	close_to(l->broken_ratio[0], 2.001 / 1.5);
	close_to(l->broken_ratio[1], 0.999 / 1.5);
	close_to(l->broken_ratio[2], 2.5 / 1.5);
	/* of the two controls rows 2 broke, rows 3 held on the edge */
	assert_int_equal(l->ncontrols, 2);
	assert_int_equal(l->nheld, 1);
	assert_int_equal(l->held_rows[0], 3);
	for (i = 0; (size_t)i < r.nrows; i++) {
		if (r.row[i].sel.rows == 6)
			assert_int_equal(r.row[i].verdict, PR_INCONCLUSIVE);
	}
	done(&r);
}

/*
 * The series against its own line: cells of band [1.4, 1.6] ms (the
 * tolerance 0.1 / 1.5); rows 1 to 5 at 2, 3, 4, 5, 6 ms lie on 1 ms + 1 ms
 * a row, so nothing is off it though every cell leaves its band (a wrong
 * calibrated line, not a bend); with rows 5 at 9 ms the line bends there.
 * Fewer than 3 rows values: no own line.
 */
static void own_line_case(double last_ms, size_t nrows, size_t *off, double *a,
			  double *b)
{
	pr_cell c[5];
	pr_analysis_run r;
	const pr_linearity *l;
	size_t i;

	memset(&T, 0, sizeof(T));
	for (i = 0; i < nrows; i++) {
		add_rows(0, (int64_t)i + 1, i == 4 ? last_ms : 2.0 + (double)i);
		c[i] = cell(0, "compute", -1, PR_REDUCE_NONE, 1.4, 1.6);
		c[i].sel.device = "cpu";
		c[i].sel.rows = (int64_t)i + 1;
	}
	pr_analyze_run(&r, &T, NULL, c, nrows, PR_RULE_INTERVAL);
	r.study[PR_STUDY_LINEARITY] = pr_linearity_compute(&r);
	l = &pr_linearity_of(&r)->series[0];
	*off = l->own_n ? l->nown_off : (size_t)-1;
	*a = l->own_a;
	*b = l->own_b;
	if (l->own_n && l->nown_off)
		assert_int_equal(l->own_off_rows[l->nown_off - 1], 5);
	done(&r);
}

static void test_linearity_own_line(void **state)
{
	size_t off;
	double a, b;

	(void)state;
	own_line_case(6.0, 5, &off, &a, &b);
	assert_int_equal(off, 0);
	close_to(a, 1e-3);
	close_to(b, 1e-3);
	own_line_case(9.0, 5, &off, &a, &b);
	assert_true(off >= 1 && off != (size_t)-1);
	own_line_case(6.0, 2, &off, &a, &b);
	assert_int_equal(off, (size_t)-1);
}

/* A ring cell against the primitives timed in the same launches: X = 1
 * ms, R = 0.5 ms at the 40-byte segment of an 80-byte Allreduce over 2
 * ranks make (1)(1 + 0.5) + (1)(1) = 2.5 ms; the Allreduce took 4 ms. */
static void test_primitives(void **state)
{
	json_t *pred = json_pack("{s:[{s:i}]}", "cells", "ranks", 2);
	pr_cell c[1];
	pr_analysis_run r;
	const pr_primitive_set *ps;
	size_t i, n;
	int l, k, q;

	(void)state;
	collective("h");
	n = T.nrows;
	for (i = 0; i < n; i++)
		T.row[i].bytes = 80;
	for (l = 0; l < 6; l++)
		for (k = 0; k < 2; k++)
			for (q = 0; q < 2; q++) {
				add(l, 0, k, 0, q, "sendrecv", 1);
				T.row[T.nrows - 1].bytes = 40;
				add(l, 0, k, 0, q, "sendrecv", 9);
				T.row[T.nrows - 1].bytes = 8;
				add(l, 0, k, 0, q, "reduce_local", 0.5);
				T.row[T.nrows - 1].bytes = 40;
			}
	c[0] = cell(0, "allreduce", -1, PR_REDUCE_AFTER_LAST_ARRIVAL, 0.5, 1);
	c[0].sel.bytes = 80;
	c[0].formula = "ring";
	pr_analyze_run(&r, &T, NULL, c, 1, PR_RULE_POINT);
	r.study[PR_STUDY_PRIMITIVES] = pr_primitives_compute(&r, pred);
	ps = pr_primitives_of(&r);
	assert_int_equal(ps->n, 1);
	assert_int_equal(ps->cell[0].seg, 40);
	close_to(ps->cell[0].x_s, 1e-3);
	close_to(ps->cell[0].r_s, 0.5e-3);
	close_to(ps->cell[0].formula_s, 2.5e-3);
	close_to(ps->cell[0].measured_s, 4e-3);
	assert_int_equal(r.row[0].verdict, PR_FAIL);
	assert_true(r.row[0].causes.primitives);
	close_to(r.row[0].causes.impl_ratio, 1.6);
	close_to(r.row[0].causes.cond_ratio, 2.5 / 0.75);
	done(&r);

	/* no primitives of the segment's size, or not a ring cell: none */
	collective("h");
	for (i = 0; i < T.nrows; i++)
		T.row[i].bytes = 80;
	add(0, 0, 0, 0, 0, "sendrecv", 1);
	T.row[T.nrows - 1].bytes = 8;
	add(0, 0, 0, 0, 0, "sendrecv", 1);
	T.row[T.nrows - 1].bytes = 16;
	pr_analyze_run(&r, &T, NULL, c, 1, PR_RULE_POINT);
	r.study[PR_STUDY_PRIMITIVES] = pr_primitives_compute(&r, pred);
	assert_int_equal(pr_primitives_of(&r)->n, 0);
	assert_false(r.row[0].causes.primitives);
	done(&r);
	json_decref(pred);
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
	    cmocka_unit_test(test_interval_rule),
	    cmocka_unit_test(test_rule_of),
	    cmocka_unit_test(test_launch_ci),
	    cmocka_unit_test(test_band_edges),
	    cmocka_unit_test(test_reduce),
	    cmocka_unit_test(test_clock),
	    cmocka_unit_test(test_clock_per_config),
	    cmocka_unit_test(test_ops_per_sample),
	    cmocka_unit_test(test_sharing_fallback),
	    cmocka_unit_test(test_labels),
	    cmocka_unit_test(test_primitives),
	    cmocka_unit_test(test_linearity_alarm),
	    cmocka_unit_test(test_linearity_own_line),
	    cmocka_unit_test(test_sig3),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
