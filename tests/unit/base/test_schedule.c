/* test_schedule.c - unit tests of src/base/schedule.c */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include <cmocka.h>

#include "base/schedule.h"
#include "base/util.h"

/* Seed used where any fixed seed does: pr_schedule_seed("x", "abc"). */
#define SEED_X_ABC 0x26a985b1cb21452cULL

static int is_permutation(const size_t *perm, size_t n)
{
	char *seen = calloc(n ? n : 1, 1);
	size_t i;
	int ok = 1;

	for (i = 0; i < n && ok; i++) {
		ok = perm[i] < n && !seen[perm[i]];
		if (ok)
			seen[perm[i]] = 1;
	}
	free(seen);
	return ok;
}

/* Reference values of splitmix64 (Vigna), seed 1234567. */
static void test_splitmix64_reference(void **state)
{
	uint64_t s = 1234567;

	(void)state;
	assert_true(pr_splitmix64(&s) == 6457827717110365317ULL);
	assert_true(pr_splitmix64(&s) == 3203168211198807973ULL);
	assert_true(pr_splitmix64(&s) == 9817491932198370423ULL);
}

static void test_permute_is_permutation(void **state)
{
	static const size_t sizes[] = {0, 1, 2, 3, 7, 64, 1000};
	size_t perm[1000], i;
	uint64_t seed;

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (seed = 0; seed < 20; seed++) {
			pr_schedule_permute(perm, sizes[i], seed);
			assert_true(is_permutation(perm, sizes[i]));
		}
}

/* size_order = rep: rep 0 keeps the launch's seed, the others each get
 * their own, the same everywhere */
static void test_rep_seed(void **state)
{
	const uint64_t seed = 0x1234abcdULL;
	uint64_t s[16];
	int i, j;

	(void)state;
	assert_true(pr_schedule_rep_seed(seed, 0) == seed);
	for (i = 0; i < 16; i++) {
		s[i] = pr_schedule_rep_seed(seed, i);
		assert_true(s[i] == pr_schedule_rep_seed(seed, i));
		for (j = 0; j < i; j++)
			assert_true(s[i] != s[j]);
	}
	assert_true(pr_schedule_rep_seed(seed + 1, 1) != s[1]);
}

static void test_permute_same_seed_same_order(void **state)
{
	size_t a[50], b[50];

	(void)state;
	pr_schedule_permute(a, 50, SEED_X_ABC);
	pr_schedule_permute(b, 50, SEED_X_ABC);
	assert_memory_equal(a, b, sizeof(a));
}

static void test_permute_different_seeds_differ(void **state)
{
	size_t a[50], b[50];
	uint64_t seed;

	(void)state;
	pr_schedule_permute(a, 50, 0);
	for (seed = 1; seed < 100; seed++) {
		pr_schedule_permute(b, 50, seed);
		assert_memory_not_equal(a, b, sizeof(a));
	}
}

/*
 * Golden values from a Python transcription of the algorithm documented
 * at the top of schedule.c (splitmix64, rejection-sampled uniform j,
 * Fisher-Yates from the end): the order must not depend on the machine.
 */
static void test_permute_golden(void **state)
{
	static const size_t want5[] = {1, 2, 0, 4, 3};
	static const size_t want10[] = {9, 3, 1, 5, 7, 6, 0, 2, 8, 4};
	size_t perm[10];

	(void)state;
	pr_schedule_permute(perm, 5, 42);
	assert_memory_equal(perm, want5, sizeof(want5));
	pr_schedule_permute(perm, 10, SEED_X_ABC);
	assert_memory_equal(perm, want10, sizeof(want10));
}

/*
 * Each position takes each value about equally often: 60000 seeds, n = 5,
 * expected 12000 per cell, standard deviation about 98; the bounds are
 * more than 6 deviations wide. A biased j (e.g. r % i without rejection
 * on a small state, or Fisher-Yates with the wrong range) fails this.
 */
