/* lock.c - one run per repository at a time: flock on .git/prereg.lock */
#include "repo/lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "base/util.h"

/* The lock lives as long as its open file description: one per process,
 * never inherited by children (O_CLOEXEC), so launched ranks that outlive
 * prereg cannot keep it. */
static struct {
	int fd;
	int depth;
} held = {-1, 0};

static char *lock_path(git_repository *repo)
{
	const char *dir = git_repository_commondir(repo);

	return pr_asprintf("%sprereg.lock", dir ? dir : ".git/");
}

/* The holder's text, one line ("pid N, run NAME"), or "unknown holder". */
static char *holder_text(int fd)
{
	char buf[512];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return pr_strdup("holder unknown: it has not written its name");
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return pr_strdup(buf);
}

static void write_note(const char *what)
{
	char *text = pr_asprintf("pid %ld, %s\n", (long)getpid(), what);
	size_t len = strlen(text);

	if (ftruncate(held.fd, 0) < 0 ||
	    pwrite(held.fd, text, len, 0) != (ssize_t)len)
		pr_warn("cannot write the run lock's holder: %s",
			strerror(errno));
	free(text);
}

/* flock(LOCK_EX | LOCK_NB), tried again for ~100 ms: an audit's shared
 * probe (pr_lock_held_elsewhere) holds the lock for an instant only. */
static int try_lock(int fd)
{
	int i;

	for (i = 0; i < 5; i++) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK)
			return -1;
		pr_sleep_ms(20);
	}
	errno = EWOULDBLOCK;
	return -1;
}

int pr_lock_acquire(git_repository *repo, int wait, const char *what)
{
	char *path, *who = NULL;
	int fd, error = PR_OK;

	if (held.depth > 0) {
		held.depth++;
		return PR_OK;
	}
	path = lock_path(repo);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		error = pr_error("cannot open '%s': %s", path, strerror(errno));
		goto cleanup;
	}
	if (try_lock(fd) < 0) {
		if (errno != EWOULDBLOCK) {
			error = pr_error("cannot lock '%s': %s", path,
					 strerror(errno));
			goto cleanup;
		}
		who = holder_text(fd);
		if (!wait) {
			error = pr_error_code(
			    PR_EREFUSED,
			    "cannot start %s: another prereg is running in "
			    "this "
			    "repository (%s); one run at a time keeps their "
			    "measurements apart (--wait waits for it)",
			    what, who);
			goto cleanup;
		}
		pr_progress("waiting for the other prereg (%s)", who);
		while (flock(fd, LOCK_EX) < 0) {
			if (errno != EINTR) {
				error = pr_error("cannot lock '%s': %s", path,
						 strerror(errno));
				goto cleanup;
			}
		}
	}
	held.fd = fd;
	held.depth = 1;
	fd = -1;
	write_note(what);
cleanup:
	if (fd >= 0)
		close(fd);
	free(who);
	free(path);
	return error;
}

void pr_lock_note(const char *what)
{
	if (held.depth > 0)
		write_note(what);
}

void pr_lock_release(void)
{
	if (held.depth == 0 || --held.depth > 0)
		return;
	/* the file stays: removing it would let a waiter lock an inode that
	 * a newcomer no longer finds; the next holder rewrites its text */
	close(held.fd);
	held.fd = -1;
}

int pr_lock_held_elsewhere(char **holder, git_repository *repo)
{
	char *path;
	int fd, result = 0;

	if (holder)
		*holder = NULL;
	if (held.depth > 0)
		return 0;
	path = lock_path(repo);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return errno == ENOENT ? 0 : PR_EFAIL;
	if (flock(fd, LOCK_SH | LOCK_NB) < 0) {
		result = errno == EWOULDBLOCK ? 1 : PR_EFAIL;
		if (result == 1 && holder)
			*holder = holder_text(fd);
	}
	close(fd);
	return result;
}
