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
#include "helpers/scratch.h"

static char *base;
static git_repository *repo;

static int setup(void **state)
{
	(void)state;
	base = pr_scratch_dir("test-gitcheck");
	pr_scratch_repo_init(base);
	pr_scratch_commit(base, "one");
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

/* Remove what test_in_progress leaves under .git. */
static void end_operations(void)
{
	static const char *const left[] = {
	    "MERGE_HEAD", "REVERT_HEAD",  "CHERRY_PICK_HEAD",
	    "BISECT_LOG", "rebase-apply", "rebase-merge",
	};
	size_t i;

	for (i = 0; i < sizeof(left) / sizeof(left[0]); i++) {
		char *path = pr_asprintf("%s/.git/%s", base, left[i]);

		pr_remove_tree(path);
		free(path);
	}
}

/* pr_git_ready refuses with a message holding want1 and want2. */
static void refused(int allow_detached, const char *want1, const char *want2)
{
	assert_int_equal(pr_git_ready(repo, allow_detached, "cannot run 'x'"),
			 PR_EREFUSED);
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

		char *rel = pr_asprintf(".git/%s", p);

		if (p[len - 1] == '/')
			pr_scratch_mkdir(base, rel);
		else
			pr_scratch_write(base, rel,
					 "0000000000000000000000000000000000"
					 "000000\n");
		free(rel);
		refused(0, cases[i].doing, cases[i].fix);
		end_operations();
		assert_int_equal(pr_git_ready(repo, 0, "cannot run 'x'"),
				 PR_OK);
	}
}

/* index.lock refuses, naming the file; a detached HEAD refuses unless
 * allowed. */
static void test_lock_and_detached(void **state)
{
	char *lock = pr_asprintf("%s/.git/index.lock", base);

	(void)state;
	pr_scratch_write(base, ".git/index.lock", "");
	refused(0, "index.lock' exists", "remove the file");
	refused(1, "index.lock' exists", "another git process");
	assert_int_equal(unlink(lock), 0);
	assert_int_equal(pr_git_index_unlocked(repo, "x"), PR_OK);

	assert_int_equal(git_repository_detach_head(repo), 0);
	refused(0, "HEAD is detached", "--detached");
	assert_int_equal(pr_git_ready(repo, 1, "cannot run 'x'"), PR_OK);
	assert_int_equal(git_repository_set_head(repo, "refs/heads/main"), 0);
	assert_int_equal(pr_git_ready(repo, 0, "cannot run 'x'"), PR_OK);
	free(lock);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_in_progress),
	    cmocka_unit_test(test_lock_and_detached),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
