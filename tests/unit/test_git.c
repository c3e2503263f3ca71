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
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "repo/git.h"
#include "base/util.h"

static char base[PATH_MAX]; /* scratch directory of this run */

/* Run the shell command fmt (paths in it are ours, under base); its exit
 * status. stdout into out (may be NULL), trailing newlines dropped. */
static int sh_out(char *out, size_t size, const char *fmt, ...)
{
	char *cmd, line[4096];
	size_t n = 0, got;
	va_list ap;
	FILE *p;
	int rc;

	va_start(ap, fmt);
	if (vasprintf(&cmd, fmt, ap) < 0)
		abort();
	va_end(ap);
	p = popen(cmd, "r");
	free(cmd);
	assert_non_null(p);
	while ((got = fread(line, 1, sizeof(line), p)) > 0) {
		if (out && n + got < size) {
			memcpy(out + n, line, got);
			n += got;
		}
	}
	rc = pclose(p);
	if (out) {
		out[n] = '\0';
		while (n > 0 && out[n - 1] == '\n')
			out[--n] = '\0';
	}
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

#define SH(...) assert_int_equal(sh_out(NULL, 0, __VA_ARGS__), 0)
#define SH_OUT(buf, ...)                                                       \
	assert_int_equal(sh_out(buf, sizeof(buf), __VA_ARGS__), 0)

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
	SH("git init -q -b main '%s' && cd '%s' && echo a >a.txt && "
	   "git add a.txt && git commit -q -m seed",
	   dir, dir);
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

	SH_OUT(s.head, "git -C '%s' rev-parse HEAD", dir);
	SH_OUT(s.index, "git -C '%s' ls-files --stage", dir);
	SH_OUT(s.status, "git -C '%s' status --porcelain", dir);
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
		int was_ = pr_set_quiet(1), got_ = (call);                     \
		pr_set_quiet(was_);                                            \
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
	SH("git -C '%s' config core.repositoryformatversion 99", dir);
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
	SH("chown -R 65534 '%s'", dir);
	/* libgit2 1.5 takes a global config without the key for "no
	 * repository"; an entry for another directory is the usual case */
	SH("git config --global --add safe.directory /elsewhere");
	REFUSED(PR_EINPUT,
		"belongs to another user (if you trust it, run "
		"'git config --global --add safe.directory'",
		pr_repo_open(&repo, dir));
	assert_null(repo);
	assert_has(pr_last_error(), dir);
	SH("git config --global --add safe.directory '%s'", dir);
	repo = open_repo(dir);
	git_repository_free(repo);
	SH("git config --global --unset-all safe.directory");
	SH("chown -R 0 '%s'", dir);
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
	SH("git -C '%s' config user.name 'Ann' && git -C '%s' config "
	   "user.email ann@example.org",
	   dir, dir);
	git_repository_free(repo);
	repo = open_repo(dir);
	assert_int_equal(pr_git_signature(&sig, repo), PR_OK);
	assert_string_equal(sig->name, "Ann");
	git_signature_free(sig);
	git_repository_free(repo);

	SH("git -C '%s' config user.name ''", dir);
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
	char dir[PATH_MAX], tree[64], buf[64];
	git_repository *repo;
	git_commit *head = NULL;
	char *empty = pr_asprintf("%s/empty", base);

	(void)state;
	SH("git init -q -b main '%s'", empty);
	repo = open_repo(empty);
	head = (git_commit *)repo; /* any non-NULL: it must be cleared */
	assert_int_equal(pr_git_head(&head, repo), PR_OK);
	assert_null(head);
	git_repository_free(repo);
	free(empty);

	new_repo(dir);
	SH_OUT(buf, "git -C '%s' rev-parse HEAD", dir);
	repo = open_repo(dir);
	assert_int_equal(pr_git_head(&head, repo), PR_OK);
	assert_non_null(head);
	assert_string_equal(git_oid_tostr_s(git_commit_id(head)), buf);
	git_commit_free(head);

	SH("echo 'not a ref' >'%s/.git/refs/heads/main'", dir);
	REFUSED(PR_EFAIL, "cannot read HEAD: ", pr_git_head(&head, repo));
	assert_null(head);

	SH_OUT(tree, "git -C '%s' rev-parse %s^{tree}", dir, buf);
	SH("echo %s >'%s/.git/HEAD'", tree, dir);
	REFUSED(PR_EFAIL, "cannot read HEAD: ", pr_git_head(&head, repo));
	assert_null(head);
	git_repository_free(repo);
}

