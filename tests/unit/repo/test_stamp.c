/* test_stamp.c - what src/repo/stamp.c reads: the nonce a stamp commit's
 * message records, the repository's default authority (.prereg.ini) and
 * the token's path; and a pin stamped in a scratch repository by the test
 * authority of tests/tsa/tsa.sh (skipped when openssl or python3 are
 * missing): committed once, or nothing left behind when it fails */
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

#include "base/child.h"
#include "base/util.h"
#include "helpers/scratch.h"
#include "repo/git.h"
#include "repo/stamp.h"

static char *base;

/* The test authority (tests/tsa/tsa.sh) in base/tsa, and a repository
 * with one commit in base/repo. */
static struct {
	char *script, *url;
	const char *why_not; /* set when the authority is unavailable */
	git_repository *repo;
} t;

/* tsa.sh VERB base/tsa; the line it prints (caller frees) or NULL. */
static char *tsa_sh(const char *verb)
{
	pr_argv a = {0};
	char *out = NULL;
	int status = -1;

	pr_argv_push(&a, "sh");
	pr_argv_push(&a, t.script);
	pr_argv_push(&a, verb);
	pr_argv_pushf(&a, "%s/tsa", base);
	if (pr_child_capture(&out, &status, a.v) < 0 || status != 0) {
		free(out);
		out = NULL;
	} else {
		out[strcspn(out, "\n")] = '\0';
	}
	pr_argv_free(&a);
	return out;
}

static void start_tsa(void)
{
	char *bin = NULL;

	if (!pr_scratch_have("openssl") || !pr_scratch_have("python3")) {
		t.why_not = "openssl or python3 is not installed";
		return;
	}
	if (pr_exe_dir(&bin) < 0) {
		t.why_not = "the test's directory is not found";
		return;
	}
	/* BIN/tests/test_stamp of the source tree, or run from its root */
	t.script = pr_asprintf("%s/../../tests/tsa/tsa.sh", bin);
	free(bin);
	if (access(t.script, R_OK) != 0) {
		free(t.script);
		t.script = pr_strdup("tests/tsa/tsa.sh");
	}
	if (access(t.script, R_OK) != 0)
		t.why_not = "tests/tsa/tsa.sh is not found";
	else if (!(t.url = tsa_sh("start")))
		t.why_not = "tests/tsa/tsa.sh start failed";
}

static int setup(void **state)
{
	char *path;
	int rc;

	(void)state;
	base = pr_scratch_dir("test-stamp");
	path = pr_asprintf("%s/repo", base);
	pr_scratch_repo_init(path);
	pr_scratch_write(path, "README", "x\n");
	pr_scratch_commit(path, "first");
	start_tsa();
	git_libgit2_init();
	rc = git_repository_open(&t.repo, path) < 0 ? -1 : 0;
	free(path);
	return rc;
}

static int teardown(void **state)
{
	(void)state;
	if (t.url)
		free(tsa_sh("stop"));
	git_repository_free(t.repo);
	git_libgit2_shutdown();
	pr_scratch_remove(base);
	free(base);
	free(t.script);
	free(t.url);
	return 0;
}

static void need_tsa(void)
{
	if (t.why_not) {
		print_message("# skipped: %s\n", t.why_not);
		skip();
	}
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
	assert_int_equal(pr_stamp_nonce(&n, "s\n\nnonce: forty-two\n"), 0);
	assert_int_equal(pr_stamp_nonce(&n, "s\n\nnonce: 42 \n"), 0);
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
	int rc;

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(path);
	rc = pr_stamp_repo_tsa(out, base);
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
	/* two bad keys: the first is named, the second not looked at */
	assert_int_equal(repo_tsa(&url, "[pin]\nurl = a\nother = b\n"),
			 PR_EINPUT);
	assert_null(url);
	assert_string_equal(pr_last_error(),
			    ".prereg.ini: unknown key 'url' in [pin] (known: "
			    "tsa in [pin])");
	free(root);
}

/* No root (NULL or "") reads .prereg.ini of the working directory; a
 * root that is a file is an error, not "no file". */
static void test_repo_tsa_root(void **state)
{
	char *url = (char *)"x", *cwd = getcwd(NULL, 0);
	char *file = pr_asprintf("%s/repo/README", base);

	(void)state;
	assert_non_null(cwd);
	assert_int_equal(repo_tsa(&url, "[pin]\ntsa = https://here\n"), PR_OK);
	free(url);
	assert_int_equal(chdir(base), 0);
	url = (char *)"x";
	assert_int_equal(pr_stamp_repo_tsa(&url, NULL), PR_OK);
	assert_string_equal(url, "https://here");
	free(url);
	url = (char *)"x";
	assert_int_equal(pr_stamp_repo_tsa(&url, ""), PR_OK);
	assert_string_equal(url, "https://here");
	free(url);
	assert_int_equal(chdir(cwd), 0);

	url = (char *)"x";
	assert_int_equal(pr_stamp_repo_tsa(&url, file), PR_EFAIL);
	assert_null(url);
	assert_non_null(
	    strstr(pr_last_error(), ".prereg.ini': Not a directory"));
	free(file);
	free(cwd);
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
	/* a root without its '/' gets one; an empty root is none */
	p = pr_stamp_path("/r", "kv", 12);
	assert_string_equal(p, "/r/predictions/kv.pin-12.tsr");
	free(p);
	p = pr_stamp_path("", "kv-2", 1);
	assert_string_equal(p, "predictions/kv-2.pin-1.tsr");
	free(p);
}

