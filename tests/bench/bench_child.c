/* bench_child.c - how long prereg takes to see a child end (make bench):
 * pr_child_run of `true`, the child that ends at once, 50 times */
#include <stdio.h>
#include <stdlib.h>

#include "base/child.h"
#include "base/util.h"

#define RUNS 50

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

int main(void)
{
	char *const argv[] = {"true", NULL};
	int64_t t[RUNS], t0;
	int i;

	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
	for (i = 0; i < RUNS; i++) {
		pr_child c = {.argv = argv, .no_stdin = 1};

		t0 = pr_mono_ns();
		if (pr_child_run(&c) < 0 || c.status != 0)
			return 1;
		t[i] = pr_mono_ns() - t0;
	}
	qsort(t, RUNS, sizeof(t[0]), cmp_i64);
	printf("child `true`, start to reaped: median %.2f ms, "
	       "range %.2f-%.2f ms (%d runs)\n",
	       (double)t[RUNS / 2] * 1e-6, (double)t[0] * 1e-6,
	       (double)t[RUNS - 1] * 1e-6, RUNS);
	return 0;
}
