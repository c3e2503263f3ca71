/* fuzz_prediction.c - predictions/NAME.json as prereg analyze and prereg
 * audit read it (pr_analyze: the file, its cells, each cell held against a
 * run), and the numbers of the report (pr_report_json) */
#include <git2.h>
#include <jansson.h>
#include <stdlib.h>

#include "analyze/analyze.h"
#include "analyze/report.h"
#include "base/util.h"
#include "harness.h"

#define RUN_ID "20260101T000000Z-f0zz00"

/* What every analysis promises the report. */
static void check_analysis(const pr_analysis *a)
{
	size_t i, k, sum;

	if (a->nruns != 1)
		pr_fuzz_fail("%zu runs analyzed, the root holds 1", a->nruns);
	for (i = 0; i < a->nruns; i++) {
		const pr_analysis_run *r = &a->run[i];

		for (k = 0, sum = 0; k < PR_NVERDICTS; k++)
			sum += r->count[k];
		if (sum != r->nrows || r->nrows < a->ncells)
			pr_fuzz_fail("%zu verdicts for %zu rows of %zu cells",
				     sum, r->nrows, a->ncells);
		for (k = 0; k < r->nrows; k++) {
			if (r->row[k].nlaunches > r->row[k].n)
				pr_fuzz_fail("row %zu: %zu launches of %zu "
					     "observations",
					     k, r->row[k].nlaunches,
					     r->row[k].n);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *root, *path;
	pr_analysis a;
	json_t *j;
	char *text;

	if (!root) {
		char *run;

		root = pr_strdup(pr_fuzz_scratch());
		path = pr_asprintf("%spredictions/fz.json", root);
		run = pr_asprintf("%sruns/fz/%s", root, RUN_ID);
		pr_fuzz_synthetic_run(run, "fz", RUN_ID);
		free(run);
		git_libgit2_init(); /* once, not per input */
	}
	pr_fuzz_write(path, data, size);
	if (pr_analyze(&a, root, "fz", NULL) < 0)
		return 0;
	check_analysis(&a);
	j = pr_report_json(&a);
	text = json_dumps(j, JSON_SORT_KEYS);
	if (!text)
		pr_fuzz_fail("the report's numbers do not encode as JSON");
	free(text);
	json_decref(j);
	pr_analysis_free(&a);
	return 0;
}
