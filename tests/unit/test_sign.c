/* test_sign.c - SSH signatures (src/repo/sign.c) with a real ssh-keygen
 * and a key made for the test: the signer git's configuration names and
 * every way it is refused, a signature made and checked good, bad, by a
 * key no allowed signer holds and in another format, and the errors of a
 * check that cannot be made */
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

#include "repo/sign.h"
#include "base/util.h"

static char base[PATH_MAX];
static git_repository *repo;

static int sh(const char *fmt, ...)
{
	va_list ap;
	char *cmd;
	int rc;

	va_start(ap, fmt);
	if (vasprintf(&cmd, fmt, ap) < 0)
		abort();
	va_end(ap);
	rc = system(cmd);
	free(cmd);
	return rc;
}

static int setup(void **state)
{
	char *path;
	int rc;

	(void)state;
	snprintf(base, sizeof(base), "%s/test_sign.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(base) ||
	    sh("cd '%s' && git init -q repo && ssh-keygen -q -t ed25519 -N '' "
	       "-C a@example.invalid -f a && ssh-keygen -q -t ed25519 -N '' "
	       "-C b@example.invalid -f b && echo \"a@example.invalid "
	       "$(cat a.pub)\" >allowed && echo \"b@example.invalid "
	       "$(cat b.pub)\" >allowed-b",
	       base) != 0)
		return -1;
	/* no global or system git configuration of the machine: HOME is
	 * the scratch directory before libgit2 looks for it */
	setenv("HOME", base, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	git_libgit2_init();
	git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, GIT_CONFIG_LEVEL_SYSTEM, "");
	path = pr_asprintf("%s/repo", base);
	rc = git_repository_open(&repo, path) < 0 ? -1 : 0;
	free(path);
	return rc;
}

static int teardown(void **state)
{
	(void)state;
	git_repository_free(repo);
	git_libgit2_shutdown();
	return sh("rm -rf '%s'", base);
}

/* git config KEY VALUE in the test repository (VALUE NULL: unset). */
static void config(const char *key, const char *value)
{
	if (value)
		assert_int_equal(
		    sh("git -C '%s/repo' config '%s' '%s'", base, key, value),
		    0);
	else
		sh("git -C '%s/repo' config --unset '%s'", base, key);
}

/* pr_signer_from_config is refused with a message holding want. */
static void signer_refused(const char *want)
{
	pr_signer s;
	int was = pr_set_quiet(1);

	assert_int_equal(pr_signer_from_config(&s, repo), PR_EINPUT);
	pr_set_quiet(was);
	assert_non_null(strstr(pr_last_error(), want));
	assert_null(s.key);
}

static void test_signer(void **state)
{
	pr_signer s;
	char *key = pr_asprintf("%s/a", base);

	(void)state;
	signer_refused("gpg.format is 'openpgp' (git's default)");
	config("gpg.format", "x509");
	signer_refused("gpg.format is 'x509'");
	config("gpg.format", "ssh");
	signer_refused("no user.signingkey");
	config("user.signingkey", "/nonexistent/key");
	signer_refused("user.signingkey '/nonexistent/key'");
	config("user.signingkey", key);
	assert_int_equal(pr_signer_from_config(&s, repo), 0);
	assert_string_equal(s.key, key);
	assert_string_equal(s.program, "ssh-keygen");
	pr_signer_free(&s);
	/* a key:: literal is taken as it is, the program as configured */
	config("user.signingkey", "key::ssh-ed25519 AAAA");
	config("gpg.ssh.program", "/usr/bin/ssh-keygen");
	assert_int_equal(pr_signer_from_config(&s, repo), 0);
	assert_string_equal(s.key, "key::ssh-ed25519 AAAA");
	assert_string_equal(s.program, "/usr/bin/ssh-keygen");
	pr_signer_free(&s);
	/* ~/ is $HOME (the scratch directory) */
	config("user.signingkey", "~/a");
	assert_int_equal(pr_signer_from_config(&s, repo), 0);
	assert_string_equal(s.key, key);
	pr_signer_free(&s);
	free(key);
	config("gpg.ssh.program", NULL);
}

/* Sign data with key file `key` (program NULL: ssh-keygen). */
static int sign(char **sig, const char *data, const char *key,
		const char *program)
{
	pr_signer s;
	int was = pr_set_quiet(1), rc;

	s.key = pr_asprintf("%s/%s", base, key);
	s.program = pr_strdup(program ? program : "ssh-keygen");
	rc = pr_sign_data(sig, data, strlen(data), &s);
	pr_set_quiet(was);
	pr_signer_free(&s);
	return rc;
}

