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

static char base[PATH_MAX];
static git_repository *repo;

static int sh(const char *fmt, ...)
{
	va_list ap;
	char *cmd;
	int rc;

	va_start(ap, fmt);
	if (vasprintf(&cmd, fmt, ap) < 0)
		abort();
	va_end(ap);
	rc = system(cmd);
	free(cmd);
	return rc;
}

static int setup(void **state)
{
	(void)state;
	snprintf(base, sizeof(base), "%s/test_analysis_commit.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(base) ||
	    sh("cd '%s' && git init -q -b main . && git config user.name t && "
	       "git config user.email t@example.invalid && echo r >README.md "
	       "&& git add . && git commit -q -m seed",
	       base) != 0)
		return -1;
	git_libgit2_init();
	return git_repository_open(&repo, base) < 0 ? -1 : 0;
}

static int teardown(void **state)
{
	(void)state;
	git_repository_free(repo);
	git_libgit2_shutdown();
	return sh("rm -rf '%s'", base);
}

static void test_commit(void **state)
{
	int was;

	(void)state;
	/* no analysis/x, then an empty one: nothing to commit */
	was = pr_set_quiet(1);
	assert_int_equal(pr_analysis_commit(repo, "x"), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "nothing to commit in "
						"'analysis/x'"));
	assert_int_equal(sh("mkdir -p '%s/analysis/x/plots'", base), 0);
	assert_int_equal(pr_analysis_commit(repo, "x"), PR_EFAIL);
	pr_set_quiet(was);

	/* the report and a plot; a hidden file and a directory stay out */
	assert_int_equal(sh("cd '%s/analysis/x' && echo report >report.md && "
			    "echo plot >x.svg && echo no >.hidden && echo no "
			    ">plots/inner.svg",
			    base),
			 0);
	assert_int_equal(pr_analysis_commit(repo, "x"), PR_OK);
	assert_int_equal(
	    sh("cd '%s' && [ \"$(git log -1 --format=%%s)\" = 'prereg analyze "
	       "x' ] && [ \"$(git show --name-only --format= HEAD | sort | "
	       "tr '\\n' ' ')\" = 'analysis/x/report.md analysis/x/x.svg ' ]",
	       base),
	    0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_commit),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
