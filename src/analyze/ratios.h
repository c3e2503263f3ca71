/* ratios.h - the relative predictions a prediction pins ("ratios": one
 * cell over another of the same schedule), judged on one run (DESIGN 7) */
#ifndef PR_ANALYZE_RATIOS_H
#define PR_ANALYZE_RATIOS_H

#include <jansson.h>

#include "analyze/inflation.h"

/* One pinned ratio and its verdict. */
typedef struct {
	const char *name;  /* "recursive_doubling/ring", borrowed */
	pr_inflation r;	   /* numerator row over denominator row, judged */
	long long bytes;   /* the numerator's, -1 when none */
	const char *phase; /* the numerator's, borrowed */
} pr_ratio;

typedef struct pr_ratio_set {
	pr_ratio *ratio;
	size_t n;
	size_t count[PR_NVERDICTS];
} pr_ratio_set;

struct pr_analysis_run;

/*
 * Every well-formed entry of pred's "ratios" ({name, numerator and
 * denominator selections {config, phase, bytes?, reduce?}, predicted, lo,
 * hi}) judged on r: the cells' rows (no negative control), their ratio,
 * its 95% bootstrap interval over launches (seeded by
 * pr_compare_seed(run, "ratios")) and the interval rule against [lo, hi]
 * (pr_ratio_judge). NULL when pred has no "ratios"; entries that are not
 * well formed are left out.
 */
pr_ratio_set *pr_ratios_compute(const struct pr_analysis_run *r,
				const json_t *pred);
void pr_ratio_set_free(pr_ratio_set *s);

/* r's ratios, borrowed from r; NULL when it has none. */
const pr_ratio_set *pr_ratio_set_of(const struct pr_analysis_run *r);

#endif
