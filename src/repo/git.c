/* git.c - the libgit2 helpers that are not about pins: opening the
 * repository, HEAD, trees, the one walk of the history, signatures and
 * committing files */
#include "repo/git.h"

#include "base/child.h"
#include "base/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int pr_git_error(const char *what)
{
	const git_error *e = git_error_last();

	return pr_error("%s: %s", what,
			e && e->message ? e->message : "unknown libgit2 error");
}

int pr_repo_open(git_repository **out, const char *path)
{
	static int initialised;
	struct stat st;
	int error;

	*out = NULL;
	if (!initialised) {
		if (git_libgit2_init() < 0)
			return pr_git_error("cannot initialise libgit2");
		initialised = 1;
	}
	if (stat(path, &st) < 0)
		return pr_error_code(PR_EINPUT, "cannot open '%s': %s", path,
				     strerror(errno));
	error = git_repository_open_ext(out, path, 0, NULL);
	if (error == GIT_ENOTFOUND)
		return pr_error_code(PR_EINPUT,
				     "'%s' is not in a git repository (run "
				     "'git init' or cd into your clone)",
				     path);
	if (error == GIT_EOWNER)
		return pr_error_code(PR_EINPUT,
				     "the git repository of '%s' belongs to "
				     "another user (if you trust it, run 'git "
				     "config --global --add safe.directory' "
				     "with its root)",
				     path);
	if (error < 0)
		return pr_git_error("cannot open the git repository");
	if (git_repository_is_bare(*out)) {
		git_repository_free(*out);
		*out = NULL;
		return pr_error_code(PR_EINPUT,
				     "'%s' is in a bare git repository (run "
				     "prereg in a clone with a work tree)",
				     path);
	}
	return PR_OK;
}

const char *pr_repo_root(git_repository *repo)
{
	return git_repository_workdir(repo);
}

int pr_git_signature(git_signature **out, git_repository *repo)
{
	int error = git_signature_default(out, repo);

	if (error == GIT_ENOTFOUND)
		error = git_signature_now(out, "prereg", "prereg@localhost");
	if (error < 0)
		return pr_git_error("cannot make a commit signature");
	return PR_OK;
}

/* HEAD's commit into *out, or NULL when HEAD is unborn (empty repo). */
int pr_git_head(git_commit **out, git_repository *repo)
{
	git_reference *head = NULL;
	int error;

	*out = NULL;
	error = git_repository_head(&head, repo);
	if (error == GIT_EUNBORNBRANCH || error == GIT_ENOTFOUND)
		return PR_OK;
	if (error < 0 || (error = git_reference_peel((git_object **)out, head,
						     GIT_OBJECT_COMMIT)) < 0)
		error = pr_git_error("cannot read HEAD");
	git_reference_free(head);
	return error;
}

/* The blob at `path` of tree (may be NULL) into *out: 1, or 0 if none. */
int pr_git_tree_blob(git_oid *out, git_tree *tree, const char *path)
{
	git_tree_entry *entry = NULL;
	int error;

	if (!tree)
		return 0;
	error = git_tree_entry_bypath(&entry, tree, path);
	if (error == GIT_ENOTFOUND) {
		git_error_clear();
		return 0;
	}
	if (error < 0)
		return pr_git_error("cannot read a tree");
	error = git_tree_entry_type(entry) == GIT_OBJECT_BLOB;
	if (error)
		git_oid_cpy(out, git_tree_entry_id(entry));
	git_tree_entry_free(entry);
	return error;
}

/* A ref a walk starts at, and the commit it names. */
typedef struct {
	char *name;
	git_oid tip;
} walk_ref;

static int by_walk_ref_name(const void *a, const void *b)
{
	return strcmp(((const walk_ref *)a)->name, ((const walk_ref *)b)->name);
}

/* Push HEAD, unless it is unborn, and name it. */
static int push_head(git_revwalk *walk, git_repository *repo,
		     const pr_git_walk_opts *opts, void *payload)
{
	int unborn = git_repository_head_unborn(repo);
	git_oid id;

	if (unborn == 1) {
		git_error_clear();
		if (opts->on_ref)
			opts->on_ref("HEAD", NULL, payload);
		return PR_OK;
	}
	if (unborn < 0 || git_reference_name_to_id(&id, repo, "HEAD") < 0 ||
	    git_revwalk_push(walk, &id) < 0)
		return pr_git_error("cannot walk the history from HEAD");
	if (opts->on_ref)
		opts->on_ref("HEAD", &id, payload);
	return PR_OK;
}

