/* test_summary.c - unit tests of src/audit/summary.c: a run's verdict in
 * one word on both sides of each edge, the JUnit XML's failures, skips
 * and escaping, the markdown's totals */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/analyze.h"
#include "analyze/conclusion.h"
#include "audit/summary.h"

/* A run whose cells counted pass, fail, inconclusive, no-prediction and
 * no-data; no study. */
static const char *word(size_t pass, size_t fail, size_t unsure, size_t nopred,
			size_t nodata)
{
	pr_analysis_run r;

	memset(&r, 0, sizeof(r));
	r.count[PR_PASS] = pass;
	r.count[PR_FAIL] = fail;
	r.count[PR_INCONCLUSIVE] = unsure;
	r.count[PR_NO_PREDICTION] = nopred;
	r.count[PR_NO_DATA] = nodata;
	return pr_run_word(&r);
}

static void test_word(void **state)
{
	(void)state;
	/* nothing predicted: measured, whatever no cell names */
	assert_string_equal(word(0, 0, 0, 0, 0), "MEASURED");
	assert_string_equal(word(0, 0, 0, 7, 0), "MEASURED");
	/* one PASS makes it PASS; one FAIL beside it FAIL */
	assert_string_equal(word(1, 0, 0, 7, 0), "PASS");
	assert_string_equal(word(9, 1, 0, 0, 0), "FAIL");
	/* one INCONCLUSIVE or NO-DATA beside PASSes: INCONCLUSIVE */
	assert_string_equal(word(9, 0, 1, 0, 0), "INCONCLUSIVE");
	assert_string_equal(word(9, 0, 0, 0, 1), "INCONCLUSIVE");
	/* a FAIL outweighs them */
	assert_string_equal(word(0, 1, 3, 0, 3), "FAIL");
}

/* A negative control holds when it FAILs and fails the run when it
 * PASSes. */
static void test_word_controls(void **state)
{
	pr_analysis_run r;
	pr_analysis_row row[2];
	pr_cell ctl, own;

	(void)state;
	memset(&r, 0, sizeof(r));
	memset(row, 0, sizeof(row));
	memset(&ctl, 0, sizeof(ctl));
	memset(&own, 0, sizeof(own));
	ctl.negative = 1;
	row[0].cell = &own;
	row[0].verdict = PR_PASS;
	row[1].cell = &ctl;
	row[1].verdict = PR_FAIL;
	r.row = row;
	r.nrows = 2;
	r.count[PR_PASS] = 1;
	r.count[PR_FAIL] = 1;
	assert_string_equal(pr_run_word(&r), "PASS");
	row[1].verdict = PR_PASS;
	r.count[PR_PASS] = 2;
	r.count[PR_FAIL] = 0;
	assert_string_equal(pr_run_word(&r), "FAIL");
	/* a cell of its own that FAILs still fails the run */
	row[0].verdict = PR_FAIL;
	row[1].verdict = PR_FAIL;
	r.count[PR_PASS] = 0;
	r.count[PR_FAIL] = 2;
	assert_string_equal(pr_run_word(&r), "FAIL");
}

/* Two rows: a FAIL whose name needs escaping, one without a run, one
 * PASS whose verdict did not reproduce, one PASS that did. */
static void rows(pr_summary *s, pr_summary_row *r)
{
	memset(r, 0, 4 * sizeof(*r));
	r[0].name = "a<&>\"'";
	r[0].kind = "validation";
	r[0].last = "L0";
	r[0].verdict = "FAIL";
	r[0].counts = "1 FAIL";
	r[0].reproduced = -1;
	r[1].name = "b";
	r[1].kind = "validation";
	r[1].reproduced = -1;
	r[2].name = "c";
	r[2].kind = "validation";
	r[2].last = "L2";
	r[2].ref = "R2";
	r[2].verdict = "PASS";
	r[2].ref_verdict = "FAIL";
	r[2].reproduced = 0;
	r[3].name = "d|e";
	r[3].kind = "calibration";
	r[3].last = "L3";
	r[3].ref = "R3";
	r[3].verdict = "PASS";
	r[3].ref_verdict = "PASS";
	r[3].reproduced = 1;
	r[3].grade = "anchored";
	s->row = r;
	s->n = 4;
}

