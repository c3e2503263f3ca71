/* test_backend.c - the backend table and the two cpu kernels' agreement */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The backends are prereg-rank's, not core's objects: compiled in here. */
#include "backend/backend.c"
#include "backend/cpu.c"
#include "backend/cpu_blocks.c"

#define ROWS 5
#define KEYS 7
#define D 13

static void test_find_whole_names(void **state)
{
	const char *const *n;
	int cpu = 0, naive = 0;

	(void)state;
	assert_ptr_equal(pr_backend_find("cpu"), &pr_backend_cpu);
	assert_ptr_equal(pr_backend_find("cpu-naive"), &pr_backend_cpu_naive);
	assert_string_equal(pr_backend_find("cpu-naive")->name, "cpu-naive");
	assert_null(pr_backend_find("cpu-"));
	assert_null(pr_backend_find("cpu-naive2"));
	assert_null(pr_backend_find("naive"));
	assert_null(pr_backend_find(""));
	for (n = pr_backend_names(); *n; n++) {
		cpu += !strcmp(*n, "cpu");
		naive += !strcmp(*n, "cpu-naive");
	}
	assert_int_equal(cpu, 1);
	assert_int_equal(naive, 1);
}

/* Values in [-1, 1) from a fixed LCG, the same every run. */
static void fill(float *x, long n, uint32_t seed)
{
	long i;

	for (i = 0; i < n; i++) {
		seed = seed * 1664525u + 1013904223u;
		x[i] = (float)(seed >> 8) * 0x1p-23f - 1.0f;
	}
}

static void run(const struct pr_backend *be, float *o, float *m, float *l,
		const float *q, const float *k, const float *v, long rows)
{
	pr_attention a = {.q = q,
			  .k = k,
			  .v = v,
			  .o = o,
			  .m = m,
			  .l = l,
			  .rows = rows,
			  .keys = KEYS,
			  .d = D};
	char why[64];
	void *ctx = NULL;

	assert_int_equal(be->init(&ctx, -1, why, sizeof(why)), PR_OK);
	assert_int_equal(be->run_rows(ctx, &a), PR_OK);
	assert_int_equal(be->sync(ctx), PR_OK);
	be->fini(ctx);
}

static void test_naive_matches_cpu(void **state)
{
	float q[ROWS * D], k[KEYS * D], v[KEYS * D];
	float o1[ROWS * D], m1[ROWS], l1[ROWS];
	float o2[ROWS * D], m2[ROWS], l2[ROWS];
	long i, t;

	(void)state;
	fill(q, ROWS * D, 1);
	fill(k, KEYS * D, 2);
	fill(v, KEYS * D, 3);
	run(&pr_backend_cpu, o1, m1, l1, q, k, v, ROWS);
	run(&pr_backend_cpu_naive, o2, m2, l2, q, k, v, ROWS);
	for (i = 0; i < ROWS; i++) {
		assert_true(fabsf(m1[i] - m2[i]) <= 1e-5f);
		assert_true(fabsf(l1[i] - l2[i]) <= 1e-5f * l1[i]);
		assert_true(l1[i] >= 1.0f);
		for (t = 0; t < D; t++)
			assert_true(fabsf(o1[i * D + t] - o2[i * D + t]) <=
				    1e-5f * l1[i]);
	}
}

static void test_naive_edges(void **state)
{
	float q[D], k[D], v[D], o[D], m, l;
	pr_attention a = {.q = q,
			  .k = k,
			  .v = v,
			  .o = o,
			  .m = &m,
			  .l = &l,
			  .rows = 0,
			  .keys = 1,
			  .d = D};
	char buf[256], why[64];
	void *ctx = NULL;

	(void)state;
	fill(q, D, 4);
	fill(k, D, 5);
	fill(v, D, 6);
	assert_int_equal(pr_backend_cpu_naive.init(&ctx, -1, why, sizeof(why)),
			 PR_OK);
	assert_int_equal(pr_backend_cpu_naive.run_rows(ctx, &a), PR_OK);
	a.d = 0;
	assert_int_equal(pr_backend_cpu_naive.run_rows(ctx, &a), PR_EINPUT);
	assert_int_equal(pr_backend_cpu_naive.describe(ctx, buf, sizeof(buf)),
			 PR_OK);
	assert_non_null(strstr(buf, "cpu-naive"));
	assert_non_null(strstr(buf, "naive kernel"));
	pr_backend_cpu_naive.fini(ctx);
}

