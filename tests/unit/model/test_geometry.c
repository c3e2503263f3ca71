/* test_geometry.c - the launch-geometry model against hand-worked numbers */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "model/geometry.h"

static void test_waves_a100_and_h200(void **state)
{
	(void)state;
	/* A100: 108 SMs x 32 blocks = 3456 blocks per wave */
	assert_int_equal(pr_geometry_waves(3456, 108, 32), 1);
	assert_int_equal(pr_geometry_waves(3457, 108, 32), 2);
	assert_int_equal(pr_geometry_waves(6912, 108, 32), 2);
	assert_int_equal(pr_geometry_waves(6913, 108, 32), 3);
	/* H200: 132 x 32 = 4224 */
	assert_int_equal(pr_geometry_waves(4224, 132, 32), 1);
	assert_int_equal(pr_geometry_waves(4225, 132, 32), 2);
	assert_int_equal(pr_geometry_blocks(8192, 1), 8192);
	assert_int_equal(pr_geometry_blocks(8193, 2), 4097);
}

static void test_steps(void **state)
{
	long step[8];

	(void)state;
	/* one block per row on an H200: time steps just past 4224, 8448 */
	assert_int_equal(pr_geometry_steps(step, 8, 132, 32, 1, 16384), 3);
	assert_int_equal(step[0], 4224);
	assert_int_equal(step[1], 8448);
	assert_int_equal(step[2], 12672);
	/* two rows per block double the rows per wave */
	assert_int_equal(pr_geometry_steps(step, 8, 132, 32, 2, 16384), 1);
	assert_int_equal(step[0], 8448);
	/* A100 */
	assert_int_equal(pr_geometry_steps(step, 8, 108, 32, 1, 8192), 2);
	assert_int_equal(step[0], 3456);
	assert_int_equal(step[1], 6912);
}

static void test_sweep_is_dense_around_steps(void **state)
{
	long step[2] = {4224, 8448}, rows[64];
	int n, i, seen_step = 0, seen_next = 0;

	(void)state;
	n = pr_geometry_sweep(rows, 64, step, 2, 1, 16384);
	assert_true(n >= 12);
	for (i = 0; i < n; i++) {
		if (i)
			assert_true(rows[i] > rows[i - 1]);
		seen_step += rows[i] == 4224 || rows[i] == 8448;
		seen_next += rows[i] == 4225 || rows[i] == 8449;
	}
	assert_int_equal(seen_step, 2);
	assert_int_equal(seen_next, 2);
	assert_true(rows[0] == 1);
}

/*
 * experiments/launch-geometry on an H200: 132 SMs; 64 threads per block,
 * keys 32 (384 bytes of dynamic shared memory) and 32 registers a thread
 * (ptxas -v for sm_90, CUDA 13.0) let 32 blocks stay on an SM (2048
 * threads, 64 of 64 warps, 64K registers), so 4224 rows per wave; rows up
 * to 16384. The prediction's steps are the first row of each next wave.
 */
static void test_h200_launch_geometry_sweep(void **state)
{
	const long want[] = {1,	   128,	  2112,	 4160,	4192,  4224,  4225,
			     4256, 4288,  8384,	 8416,	8448,  8449,  8480,
			     8512, 12608, 12640, 12672, 12673, 12704, 12736};
	long step[16], rows[64];
	int n, i;

	(void)state;
	n = pr_geometry_steps(step, 16, 132, 32, 1, 16384);
	assert_int_equal(n, 3);
	assert_int_equal(step[0] + 1, 4225);
	assert_int_equal(step[1] + 1, 8449);
	assert_int_equal(step[2] + 1, 12673);
	n = pr_geometry_sweep(rows, 64, step, n, 1, 16384);
	assert_int_equal(n, (int)(sizeof(want) / sizeof(want[0])));
	for (i = 0; i < n; i++)
		assert_int_equal(rows[i], want[i]);
	/* one register more (33) leaves 25 blocks per SM: 3300 rows a wave */
	assert_int_equal(pr_geometry_steps(step, 16, 132, 25, 1, 16384), 4);
	assert_int_equal(step[0], 3300);
}

/* cpu-blocks:T: T threads, capped by the rank's cores, x blocks per
 * thread x rows per block rows a wave. */
