/* gitcheck.c - is the repository in a state where prereg may commit? */
#include "repo/gitcheck.h"

#include <stdlib.h>
#include <unistd.h>

#include "repo/git.h"
#include "base/util.h"

int pr_git_index_unlocked(git_repository *repo, const char *what)
{
	char *lock = pr_asprintf("%sindex.lock", git_repository_path(repo));
	int locked = access(lock, F_OK) == 0;
	int error = PR_OK;

	if (locked)
		error = pr_error_code(
		    PR_EREFUSED,
		    "%s: '%s' exists: another git process is running in this "
		    "repository, or one crashed; if none is running, remove "
		    "the file",
		    what, lock);
	free(lock);
	return error;
}

/* What is in progress and how to end it, for git_repository_state(). */
static const char *in_progress(int state, const char **fix)
{
	switch (state) {
	case GIT_REPOSITORY_STATE_NONE:
		return NULL;
	case GIT_REPOSITORY_STATE_MERGE:
		*fix = "'git commit' or 'git merge --abort'";
		return "a merge";
	case GIT_REPOSITORY_STATE_REVERT:
	case GIT_REPOSITORY_STATE_REVERT_SEQUENCE:
		*fix = "'git revert --continue' or 'git revert --abort'";
		return "a revert";
	case GIT_REPOSITORY_STATE_CHERRYPICK:
	case GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE:
		*fix = "'git cherry-pick --continue' or 'git cherry-pick "
		       "--abort'";
		return "a cherry-pick";
	case GIT_REPOSITORY_STATE_BISECT:
		*fix = "'git bisect reset'";
		return "a bisect";
	case GIT_REPOSITORY_STATE_APPLY_MAILBOX:
	case GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE:
		*fix = "'git am --continue' or 'git am --abort'";
		return "a 'git am'";
	default:
		*fix = "'git rebase --continue' or 'git rebase --abort'";
		return "a rebase";
	}
}

int pr_git_ready(git_repository *repo, int allow_detached, const char *what)
{
	const char *fix = NULL, *doing;
	int error, detached;

	if ((error = pr_git_index_unlocked(repo, what)) < 0)
		return error;
	if ((doing = in_progress(git_repository_state(repo), &fix)) != NULL)
		return pr_error_code(PR_EREFUSED,
				     "%s: %s is in progress; end it first with "
				     "%s",
				     what, doing, fix);
	detached = git_repository_head_detached(repo);
	if (detached < 0)
		return pr_git_error("cannot read HEAD");
	if (detached && !allow_detached)
		return pr_error_code(PR_EREFUSED,
				     "%s: HEAD is detached, so the run commit "
				     "would sit on no branch; check out a "
				     "branch ('git switch -c NAME'), or pass "
				     "--detached to run anyway",
				     what);
	return PR_OK;
}
