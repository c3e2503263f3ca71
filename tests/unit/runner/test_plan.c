/* test_plan.c - the plan file as prereg-rank reads it (runner/plan.c) and
 * how its failures, and base's errors, reach the runner's one recorded
 * reason (runner/fail.c); neither needs MPI */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "base/util.h"
#include "helpers/scratch.h"
#include "runner/fail.h"
#include "runner/plan.h"

/* The row split of tests/e2e/cli/t0012-exits.sh, its rows_per_rank given. */
static const char row_split[] =
    "{\"experiment\": \"x\", \"workload\": \"row-split\", \"launch\": 1, "
    "\"config\": 2, \"seed\": \"18446744073709551615\", \"reps\": 3, "
    "\"warmup\": 1, \"rows\": 8, \"keys\": 2, \"d\": 4, \"sizes\": [], "
    "\"groups\": [{\"device\": \"cpu\", \"count\": 2}], "
    "\"rows_per_rank\": %s, \"verify\": true, \"out\": \"runs/x/l1c2\"}";

/* text (a printf format taking arg) in a new file; its path (caller
 * frees, with the scratch directory removed by teardown). */
static char *plan_file(void **state, const char *fmt, const char *arg)
{
	char *path = pr_asprintf("%s/plan.json", (char *)*state);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fprintf(f, fmt, arg);
	assert_int_equal(fclose(f), 0);
	return path;
}

/* What rank prints for the recorded reason. */
static const char *why(int rank)
{
	static char buf[1200];

	pr_rank_format_why(buf, sizeof(buf), rank);
	return buf;
}

static int setup(void **state)
{
	*state = pr_scratch_dir("test-plan");
	return 0;
}

static int teardown(void **state)
{
	pr_scratch_remove(*state);
	free(*state);
	pr_rank_forget();
	pr_set_error_routine((pr_error_routine){NULL, NULL});
	return 0;
}

static void test_valid_plan(void **state)
{
	char *path = plan_file(state, row_split, "[5, 3]");
	pr_plan p;

	assert_int_equal(pr_plan_load(&p, path), PR_OK);
	assert_string_equal(p.experiment, "x");
	assert_string_equal(p.workload, "row-split");
	assert_string_equal(p.out, "runs/x/l1c2");
	assert_true(p.seed == UINT64_MAX);
	assert_int_equal(p.launch, 1);
	assert_int_equal(p.config, 2);
	assert_int_equal(p.reps, 3);
	assert_int_equal(p.warmup, 1);
	assert_int_equal(p.rows, 8);
	assert_int_equal(p.nrows_per_rank, 2);
	assert_int_equal(p.rows_per_rank[0], 5);
	assert_int_equal(p.rows_per_rank[1], 3);
	assert_int_equal(p.ngroups, 1);
	assert_string_equal(p.groups[0].device, "cpu");
	assert_int_equal(pr_plan_nranks(&p), 2);
	assert_true(p.verify);
	/* absent: the defaults prereg-rank runs with */
	assert_int_equal(p.threads_per_block, PR_THREADS_PER_BLOCK_DEFAULT);
	assert_int_equal(p.rows_per_block, PR_ROWS_PER_BLOCK_DEFAULT);
	assert_int_equal(p.inner, 0);
	assert_int_equal(p.sync, PR_SYNC_NONE);
	assert_string_equal(pr_plan_sync_name(p.sync), "none");
	/* nothing recorded */
	assert_string_equal(why(0),
			    "prereg-rank: rank 0: failed (no reason recorded)");
	pr_plan_free(&p);
	free(path);
}