/* Push the direct refs matching glob that name a commit (in the order
 * they are listed) and name them sorted by name. */
static int push_glob(git_revwalk *walk, git_repository *repo, const char *glob,
		     const pr_git_walk_opts *opts, void *payload)
{
	git_reference_iterator *it = NULL;
	git_reference *ref = NULL;
	walk_ref *v = NULL;
	size_t n = 0, i;

	if (git_reference_iterator_glob_new(&it, repo, glob) < 0)
		return pr_git_error("cannot list the references");
	while (git_reference_next(&ref, it) == 0) {
		git_object *obj = NULL;

		if (git_reference_type(ref) == GIT_REFERENCE_DIRECT &&
		    git_reference_peel(&obj, ref, GIT_OBJECT_COMMIT) == 0 &&
		    git_revwalk_push(walk, git_object_id(obj)) == 0) {
			v = pr_realloc(v, (n + 1) * sizeof(*v));
			v[n].name = pr_strdup(git_reference_name(ref));
			git_oid_cpy(&v[n++].tip, git_object_id(obj));
		}
		git_error_clear();
		git_object_free(obj);
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
	if (n)
		qsort(v, n, sizeof(*v), by_walk_ref_name);
	for (i = 0; i < n; i++) {
		if (opts->on_ref)
			opts->on_ref(v[i].name, &v[i].tip, payload);
		free(v[i].name);
	}
	free(v);
	return PR_OK;
}

/* Push where opts says the walk starts. */
static int push_starts(git_revwalk *walk, git_repository *repo,
		       const pr_git_walk_opts *opts, const char *what,
		       void *payload)
{
	static const char *const globs[] = {"refs/heads/*", "refs/remotes/*",
					    "refs/tags/*"};
	size_t g;
	int error;

	if (opts->from && git_revwalk_push(walk, opts->from) < 0)
		return pr_git_error(what);
	if (!opts->from && (error = push_head(walk, repo, opts, payload)) < 0)
		return error;
	for (g = 0; opts->every_ref && g < sizeof(globs) / sizeof(*globs);
	     g++) {
		if ((error = push_glob(walk, repo, globs[g], opts, payload)) <
		    0)
			return error;
	}
	return PR_OK;
}

int pr_git_walk(git_repository *repo, const pr_git_walk_opts *opts,
		pr_git_walk_cb cb, void *payload)
{
	const char *what = opts->what ? opts->what : "cannot walk the history";
	git_revwalk *walk = NULL;
	git_oid id;
	int error;

	if (git_revwalk_new(&walk, repo) < 0 ||
	    git_revwalk_sorting(walk, opts->sorting) < 0) {
		error = pr_git_error(what);
		goto cleanup;
	}
	if ((error = push_starts(walk, repo, opts, what, payload)) < 0)
		goto cleanup;
	while ((error = git_revwalk_next(&id, walk)) == 0) {
		git_commit *c = NULL;

		if (git_commit_lookup(&c, repo, &id) < 0) {
			error = pr_git_error("cannot read a commit");
			goto cleanup;
		}
		error = cb(c, payload);
		git_commit_free(c);
		if (error != 0) {
			error = error < 0 ? error : PR_OK;
			goto cleanup;
		}
	}
	/* libgit2's code, no message yet: a parent missing (shallow clone) */
	if (error != GIT_ITEROVER) {
		error = pr_git_error(what);
		goto cleanup;
	}
	git_error_clear();
	error = PR_OK;
cleanup:
	git_revwalk_free(walk);
	return error;
}

/* Refuse a path that is not a file (or symbolic link) in the work tree. */
int pr_git_workdir_file(git_repository *repo, const char *path,
			const char *what, const char *hint)
{
	char *full = pr_asprintf("%s%s", pr_repo_root(repo), path);
	struct stat st;
	int error = PR_OK;

	if (path[0] == '/')
		error = pr_error_code(PR_EINPUT,
				      "%s: '%s' is not relative to the work "
				      "tree",
				      what, path);
	else if (lstat(full, &st) < 0)
		error = pr_error_code(PR_EINPUT, "%s: '%s' does not exist%s",
				      what, path, hint);
	else if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
		error = pr_error_code(PR_EINPUT, "%s: '%s' is not a file", what,
				      path);
	free(full);
	return error;
}

/*
 * Stage `paths` from the work tree in the in-memory index and describe
 * them as tree updates (the index's blob ids and modes, so that index and
 * commit agree). upd[i].path borrows paths[i].
 */
static int stage(git_tree_update *upd, git_index *index,
		 const char *const *paths, size_t n)
{
	const git_index_entry *e;
	size_t i;

	for (i = 0; i < n; i++) {
		if (git_index_add_bypath(index, paths[i]) < 0)
			return pr_git_error("cannot add a file to the index");
		if (!(e = git_index_get_bypath(index, paths[i], 0)))
			return pr_error("cannot add '%s' to the index",
					paths[i]);
		upd[i].action = GIT_TREE_UPDATE_UPSERT;
		git_oid_cpy(&upd[i].id, &e->id);
		upd[i].filemode = (git_filemode_t)e->mode;
		upd[i].path = paths[i];
	}
	return PR_OK;
}

/*
 * Move HEAD (its branch, or HEAD itself when detached; the branch is
 * created when unborn) from `old` (NULL: unborn) to `id`, refusing if it
 * moved meanwhile.
 */
static int move_head(git_repository *repo, const git_oid *id,
		     const git_oid *old, const char *message)
{
	git_reference *head = NULL, *moved = NULL;
	const char *name = "HEAD";
	char *log =
	    pr_asprintf("commit: %.*s", (int)strcspn(message, "\n"), message);
	int error = PR_OK;

	if (git_reference_lookup(&head, repo, "HEAD") < 0) {
		error = pr_git_error("cannot read HEAD");
		goto cleanup;
	}
	if (git_reference_type(head) == GIT_REFERENCE_SYMBOLIC)
		name = git_reference_symbolic_target(head);
	if ((old ? git_reference_create_matching(&moved, repo, name, id, 1, old,
						 log)
		 : git_reference_create(&moved, repo, name, id, 0, log)) < 0)
		error = pr_git_error("cannot move HEAD to the new commit");
cleanup:
	git_reference_free(moved);
	git_reference_free(head);
	free(log);
	return error;
}

/* A signer and its argument, for pr_git_commit_files_signed. */
typedef struct {
	pr_git_signer sign;
	void *arg;
} signer_of;

/* The commit object of tree as a child of head (may be NULL), signed
 * when signer->sign is set. */
static int create_commit(git_oid *out, git_repository *repo,
			 const git_signature *sig, const char *message,
			 git_tree *tree, git_commit *head,
			 const signer_of *signer)
{
	const git_commit **parents = (const git_commit **)(head ? &head : NULL);
	git_buf buf = GIT_BUF_INIT;
	char *signature = NULL;
	int error = PR_OK;

	if (!signer || !signer->sign) {
		if (git_commit_create(out, repo, NULL, sig, sig, NULL, message,
				      tree, head ? 1 : 0, parents) < 0)
			return pr_git_error("cannot commit");
		return PR_OK;
	}
	if (git_commit_create_buffer(&buf, repo, sig, sig, NULL, message, tree,
				     head ? 1 : 0, parents) < 0)
		return pr_git_error("cannot commit");
	if ((error = signer->sign(&signature, buf.ptr, buf.size,
				  signer->arg)) == 0 &&
	    git_commit_create_with_signature(out, repo, buf.ptr, signature,
					     NULL) < 0)
		error = pr_git_error("cannot commit with its signature");
	git_buf_dispose(&buf);
	free(signature);
	return error;
}

/*
 * Commit HEAD's tree with `upd` applied as a child of HEAD (a root commit
 * when HEAD is unborn). The order keeps index and HEAD in step whatever
 * fails: the commit object first (nothing visible changes), then the index
 * that stage() left (its lock taken and released by libgit2; when that
 * fails HEAD has not moved), then HEAD; when moving HEAD fails the index
 * is written back as it was, so no staged change is left behind.
 */
static int commit_staged(git_oid *out, git_repository *repo, git_index *index,
			 const git_tree_update *upd, size_t n,
			 const char *message, const signer_of *signer)
{
	git_commit *head = NULL;
	git_tree *base = NULL, *tree = NULL;
	git_treebuilder *empty = NULL;
	git_signature *sig = NULL;
	git_index *before = NULL;
	git_oid tree_id;
	int error;

	if ((error = pr_git_head(&head, repo)) < 0 ||
	    (error = pr_git_signature(&sig, repo)) < 0)
		goto cleanup;
	if (head)
		error = git_commit_tree(&base, head);
	else if ((error = git_treebuilder_new(&empty, repo, NULL)) == 0 &&
		 (error = git_treebuilder_write(&tree_id, empty)) == 0)
		error = git_tree_lookup(&base, repo, &tree_id);
	if (error < 0 ||
	    git_tree_create_updated(&tree_id, repo, base, n, upd) < 0 ||
	    git_tree_lookup(&tree, repo, &tree_id) < 0) {
		error = pr_git_error("cannot commit");
		goto cleanup;
	}
	if ((error = create_commit(out, repo, sig, message, tree, head,
				   signer)) < 0)
		goto cleanup;
	if (git_index_open(&before, git_index_path(index)) < 0) {
		error = pr_git_error("cannot read the index");
		goto cleanup;
	}
	if (git_index_write(index) < 0) {
		error = pr_git_error("cannot write the index");
		goto cleanup;
	}
	error =
	    move_head(repo, out, head ? git_commit_id(head) : NULL, message);
	if (error < 0 && git_index_write(before) < 0)
		pr_git_error("cannot write the index back as it was");
cleanup:
	git_index_free(before);
	git_signature_free(sig);
	git_treebuilder_free(empty);
	git_tree_free(tree);
	git_tree_free(base);
	git_commit_free(head);
	return error;
}

/* stage() then commit_staged(); on failure the index on disk is kept. */
static int commit_paths(git_oid *out, git_repository *repo,
			const char *const *paths, size_t n, const char *message,
			const signer_of *signer)
{
	git_index *index = NULL;
	git_tree_update *upd = pr_calloc(n, sizeof(*upd));
	int error;

	if (git_repository_index(&index, repo) < 0 ||
	    git_index_read(index, 0) < 0) {
		error = pr_git_error("cannot read the index");
		goto cleanup;
	}
	if ((error = stage(upd, index, paths, n)) < 0 ||
	    (error = commit_staged(out, repo, index, upd, n, message, signer)) <
		0)
		git_index_read(index, 1);
cleanup:
	git_index_free(index);
	free(upd);
	return error;
}

int pr_git_commit_files(git_oid *out, git_repository *repo,
			const char *const *paths, size_t npaths,
			const char *message)
{
	return pr_git_commit_files_signed(out, repo, paths, npaths, message,
					  NULL, NULL);
}

int pr_git_commit_files_signed(git_oid *out, git_repository *repo,
			       const char *const *paths, size_t npaths,
			       const char *message, pr_git_signer sign,
			       void *arg)
{
	signer_of signer = {sign, arg};
	git_oid id;
	size_t i;
	int error;

	if (!npaths)
		return pr_error_code(PR_EINPUT, "cannot commit: no files");
	for (i = 0; i < npaths; i++) {
		if ((error = pr_git_workdir_file(repo, paths[i],
						 "cannot commit", "")) < 0)
			return error;
	}
	if ((error = commit_paths(&id, repo, paths, npaths, message, &signer)) <
	    0)
		return error;
	if (out)
		git_oid_cpy(out, &id);
	return PR_OK;
}

/* Config that keeps git from running a program a repository names (see
 * pr_git_safe_env): no hooks, no fsmonitor, no template (whose hooks and
 * config a clone would take), git archive's documented gzip for tar.gz. */
static const char *const safe_config[][2] = {
    {"core.hooksPath", "/dev/null"},
    {"core.fsmonitor", "false"},
    {"init.templateDir", ""},
    {"tar.tar.gz.command", "gzip -cn"},
};

/* One more GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n pair into env. */
static void push_config(pr_argv *env, size_t *n, const char *key,
			const char *value)
{
	pr_argv_pushf(env, "GIT_CONFIG_KEY_%zu=%s", *n, key);
	pr_argv_pushf(env, "GIT_CONFIG_VALUE_%zu=%s", *n, value);
	(*n)++;
}

/*
 * Every filter driver that git's config seen from dir (NULL: the working
 * directory) defines, emptied and made optional. git itself lists them
 * (git config -z --get-regexp, which reads config and runs no program), so
 * that a driver from an include of any kind is found.
 */
static int push_filters(pr_argv *env, size_t *n, const char *dir)
{
	static const char *const parts[] = {"smudge", "clean", "process"};
	pr_argv argv = {0};
	pr_child c = {0};
	const char *p, *end;
	size_t i;
	int error;

	pr_argv_push(&argv, "git");
	if (dir) {
		pr_argv_push(&argv, "-C");
		pr_argv_push(&argv, dir);
	}
	pr_argv_push(&argv, "config");
	pr_argv_push(&argv, "-z");
	pr_argv_push(&argv, "--get-regexp");
	pr_argv_push(&argv, "^filter\\..*\\.(smudge|clean|process)$");
	c.argv = argv.v;
	c.no_stdin = 1;
	c.capture = 1;
	/* no git (127): the command itself will say so */
	if ((error = pr_child_run(&c)) < 0 || c.status == 127)
		goto cleanup;
	if (c.status != 0 && c.status != 1) {
		error = pr_error("cannot list the filter drivers of git's "
				 "config: git config exited %d",
				 c.status);
		goto cleanup;
	}
	/* entries "filter.NAME.PART\nVALUE\0": NAME ends at the last dot */
	for (p = c.output; p && p < c.output + c.output_len;
	     p += strlen(p) + 1) {
		char *name;

		end = p + strcspn(p, "\n");
		while (end > p && end[-1] != '.')
			end--;
		if (end - p < 9)
			continue;
		name = pr_asprintf("%.*s", (int)(end - p - 1), p);
		for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
			char *key = pr_asprintf("%s.%s", name, parts[i]);

			push_config(env, n, key, "");
			free(key);
		}
		{
			char *key = pr_asprintf("%s.required", name);

			push_config(env, n, key, "false");
			free(key);
		}
		free(name);
	}
cleanup:
	free(c.output);
	pr_argv_free(&argv);
	return error;
}

