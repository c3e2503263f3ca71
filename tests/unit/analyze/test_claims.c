/* test_claims.c - unit tests of src/analyze/claims.c: a claim on cells
 * on both sides of each edge (one FAIL, one NO-DATA, all PASS, none
 * matching), its filters, claims on steps or a ratio without them, and
 * the PAP and variability claims on both sides of theirs */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/analyze.h"
#include "analyze/arrival.h"
#include "analyze/claims.h"
#include "analyze/study.h"

static pr_cell cell;

/* row i: a cell of config, phase, verdict */
static void row_of(pr_analysis_row *x, int config, const char *phase,
		   pr_verdict v)
{
	memset(x, 0, sizeof(*x));
	x->cell = &cell;
	x->sel.config = config;
	x->sel.phase = (char *)phase;
	x->verdict = v;
}

static const char *judge(pr_claim_result *out, const pr_analysis_run *r,
			 const char *phase, int config, pr_claim_source src)
{
	pr_claim c = {"n", "t", src, (char *)phase, config, NULL, 0};

	pr_claim_judge(out, &c, r);
	return pr_verdict_name(out->verdict);
}

static void test_cells(void **state)
{
	pr_analysis_row rows[4];
	pr_analysis_run r;
	pr_claim_result x;

	(void)state;
	memset(&r, 0, sizeof(r));
	row_of(&rows[0], 0, "allreduce", PR_PASS);
	row_of(&rows[1], 1, "allreduce", PR_PASS);
	row_of(&rows[2], 1, "compute", PR_FAIL);
	row_of(&rows[3], 0, "allreduce_small", PR_NO_DATA);
	r.row = rows;
	r.nrows = 4;
	assert_string_equal(judge(&x, &r, "allreduce", -1, PR_CLAIM_CELLS),
			    "PASS");
	assert_string_equal(x.reason, "2 of 2 cells hold");
	pr_claim_result_free(&x);
	/* every phase: the compute FAIL decides */
	assert_string_equal(judge(&x, &r, NULL, -1, PR_CLAIM_CELLS), "FAIL");
	assert_string_equal(x.reason, "1 of 4 cells FAIL");
	pr_claim_result_free(&x);
	/* config 0 only: a PASS and a NO-DATA */
	assert_string_equal(judge(&x, &r, NULL, 0, PR_CLAIM_CELLS),
			    "INCONCLUSIVE");
	assert_string_equal(x.reason, "0 of 2 cells INCONCLUSIVE, 1 NO-DATA");
	pr_claim_result_free(&x);
	/* the NO-DATA cell made a PASS: the claim PASSes */
	rows[3].verdict = PR_PASS;
	assert_string_equal(judge(&x, &r, NULL, 0, PR_CLAIM_CELLS), "PASS");
	pr_claim_result_free(&x);
	/* a negative control holds when it FAILs, fails the claim when it
	 * PASSes */
	{
		pr_cell neg = cell;

		neg.negative = 1;
		rows[2].cell = &neg;
		assert_string_equal(
		    judge(&x, &r, "compute", -1, PR_CLAIM_CELLS), "PASS");
		assert_string_equal(x.reason,
				    "1 of 1 cells hold (1 of them negative "
				    "controls, which hold when they FAIL)");
		pr_claim_result_free(&x);
		rows[2].verdict = PR_PASS;
		assert_string_equal(
		    judge(&x, &r, "compute", -1, PR_CLAIM_CELLS), "FAIL");
		pr_claim_result_free(&x);
		rows[2].verdict = PR_FAIL;
		rows[2].cell = &cell;
	}
	/* a group no cell names never counts; nothing matching */
	rows[2].cell = NULL;
	assert_string_equal(judge(&x, &r, "compute", -1, PR_CLAIM_CELLS),
			    "INCONCLUSIVE");
	assert_string_equal(x.reason, "no predicted cell matches");
	pr_claim_result_free(&x);
	/* steps and a ratio the run has not: INCONCLUSIVE, saying so */
	assert_string_equal(judge(&x, &r, NULL, -1, PR_CLAIM_STEPS),
			    "INCONCLUSIVE");
	pr_claim_result_free(&x);
	assert_string_equal(judge(&x, &r, NULL, -1, PR_CLAIM_LAUNCH_RATIO),
			    "INCONCLUSIVE");
	assert_string_equal(x.reason, "no launch ratio judged");
	pr_claim_result_free(&x);
}

