/* test_decisive.c - unit tests of src/predict/decisive.c: the launches a
 * decisive verdict needs, on both sides of each edge */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "format/spec.h"
#include "predict/decisive.h"

static void test_launches(void **state)
{
	double k;

	(void)state;
	/* unknown variability or no room: unknown */
	assert_int_equal(pr_decisive_launches(0, 0.1, 0), -1);
	assert_int_equal(pr_decisive_launches(0.1, 0, 1), -1);
	assert_int_equal(pr_decisive_launches(NAN, 0.1, 1), -1);
	/* never fewer than 6 */
	assert_int_equal(pr_decisive_launches(1e-6, 0.1, 1), 6);
	/* cv 0.1 against compute 0.05, 80% power: ((1.96 + 1.28) x 1.2533 x
	 * sqrt 2 x 0.1 / ln 1.05)^2 = 138.6, so 139; one run's 95% interval
	 * in that room: (1.96 x 1.2533 x 0.1 / ln 1.05)^2 = 25.4, so 26 */
	assert_int_equal(pr_decisive_launches(0.1, log1p(0.05), 1), 139);
	assert_int_equal(pr_decisive_launches(0.1, log1p(0.05), 0), 26);
	/* the edge: k^2 exactly n needs n, a hair more n + 1 */
	k = PR_DECISIVE_Z * PR_DECISIVE_MEDIAN_SE;
	assert_int_equal(pr_decisive_launches(3 * 0.01, k * 0.01, 0), 9);
	assert_int_equal(pr_decisive_launches(3.001 * 0.01, k * 0.01, 0), 10);
	assert_int_equal(pr_decisive_launches(1, 1e-9, 1), 1000000);
}

/* The tolerance n launches decide is the inverse of the launches a
 * tolerance needs: at it, n suffice; a hair tighter, n do not. */
static void test_tolerance(void **state)
{
	double t;
	long n;

	(void)state;
	assert_true(pr_decisive_tolerance(0, 10) == -1);
	assert_true(pr_decisive_tolerance(NAN, 10) == -1);
	assert_true(pr_decisive_tolerance(0.1, 5) == -1);
	/* cv 0.1, 10 launches: expm1(1.2533 x sqrt 2 x 3.2415 x 0.1 /
	 * sqrt 10) = 0.1992 */
	t = pr_decisive_tolerance(0.1, 10);
	assert_true(fabs(t - 0.19922) < 1e-4);
	for (n = 6; n <= 200; n += 7) {
		t = pr_decisive_tolerance(0.2, n);
		assert_true(pr_decisive_launches(0.2, log1p(t * 1.0001), 1) <=
			    n);
		if (n > 6)
			assert_true(
			    pr_decisive_launches(0.2, log1p(t * 0.999), 1) > n);
	}
	/* a wider CV needs a wider tolerance */
	assert_true(pr_decisive_tolerance(0.3, 10) >
		    pr_decisive_tolerance(0.2, 10));
}

/* a spec of 5 launches with pilot CV 0.07 for allreduce, none for
 * compute, and the default tolerances */
static void spec_of(pr_spec *s, char *phase)
{
	memset(s, 0, sizeof(*s));
	s->name = "t";
	s->launches = 5;
	s->tol.cls[PR_CLASS_COMPUTE] = PR_REPRODUCE_TOL_COMPUTE;
	s->tol.cls[PR_CLASS_COMM] = PR_REPRODUCE_TOL_COMM;
	s->pilot_phase[0] = phase;
	s->pilot_cv[0] = 0.07;
	s->npilot = 1;
}