static void test_cpu_blocks(void **state)
{
	long step[8];

	(void)state;
	assert_int_equal(pr_geometry_cpu_units(2, 2), 2);
	assert_int_equal(pr_geometry_cpu_units(4, 2), 2);
	assert_int_equal(pr_geometry_cpu_units(1, 8), 1);
	assert_int_equal(pr_geometry_cpu_units(3, 0), 1);
	/* cpu-blocks:2, 32 rows per block, 1 block per thread: 64 rows a
	 * wave, steps at 65, 129, 193 below 256 rows */
	assert_int_equal(
	    pr_geometry_steps(step, 8, pr_geometry_cpu_units(2, 2), 1, 32, 256),
	    3);
	assert_int_equal(step[0], 64);
	assert_int_equal(step[2], 192);
	/* 2 blocks per thread double the wave; 8 threads on 2 cores step
	 * as 2 threads do */
	assert_int_equal(pr_geometry_steps(step, 8, 2, 2, 32, 256), 1);
	assert_int_equal(step[0], 128);
	assert_int_equal(
	    pr_geometry_steps(step, 8, pr_geometry_cpu_units(8, 2), 1, 32, 256),
	    3);
	assert_int_equal(step[0], 64);
}

/* A series of (rows, statistic, interval) with a flat 1.0 and a step to
 * `high` at rows >= at; every interval +-w around its statistic. */
static int series(pr_geometry_point *p, const long *rows, int n, long at,
		  double high, double w)
{
	int i;

	for (i = 0; i < n; i++) {
		p[i].rows = rows[i];
		p[i].stat = rows[i] >= at ? high : 1.0;
		p[i].lo = p[i].stat - w;
		p[i].hi = p[i].stat + w;
	}
	return n;
}

static const long sweep_rows[] = {1, 32, 63, 64, 65, 66, 96, 128};

static void test_detect(void **state)
{
	pr_geometry_point p[8];
	long out[8];
	int n = (int)(sizeof(sweep_rows) / sizeof(sweep_rows[0]));

	(void)state;
	/* a clean step: 1 -> 2 at 65 */
	series(p, sweep_rows, n, 65, 2.0, 0.05);
	assert_int_equal(pr_geometry_detect(out, 8, p, n, 1.15), 1);
	assert_int_equal(out[0], 65);
	/* a rise below the ratio is no step, however tight */
	series(p, sweep_rows, n, 65, 1.10, 0.001);
	assert_int_equal(pr_geometry_detect(out, 8, p, n, 1.15), 0);
	/* just above the ratio, intervals apart: a step */
	series(p, sweep_rows, n, 65, 1.16, 0.001);
	assert_int_equal(pr_geometry_detect(out, 8, p, n, 1.15), 1);
	/* above the ratio, but the intervals overlap (noise): no step */
	series(p, sweep_rows, n, 65, 2.0, 0.6);
	assert_int_equal(pr_geometry_detect(out, 8, p, n, 1.15), 0);
	/* noise below the threshold around a flat series: no step */
	series(p, sweep_rows, n, 1000, 2.0, 0.05);
	p[3].stat = 1.1;
	p[3].lo = 1.08;
	p[3].hi = 1.12;
	assert_int_equal(pr_geometry_detect(out, 8, p, n, 1.15), 0);
	/* a drop is no step either */
	series(p, sweep_rows, n, 65, 0.5, 0.01);
	assert_int_equal(pr_geometry_detect(out, 8, p, n, 1.15), 0);
}

