/* test_sign.c - SSH signatures (src/repo/sign.c) with a real ssh-keygen
 * and a key made for the test: the signer git's configuration names and
 * every way it is refused, a signature made (by a key file or a "key::"
 * key of ssh-agent) and checked good, bad, by a key no allowed signer
 * holds and in another format, and the errors of a check that cannot be
 * made; programs in ssh-keygen's place (shell scripts) that answer in
 * other ways; the scratch files under TMPDIR; a commit's signature read
 * back */
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "repo/sign.h"
#include "base/util.h"
#include "helpers/scratch.h"

static char *base;
static git_repository *repo;

/* An ed25519 key pair base/NAME{,.pub} for EMAIL, and base/ALLOWED naming
 * EMAIL its signer. */
static void make_key(const char *name, const char *email, const char *allowed)
{
	char *argv[] = {"ssh-keygen", "-q",	    "-t", "ed25519",
			"-N",	      "",	    "-C", (char *)email,
			"-f",	      (char *)name, NULL};
	char *pub_path = pr_asprintf("%s/%s.pub", base, name), *pub = NULL;
	char *line;

	assert_int_equal(pr_scratch_run(base, NULL, argv), 0);
	assert_int_equal(pr_read_file(&pub, NULL, pub_path, PR_READ_MAX), 0);
	line = pr_asprintf("%s %s", email, pub);
	pr_scratch_write(base, allowed, line);
	free(line);
	free(pub);
	free(pub_path);
}