static void test_permute_uniform(void **state)
{
	enum { N = 5, SEEDS = 60000 };
	int count[N][N] = {{0}};
	size_t perm[N], i, j;
	uint64_t seed;

	(void)state;
	for (seed = 0; seed < SEEDS; seed++) {
		pr_schedule_permute(perm, N, seed);
		for (i = 0; i < N; i++)
			count[i][perm[i]]++;
	}
	for (i = 0; i < N; i++)
		for (j = 0; j < N; j++) {
			assert_in_range(count[i][j], 11400, 12600);
		}
}

/* All 6 orders of 3 items come up equally often. */
static void test_permute_all_orders(void **state)
{
	enum { SEEDS = 60000 };
	int count[6] = {0};
	size_t perm[3], i;
	uint64_t seed;

	(void)state;
	for (seed = 0; seed < SEEDS; seed++) {
		pr_schedule_permute(perm, 3, seed * 0x9e3779b97f4a7c15ULL);
		/* Lehmer code of the permutation: 0..5 */
		count[perm[0] * 2 + (perm[1] > perm[2])]++;
	}
	for (i = 0; i < 6; i++)
		assert_in_range(count[i], 9500, 10500);
}

/*
 * printf 'prereg-schedule:x:abc' | sha256sum
 *   26a985b1cb21452cf8cc0057bbdd37063d956dc98239c373f0476a1067779c66
 * first 8 bytes big-endian: 0x26a985b1cb21452c.
 * printf
 * 'prereg-schedule:kv-allreduce:0123456789abcdef0123456789abcdef01234567' |
 * sha256sum 8b5e83789ab4fdf9dd24a941b0cbe8bb21f8497d3b660f10bd2035b881388246
 */
static void test_seed_known_values(void **state)
{
	(void)state;
	assert_true(pr_schedule_seed("x", "abc") == SEED_X_ABC);
	assert_true(pr_schedule_seed("kv-allreduce",
				     "0123456789abcdef0123456789abcdef"
				     "01234567") == 0x8b5e83789ab4fdf9ULL);
}

static void test_seed_depends_on_commit_and_name(void **state)
{
	const char *c1 = "0123456789abcdef0123456789abcdef01234567";
	const char *c2 = "0123456789abcdef0123456789abcdef01234568";

	(void)state;
	assert_true(pr_schedule_seed("kv", c1) == pr_schedule_seed("kv", c1));
	assert_true(pr_schedule_seed("kv", c1) != pr_schedule_seed("kv", c2));
	assert_true(pr_schedule_seed("kv", c1) != pr_schedule_seed("kw", c1));
	/* the separator keeps ("a", "bc") and ("ab", "c") apart */
	assert_true(pr_schedule_seed("a", "bc") != pr_schedule_seed("ab", "c"));
}

static void test_build_covers_each_once(void **state)
{
	enum { L = 7, C = 6 };
	pr_schedule s;
	int seen[L][C] = {{0}};
	size_t i;
	int l, c;

	(void)state;
	assert_int_equal(pr_schedule_build(&s, SEED_X_ABC, L, C), PR_OK);
	assert_true(s.seed == SEED_X_ABC);
	assert_int_equal(s.ninv, L * C);
	for (i = 0; i < s.ninv; i++) {
		/* launch-major: invocation i belongs to launch i / C */
		assert_int_equal(s.inv[i].launch, (int)(i / C));
		assert_in_range(s.inv[i].config, 0, C - 1);
		seen[s.inv[i].launch][s.inv[i].config]++;
	}
	for (l = 0; l < L; l++)
		for (c = 0; c < C; c++)
			assert_int_equal(seen[l][c], 1);
	pr_schedule_free(&s);
	assert_null(s.inv);
}