int pr_git_safe_env(pr_argv *env, const char *dir)
{
	size_t n = 0, i;
	int error;

	for (i = 0; i < sizeof(safe_config) / sizeof(safe_config[0]); i++)
		push_config(env, &n, safe_config[i][0], safe_config[i][1]);
	if ((error = push_filters(env, &n, dir)) < 0)
		return error;
	pr_argv_pushf(env, "GIT_CONFIG_COUNT=%zu", n);
	return PR_OK;
}

int pr_git_cli(const char *what, char *const argv[])
{
	const char *dir = argv[1] && !strcmp(argv[1], "-C") ? argv[2] : NULL;
	pr_argv env = {0};
	pr_child c = {0};
	int error;

	if ((error = pr_git_safe_env(&env, dir)) < 0)
		goto cleanup;
	c.argv = argv;
	c.env = env.v;
	c.no_stdin = 1;
	if ((error = pr_child_run(&c)) < 0)
		goto cleanup;
	if (c.status == 127)
		error = pr_error("%s: cannot run git (is it on PATH? Debian "
				 "package git)",
				 what);
	else if (c.status != 0)
		error = pr_error("%s: git exited %d", what, c.status);
cleanup:
	pr_argv_free(&env);
	return error;
}

char *pr_git_blob_text(size_t *len, const char *root, const char *hex)
{
	git_repository *repo = NULL;
	git_blob *blob = NULL;
	char *text = NULL;
	size_t n = 0;
	git_oid oid;

	git_libgit2_init();
	if (hex && git_oid_fromstr(&oid, hex) == 0 &&
	    git_repository_open_ext(&repo, root && *root ? root : ".", 0,
				    NULL) == 0 &&
	    git_blob_lookup(&blob, repo, &oid) == 0) {
		n = (size_t)git_blob_rawsize(blob);
		text = pr_malloc(n + 1);
		memcpy(text, git_blob_rawcontent(blob), n);
		text[n] = '\0';
	}
	git_error_clear();
	git_blob_free(blob);
	git_repository_free(repo);
	git_libgit2_shutdown();
	if (len)
		*len = n;
	return text;
}
