/* cmd_repro.c - prereg repro NAME: the reviewer's command */
#include <stdio.h>
#include <stdlib.h>

#include "analyze/commit.h"
#include "audit/audit.h"
#include "repo/lock.h"
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

int cmd_repro(int argc, char **argv, git_repository *repo)
{
	pr_run_opts o;
	pr_audit a;
	char *run_id = NULL;
	const char *name;
	int first, error, aerror;

	if ((error = pr_cmd_run_opts(&o, &first, argc, argv, usage)) != 0)
		return error;
	name = argv[first];
	o.progress = 1;
	if (!o.dry_run) {
		char *what = pr_asprintf("repro '%s'", name);

		error = pr_lock_acquire(repo, o.wait, what);
		free(what);
		if (error < 0)
			return error;
	}
	error = pr_run(&run_id, repo, name, &o);
	if (run_id)
		printf("repro %s: run %s %s\n", name, run_id,
		       error == 0 ? "complete" : "failed");
	free(run_id);
	if (error == PR_EREFUSED || error == PR_EINPUT || o.dry_run) {
		if (!o.dry_run)
			pr_lock_release();
		return error;
	}
	aerror = pr_cmd_analyze_write(repo, name, NULL, PR_CMD_PRINT_PATH);
	if (aerror == 0 && !o.no_commit)
		aerror = pr_analysis_commit(repo, name);
	pr_lock_release();
	if (aerror == 0 && (aerror = pr_audit_repo(&a, repo, &name, 1)) == 0) {
		aerror = pr_cmd_audit_print(&a, 0);
		pr_audit_free(&a);
	}
	return error < 0 ? error : aerror;
}
