/* lock.h - one run per repository at a time: an advisory lock (flock) on
 * prereg.lock in the repository's git directory */
#ifndef PR_LOCK_H
#define PR_LOCK_H

#include <git2.h>

/*
 * Take the repository's run lock for this process (`what` says what holds
 * it, e.g. "run kv-allreduce"; it is written into the lock file with the
 * pid, for the next one to name). The lock is reentrant within a process
 * (repro holds it around the run it starts) and dies with the process.
 * When another process holds it: with wait, block until it is free (saying
 * so on stderr once); otherwise PR_EREFUSED with a message naming the
 * holder's pid and what it holds the lock for.
 */
int pr_lock_acquire(git_repository *repo, int wait, const char *what);

/* Replace what the held lock says it is held for (the run id once known).
 * A no-op when the lock is not held. */
void pr_lock_note(const char *what);

/* Release one level of the lock; the last release frees it. */
void pr_lock_release(void);

/*
 * Is the run lock of repo held by another process? 1 (and *holder, when
 * not NULL, receives the holder's text, caller frees), 0 when free or held
 * by this process, negative on error.
 */
int pr_lock_held_elsewhere(char **holder, git_repository *repo);

#endif