/* pr_git_tree_blob: a blob is found, a directory or a missing path is
 * none, and a damaged tree object is an error (never "no file"). */
static void test_tree_blob(void **state)
{
	char dir[PATH_MAX], want[64], sub[64];
	git_repository *repo;
	git_commit *head = NULL;
	git_tree *tree = NULL;
	git_oid id;

	(void)state;
	new_repo(dir);
	SH("cd '%s' && mkdir -p d/e && echo f >d/e/f && git add d && "
	   "git commit -q -m d",
	   dir);
	SH_OUT(want, "git -C '%s' rev-parse HEAD:d/e/f", dir);
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
	SH_OUT(sub, "git -C '%s' rev-parse HEAD:d/e", dir);
	SH("f='%s/.git/objects/%.2s/%s' && chmod u+w \"$f\" && "
	   "echo garbage >\"$f\"",
	   dir, sub, sub + 2);
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
	int was = pr_set_quiet(1), error;

	error = pr_git_commit_files(NULL, repo, &path, 1, "one\n");
	pr_set_quiet(was);
	git_repository_free(repo);
	return error;
}

/* dir with a staged change to a.txt and an unstaged new file n.txt, the
 * state a failed commit of n.txt must keep. */
static repo_state dirty_repo(char dir[PATH_MAX])
{
	new_repo(dir);
	SH("cd '%s' && echo staged >>a.txt && git add a.txt && echo n >n.txt",
	   dir);
	return state_of(dir);
}

/* A symbolic link is committed as one (mode 120000, its target as the
 * blob); pr_git_workdir_file accepts it like a file. */
