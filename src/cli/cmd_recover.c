/* cmd_recover.c - prereg recover [NAME...]: record runs left unrecorded */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/lock.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "run/run.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg recover [NAME...] [--wait]\n"
    "\n"
    "Record the runs whose prereg ended before recording them (killed,\n"
    "power lost, out of space, a failed commit): every run directory that\n"
    "still holds run-state.json gets its manifest (status complete, failed\n"
    "or interrupted, with the reason), the archive of the launches it kept,\n"
    "its ledger line and its commit. Every experiment when no NAME is\n"
    "given. 'prereg run NAME' does this for NAME before it starts.\n"
    "Refuses (exit 3) while a run is in progress, or waits with --wait.\n";

int cmd_recover(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {
	    PR_CMD_OPT_HELP, {"wait", no_argument, NULL, 'w'}, PR_CMD_OPT_END};
	char **names = NULL;
	size_t n, i, done, total = 0;
	int first, wait = 0, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, -1,
				  pr_cmd_flag, &wait)) != 0)
		return error;
	for (i = (size_t)first; i < (size_t)argc; i++) {
		if ((error = pr_name_check(argv[i])) < 0)
			return error;
	}
	if (first < argc) {
		n = (size_t)(argc - first);
		names = pr_calloc(n, sizeof(char *));
		for (i = 0; i < n; i++)
			names[i] = pr_strdup(argv[first + (int)i]);
	} else {
		n = pr_path_list_experiments(&names, pr_repo_root(repo), "runs",
					     1);
	}
	if ((error = pr_lock_acquire(repo, wait, "recover")) == 0) {
		for (i = 0; i < n && error == 0; i++) {
			error = pr_run_recover(&done, repo, names[i]);
			total += done;
		}
		pr_lock_release();
	}
	if (error == 0)
		printf("%zu run%s recovered\n", total, total == 1 ? "" : "s");
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return error;
}