/* inner and sync as the plan gives them. */
static void test_inner_sync(void **state)
{
	static const char pingpong[] =
	    "{\"experiment\": \"x\", \"workload\": \"pingpong\", "
	    "\"launch\": 0, \"config\": 0, \"seed\": \"1\", \"reps\": 1, "
	    "\"warmup\": 0, \"sizes\": [8], \"groups\": [{\"device\": "
	    "\"cpu\", \"count\": 2}], \"out\": \"o\", %s}";
	char *path = plan_file(state, pingpong,
			       "\"inner\": 100000, \"sync\": \"barrier\"");
	pr_plan p;

	assert_int_equal(pr_plan_load(&p, path), PR_OK);
	assert_int_equal(p.inner, 100000);
	assert_int_equal(p.sync, PR_SYNC_BARRIER);
	assert_string_equal(pr_plan_sync_name(p.sync), "barrier");
	pr_plan_free(&p);
	free(path);
	path = plan_file(state, pingpong, "\"inner\": 7, \"sync\": \"none\"");
	assert_int_equal(pr_plan_load(&p, path), PR_OK);
	assert_int_equal(p.inner, 7);
	assert_int_equal(p.sync, PR_SYNC_NONE);
	pr_plan_free(&p);
	free(path);
	path = plan_file(state, pingpong, "\"inner\": 100001");
	assert_int_equal(pr_plan_load(&p, path), PR_EINPUT);
	pr_plan_free(&p);
	free(path);
}

/* A plan breaking a rule is refused with the rule's words, as the
 * launch's failure: rank 0 prints it plainly, another rank names itself. */
static void test_rule_broken(void **state)
{
	char *path = plan_file(state, row_split, "[4, 3]");
	char *rule = pr_asprintf("plan '%s': 'rows_per_rank' adds up to 7 "
				 "rows, 'rows' is 8",
				 path);
	char *rank0 = pr_asprintf("prereg-rank: %s", rule);
	char *rank1 = pr_asprintf("prereg-rank: rank 1: %s", rule);
	pr_plan p;

	assert_int_equal(pr_plan_load(&p, path), PR_EINPUT);
	assert_int_equal(pr_exit_code(PR_EINPUT), 2);
	assert_true(pr_rank_failed_all());
	assert_string_equal(why(0), rank0);
	assert_string_equal(why(1), rank1);
	assert_null(p.experiment);
	pr_plan_free(&p);
	free(rule);
	free(rank0);
	free(rank1);
	free(path);
}

/* Not JSON, or no file: the reader's reason, as the launch's. */
static void test_unreadable(void **state)
{
	char *path = plan_file(state, "{\"experiment\": %s", "\"x\"");
	char *missing = pr_asprintf("%s/none.json", (char *)*state);
	pr_plan p;

	assert_int_equal(pr_plan_load(&p, path), PR_EINPUT);
	assert_non_null(strstr(why(0), "': line 1: "));
	pr_plan_free(&p);
	pr_rank_forget();
	assert_int_equal(pr_plan_load(&p, missing), PR_EINPUT);
	assert_non_null(strstr(why(0), "none.json': cannot open: "));
	pr_plan_free(&p);
	free(path);
	free(missing);
}

/* The first reason recorded is kept until forgotten; the flags say how
 * it reads. */
static void test_first_reason_kept(void **state)
{
	(void)state;
	assert_int_equal(pr_rank_failf(PR_EFAIL, PR_FAIL_NAMED,
				       "no CUDA device visible to rank %d", 3),
			 PR_EFAIL);
	assert_int_equal(pr_rank_failf(PR_EINPUT, PR_FAIL_ALL, "later"),
			 PR_EINPUT);
	assert_false(pr_rank_failed_all());
	assert_string_equal(why(3),
			    "prereg-rank: no CUDA device visible to rank 3");
	pr_rank_forget();
	pr_rank_failf(PR_EFAIL, PR_FAIL_ALL | PR_FAIL_LINE,
		      "prereg-rank was built without the CUDA backend");
	assert_string_equal(why(0),
			    "prereg-rank was built without the CUDA backend");
	assert_string_equal(why(2),
			    "prereg-rank was built without the CUDA backend");
}

/* With the runner's routine, base's errors become this rank's recorded
 * failure, nothing printed. */
static void test_base_errors_routed(void **state)
{
	(void)state;
	pr_rank_route_errors();
	assert_int_equal(pr_error_code(PR_EINPUT, "cannot create '%s'", "f"),
			 PR_EINPUT);
	assert_int_equal(pr_error("second"), PR_EFAIL);
	assert_false(pr_rank_failed_all());
	assert_string_equal(why(2), "prereg-rank: rank 2: cannot create 'f'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_inner_sync, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_valid_plan, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_rule_broken, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_unreadable, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_first_reason_kept, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(test_base_errors_routed, setup,
					    teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
