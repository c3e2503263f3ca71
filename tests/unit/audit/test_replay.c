/* test_replay.c - the prints of an archive's samples and the replays
 * among them (src/audit/replay.c) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "audit/audit-internal.h"

#define MAXROWS 64

/* One block, launch 0 config 0, rank 0: one warmup row, then n rows
 * whose durations are d[i] (starting at `start`). */
static size_t block(pr_timing *rows, int launch, int config, const int64_t *d,
		    size_t n, int64_t start)
{
	size_t i;

	memset(rows, 0, (n + 1) * sizeof(*rows));
	rows[0].launch = launch;
	rows[0].config = config;
	rows[0].warmup = 1;
	rows[0].phase = "pingpong";
	rows[0].t_start_ns = start;
	rows[0].t_end_ns = start + 12345;
	for (i = 0; i < n; i++) {
		pr_timing *r = &rows[i + 1];

		r->launch = launch;
		r->config = config;
		r->rep = (int)i + 1;
		r->phase = "pingpong";
		r->t_start_ns = start + 1000000 * (int64_t)(i + 1);
		r->t_end_ns = r->t_start_ns + d[i];
	}
	return n + 1;
}

static const int64_t honest[8] = {1783, 1901, 1757, 2044,
				  1812, 1799, 1888, 1760};

static size_t nprints(const int64_t *d, size_t n)
{
	pr_timing rows[MAXROWS];
	pr_audit_print *p = NULL;
	size_t k = pr_audit_prints(&p, rows, block(rows, 0, 0, d, n, 5));

	free(p);
	return k;
}

static void test_prints_need_eight_samples(void **state)
{
	(void)state;
	assert_int_equal(nprints(honest, 8), 1);
	assert_int_equal(nprints(honest, 7), 0);
}

static void test_prints_leave_out_equal_and_coarse(void **state)
{
	int64_t same[8], zero[8] = {0}, coarse[8], repeat[8];
	size_t i;

	(void)state;
	for (i = 0; i < 8; i++) {
		same[i] = 500;
		coarse[i] = 1000 * (int64_t)(i + 1); /* a 1 us clock */
		repeat[i] = honest[i];
	}
	repeat[7] = repeat[0]; /* 7 distinct durations */
	assert_int_equal(nprints(same, 8), 0);
	assert_int_equal(nprints(zero, 8), 0);
	assert_int_equal(nprints(coarse, 8), 0);
	assert_int_equal(nprints(repeat, 8), 0);
}

/* Run b replays run a's block in another launch, config, order and time;
 * a third run with one duration off by 1 ns does not match. */
static void test_replays(void **state)
{
	pr_timing rows[MAXROWS];
	pr_audit_print *all = NULL, *p;
	pr_audit_replay *r = NULL;
	int64_t moved[8], off[8];
	size_t n = 0, k, i;

	(void)state;
	for (i = 0; i < 8; i++) {
		moved[i] = honest[7 - i];
		off[i] = honest[i];
	}
	off[3]++;
	all = calloc(3, sizeof(*all));
	for (i = 0; i < 3; i++) {
		const int64_t *d = i == 0 ? honest : i == 1 ? moved : off;

		k = pr_audit_prints(
		    &p, rows,
		    block(rows, (int)i, 2 - (int)i, d, 8, (int64_t)i * 777777));
		assert_int_equal(k, 1);
		all[n] = p[0];
		all[n++].run = i;
		free(p);
	}
	assert_int_equal(all[1].launch, 1);
	assert_int_equal(all[1].config, 1);
	assert_int_equal(all[1].nsamples, 8);
	k = pr_audit_replays(&r, all, n);
	assert_int_equal(k, 1);
	assert_int_equal(r[0].first, 0);
	assert_int_equal(r[0].second, 1);
	free(r);
	/* the same run's prints never match each other */
	all[1].run = 0;
	assert_int_equal(pr_audit_replays(&r, all, n), 0);
	free(r);
	free(all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_prints_need_eight_samples),
	    cmocka_unit_test(test_prints_leave_out_equal_and_coarse),
	    cmocka_unit_test(test_replays),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
