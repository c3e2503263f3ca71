/* test_util.c - base's errors (util.c): the routine replaced and put
 * back, the last error, recording scopes, the printing routine; pr_read_file's
 * bound, links and devices; the links pr_no_links refuses */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "helpers/scratch.h"

/* What a replaced routine received. */
typedef struct {
	int calls, warning;
	char msg[256];
} seen;

static void remember(void *data, int warning, const char *msg)
{
	seen *s = data;

	s->calls++;
	s->warning = warning;
	snprintf(s->msg, sizeof(s->msg), "%s", msg);
}

static int teardown(void **state)
{
	(void)state;
	pr_set_error_routine((pr_error_routine){NULL, NULL});
	return 0;
}

/* An installed routine gets each message formatted, without "prereg: ";
 * the last error is recorded with its code either way, warnings not. */
static void test_replaced_routine(void **state)
{
	seen s = {0};
	pr_error_routine old;

	(void)state;
	pr_error("cannot read '%s'", "a");
	assert_string_equal(pr_last_error(), "cannot read 'a'");
	old = pr_set_error_routine((pr_error_routine){remember, &s});
	assert_int_equal(pr_error("cannot write '%s': %s", "b", "full"),
			 PR_EFAIL);
	assert_int_equal(s.calls, 1);
	assert_int_equal(s.warning, 0);
	assert_string_equal(s.msg, "cannot write 'b': full");
	assert_int_equal(pr_last_error_code(), PR_EFAIL);
	assert_int_equal(pr_error_code(PR_EREFUSED, "refused '%s'", "c"),
			 PR_EREFUSED);
	assert_string_equal(s.msg, "refused 'c'");
	pr_warn("%d left", 2);
	assert_int_equal(s.calls, 3);
	assert_int_equal(s.warning, 1);
	assert_string_equal(s.msg, "2 left");
	assert_string_equal(pr_last_error(), "refused 'c'");
	assert_int_equal(pr_last_error_code(), PR_EREFUSED);
	/* put back: none again, which shows nothing and still records */
	assert_true(pr_set_error_routine(old).data == &s);
	pr_error("cannot open '%s'", "d");
	assert_int_equal(s.calls, 3);
	assert_string_equal(pr_last_error(), "cannot open 'd'");
}

/* pr_error_print's output is "prereg: ..." on stderr (a file of the
 * scratch directory), one line each. */
static void test_print_routine(void **state)
{
	char line[256] = "";
	char *dir = pr_scratch_dir("test-util"), *path;
	FILE *err, *saved = stderr;

	(void)state;
	path = pr_asprintf("%s/stderr", dir);
	err = fopen(path, "w+");
	assert_non_null(err);
	pr_error_code(PR_EINPUT, "unknown experiment '%s'", "x");
	assert_string_equal(pr_last_error(), "unknown experiment 'x'");
	pr_warn("not an error");
	assert_string_equal(pr_last_error(), "unknown experiment 'x'");
	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
	stderr = err;
	pr_error("cannot pin '%s'", "y");
	pr_warn("stale '%s'", "z");
	pr_error("two\nlines");
	stderr = saved;
	rewind(err);
	assert_non_null(fgets(line, sizeof(line), err));
	assert_string_equal(line, "prereg: cannot pin 'y'\n");
	assert_non_null(fgets(line, sizeof(line), err));
	assert_string_equal(line, "prereg: warning: stale 'z'\n");
	assert_non_null(fgets(line, sizeof(line), err));
	assert_string_equal(line, "prereg: two\\nlines\n");
	fclose(err);
	assert_string_equal(pr_last_error(), "two\nlines");
	pr_scratch_remove(dir);
	free(dir);
	free(path);
}

/* {NULL, NULL} removes whatever was installed. */
static void test_null_is_none(void **state)
{
	seen s = {0};

	(void)state;
	pr_set_error_routine((pr_error_routine){remember, &s});
	pr_set_error_routine((pr_error_routine){NULL, NULL});
	pr_error("after");
	assert_int_equal(s.calls, 0);
	assert_string_equal(pr_last_error(), "after");
}

/* A recording scope keeps its errors from the routine (and its warnings:
 * dropped); each open scope records them, and the last error too. */