/* A pin of experiment kv, number k (its ids need only be ids here). */
static pr_pin pin_of(int k)
{
	pr_pin p;

	memset(&p, 0, sizeof(p));
	p.k = k;
	snprintf(p.tag, sizeof(p.tag), "prereg/pin/kv/%d", k);
	strcpy(p.commit, "0123456789abcdef0123456789abcdef01234567");
	strcpy(p.spec_blob, "89abcdef0123456789abcdef0123456789abcdef");
	strcpy(p.pred_blob, "fedcba9876543210fedcba9876543210fedcba98");
	return p;
}

/* HEAD's commit id into *out: 0, or < 0 when HEAD cannot be read. */
static int head_id(git_oid *out)
{
	int rc = git_reference_name_to_id(out, t.repo, "HEAD");

	git_error_clear();
	return rc;
}

/* pr_stamp_pin of pin fails with code, HEAD as it was (or as unreadable
 * as it was) and the token's file not there; the message holds want. */
static void stamp_fails(const pr_pin *pin, const char *url, int code,
			const char *want)
{
	char *path = pr_stamp_path(pr_repo_root(t.repo), "kv", pin->k);
	git_oid before, after;
	int stamped = 1, rc;

	rc = head_id(&before);
	assert_int_equal(pr_stamp_pin(&stamped, t.repo, "kv", pin, url), code);
	assert_int_equal(stamped, 0);
	assert_non_null(strstr(pr_last_error(), want));
	assert_int_equal(head_id(&after), rc);
	if (rc == 0)
		assert_true(git_oid_equal(&before, &after));
	assert_int_equal(access(path, F_OK), -1);
	free(path);
}

/* Refused before the authority is asked: a pin whose statement cannot be
 * made (its number, its commit id). */
static void test_stamp_bad_pin(void **state)
{
	pr_pin pin = pin_of(0);

	(void)state;
	stamp_fails(&pin, "http://127.0.0.1:1/", PR_EINPUT,
		    "pin number 0 of 'kv' is not positive");
	pin = pin_of(1);
	strcpy(pin.commit, "HEAD");
	stamp_fails(&pin, "http://127.0.0.1:1/", PR_EINPUT,
		    "an id is not 40 lower-case hex digits");
}

/* The authority answers, then the token cannot be kept: no predictions/
 * directory to write it in, the index locked by another git, HEAD that
 * cannot be read. Nothing is left behind; then it is stamped, once. */
static void test_stamp_pin(void **state)
{
	pr_pin pin = pin_of(1);
	char *lock = pr_asprintf("%s/repo/.git/index.lock", base);
	char *path, *dir = pr_asprintf("%s/repo/predictions", base);
	char *refs = pr_asprintf("%s/repo/.git/HEAD", base), *head = NULL;
	char *text = NULL;
	git_commit *c;
	git_oid id, again;
	uint64_t nonce;
	int stamped = 0;

	(void)state;
	need_tsa();
	stamp_fails(&pin, t.url, PR_EFAIL, "predictions/kv.pin-1.tsr.tmp");
	assert_int_equal(pr_mkdir_p(dir), 0);

	assert_int_equal(pr_write_file_atomic(lock, "", 0), 0);
	stamp_fails(&pin, t.url, PR_EFAIL, "cannot write the index");
	assert_int_equal(unlink(lock), 0);

	/* HEAD names a branch whose ref is no object id */
	assert_int_equal(pr_read_file(&head, NULL, refs, PR_READ_MAX), 0);
	assert_int_equal(pr_write_file_atomic(refs, "ref: refs/heads/x\n", 18),
			 0);
	path = pr_asprintf("%s/repo/.git/refs/heads/x", base);
	assert_int_equal(pr_write_file_atomic(path, "not an id\n", 10), 0);
	pin = pin_of(2);
	stamp_fails(&pin, t.url, PR_EFAIL, "cannot read HEAD");
	assert_int_equal(pr_read_file(&text, NULL, path, PR_READ_MAX), 0);
	assert_string_equal(text, "not an id\n");
	free(text);
	assert_int_equal(unlink(path), 0);
	free(path);
	assert_int_equal(pr_write_file_atomic(refs, head, strlen(head)), 0);

	assert_int_equal(pr_stamp_pin(&stamped, t.repo, "kv", &pin, t.url),
			 PR_OK);
	assert_int_equal(stamped, 1);
	path = pr_stamp_path(pr_repo_root(t.repo), "kv", 2);
	assert_int_equal(access(path, R_OK), 0);
	assert_int_equal(head_id(&id), 0);
	assert_int_equal(git_commit_lookup(&c, t.repo, &id), 0);
	assert_string_equal(git_commit_summary(c), "prereg stamp kv (2)");
	assert_int_equal(pr_stamp_nonce(&nonce, git_commit_message(c)), 1);
	assert_non_null(strstr(git_commit_message(c), t.url));
	git_commit_free(c);
	/* again: HEAD holds it, nothing asked (an authority that is not
	 * there would fail) */
	assert_int_equal(
	    pr_stamp_pin(&stamped, t.repo, "kv", &pin, "http://127.0.0.1:1/"),
	    PR_OK);
	assert_int_equal(stamped, 0);
	assert_int_equal(head_id(&again), 0);
	assert_true(git_oid_equal(&id, &again));
	free(path);
	free(head);
	free(refs);
	free(dir);
	free(lock);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_nonce),
	    cmocka_unit_test(test_repo_tsa),
	    cmocka_unit_test(test_repo_tsa_root),
	    cmocka_unit_test(test_path),
	    cmocka_unit_test(test_stamp_bad_pin),
	    cmocka_unit_test(test_stamp_pin),
	};

	/* the test authority is on 127.0.0.1, never behind a proxy */
	setenv("no_proxy", "127.0.0.1", 1);
	return cmocka_run_group_tests(tests, setup, teardown);
}
