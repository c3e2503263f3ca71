/* scratch.h - the unit tests' scratch state: a temporary directory, git
 * kept off the machine's configuration, repositories made through
 * libgit2, files written, the git program run without a shell */
#ifndef PR_SCRATCH_H
#define PR_SCRATCH_H

#include <stddef.h>

/* The identity of every commit the helpers make, and of the git program
 * under pr_scratch_git_env. */
#define PR_SCRATCH_NAME "Test"
#define PR_SCRATCH_EMAIL "test@example.org"

/* A new directory TMPDIR/prereg-NAME.XXXXXX (/tmp without TMPDIR), its
 * real path (caller frees); the test fails when it cannot be made. */
char *pr_scratch_dir(const char *name);

/* Remove dir and everything under it (pr_remove_tree), unless
 * PR_KEEP_TMP is set; NULL is a no-op. */
void pr_scratch_remove(const char *dir);

/*
 * Keep git and libgit2 off the machine's configuration for the rest of
 * the process: HOME and XDG_CONFIG_HOME are base/home (made), no system
 * configuration, no repository looked for above base, the author and
 * committer PR_SCRATCH_NAME <PR_SCRATCH_EMAIL>, no GIT_DIR, GIT_WORK_TREE
 * or GIT_INDEX_FILE; libgit2 is initialised with its configuration search
 * paths at base/home (pr_scratch_git_env_end shuts it down). 0, or -1
 * when base/home cannot be made.
 */
int pr_scratch_git_env(const char *base);
void pr_scratch_git_env_end(void);

/* Write text to dir/rel, its directories made, truncating (write) or at
 * the end (append). */
void pr_scratch_write(const char *dir, const char *rel, const char *text);
void pr_scratch_append(const char *dir, const char *rel, const char *text);

/* mkdir -p dir/rel. */
void pr_scratch_mkdir(const char *dir, const char *rel);

/* A new repository in dir (made when missing): branch main, unborn. */
void pr_scratch_repo_init(const char *dir);

/* git config KEY VALUE in the repository at dir (VALUE NULL: the key is
 * removed; a key that is not there is no error). */
void pr_scratch_config(const char *dir, const char *key, const char *value);

/* Stage every file of dir's work tree (git add -A) and commit it on HEAD
 * with message msg, by PR_SCRATCH_NAME <PR_SCRATCH_EMAIL>. */
void pr_scratch_commit(const char *dir, const char *msg);
/* The same with git add PATH (a pathspec) in place of git add -A. */
void pr_scratch_commit_path(const char *dir, const char *path, const char *msg);

/*
 * The git program with argv "git -C dir ARGS..." (NULL-terminated), no
 * shell, its stderr discarded; its exit status. Its stdout goes into out
 * (size bytes, may be NULL), trailing newlines dropped. PR_SCRATCH_GIT
 * asserts the status is 0.
 */
int pr_scratch_git(char *out, size_t size, const char *dir, ...);
#define PR_SCRATCH_GIT(dir, ...)                                               \
	assert_int_equal(                                                      \
	    pr_scratch_git(NULL, 0, dir, __VA_ARGS__, (char *)NULL), 0)
#define PR_SCRATCH_GIT_OUT(buf, dir, ...)                                      \
	assert_int_equal(                                                      \
	    pr_scratch_git(buf, sizeof(buf), dir, __VA_ARGS__, (char *)NULL),  \
	    0)

/* Run argv (no shell) in directory dir (NULL: ours) with env's "K=V"
 * added (may be NULL), stdin from /dev/null; its exit status. */
int pr_scratch_run(const char *dir, char *const env[], char *const argv[]);

/* 1 when prog is an executable file in a directory of PATH. */
int pr_scratch_have(const char *prog);

/* The entries of directory dir whose names start with prefix ("": all),
 * "." and ".." left out; -1 when dir cannot be listed. */
int pr_scratch_entries(const char *dir, const char *prefix);

/* path, written by the gzip program (gzip -n) from text. */
void pr_scratch_gzip(const char *path, const char *text);

#endif