static void test_sign_and_verify(void **state)
{
	const char *data = "tree 0\nauthor x\n\nprereg pin x (1)\n";
	char *sig = NULL, *sig_b = NULL, *allowed, *allowed_b;
	pr_sign_check c;
	int was;

	(void)state;
	allowed = pr_asprintf("%s/allowed", base);
	allowed_b = pr_asprintf("%s/allowed-b", base);
	assert_int_equal(sign(&sig, data, "a", NULL), 0);
	assert_non_null(strstr(sig, "-----BEGIN SSH SIGNATURE-----"));
	assert_int_equal(sign(&sig_b, data, "b", NULL), 0);

	assert_int_equal(
	    pr_sign_verify(&c, sig, data, strlen(data), allowed, NULL), 0);
	assert_int_equal(c.result, PR_SIGN_GOOD);
	assert_string_equal(c.principal, "a@example.invalid");
	assert_non_null(strstr(c.key, "ED25519 key SHA256:"));
	pr_sign_check_clear(&c);

	/* the data changed by one byte: bad */
	assert_int_equal(pr_sign_verify(&c, sig, "tree 1", 6, allowed, NULL),
			 0);
	assert_int_equal(c.result, PR_SIGN_BAD);
	pr_sign_check_clear(&c);

	/* a good signature by a key the allowed signers do not hold */
	assert_int_equal(
	    pr_sign_verify(&c, sig_b, data, strlen(data), allowed, NULL), 0);
	assert_int_equal(c.result, PR_SIGN_UNKNOWN);
	assert_null(c.principal);
	pr_sign_check_clear(&c);
	assert_int_equal(
	    pr_sign_verify(&c, sig_b, data, strlen(data), allowed_b, NULL), 0);
	assert_int_equal(c.result, PR_SIGN_GOOD);
	assert_string_equal(c.principal, "b@example.invalid");
	pr_sign_check_clear(&c);

	/* OpenPGP: another format, not checked */
	assert_int_equal(pr_sign_verify(&c,
					"-----BEGIN PGP SIGNATURE-----\nx\n"
					"-----END PGP SIGNATURE-----\n",
					data, strlen(data), allowed, NULL),
			 0);
	assert_int_equal(c.result, PR_SIGN_FORMAT);
	pr_sign_check_clear(&c);

	/* checks that cannot be made */
	was = pr_set_quiet(1);
	assert_int_equal(pr_sign_verify(&c, sig, data, strlen(data),
					"/nonexistent/allowed", NULL),
			 PR_EFAIL);
	assert_non_null(strstr(pr_last_error(),
			       "cannot read the allowed "
			       "signers '/nonexistent/allowed'"));
	pr_sign_check_clear(&c);
	assert_int_equal(pr_sign_verify(&c, sig, data, strlen(data), allowed,
					"/nonexistent/ssh-keygen"),
			 PR_EFAIL);
	pr_set_quiet(was);
	assert_non_null(strstr(pr_last_error(), "is it on PATH?"));
	pr_sign_check_clear(&c);
	free(sig);
	free(sig_b);
	free(allowed);
	free(allowed_b);
}

/* Signing that fails: no such program, a program that fails, a key that
 * is not there; nothing is returned. */
static void test_sign_fails(void **state)
{
	char *sig = (char *)"x";

	(void)state;
	assert_int_equal(sign(&sig, "data", "a", "/nonexistent/ssh-keygen"),
			 PR_EFAIL);
	assert_null(sig);
	assert_non_null(strstr(pr_last_error(), "is it on PATH?"));
	assert_int_equal(sign(&sig, "data", "a", "false"), PR_EFAIL);
	assert_null(sig);
	assert_non_null(strstr(pr_last_error(), "false exited 1"));
	assert_int_equal(sign(&sig, "data", "no-such-key", NULL), PR_EFAIL);
	assert_null(sig);
	assert_non_null(strstr(pr_last_error(), "cannot sign with"));
}

static void test_allowed_from_config(void **state)
{
	char *out = (char *)"x", *want;

	(void)state;
	config("gpg.ssh.allowedSignersFile", NULL);
	assert_int_equal(pr_sign_allowed_from_config(&out, repo), 0);
	assert_null(out);
	config("gpg.ssh.allowedSignersFile", "~/allowed");
	assert_int_equal(pr_sign_allowed_from_config(&out, repo), 0);
	want = pr_asprintf("%s/allowed", base);
	assert_string_equal(out, want);
	free(out);
	free(want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_signer),
	    cmocka_unit_test(test_sign_and_verify),
	    cmocka_unit_test(test_sign_fails),
	    cmocka_unit_test(test_allowed_from_config),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
