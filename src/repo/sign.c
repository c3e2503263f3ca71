/* sign.c - SSH signatures of pin commits in git's own format, made and
 * checked by ssh-keygen -Y with the arguments git gives it */
#include "repo/sign.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/child.h"
#include "base/util.h"
#include "repo/git.h"

#define SSH_ARMOR "-----BEGIN SSH SIGNATURE-----"
#define KEY_LITERAL "key::"

/* A config string of repo into *out (caller frees), NULL when unset. */
static int config_string(char **out, git_repository *repo, const char *key)
{
	git_config *cfg = NULL;
	git_buf buf = GIT_BUF_INIT;
	int error;

	*out = NULL;
	if (git_repository_config_snapshot(&cfg, repo) < 0)
		return pr_git_error("cannot read git's configuration");
	error = git_config_get_string_buf(&buf, cfg, key);
	if (error == 0)
		*out = pr_strdup(buf.ptr);
	else if (error == GIT_ENOTFOUND)
		error = 0;
	else
		error = pr_git_error("cannot read git's configuration");
	git_error_clear();
	git_buf_dispose(&buf);
	git_config_free(cfg);
	return error < 0 ? PR_EFAIL : PR_OK;
}

/* path with a leading "~/" as $HOME/; caller frees. */
static char *expand_home(const char *path)
{
	const char *home = getenv("HOME");

	if (!strncmp(path, "~/", 2) && home && *home)
		return pr_asprintf("%s/%s", home, path + 2);
	return pr_strdup(path);
}

int pr_signer_from_config(pr_signer *out, git_repository *repo)
{
	char *format = NULL, *key = NULL, *program = NULL;
	int error;

	memset(out, 0, sizeof(*out));
	if ((error = config_string(&format, repo, "gpg.format")) < 0 ||
	    (error = config_string(&key, repo, "user.signingkey")) < 0 ||
	    (error = config_string(&program, repo, "gpg.ssh.program")) < 0)
		goto cleanup;
	if (!format || strcmp(format, "ssh")) {
		error = pr_error_code(
		    PR_EINPUT,
		    "cannot sign: gpg.format is '%s'%s; prereg signs pins "
		    "with SSH keys in git's format (git config gpg.format ssh)",
		    format ? format : "openpgp",
		    format ? "" : " (git's default)");
		goto cleanup;
	}
	if (!key || !*key) {
		error = pr_error_code(PR_EINPUT,
				      "cannot sign: no user.signingkey (git "
				      "config user.signingkey "
				      "~/.ssh/id_ed25519.pub)");
		goto cleanup;
	}
	out->key = strncmp(key, KEY_LITERAL, strlen(KEY_LITERAL))
		       ? expand_home(key)
		       : pr_strdup(key);
	out->program = pr_strdup(program && *program ? program : "ssh-keygen");
	if (strncmp(out->key, KEY_LITERAL, strlen(KEY_LITERAL)) &&
	    access(out->key, R_OK) < 0) {
		error = pr_error_code(PR_EINPUT,
				      "cannot sign: user.signingkey '%s': %s",
				      out->key, strerror(errno));
		pr_signer_free(out);
	}
cleanup:
	free(format);
	free(key);
	free(program);
	return error;
}

void pr_signer_free(pr_signer *s)
{
	free(s->program);
	free(s->key);
	memset(s, 0, sizeof(*s));
}

/* A scratch directory under $TMPDIR (caller removes and frees). */
static int scratch(char **out)
{
	return pr_tmp_dir(out, "prereg-sign.");
}

/*
 * Run argv with stdin from the file `in` (NULL: /dev/null), its stdout
 * captured into *out and its stderr into *err (both caller frees, each
 * with its trailing newlines cut); *status its exit status.
 */