/* This build has no GPU backend: both kinds say why, and the host
 * backends have none of the device-only entries. */
static void test_gpu_kinds_not_built(void **state)
{
	(void)state;
	assert_null(pr_backend_find("cuda"));
	assert_null(pr_backend_find("hip"));
	assert_string_equal(pr_backend_why_not("cuda"), "not built");
	assert_string_equal(pr_backend_why_not("hip"), "not built");
	assert_null(pr_backend_why_not("cpu"));
	assert_null(pr_backend_why_not("tpu"));
	assert_null(pr_backend_cpu.device_count);
	assert_null(pr_backend_cpu.device_info);
	assert_null(pr_backend_cpu.device_ns);
	assert_null(pr_backend_cpu_naive.normalise);
	assert_null(pr_backend_cpu_naive.rescale);
	assert_int_equal(pr_backend_cpu.host_memory, 1);
}

/* The launch geometry is for device backends: the cpu ignores it. */
static void test_cpu_ignores_launch(void **state)
{
	float q[ROWS * D], k[KEYS * D], v[KEYS * D];
	float o1[ROWS * D], m1[ROWS], l1[ROWS];
	float o2[ROWS * D], m2[ROWS], l2[ROWS];
	pr_attention a = {.q = q,
			  .k = k,
			  .v = v,
			  .o = o2,
			  .m = m2,
			  .l = l2,
			  .rows = ROWS,
			  .keys = KEYS,
			  .d = D,
			  .threads_per_block = 7,
			  .rows_per_block = 3};
	char why[64];
	void *ctx = NULL;

	(void)state;
	fill(q, ROWS * D, 1);
	fill(k, KEYS * D, 2);
	fill(v, KEYS * D, 3);
	run(&pr_backend_cpu, o1, m1, l1, q, k, v, ROWS);
	assert_int_equal(pr_backend_cpu.init(&ctx, -1, why, sizeof(why)),
			 PR_OK);
	assert_int_equal(pr_backend_cpu.run_rows(ctx, &a), PR_OK);
	pr_backend_cpu.fini(ctx);
	assert_memory_equal(o1, o2, sizeof(o1));
	assert_memory_equal(m1, m2, sizeof(m1));
	assert_memory_equal(l1, l2, sizeof(l1));
}

#define BIG 23

/*
 * cpu-blocks runs cpu's row kernel block by block over its threads: the
 * same bytes as cpu for every row, for rows below, at and above a block
 * and a wave, rows per block that do not divide rows, more threads than
 * rows, several blocks per thread; one pool serves every call, and the
 * slots past the last row write nothing of the caller's (a sentinel row
 * after the outputs stays).
 */