static int setup(void **state)
{
	char *path;
	int rc;

	(void)state;
	base = pr_scratch_dir("test-sign");
	path = pr_asprintf("%s/repo", base);
	pr_scratch_repo_init(path);
	make_key("a", "a@example.invalid", "allowed");
	make_key("b", "b@example.invalid", "allowed-b");
	/* no global or system git configuration of the machine: HOME is
	 * the scratch directory before libgit2 looks for it */
	setenv("HOME", base, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	git_libgit2_init();
	git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, GIT_CONFIG_LEVEL_SYSTEM, "");
	rc = git_repository_open(&repo, path) < 0 ? -1 : 0;
	free(path);
	return rc;
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

/* git config KEY VALUE in the test repository (VALUE NULL: unset). */
static void config(const char *key, const char *value)
{
	char *path = pr_asprintf("%s/repo", base);

	pr_scratch_config(path, key, value);
	free(path);
}

/* pr_signer_from_config is refused with a message holding want. */
static void signer_refused(const char *want)
{
	pr_signer s;

	assert_int_equal(pr_signer_from_config(&s, repo), PR_EINPUT);
	assert_non_null(strstr(pr_last_error(), want));
	assert_null(s.key);
}

/* A file of base (mode 0755 when exec) holding text. */
static char *file_of(const char *name, const char *text, int exec)
{
	char *path = pr_asprintf("%s/%s", base, name);

	assert_int_equal(pr_write_file_atomic(path, text, strlen(text)), 0);
	assert_int_equal(chmod(path, exec ? 0755 : 0644), 0);
	return path;
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

/* Empty values are unset values; '~/' is kept when HOME is unset or
 * empty (and the key is then not found under that name). */
static void test_signer_edges(void **state)
{
	pr_signer s;
	char *key = pr_asprintf("%s/a", base);

	(void)state;
	config("gpg.format", "ssh");
	config("user.signingkey", "");
	signer_refused("cannot sign: no user.signingkey (git config "
		       "user.signingkey ~/.ssh/id_ed25519.pub)");
	config("user.signingkey", key);
	config("gpg.ssh.program", "");
	assert_int_equal(pr_signer_from_config(&s, repo), 0);
	assert_string_equal(s.program, "ssh-keygen");
	pr_signer_free(&s);
	config("gpg.ssh.program", NULL);

	config("user.signingkey", "~/a");
	setenv("HOME", "", 1);
	signer_refused("user.signingkey '~/a': No such file or directory");
	unsetenv("HOME");
	signer_refused("user.signingkey '~/a': No such file or directory");
	setenv("HOME", base, 1);
	assert_int_equal(pr_signer_from_config(&s, repo), 0);
	assert_string_equal(s.key, key);
	pr_signer_free(&s);
	free(key);
}

/* The test repository's configuration replaced by text that does not
 * parse (a new file each time, so that libgit2 reads it again). */
static void config_broken(const char *path, int n)
{
	char *text = pr_asprintf("[gpg\nformat = ssh %d\n", n);

	assert_int_equal(pr_write_file_atomic(path, text, strlen(text)), 0);
	free(text);
}

/* A repository configuration that does not parse: an error (not "unset"),
 * for the signer and the allowed signers alike. */
static void test_config_unreadable(void **state)
{
	char *path = pr_asprintf("%s/repo/.git/config", base), *saved = NULL;
	char *out = (char *)"x";
	pr_signer s;

	(void)state;
	config("gpg.format", "ssh");
	config("gpg.ssh.allowedSignersFile", "~/allowed");
	assert_int_equal(pr_read_file(&saved, NULL, path, PR_READ_MAX), 0);
	config_broken(path, 1);
	assert_int_equal(pr_signer_from_config(&s, repo), PR_EFAIL);
	assert_null(s.key);
	assert_null(s.program);
	assert_non_null(
	    strstr(pr_last_error(), "cannot read git's configuration"));
	config_broken(path, 2);
	assert_int_equal(pr_sign_allowed_from_config(&out, repo), PR_EFAIL);
	assert_null(out);
	assert_non_null(
	    strstr(pr_last_error(), "cannot read git's configuration"));
	assert_int_equal(pr_write_file_atomic(path, saved, strlen(saved)), 0);
	assert_int_equal(pr_sign_allowed_from_config(&out, repo), 0);
	assert_non_null(out);
	free(out);
	free(saved);
	free(path);
	config("gpg.ssh.allowedSignersFile", NULL);
}

/* Sign data with key file `key` (program NULL: ssh-keygen). */
static int sign(char **sig, const char *data, const char *key,
		const char *program)
{
	pr_signer s;
	int rc;

	s.key = pr_asprintf("%s/%s", base, key);
	s.program = pr_strdup(program ? program : "ssh-keygen");
	rc = pr_sign_data(sig, data, strlen(data), &s);
	pr_signer_free(&s);
	return rc;
}

static void test_sign_and_verify(void **state)
{
	const char *data = "tree 0\nauthor x\n\nprereg pin x (1)\n";
	char *sig = NULL, *sig_b = NULL, *allowed, *allowed_b;
	pr_sign_check c;

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

/* Programs that exit 0 without signing: no signature file, or one that
 * is not an SSH signature; nothing is returned, nothing left in TMPDIR. */
static void test_sign_no_signature(void **state)
{
	char *none = file_of("sign-none", "#!/bin/sh\nexit 0\n", 1);
	char *junk =
	    file_of("sign-junk",
		    "#!/bin/sh\nfor f; do :; done\n"
		    "echo '-----BEGIN PGP SIGNATURE-----' >\"$f.sig\"\n",
		    1);
	char *tmp = pr_asprintf("%s/tmp-none", base), *sig = (char *)"x";

	(void)state;
	assert_int_equal(pr_mkdir_p(tmp), 0);
	setenv("TMPDIR", tmp, 1);
	assert_int_equal(sign(&sig, "data", "a", none), PR_EFAIL);
	assert_null(sig);
	assert_non_null(strstr(pr_last_error(), "cannot open '"));
	assert_non_null(strstr(pr_last_error(), "/commit.sig'"));
	assert_int_equal(pr_scratch_entries(tmp, ""), 0);
	assert_int_equal(sign(&sig, "data", "a", junk), PR_EFAIL);
	assert_null(sig);
	assert_string_equal(strstr(pr_last_error(), "sign-junk"),
			    "sign-junk wrote no SSH signature");
	assert_int_equal(pr_scratch_entries(tmp, ""), 0);
	unsetenv("TMPDIR");
	free(tmp);
	free(none);
	free(junk);
}

/* Does a process listen on the unix socket at path? (ssh-agent makes the
 * file when it binds, before it listens: a client in between is refused,
 * as ssh-add once was under load.) */
static int listening(const char *path)
{
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0), ok;

	if (fd < 0 || strlen(path) >= sizeof(a.sun_path)) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	memcpy(a.sun_path, path, strlen(path) + 1);
	ok = connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0;
	close(fd);
	return ok;
}

/* An ssh-agent of this process listening on sock, or -1 when it cannot
 * start (within 5 s). */
static pid_t start_agent(const char *sock)
{
	pid_t pid = fork();
	int i;

	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);

		if (fd >= 0)
			dup2(fd, 1);
		execlp("ssh-agent", "ssh-agent", "-D", "-a", sock,
		       (char *)NULL);
		_exit(127);
	}
	for (i = 0; i < 500 && !listening(sock); i++) {
		if (waitpid(pid, NULL, WNOHANG) == pid)
			return -1;
		pr_sleep_ms(10);
	}
	if (listening(sock))
		return pid;
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
	return -1;
}

