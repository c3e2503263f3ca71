/* test_paths.c - the repository's paths and the listing of runs */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "helpers/scratch.h"
#include "repo/paths.h"

/* The scratch directory of this run, and the same with a trailing '/'. */
static char *dir, *root;

static int setup(void **state)
{
	(void)state;
	dir = pr_scratch_dir("test-paths");
	root = pr_asprintf("%s/", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(root);
	pr_scratch_remove(dir);
	free(dir);
	return 0;
}

/* Each builder, relative (root NULL) and under a root. */
static void test_paths(void **state)
{
	struct {
		char *rel, *abs;
		const char *want;
	} p[] = {
	    {pr_path_spec(NULL, "kv"), pr_path_spec("/r/", "kv"),
	     "experiments/kv/experiment.ini"},
	    {pr_path_prediction(NULL, "kv"), pr_path_prediction("/r/", "kv"),
	     "predictions/kv.json"},
	    {pr_path_runs(NULL, "kv"), pr_path_runs("/r/", "kv"), "runs/kv"},
	    {pr_path_run(NULL, "kv", "R1"), pr_path_run("/r/", "kv", "R1"),
	     "runs/kv/R1"},
	    {pr_path_manifest(NULL, "kv", "R1"),
	     pr_path_manifest("/r/", "kv", "R1"), "runs/kv/R1/manifest.json"},
	    {pr_path_archive(NULL, "kv", "R1"),
	     pr_path_archive("/r/", "kv", "R1"), "runs/kv/R1/timings.csv.gz"},
	    {pr_path_ledger(NULL, "kv"), pr_path_ledger("/r/", "kv"),
	     "runs/kv/ledger.jsonl"},
	    {pr_path_analysis(NULL, "kv"), pr_path_analysis("/r/", "kv"),
	     "analysis/kv"},
	    {pr_path_report(NULL, "kv"), pr_path_report("/r/", "kv"),
	     "analysis/kv/report.md"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(p) / sizeof(p[0]); i++) {
		char *want = pr_asprintf("/r/%s", p[i].want);

		assert_string_equal(p[i].rel, p[i].want);
		assert_string_equal(p[i].abs, want);
		free(want);
		free(p[i].rel);
		free(p[i].abs);
	}
}

static void free_list(char **v, size_t n)
{
	while (n > 0)
		free(v[--n]);
	free(v);
}

/* The last warning, kept by catch(). */
static char warned[256];

static void catch (void *data, int warning, const char *msg)
{
	(void)data;
	if (warning)
		snprintf(warned, sizeof(warned), "%s", msg);
}

/* Sorted run directories; dot directories and files are no runs; only
 * those with a manifest when asked; a name that is no run id only when
 * asked for every name. */
static void test_list_runs(void **state)
{
	char **ids = (char **)1;
	size_t n = 7;
	pr_error_routine old;

	(void)state;
	assert_int_equal(pr_path_list_runs(&ids, &n, root, "kv", 0), PR_EINPUT);
	assert_null(ids);
	assert_int_equal(n, 0);
	pr_scratch_mkdir(dir, "runs/kv/20260101T000000Z-000002");
	pr_scratch_mkdir(dir, "runs/kv/20260101T000000Z-000001");
	pr_scratch_mkdir(dir, "runs/kv/20260101T000000Z-000003");
	pr_scratch_mkdir(dir, "runs/kv/.work");
	pr_scratch_mkdir(dir, "runs/kv/R4");
	pr_scratch_write(dir, "runs/kv/ledger.jsonl", "");
	pr_scratch_write(dir, "runs/kv/20260101T000000Z-000002/manifest.json",
			 "");
	pr_scratch_write(dir, "runs/kv/20260101T000000Z-000003/manifest.json",
			 "");
	pr_scratch_write(dir, "runs/kv/R4/manifest.json", "");
	old = pr_set_error_routine((pr_error_routine){catch, NULL});
	assert_int_equal(pr_path_list_runs(&ids, &n, root, "kv", 0), 0);
	pr_set_error_routine(old);
	assert_int_equal(n, 3);
	assert_string_equal(ids[0], "20260101T000000Z-000001");
	assert_string_equal(ids[1], "20260101T000000Z-000002");
	assert_string_equal(ids[2], "20260101T000000Z-000003");
	assert_non_null(strstr(warned, "runs/kv/R4 is not a run id"));
	free_list(ids, n);
	old = pr_set_error_routine((pr_error_routine){catch, NULL});
	assert_int_equal(
	    pr_path_list_runs(&ids, &n, root, "kv", PR_RUNS_MANIFEST), 0);
	pr_set_error_routine(old);
	assert_int_equal(n, 2);
	assert_string_equal(ids[0], "20260101T000000Z-000002");
	assert_string_equal(ids[1], "20260101T000000Z-000003");
	free_list(ids, n);
	assert_int_equal(pr_path_list_runs(&ids, &n, root, "kv",
					   PR_RUNS_MANIFEST | PR_RUNS_ANY_NAME),
			 0);
	assert_int_equal(n, 3);
	assert_string_equal(ids[2], "R4");
	free_list(ids, n);
	pr_scratch_mkdir(dir, "runs/empty");
	assert_int_equal(
	    pr_path_list_runs(&ids, &n, root, "empty", PR_RUNS_MANIFEST), 0);
	assert_int_equal(n, 0);
	assert_null(ids);
}

/* Experiments: every subdirectory, or the valid names only. */
static void test_list_experiments(void **state)
{
	char **names = NULL;
	size_t n;

	(void)state;
	pr_scratch_mkdir(dir, "experiments/b");
	pr_scratch_mkdir(dir, "experiments/a");
	pr_scratch_mkdir(dir, "experiments/-bad");
	pr_scratch_write(dir, "experiments/file", "");
	n = pr_path_list_experiments(&names, root, "experiments", 0);
	assert_int_equal(n, 3);
	assert_string_equal(names[0], "-bad");
	assert_string_equal(names[1], "a");
	free_list(names, n);
	n = pr_path_list_experiments(&names, root, "experiments", 1);
	assert_int_equal(n, 2);
	assert_string_equal(names[0], "a");
	assert_string_equal(names[1], "b");
	free_list(names, n);
	assert_int_equal(pr_path_list_experiments(&names, root, "none", 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_paths),
	    cmocka_unit_test(test_list_runs),
	    cmocka_unit_test(test_list_experiments),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
