/* test_busy.c - which launches of a run ran on a busy machine
 * (src/analyze/busy.c), from a manifest's records only: the rule at its
 * edge, records that are not there or not numbers (never idle), and the
 * sample before the run */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "format/manifest.h"
#include "base/util.h"

static void close_to(double x, double y)
{
	assert_true(fabs(x - y) < 1e-12);
}

/* The manifest of text, parsed; pr_analyze_busy of it into b. */
static void busy_of(pr_busy *b, const char *text)
{
	json_error_t err;
	json_t *j = json_loads(text, 0, &err);
	pr_manifest m;

	assert_non_null(j);
	pr_manifest_parse(&m, j);
	json_decref(j);
	pr_analyze_busy(b, &m);
	pr_manifest_free(&m);
}

/*
 * Six launch records on 2 rank CPUs: other cores 0.5 (the edge: not
 * busy), 0.51 (busy), one recorded false with its reason (Slurm), one
 * without a record, one with a negative figure, one with a string: four
 * not recorded, none counted idle. Before the run 0.3 other cores for 1
 * rank CPU: busy.
 */
static void test_records(void **state)
{
	pr_busy b;

	(void)state;
	busy_of(
	    &b,
	    "{\"launches\": ["
	    "{\"launch\": 0, \"config\": 1, \"machine\": {\"other_cores\": "
	    "0.5, \"rank_cpus\": 2, \"load_start\": 1.5}},"
	    "{\"launch\": 1, \"config\": 0, \"machine\": {\"other_cores\": "
	    "0.51, \"rank_cpus\": 2, \"load_start\": 2, \"load_end\": 2.5}},"
	    "{\"launch\": 2, \"config\": 0, \"machine\": {\"recorded\": "
	    "false, \"reason\": \"under Slurm\"}},"
	    "{\"launch\": 3, \"config\": 0},"
	    "{\"launch\": 4, \"config\": 0, \"machine\": {\"other_cores\": "
	    "-1, \"rank_cpus\": 2}},"
	    "{\"launch\": 5, \"config\": 0, \"machine\": {\"other_cores\": "
	    "\"x\", \"rank_cpus\": 2, \"reason\": \"later\"}}],"
	    "\"busy_at_start\": {\"other_cores\": 0.3, \"rank_cpus\": 1, "
	    "\"load\": 3.25, \"waited_s\": 2}}");
	assert_int_equal(b.nlaunches, 6);
	assert_int_equal(b.nrecorded, 2);
	assert_int_equal(b.nbusy, 1);
	assert_int_equal(b.busy[0].launch, 1);
	assert_int_equal(b.busy[0].config, 0);
	close_to(b.busy[0].other_cores, 0.51);
	close_to(b.busy[0].rank_cpus, 2);
	close_to(b.busy[0].load_start, 2);
	close_to(b.busy[0].load_end, 2.5);
	close_to(b.other_median, 0.505);
	close_to(b.other_max, 0.51);
	assert_string_equal(b.why_not, "under Slurm");
	assert_true(b.start_known);
	assert_true(b.start_busy);
	close_to(b.start_other_cores, 0.3);
	close_to(b.start_load, 3.25);
	close_to(b.start_waited_s, 2);
	pr_busy_free(&b);

	/* the sample before the run at the edge, one launch busy whose
	 * launch and config are not numbers and whose loads are missing */
	busy_of(&b, "{\"launches\": [{\"launch\": \"x\", \"config\": -1, "
		    "\"machine\": {\"other_cores\": 0.26, \"rank_cpus\": 1}},"
		    "{\"launch\": 2000000000, \"machine\": {\"other_cores\": "
		    "0.6}},"
		    "{\"launch\": 2000000000, \"config\": 3, \"machine\": "
		    "{\"other_cores\": 0.6, \"rank_cpus\": 1}}],"
		    "\"busy_at_start\": {\"other_cores\": 0.25, "
		    "\"rank_cpus\": 1}}");
	/* the second record lacks rank_cpus: not recorded; the third's
	 * launch is out of range */
	assert_int_equal(b.nrecorded, 2);
	assert_int_equal(b.nbusy, 2);
	assert_int_equal(b.busy[1].launch, -1);
	assert_int_equal(b.busy[1].config, 3);
	assert_int_equal(b.busy[0].launch, -1);
	assert_int_equal(b.busy[0].config, -1);
	assert_true(isnan(b.busy[0].load_start));
	assert_true(isnan(b.busy[0].load_end));
	assert_null(b.why_not);
	assert_true(b.start_known);
	assert_false(b.start_busy);
	assert_true(isnan(b.start_load));
	pr_busy_free(&b);

	/* nothing recorded: no median, no maximum, the start unknown */
	busy_of(&b, "{\"launches\": [], \"busy_at_start\": {\"recorded\": "
		    "false}}");
	assert_int_equal(b.nlaunches, 0);
	assert_true(isnan(b.other_median) && isnan(b.other_max));
	assert_false(b.start_known);
	pr_busy_free(&b);
	pr_analyze_busy(&b, NULL);
	assert_int_equal(b.nlaunches, 0);
	assert_false(b.start_known);
	pr_busy_free(&b);
}

/* repro's closing warning: none without a busy launch, the counts and
 * the run with one */
static void test_warning(void **state)
{
	pr_busy b;
	char *w;

	(void)state;
	busy_of(&b, "{\"launches\": [{\"launch\": 0, \"config\": 0, "
		    "\"machine\": {\"other_cores\": 0.5, \"rank_cpus\": 2}}]}");
	assert_null(pr_busy_warning(&b, "R", "x"));
	pr_busy_free(&b);
	busy_of(&b, "{\"launches\": [{\"launch\": 0, \"config\": 0, "
		    "\"machine\": {\"other_cores\": 0.5, \"rank_cpus\": 2}},"
		    "{\"launch\": 1, \"config\": 0, \"machine\": "
		    "{\"other_cores\": 0.51, \"rank_cpus\": 2}}]}");
	w = pr_busy_warning(&b, "R", "x");
	assert_non_null(w);
	assert_non_null(strstr(w, "1 of 2 launches of run R ran on a busy "
				  "machine (other processes above 0.25 x"));
	assert_non_null(strstr(w, "analysis/x/report.md"));
	free(w);
	pr_busy_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_records),
	    cmocka_unit_test(test_warning),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
