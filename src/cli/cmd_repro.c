/* cmd_repro.c - prereg repro NAME: the reviewer's command */
#include <stdio.h>
#include <stdlib.h>

#include "../core/run.h"
#include "../core/util.h"
#include "cmd.h"

static const char usage[] =
    "usage: prereg repro NAME [run options]\n"
    "\n"
    "The reviewer's command: check that NAME's prediction is pinned and\n"
    "unmodified, then run its schedule and archive and commit the run\n"
    "(the options of 'prereg run' apply; progress is shown).\n";

int cmd_repro(int argc, char **argv, git_repository *repo)
{
	pr_run_opts o;
	char *run_id = NULL;
	int first, error;

	if ((error = pr_cmd_run_opts(&o, &first, argc, argv, usage)) != 0)
		return error;
	o.progress = 1;
	error = pr_run(&run_id, repo, argv[first], &o);
	if (run_id)
		printf("repro %s: run %s %s\n", argv[first], run_id,
		       error == 0 ? "complete" : "failed");
	free(run_id);
	return error;
}