static void test_recording_scope(void **state)
{
	seen s = {0};
	pr_error_scope outer, inner;

	(void)state;
	pr_set_error_routine((pr_error_routine){remember, &s});
	pr_error_record(&outer);
	assert_string_equal(outer.last, "");
	assert_int_equal(outer.code, PR_OK);
	pr_error_code(PR_EINPUT, "bad '%s'", "a");
	pr_warn("dropped");
	assert_string_equal(outer.last, "bad 'a'");
	assert_int_equal(outer.code, PR_EINPUT);
	pr_error_record(&inner);
	assert_string_equal(inner.last, "");
	pr_error("inner");
	pr_error_restore(&inner);
	assert_string_equal(inner.last, "inner");
	assert_int_equal(inner.code, PR_EFAIL);
	assert_string_equal(outer.last, "inner");
	pr_error_restore(&outer);
	assert_int_equal(s.calls, 0);
	assert_string_equal(pr_last_error(), "inner");
	pr_error("shown");
	assert_int_equal(s.calls, 1);
	assert_string_equal(outer.last, "inner");
}

/* A progress line reaches the routine as PR_PROGRESS, inside a recording
 * scope too, is never recorded (neither as the last error nor in the
 * scope), and pr_error_print shows it as "prereg: msg", one line. */
static void test_progress(void **state)
{
	seen s = {0};
	pr_error_scope scope;
	char line[256] = "";
	char *dir = pr_scratch_dir("test-util"), *path;
	FILE *err, *saved = stderr;

	(void)state;
	pr_set_error_routine((pr_error_routine){remember, &s});
	pr_error("before");
	pr_progress("waiting for %s", "x");
	assert_int_equal(s.calls, 2);
	assert_int_equal(s.warning, PR_PROGRESS);
	assert_string_equal(s.msg, "waiting for x");
	assert_string_equal(pr_last_error(), "before");
	pr_error_record(&scope);
	pr_warn("dropped");
	pr_progress("still %d", 1);
	pr_error_restore(&scope);
	assert_int_equal(s.calls, 3);
	assert_string_equal(s.msg, "still 1");
	assert_string_equal(scope.last, "");
	assert_int_equal(scope.code, PR_OK);
	path = pr_asprintf("%s/stderr", dir);
	err = fopen(path, "w+");
	assert_non_null(err);
	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
	stderr = err;
	pr_progress("job %s\nRUNNING", "7");
	stderr = saved;
	rewind(err);
	assert_non_null(fgets(line, sizeof(line), err));
	assert_string_equal(line, "prereg: job 7\\nRUNNING\n");
	fclose(err);
	pr_scratch_remove(dir);
	free(dir);
	free(path);
}

/* pr_name_valid records nothing; pr_name_check says why. */
static void test_name_valid(void **state)
{
	(void)state;
	pr_error("before");
	assert_true(pr_name_valid("kv-allreduce_1.2"));
	assert_false(pr_name_valid(""));
	assert_false(pr_name_valid(NULL));
	assert_false(pr_name_valid(".x"));
	assert_false(pr_name_valid("-x"));
	assert_false(pr_name_valid("a..b"));
	assert_false(pr_name_valid("a/b"));
	assert_true(pr_name_valid(
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaaaaaa"));
	assert_false(pr_name_valid(
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaaaaaaa"));
	assert_string_equal(pr_last_error(), "before");
	assert_int_equal(pr_name_check("a/b"), PR_EINPUT);
	assert_non_null(
	    strstr(pr_last_error(), "invalid experiment name 'a/b'"));
	assert_int_equal(pr_name_check(""), PR_EINPUT);
	assert_string_equal(pr_last_error(), "empty experiment name");
}

/* A file of exactly max bytes reads, one of max + 1 does not; a link to
 * it, a directory, a FIFO and a device are refused without reading. */
static void test_read_file_bounds(void **state)
{
	char *dir = pr_scratch_dir("test-util"), *path, *link_path, *fifo;
	char *text = NULL;
	size_t len = 0;

	(void)state;
	path = pr_asprintf("%s/f", dir);
	link_path = pr_asprintf("%s/l", dir);
	fifo = pr_asprintf("%s/p", dir);
	assert_int_equal(pr_write_file_atomic(path, "0123456789", 10), PR_OK);
	assert_int_equal(pr_read_file(&text, &len, path, 10), PR_OK);
	assert_int_equal(len, 10);
	assert_string_equal(text, "0123456789");
	free(text);
	assert_int_equal(pr_read_file(&text, &len, path, 9), PR_EFAIL);
	assert_null(text);
	assert_non_null(strstr(pr_last_error(), "more than the 9"));
	assert_int_equal(symlink(path, link_path), 0);
	assert_int_equal(pr_read_file(&text, &len, link_path, 10), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "it is a symbolic link"));
	assert_int_equal(pr_read_file(&text, &len, dir, 10), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "not a regular file"));
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(pr_read_file(&text, &len, fifo, 10), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "not a regular file"));
	assert_int_equal(pr_read_file(&text, &len, "/dev/zero", 10), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "not a regular file"));
	pr_scratch_remove(dir);
	free(dir);
	free(path);
	free(link_path);
	free(fifo);
}

