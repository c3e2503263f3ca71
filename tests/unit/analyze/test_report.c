/* test_report.c - unit tests of src/analyze/report*.c: reading back which
 * runs a report covers, and how one synthetic cell and the models'
 * results are formatted */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "analyze/linearity.h"
#include "analyze/report.h"
#include "analyze/steps.h"
#include "base/util.h"
#include "helpers/scratch.h"

/* The lines pr_report_write writes about the runs, among others. */
static const char report[] =
    "# x: analysis\n\n"
    "- **Claim:** the ## Run 20260101T000000Z-000000 is not a heading\n"
    "- **Runs analyzed:** 3; not analyzed: 20260101T000000Z-bbbbbb "
    "(failed), 20260101T000000Z-cccccc (no status)\n\n"
    "## Run 20260101T000000Z-aaaaaa\n\n- status complete\n\n"
    "## Run 20260101T000000Z-dddddd-2\n\n- status complete\n\n"
    "- **Runs analyzed:** 1; not analyzed: 20260101T000000Z-ffffff (x)\n"
    "## Run 20260101T000000Z-eeeeee";

static void test_read(void **state)
{
	pr_report_runs r;

	(void)state;
	pr_report_runs_read(&r, report, sizeof(report) - 1);
	assert_int_equal(r.nanalyzed, 3);
	assert_string_equal(r.analyzed[0], "20260101T000000Z-aaaaaa");
	assert_string_equal(r.analyzed[1], "20260101T000000Z-dddddd-2");
	/* the last line, without a newline */
	assert_string_equal(r.analyzed[2], "20260101T000000Z-eeeeee");
	/* the intro's list only, each id without its status */
	assert_int_equal(r.nskipped, 2);
	assert_string_equal(r.skipped[0], "20260101T000000Z-bbbbbb");
	assert_string_equal(r.skipped[1], "20260101T000000Z-cccccc");
	pr_report_runs_free(&r);
	pr_report_runs_free(&r); /* a no-op on a freed one */
}

/* The length, not a NUL, ends the text; nothing that looks like those
 * lines reads as nothing. */
static void test_bounds(void **state)
{
	static const char two[] = "## Run A\n## Run AB";
	pr_report_runs r;

	(void)state;
	pr_report_runs_read(&r, two, 17);
	assert_int_equal(r.nanalyzed, 2);
	assert_string_equal(r.analyzed[1], "A");
	pr_report_runs_free(&r);
	pr_report_runs_read(&r, two, 8);
	assert_int_equal(r.nanalyzed, 1);
	pr_report_runs_free(&r);
	pr_report_runs_read(&r, "## Run \n## Run\n- **Runs analyzed:** 1", 37);
	assert_int_equal(r.nanalyzed, 0);
	assert_int_equal(r.nskipped, 0);
	pr_report_runs_free(&r);
	pr_report_runs_read(&r, "", 0);
	assert_int_equal(r.nanalyzed + r.nskipped, 0);
	pr_report_runs_free(&r);
}

/* The data of the linear-rows and launch-geometry studies of a run. */
typedef struct {
	pr_linearity l;
	pr_linearity_set ls;
	pr_steps st;
	pr_steps_set ss;
} model_studies;

/*
 * One run of config 0 "vader/spread": one cell (compute on cpu at 1000
 * rows) predicted 2 ms [1.8, 2.2], measured 2.4 ms over 3 samples in two
 * launches (medians 2.2 and 2.6 ms, CI the range [2, 3] ms): FAIL. The
 * linear-rows study found it broken at 1000 rows; the launch-geometry
 * study saw the compute time step at 4300 rows, predicted at 4225.
 */
