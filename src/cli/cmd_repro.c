/* cmd_repro.c - prereg repro NAME: the reviewer's command */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "repo/lock.h"
#include "repo/git.h"
#include "analyze/report.h"
#include "run/run.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg repro NAME [run options]\n"
    "\n"
    "The reviewer's command: check that NAME's prediction is pinned and\n"
    "unmodified, run its schedule, archive and commit the run, then\n"
    "analyze every complete run of NAME (analysis/NAME/report.md),\n"
    "commit the analysis, and audit NAME (prereg audit NAME). The\n"
    "options of 'prereg run' apply (with --no-commit nothing is\n"
    "committed); progress is shown. The run lock is held from the run\n"
    "to the commit of the analysis.\n";

/* Commit every file of analysis/NAME as a child of HEAD. */
static int commit_analysis(git_repository *repo, const char *name)
{
	char *dir = pr_asprintf("%sanalysis/%s", pr_repo_root(repo), name);
	char **paths = NULL, *msg;
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0, i;
	int error;

	while (d && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || e->d_type != DT_REG)
			continue;
		paths = pr_realloc(paths, (n + 1) * sizeof(char *));
		paths[n++] = pr_asprintf("analysis/%s/%s", name, e->d_name);
	}
	if (d)
		closedir(d);
	msg = pr_asprintf("prereg analyze %s\n", name);
	error = n ? pr_git_commit_files(NULL, repo, (const char *const *)paths,
					n, msg)
		  : pr_error("nothing to commit in 'analysis/%s'", name);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	free(msg);
	free(dir);
	return error;
}

static int analyze(git_repository *repo, const char *name, int commit)
{
	pr_analysis a;
	int error;

	if ((error = pr_analyze(&a, pr_repo_root(repo), name, NULL)) < 0)
		return error;
	error = pr_report_write(&a, pr_repo_root(repo));
	pr_analysis_free(&a);
	if (error == 0)
		printf("wrote analysis/%s/report.md\n", name);
	if (error == 0 && commit)
		error = commit_analysis(repo, name);
	return error;
}

int cmd_repro(int argc, char **argv, git_repository *repo)
{
	pr_run_opts o;
	char *run_id = NULL;
	int first, error, aerror;

	if ((error = pr_cmd_run_opts(&o, &first, argc, argv, usage)) != 0)
		return error;
	o.progress = 1;
	if (!o.dry_run) {
		char *what = pr_asprintf("repro '%s'", argv[first]);

		error = pr_lock_acquire(repo, o.wait, what);
		free(what);
		if (error < 0)
			return error;
	}
	error = pr_run(&run_id, repo, argv[first], &o);
	if (run_id)
		printf("repro %s: run %s %s\n", argv[first], run_id,
		       error == 0 ? "complete" : "failed");
	free(run_id);
	if (error == PR_EREFUSED || error == PR_EINPUT || o.dry_run) {
		if (!o.dry_run)
			pr_lock_release();
		return error;
	}
	aerror = analyze(repo, argv[first], !o.no_commit);
	pr_lock_release();
	if (aerror == 0) {
		char *audit_argv[] = {"audit", argv[first], NULL};
		aerror = cmd_audit(2, audit_argv, repo);
	}
	return error < 0 ? error : aerror;
}
