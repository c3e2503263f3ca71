/* test_git.c - the libgit2 helpers (src/repo/git.c) against real scratch
 * repositories in the states users and damage leave them: another owner,
 * an unsupported format, a corrupt branch ref, index or object, a locked
 * branch, a bad signature, paths that cannot be committed; the one walk
 * of the history over unborn, merged, many-ref and shallow histories */
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "repo/git.h"
#include "base/util.h"
#include "helpers/scratch.h"

static char *base; /* scratch directory of this run */

#define GIT PR_SCRATCH_GIT
#define GIT_OUT PR_SCRATCH_GIT_OUT

/* dir/to, a copy of dir/from. */
static void copy_file(const char *dir, const char *from, const char *to)
{
	char *path = pr_asprintf("%s/%s", dir, from), *text = NULL;
	size_t len = 0;
	FILE *f;

	assert_int_equal(pr_read_file(&text, &len, path, PR_READ_MAX), 0);
	free(path);
	path = pr_asprintf("%s/%s", dir, to);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	free(path);
	free(text);
}

/* dir/a and dir/b hold the same bytes. */
static void same_files(const char *dir, const char *a, const char *b)
{
	char *pa = pr_asprintf("%s/%s", dir, a),
	     *pb = pr_asprintf("%s/%s", dir, b);
	char *ta = NULL, *tb = NULL;
	size_t la = 0, lb = 0;

	assert_int_equal(pr_read_file(&ta, &la, pa, PR_READ_MAX), 0);
	assert_int_equal(pr_read_file(&tb, &lb, pb, PR_READ_MAX), 0);
	assert_int_equal(la, lb);
	assert_memory_equal(ta, tb, la);
	free(ta);
	free(tb);
	free(pa);
	free(pb);
}

static void remove_file(const char *dir, const char *rel)
{
	char *path = pr_asprintf("%s/%s", dir, rel);

	assert_int_equal(unlink(path), 0);
	free(path);
}

/* dir/rel's modification time one second after now. */
static void later(const char *dir, const char *rel)
{
	char *path = pr_asprintf("%s/%s", dir, rel);
	struct timespec t[2];

	assert_int_equal(clock_gettime(CLOCK_REALTIME, &t[0]), 0);
	t[0].tv_sec += 1;
	t[1] = t[0];
	assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
	free(path);
}

/* chown -R owner dir. */
static void chown_r(const char *dir, const char *owner)
{
	char *argv[] = {"chown", "-R", (char *)owner, (char *)dir, NULL};

	assert_int_equal(pr_scratch_run(NULL, NULL, argv), 0);
}

/* Every fan-out directory of dir's object store that is not there made a
 * file, so that no loose object can be written; those there hold none. */
static void fill_fan_out(const char *dir)
{
	static const char hex[] = "0123456789abcdef";
	char path[PATH_MAX + 32];
	struct stat st;
	int i, j, n;

	for (i = 0; i < 16; i++)
		for (j = 0; j < 16; j++) {
			n = snprintf(path, sizeof(path), "%s/.git/objects/%c%c",
				     dir, hex[i], hex[j]);
			assert_true(n > 0 && (size_t)n < sizeof(path));
			if (lstat(path, &st) < 0)
				pr_scratch_write("/", path + 1, "");
			else
				assert_int_equal(pr_scratch_entries(path, ""),
						 0);
		}
}

static void assert_has(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle))
		fail_msg("expected '%s' in '%s'", needle, haystack);
}

/* A repository in a new directory under base (name into dir) with one
 * commit on main holding a.txt. */
static void new_repo(char dir[PATH_MAX])
{
	static int counter;
	int n = snprintf(dir, PATH_MAX, "%s/r%d", base, ++counter);

	assert_true(n > 0 && n < PATH_MAX);
	pr_scratch_repo_init(dir);
	pr_scratch_write(dir, "a.txt", "a\n");
	pr_scratch_commit(dir, "seed");
}

static git_repository *open_repo(const char *dir)
{
	git_repository *repo = NULL;

	assert_int_equal(pr_repo_open(&repo, dir), PR_OK);
	assert_non_null(repo);
	return repo;
}

/* What a failed commit must leave as it was: HEAD, the index (its staged
 * entries) and the status of the work tree. */
typedef struct {
	char head[64], index[4096], status[4096];
} repo_state;

static repo_state state_of(const char *dir)
{
	repo_state s;

	GIT_OUT(s.head, dir, "rev-parse", "HEAD");
	GIT_OUT(s.index, dir, "ls-files", "--stage");
	GIT_OUT(s.status, dir, "status", "--porcelain");
	return s;
}

static void assert_state(const char *dir, const repo_state *want)
{
	repo_state now = state_of(dir);

	assert_string_equal(now.head, want->head);
	assert_string_equal(now.index, want->index);
	assert_string_equal(now.status, want->status);
}

