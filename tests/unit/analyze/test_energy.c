/* test_analyze_energy.c - joules per call from a run's energy_uj column
 * and its launch records (src/analyze/energy.c): the median over launches
 * of per-launch medians, events without a measure left out, the
 * counters and the coarsest resolution per device, and the readers'
 * reasons said once */
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
#include "format/timings.h"
#include "base/util.h"

static pr_timings T;

static void add(int launch, int warmup, const char *phase, const char *device,
		int64_t uj)
{
	pr_timing *r;

	T.row = pr_realloc(T.row, (T.nrows + 1) * sizeof(pr_timing));
	r = &T.row[T.nrows++];
	memset(r, 0, sizeof(*r));
	r->launch = launch;
	r->warmup = warmup;
	r->host = "h";
	r->device = device;
	r->phase = phase;
	r->t_end_ns = 1000000;
	r->energy_uj = uj;
}

static const char manifest[] =
    "{\"launches\": ["
    "{\"ranks\": {\"energy_readers\": {\"rapl\": {\"counter\": \"rapl\"}, "
    "\"nvml\": {\"reason\": \"no libnvidia-ml.so.1\"}}, \"ranks\": ["
    "{\"device\": \"cpu\", \"energy\": {\"counter\": \"rapl package-0\", "
    "\"resolution_j\": 1e-06, \"min_phase_s\": 0.1}},"
    "{\"device\": \"cpu\", \"energy\": {\"counter\": \"rapl package-0\", "
    "\"resolution_j\": 2e-06, \"min_phase_s\": 0.2}},"
    "{\"device\": \"cpu\"},"
    "{\"energy\": {\"counter\": \"rapl package-1\"}},"
    "{\"device\": \"cuda:0\", \"energy\": {\"counter\": null, "
    "\"reason\": \"no NVML\"}}]}},"
    "{\"ranks\": {\"energy_readers\": {\"nvml\": {\"reason\": "
    "\"no libnvidia-ml.so.1\"}}, \"ranks\": []}}]}";

static void test_sum(void **state)
{
	json_error_t err;
	json_t *j = json_loads(manifest, 0, &err);
	pr_energy_sum s;
	pr_manifest m;

	(void)state;
	assert_non_null(j);
	pr_manifest_parse(&m, j);
	json_decref(j);
	memset(&T, 0, sizeof(T));
	add(0, 0, "compute", "cpu", 1000000);
	add(0, 0, "compute", "cpu", 3000000);
	add(0, 1, "compute", "cpu", 90000000); /* a warmup: left out */
	add(0, 0, "compute", "cpu", -1);       /* not measured: left out */
	add(1, 0, "compute", "cpu", 4000000);
	add(0, 0, "gatherv", "cpu", 500000);
	add(0, 0, "compute", "cuda:0", -1);
	add(0, 0, "compute", "cuda:1", 2000000); /* no record of its own */
	pr_analyze_energy(&s, &T, &m);

	assert_true(s.recorded);
	assert_string_equal(s.counters, "rapl package-0");
	assert_string_equal(s.why_not, "nvml: no libnvidia-ml.so.1");
	assert_int_equal(s.ndevices, 1);
	assert_string_equal(s.device[0].name, "cpu");
	assert_true(s.device[0].resolution_j == 2e-6);
	assert_true(s.device[0].min_phase_s == 0.2);
	/* a rank record without its device names no counter */
	assert_int_equal(s.nrows, 3);
	assert_string_equal(s.row[2].device, "cuda:1");
	assert_true(isnan(s.row[2].resolution_j));
	assert_string_equal(s.row[0].phase, "compute");
	assert_string_equal(s.row[0].device, "cpu");
	assert_int_equal(s.row[0].nlaunches, 2);
	/* launch medians 2 J and 4 J */
	assert_true(fabs(s.row[0].stat_j - 3.0) < 1e-12);
	assert_true(fabs(s.row[0].lo_j - 2.0) < 1e-12);
	assert_true(fabs(s.row[0].hi_j - 4.0) < 1e-12);
	assert_true(s.row[0].resolution_j == 2e-6);
	assert_string_equal(s.row[1].phase, "gatherv");
	assert_int_equal(s.row[1].nlaunches, 1);
	assert_true(fabs(s.row[1].stat_j - 0.5) < 1e-12);
	pr_energy_sum_free(&s);

	/* without the manifest: the rows, no records, no resolution */
	pr_analyze_energy(&s, &T, NULL);
	assert_false(s.recorded);
	assert_null(s.counters);
	assert_int_equal(s.nrows, 3);
	assert_true(isnan(s.row[0].resolution_j));
	pr_energy_sum_free(&s);
	pr_manifest_free(&m);
	pr_timings_free(&T);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sum),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