/* A "key::" literal signs with the key ssh-agent holds: refused without
 * an agent, good with one that holds key a. */
static void test_sign_key_literal(void **state)
{
	const char *data = "tree 0\n\nprereg pin x (2)\n";
	char *allowed = pr_asprintf("%s/allowed", base);
	char *sock = pr_asprintf("%s/agent.sock", base);
	char *pub_path = pr_asprintf("%s/a.pub", base);
	char *pub = NULL, *sig = (char *)"x";
	pr_signer s;
	pr_sign_check c;
	pid_t agent;

	(void)state;
	assert_int_equal(pr_read_file(&pub, NULL, pub_path, PR_READ_MAX), 0);
	pub[strcspn(pub, "\n")] = '\0';
	s.key = pr_asprintf("key::%s", pub);
	s.program = pr_strdup("ssh-keygen");
	unsetenv("SSH_AUTH_SOCK");
	assert_int_equal(pr_sign_data(&sig, data, strlen(data), &s), PR_EFAIL);
	assert_null(sig);
	assert_non_null(strstr(pr_last_error(), "cannot sign with 'key::"));
	assert_non_null(strstr(pr_last_error(), "ssh-keygen exited 255"));

	if ((agent = start_agent(sock)) < 0) {
		print_message("# skipped the agent: ssh-agent cannot start\n");
	} else {
		char *env[] = {pr_asprintf("SSH_AUTH_SOCK=%s", sock), NULL};
		char *argv[] = {"ssh-add", "-q", "a", NULL};

		assert_int_equal(pr_scratch_run(base, env, argv), 0);
		free(env[0]);
		setenv("SSH_AUTH_SOCK", sock, 1);
		assert_int_equal(pr_sign_data(&sig, data, strlen(data), &s), 0);
		unsetenv("SSH_AUTH_SOCK");
		kill(agent, SIGTERM);
		assert_int_equal(waitpid(agent, NULL, 0), agent);
		assert_int_equal(
		    pr_sign_verify(&c, sig, data, strlen(data), allowed, NULL),
		    0);
		assert_int_equal(c.result, PR_SIGN_GOOD);
		assert_string_equal(c.principal, "a@example.invalid");
		pr_sign_check_clear(&c);
		free(sig);
	}
	pr_signer_free(&s);
	free(pub);
	free(pub_path);
	free(sock);
	free(allowed);
}

/* The scratch files are made under $TMPDIR (/tmp when it is empty) and
 * removed, whatever the result; a TMPDIR that does not exist is an error
 * before anything runs. */
static void test_tmpdir(void **state)
{
	const char *data = "tree 0\n";
	char *wrap = file_of("wrap",
			     "#!/bin/sh\n"
			     "echo \"$@\" >>\"$(dirname \"$0\")/args\"\n"
			     "exec ssh-keygen \"$@\"\n",
			     1);
	char *log = pr_asprintf("%s/args", base), *tmp, *allowed;
	char *args = NULL, *sig = NULL, *want;
	pr_sign_check c;

	(void)state;
	tmp = pr_asprintf("%s/tmp", base);
	allowed = pr_asprintf("%s/allowed", base);
	assert_int_equal(pr_mkdir_p(tmp), 0);
	setenv("TMPDIR", tmp, 1);
	assert_int_equal(sign(&sig, data, "a", wrap), 0);
	assert_int_equal(
	    pr_sign_verify(&c, sig, data, strlen(data), allowed, wrap), 0);
	assert_int_equal(c.result, PR_SIGN_GOOD);
	pr_sign_check_clear(&c);
	assert_int_equal(pr_read_file(&args, NULL, log, PR_READ_MAX), 0);
	want = pr_asprintf("-Y sign -n git -f %s/a %s/prereg-sign.", base, tmp);
	assert_memory_equal(args, want, strlen(want));
	free(want);
	want =
	    pr_asprintf("\n-Y check-novalidate -n git -s %s/prereg-sign.", tmp);
	assert_non_null(strstr(args, want));
	free(want);
	free(args);
	/* nothing left in TMPDIR */
	assert_int_equal(pr_scratch_entries(tmp, ""), 0);
	unlink(log);

	setenv("TMPDIR", "", 1);
	assert_int_equal(
	    pr_sign_verify(&c, sig, data, strlen(data), allowed, wrap), 0);
	assert_int_equal(c.result, PR_SIGN_GOOD);
	pr_sign_check_clear(&c);
	assert_int_equal(pr_read_file(&args, NULL, log, PR_READ_MAX), 0);
	assert_non_null(strstr(args, "-Y check-novalidate -n git -s "
				     "/tmp/prereg-sign."));
	free(args);
	unlink(log);

	setenv("TMPDIR", "/nonexistent/tmp", 1);
	free(sig);
	sig = (char *)"x";
	assert_int_equal(sign(&sig, data, "a", wrap), PR_EFAIL);
	assert_null(sig);
	assert_non_null(strstr(pr_last_error(),
			       "cannot create a directory "
			       "'/nonexistent/tmp/prereg-sign....'"));
	assert_int_equal(pr_sign_verify(&c, "-----BEGIN SSH SIGNATURE-----\n",
					data, strlen(data), allowed, wrap),
			 PR_EFAIL);
	assert_non_null(strstr(pr_last_error(),
			       "cannot create a directory "
			       "'/nonexistent/tmp/prereg-sign....'"));
	pr_sign_check_clear(&c);
	/* the program never ran */
	assert_int_equal(access(log, F_OK), -1);
	unsetenv("TMPDIR");
	free(tmp);
	free(wrap);
	free(log);
	free(allowed);
}