static void synthetic(pr_analysis *a, pr_analysis_run *r, pr_analysis_row *x,
		      pr_cell *c, model_studies *m)
{
	static char *label[] = {"vader/spread"};
	static int launch[] = {0, 1};
	static double med[] = {2.2e-3, 2.6e-3};
	static int64_t broken[] = {1000}, stepped[] = {4300};
	static double ratio[] = {1.2};
	static int64_t held[] = {500};
	pr_linearity *l = &m->l;
	pr_steps *st = &m->st;

	memset(a, 0, sizeof(*a));
	memset(r, 0, sizeof(*r));
	memset(x, 0, sizeof(*x));
	memset(c, 0, sizeof(*c));
	c->sel.phase = "compute";
	c->sel.device = "cpu";
	c->sel.bytes = -1;
	c->sel.rows = 1000;
	c->sel.rank = -1;
	c->predicted_s = 2e-3;
	c->lo_s = 1.8e-3;
	c->hi_s = 2.2e-3;
	x->sel = c->sel;
	x->n = 3;
	x->nlaunches = 2;
	x->launch = launch;
	x->launch_med = med;
	x->stat = 2.4e-3;
	x->ci.lo = 2e-3;
	x->ci.hi = 3e-3;
	x->ci.coverage = 0.75;
	x->ci.j = 1;
	x->ci.full_range = 1;
	x->cv = x->max_min = NAN;
	x->cell = c;
	x->verdict = PR_FAIL;
	memset(l, 0, sizeof(*l));
	l->sel = c->sel;
	l->broken_rows = broken;
	l->broken_ratio = ratio;
	l->nbroken = 1;
	l->nmeasured = 1;
	l->ncontrols = 2;
	l->held_rows = held;
	l->nheld = 1;
	memset(st, 0, sizeof(*st));
	st->phase = "compute";
	st->rows = stepped;
	st->n = 1;
	r->run_id = "R";
	r->status = "complete";
	r->config_label = label;
	r->nconfigs = 1;
	r->nsamples = 3;
	strcpy(r->sha256, "0123456789abcdef");
	r->row = x;
	r->nrows = 1;
	r->count[PR_FAIL] = 1;
	m->ls.series = l;
	m->ls.n = 1;
	m->ss.config = st;
	m->ss.n = 1;
	r->study[PR_STUDY_LINEARITY] = &m->ls;
	r->study[PR_STUDY_STEPS] = &m->ss;
	a->name = "x";
	a->pred = json_pack("{s:s, s:{s:s}, s:[i]}", "kind", "validation",
			    "model", "name", "linear-rows", "steps", 4225);
	a->cell = c;
	a->ncells = 1;
	a->run = r;
	a->nruns = 1;
}

