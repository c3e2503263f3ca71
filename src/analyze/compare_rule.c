/* compare_rule.c - the reproduction rule of `prereg compare` (DESIGN 7):
 * the verdict of an interval against a tolerance, the rule's power by
 * simulation, the seed of a comparison's bootstrap */
#include "analyze/compare.h"

#include <math.h>
#include <stdlib.h>

#include "base/schedule.h"
#include "base/seed.h"
#include "base/stats.h"
#include "base/util.h"

static const char *const repro_names[] = {"REPRODUCED", "DIFFERENT",
					  "INCONCLUSIVE", "NO-DATA"};

const char *pr_repro_name(pr_repro v)
{
	return v < PR_NREPRO ? repro_names[v] : "?";
}

pr_phase_class pr_compare_class(const char *phase)
{
	return pr_phase_class_of(phase);
}

pr_repro pr_compare_verdict(const char **why, double lo, double hi, double tol,
			    int enough)
{
	double lower = 1.0 / (1.0 + tol), upper = 1.0 + tol;
	const char *reason = NULL;
	pr_repro v = PR_REPRODUCED;

	if (isnan(lo) || isnan(hi))
		reason = "no interval";
	else if (hi < lower || lo > upper)
		v = PR_DIFFERENT;
	else if (lo < lower || hi > upper)
		reason = "the interval straddles an edge of the tolerance";
	else if (!enough)
		reason = "fewer than 6 launches in a run: no 95% interval";
	if (reason)
		v = PR_REPRO_INCONCLUSIVE;
	if (why)
		*why = reason;
	return v;
}

/* A standard normal draw (Box-Muller) from the splitmix64 stream. */
static double normal(uint64_t *state)
{
	double u =
	    ((double)(pr_splitmix64(state) >> 11) + 0.5) / 9007199254740992.0;
	double v = (double)(pr_splitmix64(state) >> 11) / 9007199254740992.0;

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

int pr_compare_power(double *reproduced, double *different, double cv,
		     double tol, size_t n, double scale, size_t trials,
		     uint64_t seed)
{
	double sigma = sqrt(log1p(cv * cv)), lo, hi, *a, *b;
	size_t t, i, count[PR_NREPRO] = {0};
	uint64_t state = seed;
	int enough = pr_stats_median_ci_rank(NULL, n) > 0;

	if (n < 1 || trials < 1 || !(cv > 0) || !(tol > 0) || !(scale > 0))
		return PR_EINPUT;
	a = pr_malloc(n * sizeof(*a));
	b = pr_malloc(n * sizeof(*b));
	for (t = 0; t < trials; t++) {
		for (i = 0; i < n; i++) {
			a[i] = exp(sigma * normal(&state));
			b[i] = scale * exp(sigma * normal(&state));
		}
		pr_stats_ratio_boot(&lo, &hi, a, n, b, n, PR_COMPARE_NBOOT,
				    pr_splitmix64(&state));
		count[pr_compare_verdict(NULL, lo, hi, tol, enough)]++;
	}
	free(a);
	free(b);
	*reproduced = (double)count[PR_REPRODUCED] / (double)trials;
	*different = (double)count[PR_DIFFERENT] / (double)trials;
	return PR_OK;
}

uint64_t pr_compare_seed(const char *run_a, const char *run_b)
{
	char *text = pr_asprintf("prereg-compare:%s:%s", run_a, run_b);
	uint64_t seed = pr_seed_of(text);

	free(text);
	return seed;
}
