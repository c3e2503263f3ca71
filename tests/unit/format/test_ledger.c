/* test_ledger.c - the hash chain of runs/NAME/ledger.jsonl */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format/ledger.h"
#include "base/util.h"
#include "helpers/scratch.h"

static char *dir;

static int setup(void **state)
{
	(void)state;
	dir = pr_scratch_dir("test-ledger");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	pr_scratch_remove(dir);
	free(dir);
	return 0;
}

static void test_chain(void **state)
{
	char *path = pr_asprintf("%s/a.jsonl", dir), *text = NULL;
	char prev1[65], prev2[65], tip[65], line1_sha[65];
	const char *nl;

	(void)state;
	assert_int_equal(pr_ledger_tip(tip, path), 0);
	assert_string_equal(tip, PR_LEDGER_GENESIS);
	assert_int_equal(pr_ledger_append(prev1, path, "r1", "complete", "aa"),
			 0);
	assert_string_equal(prev1, PR_LEDGER_GENESIS);
	assert_int_equal(pr_ledger_append(prev2, path, "r2", "failed", "bb"),
			 0);
	assert_int_equal(pr_read_file(&text, NULL, path, PR_READ_MAX), 0);
	nl = strchr(text, '\n');
	assert_non_null(nl);
	pr_sha256_hex(line1_sha, text, (size_t)(nl - text));
	assert_string_equal(prev2, line1_sha);
	assert_non_null(strstr(nl + 1, line1_sha));
	assert_non_null(
	    strstr(text, "\"run_id\":\"r2\",\"status\":\"failed\""));
	assert_int_equal(pr_ledger_tip(tip, path), 0);
	pr_sha256_hex(line1_sha, nl + 1, strlen(nl + 1) - 1);
	assert_string_equal(tip, line1_sha);
	free(text);
	free(path);
}

/* The tip is the reader's hash of the last line, found from the end:
 * one line, an empty last line, a last line of one byte, lines that are
 * no JSON (the reader cuts them all the same). */
static void test_tip_is_the_readers_last_line(void **state)
{
	static const char *const texts[] = {
	    "{\"run_id\":\"r1\"}\n", "a\n\n", "a\nb\n", "\n", "\n\n",
	    "x\ny\nlonger line\n"};
	char *path = pr_asprintf("%s/c.jsonl", dir), tip[65];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		pr_ledger_read l;

		assert_int_equal(
		    pr_write_file_atomic(path, texts[i], strlen(texts[i])), 0);
		assert_int_equal(pr_ledger_tip(tip, path), 0);
		pr_ledger_read_buf(&l, texts[i], strlen(texts[i]), path);
		assert_true(l.n > 0);
		assert_string_equal(tip, l.line[l.n - 1].sha256);
		pr_ledger_read_free(&l);
	}
	free(path);
}

static void test_torn_ledger_is_refused(void **state)
{
	char *path = pr_asprintf("%s/b.jsonl", dir), tip[65];
	FILE *f = fopen(path, "w");

	(void)state;
	fputs("{\"run_id\":\"r1\"", f); /* no newline: a torn write */
	fclose(f);
	assert_int_equal(pr_ledger_tip(tip, path), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "ends in a partial line"));
	assert_int_equal(pr_ledger_append(NULL, path, "r2", "complete", "cc"),
			 PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "ends in a partial line"));
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_chain),
	    cmocka_unit_test(test_tip_is_the_readers_last_line),
	    cmocka_unit_test(test_torn_ledger_is_refused),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
