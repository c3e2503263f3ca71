/* stamp.c - RFC 3161 tokens over pins, committed beside the prediction */
#include "repo/stamp.h"

#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "repo/git.h"
#include "repo/tsa.h"

char *pr_stamp_path(const char *root, const char *name, int k)
{
	if (root && *root)
		return pr_asprintf("%s%spredictions/%s.pin-%d.tsr", root,
				   root[strlen(root) - 1] == '/' ? "" : "/",
				   name, k);
	return pr_asprintf("predictions/%s.pin-%d.tsr", name, k);
}

int pr_stamp_statement(char **out, const char *name, const pr_pin *pin)
{
	return pr_tsa_statement(out, name, pin->k, pin->commit, pin->spec_blob,
				pin->pred_blob);
}

/* Does HEAD's tree hold a blob at path? */
static int in_head(git_repository *repo, const char *path)
{
	git_commit *head = NULL;
	git_tree *tree = NULL;
	git_oid id;
	int found = 0;

	if (pr_git_head(&head, repo) == 0 && head &&
	    git_commit_tree(&tree, head) == 0)
		found = pr_git_tree_blob(&id, tree, path) == 1;
	git_error_clear();
	git_tree_free(tree);
	git_commit_free(head);
	return found;
}

int pr_stamp_pin(int *stamped, git_repository *repo, const char *name,
		 const pr_pin *pin, const char *url)
{
	pr_tsa_token token = {0};
	char *statement = NULL, *rel = pr_stamp_path(NULL, name, pin->k);
	char *abs = pr_stamp_path(pr_repo_root(repo), name, pin->k);
	char *msg = NULL;
	const char *paths[1];
	int error;

	*stamped = 0;
	if (in_head(repo, rel)) {
		error = PR_OK;
		goto cleanup;
	}
	if ((error = pr_stamp_statement(&statement, name, pin)) < 0)
		goto cleanup;
	if ((error = pr_tsa_fetch(&token, url, statement)) < 0) {
		error = pr_error_code(PR_EFAIL,
				      "%s stands, unanchored: no time-stamp "
				      "token (try again later with 'prereg "
				      "pin %s --tsa URL')",
				      pin->tag, name);
		goto cleanup;
	}
	if ((error = pr_write_file_atomic(abs, token.der, token.len)) < 0)
		goto cleanup;
	msg = pr_asprintf("prereg stamp %s (%d)\n\nauthority: %s\nnonce: "
			  "%" PRIu64 "\n",
			  name, pin->k, url, token.nonce);
	paths[0] = rel;
	if ((error = pr_git_commit_files(NULL, repo, paths, 1, msg)) < 0) {
		unlink(abs); /* nothing left behind that HEAD does not hold */
		goto cleanup;
	}
	*stamped = 1;
cleanup:
	pr_tsa_token_clear(&token);
	free(statement);
	free(rel);
	free(abs);
	free(msg);
	return error;
}

typedef struct {
	char **out;
	const char *path;
	int error;
} repo_ini;

static int on_repo_key(void *data, const char *section, const char *key,
		       const char *value)
{
	repo_ini *r = data;

	if (r->error)
		return 0;
	if (strcmp(section, "pin") || strcmp(key, "tsa"))
		r->error = pr_error_code(PR_EINPUT,
					 "%s: unknown key '%s' in [%s] "
					 "(known: tsa in [pin])",
					 r->path, key, section);
	else if (strncmp(value, "http://", 7) && strncmp(value, "https://", 8))
		r->error = pr_error_code(PR_EINPUT,
					 "%s: 'tsa' must be an http:// or "
					 "https:// URL, not '%s'",
					 r->path, value);
	else {
		free(*r->out);
		*r->out = pr_strdup(value);
	}
	return r->error ? 0 : 1;
}

int pr_stamp_repo_tsa(char **out, const char *root)
{
	char *path = pr_asprintf(
	    "%s%s.prereg.ini", root && *root ? root : "",
	    root && *root && root[strlen(root) - 1] != '/' ? "/" : "");
	repo_ini r = {out, ".prereg.ini", PR_OK};
	struct stat st;
	char *text = NULL;
	int rc;

	*out = NULL;
	if (lstat(path, &st) < 0 && errno == ENOENT) {
		free(path);
		return PR_OK;
	}
	if ((r.error = pr_read_file(&text, NULL, path, PR_REPO_INI_MAX)) < 0) {
		free(path);
		return r.error;
	}
	rc = ini_parse_string(text, on_repo_key, &r);
	free(text);
	free(path);
	if (!r.error && rc > 0)
		r.error = pr_error_code(PR_EINPUT,
					".prereg.ini:%d: expected '[section]' "
					"or 'key = value'",
					rc);
	if (r.error) {
		free(*out);
		*out = NULL;
	}
	return r.error;
}

int pr_stamp_nonce(uint64_t *out, const char *message)
{
	const char *p = message ? strstr(message, "\nnonce: ") : NULL;
	char *end;

	*out = 0;
	if (!p)
		return 0;
	p += strlen("\nnonce: ");
	errno = 0;
	*out = strtoull(p, &end, 10);
	return end != p && errno == 0 && (*end == '\n' || *end == '\0');
}