static void test_judge(void **state)
{
	pr_step_match m[8];
	long pred[2] = {65, 129}, obs[3];

	(void)state;
	assert_string_equal(pr_step_verdict_name(PR_STEP_MISSED), "MISSED");
	/* on the predicted rows: PASS with tolerance 0 */
	obs[0] = 65;
	obs[1] = 129;
	assert_int_equal(pr_geometry_judge(m, pred, 2, obs, 2, 0), 2);
	assert_int_equal(m[0].verdict, PR_STEP_PASS);
	assert_int_equal(m[1].verdict, PR_STEP_PASS);
	/* one sample off: inside a tolerance of 1, outside one of 0 */
	obs[0] = 66;
	assert_int_equal(pr_geometry_judge(m, pred, 2, obs, 2, 1), 2);
	assert_int_equal(m[0].verdict, PR_STEP_PASS);
	assert_int_equal(m[0].observed, 66);
	assert_int_equal(pr_geometry_judge(m, pred, 2, obs, 2, 0), 2);
	assert_int_equal(m[0].verdict, PR_STEP_FAIL);
	assert_int_equal(m[0].observed, 66);
	assert_int_equal(m[1].verdict, PR_STEP_PASS);
	/* an extra step between them, nearer the first */
	obs[0] = 65;
	obs[1] = 80;
	obs[2] = 129;
	assert_int_equal(pr_geometry_judge(m, pred, 2, obs, 3, 0), 3);
	assert_int_equal(m[0].verdict, PR_STEP_PASS);
	assert_int_equal(m[1].verdict, PR_STEP_EXTRA);
	assert_int_equal(m[1].observed, 80);
	assert_int_equal(m[1].predicted, -1);
	assert_int_equal(m[2].verdict, PR_STEP_PASS);
	/* a missed step */
	obs[0] = 129;
	assert_int_equal(pr_geometry_judge(m, pred, 2, obs, 1, 0), 2);
	assert_int_equal(m[0].verdict, PR_STEP_MISSED);
	assert_int_equal(m[0].observed, -1);
	assert_int_equal(m[1].verdict, PR_STEP_PASS);
	/* a step moved far: FAIL on its nearest prediction, the other
	 * MISSED */
	obs[0] = 100;
	assert_int_equal(pr_geometry_judge(m, pred, 2, obs, 1, 4), 2);
	assert_int_equal(m[0].verdict, PR_STEP_MISSED);
	assert_int_equal(m[1].verdict, PR_STEP_FAIL);
	assert_int_equal(m[1].observed, 100);
	/* nothing predicted: every observed step is EXTRA */
	assert_int_equal(pr_geometry_judge(m, pred, 0, obs, 1, 4), 1);
	assert_int_equal(m[0].verdict, PR_STEP_EXTRA);
}

/* The row slots the busiest cpu-blocks worker runs: padding counted, one
 * wave's active threads units at a time, waves summed. */
static void test_cpu_slots(void **state)
{
	(void)state;
	/* 6 rows, one block of 64: one thread, 64 slots (58 padding) */
	assert_int_equal(pr_geometry_cpu_slots(6, 2, 2, 64, 1), 64);
	/* 2 blocks of 3 over 2 threads: one wave, 3 slots each */
	assert_int_equal(pr_geometry_cpu_slots(6, 2, 2, 3, 1), 3);
	/* blocks of 1: 3 waves of 2 blocks, 1 slot a wave */
	assert_int_equal(pr_geometry_cpu_slots(6, 2, 2, 1, 1), 3);
	/* one core for 2 threads: they take turns, twice the slots */
	assert_int_equal(pr_geometry_cpu_slots(6, 2, 1, 3, 1), 6);
	/* 7 rows in blocks of 3: 3 blocks, the third in a second wave */
	assert_int_equal(pr_geometry_cpu_slots(7, 2, 2, 3, 1), 6);
	/* 2 blocks a thread: 6 rows of 1 over 2 threads, a wave of 4 then
	 * 2 (one thread holding both) */
	assert_int_equal(pr_geometry_cpu_slots(6, 2, 2, 1, 2), 4);
	assert_int_equal(pr_geometry_cpu_slots(0, 2, 2, 1, 1), 0);
	assert_int_equal(pr_geometry_cpu_slots(6, 0, 2, 1, 1), 0);
	assert_int_equal(pr_geometry_cpu_slots(6, 2, 2, 0, 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_waves_a100_and_h200),
	    cmocka_unit_test(test_steps),
	    cmocka_unit_test(test_sweep_is_dense_around_steps),
	    cmocka_unit_test(test_h200_launch_geometry_sweep),
	    cmocka_unit_test(test_cpu_blocks),
	    cmocka_unit_test(test_detect),
	    cmocka_unit_test(test_judge),
	    cmocka_unit_test(test_cpu_slots),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
