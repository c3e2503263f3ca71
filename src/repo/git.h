/* git.h - the libgit2 helpers that are not about pins: opening the
 * repository, HEAD, trees, the one walk of the history, signatures and
 * committing files */
#ifndef PR_GIT_H
#define PR_GIT_H

#include <git2.h>
#include <stddef.h>

#include "base/child.h"

/*
 * Open the git repository whose work tree contains `path` (discovering
 * upwards). A directory that is not in a git repository, or a bare
 * repository, is PR_EINPUT with a message that says so. Initialises
 * libgit2 once.
 */
int pr_repo_open(git_repository **out, const char *path);
/* Work tree root of repo, with a trailing '/' (borrowed). */
const char *pr_repo_root(git_repository *repo);

/* Print the last libgit2 error after `what`, return PR_EFAIL. */
int pr_git_error(const char *what);

/* Signature from the repository's user.name/user.email, or
 * "prereg <prereg@localhost>" when none is configured. */
int pr_git_signature(git_signature **out, git_repository *repo);

/* HEAD's commit into *out (caller frees), or NULL when HEAD is unborn
 * (empty repository). */
int pr_git_head(git_commit **out, git_repository *repo);

/* The blob at `path` of tree (may be NULL) into *out: 1, or 0 if there is
 * no blob there; < 0 on error. */
int pr_git_tree_blob(git_oid *out, git_tree *tree, const char *path);

/*
 * One commit of a walk (pr_git_walk; the commit is borrowed for the call):
 * 0 goes on, > 0 stops the walk (which returns PR_OK), < 0 stops it with
 * that error (the callback says why).
 */
typedef int (*pr_git_walk_cb)(git_commit *commit, void *payload);

/* A start of a walk, named before the first commit is visited: "HEAD"
 * (tip NULL when HEAD is unborn), then the refs (every_ref). */
typedef void (*pr_git_walk_ref_cb)(const char *name, const git_oid *tip,
				   void *payload);

/* Where pr_git_walk starts and in which order it goes. */
typedef struct {
	const git_oid *from;	   /* start at this commit, not at HEAD */
	int every_ref;		   /* also at every branch, remote ref, tag */
	unsigned int sorting;	   /* GIT_SORT_* flags; 0: libgit2's order */
	const char *what;	   /* the message of a walk that breaks off;
				      NULL: "cannot walk the history" */
	pr_git_walk_ref_cb on_ref; /* may be NULL */
} pr_git_walk_opts;

/*
 * The one walk of the history: call cb for every commit reachable from
 * opts->from, else from HEAD (an unborn HEAD starts nothing; a HEAD that
 * cannot be read is PR_EFAIL "cannot walk the history from HEAD"), and
 * with every_ref also from each refs/heads/, refs/remotes/ and refs/tags/
 * ref that names a commit (tags peeled; a symbolic ref is walked through
 * its target, a ref to a tree or a blob is left out; on_ref names them
 * group by group, each sorted by name). Each commit is visited once, also
 * when several refs, or both sides of a merge, reach it; in `sorting`
 * order (GIT_SORT_TOPOLOGICAL: every child before its parents). A history
 * that ends before a root (a shallow clone's cut, a missing parent) is
 * PR_EFAIL with `what` once the walk reaches it (a sorted walk reaches it
 * before its first commit; cb may have seen some commits); a commit that
 * cannot be read is PR_EFAIL "cannot read a commit".
 */
int pr_git_walk(git_repository *repo, const pr_git_walk_opts *opts,
		pr_git_walk_cb cb, void *payload);

/* The blob of id hex (NULL allowed) in the repository that contains
 * root ("" or NULL: "."), as a NUL-terminated copy (caller frees) of
 * *len bytes (len may be NULL); NULL when it cannot be read, with no
 * message. */
char *pr_git_blob_text(size_t *len, const char *root, const char *hex);

/* Refuse (PR_EINPUT, message "WHAT: 'PATH' ...HINT") a path that is not
 * relative to the work tree or not a file (or symbolic link) there. */
int pr_git_workdir_file(git_repository *repo, const char *path,
			const char *what, const char *hint);

/*
 * Commit the work-tree contents of `paths` (relative to the work tree;
 * directories are not accepted, list files) as a child of HEAD, with
 * HEAD's tree updated by exactly those entries; update their index entries
 * and write the index. out (may be NULL) receives the new commit id.
 */
int pr_git_commit_files(git_oid *out, git_repository *repo,
			const char *const *paths, size_t npaths,
			const char *message);

/*
 * A signer of commits: the detached signature (NUL-terminated, caller
 * frees) of the commit object's text data[0 .. len), as git stores it in
 * the commit's gpgsig header. Prints why on failure.
 */
typedef int (*pr_git_signer)(char **out, const char *data, size_t len,
			     void *arg);

/* pr_git_commit_files, the commit signed by sign(arg) (NULL: unsigned);
 * when signing fails nothing is committed and the index is kept. */
int pr_git_commit_files_signed(git_oid *out, git_repository *repo,
			       const char *const *paths, size_t npaths,
			       const char *message, pr_git_signer sign,
			       void *arg);

/*
 * The environment additions ("K=V", pushed onto env; the caller frees)
 * under which git runs no program that a repository's config, hooks or
 * attributes name: GIT_CONFIG_COUNT/KEY_n/VALUE_n (git's -c, read by
 * every git that inherits them) set core.hooksPath=/dev/null,
 * core.fsmonitor=false, init.templateDir= (a clone takes no template's
 * hooks or config), tar.tar.gz.command="gzip -cn" (git archive's own
 * default), and empty every filter
 * driver (smudge, clean, process; required=false) that git's config seen
 * from dir (NULL: the working directory) defines. PR_EFAIL when git
 * cannot list them.
 */
int pr_git_safe_env(pr_argv *env, const char *dir);

/*
 * Run the git program (for what libgit2 cannot do: bundles, archives,
 * cloning a bundle, worktrees) with argv (argv[0] "git", NULL-terminated;
 * "git -C DIR ..." names the repository whose config counts) through
 * base/child.h, under pr_git_safe_env: stdin from /dev/null, stdout and
 * stderr ours. PR_EFAIL with a message "WHAT: git exited N" when it does
 * not exit 0.
 */
int pr_git_cli(const char *what, char *const argv[]);

#endif
