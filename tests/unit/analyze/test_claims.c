/* test_claims.c - unit tests of src/analyze/claims.c: a claim on cells
 * on both sides of each edge (one FAIL, one NO-DATA, all PASS, none
 * matching), its filters, and claims on steps or a ratio without them */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/analyze.h"
#include "analyze/claims.h"

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
	pr_claim c = {"n", "t", src, (char *)phase, config};

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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_cells),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
