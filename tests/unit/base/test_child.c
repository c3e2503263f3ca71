/* test_child.c - unit tests of src/base/child.c: capture, exit status,
 * environment and directory, fds, the timeout and the stop flag */
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/child.h"
#include "base/util.h"
#include "helpers/scratch.h"

static void test_capture(void **state)
{
	char *argv[] = {"printf", "a b\\nc", NULL}, *out = NULL;
	int status = -1;

	(void)state;
	assert_int_equal(pr_child_capture(&out, &status, argv), PR_OK);
	assert_string_equal(out, "a b\nc");
	assert_int_equal(status, 0);
	free(out);
}

/* stdin from an fd: the child reads the file, not ours. */
static void test_stdin_fd(void **state)
{
	char *dir = pr_scratch_dir("test-child");
	char *path = pr_asprintf("%s/in", dir);
	char *argv[] = {"cat", NULL};
	pr_child c = {0};
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "from the file\n", 14), 14);
	assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
	c.argv = argv;
	c.capture = 1;
	c.in = fd;
	assert_int_equal(pr_child_run(&c), PR_OK);
	assert_int_equal(c.status, 0);
	assert_string_equal(c.output, "from the file\n");
	free(c.output);
	close(fd);
	free(path);
	pr_scratch_remove(dir);
	free(dir);
}

/* Exit codes pass through; a missing program exits 127; a signal 128+n. */
static void test_status(void **state)
{
	char *fail[] = {"sh", "-c", "exit 3", NULL};
	char *none[] = {"prereg-no-such-program", NULL};
	char *killed[] = {"sh", "-c", "kill -KILL $$", NULL};
	char *out = NULL;
	int status = -1;

	(void)state;
	assert_int_equal(pr_child_capture(&out, &status, fail), PR_OK);
	assert_int_equal(status, 3);
	assert_string_equal(out, "");
	free(out);
	assert_int_equal(pr_child_capture(&out, &status, none), PR_OK);
	assert_int_equal(status, 127);
	free(out);
	assert_int_equal(pr_child_capture(&out, &status, killed), PR_OK);
	assert_int_equal(status, 128 + SIGKILL);
	free(out);
}

/* Environment additions and the working directory reach the child;
 * stdin can be /dev/null. */
static void test_env_dir(void **state)
{
	static char *const env[] = {"PR_CHILD_TEST=x y", NULL};
	char *argv[] = {"sh", "-c",
			"printf '%s|%s|' \"$PR_CHILD_TEST\" $PWD; "
			"cat",
			NULL};
	pr_child c = {
	    .argv = argv, .env = env, .dir = "/", .no_stdin = 1, .capture = 1};

	(void)state;
	assert_int_equal(pr_child_run(&c), PR_OK);
	assert_string_equal(c.output, "x y|/|");
	assert_null(getenv("PR_CHILD_TEST"));
	free(c.output);
}

/* stdout and stderr to a file descriptor. */
static void test_fds(void **state)
{
	char *dir = pr_scratch_dir("test-child");
	char *path = pr_asprintf("%s/out", dir), *buf = NULL;
	char *argv[] = {"sh", "-c", "echo out; echo err >&2", NULL};
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	pr_child c = {.argv = argv};
	size_t len = 0;

	(void)state;
	assert_true(fd > 0);
	c.out = c.err = fd;
	assert_int_equal(pr_child_run(&c), PR_OK);
	assert_int_equal(c.status, 0);
	close(fd);
	assert_int_equal(pr_read_file(&buf, &len, path, PR_READ_MAX), PR_OK);
	assert_string_equal(buf, "out\nerr\n");
	free(buf);
	free(path);
	pr_scratch_remove(dir);
	free(dir);
}

static int fail_hook(void *arg)
{
	*(int *)arg = 1; /* the child's copy: the parent's stays 0 */
	return -1;
}

/* A hook that fails before exec: exit 126, nothing run. */
static void test_pre_exec(void **state)
{
	char *argv[] = {"echo", "ran", NULL};
	int touched = 0;
	pr_child c = {.argv = argv,
		      .capture = 1,
		      .pre_exec = fail_hook,
		      .pre_exec_arg = &touched};

	(void)state;
	assert_int_equal(pr_child_run(&c), PR_OK);
	assert_int_equal(c.status, 126);
	assert_string_equal(c.output, "");
	assert_int_equal(touched, 0);
	free(c.output);
}

/* The timeout ends the whole process group: the shell and its sleep. */
static void test_timeout(void **state)
{
	char *argv[] = {"sh", "-c", "sleep 30; echo late", NULL};
	pr_child c = {
	    .argv = argv, .capture = 1, .own_group = 1, .timeout_s = 0.2};
	int64_t t0 = pr_mono_ns();

	(void)state;
	assert_int_equal(pr_child_run(&c), PR_OK);
	assert_true(pr_mono_ns() - t0 < 5000000000LL);
	assert_int_equal(c.status, 128 + SIGTERM);
	assert_int_equal(c.timed_out, 1);
	assert_string_equal(c.output, "");
	free(c.output);
}

/* The stop flag (set by a signal handler) ends it too; not a timeout. */
static void test_stop(void **state)
{
	static volatile sig_atomic_t stop;
	char *argv[] = {"sleep", "30", NULL};
	pr_child c = {.argv = argv, .own_group = 1, .stop = &stop};
	int64_t t0 = pr_mono_ns();

	(void)state;
	assert_int_equal(pr_child_start(&c), PR_OK);
	stop = 1;
	assert_int_equal(pr_child_finish(&c), PR_OK);
	assert_true(pr_mono_ns() - t0 < 5000000000LL);
	assert_int_equal(c.status, 128 + SIGTERM);
	assert_int_equal(c.timed_out, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_capture),  cmocka_unit_test(test_status),
	    cmocka_unit_test(test_env_dir),  cmocka_unit_test(test_fds),
	    cmocka_unit_test(test_pre_exec), cmocka_unit_test(test_timeout),
	    cmocka_unit_test(test_stop),     cmocka_unit_test(test_stdin_fd),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