/* call must fail with code, pr_last_error holding want; quietly. */
#define REFUSED(code, want, call)                                              \
	do {                                                                   \
		int got_ = (call);                                             \
		assert_int_equal(got_, code);                                  \
		assert_has(pr_last_error(), want);                             \
	} while (0)

/* A repository whose format version is newer than libgit2 knows is an
 * error naming it, not "no repository". */
static void test_open_unsupported_format(void **state)
{
	char dir[PATH_MAX];
	git_repository *repo = NULL;

	(void)state;
	new_repo(dir);
	pr_scratch_config(dir, "core.repositoryformatversion", "99");
	REFUSED(PR_EFAIL,
		"cannot open the git repository: unsupported repository "
		"version 99",
		pr_repo_open(&repo, dir));
	assert_null(repo);
}

/* A repository owned by another user is refused with the safe.directory
 * hint; once the hint is followed it opens. Needs root to chown. */
static void test_open_other_owner(void **state)
{
	char dir[PATH_MAX];
	git_repository *repo = NULL;

	(void)state;
	if (geteuid() != 0)
		skip();
	new_repo(dir);
	chown_r(dir, "65534");
	/* libgit2 1.5 takes a global config without the key for "no
	 * repository"; an entry for another directory is the usual case */
	GIT(base, "config", "--global", "--add", "safe.directory",
	    "/elsewhere");
	REFUSED(PR_EINPUT,
		"belongs to another user (if you trust it, run "
		"'git config --global --add safe.directory'",
		pr_repo_open(&repo, dir));
	assert_null(repo);
	assert_has(pr_last_error(), dir);
	GIT(base, "config", "--global", "--add", "safe.directory", dir);
	repo = open_repo(dir);
	git_repository_free(repo);
	GIT(base, "config", "--global", "--unset-all", "safe.directory");
	chown_r(dir, "0");
}

/* A path that is a regular file in a work tree opens the repository
 * around it, like its directory. */
static void test_open_file_path(void **state)
{
	char dir[PATH_MAX], root[PATH_MAX + 1];
	git_repository *repo = NULL;
	char *file;
	int error;

	(void)state;
	new_repo(dir);
	file = pr_asprintf("%s/a.txt", dir);
	error = pr_repo_open(&repo, file);
	free(file);
	assert_int_equal(error, PR_OK);
	snprintf(root, sizeof(root), "%s/", dir);
	assert_string_equal(pr_repo_root(repo), root);
	git_repository_free(repo);
}

/* The signature is the configured user's; a configured name or email
 * git cannot use is an error, not the fallback. */
static void test_signature(void **state)
{
	char dir[PATH_MAX];
	git_repository *repo;
	git_signature *sig = NULL;

	(void)state;
	new_repo(dir);
	repo = open_repo(dir);
	assert_int_equal(pr_git_signature(&sig, repo), PR_OK);
	assert_string_equal(sig->name, "prereg");
	assert_string_equal(sig->email, "prereg@localhost");
	git_signature_free(sig);
	pr_scratch_config(dir, "user.name", "Ann");
	pr_scratch_config(dir, "user.email", "ann@example.org");
	git_repository_free(repo);
	repo = open_repo(dir);
	assert_int_equal(pr_git_signature(&sig, repo), PR_OK);
	assert_string_equal(sig->name, "Ann");
	git_signature_free(sig);
	git_repository_free(repo);

	pr_scratch_config(dir, "user.name", "");
	repo = open_repo(dir);
	sig = NULL;
	REFUSED(PR_EFAIL, "cannot make a commit signature: ",
		pr_git_signature(&sig, repo));
	assert_null(sig);
	git_repository_free(repo);
}

/* HEAD: unborn is no commit and no error; a corrupt branch ref and a
 * HEAD naming a tree are errors that say HEAD cannot be read. */
static void test_head(void **state)
{
	char dir[PATH_MAX], tree[64], buf[64], spec[80];
	git_repository *repo;
	git_commit *head = NULL;
	char *empty = pr_asprintf("%s/empty", base);

	(void)state;
	pr_scratch_repo_init(empty);
	repo = open_repo(empty);
	head = (git_commit *)repo; /* any non-NULL: it must be cleared */
	assert_int_equal(pr_git_head(&head, repo), PR_OK);
	assert_null(head);
	git_repository_free(repo);
	free(empty);

	new_repo(dir);
	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	repo = open_repo(dir);
	assert_int_equal(pr_git_head(&head, repo), PR_OK);
	assert_non_null(head);
	assert_string_equal(git_oid_tostr_s(git_commit_id(head)), buf);
	git_commit_free(head);

	pr_scratch_write(dir, ".git/refs/heads/main", "not a ref\n");
	REFUSED(PR_EFAIL, "cannot read HEAD: ", pr_git_head(&head, repo));
	assert_null(head);

	snprintf(spec, sizeof(spec), "%s^{tree}", buf);
	GIT_OUT(tree, dir, "rev-parse", spec);
	strcat(tree, "\n");
	pr_scratch_write(dir, ".git/HEAD", tree);
	REFUSED(PR_EFAIL, "cannot read HEAD: ", pr_git_head(&head, repo));
	assert_null(head);
	git_repository_free(repo);
}

