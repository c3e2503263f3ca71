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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_waves_a100_and_h200),
	    cmocka_unit_test(test_steps),
	    cmocka_unit_test(test_sweep_is_dense_around_steps),
	    cmocka_unit_test(test_h200_launch_geometry_sweep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
