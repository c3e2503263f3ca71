/* test_arrival_metrics.c - src/analyze/arrival.c: the metrics of one call
 * on hand-made arrivals, the verdict on the PAP-aware Allreduce on both
 * sides of each edge, and the study of a hand-made run */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/arrival.h"
#include "base/util.h"
#include "format/manifest.h"
#include "format/timings.h"

static void close_to(double x, double y)
{
	if (fabs(x - y) > 1e-9 * fmax(1e-9, fabs(y)))
		fail_msg("%.15g != %.15g", x, y);
}

static void metrics(pr_arrival_metrics *m, const int64_t *a, const int64_t *e,
		    size_t p)
{
	assert_int_equal(pr_arrival_metrics_of(m, a, e, p), PR_OK);
}

/* a = 100, 300, 200, 1000 ns: spread 900; about their mean 400 the
 * deviations 300, 100, 200, 600: MAD 300; last exit 1600: total 1500,
 * after the last arrival 600. */
static void test_metrics(void **state)
{
	const int64_t a[] = {100, 300, 200, 1000},
		      e[] = {1500, 1400, 1600, 1550};
	pr_arrival_metrics m;

	(void)state;
	metrics(&m, a, e, 4);
	close_to(m.spread, 900e-9);
	close_to(m.mad, 300e-9);
	close_to(m.total, 1500e-9);
	close_to(m.after, 600e-9);
	close_to(m.total, m.spread + m.after);
}

/* All equal, one rank, clocks below zero, none. */
static void test_metrics_edges(void **state)
{
	const int64_t same[] = {5, 5, 5}, same_e[] = {8, 9, 7};
	const int64_t one[] = {7}, one_e[] = {10};
	const int64_t neg[] = {-2000, -1000}, neg_e[] = {-500, 500};
	const int64_t far[] = {INT64_MIN + 10, INT64_MAX - 10};
	pr_arrival_metrics m;

	(void)state;
	metrics(&m, same, same_e, 3);
	close_to(m.spread, 0);
	close_to(m.mad, 0);
	close_to(m.total, 4e-9);
	close_to(m.after, 4e-9);
	metrics(&m, one, one_e, 1);
	close_to(m.spread, 0);
	close_to(m.mad, 0);
	close_to(m.total, 3e-9);
	close_to(m.after, 3e-9);
	metrics(&m, neg, neg_e, 2);
	close_to(m.spread, 1000e-9);
	close_to(m.mad, 500e-9);
	close_to(m.total, 2500e-9);
	close_to(m.after, 1500e-9);
	/* a difference beyond int64 still reads */
	metrics(&m, far, far, 2);
	assert_true(m.spread > 1.8e10);
	assert_int_equal(pr_arrival_metrics_of(&m, same, same_e, 0), PR_EINPUT);
}

static void test_imbalance(void **state)
{
	(void)state;
	close_to(pr_arrival_imbalance(1e-3, 1e-4), 10);
	close_to(pr_arrival_imbalance(0, 1e-4), 0);
	assert_true(isnan(pr_arrival_imbalance(1e-3, 0)));
	assert_true(isnan(pr_arrival_imbalance(1e-3, -1e-6)));
	assert_true(isnan(pr_arrival_imbalance(1e-3, NAN)));
	assert_true(isnan(pr_arrival_imbalance(1e-3, INFINITY)));
}

/* The interval of pap / best against 1, edges included in the tie. */
static void test_outcome(void **state)
{
	(void)state;
	assert_int_equal(pr_pap_outcome_of(0.7, 0.85), PR_PAP_BEAT);
	assert_int_equal(pr_pap_outcome_of(0.7, nextafter(1, 0)), PR_PAP_BEAT);
	assert_int_equal(pr_pap_outcome_of(0.7, 1), PR_PAP_TIED);
	assert_int_equal(pr_pap_outcome_of(0.9, 1.1), PR_PAP_TIED);
	assert_int_equal(pr_pap_outcome_of(1, 1.3), PR_PAP_TIED);
	assert_int_equal(pr_pap_outcome_of(nextafter(1, 2), 1.3), PR_PAP_LOST);
	assert_int_equal(pr_pap_outcome_of(1.05, 1.2), PR_PAP_LOST);
	assert_int_equal(pr_pap_outcome_of(NAN, 1.2), PR_PAP_UNKNOWN);
	assert_int_equal(pr_pap_outcome_of(0.5, NAN), PR_PAP_UNKNOWN);
}

static void sentence_is(pr_pap_outcome o, double r, double lo, double hi,
			const char *want)
{
	char *s = pr_pap_sentence(o, "ring", r, lo, hi);

	assert_string_equal(s, want);
	free(s);
}

static void test_sentence(void **state)
{
	(void)state;
	sentence_is(PR_PAP_BEAT, 0.77, 0.7, 0.85,
		    "beat ring by 23% [15%, 30%]");
	sentence_is(PR_PAP_LOST, 1.12, 1.05, 1.2,
		    "lost to ring by 12% [5%, 20%]");
	sentence_is(PR_PAP_TIED, 0.98, 0.93, 1.04,
		    "tied with ring (ratio 0.98 [0.93, 1.04]: the interval "
		    "contains 1)");
	sentence_is(PR_PAP_TIED, 1, 1, 1.3,
		    "tied with ring (ratio 1 [1, 1.3]: the interval contains "
		    "1)");
	sentence_is(PR_PAP_UNKNOWN, NAN, NAN, NAN,
		    "no comparison with ring (no interval)");
}