/* pr_git_tree_blob: a blob is found, a directory or a missing path is
 * none, and a damaged tree object is an error (never "no file"). */
static void test_tree_blob(void **state)
{
	char dir[PATH_MAX], want[64], sub[64], obj[PATH_MAX + 128];
	git_repository *repo;
	git_commit *head = NULL;
	git_tree *tree = NULL;
	git_oid id;

	(void)state;
	new_repo(dir);
	pr_scratch_write(dir, "d/e/f", "f\n");
	pr_scratch_commit_path(dir, "d", "d");
	GIT_OUT(want, dir, "rev-parse", "HEAD:d/e/f");
	repo = open_repo(dir);
	assert_int_equal(pr_git_head(&head, repo), PR_OK);
	assert_int_equal(git_commit_tree(&tree, head), 0);
	assert_int_equal(pr_git_tree_blob(&id, NULL, "a.txt"), 0);
	assert_int_equal(pr_git_tree_blob(&id, tree, "d/e/f"), 1);
	assert_string_equal(git_oid_tostr_s(&id), want);
	assert_int_equal(pr_git_tree_blob(&id, tree, "d/e"), 0);
	assert_int_equal(pr_git_tree_blob(&id, tree, "d/e/g"), 0);
	assert_int_equal(pr_git_tree_blob(&id, tree, "a.txt/f"), 0);
	git_tree_free(tree);
	git_commit_free(head);
	git_repository_free(repo);

	/* the loose object of tree d/e overwritten with garbage (then read
	 * afresh: libgit2 caches the objects a repository has read) */
	GIT_OUT(sub, dir, "rev-parse", "HEAD:d/e");
	snprintf(obj, sizeof(obj), "%s/.git/objects/%.2s/%s", dir, sub,
		 sub + 2);
	assert_int_equal(chmod(obj, 0644), 0);
	pr_scratch_write("/", obj + 1, "garbage\n");
	repo = open_repo(dir);
	assert_int_equal(pr_git_head(&head, repo), PR_OK);
	assert_int_equal(git_commit_tree(&tree, head), 0);
	REFUSED(PR_EFAIL,
		"cannot read a tree: ", pr_git_tree_blob(&id, tree, "d/e/f"));
	assert_int_equal(pr_git_tree_blob(&id, tree, "a.txt"), 1);
	git_tree_free(tree);
	git_commit_free(head);
	git_repository_free(repo);
}

/* Commit `path` (one file) in dir's repository; the result. */
static int commit_one(const char *dir, const char *path)
{
	git_repository *repo = open_repo(dir);
	int error;

	error = pr_git_commit_files(NULL, repo, &path, 1, "one\n");
	git_repository_free(repo);
	return error;
}

/* dir with a staged change to a.txt and an unstaged new file n.txt, the
 * state a failed commit of n.txt must keep. */
static repo_state dirty_repo(char dir[PATH_MAX])
{
	new_repo(dir);
	pr_scratch_append(dir, "a.txt", "staged\n");
	GIT(dir, "add", "a.txt");
	pr_scratch_write(dir, "n.txt", "n\n");
	return state_of(dir);
}

/* A symbolic link is committed as one (mode 120000, its target as the
 * blob); pr_git_workdir_file accepts it like a file. */
static void test_commit_symlink(void **state)
{
	char dir[PATH_MAX], buf[256], *link;
	git_repository *repo;

	(void)state;
	new_repo(dir);
	link = pr_asprintf("%s/l", dir);
	assert_int_equal(symlink("a.txt", link), 0);
	free(link);
	repo = open_repo(dir);
	assert_int_equal(pr_git_workdir_file(repo, "l", "w", ""), PR_OK);
	git_repository_free(repo);
	assert_int_equal(commit_one(dir, "l"), PR_OK);
	GIT_OUT(buf, dir, "ls-tree", "HEAD", "l");
	assert_has(buf, "120000 blob ");
	GIT_OUT(buf, dir, "cat-file", "-p", "HEAD:l");
	assert_string_equal(buf, "a.txt");
	GIT_OUT(buf, dir, "status", "--porcelain");
	assert_string_equal(buf, "");
}

/* Paths that pass pr_git_workdir_file but that git will not track (out
 * of the work tree through "..", inside .git): the index refuses them,
 * and HEAD, the index and the work tree are as before. */
