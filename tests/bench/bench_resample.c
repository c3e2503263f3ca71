/* bench_resample.c - the reproduction rule's power on the real launches of
 * each experiment's latest complete run (below the current directory, a
 * prereg repository): per row, 100 pairs of pseudo-runs drawn from the
 * row's own per-launch medians with replacement, as many launches each as
 * the run had, judged by compare's rule at the tolerance pinned for the
 * run (the share found REPRODUCED), the same with B scaled by 1 + 2t (the
 * share found DIFFERENT), and, for rows of 12 launches or more, 100 splits
 * of the launches into two halves (the share found REPRODUCED). Unlike
 * bench_power, no law is assumed: a bimodal row shows as it is. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/compare.h"
#include "base/schedule.h"
#include "base/stats.h"
#include "base/util.h"

#define TRIALS 100

/* The shares of verdicts over TRIALS pairs for one row. */
typedef struct {
	double same, scaled, half; /* half: NAN when not drawn */
} shares;

static pr_repro judge(const double *a, size_t na, const double *b, size_t nb,
		      double tol, uint64_t *state)
{
	double lo, hi;
	int enough = pr_stats_median_ci_rank(NULL, na) > 0 &&
		     pr_stats_median_ci_rank(NULL, nb) > 0;

	pr_stats_ratio_boot(&lo, &hi, a, na, b, nb, PR_COMPARE_NBOOT,
			    pr_splitmix64(state));
	return pr_compare_verdict(NULL, lo, hi, tol, enough);
}

static void row_shares(shares *out, const pr_analysis_row *x, double tol,
		       uint64_t seed)
{
	size_t n = x->nlaunches, h = n / 2, t, i;
	double *a = pr_malloc(n * sizeof(*a)), *b = pr_malloc(n * sizeof(*b));
	size_t *perm = pr_malloc(n * sizeof(*perm));
	size_t same = 0, scaled = 0, half = 0;
	uint64_t state = seed;

	for (t = 0; t < TRIALS; t++) {
		for (i = 0; i < n; i++) {
			a[i] = x->launch_med[pr_splitmix64(&state) % n];
			b[i] = x->launch_med[pr_splitmix64(&state) % n];
		}
		same += judge(a, n, b, n, tol, &state) == PR_REPRODUCED;
		for (i = 0; i < n; i++)
			b[i] *= 1 + 2 * tol;
		scaled += judge(a, n, b, n, tol, &state) == PR_DIFFERENT;
		if (n < 12)
			continue;
		pr_schedule_permute(perm, n, pr_splitmix64(&state));
		for (i = 0; i < h; i++) {
			a[i] = x->launch_med[perm[i]];
			b[i] = x->launch_med[perm[h + i]];
		}
		half += judge(a, h, b, h, tol, &state) == PR_REPRODUCED;
	}
	out->same = (double)same / TRIALS;
	out->scaled = (double)scaled / TRIALS;
	out->half = n < 12 ? NAN : (double)half / TRIALS;
	free(a);
	free(b);
	free(perm);
}

/* One experiment's line: its latest complete run, the rows of 2 launches
 * or more, and the mean and the least of each share over them. */
static void experiment(const char *name)
{
	pr_analysis an;
	pr_comparison c;
	const pr_analysis_run *r;
	double sum[3] = {0}, least[3] = {2, 2, 2};
	size_t i, rows = 0, halves = 0, launches = 0;

	if (pr_analyze(&an, "./", name, NULL) < 0)
		return;
	r = &an.run[an.nruns - 1];
	if (pr_compare(&c, "./", name, r, r) < 0) {
		pr_analysis_free(&an);
		return;
	}
	for (i = 0; i < c.nrows; i++) {
		const pr_analysis_row *x = c.row[i].a;
		shares s;

		if (!x || x->nlaunches < 2)
			continue;
		row_shares(&s, x, c.row[i].tol,
			   pr_compare_seed(r->run_id, name) + i);
		rows++;
		launches = x->nlaunches > launches ? x->nlaunches : launches;
		sum[0] += s.same;
		sum[1] += s.scaled;
		least[0] = s.same < least[0] ? s.same : least[0];
		least[1] = s.scaled < least[1] ? s.scaled : least[1];
		if (!isnan(s.half)) {
			halves++;
			sum[2] += s.half;
			least[2] = s.half < least[2] ? s.half : least[2];
		}
	}
	if (rows) {
		printf("%-20s %-24s %5zu %8zu %6.2f %6.2f %6.2f %6.2f", name,
		       r->run_id, rows, launches, sum[0] / (double)rows,
		       least[0], sum[1] / (double)rows, least[1]);
		if (halves)
			printf(" %6.2f %6.2f (%zu rows)\n",
			       sum[2] / (double)halves, least[2], halves);
		else
			printf("   (no row of 12 launches)\n");
	}
	pr_comparison_free(&c);
	pr_analysis_free(&an);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
	DIR *d = opendir("experiments");
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, i;
	pr_error_scope quiet;

	if (!d) {
		fprintf(stderr, "bench_resample: no experiments/ here\n");
		return 0;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		names = pr_realloc(names, (n + 1) * sizeof(*names));
		names[n++] = pr_strdup(e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	pr_error_record(&quiet); /* an experiment without runs says nothing */
	printf("%-20s %-24s %5s %8s %13s %13s %13s\n", "experiment", "run",
	       "rows", "launches", "same: REPR", "1+2t: DIFF", "halves: REPR");
	printf("%-20s %-24s %5s %8s %6s %6s %6s %6s %6s %6s\n", "", "", "", "",
	       "mean", "least", "mean", "least", "mean", "least");
	for (i = 0; i < n; i++) {
		experiment(names[i]);
		free(names[i]);
	}
	free(names);
	pr_error_restore(&quiet);
	return 0;
}
