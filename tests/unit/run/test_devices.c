/* test_devices.c - unit tests of src/run/devices.c: a run's rank groups
 * against the devices prereg-rank sees, on both sides of each edge */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "base/util.h"
#include "format/spec.h"
#include "run/devices.h"

/* A spec named t with the groups given as "DEVICE", one rank each. */
static void spec_of(pr_spec *s, const char *const *devices, int n)
{
	int i;

	memset(s, 0, sizeof(*s));
	s->name = "t";
	for (i = 0; i < n; i++) {
		snprintf(s->groups[i].device, sizeof(s->groups[i].device), "%s",
			 devices[i]);
		s->groups[i].count = 1;
	}
	s->ngroups = n;
}

/* The devices JSON with ncuda CUDA and nhip HIP devices (a negative
 * count leaves that backend out, as a build without it). */
static json_t *seen(int ncuda, int nhip)
{
	json_t *o = json_object();

	if (ncuda >= 0)
		json_object_set_new(o, "cuda",
				    json_pack("{s:i, s:s}", "count", ncuda,
					      "error", "cuda says no"));
	if (nhip >= 0)
		json_object_set_new(o, "hip",
				    json_pack("{s:i, s:s}", "count", nhip,
					      "error", "hip says no"));
	return o;
}

/* check's result, and its message in msg when it refused. */
static int check(const char *const *devices, int n, int ncuda, int nhip,
		 char *msg, size_t len)
{
	pr_spec s;
	json_t *d = seen(ncuda, nhip);
	int error;

	spec_of(&s, devices, n);
	error = pr_run_devices_check(&s, d);
	snprintf(msg, len, "%s", error < 0 ? pr_last_error() : "");
	json_decref(d);
	return error;
}

static void test_cpu_needs_no_device(void **state)
{
	static const char *const g[] = {"cpu", "cpu-naive", "cpu-blocks:4"};
	char msg[512];

	(void)state;
	assert_int_equal(check(g, 3, 0, 0, msg, sizeof(msg)), PR_OK);
	assert_int_equal(check(g, 3, -1, -1, msg, sizeof(msg)), PR_OK);
}

/* cuda:N needs N + 1 devices: refused at N, accepted at N + 1 */
static void test_index_edge(void **state)
{
	static const char *const g[] = {"cpu", "cuda:1"};
	char msg[512];

	(void)state;
	assert_int_equal(check(g, 2, 1, 0, msg, sizeof(msg)), PR_EREFUSED);
	assert_non_null(strstr(msg, "cannot run 't': rank group 1 (cuda:1*1) "
				    "needs CUDA device 1, and prereg-rank sees "
				    "1 CUDA device here (cuda says no)"));
	assert_non_null(strstr(msg, "--force"));
	assert_int_equal(check(g, 2, 2, 0, msg, sizeof(msg)), PR_OK);
}

/* cuda:* and hip:* need one device of their kind */
static void test_any_edge(void **state)
{
	static const char *const g[] = {"hip:*"};
	char msg[512];

	(void)state;
	assert_int_equal(check(g, 1, 4, 0, msg, sizeof(msg)), PR_EREFUSED);
	assert_non_null(strstr(msg, "rank group 0 (hip:*1) needs a HIP device, "
				    "and prereg-rank sees 0 HIP devices here "
				    "(hip says no)"));
	assert_int_equal(check(g, 1, 0, 1, msg, sizeof(msg)), PR_OK);
}

/* a backend prereg-rank was built without sees nothing */
static void test_backend_not_built(void **state)
{
	static const char *const g[] = {"cuda:0"};
	char msg[512];

	(void)state;
	assert_int_equal(check(g, 1, -1, 2, msg, sizeof(msg)), PR_EREFUSED);
	assert_non_null(strstr(msg, "(prereg-rank was built without this "
				    "backend)"));
}

/* every group is checked, not only the first GPU one */
static void test_every_group(void **state)
{
	static const char *const g[] = {"cuda:0", "hip:0"};
	char msg[512];

	(void)state;
	assert_int_equal(check(g, 2, 1, 0, msg, sizeof(msg)), PR_EREFUSED);
	assert_non_null(strstr(msg, "rank group 1 (hip:0*1)"));
	assert_int_equal(check(g, 2, 1, 1, msg, sizeof(msg)), PR_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_cpu_needs_no_device),
	    cmocka_unit_test(test_index_edge),
	    cmocka_unit_test(test_any_edge),
	    cmocka_unit_test(test_backend_not_built),
	    cmocka_unit_test(test_every_group),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
