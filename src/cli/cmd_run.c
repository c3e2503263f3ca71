/* cmd_run.c - prereg run NAME */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/run.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg run NAME [--launches L] [--reps R] [--warmup W]\n"
    "                  [--quick] [--launcher mpirun|slurm] [--no-commit]\n"
    "                  [--dry-run] [--progress] [--wait] [--detached]\n"
    "                  [--wait-idle SECONDS] [--force] [--allow-dirty]\n"
    "                  [--all-components]\n"
    "\n"
    "Refuse (exit 3) unless the spec and the prediction are pinned\n"
    "(prereg pin NAME) and unmodified; then run the schedule: L launches\n"
    "of every config of the factor grid, in an order seeded by the pin,\n"
    "each W warmups + R repetitions. Archive the raw timings in\n"
    "runs/NAME/RUNID/, append to the ledger and commit the run.\n"
    "One run per repository at a time: a second one refuses (exit 3)\n"
    "naming the first, or waits with --wait. Each launch is kept in the\n"
    "run directory as it completes; a run whose prereg was killed is\n"
    "recorded by 'prereg recover NAME', which the next run does first.\n"
    "Under mpirun, a machine already busy with other processes\n"
    "(using more than a quarter of the CPUs the ranks use, over at\n"
    "least half a second before the first launch) is warned about;\n"
    "each launch records what else used the machine, and the report\n"
    "flags the busy ones.\n"
    "Under mpirun, a run whose rank groups name GPUs (cuda:N, hip:*,\n"
    "...) that prereg-rank does not see here (see 'prereg env') is\n"
    "refused (exit 3) before anything is launched or recorded.\n"
    "In the repository that holds prereg's own source, a run whose\n"
    "prereg was built from a modified tree, or whose src/ or Makefile\n"
    "differ from the commit prereg was built from, is refused (exit 3)\n"
    "naming the files: the measuring code must be committed code.\n"
    "\n"
    "  --launches L, --reps R, --warmup W   override the spec\n"
    "  --quick       2 launches x (1 warmup + 3 reps): a minute or less\n"
    "  --launcher mpirun|slurm   default: slurm when the spec's rank\n"
    "                groups name their partitions (cpu*4@PART), else\n"
    "                mpirun\n"
    "  --no-commit   leave the run in the work tree\n"
    "  --dry-run     print the schedule and the mpirun lines, run nothing\n"
    "  --progress    progress on stderr even when it is not a terminal\n"
    "  --wait        wait for a run in progress instead of refusing\n"
    "  --detached    allow the run commit on a detached HEAD\n"
    "  --wait-idle SECONDS   when the machine is busy, wait up to SECONDS\n"
    "                for it to be quiet (1 s samples), then start anyway\n"
    "  --force       launch even when the GPUs the rank groups need are\n"
    "                not seen here (to debug a backend: the launches\n"
    "                fail and the failed run is recorded)\n"
    "  --allow-dirty run with uncommitted measuring code: the patch\n"
    "                (git diff of src/ and the Makefile against the\n"
    "                commit prereg was built from) is committed with\n"
    "                the run as build.patch, and the audit warns\n"
    "  --all-components   under mpirun, keep the Open MPI components\n"
    "                prereg otherwise leaves out where no hardware they\n"
    "                drive is present (no /dev/hfi1_*, /dev/ipath*,\n"
    "                /dev/cxi*, /sys/class/infiniband/*): btl_ofi,\n"
    "                mtl_ofi, mtl_psm, mtl_psm2, whose libraries spend\n"
    "                0.2 s starting each launch; the launches record\n"
    "                what was left out (ompi_left_out). An environment\n"
    "                that sets OMPI_MCA_mca_base_component_path keeps\n"
    "                its own\n";

enum {
	OPT_LAUNCHES = 256,
	OPT_REPS,
	OPT_WARMUP,
	OPT_LAUNCHER,
	OPT_WAIT,
	OPT_DETACHED,
	OPT_WAIT_IDLE,
	OPT_FORCE,
	OPT_ALLOW_DIRTY,
	OPT_ALL_COMPONENTS
};

static int on_opt(int opt, const char *arg, void *data)
{
	pr_run_opts *o = data;

	switch (opt) {
	case OPT_LAUNCHES:
		return pr_cmd_int(&o->launches, "--launches", arg, 1);
	case OPT_REPS:
		return pr_cmd_int(&o->reps, "--reps", arg, 1);
	case OPT_WARMUP:
		return pr_cmd_int(&o->warmup, "--warmup", arg, 0);
	case OPT_LAUNCHER:
		o->launcher = arg;
		return PR_OK;
	case OPT_WAIT:
		o->wait = 1;
		return PR_OK;
	case OPT_DETACHED:
		o->detached = 1;
		return PR_OK;
	case OPT_WAIT_IDLE:
		return pr_cmd_int(&o->wait_idle, "--wait-idle", arg, 0);
	case OPT_FORCE:
		o->force = 1;
		return PR_OK;
	case OPT_ALLOW_DIRTY:
		o->allow_dirty = 1;
		return PR_OK;
	case OPT_ALL_COMPONENTS:
		o->all_components = 1;
		return PR_OK;
	case 'q':
		o->quick = 1;
		return PR_OK;
	case 'n':
		o->no_commit = 1;
		return PR_OK;
	case 'd':
		o->dry_run = 1;
		return PR_OK;
	case 'p':
		o->progress = 1;
		return PR_OK;
	}
	return PR_EINPUT;
}

int pr_cmd_run_opts(pr_run_opts *o, int *first, int argc, char **argv,
		    const char *text)
{
	static const struct option opts[] = {
	    PR_CMD_OPT_HELP,
	    {"launches", required_argument, NULL, OPT_LAUNCHES},
	    {"reps", required_argument, NULL, OPT_REPS},
	    {"warmup", required_argument, NULL, OPT_WARMUP},
	    {"launcher", required_argument, NULL, OPT_LAUNCHER},
	    {"quick", no_argument, NULL, 'q'},
	    {"no-commit", no_argument, NULL, 'n'},
	    {"dry-run", no_argument, NULL, 'd'},
	    {"progress", no_argument, NULL, 'p'},
	    {"wait", no_argument, NULL, OPT_WAIT},
	    {"detached", no_argument, NULL, OPT_DETACHED},
	    {"wait-idle", required_argument, NULL, OPT_WAIT_IDLE},
	    {"force", no_argument, NULL, OPT_FORCE},
	    {"allow-dirty", no_argument, NULL, OPT_ALLOW_DIRTY},
	    {"all-components", no_argument, NULL, OPT_ALL_COMPONENTS},
	    PR_CMD_OPT_END};

	memset(o, 0, sizeof(*o));
	o->launches = o->reps = o->warmup = -1;
	return pr_cmd_parse(first, argc, argv, text, opts, 1, on_opt, o);
}

int cmd_run(int argc, char **argv, git_repository *repo)
{
	pr_run_opts o;
	int first, error;

	if ((error = pr_cmd_run_opts(&o, &first, argc, argv, usage)) != 0)
		return error;
	return pr_run(NULL, repo, argv[first], &o);
}
