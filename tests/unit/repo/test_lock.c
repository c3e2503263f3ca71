/* test_lock.c - the run lock (src/repo/lock.c) in a scratch repository:
 * held by another process it refuses and names the holder, it is
 * reentrant within a process, and --wait takes it once it is free, signals
 * or not; a lock file that cannot be opened; a repository without a
 * directory */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <git2/sys/repository.h>
#include <signal.h>
#include <sys/time.h>

#include "repo/lock.h"
#include "base/util.h"
#include "helpers/scratch.h"

static char *base;
static git_repository *repo;

static int setup(void **state)
{
	(void)state;
	base = pr_scratch_dir("test-lock");
	pr_scratch_repo_init(base);
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

/* A child that holds the lock file's flock (writing `text` into it first
 * unless NULL) until a byte arrives on *release; returns its pid once it
 * holds it. */
static pid_t holder(int *release, const char *text)
{
	int up[2], down[2];
	char c;
	pid_t pid;

	assert_int_equal(pipe(up), 0);
	assert_int_equal(pipe(down), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		char *path = pr_asprintf("%s/.git/prereg.lock", base);
		int fd = open(path, O_RDWR | O_CREAT, 0644);

		if (fd < 0 || flock(fd, LOCK_EX) < 0 || ftruncate(fd, 0) < 0 ||
		    (text && write(fd, text, strlen(text)) < 0) ||
		    write(up[1], "x", 1) != 1)
			_exit(1);
		if (read(down[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(up[1]);
	close(down[0]);
	assert_int_equal(read(up[0], &c, 1), 1);
	close(up[0]);
	*release = down[1];
	return pid;
}

static void let_go(pid_t pid, int release)
{
	int status;

	assert_int_equal(write(release, "x", 1), 1);
	close(release);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* Free, taken, taken again (reentrant), released twice. */
static void test_reentrant(void **state)
{
	char *who = (char *)"x";

	(void)state;
	assert_int_equal(pr_lock_held_elsewhere(&who, repo), 0);
	assert_null(who);
	assert_int_equal(pr_lock_acquire(repo, 0, "run a"), 0);
	assert_int_equal(pr_lock_acquire(repo, 0, "repro a"), 0);
	/* held by this process: not elsewhere */
	assert_int_equal(pr_lock_held_elsewhere(&who, repo), 0);
	pr_lock_note("run a 20260101T000000Z-abcdef");
	pr_lock_release();
	pr_lock_release();
	pr_lock_release(); /* one too many: nothing */
	pr_lock_note("nobody");
}

/* Another process holds it: refused at once, naming the holder it wrote
 * (or saying it wrote none); seen as held elsewhere. */
static void test_held_elsewhere(void **state)
{
	char *who = NULL;
	int release;
	pid_t pid;

	(void)state;
	pid = holder(&release, "pid 4242, run other\n");
	assert_int_equal(pr_lock_held_elsewhere(&who, repo), 1);
	assert_string_equal(who, "pid 4242, run other");
	free(who);
	assert_int_equal(pr_lock_held_elsewhere(NULL, repo), 1);
	assert_int_equal(pr_lock_acquire(repo, 0, "run b"), PR_EREFUSED);
	assert_non_null(strstr(pr_last_error(), "cannot start run b"));
	assert_non_null(strstr(pr_last_error(), "(pid 4242, run other)"));
	let_go(pid, release);

	pid = holder(&release, NULL);
	assert_int_equal(pr_lock_held_elsewhere(&who, repo), 1);
	assert_non_null(strstr(who, "holder unknown"));
	free(who);
	assert_int_equal(pr_lock_acquire(repo, 0, "run c"), PR_EREFUSED);
	assert_non_null(strstr(pr_last_error(), "holder unknown"));
	let_go(pid, release);
	assert_int_equal(pr_lock_held_elsewhere(NULL, repo), 0);
}

/* With wait, it blocks until the holder lets go, then holds it and
 * writes its own name. */
static void test_wait(void **state)
{
	char *path = pr_asprintf("%s/.git/prereg.lock", base), *text = NULL;
	int release, status;
	size_t len;
	pid_t pid, helper;

	(void)state;
	pid = holder(&release, "pid 1, run first\n");
	helper = fork();
	assert_true(helper >= 0);
	if (helper == 0) { /* lets the holder go a little later */
		pr_sleep_ms(300);
		_exit(write(release, "x", 1) == 1 ? 0 : 1);
	}
	assert_int_equal(pr_lock_acquire(repo, 1, "run waited"), 0);
	assert_int_equal(waitpid(helper, &status, 0), helper);
	close(release);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	assert_non_null(strstr(text, ", run waited\n"));
	free(text);
	pr_lock_release();
	free(path);
}

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

/* Signals while it waits (a handler without SA_RESTART, as a timer or a
 * terminal would send them) interrupt flock: it waits on until the
 * holder lets go, then holds it. */
static void test_wait_interrupted(void **state)
{
	struct sigaction sa, old;
	struct itimerval every = {{0, 20000}, {0, 20000}},
			 off = {{0, 0}, {0, 0}};
	int release, status;
	pid_t pid, helper;

	(void)state;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGALRM, &sa, &old), 0);
	pid = holder(&release, "pid 2, run interrupted\n");
	helper = fork();
	assert_true(helper >= 0);
	if (helper == 0) {
		pr_sleep_ms(300);
		_exit(write(release, "x", 1) == 1 ? 0 : 1);
	}
	alarms = 0;
	assert_int_equal(setitimer(ITIMER_REAL, &every, NULL), 0);
	assert_int_equal(pr_lock_acquire(repo, 1, "run after signals"), 0);
	assert_int_equal(setitimer(ITIMER_REAL, &off, NULL), 0);
	assert_int_equal(sigaction(SIGALRM, &old, NULL), 0);
	assert_true(alarms > 0);
	assert_int_equal(waitpid(helper, &status, 0), helper);
	close(release);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_int_equal(pr_lock_held_elsewhere(NULL, repo), 0);
	pr_lock_release();
}

/* A lock file that cannot be opened (a symbolic link to itself): an
 * error, neither taken nor taken for held elsewhere. */
static void test_unopenable(void **state)
{
	char *path = pr_asprintf("%s/.git/prereg.lock", base), *who = NULL;

	(void)state;
	unlink(path);
	assert_int_equal(symlink("prereg.lock", path), 0);
	assert_int_equal(pr_lock_acquire(repo, 0, "run d"), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "cannot open '"));
	assert_non_null(strstr(pr_last_error(),
			       "prereg.lock': Too many levels of symbolic "
			       "links"));
	assert_int_equal(pr_lock_held_elsewhere(&who, repo), PR_EFAIL);
	assert_null(who);
	/* not held: a release does nothing, the next acquire is a first */
	pr_lock_release();
	assert_int_equal(unlink(path), 0);
	assert_int_equal(pr_lock_acquire(repo, 0, "run e"), 0);
	pr_lock_release();
	free(path);
}

/* A repository without a directory (libgit2's in-memory one) locks
 * .git/prereg.lock of the working directory. */
static void test_no_directory(void **state)
{
	char *cwd = getcwd(NULL, 0), *text = NULL;
	char *path = pr_asprintf("%s/.git/prereg.lock", base);
	git_repository *mem = NULL;

	(void)state;
	assert_non_null(cwd);
	assert_int_equal(git_repository_new(&mem), 0);
	assert_null(git_repository_commondir(mem));
	assert_int_equal(chdir(base), 0);
	assert_int_equal(pr_lock_acquire(mem, 0, "run in memory"), 0);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(pr_read_file(&text, NULL, path, PR_READ_MAX), 0);
	assert_non_null(strstr(text, ", run in memory\n"));
	free(text);
	pr_lock_release();
	git_repository_free(mem);
	free(path);
	free(cwd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_reentrant),
	    cmocka_unit_test(test_held_elsewhere),
	    cmocka_unit_test(test_wait),
	    cmocka_unit_test(test_wait_interrupted),
	    cmocka_unit_test(test_unopenable),
	    cmocka_unit_test(test_no_directory),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
