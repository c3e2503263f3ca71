/* test_inflation.c - unit tests of src/analyze/inflation.c: the MPI stack
 * of a launch record and when two are the same, the packed over spread
 * ratio and its verdict at the edges of the band, and the faked speedup */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "analyze/inflation.h"
#include "base/util.h"
#include "format/manifest.h"

/* A launch record: pml, btls "a:excl,b:excl", hosts of its two ranks. */
static json_t *record(const char *pml, const char *btls, const char *h0,
		      const char *h1)
{
	json_t *btl = json_array(), *excl = json_object();
	char *s = pr_strdup(btls), *save = NULL, *tok;

	for (tok = strtok_r(s, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(tok, ':');

		*colon = '\0';
		json_array_append_new(btl, json_string(tok));
		json_object_set_new(excl, tok, json_integer(atoll(colon + 1)));
	}
	free(s);
	return json_pack("{s:{s:{s:s, s:o, s:o}, s:[{s:s}, {s:s}]}}", "ranks",
			 "stack", "pml", pml, "btl", btl, "btl_exclusivity",
			 excl, "ranks", "host", h0, "host", h1);
}

/* Stacks of two records, and whether they are the same. */
static int same(json_t *a, json_t *b)
{
	pr_stack x, y;
	int out;

	assert_int_equal(pr_stack_of(&x, a), PR_OK);
	assert_int_equal(pr_stack_of(&y, b), PR_OK);
	out = pr_stack_same(&x, &y);
	pr_stack_free(&x);
	pr_stack_free(&y);
	json_decref(a);
	json_decref(b);
	return out;
}

#define VADER "self:65536,vader:65536"
#define DEFAULT "self:65536,tcp:100,vader:65536"

static void test_stack(void **state)
{
	pr_stack x;
	json_t *r;

	(void)state;
	/* default opens tcp too, but on one host vader carries: same */
	r = record("ob1", DEFAULT, "a", "a");
	assert_int_equal(pr_stack_of(&x, r), PR_OK);
	assert_string_equal(x.pml, "ob1");
	assert_string_equal(x.btl, "self,tcp,vader");
	assert_string_equal(x.carrier, "vader");
	assert_true(x.one_host);
	pr_stack_free(&x);
	json_decref(r);
	assert_true(same(record("ob1", DEFAULT, "a", "a"),
			 record("ob1", VADER, "a", "a")));
	/* equal pml and btls */
	assert_true(same(record("ob1", VADER, "a", "a"),
			 record("ob1", VADER, "a", "a")));
	/* another pml */
	assert_false(same(record("ucx", VADER, "a", "a"),
			  record("ob1", VADER, "a", "a")));
	/* another carrier: tcp only */
	assert_false(same(record("ob1", "self:65536,tcp:100", "a", "a"),
			  record("ob1", VADER, "a", "a")));
	/* on two hosts every btl but self may carry: the sets differ */
	assert_false(same(record("ob1", DEFAULT, "a", "b"),
			  record("ob1", VADER, "a", "b")));
	assert_true(same(record("ob1", DEFAULT, "a", "b"),
			 record("ob1", DEFAULT, "a", "b")));
	/* a record without the stack */
	r = json_pack("{s:{s:[]}}", "ranks", "ranks");
	assert_int_equal(pr_stack_of(&x, r), PR_EINPUT);
	assert_null(x.pml);
	json_decref(r);
	/* a stack whose btl is no list */
	r = json_pack("{s:{s:{s:s}}}", "ranks", "stack", "btl", "vader");
	assert_int_equal(pr_stack_of(&x, r), PR_EINPUT);
	json_decref(r);
	/* no pml recorded, a btl that is no name, ranks without a host or
	 * none at all: not one host, every btl but self carries; no pml is
	 * never the same stack */
	r = json_pack("{s:{s:{s:[s, i, s, s]}, s:[{s:s}, {}]}}", "ranks",
		      "stack", "btl", "self", 7, "vader", "tcp", "ranks",
		      "host", "a");
	assert_int_equal(pr_stack_of(&x, r), PR_OK);
	assert_null(x.pml);
	assert_false(x.one_host);
	assert_string_equal(x.btl, "self,tcp,vader");
	assert_string_equal(x.carrier, "tcp,vader");
	assert_false(pr_stack_same(&x, &x));
	pr_stack_free(&x);
	json_decref(r);
	r = json_pack("{s:{s:{s:s, s:[s]}, s:[]}}", "ranks", "stack", "pml",
		      "ob1", "btl", "self", "ranks");
	assert_int_equal(pr_stack_of(&x, r), PR_OK);
	assert_false(x.one_host);
	assert_string_equal(x.carrier, "");
	assert_true(pr_stack_same(&x, &x));
	pr_stack_free(&x);
	json_decref(r);
}

/* A row of n launches whose per-launch medians are all v. */
static void row(pr_analysis_row *x, int config, size_t n, double v,
		const pr_cell *cell)
{
	size_t i;

	memset(x, 0, sizeof(*x));
	x->sel.config = config;
	x->sel.phase = "compute";
	x->sel.rank = -1;
	x->sel.reduce = PR_REDUCE_MAX_OVER_RANKS;
	x->n = x->nlaunches = n;
	x->launch = pr_calloc(n + 1, sizeof(int));
	x->launch_med = pr_calloc(n + 1, sizeof(double));
	for (i = 0; i < n; i++) {
		x->launch[i] = (int)i;
		x->launch_med[i] = v;
	}
	x->stat = n ? v : NAN;
	x->cell = cell;
}

static void row_free(pr_analysis_row *x)
{
	free(x->launch);
	free(x->launch_med);
}

/* packed measured pv over spread 1.0; predicted 2.0 +/- 15%: [1.7, 2.3] */
static pr_verdict judge(double pv, size_t n, int cells, const char **why)
{
	pr_cell cp = {.predicted_s = 2.0, .lo_s = 1.7, .hi_s = 2.3};
	pr_cell cs = {.predicted_s = 1.0, .lo_s = 0.85, .hi_s = 1.15};
	pr_analysis_row p, s;
	pr_inflation x;

	row(&p, 1, n, pv, cells ? &cp : NULL);
	row(&s, 0, n, 1.0, cells ? &cs : NULL);
	pr_inflation_of(&x, &p, &s, 7);
	if (n && cells) {
		assert_true(fabs(x.measured - pv) < 1e-12);
		assert_true(fabs(x.lo - pv) < 1e-12 && fabs(x.hi - pv) < 1e-12);
		assert_true(fabs(x.predicted - 2.0) < 1e-12);
		assert_true(fabs(x.lo_s - 1.7) < 1e-9);
		assert_true(fabs(x.hi_s - 2.3) < 1e-9);
		assert_int_equal(x.packed, 1);
		assert_int_equal(x.spread, 0);
	}
	row_free(&p);
	row_free(&s);
	*why = x.why;
	return x.verdict;
}

static void test_ratio_verdict(void **state)
{
	const char *why;

	(void)state;
	assert_int_equal(judge(2.0, 10, 1, &why), PR_PASS);
	/* both sides of the upper and the lower edge */
	assert_int_equal(judge(2.29, 10, 1, &why), PR_PASS);
	assert_int_equal(judge(2.31, 10, 1, &why), PR_FAIL);
	assert_int_equal(judge(1.71, 6, 1, &why), PR_PASS);
	assert_int_equal(judge(1.69, 6, 1, &why), PR_FAIL);
	/* 5 launches give no 95% interval: inside the band, undecided */
	assert_int_equal(judge(2.0, 5, 1, &why), PR_INCONCLUSIVE);
	assert_non_null(why);
	/* ... but outside it still FAILs */
	assert_int_equal(judge(4.0, 5, 1, &why), PR_FAIL);
	assert_int_equal(judge(2.0, 10, 0, &why), PR_NO_PREDICTION);
	assert_int_equal(judge(2.0, 0, 1, &why), PR_NO_DATA);
}

static void test_speedup(void **state)
{
	pr_analysis_row pc, pg, sc, sg;
	double r, lo, hi;

	(void)state;
	row(&pc, 1, 6, 30e-3, NULL);
	row(&pg, 1, 6, 0.5e-3, NULL);
	row(&sc, 0, 6, 15e-3, NULL);
	row(&sg, 0, 5, 0.35e-3, NULL); /* launch 5 lacks the Gatherv */
	sc.launch_med[5] = 1.0;	       /* so this one never counts */
	pr_inflation_speedup(&r, &lo, &hi, &pc, &pg, &sc, &sg, 3);
	assert_true(fabs(r - 30.5 / 15.35) < 1e-9);
	assert_true(fabs(lo - r) < 1e-9 && fabs(hi - r) < 1e-9);
	row_free(&sg);
	row(&sg, 0, 0, 0, NULL);
	pr_inflation_speedup(&r, &lo, &hi, &pc, &pg, &sc, &sg, 3);
	assert_true(isnan(r));
	row_free(&pc);
	row_free(&pg);
	row_free(&sc);
	row_free(&sg);
}

/* The pairs of a run: a packed config and the first spread config equal
 * to it in every factor but placement; configs differing in anything
 * else, placed otherwise or not objects pair with none. */
static void test_pairs(void **state)
{
	json_t *m = json_pack(
	    "{s:[{s:i, s:s, s:s}, {s:i, s:s, s:s}, {s:i, s:s, s:s},"
	    " {s:i, s:s, s:s}, {s:i, s:s, s:s}, {s:i, s:s, s:s, s:s},"
	    " {s:i, s:s, s:s}, i]}",
	    "configs", "config", 0, "transport", "tcp", "placement", "packed",
	    "config", 1, "transport", "vader", "placement", "spread", "config",
	    2, "transport", "vader", "placement", "packed", "config", 3,
	    "transport", "tcp", "placement", "spread", "config", 4, "transport",
	    "tcp", "placement", "spread", "config", 5, "transport", "tcp",
	    "placement", "packed", "algorithm", "ring", "config", 6,
	    "transport", "tcp", "placement", "scatter", 7);
	pr_analysis_run r = {.nconfigs = 8};
	pr_analysis_row rows[8];
	pr_inflation_set *s;
	pr_manifest man;
	int c;

	(void)state;
	pr_manifest_parse(&man, m);
	for (c = 0; c < 8; c++)
		row(&rows[c], c, 6, c + 1.0, NULL);
	r.row = rows;
	r.nrows = 8;
	s = pr_inflation_build(&r, &man);
	assert_non_null(s);
	/* 0 with 3 (not 4, its duplicate), 2 with 1, packed first */
	assert_int_equal(s->nratios, 2);
	assert_int_equal(s->ratio[0].packed, 0);
	assert_int_equal(s->ratio[0].spread, 3);
	assert_int_equal(s->ratio[1].packed, 2);
	assert_int_equal(s->ratio[1].spread, 1);
	assert_true(fabs(s->ratio[0].measured - 1.0 / 4.0) < 1e-12);
	pr_inflation_set_free(s);
	for (c = 0; c < 8; c++)
		row_free(&rows[c]);
	pr_manifest_free(&man);
	json_decref(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_stack),
	    cmocka_unit_test(test_ratio_verdict),
	    cmocka_unit_test(test_speedup),
	    cmocka_unit_test(test_pairs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
