/* cmd_analyze.c - prereg analyze NAME [RUNID]: report.md and plots, from
 * raw timings */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "analyze/analyze.h"
#include "repo/git.h"
#include "analyze/report.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg analyze NAME [RUNID] [--json]\n"
    "\n"
    "Recompute every statistic of NAME's complete runs (or of RUNID alone)\n"
    "from runs/NAME/RUNID/timings.csv.gz and judge each prediction cell of\n"
    "predictions/NAME.json: PASS when lo_s <= statistic <= hi_s, FAIL\n"
    "otherwise, NO-PREDICTION for a phase no cell names, NO-DATA for a cell\n"
    "no sample matches. The statistic is the median over launches of the\n"
    "per-launch medians, warmups excluded. Writes analysis/NAME/report.md\n"
    "and, per run, SVG plots with the .dat and .gp files gnuplot drew them\n"
    "from; analyzing again gives the same bytes.\n"
    "\n"
    "  --json   print the numbers (seconds) as JSON on stdout\n";

static int on_opt(int opt, const char *arg, void *data)
{
	(void)arg;
	if (opt != 'j')
		return PR_EINPUT;
	*(int *)data = 1;
	return PR_OK;
}

static int print_json(const pr_analysis *a)
{
	json_t *o = pr_report_json(a);
	char *s = json_dumps(o, JSON_INDENT(2) | JSON_SORT_KEYS |
				    JSON_REAL_PRECISION(12));

	json_decref(o);
	if (!s)
		return pr_error("cannot encode the analysis of '%s'", a->name);
	printf("%s\n", s);
	free(s);
	return PR_OK;
}

static void print_summary(const pr_analysis *a)
{
	size_t i;

	for (i = 0; i < a->nruns; i++) {
		const pr_analysis_run *r = &a->run[i];

		printf("run %s: %zu PASS, %zu FAIL, %zu NO-PREDICTION",
		       r->run_id, r->count[PR_PASS], r->count[PR_FAIL],
		       r->count[PR_NO_PREDICTION]);
		if (r->count[PR_NO_DATA])
			printf(", %zu NO-DATA", r->count[PR_NO_DATA]);
		printf("\n");
	}
	printf("wrote analysis/%s/report.md\n", a->name);
}

int cmd_analyze(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {{"help", no_argument, NULL, 'h'},
					     {"json", no_argument, NULL, 'j'},
					     {NULL, 0, NULL, 0}};
	pr_analysis a;
	int first, as_json = 0, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, -1, on_opt,
				  &as_json)) != 0)
		return error;
	if (argc - first < 1 || argc - first > 2) {
		fprintf(stderr, "prereg analyze: expected NAME [RUNID]\n%s",
			usage);
		return PR_EINPUT;
	}
	if ((error = pr_analyze(&a, pr_repo_root(repo), argv[first],
				argc - first == 2 ? argv[first + 1] : NULL)) <
	    0)
		return error;
	error = pr_report_write(&a, pr_repo_root(repo));
	if (as_json) {
		int e = print_json(&a);
		error = error < 0 ? error : e;
	} else if (error == 0) {
		print_summary(&a);
	}
	pr_analysis_free(&a);
	return error;
}