/* A claim's cells with a pinned null: the model closer in k of n */
static void test_null(void **state)
{
	pr_analysis_row rows[3];
	pr_cell c[3];
	pr_analysis_run r;
	pr_claim_result x;
	json_t *j;
	int i;

	(void)state;
	memset(&r, 0, sizeof(r));
	for (i = 0; i < 3; i++) {
		c[i] = cell;
		c[i].predicted_s = 1.0;
		row_of(&rows[i], i, "allreduce", PR_PASS);
		rows[i].cell = &c[i];
		rows[i].n = 10;
		rows[i].stat = 1.1;
	}
	c[0].null_s = 2.0; /* the model closer */
	c[1].null_s = 1.1; /* the null closer */
	r.row = rows;
	r.nrows = 3;
	assert_string_equal(judge(&x, &r, NULL, -1, PR_CLAIM_CELLS), "PASS");
	assert_string_equal(x.reason, "3 of 3 cells hold; the model closer "
				      "than the pinned null in 1 of 2");
	assert_int_equal(x.null_cells, 2);
	assert_int_equal(x.null_closer, 1);
	r.claim = &x;
	r.nclaims = 1;
	j = pr_claims_json(&r);
	assert_int_equal(
	    json_integer_value(json_object_get(
		json_object_get(json_array_get(j, 0), "null"), "model_closer")),
	    1);
	json_decref(j);
	pr_claim_result_free(&x);
	/* a negative control's null never counts */
	c[0].negative = 1;
	rows[0].verdict = PR_FAIL;
	judge(&x, &r, NULL, -1, PR_CLAIM_CELLS);
	assert_int_equal(x.null_cells, 1);
	assert_int_equal(x.null_closer, 0);
	pr_claim_result_free(&x);
}

static pr_verdict judge_pap(pr_claim_result *out, const pr_analysis_run *r,
			    const char *pattern, const char *phase,
			    long long bytes)
{
	pr_claim c = {
	    "n", "t", PR_CLAIM_PAP, (char *)phase, -1, (char *)pattern, bytes};

	pr_claim_judge(out, &c, r);
	return out->verdict;
}

/* PAP: every comparison matched beat the best (PASS), one lost (FAIL), a
 * tie or too few launches (INCONCLUSIVE); filters by pattern, phase and
 * bytes; a run without the study */
static void test_pap(void **state)
{
	char *algorithm[3] = {"ring", "pap", "pap"};
	char *pattern[3] = {"one-late", "one-late", "none"};
	pr_pap_gain g[3];
	pr_pap_study s;
	pr_analysis_run r;
	pr_claim_result x;

	(void)state;
	memset(&r, 0, sizeof(r));
	memset(&s, 0, sizeof(s));
	memset(g, 0, sizeof(g));
	g[0] = (pr_pap_gain){1,	  0,   "allreduce", 1024,	 1,   0.8,
			     0.7, 0.9, 0,	    PR_PAP_BEAT, NULL};
	g[1] = (pr_pap_gain){1,	  0,	"allreduce", 8388608,	  1,   0.9,
			     0.8, 0.99, 0,	     PR_PAP_BEAT, NULL};
	g[2] = (pr_pap_gain){2,	  0,   "allreduce", 1024,	 1,   1.3,
			     1.1, 1.5, 0,	    PR_PAP_LOST, NULL};
	s.algorithm = algorithm;
	s.pattern = pattern;
	s.nconfigs = 3;
	s.gain = g;
	s.ngains = 3;
	assert_int_equal(judge_pap(&x, &r, NULL, NULL, 0), PR_INCONCLUSIVE);
	assert_string_equal(x.reason, "the run has no PAP comparison");
	pr_claim_result_free(&x);
	r.study[PR_STUDY_PAP] = &s;
	assert_int_equal(judge_pap(&x, &r, "one-late", NULL, 0), PR_PASS);
	assert_string_equal(x.reason,
			    "PAP-aware beat the best built-in in 2, lost in "
			    "0, undecided (tied, no interval or fewer than 6 "
			    "launches) in 0 of 2 comparisons");
	pr_claim_result_free(&x);
	/* every pattern: the loss under none decides */
	assert_int_equal(judge_pap(&x, &r, NULL, NULL, 0), PR_FAIL);
	pr_claim_result_free(&x);
	assert_int_equal(judge_pap(&x, &r, "none", NULL, 0), PR_FAIL);
	pr_claim_result_free(&x);
	/* a tie, then a beat from too few launches: undecided */
	g[1].outcome = PR_PAP_TIED;
	assert_int_equal(judge_pap(&x, &r, "one-late", NULL, 0),
			 PR_INCONCLUSIVE);
	pr_claim_result_free(&x);
	assert_int_equal(judge_pap(&x, &r, "one-late", NULL, 1024), PR_PASS);
	pr_claim_result_free(&x);
	g[0].few_launches = 1;
	assert_int_equal(judge_pap(&x, &r, "one-late", NULL, 1024),
			 PR_INCONCLUSIVE);
	pr_claim_result_free(&x);
	/* a loss from too few launches decides nothing either */
	assert_int_equal(judge_pap(&x, &r, "none", NULL, 0), PR_FAIL);
	pr_claim_result_free(&x);
	g[2].few_launches = 1;
	assert_int_equal(judge_pap(&x, &r, "none", NULL, 0), PR_INCONCLUSIVE);
	pr_claim_result_free(&x);
	/* a phase or a pattern nothing has */
	assert_int_equal(judge_pap(&x, &r, "one-late", "step", 0),
			 PR_INCONCLUSIVE);
	assert_string_equal(x.reason, "no PAP comparison matches");
	pr_claim_result_free(&x);
	assert_int_equal(judge_pap(&x, &r, "uniform", NULL, 0),
			 PR_INCONCLUSIVE);
	pr_claim_result_free(&x);
}

