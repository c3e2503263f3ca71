/* test_analysis_commit.c - committing an experiment's analysis
 * (src/analyze/commit.c): its regular files only, in one commit with its
 * message; nothing to commit is an error */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/commit.h"
#include "base/util.h"
#include "helpers/scratch.h"

static char *base;
static git_repository *repo;

static int setup(void **state)
{
	(void)state;
	base = pr_scratch_dir("test-analysis-commit");
	pr_scratch_repo_init(base);
	pr_scratch_config(base, "user.name", "t");
	pr_scratch_config(base, "user.email", "t@example.invalid");
	pr_scratch_write(base, "README.md", "r\n");
	pr_scratch_commit(base, "seed");
	git_libgit2_init();
	return git_repository_open(&repo, base) < 0 ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	git_repository_free(repo);
	git_libgit2_shutdown();
	pr_scratch_remove(base);
	free(base);
	return 0;
}

static void test_commit(void **state)
{
	char out[256];

	(void)state;
	/* no analysis/x, then an empty one: nothing to commit */
	assert_int_equal(pr_analysis_commit(repo, "x"), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "nothing to commit in "
						"'analysis/x'"));
	pr_scratch_mkdir(base, "analysis/x/plots");
	assert_int_equal(pr_analysis_commit(repo, "x"), PR_EFAIL);

	/* the report and a plot; a hidden file and a directory stay out */
	pr_scratch_write(base, "analysis/x/report.md", "report\n");
	pr_scratch_write(base, "analysis/x/x.svg", "plot\n");
	pr_scratch_write(base, "analysis/x/.hidden", "no\n");
	pr_scratch_write(base, "analysis/x/plots/inner.svg", "no\n");
	assert_int_equal(pr_analysis_commit(repo, "x"), PR_OK);
	PR_SCRATCH_GIT_OUT(out, base, "log", "-1", "--format=%s");
	assert_string_equal(out, "prereg analyze x");
	PR_SCRATCH_GIT_OUT(out, base, "show", "--name-only",
			   "--format=", "HEAD");
	assert_string_equal(out, "analysis/x/report.md\nanalysis/x/x.svg");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_commit),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