static void test_commit_untrackable(void **state)
{
	char dir[PATH_MAX];
	repo_state before;

	(void)state;
	before = dirty_repo(dir);
	pr_scratch_write(base, "outside.txt", "out\n");
	assert_int_equal(commit_one(dir, "../outside.txt"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot add a file to the index: ");
	assert_state(dir, &before);
	assert_int_equal(commit_one(dir, ".git/config"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot add a file to the index: ");
	assert_state(dir, &before);
}

/* A branch ref another git process holds locked: the commit object is
 * made but HEAD cannot move; the index is written back as it was (the
 * file is not left staged, the staged change stays). Unlocked, the same
 * commit goes through. */
static void test_commit_branch_locked(void **state)
{
	char dir[PATH_MAX], buf[4096];
	repo_state before;

	(void)state;
	before = dirty_repo(dir);
	copy_file(dir, ".git/refs/heads/main", ".git/refs/heads/main.lock");
	assert_int_equal(commit_one(dir, "n.txt"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot move HEAD to the new commit: ");
	assert_has(pr_last_error(), "refs/heads/main.lock");
	assert_state(dir, &before);
	remove_file(dir, ".git/refs/heads/main.lock");
	assert_int_equal(commit_one(dir, "n.txt"), PR_OK);
	GIT_OUT(buf, dir, "status", "--porcelain");
	assert_string_equal(buf, "M  a.txt");
	GIT_OUT(buf, dir, "log", "-1", "--format=%P");
	assert_string_equal(buf, before.head);
}

/* A damaged index is an error that says so; nothing is committed and the
 * index file is not rewritten. Damaged before the repository is opened,
 * and after the index was loaded (a re-read). */
static void test_commit_index_damaged(void **state)
{
	const char *path = "n.txt";
	char dir[PATH_MAX], head[64], buf[64];
	git_repository *repo;

	(void)state;
	new_repo(dir);
	pr_scratch_write(dir, "n.txt", "n\n");
	copy_file(dir, ".git/index", "index.good");
	pr_scratch_write(dir, ".git/index", "DIRC garbage");
	copy_file(dir, ".git/index", "index.bad");
	GIT_OUT(head, dir, "rev-parse", "HEAD");
	assert_int_equal(commit_one(dir, path), PR_EFAIL);
	assert_has(pr_last_error(), "cannot read the index: ");
	same_files(dir, ".git/index", "index.bad");
	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	assert_string_equal(buf, head);

	copy_file(dir, "index.good", ".git/index");
	repo = open_repo(dir);
	assert_int_equal(pr_git_commit_files(NULL, repo, &path, 1, "n\n"),
			 PR_OK);
	GIT_OUT(head, dir, "rev-parse", "HEAD");
	pr_scratch_append(dir, "n.txt", "m\n");
	pr_scratch_write(dir, ".git/index", "DIRC garbage, longer");
	/* a second later than the index libgit2 loaded, as a write a
	 * second later leaves it, so that it is read again */
	later(dir, ".git/index");
	copy_file(dir, ".git/index", "index.bad");
	assert_int_equal(pr_git_commit_files(NULL, repo, &path, 1, "m\n"),
			 PR_EFAIL);
	assert_has(pr_last_error(), "cannot read the index: ");
	git_repository_free(repo);
	same_files(dir, ".git/index", "index.bad");
	GIT_OUT(buf, dir, "rev-parse", "HEAD");
	assert_string_equal(buf, head);
}

/* What commit_staged needs before it writes anything (HEAD, a
 * signature): when either fails nothing changes. */
static void test_commit_no_head_or_signature(void **state)
{
	char dir[PATH_MAX], ref[64];
	repo_state before;

	(void)state;
	before = dirty_repo(dir);
	pr_scratch_config(dir, "user.name", "");
	pr_scratch_config(dir, "user.email", "ann@example.org");
	assert_int_equal(commit_one(dir, "n.txt"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot make a commit signature: ");
	assert_state(dir, &before);
	pr_scratch_config(dir, "user.name", NULL);

	GIT_OUT(ref, dir, "rev-parse", "refs/heads/main");
	strcat(ref, "\n");
	pr_scratch_write(dir, ".git/refs/heads/main", "not a ref\n");
	assert_int_equal(commit_one(dir, "n.txt"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot read HEAD: ");
	pr_scratch_write(dir, ".git/refs/heads/main", ref);
	assert_state(dir, &before);
}

/* A file committed where HEAD has a file for one of its directories (a
 * D/F conflict) is an error; HEAD and the index stay. */
static void test_commit_file_under_file(void **state)
{
	char dir[PATH_MAX], buf[256];
	repo_state before;

	(void)state;
	new_repo(dir);
	remove_file(dir, "a.txt");
	pr_scratch_write(dir, "a.txt/x", "x\n");
	before = state_of(dir);
	assert_int_equal(commit_one(dir, "a.txt/x"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot commit: ");
	assert_state(dir, &before);
	GIT_OUT(buf, dir, "ls-tree", "-r", "--name-only", "HEAD");
	assert_string_equal(buf, "a.txt");
}

/* A signer that returns arg as the signature. */
static int sign_with(char **out, const char *data, size_t len, void *arg)
{
	(void)data;
	(void)len;
	*out = pr_strdup(arg);
	return PR_OK;
}

/* HEAD's tree object missing (a damaged repository): the commit cannot
 * be built on it; HEAD, the index and the work tree stay. */
static void test_commit_head_tree_missing(void **state)
{
	char dir[PATH_MAX], tree[64], obj[PATH_MAX + 128], *aside;
	repo_state before;

	(void)state;
	before = dirty_repo(dir);
	GIT_OUT(tree, dir, "rev-parse", "HEAD^{tree}");
	snprintf(obj, sizeof(obj), "%s/.git/objects/%.2s/%s", dir, tree,
		 tree + 2);
	aside = pr_asprintf("%s/tree-aside", base);
	assert_int_equal(rename(obj, aside), 0);
	assert_int_equal(commit_one(dir, "n.txt"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot commit: ");
	assert_int_equal(rename(aside, obj), 0);
	free(aside);
	assert_state(dir, &before);
}

/* An object store that takes no new loose object (every fan-out
 * directory taken by a file, the history packed): committing a.txt as it
 * is needs only the new commit object, which cannot be written, signed
 * or not. HEAD never names the missing commit; HEAD, the index and the
 * work tree stay. */
static void test_commit_objects_unwritable(void **state)
{
	const char *path = "a.txt";
	char dir[PATH_MAX], sig[] = "-----BEGIN SSH SIGNATURE-----\n"
				    "U0lH\n-----END SSH SIGNATURE-----";
	git_repository *repo;
	repo_state before;

	(void)state;
	new_repo(dir);
	before = state_of(dir);
	GIT(dir, "repack", "-q", "-a", "-d");
	GIT(dir, "prune-packed");
	fill_fan_out(dir);
	repo = open_repo(dir);
	assert_int_equal(pr_git_commit_files(NULL, repo, &path, 1, "same\n"),
			 PR_EFAIL);
	/* libgit2 1.5 reports the unwritten commit as made: HEAD refuses a
	 * target that does not exist */
	assert_true(
	    strstr(pr_last_error(), "cannot commit: ") ||
	    strstr(pr_last_error(), "cannot move HEAD to the new commit: "));
	assert_state(dir, &before);
	assert_int_equal(pr_git_commit_files_signed(NULL, repo, &path, 1,
						    "same\n", sign_with, sig),
			 PR_EFAIL);
	assert_has(pr_last_error(), "cannot commit with its signature: ");
	git_repository_free(repo);
	assert_state(dir, &before);
}

/* pr_git_cli: git not on PATH is named as such; git failing says its
 * exit code; git succeeding is PR_OK. */
static void test_cli(void **state)
{
	char *const ok[] = {"git", "--version", NULL};
	char *const bad[] = {"git", "no-such-subcommand", NULL};
	char *empty = pr_asprintf("%s/empty-path", base);
	char *path = pr_strdup(getenv("PATH"));
	int fd, saved_out = dup(1), saved_err = dup(2);

	(void)state;
	assert_int_equal(mkdir(empty, 0777), 0);
	/* git's own output is not the test's */
	fflush(stdout);
	fflush(stderr);
	fd = open("/dev/null", O_WRONLY);
	dup2(fd, 1);
	dup2(fd, 2);
	close(fd);
	assert_int_equal(pr_git_cli("cannot frob", ok), PR_OK);
	REFUSED(PR_EFAIL, "cannot frob: git exited 1",
		pr_git_cli("cannot frob", bad));
	setenv("PATH", empty, 1);
	REFUSED(PR_EFAIL,
		"cannot frob: cannot run git (is it on PATH? Debian package "
		"git)",
		pr_git_cli("cannot frob", ok));
	setenv("PATH", path, 1);
	fflush(stdout);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(saved_out);
	close(saved_err);
	free(path);
	free(empty);
}

/* The value of "KEY=" in env, or NULL. */
static const char *env_get(const pr_argv *env, const char *key)
{
	size_t i, n = strlen(key);
	const char *v = NULL;

	for (i = 0; i < env->n; i++)
		if (!strncmp(env->v[i], key, n) && env->v[i][n] == '=')
			v = env->v[i] + n + 1;
	return v;
}

/* Is KEY set to VALUE by env's GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n? */
static int env_sets(const pr_argv *env, const char *key, const char *value)
{
	const char *count = env_get(env, "GIT_CONFIG_COUNT");
	long i, n = count ? strtol(count, NULL, 10) : 0;
	char k[64], v[64];

	for (i = 0; i < n; i++) {
		snprintf(k, sizeof(k), "GIT_CONFIG_KEY_%ld", i);
		snprintf(v, sizeof(v), "GIT_CONFIG_VALUE_%ld", i);
		if (env_get(env, k) && !strcmp(env_get(env, k), key) &&
		    env_get(env, v) && !strcmp(env_get(env, v), value))
			return 1;
	}
	return 0;
}

/* pr_git_safe_env: hooks, fsmonitor, templates and archive's gzip fixed;
 * every filter driver the repository's config defines emptied, a name
 * with dots and one from an included file too; none outside it. */
static void test_safe_env(void **state)
{
	char dir[PATH_MAX], *more;
	pr_argv env = {0}, none = {0};

	(void)state;
	new_repo(dir);
	pr_scratch_config(dir, "filter.plain.smudge", "touch x");
	pr_scratch_config(dir, "filter.a.b.c.clean", "touch y");
	pr_scratch_write(base, "more",
			 "[filter \"inc\"]\n\tprocess = touch z\n");
	more = pr_asprintf("%s/more", base);
	pr_scratch_config(dir, "include.path", more);
	free(more);
	assert_int_equal(pr_git_safe_env(&env, dir), PR_OK);
	assert_true(env_sets(&env, "core.hooksPath", "/dev/null"));
	assert_true(env_sets(&env, "core.fsmonitor", "false"));
	assert_true(env_sets(&env, "init.templateDir", ""));
	assert_true(env_sets(&env, "tar.tar.gz.command", "gzip -cn"));
	assert_true(env_sets(&env, "filter.plain.smudge", ""));
	assert_true(env_sets(&env, "filter.plain.clean", ""));
	assert_true(env_sets(&env, "filter.plain.process", ""));
	assert_true(env_sets(&env, "filter.plain.required", "false"));
	assert_true(env_sets(&env, "filter.a.b.c.smudge", ""));
	assert_true(env_sets(&env, "filter.a.b.c.required", "false"));
	assert_true(env_sets(&env, "filter.inc.process", ""));
	assert_false(env_sets(&env, "filter.a.smudge", ""));
	/* outside the repository (HOME is the scratch one): only the fixed */
	assert_int_equal(pr_git_safe_env(&none, base), PR_OK);
	assert_string_equal(env_get(&none, "GIT_CONFIG_COUNT"), "4");
	pr_argv_free(&env);
	pr_argv_free(&none);
}

/* pr_git_blob_text: a blob by its id in the repository at root, "" and
 * NULL meaning the current directory; NULL (len 0) for no id, a bad id,
 * a root outside any repository and an id with no object. */
static void test_blob_text(void **state)
{
	char dir[PATH_MAX], hex[64], cwd[PATH_MAX];
	char *text, *plain = pr_asprintf("%s/plain", base);
	size_t len = 99;

	(void)state;
	new_repo(dir);
	assert_int_equal(mkdir(plain, 0777), 0);
	GIT_OUT(hex, dir, "rev-parse", "HEAD:a.txt");
	text = pr_git_blob_text(&len, dir, hex);
	assert_non_null(text);
	assert_string_equal(text, "a\n");
	assert_int_equal(len, 2);
	free(text);

	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(dir), 0);
	text = pr_git_blob_text(&len, NULL, hex);
	assert_string_equal(text ? text : "(null)", "a\n");
	free(text);
	len = 99;
	text = pr_git_blob_text(NULL, "", hex);
	assert_string_equal(text ? text : "(null)", "a\n");
	free(text);
	assert_int_equal(chdir(cwd), 0);

	len = 99;
	assert_null(pr_git_blob_text(&len, dir, NULL));
	assert_int_equal(len, 0);
	len = 99;
	assert_null(pr_git_blob_text(&len, dir, "not hex"));
	assert_int_equal(len, 0);
	len = 99;
	assert_null(pr_git_blob_text(&len, plain, hex));
	assert_int_equal(len, 0);
	len = 99;
	assert_null(pr_git_blob_text(
	    &len, dir, "0123456789012345678901234567890123456789"));
	assert_int_equal(len, 0);
	free(plain);
}

static int setup(void **state)
{
	(void)state;
	base = pr_scratch_dir("test-git");
	return pr_scratch_git_env(base);
}

static int teardown(void **state)
{
	(void)state;
	pr_scratch_git_env_end();
	pr_scratch_remove(base);
	free(base);
	return 0;
}

/* What a walk saw: the summaries of the commits visited, in order, and
 * the refs it named ("NAME" or "NAME=-" for an unborn HEAD). */
typedef struct {
	char seen[1024], refs[1024];
	int stop_after; /* > 0: stop after that many commits */
	int fail;	/* < 0: fail with it on the first commit */
	int n;
} walked;

static int on_commit(git_commit *c, void *payload)
{
	walked *w = payload;

	if (w->fail)
		return w->fail;
	snprintf(w->seen + strlen(w->seen), sizeof(w->seen) - strlen(w->seen),
		 "%s%s", *w->seen ? " " : "", git_commit_summary(c));
	return w->stop_after && ++w->n == w->stop_after;
}

static void on_ref(const char *name, const git_oid *tip, void *payload)
{
	walked *w = payload;

	snprintf(w->refs + strlen(w->refs), sizeof(w->refs) - strlen(w->refs),
		 "%s%s%s", *w->refs ? " " : "", name, tip ? "" : "=-");
}

/* Walk dir's history with opts (on_ref set here) into *w; the result. */
static int walk_in(walked *w, const char *dir, pr_git_walk_opts opts)
{
	git_repository *repo = open_repo(dir);
	int error;

	memset(w->seen, 0, sizeof(w->seen));
	memset(w->refs, 0, sizeof(w->refs));
	w->n = 0;
	opts.on_ref = on_ref;
	error = pr_git_walk(repo, &opts, on_commit, w);
	git_repository_free(repo);
	return error;
}

/* An unborn HEAD walks nothing and is no error; HEAD is named without a
 * tip. */
static void test_walk_unborn(void **state)
{
	char *empty = pr_asprintf("%s/walk-empty", base);
	pr_git_walk_opts opts = {0};
	walked w = {0};

	(void)state;
	pr_scratch_repo_init(empty);
	assert_int_equal(walk_in(&w, empty, opts), PR_OK);
	assert_string_equal(w.seen, "");
	assert_string_equal(w.refs, "HEAD=-");
	opts.every_ref = 1;
	assert_int_equal(walk_in(&w, empty, opts), PR_OK);
	assert_string_equal(w.refs, "HEAD=-");
	free(empty);
}

/* A merge: both sides are walked, the commit both reach (seed) once, in
 * topological order every child before its parents. */
static void test_walk_merge(void **state)
{
	char dir[PATH_MAX];
	pr_git_walk_opts opts = {0};
	walked w = {0};

	(void)state;
	new_repo(dir);
	PR_SCRATCH_GIT(dir, "checkout", "-q", "-b", "side");
	PR_SCRATCH_GIT(dir, "commit", "-q", "--allow-empty", "-m", "s1");
	PR_SCRATCH_GIT(dir, "checkout", "-q", "main");
	PR_SCRATCH_GIT(dir, "commit", "-q", "--allow-empty", "-m", "m1");
	PR_SCRATCH_GIT(dir, "merge", "-q", "--no-ff", "-m", "merge", "side");
	opts.sorting = GIT_SORT_TOPOLOGICAL;
	assert_int_equal(walk_in(&w, dir, opts), PR_OK);
	assert_true(!strcmp(w.seen, "merge s1 m1 seed") ||
		    !strcmp(w.seen, "merge m1 s1 seed"));
	assert_string_equal(w.refs, "HEAD");
}

/* every_ref: a branch HEAD does not hold is walked; a tag of HEAD and a
 * branch at HEAD reach commits already reached, each visited once; a
 * tag of a tree and a symbolic ref are not named (the symbolic ref's
 * target is); each group sorted by name. Without it, HEAD alone. */
static void test_walk_every_ref(void **state)
{
	char dir[PATH_MAX], tree[64];
	pr_git_walk_opts opts = {0};
	walked w = {0};

	(void)state;
	new_repo(dir);
	PR_SCRATCH_GIT(dir, "branch", "zz");
	PR_SCRATCH_GIT(dir, "checkout", "-q", "-b", "other");
	PR_SCRATCH_GIT(dir, "commit", "-q", "--allow-empty", "-m", "o1");
	PR_SCRATCH_GIT(dir, "checkout", "-q", "main");
	PR_SCRATCH_GIT(dir, "commit", "-q", "--allow-empty", "-m", "m1");
	PR_SCRATCH_GIT(dir, "tag", "-a", "-m", "t", "v1");
	PR_SCRATCH_GIT(dir, "symbolic-ref", "refs/heads/alias",
		       "refs/heads/other");
	PR_SCRATCH_GIT_OUT(tree, dir, "rev-parse", "HEAD^{tree}");
	PR_SCRATCH_GIT(dir, "tag", "treetag", tree);
	opts.sorting = GIT_SORT_TOPOLOGICAL;
	assert_int_equal(walk_in(&w, dir, opts), PR_OK);
	assert_string_equal(w.seen, "m1 seed");
	opts.every_ref = 1;
	assert_int_equal(walk_in(&w, dir, opts), PR_OK);
	assert_true(!strcmp(w.seen, "m1 o1 seed") ||
		    !strcmp(w.seen, "o1 m1 seed"));
	assert_string_equal(w.refs, "HEAD refs/heads/main refs/heads/other "
				    "refs/heads/zz refs/tags/v1");
}

/* from: the walk starts at that commit, not at HEAD, and names no ref. */
static void test_walk_from(void **state)
{
	char dir[PATH_MAX], hex[64];
	pr_git_walk_opts opts = {0};
	walked w = {0};
	git_oid id;

	(void)state;
	new_repo(dir);
	PR_SCRATCH_GIT(dir, "commit", "-q", "--allow-empty", "-m", "two");
	PR_SCRATCH_GIT(dir, "commit", "-q", "--allow-empty", "-m", "three");
	PR_SCRATCH_GIT_OUT(hex, dir, "rev-parse", "HEAD~1");
	assert_int_equal(git_oid_fromstr(&id, hex), 0);
	opts.from = &id;
	opts.sorting = GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME;
	assert_int_equal(walk_in(&w, dir, opts), PR_OK);
	assert_string_equal(w.seen, "two seed");
	assert_string_equal(w.refs, "");
}

/* A callback's > 0 stops the walk with PR_OK, its < 0 is the result. */
static void test_walk_stop(void **state)
{
	char dir[PATH_MAX];
	pr_git_walk_opts opts = {0};
	walked w = {0};

	(void)state;
	new_repo(dir);
	PR_SCRATCH_GIT(dir, "commit", "-q", "--allow-empty", "-m", "two");
	opts.sorting = GIT_SORT_TOPOLOGICAL;
	w.stop_after = 1;
	assert_int_equal(walk_in(&w, dir, opts), PR_OK);
	assert_string_equal(w.seen, "two");
	w.stop_after = 0;
	w.fail = PR_EREFUSED;
	assert_int_equal(walk_in(&w, dir, opts), PR_EREFUSED);
	assert_string_equal(w.seen, "");
}

/* A shallow clone: a walk that reaches the cut is an error with the
 * caller's message; one that stops before it (libgit2's own order,
 * which reads parents as it goes) is not. */
static void test_walk_shallow(void **state)
{
	char dir[PATH_MAX], clone[PATH_MAX + 16], url[PATH_MAX + 16];
	pr_git_walk_opts opts = {0};
	walked w = {0};

	(void)state;
	new_repo(dir);
	PR_SCRATCH_GIT(dir, "commit", "-q", "--allow-empty", "-m", "two");
	PR_SCRATCH_GIT(dir, "commit", "-q", "--allow-empty", "-m", "three");
	snprintf(clone, sizeof(clone), "%s-shallow", dir);
	snprintf(url, sizeof(url), "file://%s", dir);
	PR_SCRATCH_GIT(base, "clone", "-q", "--depth", "2", url, clone);
	REFUSED(PR_EFAIL,
		"cannot walk the history: ", walk_in(&w, clone, opts));
	opts.what = "cannot walk the history from HEAD";
	REFUSED(PR_EFAIL, "cannot walk the history from HEAD: ",
		walk_in(&w, clone, opts));
	opts.sorting = GIT_SORT_TOPOLOGICAL;
	REFUSED(PR_EFAIL, "cannot walk the history from HEAD: ",
		walk_in(&w, clone, opts));
	opts.sorting = 0;
	w.stop_after = 1;
	assert_int_equal(walk_in(&w, clone, opts), PR_OK);
	assert_string_equal(w.seen, "three");
}

/* A HEAD that cannot be read is an error, not an unborn HEAD. */
static void test_walk_head_damaged(void **state)
{
	char dir[PATH_MAX];
	pr_git_walk_opts opts = {0};
	walked w = {0};

	(void)state;
	new_repo(dir);
	pr_scratch_write(dir, ".git/refs/heads/main", "not a ref\n");
	REFUSED(PR_EFAIL,
		"cannot walk the history from HEAD: ", walk_in(&w, dir, opts));
	assert_string_equal(w.seen, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_open_unsupported_format),
	    cmocka_unit_test(test_open_other_owner),
	    cmocka_unit_test(test_open_file_path),
	    cmocka_unit_test(test_signature),
	    cmocka_unit_test(test_head),
	    cmocka_unit_test(test_tree_blob),
	    cmocka_unit_test(test_commit_symlink),
	    cmocka_unit_test(test_commit_untrackable),
	    cmocka_unit_test(test_commit_branch_locked),
	    cmocka_unit_test(test_commit_index_damaged),
	    cmocka_unit_test(test_commit_no_head_or_signature),
	    cmocka_unit_test(test_commit_file_under_file),
	    cmocka_unit_test(test_commit_head_tree_missing),
	    cmocka_unit_test(test_commit_objects_unwritable),
	    cmocka_unit_test(test_cli),
	    cmocka_unit_test(test_safe_env),
	    cmocka_unit_test(test_blob_text),
	    cmocka_unit_test(test_walk_unborn),
	    cmocka_unit_test(test_walk_merge),
	    cmocka_unit_test(test_walk_every_ref),
	    cmocka_unit_test(test_walk_from),
	    cmocka_unit_test(test_walk_stop),
	    cmocka_unit_test(test_walk_shallow),
	    cmocka_unit_test(test_walk_head_damaged),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
