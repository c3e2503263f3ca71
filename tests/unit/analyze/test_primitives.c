/* test_primitives.c - a ring Allreduce cell against the ring steps and
 * reductions its run timed in the same launches
 * (src/analyze/primitives.c): the segment, the formula, the cause it
 * gives a FAIL, and the cells it leaves alone */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/primitives.h"
#include "format/timings.h"
#include "base/util.h"

static pr_timings T;

static void add(int launch, int rep, int rank, const char *phase, int64_t bytes,
		double start_us, double end_us)
{
	pr_timing *r;

	T.row = pr_realloc(T.row, (T.nrows + 1) * sizeof(pr_timing));
	r = &T.row[T.nrows++];
	memset(r, 0, sizeof(*r));
	r->launch = launch;
	r->rep = rep;
	r->rank = rank;
	r->host = "h";
	r->device = "cpu";
	r->phase = phase;
	r->bytes = bytes;
	r->t_start_ns = (int64_t)llround(start_us * 1e3);
	r->t_end_ns = (int64_t)llround(end_us * 1e3);
}

/* Two ranks, 2 launches x 2 reps: an allreduce of 64 bytes from the last
 * arrival (10 us) to the last end (40 us): 30 us; ring steps of its
 * segment (16 floats over 2 ranks: 8 floats, 32 bytes) taking 5 us,
 * reductions 1 us. The ring formula for p = 2: (p - 1)(x + r) +
 * (p - 1) x = 11 us. The cell is judged by the point rule. */
static void run_of(pr_analysis_run *r, pr_cell *c, double lo_us, double hi_us,
		   const char *formula)
{
	int l, k;

	memset(&T, 0, sizeof(T));
	for (l = 0; l < 2; l++) {
		for (k = 0; k < 2; k++) {
			add(l, k, 0, "allreduce", 64, 0, 40);
			add(l, k, 1, "allreduce", 64, 10, 35);
			add(l, k, 0, "sendrecv", 32, 100, 105);
			add(l, k, 1, "sendrecv", 32, 100, 105);
			add(l, k, 0, "reduce_local", 32, 200, 201);
			add(l, k, 1, "reduce_local", 32, 200, 201);
		}
	}
	memset(c, 0, sizeof(*c));
	c->sel.config = 0;
	c->sel.phase = "allreduce";
	c->sel.bytes = 64;
	c->sel.rows = -1;
	c->sel.rank = -1;
	c->sel.reduce = PR_REDUCE_AFTER_LAST_ARRIVAL;
	c->lo_s = lo_us * 1e-6;
	c->hi_s = hi_us * 1e-6;
	c->predicted_s = 0.5 * (c->lo_s + c->hi_s);
	c->formula = (char *)formula;
	pr_analyze_run(r, &T, NULL, c, 1, PR_RULE_POINT);
}

/* r's primitives against pred, kept in r (freed with it). */
static const pr_primitive_set *primitives(pr_analysis_run *r,
					  const json_t *pred)
{
	pr_primitive_set_free(r->study[PR_STUDY_PRIMITIVES]);
	r->study[PR_STUDY_PRIMITIVES] = pr_primitives_compute(r, pred);
	return pr_primitives_of(r);
}

static json_t *pred_of(int ranks)
{
	return json_pack("{s:[{s:i}]}", "cells", "ranks", ranks);
}

static void test_ring(void **state)
{
	pr_analysis_run r;
	pr_cell c;
	json_t *pred = pred_of(2);
	const pr_primitive *q;

	(void)state;
	/* predicted 10 us [8, 12]: the 30 us measured FAILs; the formula of
	 * the primitives (11 us) says the implementation is slow */
	run_of(&r, &c, 8, 12, "ring");
	assert_int_equal(r.row[0].verdict, PR_FAIL);
	assert_int_equal(primitives(&r, pred)->n, 1);
	q = &pr_primitives_of(&r)->cell[0];
	assert_int_equal(q->seg, 32);
	assert_int_equal(q->ranks, 2);
	assert_true(fabs(q->x_s - 5e-6) < 1e-12);
	assert_true(fabs(q->r_s - 1e-6) < 1e-12);
	assert_true(fabs(q->formula_s - 11e-6) < 1e-12);
	assert_true(fabs(q->measured_s - 30e-6) < 1e-12);
	assert_true(r.row[0].causes.primitives);
	assert_true(fabs(r.row[0].causes.impl_ratio - 30.0 / 11) < 1e-9);
	assert_true(fabs(r.row[0].causes.cond_ratio - 11.0 / 10) < 1e-9);
	pr_analysis_run_free(&r);
	pr_timings_free(&T);

	/* a PASS keeps its primitives and gets no cause */
	run_of(&r, &c, 20, 40, "ring");
	assert_int_equal(r.row[0].verdict, PR_PASS);
	assert_int_equal(primitives(&r, pred)->n, 1);
	assert_false(r.row[0].causes.primitives);
	pr_analysis_run_free(&r);
	pr_timings_free(&T);

	/* a negative control's FAIL is expected: no cause */
	run_of(&r, &c, 8, 12, "ring");
	c.negative = 1;
	primitives(&r, pred);
	assert_false(r.row[0].causes.primitives);
	pr_analysis_run_free(&r);
	pr_timings_free(&T);
	json_decref(pred);
}

/* What leaves a cell alone: another formula, a prediction that names no
 * ranks, a segment its run did not time. */
static void test_left_alone(void **state)
{
	pr_analysis_run r;
	pr_cell c;
	json_t *pred = pred_of(2),
	       *none = json_pack("{s:[{s:s}]}", "cells", "ranks", "two");
	json_t *four = pred_of(4);

	(void)state;
	run_of(&r, &c, 8, 12, "recursive_doubling");
	assert_int_equal(primitives(&r, pred)->n, 0);
	pr_analysis_run_free(&r);
	pr_timings_free(&T);

	run_of(&r, &c, 8, 12, "ring");
	assert_int_equal(primitives(&r, none)->n, 0);
	/* 4 ranks: a 16-byte segment, not timed */
	assert_int_equal(primitives(&r, four)->n, 0);
	assert_false(r.row[0].causes.primitives);
	pr_analysis_run_free(&r);
	pr_timings_free(&T);
	json_decref(pred);
	json_decref(none);
	json_decref(four);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ring),
	    cmocka_unit_test(test_left_alone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