static int keygen(int *status, char **out, char **err, char *const argv[],
		  const char *in, const char *dir)
{
	char *err_path = pr_asprintf("%s/stderr", dir);
	pr_child c = {0};
	int in_fd = -1, err_fd = -1, error = PR_OK;
	size_t n;

	*out = NULL;
	*err = NULL;
	c.argv = argv;
	c.capture = 1;
	c.no_stdin = !in;
	if ((in && (in_fd = open(in, O_RDONLY | O_CLOEXEC)) < 0) ||
	    (err_fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			   0600)) < 0) {
		error = pr_error("cannot run %s: %s", argv[0], strerror(errno));
		goto cleanup;
	}
	c.in = in_fd;
	c.err = err_fd;
	if ((error = pr_child_run(&c)) < 0)
		goto cleanup;
	*status = c.status;
	*out = c.output;
	c.output = NULL;
	if (pr_read_file(err, NULL, err_path, PR_READ_MAX) < 0)
		*err = pr_strdup("");
	for (n = strlen(*err); n && (*err)[n - 1] == '\n'; n--)
		(*err)[n - 1] = '\0';
	for (n = strlen(*out); n && (*out)[n - 1] == '\n'; n--)
		(*out)[n - 1] = '\0';
	if (c.status == 127)
		error = pr_error("cannot run %s (is it on PATH? Debian package "
				 "openssh-client)",
				 argv[0]);
cleanup:
	free(c.output);
	if (in_fd >= 0)
		close(in_fd);
	if (err_fd >= 0)
		close(err_fd);
	free(err_path);
	return error;
}

int pr_sign_data(char **out, const char *data, size_t len, void *arg)
{
	const pr_signer *s = arg;
	char *dir = NULL, *file = NULL, *sig = NULL, *key = NULL;
	char *o = NULL, *e = NULL;
	int status = -1, error;

	*out = NULL;
	if ((error = scratch(&dir)) < 0)
		return error;
	file = pr_asprintf("%s/commit", dir);
	sig = pr_asprintf("%s/commit.sig", dir);
	if (!strncmp(s->key, KEY_LITERAL, strlen(KEY_LITERAL))) {
		const char *pub = s->key + strlen(KEY_LITERAL);

		key = pr_asprintf("%s/key.pub", dir);
		error = pr_write_file_atomic(key, pub, strlen(pub));
	} else {
		key = pr_strdup(s->key);
	}
	if (error == 0)
		error = pr_write_file_atomic(file, data, len);
	if (error == 0) {
		char *argv[] = {s->program, "-Y", "sign", "-n", "git",
				"-f",	    key,  file,	  NULL};

		error = keygen(&status, &o, &e, argv, NULL, dir);
	}
	if (error == 0 && status != 0)
		error = pr_error("cannot sign with '%s': %s exited %d%s%s",
				 s->key, s->program, status, *e ? ": " : "", e);
	if (error == 0 &&
	    (error = pr_read_file(out, NULL, sig, PR_READ_MAX)) == 0 &&
	    strncmp(*out, SSH_ARMOR, strlen(SSH_ARMOR))) {
		error = pr_error("%s wrote no SSH signature", s->program);
		free(*out);
		*out = NULL;
	}
	pr_remove_tree(dir);
	free(dir);
	free(file);
	free(sig);
	free(key);
	free(o);
	free(e);
	return error;
}

/* The first line of s, as a new string. */
static char *first_line(const char *s)
{
	size_t n = strcspn(s, "\n");
	char *l = pr_malloc(n + 1);

	memcpy(l, s, n);
	l[n] = '\0';
	return l;
}

/* "ED25519 key SHA256:..." out of ssh-keygen's "Good "git" signature
 * ... with ED25519 key SHA256:...", or NULL. */
static char *key_of(const char *good)
{
	const char *w = strstr(good, " with ");

	return w ? first_line(w + strlen(" with ")) : NULL;
}

