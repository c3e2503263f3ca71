/* test_gitcheck.c - the repository states in which prereg refuses to start
 * a run (src/repo/gitcheck.c, I8): index.lock, each operation git leaves
 * in progress, a detached HEAD; each refused with the fix it names, and
 * the same repository ready once the state is gone */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "repo/gitcheck.h"
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
	snprintf(base, sizeof(base), "%s/test_gitcheck.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(base) ||
	    sh("cd '%s' && git init -q -b main . && git -c user.name=t -c "
	       "user.email=t@example.invalid commit -q --allow-empty -m one",
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

/* pr_git_ready refuses with a message holding want1 and want2. */
static void refused(int allow_detached, const char *want1, const char *want2)
{
	int was = pr_set_quiet(1);

	assert_int_equal(pr_git_ready(repo, allow_detached, "cannot run 'x'"),
			 PR_EREFUSED);
	pr_set_quiet(was);
	assert_non_null(strstr(pr_last_error(), "cannot run 'x': "));
	assert_non_null(strstr(pr_last_error(), want1));
	assert_non_null(strstr(pr_last_error(), want2));
}

/* Each file git leaves while an operation is in progress: refused,
 * naming it and how to end it; ready again once it is gone. */
static void test_in_progress(void **state)
{
	static const struct {
		const char *path; /* under .git; a trailing / is a directory */
		const char *doing, *fix;
	} cases[] = {
	    {"MERGE_HEAD", "a merge is in progress", "git merge --abort"},
	    {"REVERT_HEAD", "a revert is in progress", "git revert --abort"},
	    {"CHERRY_PICK_HEAD", "a cherry-pick is in progress",
	     "git cherry-pick --abort"},
	    {"BISECT_LOG", "a bisect is in progress", "git bisect reset"},
	    {"rebase-apply/applying", "a 'git am' is in progress",
	     "git am --abort"},
	    {"rebase-apply/rebasing", "a rebase is in progress",
	     "git rebase --abort"},
	    {"rebase-merge/", "a rebase is in progress", "git rebase --abort"},
	};
	size_t i;

	(void)state;
	assert_int_equal(pr_git_ready(repo, 0, "cannot run 'x'"), PR_OK);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *p = cases[i].path;
		size_t len = strlen(p);

		if (p[len - 1] == '/')
			assert_int_equal(sh("mkdir -p '%s/.git/%s'", base, p),
					 0);
		else
			assert_int_equal(sh("mkdir -p \"$(dirname "
					    "'%s/.git/%s')\" && echo "
					    "0000000000000000000000000000000000"
					    "000000 >'%s/.git/%s'",
					    base, p, base, p),
					 0);
		refused(0, cases[i].doing, cases[i].fix);
		assert_int_equal(sh("cd '%s/.git' && rm -rf MERGE_HEAD "
				    "REVERT_HEAD CHERRY_PICK_HEAD BISECT_LOG "
				    "rebase-apply rebase-merge",
				    base),
				 0);
		assert_int_equal(pr_git_ready(repo, 0, "cannot run 'x'"),
				 PR_OK);
	}
}

/* index.lock refuses, naming the file; a detached HEAD refuses unless
 * allowed. */
static void test_lock_and_detached(void **state)
{
	(void)state;
	assert_int_equal(sh("touch '%s/.git/index.lock'", base), 0);
	refused(0, "index.lock' exists", "remove the file");
	refused(1, "index.lock' exists", "another git process");
	assert_int_equal(sh("rm '%s/.git/index.lock'", base), 0);
	assert_int_equal(pr_git_index_unlocked(repo, "x"), PR_OK);

	assert_int_equal(sh("cd '%s' && git checkout -q --detach", base), 0);
	refused(0, "HEAD is detached", "--detached");
	assert_int_equal(pr_git_ready(repo, 1, "cannot run 'x'"), PR_OK);
	assert_int_equal(sh("cd '%s' && git checkout -q main", base), 0);
	assert_int_equal(pr_git_ready(repo, 0, "cannot run 'x'"), PR_OK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_in_progress),
	    cmocka_unit_test(test_lock_and_detached),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
