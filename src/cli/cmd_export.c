/* cmd_export.c - prereg export [--out DIR]: the repository as a git
 * bundle (history, pins and their tags) and a tarball of HEAD's files */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "repo/git.h"
#include "base/child.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg export [--out DIR]\n"
    "\n"
    "Write DIR (default ./prereg-export-SHORTHEAD; it must not exist)\n"
    "holding repo.bundle (git bundle of every ref, the pin tags\n"
    "included), tree.tar.gz (git archive of HEAD) and README.md, which\n"
    "says how to audit them: 'prereg audit --bundle repo.bundle' checks\n"
    "everything; the tarball has no history, so only the data checks\n"
    "apply to it.\n"
    "\n"
    "  --out DIR  the directory to create\n";

static const char readme[] =
    "# prereg export of commit %s\n"
    "\n"
    "- `repo.bundle`: the whole repository, every branch and tag (the pin\n"
    "  tags `prereg/pin/NAME/K` included), written by `git bundle create\n"
    "  --all`.\n"
    "- `tree.tar.gz`: the files of commit %.12s, written by `git archive`.\n"
    "\n"
    "## Auditing the bundle\n"
    "\n"
    "    prereg audit --bundle repo.bundle\n"
    "\n"
    "clones the bundle into a temporary directory, audits it there exactly\n"
    "as `prereg audit` does in a clone (the same checks, grades and exit\n"
    "status) and removes the clone. By hand:\n"
    "\n"
    "    git clone repo.bundle repo && cd repo && prereg audit\n"
    "\n"
    "## The tarball\n"
    "\n"
    "`tree.tar.gz` has no history: no pin commits, no run commits, no\n"
    "tags. So only the data checks apply to it (each run's\n"
    "`timings.csv.gz` against its `manifest.json`); that a prediction was\n"
    "committed before the runs that test it is proven from the bundle\n"
    "only.\n";

static int on_opt(int opt, const char *arg, void *data)
{
	(void)opt;
	*(const char **)data = arg;
	return PR_OK;
}

/* git -C root ARGS... writing DIR/NAME: the NULL in args stands for a
 * temporary name in dir, which is fsynced and renamed to NAME when git
 * exits 0 and removed otherwise. */
static int git_into(const char *root, const char *dir, const char *name,
		    const char *const *args, size_t nargs)
{
	char *tmp = pr_asprintf("%s/.%s.tmp.%ld", dir, name, (long)getpid());
	char *path = pr_asprintf("%s/%s", dir, name);
	char *what = pr_asprintf("cannot write '%s'", path);
	pr_argv a = {0};
	size_t i;
	int error;

	pr_argv_push(&a, "git");
	pr_argv_push(&a, "-C");
	pr_argv_push(&a, root);
	for (i = 0; i < nargs; i++)
		pr_argv_push(&a, args[i] ? args[i] : tmp);
	if ((error = pr_git_cli(what, a.v)) == 0)
		error = pr_commit_file(tmp, path);
	else
		unlink(tmp);
	pr_argv_free(&a);
	free(tmp);
	free(path);
	free(what);
	return error;
}

/* The three files into dir (an empty directory, absolute). */
static int export_into(const char *dir, const char *root, const char *head)
{
	/* libgit2 has no bundle writer: the git program makes the bundle */
	static const char *const bundle[] = {"bundle", "create", "--quiet",
					     NULL, "--all"};
	static const char *const archive[] = {"archive", "--format=tar.gz",
					      "-o", NULL, "HEAD"};
	char *text = pr_asprintf(readme, head, head), *path;
	int error;

	if ((error = git_into(root, dir, "repo.bundle", bundle, 5)) < 0 ||
	    (error = git_into(root, dir, "tree.tar.gz", archive, 5)) < 0)
		goto cleanup;
	path = pr_asprintf("%s/README.md", dir);
	error = pr_write_file_atomic(path, text, strlen(text));
	free(path);
cleanup:
	free(text);
	return error;
}

/* Create dir (its parent must exist), refusing one that exists; its
 * absolute path into *out. */
static int make_dir(char **out, const char *dir)
{
	char abs[PATH_MAX];

	*out = NULL;
	if (mkdir(dir, 0777) < 0) {
		if (errno == EEXIST)
			return pr_error_code(PR_EINPUT,
					     "cannot export to '%s': it exists "
					     "(name another with --out DIR)",
					     dir);
		return pr_error("cannot create '%s': %s", dir, strerror(errno));
	}
	if (!realpath(dir, abs)) {
		int e = errno;

		rmdir(dir);
		return pr_error("cannot resolve '%s': %s", dir, strerror(e));
	}
	*out = pr_strdup(abs);
	return PR_OK;
}

int cmd_export(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {
	    PR_CMD_OPT_HELP,
	    {"out", required_argument, NULL, 'o'},
	    PR_CMD_OPT_END};
	const char *out = NULL;
	char *dir = NULL, *abs = NULL, head[GIT_OID_HEXSZ + 1];
	git_commit *commit = NULL;
	int first, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, 0, on_opt,
				  &out)) != 0)
		return error;
	if ((error = pr_git_head(&commit, repo)) < 0)
		return error;
	if (!commit)
		return pr_error_code(PR_EINPUT,
				     "cannot export: the repository has no "
				     "commit yet");
	git_oid_tostr(head, sizeof(head), git_commit_id(commit));
	git_commit_free(commit);
	dir = out ? pr_strdup(out) : pr_asprintf("prereg-export-%.7s", head);
	if ((error = make_dir(&abs, dir)) < 0)
		goto cleanup;
	if ((error = export_into(abs, pr_repo_root(repo), head)) < 0) {
		/* no half export is left behind */
		pr_remove_tree(abs);
		goto cleanup;
	}
	printf("exported %.12s to %s: repo.bundle, tree.tar.gz, README.md\n",
	       head, dir);
cleanup:
	free(dir);
	free(abs);
	return error;
}