/* pr_no_links: a link on the way, at the end or (with contents) inside
 * is refused; plain directories and paths not there yet are fine. */
static void test_no_links(void **state)
{
	char *dir = pr_scratch_dir("test-util"), *root, *p;

	(void)state;
	root = pr_asprintf("%s/", dir);
	p = pr_asprintf("%sa/b", root);
	assert_int_equal(pr_mkdir_p(p), PR_OK);
	free(p);
	assert_int_equal(pr_no_links(root, "a/b", 1), PR_OK);
	assert_int_equal(pr_no_links(root, "a/b/c/d", 1), PR_OK);
	p = pr_asprintf("%sa/b/f", root);
	assert_int_equal(symlink("/etc/passwd", p), 0);
	free(p);
	assert_int_equal(pr_no_links(root, "a/b", 0), PR_OK);
	assert_int_equal(pr_no_links(root, "a/b", 1), PR_EREFUSED);
	assert_string_equal(pr_last_error(),
			    "cannot write 'a/b': 'a/b/f' is a symbolic link");
	p = pr_asprintf("%sl", root);
	assert_int_equal(symlink(dir, p), 0);
	free(p);
	assert_int_equal(pr_no_links(root, "l", 0), PR_EREFUSED);
	assert_int_equal(pr_no_links(root, "l/a/b", 0), PR_EREFUSED);
	assert_string_equal(pr_last_error(),
			    "cannot write 'l/a/b': 'l' is a symbolic link");
	pr_scratch_remove(dir);
	free(dir);
	free(root);
}

/* pr_remove_tree: a tree 1500 directories deep goes with 64 descriptors
 * allowed (one open directory per level would run out), and a link in it
 * is removed, not followed. The tree and the directory the link names
 * lie in the test's scratch directory. */
static void test_remove_deep_tree(void **state)
{
	char *base = pr_scratch_dir("test-util"), *dir, *out, *path, *keep;
	struct rlimit was, low;
	struct stat st;
	size_t len, i;

	(void)state;
	pr_scratch_mkdir(base, "tree");
	pr_scratch_mkdir(base, "out");
	dir = pr_asprintf("%s/tree", base);
	out = pr_asprintf("%s/out", base);
	keep = pr_asprintf("%s/keep", out);
	assert_int_equal(pr_write_file_atomic(keep, "x", 1), PR_OK);
	len = strlen(dir);
	path = pr_malloc(len + 2 * 1500 + 16);
	memcpy(path, dir, len + 1);
	for (i = 0; i < 1500; i++) {
		memcpy(path + len, "/d", 3);
		len += 2;
		assert_int_equal(mkdir(path, 0700), 0);
	}
	memcpy(path + len, "/l", 3);
	assert_int_equal(symlink(out, path), 0);
	assert_int_equal(getrlimit(RLIMIT_NOFILE, &was), 0);
	low = was;
	low.rlim_cur = 64;
	assert_int_equal(setrlimit(RLIMIT_NOFILE, &low), 0);
	pr_remove_tree(dir);
	assert_int_equal(setrlimit(RLIMIT_NOFILE, &was), 0);
	assert_int_not_equal(lstat(dir, &st), 0);
	assert_int_equal(stat(keep, &st), 0);
	pr_scratch_remove(base);
	free(base);
	free(dir);
	free(out);
	free(keep);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_teardown(test_replaced_routine, teardown),
	    cmocka_unit_test_teardown(test_print_routine, teardown),
	    cmocka_unit_test_teardown(test_null_is_none, teardown),
	    cmocka_unit_test_teardown(test_recording_scope, teardown),
	    cmocka_unit_test_teardown(test_progress, teardown),
	    cmocka_unit_test_teardown(test_name_valid, teardown),
	    cmocka_unit_test_teardown(test_read_file_bounds, teardown),
	    cmocka_unit_test_teardown(test_no_links, teardown),
	    cmocka_unit_test_teardown(test_remove_deep_tree, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