static void test_cell_md(void **state)
{
	pr_analysis a;
	pr_analysis_run r;
	pr_analysis_row x;
	pr_cell c;
	model_studies m;
	char *dir, *root, *path, *text = NULL;
	size_t len;

	(void)state;
	synthetic(&a, &r, &x, &c, &m);
	dir = pr_scratch_dir("test-report");
	root = pr_asprintf("%s/", dir);
	pr_report_write(&a, root); /* a plotting failure still writes it */
	path = pr_asprintf("%sanalysis/x/report.md", root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_non_null(strstr(
	    text,
	    "| config | phase | device | rows | n | launches | median |"));
	assert_non_null(strstr(text,
			       "| 0 vader/spread | compute | cpu | 1000 | "
			       "3 | 2 | 2.40 ms | [2.00, 3.00] ms, 75.0% "
			       "(range) | 2.20 2.60 ms | 2.00 [1.80, 2.20] ms "
			       "| 1.20 [1.00, 1.50] | FAIL |\n"));
	assert_non_null(strstr(text, "- **Verdict rule in force:** point"));
	assert_null(strstr(text, "outside its own interval"));
	assert_non_null(strstr(text, "- config 0 vader/spread, compute: no "
				     "measured cause found\n"));
	assert_non_null(strstr(text, "**Verdicts: 0 PASS, 1 FAIL, "
				     "0 NO-PREDICTION**"));
	assert_non_null(strstr(text,
			       "- compute on cpu, config 0 vader/spread: "
			       "linearity broken at rows = 1000 (1 of 1 rows "
			       "values; measured/line: 1.20); 1 of 2 predicted "
			       "to break held at rows = 500 (controls: the "
			       "alarm missed them)\n"));
	assert_non_null(strstr(text, "predicted to step at rows = 4225.\n- "
				     "config vader/spread, compute: the median "
				     "steps up by more than the tolerance at "
				     "rows = 4300\n"));
	free(text);

	/* a median outside its interval: one line right under the table */
	x.stat = 3.5e-3;
	pr_report_write(&a, root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_non_null(strstr(text, "| 1.75 [1.00, 1.50] | FAIL |\n\n*1 "
				     "median lies outside its own interval: "));
	free(text);
	x.stat = 2.4e-3;

	/* the interval rule, an INCONCLUSIVE negative control with a
	 * formula, and a FAIL's causes */
	a.rule = PR_RULE_INTERVAL;
	c.negative = 1;
	c.formula = "ring";
	x.verdict = PR_INCONCLUSIVE;
	x.why = "interval wider than the band";
	pr_report_write(&a, root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_non_null(strstr(text, "- **Verdict rule in force:** interval"));
	assert_non_null(strstr(text, "| 0 vader/spread | compute [ring] | "));
	assert_non_null(strstr(text, "| INCONCLUSIVE (negative control: "
				     "expected FAIL) (interval wider than "
				     "the band) |\n"));
	assert_non_null(strstr(text, "- negative control did not fail: "
				     "config 0 vader/spread, compute [ring] "
				     "is INCONCLUSIVE\n"));
	free(text);
	x.verdict = PR_FAIL;
	x.why = NULL;
	pr_report_write(&a, root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_non_null(strstr(text, "| FAIL (negative control: expected) |"));
	assert_null(strstr(text, "did not fail"));
	assert_null(strstr(text, "no measured cause found"));
	free(text);
	c.negative = 0;
	x.causes.arrival = x.causes.sharing = x.causes.regime = 1;
	x.causes.spread_s = 0.6e-3;
	x.causes.share = 0.25;
	x.causes.ranks_per_core = 2;
	pr_report_write(&a, root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_non_null(strstr(text, "- config 0 vader/spread, compute [ring]: "
				     "arrival: median arrival spread 0.600 "
				     "ms, 25.0% of the statistic; sharing: "
				     "oversubscribed, 2.00 ranks per core; "
				     "regime: "));
	pr_scratch_remove(dir);
	free(dir);
	free(root);
	free(text);
	free(path);
	json_decref(a.pred);
}

/* pr_report_render_text (the audit's) gives report.md's bytes as
 * pr_report_write writes them, the plots named in it, and creates nothing,
 * under its root or in the working directory: no plot data, script or
 * SVG, no analysis directory (test_own_page compares a run page). */
static void test_render_text(void **state)
{
	pr_analysis a;
	pr_analysis_run r;
	pr_analysis_row x;
	pr_cell c;
	model_studies m;
	pr_report_pages pages;
	char *dir, *root, *adir, *path, *text = NULL, cwd[4096];
	size_t len;

	(void)state;
	synthetic(&a, &r, &x, &c, &m);
	dir = pr_scratch_dir("test-report-text");
	root = pr_asprintf("%s/", dir);
	adir = pr_asprintf("%sanalysis", root);
	/* from inside dir: a plot file written relative to "." shows too */
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(pr_report_render_text(&pages, &a, root), 0);
	assert_int_equal(access(adir, F_OK), -1);
	assert_int_equal(access("R-predicted.dat", F_OK), -1);
	assert_int_equal(access("R-predicted.gp", F_OK), -1);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(pages.n, 1);
	assert_string_equal(pages.page[0].file, "report.md");
	assert_non_null(strstr(pages.page[0].text, "](R-predicted.svg)"));
	pr_report_write(&a, root);
	path = pr_asprintf("%s/x/report.md", adir);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_int_equal(len, pages.page[0].len);
	assert_memory_equal(text, pages.page[0].text, len);
	free(path);
	path = pr_asprintf("%s/x/R-predicted.gp", adir);
	assert_int_equal(access(path, F_OK), 0); /* written by the write */
	pr_report_pages_free(&pages);
	pr_scratch_remove(dir);
	free(dir);
	free(root);
	free(adir);
	free(path);
	free(text);
	json_decref(a.pred);
}

/* A run of PR_REPORT_PAGE_ROWS rows keeps its table in report.md; one
 * more row and its tables move to RUNID.md, which report.md links. */
static void test_own_page(void **state)
{
	pr_analysis a;
	pr_analysis_run r;
	pr_analysis_row x, *rows;
	pr_cell c;
	model_studies m;
	char *dir, *root, *path, *page, *text = NULL;
	size_t len, i, n = PR_REPORT_PAGE_ROWS + 1;
	static const char row[] = "| 0 vader/spread | compute | cpu | 1000 | ";
	pr_report_pages pages;

	(void)state;
	synthetic(&a, &r, &x, &c, &m);
	rows = pr_calloc(n, sizeof(*rows));
	for (i = 0; i < n; i++)
		rows[i] = x;
	r.row = rows;
	r.nrows = PR_REPORT_PAGE_ROWS;
	dir = pr_scratch_dir("test-report-page");
	root = pr_asprintf("%s/", dir);
	path = pr_asprintf("%sanalysis/x/report.md", root);
	page = pr_asprintf("%sanalysis/x/R.md", root);
	assert_int_equal(pr_report_own_page(&a, 0), PR_PAGE_NONE);
	pr_report_write(&a, root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_non_null(strstr(text, row));
	assert_null(strstr(text, "more than a page"));
	assert_int_equal(access(page, F_OK), -1);
	free(text);

	r.nrows = n;
	assert_int_equal(pr_report_own_page(&a, 0), PR_PAGE_LONG);
	pr_report_write(&a, root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_null(strstr(text, row));
	assert_non_null(strstr(text, "Its 101 rows are more than a page: the "
				     "main table, the arrival and collective "
				     "time, the studies and the run-to-run "
				     "variability are in [R.md](R.md).\n"));
	/* its verdicts and causes stay in report.md */
	assert_non_null(strstr(text, "**Verdicts: 0 PASS, 1 FAIL, "));
	assert_non_null(strstr(text, "no measured cause found"));
	free(text);
	assert_int_equal(pr_read_file(&text, &len, page, PR_READ_MAX), 0);
	assert_true(!strncmp(text, "# x: run R, every row\n\n", 23));
	assert_non_null(strstr(text, row));
	assert_non_null(strstr(text, "linearity broken at rows = 1000"));
	/* the audit's text-only rendering gives the run page's bytes too */
	assert_int_equal(pr_report_render_text(&pages, &a, root), 0);
	assert_int_equal(pages.n, 2);
	assert_string_equal(pages.page[1].file, "R.md");
	assert_int_equal(pages.page[1].len, len);
	assert_memory_equal(pages.page[1].text, text, len);
	pr_report_pages_free(&pages);
	free(text);
	pr_scratch_remove(dir);
	free(dir);
	free(root);
	free(path);
	free(page);
	free(rows);
	json_decref(a.pred);
}

/* Six runs of PR_REPORT_TOTAL_ROWS rows together, none of more than
 * PR_REPORT_PAGE_ROWS, keep their tables in report.md; one row more, in
 * a main table or in an arrival table, and the tables of every run but
 * the last move to their pages. */
static void test_total_rows_page(void **state)
{
	pr_analysis a;
	pr_analysis_run r[6];
	pr_analysis_row x, *rows;
	pr_cell c;
	model_studies m;
	char *dir, *root, *path, *text = NULL;
	size_t len, i;
	static char *id[6] = {"R", "S", "T", "U", "V", "W"};
	static const char link[] =
	    "The report's 6 runs have 501 table rows together (main and "
	    "arrival tables), more than a page: this run's main table, "
	    "arrival and collective time, studies and run-to-run variability "
	    "are in [R.md](R.md).\n";

	(void)state;
	synthetic(&a, &r[0], &x, &c, &m);
	rows = pr_calloc(PR_REPORT_PAGE_ROWS, sizeof(*rows));
	for (i = 0; i < PR_REPORT_PAGE_ROWS; i++)
		rows[i] = x;
	r[0].row = rows;
	r[0].nrows = PR_REPORT_PAGE_ROWS;
	for (i = 1; i < 6; i++) {
		r[i] = r[0];
		r[i].run_id = id[i];
	}
	r[5].nrows = PR_REPORT_TOTAL_ROWS - 5 * PR_REPORT_PAGE_ROWS;
	a.run = r;
	a.nruns = 6;
	for (i = 0; i < 6; i++)
		assert_int_equal(pr_report_own_page(&a, i), PR_PAGE_NONE);
	dir = pr_scratch_dir("test-report-total");
	root = pr_asprintf("%s/", dir);
	path = pr_asprintf("%sanalysis/x/report.md", root);
	pr_report_write(&a, root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_null(strstr(text, "more than a page"));
	free(text);

	r[5].nrows++;
	for (i = 0; i < 5; i++)
		assert_int_equal(pr_report_own_page(&a, i), PR_PAGE_EARLIER);
	assert_int_equal(pr_report_own_page(&a, 5), PR_PAGE_NONE);
	pr_report_write(&a, root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_non_null(strstr(text, link));
	assert_non_null(strstr(text, "[V.md](V.md)"));
	assert_null(strstr(text, "[W.md]"));
	free(text);
	free(path);
	path = pr_asprintf("%sanalysis/x/R.md", root);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_true(!strncmp(text, "# x: run R, every row\n\n", 23));
	free(text);

	/* arrival rows count too: 500 main rows and one arrival row */
	r[5].nrows--;
	assert_int_equal(pr_report_own_page(&a, 0), PR_PAGE_NONE);
	r[2].narrivals = 1;
	for (i = 0; i < 5; i++)
		assert_int_equal(pr_report_own_page(&a, i), PR_PAGE_EARLIER);
	assert_int_equal(pr_report_own_page(&a, 5), PR_PAGE_NONE);
	r[2].narrivals = 0;
	pr_scratch_remove(dir);
	free(dir);
	free(root);
	free(path);
	free(rows);
	json_decref(a.pred);
}

static void test_cell_json(void **state)
{
	pr_analysis a;
	pr_analysis_run r;
	pr_analysis_row x;
	pr_cell c;
	model_studies m;
	json_t *o, *run, *cell, *lin, *obs;

	(void)state;
	synthetic(&a, &r, &x, &c, &m);
	o = pr_report_json(&a);
	run = json_array_get(json_object_get(o, "runs"), 0);
	cell = json_array_get(json_object_get(run, "cells"), 0);
	assert_string_equal(json_string_value(json_object_get(cell, "verdict")),
			    "FAIL");
	assert_int_equal(json_integer_value(json_object_get(cell, "rows")),
			 1000);
	assert_true(json_real_value(json_object_get(cell, "statistic_s")) ==
		    2.4e-3);
	assert_true(fabs(json_real_value(json_object_get(cell, "ratio")) -
			 1.2) < 1e-12);
	assert_true(json_is_true(
	    json_object_get(json_object_get(cell, "ci"), "range_only")));
	assert_int_equal(json_integer_value(json_object_get(
			     json_object_get(cell, "ci"), "launches")),
			 2);
	assert_int_equal(json_integer_value(json_object_get(cell, "nlaunches")),
			 2);
	assert_int_equal(json_array_size(json_object_get(cell, "causes")), 0);
	assert_null(json_object_get(cell, "reason"));
	assert_string_equal(json_string_value(json_object_get(
				json_object_get(o, "prediction"), "rule")),
			    "point");
	lin = json_array_get(json_object_get(run, "linearity"), 0);
	assert_null(json_object_get(lin, "rows"));
	assert_string_equal(json_string_value(json_object_get(lin, "device")),
			    "cpu");
	assert_int_equal(json_integer_value(json_array_get(
			     json_object_get(lin, "broken_at_rows"), 0)),
			 1000);
	assert_true(json_number_value(json_array_get(
			json_object_get(lin, "measured_over_line"), 0)) == 1.2);
	assert_int_equal(json_integer_value(json_object_get(lin, "controls")),
			 2);
	assert_int_equal(json_integer_value(json_array_get(
			     json_object_get(lin, "controls_held_at_rows"), 0)),
			 500);
	obs = json_array_get(
	    json_object_get(json_object_get(run, "steps"), "observed"), 0);
	assert_int_equal(
	    json_integer_value(json_array_get(json_object_get(obs, "rows"), 0)),
	    4300);
	assert_int_equal(
	    json_integer_value(json_array_get(
		json_object_get(json_object_get(run, "steps"), "predicted"),
		0)),
	    4225);

	/* a model without those results says nothing of them */
	r.study[PR_STUDY_LINEARITY] = r.study[PR_STUDY_STEPS] = NULL;
	json_decref(o);
	o = pr_report_json(&a);
	run = json_array_get(json_object_get(o, "runs"), 0);
	assert_null(json_object_get(run, "linearity"));
	assert_null(json_object_get(run, "steps"));
	json_decref(o);
	json_decref(a.pred);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_read),
	    cmocka_unit_test(test_bounds),
	    cmocka_unit_test(test_cell_md),
	    cmocka_unit_test(test_render_text),
	    cmocka_unit_test(test_own_page),
	    cmocka_unit_test(test_total_rows_page),
	    cmocka_unit_test(test_cell_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