/* Allowed signers that hold no key for the signature: empty, lines that
 * do not parse (unknown, not an error), a key for another namespace than
 * git's (found, then bad, in ssh-keygen's words). */
static void test_verify_allowed(void **state)
{
	const char *data = "tree 0\n\nprereg pin y (1)\n";
	char *pub_path = pr_asprintf("%s/a.pub", base), *pub = NULL, *line;
	char *empty = file_of("allowed-empty", "", 0);
	char *junk =
	    file_of("allowed-junk", "a@example.invalid not-a-key\n", 0);
	char *ns, *sig = NULL;
	pr_sign_check c;

	(void)state;
	assert_int_equal(pr_read_file(&pub, NULL, pub_path, PR_READ_MAX), 0);
	line = pr_asprintf("a@example.invalid namespaces=\"file\" %s", pub);
	ns = file_of("allowed-file-ns", line, 0);
	assert_int_equal(sign(&sig, data, "a", NULL), 0);

	assert_int_equal(
	    pr_sign_verify(&c, sig, data, strlen(data), empty, NULL), 0);
	assert_int_equal(c.result, PR_SIGN_UNKNOWN);
	assert_null(c.principal);
	assert_non_null(strstr(c.key, "ED25519 key SHA256:"));
	pr_sign_check_clear(&c);
	assert_int_equal(
	    pr_sign_verify(&c, sig, data, strlen(data), junk, NULL), 0);
	assert_int_equal(c.result, PR_SIGN_UNKNOWN);
	pr_sign_check_clear(&c);
	assert_int_equal(pr_sign_verify(&c, sig, data, strlen(data), ns, NULL),
			 0);
	assert_int_equal(c.result, PR_SIGN_BAD);
	assert_string_equal(c.principal, "a@example.invalid");
	assert_non_null(c.detail);
	assert_non_null(strstr(c.detail, "namespace \"git\""));
	pr_sign_check_clear(&c);
	free(sig);
	free(line);
	free(pub);
	free(pub_path);
	free(empty);
	free(junk);
	free(ns);
}

/*
 * A program in ssh-keygen's place (a wrapper, as gpg.ssh.program may be)
 * answering each step of the check as given: "check-novalidate",
 * "find-principals" and "verify" each exit with the code and print on
 * stdout what its case says (a sh case body).
 */
static char *keygen_answering(const char *name, const char *cases)
{
	char *text = pr_asprintf("#!/bin/sh\ncase $2 in\n%s\nesac\n", cases);
	char *path = file_of(name, text, 1);

	free(text);
	return path;
}

static void verify_with(pr_sign_check *c, const char *prog, int want)
{
	const char *data = "tree 0\n";
	char *allowed = pr_asprintf("%s/allowed", base);

	assert_int_equal(pr_sign_verify(c, "-----BEGIN SSH SIGNATURE-----\nx\n",
					data, strlen(data), allowed, prog),
			 want);
	free(allowed);
}

/* What the program answers decides, in its own words: a failure said on
 * stdout only is the detail; a good check that names no key; no
 * principal printed; a step that cannot run is an error, not a
 * verdict. */