static void test_plan(void **state)
{
	pr_spec s;
	pr_decisive d;
	json_t *pred;

	(void)state;
	spec_of(&s, "allreduce");
	/* two allreduce cells, one band +-10%, one +-2%; a compute cell */
	pred = json_pack("{s:[{s:s, s:f, s:f}, {s:s, s:f, s:f}, {s:s}]}",
			 "cells", "phase", "allreduce", "lo_s", 0.9, "hi_s",
			 1.1, "phase", "allreduce", "lo_s", 0.98, "hi_s", 1.02,
			 "phase", "compute");
	pr_decisive_plan(&d, &s, pred);
	assert_int_equal(d.n, 2);
	assert_string_equal(d.phase[0].phase, "allreduce");
	/* the narrowest band decides: (1.96 x 1.2533 x 0.07 / 0.02)^2 */
	assert_int_equal(d.phase[0].band, 74);
	assert_int_equal(d.phase[0].repro, 6);
	assert_true(d.phase[1].cv == 0 && d.phase[1].band == -1 &&
		    d.phase[1].repro == -1);
	assert_false(d.decides);
	pr_decisive_free(&d);
	json_decref(pred);

	/* the wide band alone: 6 launches decide, 5 do not */
	pred = json_pack("{s:[{s:s, s:f, s:f}]}", "cells", "phase", "allreduce",
			 "lo_s", 0.9, "hi_s", 1.1);
	pr_decisive_plan(&d, &s, pred);
	assert_int_equal(d.phase[0].band, 6);
	assert_false(d.decides);
	pr_decisive_free(&d);
	s.launches = 6;
	pr_decisive_plan(&d, &s, pred);
	assert_true(d.decides);
	pr_decisive_free(&d);
	json_decref(pred);

	/* a CV measured later: the needs follow it, and so does decides */
	s.launches = 6;
	s.npilot = 0;
	pred = json_pack("{s:[{s:s, s:f, s:f}]}", "cells", "phase", "allreduce",
			 "lo_s", 0.9, "hi_s", 1.1);
	pr_decisive_plan(&d, &s, pred);
	assert_true(d.phase[0].band == -1 && d.phase[0].repro == -1);
	assert_true(d.decides); /* unknown needs are no unmet need */
	pr_decisive_set_cv(&d, &d.phase[0], 0.2, 0.2);
	/* (1.96 x 1.2533 x 0.2 / (ln(1.1/0.9)/2))^2 = 23.97, so 24 */
	assert_int_equal(d.phase[0].band, 24);
	assert_false(d.decides);
	pr_decisive_set_cv(&d, &d.phase[0], 0.01, 0.01);
	assert_int_equal(d.phase[0].band, 6);
	assert_true(d.decides);
	/* the band's needs follow the CV of its cells' rows, the
	 * reproduction's the widest of every row: 0.2 and 0.01 */
	pr_decisive_set_cv(&d, &d.phase[0], 0.2, 0.01);
	assert_int_equal(d.phase[0].band, 6);
	assert_int_equal(d.phase[0].repro, 9); /* comm 0.5: 8.03 */
	assert_false(d.decides);
	pr_decisive_set_cv(&d, &d.phase[0], 0.01, 0.2);
	assert_int_equal(d.phase[0].band, 24);
	assert_int_equal(d.phase[0].repro, 6);
	assert_false(d.decides);
	/* none of its own: the band's is the phase's */
	pr_decisive_set_cv(&d, &d.phase[0], 0.2, 0);
	assert_true(d.phase[0].band_cv == 0.2 && d.phase[0].band == 24);
	pr_decisive_free(&d);
	json_decref(pred);

	/* a phase no cell names (measured in an earlier run): its class's
	 * tolerance, no band; asked again, the same entry */
	pred = json_pack("{s:[{s:s, s:f, s:f}]}", "cells", "phase", "allreduce",
			 "lo_s", 0.9, "hi_s", 1.1);
	s.tol.cls[PR_CLASS_COMPUTE] = 0.25;
	pr_decisive_plan(&d, &s, pred);
	assert_true(d.phase[0].cell);
	assert_true(pr_decisive_phase_of(&d, &s, "rescale") == &d.phase[1]);
	assert_true(pr_decisive_phase_of(&d, &s, "rescale") == &d.phase[1]);
	assert_int_equal(d.n, 2);
	assert_false(d.phase[1].cell);
	assert_true(d.phase[1].tol == 0.25 && d.phase[1].band == -1);
	pr_decisive_set_cv(&d, &d.phase[1], 0.1, 0);
	/* ((1.96 + 1.28) x 1.2533 x sqrt 2 x 0.1 / ln 1.25)^2 = 6.6, so 7 */
	assert_int_equal(d.phase[1].repro, 7);
	assert_int_equal(d.phase[1].band, -1);
	assert_false(d.decides); /* 6 launches */
	pr_decisive_free(&d);
	json_decref(pred);

	/* a calibration: no cells, nothing planned */
	pred = json_pack("{s:s}", "kind", "calibration");
	pr_decisive_plan(&d, &s, pred);
	assert_int_equal(d.n, 0);
	pr_decisive_free(&d);
	json_decref(pred);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_launches),
	    cmocka_unit_test(test_tolerance),
	    cmocka_unit_test(test_plan),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
