/* gitcheck.h - is the repository in a state where prereg may commit? */
#ifndef PR_GITCHECK_H
#define PR_GITCHECK_H

#include <git2.h>

/*
 * Refuse (PR_EREFUSED, with the message naming the cause and its fix)
 * before anything runs when a commit at the end could not be made cleanly:
 * the index is locked (index.lock: another git is running, or one
 * crashed), a merge, rebase, cherry-pick, revert or bisect is in progress,
 * or HEAD is detached (unless allow_detached: the run commit may then sit
 * on no branch). `what` starts the message ("cannot run 'kv'").
 */
int pr_git_ready(git_repository *repo, int allow_detached, const char *what);

/* PR_EREFUSED with a message when index.lock exists, else PR_OK. */
int pr_git_index_unlocked(git_repository *repo, const char *what);

#endif