static void test_verify_answers(void **state)
{
	pr_sign_check c;
	char *p;

	(void)state;
	p = keygen_answering("kg-bad", "check-novalidate) echo 'no good'; "
				       "exit 1;;");
	verify_with(&c, p, 0);
	assert_int_equal(c.result, PR_SIGN_BAD);
	assert_string_equal(c.detail, "no good");
	assert_null(c.key);
	pr_sign_check_clear(&c);
	free(p);

	p = keygen_answering("kg-nokey", "check-novalidate) echo 'Good';;\n"
					 "find-principals) exit 0;;");
	verify_with(&c, p, 0);
	assert_int_equal(c.result, PR_SIGN_UNKNOWN);
	assert_null(c.key);
	assert_null(c.principal);
	pr_sign_check_clear(&c);
	free(p);

	p = keygen_answering(
	    "kg-verify-bad",
	    "check-novalidate) echo 'Good \"git\" signature with ED25519 key "
	    "SHA256:x';;\n"
	    "find-principals) printf 'p@x\\nq@x\\n';;\n"
	    "verify) echo 'Could not verify signature.'; exit 255;;");
	verify_with(&c, p, 0);
	assert_int_equal(c.result, PR_SIGN_BAD);
	assert_string_equal(c.key, "ED25519 key SHA256:x");
	assert_string_equal(c.principal, "p@x");
	assert_string_equal(c.detail, "Could not verify signature.");
	pr_sign_check_clear(&c);
	free(p);

	p = keygen_answering("kg-find-127", "check-novalidate) echo Good;;\n"
					    "find-principals) exit 127;;");
	verify_with(&c, p, PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "kg-find-127 (is it on PATH?"));
	pr_sign_check_clear(&c);
	free(p);

	p = keygen_answering("kg-verify-127", "check-novalidate) echo Good;;\n"
					      "find-principals) echo p@x;;\n"
					      "verify) exit 127;;");
	verify_with(&c, p, PR_EFAIL);
	assert_non_null(
	    strstr(pr_last_error(), "kg-verify-127 (is it on PATH?"));
	pr_sign_check_clear(&c);
	free(p);
}

/* A new empty commit of the test repository: its id into *id and hex. */
static void commit_empty(git_oid *id, char hex[GIT_OID_HEXSZ + 1],
			 const char *message)
{
	char *path = pr_asprintf("%s/repo", base);

	pr_scratch_commit(path, message);
	assert_int_equal(git_reference_name_to_id(id, repo, "HEAD"), 0);
	git_oid_tostr(hex, GIT_OID_HEXSZ + 1, id);
	free(path);
}

/* An unsigned commit is 0, nothing returned; a commit whose object is
 * corrupt is an error, not "unsigned". */
static void test_extract(void **state)
{
	char *sig = (char *)"x", *data = (char *)"x", *obj;
	char hex[GIT_OID_HEXSZ + 1];
	size_t len = 1;
	git_oid id;

	(void)state;
	commit_empty(&id, hex, "unsigned");
	assert_int_equal(pr_sign_extract(&sig, &data, &len, repo, &id), 0);
	assert_null(sig);
	assert_null(data);
	assert_int_equal(len, 0);

	/* a commit not read yet, its loose object overwritten: it no
	 * longer inflates */
	commit_empty(&id, hex, "corrupt");
	obj = pr_asprintf("%s/repo/.git/objects/%.2s/%s", base, hex, hex + 2);
	assert_int_equal(chmod(obj, 0644), 0);
	assert_int_equal(pr_write_file_atomic(obj, "not zlib", 8), 0);
	sig = data = (char *)"x";
	len = 1;
	assert_int_equal(pr_sign_extract(&sig, &data, &len, repo, &id),
			 PR_EFAIL);
	assert_null(sig);
	assert_null(data);
	assert_int_equal(len, 0);
	assert_non_null(
	    strstr(pr_last_error(), "cannot read a commit's signature"));
	free(obj);
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
	/* set to nothing: not set */
	config("gpg.ssh.allowedSignersFile", "");
	out = (char *)"x";
	assert_int_equal(pr_sign_allowed_from_config(&out, repo), 0);
	assert_null(out);
	config("gpg.ssh.allowedSignersFile", NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_signer),
	    cmocka_unit_test(test_signer_edges),
	    cmocka_unit_test(test_config_unreadable),
	    cmocka_unit_test(test_sign_and_verify),
	    cmocka_unit_test(test_sign_fails),
	    cmocka_unit_test(test_sign_no_signature),
	    cmocka_unit_test(test_sign_key_literal),
	    cmocka_unit_test(test_tmpdir),
	    cmocka_unit_test(test_verify_allowed),
	    cmocka_unit_test(test_verify_answers),
	    cmocka_unit_test(test_extract),
	    cmocka_unit_test(test_allowed_from_config),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