/*
 * A run of 3 configs that differ in the algorithm (ring, recursive
 * doubling, pap) under pattern one-late, and a pap config under none
 * with no twin; 6 launches, 1 rep, 2 ranks, 64 B. Per launch l: rank 0
 * arrives at 0, rank 1 (late) at 1000 ns; ring exits at 3000 + l, rd at
 * 2000 + l, pap at 1500 + l (totals in ns).
 */
static char *study_csv(void)
{
	char *csv = pr_strdup("launch,config,rep,warmup,rank,host,device,"
			      "phase,bytes,rows,t_start_ns,t_end_ns\n"),
	     *was;
	const int exit_ns[] = {3000, 2000, 1500, 1500};
	int l, c;

	for (l = 0; l < 6; l++)
		for (c = 0; c < 4; c++) {
			was = csv;
			csv = pr_asprintf(
			    "%s%d,%d,0,0,0,h,cpu,allreduce,64,0,0,%d\n"
			    "%d,%d,0,0,1,h,cpu,allreduce,64,0,1000,%d\n"
			    "%d,%d,0,1,1,h,cpu,allreduce,64,0,0,99999\n",
			    was, l, c, exit_ns[c] + l, l, c, exit_ns[c] + l, l,
			    c);
			free(was);
		}
	return csv;
}

static void test_study(void **state)
{
	json_t *j = json_pack(
	    "{s:s, s:[{s:s, s:s, s:s, s:s}, {s:s, s:s, s:s, s:s}, "
	    "{s:s, s:s, s:s, s:s}, {s:s, s:s, s:s, s:s}]}",
	    "run_id", "R", "configs", "transport", "vader", "placement",
	    "spread", "algorithm", "ring", "pattern", "one-late", "transport",
	    "vader", "placement", "spread", "algorithm", "recursive_doubling",
	    "pattern", "one-late", "transport", "vader", "placement", "spread",
	    "algorithm", "pap", "pattern", "one-late", "transport", "vader",
	    "placement", "spread", "algorithm", "pap", "pattern", "none");
	json_t *pred = json_pack("{s:[{s:i, s:I, s:f}]}", "cells", "config", 2,
				 "bytes", (json_int_t)64, "t_msg_s", 1e-7);
	pr_analysis_run r;
	pr_pap_study *s;
	pr_manifest m;
	pr_timings t;
	const pr_pap_row *x;
	const pr_pap_gain *g;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.run_id = "R";
	pr_manifest_parse(&m, j);
	assert_int_equal(pr_timings_parse(&t, study_csv(), "t.csv"), PR_OK);
	s = pr_pap_build(&r, &t, &m, pred);
	assert_non_null(s);
	assert_int_equal(s->nrows, 4);
	assert_true(s->has_imbalance);
	x = &s->row[2];
	assert_int_equal(x->config, 2);
	assert_int_equal(x->bytes, 64);
	assert_int_equal(x->total.nlaunches, 6);
	/* launch medians 1500 .. 1505 ns: their median 1502.5; the
	 * warmup's 99999 is never read */
	close_to(x->total.stat, 1502.5e-9);
	close_to(x->after.stat, 502.5e-9);
	close_to(x->spread.stat, 1000e-9);
	close_to(x->mad.stat, 500e-9);
	close_to(x->imbalance.stat, 10);
	close_to(x->t_msg_s, 1e-7);
	assert_true(x->total.max_min > 1.003 && x->total.max_min < 1.004);
	/* no t_msg_s for config 0: no imbalance */
	assert_int_equal(s->row[0].imbalance.nlaunches, 0);
	assert_true(isnan(s->row[0].t_msg_s));

	assert_int_equal(s->ngains, 2);
	g = &s->gain[0];
	assert_int_equal(g->pap, 2);
	assert_int_equal(g->best, 1); /* recursive doubling, below ring */
	assert_int_equal(g->nbuiltins, 2);
	assert_string_equal(g->phase, "allreduce");
	close_to(g->ratio, 1502.5 / 2002.5);
	assert_true(g->lo <= g->ratio && g->ratio <= g->hi && g->hi < 1);
	assert_false(g->few_launches);
	assert_int_equal(g->outcome, PR_PAP_BEAT);
	assert_non_null(strstr(g->sentence, "beat recursive_doubling by 2"));
	/* the pap config under none has no built-in twin */
	g = &s->gain[1];
	assert_int_equal(g->pap, 3);
	assert_int_equal(g->best, -1);
	assert_int_equal(g->outcome, PR_PAP_UNKNOWN);
	pr_pap_study_free(s);
	pr_timings_free(&t);
	pr_manifest_free(&m);

	/* a run without patterns and without pap has no study */
	json_decref(j);
	j = json_pack("{s:[{s:s}]}", "configs", "algorithm", "ring");
	pr_manifest_parse(&m, j);
	assert_int_equal(pr_timings_parse(&t, study_csv(), "t.csv"), PR_OK);
	assert_null(pr_pap_build(&r, &t, &m, pred));
	assert_null(pr_pap_build(&r, &t, NULL, pred));
	pr_timings_free(&t);
	pr_manifest_free(&m);
	json_decref(j);
	json_decref(pred);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_metrics),
	    cmocka_unit_test(test_metrics_edges),
	    cmocka_unit_test(test_imbalance),
	    cmocka_unit_test(test_outcome),
	    cmocka_unit_test(test_sentence),
	    cmocka_unit_test(test_study),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
