/* test_machine.c - unit tests of src/run/machine.c: the sample before a
 * run spans the preparation and lasts at least PR_MACHINE_START_WINDOW_S */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <cmocka.h>

#include <jansson.h>

#include "base/load.h"
#include "base/util.h"
#include "run/machine.h"

/* busy_at_start's wall_s after a check whose preparation began `ago`
 * seconds before it; *took: how long the check itself took; *since: how
 * long before it the preparation's sample really was taken (a loaded
 * machine oversleeps the nanosleep). */
static double window_after(double ago, double *took, double *since_s)
{
	struct timespec t = {(time_t)ago,
			     (long)((ago - (double)(time_t)ago) * 1e9)};
	pr_load_sample since;
	json_t *out = NULL;
	int64_t t0;
	double wall;

	pr_load_sample_take(&since);
	t0 = pr_mono_ns();
	nanosleep(&t, NULL);
	*since_s = (double)(pr_mono_ns() - t0) * 1e-9;
	t0 = pr_mono_ns();
	pr_machine_check_start(&out, &since, 1, 0, 0);
	*took = (double)(pr_mono_ns() - t0) * 1e-9;
	assert_non_null(out);
	if (!json_object_get(out, "wall_s")) {
		json_decref(out); /* no /proc/stat here: nothing to check */
		return -1;
	}
	wall = json_real_value(json_object_get(out, "wall_s"));
	assert_int_equal(json_integer_value(json_object_get(out, "cpus")) > 0,
			 1);
	json_decref(out);
	return wall;
}

/* A short preparation: the check sleeps what it lacks of the window. */
static void test_short_preparation(void **state)
{
	double took, since, wall = window_after(0.1, &took, &since);

	(void)state;
	if (wall < 0)
		skip();
	assert_true(wall >= PR_MACHINE_START_WINDOW_S);
	/* it slept what the preparation lacked of the window (when the
	 * preparation, oversleeping on a loaded machine, did not fill it) */
	if (since < PR_MACHINE_START_WINDOW_S)
		assert_true(took >= PR_MACHINE_START_WINDOW_S - since - 0.01);
}

/* A preparation longer than the window: no sleep, the window is it. */
static void test_long_preparation(void **state)
{
	double took, since,
	    wall = window_after(PR_MACHINE_START_WINDOW_S + 0.2, &took, &since);

	(void)state;
	if (wall < 0)
		skip();
	assert_true(wall >= PR_MACHINE_START_WINDOW_S + 0.2);
	/* it did not sleep another window (a fixed sleep would) */
	assert_true(took < PR_MACHINE_START_WINDOW_S);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_short_preparation),
	    cmocka_unit_test(test_long_preparation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