static void test_commit_symlink(void **state)
{
	char dir[PATH_MAX], buf[256];
	git_repository *repo;

	(void)state;
	new_repo(dir);
	SH("ln -s a.txt '%s/l'", dir);
	repo = open_repo(dir);
	assert_int_equal(pr_git_workdir_file(repo, "l", "w", ""), PR_OK);
	git_repository_free(repo);
	assert_int_equal(commit_one(dir, "l"), PR_OK);
	SH_OUT(buf, "git -C '%s' ls-tree HEAD l", dir);
	assert_has(buf, "120000 blob ");
	SH_OUT(buf, "git -C '%s' cat-file -p HEAD:l", dir);
	assert_string_equal(buf, "a.txt");
	SH_OUT(buf, "git -C '%s' status --porcelain", dir);
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
	SH("echo out >'%s/outside.txt'", base);
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
	SH("cp '%s/.git/refs/heads/main' '%s/.git/refs/heads/main.lock'", dir,
	   dir);
	assert_int_equal(commit_one(dir, "n.txt"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot move HEAD to the new commit: ");
	assert_has(pr_last_error(), "refs/heads/main.lock");
	assert_state(dir, &before);
	SH("rm '%s/.git/refs/heads/main.lock'", dir);
	assert_int_equal(commit_one(dir, "n.txt"), PR_OK);
	SH_OUT(buf, "git -C '%s' status --porcelain", dir);
	assert_string_equal(buf, "M  a.txt");
	SH_OUT(buf, "git -C '%s' log -1 --format=%%P", dir);
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
	int was;

	(void)state;
	new_repo(dir);
	SH("cd '%s' && echo n >n.txt && cp .git/index index.good && "
	   "printf 'DIRC garbage' >.git/index && cp .git/index index.bad",
	   dir);
	SH_OUT(head, "git -C '%s' rev-parse HEAD", dir);
	assert_int_equal(commit_one(dir, path), PR_EFAIL);
	assert_has(pr_last_error(), "cannot read the index: ");
	SH("cmp -s '%s/.git/index' '%s/index.bad'", dir, dir);
	SH_OUT(buf, "git -C '%s' rev-parse HEAD", dir);
	assert_string_equal(buf, head);

	SH("cp '%s/index.good' '%s/.git/index'", dir, dir);
	repo = open_repo(dir);
	assert_int_equal(pr_git_commit_files(NULL, repo, &path, 1, "n\n"),
			 PR_OK);
	SH_OUT(head, "git -C '%s' rev-parse HEAD", dir);
	SH("cd '%s' && echo m >>n.txt && sleep 1 && "
	   "printf 'DIRC garbage, longer' >.git/index && "
	   "cp .git/index index.bad",
	   dir);
	was = pr_set_quiet(1);
	assert_int_equal(pr_git_commit_files(NULL, repo, &path, 1, "m\n"),
			 PR_EFAIL);
	pr_set_quiet(was);
	assert_has(pr_last_error(), "cannot read the index: ");
	git_repository_free(repo);
	SH("cmp -s '%s/.git/index' '%s/index.bad'", dir, dir);
	SH_OUT(buf, "git -C '%s' rev-parse HEAD", dir);
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
	SH("git -C '%s' config user.name '' && git -C '%s' config user.email "
	   "ann@example.org",
	   dir, dir);
	assert_int_equal(commit_one(dir, "n.txt"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot make a commit signature: ");
	assert_state(dir, &before);
	SH("git -C '%s' config --unset user.name", dir);

	SH_OUT(ref, "cat '%s/.git/refs/heads/main'", dir);
	SH("echo 'not a ref' >'%s/.git/refs/heads/main'", dir);
	assert_int_equal(commit_one(dir, "n.txt"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot read HEAD: ");
	SH("echo %s >'%s/.git/refs/heads/main'", ref, dir);
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
	SH("cd '%s' && rm a.txt && mkdir a.txt && echo x >a.txt/x", dir);
	before = state_of(dir);
	assert_int_equal(commit_one(dir, "a.txt/x"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot commit: ");
	assert_state(dir, &before);
	SH_OUT(buf, "git -C '%s' ls-tree -r --name-only HEAD", dir);
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
	char dir[PATH_MAX], tree[64];
	repo_state before;

	(void)state;
	before = dirty_repo(dir);
	SH_OUT(tree, "git -C '%s' rev-parse HEAD^{tree}", dir);
	SH("cd '%s/.git/objects' && mv %.2s/%s '%s/tree-aside'", dir, tree,
	   tree + 2, base);
	assert_int_equal(commit_one(dir, "n.txt"), PR_EFAIL);
	assert_has(pr_last_error(), "cannot commit: ");
	SH("cd '%s/.git/objects' && mv '%s/tree-aside' %.2s/%s", dir, base,
	   tree, tree + 2);
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
	int was;

	(void)state;
	new_repo(dir);
	before = state_of(dir);
	SH("cd '%s' && git repack -q -a -d && git prune-packed && "
	   "cd .git/objects && for i in 0 1 2 3 4 5 6 7 8 9 a b c d e f; do "
	   "for j in 0 1 2 3 4 5 6 7 8 9 a b c d e f; do "
	   "[ -e $i$j ] || : >$i$j; done; done && "
	   "[ -z \"$(find . -path './[0-9a-f][0-9a-f]/*')\" ]",
	   dir);
	repo = open_repo(dir);
	was = pr_set_quiet(1);
	assert_int_equal(pr_git_commit_files(NULL, repo, &path, 1, "same\n"),
			 PR_EFAIL);
	pr_set_quiet(was);
	/* libgit2 1.5 reports the unwritten commit as made: HEAD refuses a
	 * target that does not exist */
	assert_true(
	    strstr(pr_last_error(), "cannot commit: ") ||
	    strstr(pr_last_error(), "cannot move HEAD to the new commit: "));
	assert_state(dir, &before);
	was = pr_set_quiet(1);
	assert_int_equal(pr_git_commit_files_signed(NULL, repo, &path, 1,
						    "same\n", sign_with, sig),
			 PR_EFAIL);
	pr_set_quiet(was);
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
	char dir[PATH_MAX];
	pr_argv env = {0}, none = {0};

	(void)state;
	new_repo(dir);
	SH("git -C '%s' config filter.plain.smudge 'touch x'", dir);
	SH("git -C '%s' config filter.a.b.c.clean 'touch y'", dir);
	SH("git config -f '%s/more' filter.inc.process 'touch z'", base);
	SH("git -C '%s' config include.path '%s/more'", dir, base);
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
	SH_OUT(hex, "git -C '%s' rev-parse HEAD:a.txt", dir);
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
	const char *tmp = getenv("TMPDIR");
	char *tmpl, *home;
	int level;

	(void)state;
	tmpl = pr_asprintf("%s/prereg-test-git.XXXXXX",
			   tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(tmpl) || !realpath(tmpl, base))
		return -1;
	free(tmpl);
	/* git and libgit2 see no user or system configuration */
	home = pr_asprintf("%s/home", base);
	if (mkdir(home, 0777) < 0)
		return -1;
	setenv("HOME", home, 1);
	setenv("XDG_CONFIG_HOME", home, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_CEILING_DIRECTORIES", base, 1);
	setenv("GIT_AUTHOR_NAME", "Test", 1);
	setenv("GIT_AUTHOR_EMAIL", "test@example.org", 1);
	setenv("GIT_COMMITTER_NAME", "Test", 1);
	setenv("GIT_COMMITTER_EMAIL", "test@example.org", 1);
	unsetenv("GIT_DIR");
	unsetenv("GIT_WORK_TREE");
	unsetenv("GIT_INDEX_FILE");
	unsetenv("SUDO_UID");
	if (git_libgit2_init() < 0)
		return -1;
	for (level = GIT_CONFIG_LEVEL_PROGRAMDATA;
	     level <= GIT_CONFIG_LEVEL_GLOBAL; level++)
		git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, home);
	free(home);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	git_libgit2_shutdown();
	if (getenv("PR_KEEP_TMP"))
		return 0;
	return sh_out(NULL, 0, "rm -rf '%s'", base) == 0 ? 0 : -1;
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
	SH("git init -q -b main '%s'", empty);
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
	SH("cd '%s' && git checkout -q -b side && git commit -q --allow-empty "
	   "-m s1 && git checkout -q main && git commit -q --allow-empty -m "
	   "m1 && git merge -q --no-ff -m merge side",
	   dir);
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
	SH("cd '%s' && git branch zz && git checkout -q -b other && git "
	   "commit -q --allow-empty -m o1 && git checkout -q main && git "
	   "commit -q --allow-empty -m m1 && git tag -a -m t v1 && git "
	   "symbolic-ref refs/heads/alias refs/heads/other",
	   dir);
	SH_OUT(tree, "git -C '%s' rev-parse HEAD^{tree}", dir);
	SH("git -C '%s' tag treetag %s", dir, tree);
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
	SH("cd '%s' && git commit -q --allow-empty -m two && git commit -q "
	   "--allow-empty -m three",
	   dir);
	SH_OUT(hex, "git -C '%s' rev-parse HEAD~1", dir);
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
	SH("git -C '%s' commit -q --allow-empty -m two", dir);
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
	char dir[PATH_MAX], clone[PATH_MAX + 16];
	pr_git_walk_opts opts = {0};
	walked w = {0};

	(void)state;
	new_repo(dir);
	SH("cd '%s' && git commit -q --allow-empty -m two && git commit -q "
	   "--allow-empty -m three",
	   dir);
	snprintf(clone, sizeof(clone), "%s-shallow", dir);
	SH("git clone -q --depth 2 'file://%s' '%s'", dir, clone);
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
	SH("echo 'not a ref' >'%s/.git/refs/heads/main'", dir);
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
