/* cmd_compare.c - prereg compare RUN_A RUN_B: did run B reproduce run A */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/compare.h"
#include "analyze/report.h"
#include "base/text.h"
#include "base/util.h"
#include "cli/cmd.h"
#include "repo/git.h"
#include "repo/paths.h"

static const char usage[] =
    "usage: prereg compare RUN_A RUN_B [--model-error] [--json]\n"
    "\n"
    "Did run B reproduce run A (the original), two runs of one experiment?\n"
    "Computed from their raw archives (runs/NAME/RUNID/timings.csv.gz) and\n"
    "manifests alone, never from a report. For every row of the analysis\n"
    "(per config and phase, and per bytes or rows where the analysis splits\n"
    "by them): each run's median of per-launch medians with its launch-level\n"
    "interval, the max/min of its per-launch medians, and the ratio B/A with\n"
    "a 95% interval: the percentiles of 2000 bootstrap replicates that\n"
    "resample each run's launches, seeded by the two run ids (the same runs\n"
    "print the same bytes). With the tolerance t of the row's phase class,\n"
    "the acceptance region is [1/(1+t), 1+t]:\n"
    "\n"
    "  REPRODUCED    the interval lies inside it, and each run has 6\n"
    "                launches or more (a 95% interval of its median)\n"
    "  DIFFERENT     the interval lies entirely outside it\n"
    "  INCONCLUSIVE  otherwise (the reason is given)\n"
    "  NO-DATA       a row that one of the runs lacks\n"
    "\n"
    "The tolerances are those of the spec pinned for A, [analysis]\n"
    "reproduce_tolerance = compute:T, comm:T; without it compute 0.05 and\n"
    "comm 0.5. compute: compute, compute_device, reduce_local, rescale,\n"
    "to_host, copy; comm: every other phase. PHASE:T there gives a phase\n"
    "its own tolerance in place of its class's.\n"
    "\n"
    "Above the verdicts, what the two manifests say side by side (pin,\n"
    "prereg version, compiler, MPI versions, MCA settings, launcher,\n"
    "devices, CPU, cores, hosts, kernel), those that differ marked; a\n"
    "difference of pin, prereg version or MPI stack (mpirun version, MPI\n"
    "library, an MCA setting) is a warning. Each run's launches that ran\n"
    "on a busy machine are counted there; they count toward the verdicts,\n"
    "unless the spec pinned for A says [analysis] busy = exclude (then\n"
    "each row leaves them out of its ratio and interval, and says so).\n"
    "Runs of two pins are compared over the rows both hold, and it says so\n"
    "(report.md's Reproduction section compares runs of one pin only).\n"
    "\n"
    "With --model-error the rows are the cells of the two runs'\n"
    "predictions (each run judged against the prediction pinned for it,\n"
    "e.g. one made again from new calibration runs on another machine:\n"
    "prereg repro NAME --recalibrate), and each ratio is of the model's\n"
    "errors, (B / predicted B) / (A / predicted A), with the same rule:\n"
    "what must reproduce across machines is the model's error, not the\n"
    "time. Below the rows, each claim of B's pinned spec: REPRODUCED when\n"
    "A's spec states it, its verdict is the same PASS or FAIL on both runs\n"
    "and (with --model-error) every cell of it REPRODUCED; DIFFERENT when\n"
    "the verdicts are PASS and FAIL or a cell is DIFFERENT; else\n"
    "INCONCLUSIVE.\n"
    "\n"
    "Exit status 0 when the runs were compared, whatever the verdicts; 2\n"
    "for an unknown run, runs of two experiments or a run without samples.\n"
    "\n"
    "  --model-error  compare the model's errors (above)\n"
    "  --json   print the whole comparison as JSON (seconds)\n";

/* The experiment of run id, or PR_EINPUT naming it. */
static int experiment_of(char **name, const char *root, const char *id)
{
	int error;

	if ((error = pr_run_id_check(id)) < 0)
		return error;
	if (pr_path_find_run(name, root, id) < 0)
		return pr_error_code(PR_EINPUT,
				     "no run '%s' under runs/ (see 'prereg "
				     "list')",
				     id);
	return PR_OK;
}

int pr_cmd_compare_runs(const char *root, const char *name, const char *id_a,
			const char *id_b, int flags)
{
	pr_analysis a, b;
	pr_comparison c;
	int error;

	memset(&b, 0, sizeof(b));
	memset(&c, 0, sizeof(c));
	if ((error = pr_analyze(&a, root, name, id_a)) < 0)
		return error;
	if ((error = pr_analyze(&b, root, name, id_b)) < 0 ||
	    (error = (flags & PR_CMD_COMPARE_MODEL_ERROR
			  ? pr_compare_model_error
			  : pr_compare)(&c, root, name, &a.run[0], &b.run[0])) <
		0)
		goto cleanup;
	if (flags & PR_CMD_COMPARE_JSON) {
		error =
		    pr_cmd_print_json(stdout, pr_report_compare_json(&c), 12);
	} else {
		printf("## %s: run %s against run %s\n\n", name, id_b, id_a);
		pr_report_compare(stdout, &c);
	}
cleanup:
	pr_comparison_free(&c);
	pr_analysis_free(&b);
	pr_analysis_free(&a);
	return error;
}

static int on_opt(int opt, const char *arg, void *data)
{
	(void)arg;
	*(int *)data |=
	    opt == 'j' ? PR_CMD_COMPARE_JSON : PR_CMD_COMPARE_MODEL_ERROR;
	return PR_OK;
}

int cmd_compare(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {
	    PR_CMD_OPT_HELP,
	    PR_CMD_OPT_JSON,
	    {"model-error", no_argument, NULL, 'm'},
	    PR_CMD_OPT_END};
	const char *root = pr_repo_root(repo);
	char *name_a = NULL, *name_b = NULL;
	int first, flags = 0, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, 2, on_opt,
				  &flags)) != 0)
		return error;
	if ((error = experiment_of(&name_a, root, argv[first])) < 0 ||
	    (error = experiment_of(&name_b, root, argv[first + 1])) < 0)
		goto cleanup;
	if (strcmp(name_a, name_b)) {
		error =
		    pr_error_code(PR_EINPUT,
				  "runs '%s' (%s) and '%s' (%s) are of "
				  "different experiments: compare two runs "
				  "of one",
				  argv[first], name_a, argv[first + 1], name_b);
		goto cleanup;
	}
	error = pr_cmd_compare_runs(root, name_a, argv[first], argv[first + 1],
				    flags);
cleanup:
	free(name_a);
	free(name_b);
	return error;
}
