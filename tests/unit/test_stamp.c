/* test_stamp.c - what src/repo/stamp.c reads: the nonce a stamp commit's
 * message records, the repository's default authority (.prereg.ini) and
 * the token's path */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "repo/stamp.h"
#include "base/util.h"

static char base[PATH_MAX];

static int setup(void **state)
{
	(void)state;
	snprintf(base, sizeof(base), "%s/test_stamp.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	return mkdtemp(base) ? 0 : -1;
}

static int teardown(void **state)
{
	char *cmd = pr_asprintf("rm -rf '%s'", base);
	int rc;

	(void)state;
	rc = system(cmd);
	free(cmd);
	return rc;
}

/* "nonce: N" on a line of its own after the summary, N a whole uint64;
 * anything else is no nonce. */
static void test_nonce(void **state)
{
	uint64_t n = 1;

	(void)state;
	assert_int_equal(pr_stamp_nonce(&n, "prereg stamp x (1)\n\nauthority: "
					    "http://a\nnonce: 42\n"),
			 1);
	assert_true(n == 42);
	assert_int_equal(pr_stamp_nonce(&n, "s\n\nnonce: 18446744073709551615"),
			 1);
	assert_true(n == UINT64_MAX);
	/* one above the largest: no nonce */
	assert_int_equal(pr_stamp_nonce(&n, "s\n\nnonce: 18446744073709551616"),
			 0);
	assert_int_equal(pr_stamp_nonce(&n, "s\n\nnonce: 42x\n"), 0);
	assert_int_equal(pr_stamp_nonce(&n, "s\n\nnonce: \n"), 0);
	assert_int_equal(pr_stamp_nonce(&n, "s\n\nnonce 42\n"), 0);
	/* on the summary line it is no record */
	assert_int_equal(pr_stamp_nonce(&n, "nonce: 42\n"), 0);
	assert_int_equal(pr_stamp_nonce(&n, "prereg stamp x (1)\n"), 0);
	assert_true(n == 0);
	assert_int_equal(pr_stamp_nonce(&n, NULL), 0);
}

/* .prereg.ini holding text; then pr_stamp_repo_tsa of base. */
static int repo_tsa(char **out, const char *text)
{
	char *path = pr_asprintf("%s/.prereg.ini", base);
	FILE *f = fopen(path, "w");
	int was, rc;

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(path);
	was = pr_set_quiet(1);
	rc = pr_stamp_repo_tsa(out, base);
	pr_set_quiet(was);
	return rc;
}

static void test_repo_tsa(void **state)
{
	char *url = (char *)"x", *root = pr_asprintf("%s/", base);

	(void)state;
	/* no file: no authority, no error */
	assert_int_equal(pr_stamp_repo_tsa(&url, base), PR_OK);
	assert_null(url);
	assert_int_equal(repo_tsa(&url, "[pin]\ntsa = https://tsa.example\n"),
			 PR_OK);
	assert_string_equal(url, "https://tsa.example");
	free(url);
	/* a root ending in '/' reads the same file */
	assert_int_equal(pr_stamp_repo_tsa(&url, root), PR_OK);
	assert_string_equal(url, "https://tsa.example");
	free(url);
	assert_int_equal(repo_tsa(&url, "[pin]\ntsa = http://127.0.0.1:1/\n"),
			 PR_OK);
	assert_string_equal(url, "http://127.0.0.1:1/");
	free(url);
	assert_int_equal(repo_tsa(&url, "; nothing set\n"), PR_OK);
	assert_null(url);

	assert_int_equal(repo_tsa(&url, "[pin]\ntsa = ftp://tsa.example\n"),
			 PR_EINPUT);
	assert_null(url);
	assert_non_null(strstr(pr_last_error(), "http:// or https:// URL"));
	assert_int_equal(repo_tsa(&url, "[pin]\nurl = https://a\n"), PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), "unknown key 'url' in [pin]"));
	assert_int_equal(repo_tsa(&url, "[stamp]\ntsa = https://a\n"),
			 PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), "in [stamp]"));
	/* the authority set, then a bad key: nothing is kept */
	assert_int_equal(
	    repo_tsa(&url, "[pin]\ntsa = https://a\n[pin]\nother = 1\n"),
	    PR_EINPUT);
	assert_null(url);
	assert_int_equal(repo_tsa(&url, "[pin]\nthis line has no equals\n"),
			 PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), ".prereg.ini:2:"));
	free(root);
}

static void test_path(void **state)
{
	char *p;

	(void)state;
	p = pr_stamp_path(NULL, "kv", 3);
	assert_string_equal(p, "predictions/kv.pin-3.tsr");
	free(p);
	p = pr_stamp_path("/r/", "kv", 12);
	assert_non_null(strstr(p, "predictions/kv.pin-12.tsr"));
	assert_true(!strncmp(p, "/r/", 3));
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_nonce),
	    cmocka_unit_test(test_repo_tsa),
	    cmocka_unit_test(test_path),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