static void test_build_orders_differ_between_launches(void **state)
{
	enum { L = 5, C = 4 };
	pr_schedule s;
	int l, k, differ = 0;

	(void)state;
	assert_int_equal(pr_schedule_build(&s, SEED_X_ABC, L, C), PR_OK);
	for (l = 1; l < L && !differ; l++)
		for (k = 0; k < C; k++)
			if (s.inv[l * C + k].config != s.inv[k].config)
				differ = 1;
	assert_true(differ);
	pr_schedule_free(&s);
}

static void test_build_deterministic(void **state)
{
	pr_schedule a, b;
	size_t i;

	(void)state;
	assert_int_equal(pr_schedule_build(&a, 99, 10, 8), PR_OK);
	assert_int_equal(pr_schedule_build(&b, 99, 10, 8), PR_OK);
	assert_int_equal(a.ninv, b.ninv);
	for (i = 0; i < a.ninv; i++) {
		assert_int_equal(a.inv[i].launch, b.inv[i].launch);
		assert_int_equal(a.inv[i].config, b.inv[i].config);
		assert_true(a.inv[i].seed == b.inv[i].seed);
	}
	pr_schedule_free(&a);
	pr_schedule_free(&b);
	assert_int_equal(pr_schedule_build(&a, 100, 10, 8), PR_OK);
	assert_int_equal(pr_schedule_build(&b, 99, 10, 8), PR_OK);
	for (i = 0; i < a.ninv; i++)
		if (a.inv[i].config != b.inv[i].config)
			break;
	assert_true(i < a.ninv);
	pr_schedule_free(&a);
	pr_schedule_free(&b);
}

/* The same Python transcription as test_permute_golden, for the build. */
static void test_build_golden(void **state)
{
	static const pr_invocation want[] = {
	    {0, 0, 0xdf21d96ef55d346aULL}, {0, 2, 0xa7135e06b7af206aULL},
	    {0, 1, 0x6e6f1ca6fc12fc6bULL}, {1, 0, 0x0ef0119921f97171ULL},
	    {1, 1, 0x094396981c380bc0ULL}, {1, 2, 0x4f3fecf3dd50e7b1ULL},
	};
	pr_schedule s;
	size_t i;

	(void)state;
	assert_int_equal(pr_schedule_build(&s, SEED_X_ABC, 2, 3), PR_OK);
	assert_int_equal(s.ninv, 6);
	for (i = 0; i < 6; i++) {
		assert_int_equal(s.inv[i].launch, want[i].launch);
		assert_int_equal(s.inv[i].config, want[i].config);
		assert_true(s.inv[i].seed == want[i].seed);
	}
	pr_schedule_free(&s);
}

static void test_build_rejects_empty(void **state)
{
	pr_schedule s;
	int saved = dup(2), null = open("/dev/null", O_WRONLY);

	(void)state;
	dup2(null, 2);
	assert_int_equal(pr_schedule_build(&s, 1, 0, 4), PR_EINPUT);
	assert_null(s.inv);
	assert_int_equal(pr_schedule_build(&s, 1, 3, 0), PR_EINPUT);
	assert_null(s.inv);
	dup2(saved, 2);
	close(saved);
	close(null);
	pr_schedule_free(&s);
	pr_schedule_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_splitmix64_reference),
	    cmocka_unit_test(test_permute_is_permutation),
	    cmocka_unit_test(test_permute_same_seed_same_order),
	    cmocka_unit_test(test_rep_seed),
	    cmocka_unit_test(test_permute_different_seeds_differ),
	    cmocka_unit_test(test_permute_golden),
	    cmocka_unit_test(test_permute_uniform),
	    cmocka_unit_test(test_permute_all_orders),
	    cmocka_unit_test(test_seed_known_values),
	    cmocka_unit_test(test_seed_depends_on_commit_and_name),
	    cmocka_unit_test(test_build_covers_each_once),
	    cmocka_unit_test(test_build_orders_differ_between_launches),
	    cmocka_unit_test(test_build_deterministic),
	    cmocka_unit_test(test_build_golden),
	    cmocka_unit_test(test_build_rejects_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
