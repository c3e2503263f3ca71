/* test_report_study_machine.c - unit tests of
 * src/analyze/report_study_machine.c: the energy table, as markdown and as
 * JSON from one description, where a counter measured energy per call;
 * the machine-load line of a run without records */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/report-internal.h"

static char label0[] = "vader/spread";
static char *labels[] = {label0};
static char compute[] = "compute", allreduce[] = "allreduce";
static char cpu[] = "cpu", rapl[] = "rapl";

/* Two rows, the second's interval the full range (coverage below 0.95)
 * and its config unknown to the run. */
static void run_of(pr_analysis_run *r, pr_energy_row *rows)
{
	memset(r, 0, sizeof(*r));
	r->config_label = labels;
	r->nconfigs = 1;
	rows[0] =
	    (pr_energy_row){0, compute, cpu, 0.25, 0.2, 0.3, 0.96, 6.1e-5, 6};
	rows[1] =
	    (pr_energy_row){3, allreduce, cpu, 1.5e-3, 1e-3, 2e-3, 0.5, NAN, 2};
	r->energy.recorded = 1;
	r->energy.counters = rapl;
	r->energy.row = rows;
	r->energy.nrows = 2;
}

static void test_energy_md(void **state)
{
	pr_analysis_run r;
	pr_energy_row rows[2];
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	run_of(&r, rows);
	assert_non_null(f);
	pr_report_energy_md(f, &r);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(
	    buf, "- energy per call (counters rapl; each event at least 100 "
		 "update periods long):\n\n"
		 "| config | phase | device | J per call | 95% interval | "
		 "resolution J | launches |\n"
		 "|---|---|---|---|---|---|---|\n"
		 "| vader/spread | compute | cpu | 0.25 | [0.2, 0.3] | 6.1e-05 "
		 "| 6 |\n"
		 "| ? | allreduce | cpu | 0.0015 | [0.001, 0.002] (full "
		 "range) | nan | 2 |\n\n");
	free(buf);
}

/* A run whose launches have no machine record: the count with its noun,
 * one launch or several. */
static void test_busy_not_recorded_md(void **state)
{
	pr_analysis_run r;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	size_t n;
	static const char *const want[] = {
	    "- machine load not recorded (1 launch: the manifest predates "
	    "the record)\n",
	    "- machine load not recorded (2 launches: the manifest predates "
	    "the record)\n"};

	(void)state;
	for (n = 1; n <= 2; n++) {
		memset(&r, 0, sizeof(r));
		r.busy.nlaunches = n;
		f = open_memstream(&buf, &len);
		assert_non_null(f);
		pr_report_busy_md(f, &r);
		assert_int_equal(fclose(f), 0);
		assert_string_equal(buf, want[n - 1]);
		free(buf);
		buf = NULL;
	}
}

/* The JSON: the same rows, in order, with the coverage the markdown
 * only hints at; null where a number is unknown. */
static void test_energy_json(void **state)
{
	pr_analysis_run r;
	pr_energy_row rows[2];
	json_t *v;
	char *s;

	(void)state;
	run_of(&r, rows);
	v = pr_report_energy_json(&r);
	s = json_dumps(v,
		       JSON_COMPACT | JSON_SORT_KEYS | JSON_REAL_PRECISION(12));
	assert_string_equal(
	    s, "{\"counters\":\"rapl\",\"recorded\":true,\"rows\":["
	       "{\"config\":0,\"coverage\":0.96,\"device\":\"cpu\","
	       "\"interval_j\":[0.2,0.3],\"j_per_call\":0.25,\"launches\":6,"
	       "\"phase\":\"compute\",\"resolution_j\":6.1e-5},"
	       "{\"config\":3,\"coverage\":0.5,\"device\":\"cpu\","
	       "\"interval_j\":[0.001,0.002],\"j_per_call\":0.0015,"
	       "\"launches\":2,\"phase\":\"allreduce\",\"resolution_j\":null}"
	       "],\"why_not\":null}");
	free(s);
	json_decref(v);
	/* nothing measured: no rows, the reason kept */
	r.energy.counters = NULL;
	r.energy.nrows = 0;
	r.energy.why_not = rapl;
	v = pr_report_energy_json(&r);
	s = json_dumps(v,
		       JSON_COMPACT | JSON_SORT_KEYS | JSON_REAL_PRECISION(12));
	assert_string_equal(s, "{\"counters\":null,\"recorded\":true,"
			       "\"rows\":[],\"why_not\":\"rapl\"}");
	free(s);
	json_decref(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_energy_md),
	    cmocka_unit_test(test_busy_not_recorded_md),
	    cmocka_unit_test(test_energy_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