static char *render(const pr_summary *s, void (*fn)(FILE *, const pr_summary *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	fn(f, s);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void test_junit(void **state)
{
	pr_summary_row r[4];
	pr_summary s;
	char *x;

	(void)state;
	rows(&s, r);
	x = render(&s, pr_summary_junit);
	assert_non_null(strstr(x, "tests=\"4\" failures=\"2\" errors=\"0\" "
				  "skipped=\"1\""));
	assert_non_null(strstr(x, "name=\"a&lt;&amp;&gt;&quot;&apos;\">"
				  "<failure message=\"run L0: 1 FAIL\"/>"));
	assert_non_null(strstr(x, "name=\"b\"><skipped "));
	assert_non_null(strstr(x, "name=\"c\"><failure message=\"run L2 is "
				  "PASS, its reference R2 was FAIL\"/>"));
	assert_non_null(strstr(x, "name=\"d|e\"></testcase>"));
	free(x);
	/* a row that did not reproduce on another processor says so */
	r[2].other_cpu = 1;
	x = render(&s, pr_summary_junit);
	assert_non_null(strstr(x, "name=\"c\"><failure message=\"run L2 is "
				  "PASS, its reference R2 was FAIL (on another "
				  "CPU)\"/>"));
	free(x);
	r[2].other_cpu = 0;
	/* claims of a row: one test case each, FAIL failed, INCONCLUSIVE
	 * skipped, PASS passed */
	{
		pr_summary_claim cl[3] = {
		    {"p", "ok", "PASS"},
		    {"f", "1 of 2 cells FAIL", "FAIL"},
		    {"i", "none <matches>", "INCONCLUSIVE"}};

		r[2].claims = cl;
		r[2].nclaims = 3;
		x = render(&s, pr_summary_junit);
		assert_non_null(strstr(x, "tests=\"7\" failures=\"3\" "
					  "errors=\"0\" skipped=\"2\""));
		assert_non_null(strstr(x, "name=\"c/p\"></testcase>"));
		assert_non_null(strstr(x, "name=\"c/f\"><failure message=\"1 "
					  "of 2 cells FAIL\"/>"));
		assert_non_null(strstr(x,
				       "name=\"c/i\"><skipped message=\"none "
				       "&lt;matches&gt;\"/>"));
		free(x);
		r[2].claims = NULL;
		r[2].nclaims = 0;
	}
	r[3].grade = "broken";
	x = render(&s, pr_summary_junit);
	assert_non_null(strstr(x, "failures=\"3\""));
	assert_non_null(strstr(x, "name=\"d|e\"><failure message=\"run L3 is "
				  "broken"));
	free(x);
}

static void test_markdown(void **state)
{
	pr_summary_row r[4];
	pr_summary s;
	char *x;

	(void)state;
	rows(&s, r);
	x = render(&s, pr_summary_md);
	/* a '|' of a name is escaped, not a column */
	assert_non_null(strstr(x, "| d\\|e | calibration | L3 | PASS |"));
	assert_non_null(strstr(x, "| b | validation | no run of this pin |"));
	/* every cell of a row: "-" where the row has nothing, the busy
	 * launches "not recorded" where a run has no machine record */
	assert_non_null(strstr(x,
			       "\n| b | validation | no run of this pin "
			       "| - | - | - | - | - | - | - | - | - | - |\n"));
	assert_non_null(strstr(x,
			       "\n| c | validation | L2 | PASS | - | R2 | "
			       "FAIL | no | - | not recorded | - | - | - |\n"));
	assert_non_null(strstr(x, "4 experiments: 2 PASS, 1 FAIL, 0 "
				  "INCONCLUSIVE, 0 MEASURED, 1 without a run "
				  "of their pin; the verdict reproduced in 1 "
				  "of the 2 with a reference run."));
	/* one processor everywhere: no word of another */
	assert_null(strstr(x, "another CPU"));
	free(x);
}

/* The JSON: one object per row, in order, every column's key; null
 * where the row has nothing, the compare rows and busy launches as
 * objects where there are some. */
static void test_json(void **state)
{
	pr_summary_row r[4];
	pr_summary s;
	json_t *v;
	char *x;

	(void)state;
	rows(&s, r);
	r[3].compared = 1;
	r[3].repro[PR_REPRODUCED] = 5;
	r[3].repro[PR_REPRO_INCONCLUSIVE] = 1;
	r[3].recorded = 6;
	r[3].busy = 2;
	r[3].other_cpu = 1; /* its runs' manifests record two processors */
	v = pr_summary_json(&s);
	assert_int_equal(json_array_size(json_object_get(v, "experiments")), 4);
	x = json_dumps(json_array_get(json_object_get(v, "experiments"), 1),
		       JSON_COMPACT | JSON_SORT_KEYS);
	assert_string_equal(
	    x, "{\"busy\":null,\"claim\":null,\"experiment\":\"b\","
	       "\"grade\":null,\"kind\":\"validation\",\"last_run\":null,"
	       "\"other_cpu\":false,\"pin\":null,\"reference_run\":null,"
	       "\"reference_verdict\":"
	       "null,\"reproduced\":null,\"rows\":null,\"verdict\":null,"
	       "\"verdicts\":null}");
	free(x);
	x = json_dumps(json_array_get(json_object_get(v, "experiments"), 3),
		       JSON_COMPACT | JSON_SORT_KEYS);
	assert_string_equal(
	    x, "{\"busy\":{\"busy\":2,\"recorded\":6},\"claim\":null,"
	       "\"experiment\":\"d|e\",\"grade\":\"anchored\",\"kind\":"
	       "\"calibration\",\"last_run\":\"L3\",\"other_cpu\":true,"
	       "\"pin\":null,"
	       "\"reference_run\":\"R3\",\"reference_verdict\":\"PASS\","
	       "\"reproduced\":true,\"rows\":{\"DIFFERENT\":0,"
	       "\"INCONCLUSIVE\":1,\"NO-DATA\":0,\"REPRODUCED\":5},"
	       "\"verdict\":\"PASS\",\"verdicts\":null}");
	free(x);
	json_decref(v);
	x = render(&s, pr_summary_md);
	assert_non_null(
	    strstr(x, "| yes (another CPU) | 5/0/1/0 | 2 of 6 | anchored |"));
	assert_non_null(strstr(x, "\n(another CPU): the two runs' manifests "
				  "record different processors"));
	free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_word),  cmocka_unit_test(test_word_controls),
	    cmocka_unit_test(test_junit), cmocka_unit_test(test_markdown),
	    cmocka_unit_test(test_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