int pr_sign_verify(pr_sign_check *out, const char *sig, const char *data,
		   size_t len, const char *allowed, const char *program)
{
	char *prog = pr_strdup(program ? program : "ssh-keygen");
	char *dir = NULL, *file = NULL, *sigf = NULL, *o = NULL, *e = NULL;
	int status = -1, error;

	memset(out, 0, sizeof(*out));
	if (strncmp(sig, SSH_ARMOR, strlen(SSH_ARMOR))) {
		out->result = PR_SIGN_FORMAT;
		free(prog);
		return PR_OK;
	}
	if (allowed && pr_check_key_file(allowed, "the allowed signers") < 0) {
		free(prog);
		return PR_EFAIL;
	}
	if ((error = scratch(&dir)) < 0) {
		free(prog);
		return error;
	}
	file = pr_asprintf("%s/commit", dir);
	sigf = pr_asprintf("%s/commit.sig", dir);
	if ((error = pr_write_file_atomic(file, data, len)) < 0 ||
	    (error = pr_write_file_atomic(sigf, sig, strlen(sig))) < 0)
		goto cleanup;
	{
		char *argv[] = {prog, "-Y",  "check-novalidate",
				"-n", "git", "-s",
				sigf, NULL};

		if ((error = keygen(&status, &o, &e, argv, file, dir)) < 0)
			goto cleanup;
	}
	if (status != 0) {
		out->result = PR_SIGN_BAD;
		out->detail = pr_strdup(*e ? e : o);
		goto cleanup;
	}
	out->key = key_of(o);
	free(o);
	free(e);
	o = e = NULL;
	if (!allowed) {
		out->result = PR_SIGN_UNKNOWN;
		goto cleanup;
	}
	{
		char *argv[] = {prog, "-Y", "find-principals", "-s",
				sigf, "-f", (char *)allowed,   NULL};

		if ((error = keygen(&status, &o, &e, argv, NULL, dir)) < 0)
			goto cleanup;
	}
	if (status != 0 || !*o) {
		out->result = PR_SIGN_UNKNOWN;
		goto cleanup;
	}
	out->principal = first_line(o);
	free(o);
	free(e);
	o = e = NULL;
	{
		char *argv[] = {prog,
				"-Y",
				"verify",
				"-f",
				(char *)allowed,
				"-I",
				out->principal,
				"-n",
				"git",
				"-s",
				sigf,
				NULL};

		if ((error = keygen(&status, &o, &e, argv, file, dir)) < 0)
			goto cleanup;
	}
	out->result = status == 0 ? PR_SIGN_GOOD : PR_SIGN_BAD;
	if (status != 0)
		out->detail = pr_strdup(*e ? e : o);
cleanup:
	pr_remove_tree(dir);
	free(dir);
	free(file);
	free(sigf);
	free(o);
	free(e);
	free(prog);
	return error;
}

void pr_sign_check_clear(pr_sign_check *c)
{
	free(c->principal);
	free(c->key);
	free(c->detail);
	memset(c, 0, sizeof(*c));
}

int pr_sign_allowed_from_config(char **out, git_repository *repo)
{
	char *v = NULL;
	int error = config_string(&v, repo, "gpg.ssh.allowedSignersFile");

	*out = NULL;
	if (error == 0 && v && *v)
		*out = expand_home(v);
	free(v);
	return error;
}

int pr_sign_extract(char **sig, char **data, size_t *len, git_repository *repo,
		    const git_oid *id)
{
	git_buf s = GIT_BUF_INIT, d = GIT_BUF_INIT;
	int error =
	    git_commit_extract_signature(&s, &d, repo, (git_oid *)id, NULL);

	*sig = *data = NULL;
	*len = 0;
	if (error == GIT_ENOTFOUND) {
		git_error_clear();
		return 0;
	}
	if (error < 0)
		return pr_git_error("cannot read a commit's signature");
	*sig = pr_strdup(s.ptr);
	*data = pr_malloc(d.size + 1);
	memcpy(*data, d.ptr, d.size);
	(*data)[d.size] = '\0';
	*len = d.size;
	git_buf_dispose(&s);
	git_buf_dispose(&d);
	return 1;
}
