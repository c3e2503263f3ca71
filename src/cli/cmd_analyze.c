/* cmd_analyze.c - prereg analyze NAME [RUNID]: report.md and plots, from
 * raw timings */
#include <getopt.h>
#include <stdio.h>

#include "analyze/analyze.h"
#include "analyze/conclusion.h"
#include "repo/git.h"
#include "analyze/report.h"
#include "base/util.h"
#include "cli/cmd.h"
#include "repo/paths.h"

static const char usage[] =
    "usage: prereg analyze NAME [RUNID] [--json]\n"
    "\n"
    "Recompute every statistic of NAME's complete runs (or of RUNID alone)\n"
    "from runs/NAME/RUNID/timings.csv.gz and judge each prediction cell of\n"
    "predictions/NAME.json. The point rule: PASS when lo_s <= statistic <=\n"
    "hi_s, FAIL otherwise. The interval rule (decision_rule.rule =\n"
    "\"interval\"): FAIL when the launch-level interval misses the band,\n"
    "PASS when it overlaps it, is no wider and covers >= 95%, else\n"
    "INCONCLUSIVE. NO-PREDICTION for a phase no cell names, NO-DATA for a\n"
    "cell no sample matches. The statistic is the median over launches of\n"
    "the per-launch medians, warmups excluded. Writes analysis/NAME/report.md\n"
    "and, per run, SVG plots with the .dat and .gp files gnuplot drew them\n"
    "from; analyzing again gives the same bytes. Prints per run its\n"
    "counts and its verdict in one word (FAIL when a cell, step or ratio\n"
    "FAILs, a negative control when it PASSes; INCONCLUSIVE when one is\n"
    "INCONCLUSIVE or NO-DATA, PASS when\n"
    "all PASS, MEASURED when nothing is predicted), then each claim of\n"
    "its pinned spec ([claims]) with its verdict and reason.\n"
    "\n"
    "  --json   print the numbers (seconds) as JSON on stdout\n";

static void print_summary(const pr_analysis *a)
{
	size_t i, k;

	for (i = 0; i < a->nruns; i++) {
		const pr_analysis_run *r = &a->run[i];

		printf("run %s: %zu PASS, %zu FAIL, %zu NO-PREDICTION",
		       r->run_id, r->count[PR_PASS], r->count[PR_FAIL],
		       r->count[PR_NO_PREDICTION]);
		if (r->count[PR_INCONCLUSIVE])
			printf(", %zu INCONCLUSIVE", r->count[PR_INCONCLUSIVE]);
		if (r->count[PR_NO_DATA])
			printf(", %zu NO-DATA", r->count[PR_NO_DATA]);
		printf(": %s\n", pr_run_word(r));
		for (k = 0; k < r->nclaims; k++)
			printf("  claim %s: %s (%s)\n", r->claim[k].name,
			       pr_verdict_name(r->claim[k].verdict),
			       r->claim[k].reason);
	}
}

/* "wrote analysis/NAME/report.md", and the run pages beside it. */
static void put_wrote(const pr_analysis *a)
{
	size_t i, pages = 0, earlier = 0;
	int why;

	printf("wrote analysis/%s/report.md", a->name);
	for (i = 0; i < a->nruns; i++)
		if ((why = pr_report_own_page(a, i))) {
			printf("%s%s.md", pages++ ? ", " : " and ",
			       a->run[i].run_id);
			earlier += why == PR_PAGE_EARLIER;
		}
	if (pages && !earlier)
		printf(" (run%s of more than %d rows)", pages == 1 ? "" : "s",
		       PR_REPORT_PAGE_ROWS);
	else if (pages)
		printf(" (more than %d rows in a run's main table, or %d "
		       "table rows in all)",
		       PR_REPORT_PAGE_ROWS, PR_REPORT_TOTAL_ROWS);
	putchar('\n');
}

int pr_cmd_analyze_write(git_repository *repo, const char *name,
			 const char *run_id, int print)
{
	char *rel = pr_path_analysis(NULL, name);
	pr_analysis a;
	int error, e;

	/* the report is written under analysis/NAME, never through a link */
	error = pr_no_links(pr_repo_root(repo), rel, 1);
	free(rel);
	if (error < 0)
		return error;
	if ((error = pr_analyze(&a, pr_repo_root(repo), name, run_id)) < 0)
		return error;
	error = pr_report_write(&a, pr_repo_root(repo));
	if (print == PR_CMD_PRINT_JSON) {
		e = pr_cmd_print_json(stdout, pr_report_json(&a), 12);
		error = error < 0 ? error : e;
	} else if (error == 0) {
		if (print == PR_CMD_PRINT_SUMMARY)
			print_summary(&a);
		put_wrote(&a);
	}
	pr_analysis_free(&a);
	return error;
}

int cmd_analyze(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {PR_CMD_OPT_HELP, PR_CMD_OPT_JSON,
					     PR_CMD_OPT_END};
	int first, as_json = 0, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, -1,
				  pr_cmd_flag, &as_json)) != 0)
		return error;
	if (argc - first < 1 || argc - first > 2)
		return pr_cmd_usage_error(argv[0], usage,
					  "expected NAME [RUNID]");
	return pr_cmd_analyze_write(
	    repo, argv[first], argc - first == 2 ? argv[first + 1] : NULL,
	    as_json ? PR_CMD_PRINT_JSON : PR_CMD_PRINT_SUMMARY);
}