/* group i: phase, launches, cv */
static void group_of(pr_analysis_row *x, const char *phase, size_t launches,
		     double cv)
{
	memset(x, 0, sizeof(*x));
	x->sel.phase = (char *)phase;
	x->nlaunches = launches;
	x->cv = cv;
}

/* variability: PASS when every compute CV is below the median comm CV,
 * FAIL when the compute median is not, INCONCLUSIVE between and without
 * a class; groups of fewer than 3 launches left out */
static void test_variability(void **state)
{
	pr_analysis_row g[5];
	pr_analysis_run r;
	pr_claim_result x;
	pr_claim c = {"n", "t", PR_CLAIM_VARIABILITY, NULL, -1, NULL, 0};

	(void)state;
	memset(&r, 0, sizeof(r));
	group_of(&g[0], "compute", 6, 0.01);
	group_of(&g[1], "reduce_local", 6, 0.03);
	group_of(&g[2], "allreduce", 6, 0.25);
	group_of(&g[3], "gatherv", 6, 0.125);
	group_of(&g[4], "allreduce_small", 2, 0.001); /* 2 launches */
	r.group = g;
	r.ngroups = 5;
	/* compute 0.01, 0.03 (median 0.02); comm 0.25, 0.125 (median 0.1875) */
	pr_claim_judge(&x, &c, &r);
	assert_string_equal(pr_verdict_name(x.verdict), "PASS");
	assert_string_equal(x.reason, "CV of the per-launch medians: compute "
				      "median 0.02, largest 0.03 (2 groups); "
				      "communication median 0.188 (2 groups)");
	pr_claim_result_free(&x);
	/* the largest compute CV at the comm median: not PASS */
	g[1].cv = 0.1875;
	pr_claim_judge(&x, &c, &r);
	assert_string_equal(pr_verdict_name(x.verdict), "INCONCLUSIVE");
	pr_claim_result_free(&x);
	/* just below it: PASS */
	g[1].cv = 0.1874;
	pr_claim_judge(&x, &c, &r);
	assert_string_equal(pr_verdict_name(x.verdict), "PASS");
	pr_claim_result_free(&x);
	/* the compute median at the comm median: FAIL; just below: not */
	g[0].cv = 0.1875;
	g[1].cv = 0.1875;
	pr_claim_judge(&x, &c, &r);
	assert_string_equal(pr_verdict_name(x.verdict), "FAIL");
	pr_claim_result_free(&x);
	g[0].cv = 0.1874;
	pr_claim_judge(&x, &c, &r);
	assert_string_equal(pr_verdict_name(x.verdict), "INCONCLUSIVE");
	pr_claim_result_free(&x);
	/* 3 launches count, 2 do not */
	g[0].cv = 0.01;
	g[1].cv = 0.03;
	g[2].nlaunches = g[3].nlaunches = 2;
	pr_claim_judge(&x, &c, &r);
	assert_string_equal(pr_verdict_name(x.verdict), "INCONCLUSIVE");
	assert_string_equal(x.reason, "no communication phase with 3 "
				      "launches or more");
	pr_claim_result_free(&x);
	g[3].nlaunches = 3;
	pr_claim_judge(&x, &c, &r);
	assert_string_equal(pr_verdict_name(x.verdict), "PASS");
	pr_claim_result_free(&x);
	/* no compute group */
	g[0].nlaunches = g[1].nlaunches = 1;
	pr_claim_judge(&x, &c, &r);
	assert_string_equal(x.reason,
			    "no compute phase with 3 launches or more");
	pr_claim_result_free(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_cells),
	    cmocka_unit_test(test_null),
	    cmocka_unit_test(test_pap),
	    cmocka_unit_test(test_variability),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
