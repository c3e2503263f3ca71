/* cmd_predict.c - prereg predict NAME */
#include <getopt.h>
#include <stdio.h>

#include "predict/predict.h"
#include "repo/git.h"
#include "format/spec.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg predict NAME\n"
    "\n"
    "Evaluate the model of experiments/NAME/experiment.ini and write\n"
    "predictions/NAME.json. Models with measured parameters take them\n"
    "from the newest committed run of the pinned calibration experiment\n"
    "named in [model] calibration. Then: prereg pin NAME.\n";

int cmd_predict(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {PR_CMD_OPT_HELP, PR_CMD_OPT_END};
	pr_spec *spec = NULL;
	int first, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, 1, NULL,
				  NULL)) != 0)
		return error;
	if ((error = pr_spec_load(&spec, pr_repo_root(repo), argv[first])) < 0)
		return error;
	error = pr_predict_write(repo, spec, 0);
	pr_spec_free(spec);
	return error;
}