static void test_blocks_match_cpu(void **state)
{
	static const long rows[] = {1, 2, 5, 6, 7, 13, BIG};
	static const int threads[] = {1, 2, 3, 8, 40};
	static const int rpb[] = {1, 3, 6};
	static const int bpt[] = {1, 2, 5};
	float q[BIG * D], k[KEYS * D], v[KEYS * D];
	float o1[BIG * D], m1[BIG], l1[BIG];
	float o2[(BIG + 1) * D], m2[BIG + 1], l2[BIG + 1];
	char why[128];
	size_t ti, ri, bi, ni;
	long i;

	(void)state;
	fill(q, BIG * D, 7);
	fill(k, KEYS * D, 8);
	fill(v, KEYS * D, 9);
	run(&pr_backend_cpu, o1, m1, l1, q, k, v, BIG);
	for (ti = 0; ti < sizeof(threads) / sizeof(threads[0]); ti++) {
		void *ctx = NULL;

		assert_int_equal(pr_backend_cpu_blocks.init(&ctx, threads[ti],
							    why, sizeof(why)),
				 PR_OK);
		for (ri = 0; ri < sizeof(rpb) / sizeof(rpb[0]); ri++)
			for (bi = 0; bi < sizeof(bpt) / sizeof(bpt[0]); bi++)
				for (ni = 0;
				     ni < sizeof(rows) / sizeof(rows[0]);
				     ni++) {
					pr_attention a = {
					    .q = q,
					    .k = k,
					    .v = v,
					    .o = o2,
					    .m = m2,
					    .l = l2,
					    .rows = rows[ni],
					    .keys = KEYS,
					    .d = D,
					    .rows_per_block = rpb[ri],
					    .blocks_per_thread = bpt[bi]};

					for (i = 0; i < (BIG + 1) * D; i++)
						o2[i] = -7.0f;
					m2[rows[ni]] = l2[rows[ni]] = -7.0f;
					assert_int_equal(
					    pr_backend_cpu_blocks.run_rows(ctx,
									   &a),
					    PR_OK);
					assert_memory_equal(o1, o2,
							    (size_t)rows[ni] *
								D *
								sizeof(float));
					assert_memory_equal(m1, m2,
							    (size_t)rows[ni] *
								sizeof(float));
					assert_memory_equal(l1, l2,
							    (size_t)rows[ni] *
								sizeof(float));
					assert_true(o2[rows[ni] * D] == -7.0f);
					assert_true(m2[rows[ni]] == -7.0f);
					assert_true(l2[rows[ni]] == -7.0f);
				}
		pr_backend_cpu_blocks.fini(ctx);
	}
}

/* The thread count is the backend's parameter, 1 to the maximum; it says
 * when it has more threads than the rank has CPUs. */
static void test_blocks_params(void **state)
{
	char why[128], buf[512];
	void *ctx = NULL;

	(void)state;
	assert_ptr_equal(pr_backend_find("cpu-blocks"), &pr_backend_cpu_blocks);
	assert_null(pr_backend_find("cpu-blocks:2"));
	assert_string_equal(pr_backend_cpu_blocks.param, "worker threads");
	assert_null(pr_backend_cpu.param);
	assert_int_equal(pr_backend_cpu_blocks.init(&ctx, 0, why, sizeof(why)),
			 PR_EINPUT);
	assert_null(ctx);
	assert_non_null(strstr(why, "1 to 256 threads"));
	assert_int_equal(pr_backend_cpu_blocks.init(
			     &ctx, PR_BLOCKS_THREADS_MAX + 1, why, sizeof(why)),
			 PR_EINPUT);
	assert_int_equal(pr_backend_cpu_blocks.init(&ctx, PR_BLOCKS_THREADS_MAX,
						    why, sizeof(why)),
			 PR_OK);
	assert_int_equal(pr_backend_cpu_blocks.describe(ctx, buf, sizeof(buf)),
			 PR_OK);
	assert_non_null(strstr(buf, "cpu-blocks: 256 worker threads"));
	assert_non_null(strstr(buf, "more threads than CPUs"));
	pr_backend_cpu_blocks.fini(ctx);
	assert_int_equal(pr_backend_cpu_blocks.init(&ctx, 1, why, sizeof(why)),
			 PR_OK);
	assert_int_equal(pr_backend_cpu_blocks.describe(ctx, buf, sizeof(buf)),
			 PR_OK);
	assert_null(strstr(buf, "more threads than CPUs"));
	pr_backend_cpu_blocks.fini(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_find_whole_names),
	    cmocka_unit_test(test_naive_matches_cpu),
	    cmocka_unit_test(test_naive_edges),
	    cmocka_unit_test(test_gpu_kinds_not_built),
	    cmocka_unit_test(test_cpu_ignores_launch),
	    cmocka_unit_test(test_blocks_match_cpu),
	    cmocka_unit_test(test_blocks_params),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
