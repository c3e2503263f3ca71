/* rows.c - the analysis' rows: samples grouped per (config, phase), the
 * cells' rows and their verdicts, sorted into the table (DESIGN 7) */
#include "analyze/analyze-internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Per-launch medians, their median, its CI over the launches, CV and
 * max/min. */
void pr_row_summarize(pr_analysis_row *r, const pr_obs *o, size_t n)
{
	double *v;
	int *launch;
	size_t i;

	r->n = n;
	r->stat = r->cv = r->max_min = NAN;
	if (n == 0)
		return;
	r->launch = pr_malloc(n * sizeof(int));
	r->launch_med = pr_malloc(n * sizeof(double));
	v = pr_malloc(n * sizeof(double));
	launch = pr_malloc(n * sizeof(int));
	for (i = 0; i < n; i++) {
		launch[i] = o[i].launch;
		v[i] = o[i].s;
	}
	r->stat = pr_stats_decision(r->launch, r->launch_med, &r->nlaunches,
				    launch, v, n);
	r->cv = pr_stats_cv(r->launch_med, r->nlaunches);
	r->max_min = pr_stats_max_min(r->launch_med, r->nlaunches);
	memcpy(v, r->launch_med, r->nlaunches * sizeof(double));
	pr_stats_median_ci(&r->ci, v, r->nlaunches);
	free(launch);
	free(v);
}

void pr_select_copy(pr_select *out, const pr_select *in)
{
	*out = *in;
	out->phase = pr_strdup(in->phase);
	out->device = in->device ? pr_strdup(in->device) : NULL;
}

int pr_select_cmp(const pr_select *a, const pr_select *b)
{
	int c;

	CMP(a->config, b->config);
	if ((c = strcmp(a->phase, b->phase)) != 0)
		return c;
	if (!a->device != !b->device)
		return a->device ? 1 : -1;
	if (a->device && (c = strcmp(a->device, b->device)) != 0)
		return c;
	CMP(a->bytes, b->bytes);
	CMP(a->rows, b->rows);
	CMP(a->rank, b->rank);
	CMP(a->reduce, b->reduce);
	return 0;
}

static int cmp_row(const void *pa, const void *pb)
{
	const pr_analysis_row *a = pa, *b = pb;
	int c = pr_select_cmp(&a->sel, &b->sel);

	if (c)
		return c;
	if (!a->cell != !b->cell)
		return a->cell ? -1 : 1;
	return a->cell == b->cell ? 0 : (a->cell < b->cell ? -1 : 1);
}

size_t pr_rows_first(const pr_analysis_row *row, size_t n, const pr_select *s)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (pr_select_cmp(&row[mid].sel, s) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && !pr_select_cmp(&row[lo].sel, s) ? lo : n;
}

double pr_rows_widest_cv(const pr_analysis_row *row, size_t n,
			 const char *phase, const pr_analysis_row **which)
{
	const pr_analysis_row *w = NULL;
	double cv = 0, x;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!row[i].sel.phase || strcmp(row[i].sel.phase, phase))
			continue;
		x = pr_stats_robust_cv(row[i].launch_med, row[i].nlaunches);
		if (isfinite(x) && x > cv) {
			cv = x;
			w = &row[i];
		}
	}
	if (which)
		*which = w;
	return cv;
}

double pr_run_widest_cell_cv(const pr_analysis_run *r, const char *phase,
			     const pr_analysis_row **which)
{
	const pr_analysis_row *w = NULL;
	double cv = 0, x;
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		if (!r->row[i].cell)
			continue;
		x = pr_rows_widest_cv(&r->row[i], 1, phase, NULL);
		if (x > cv) {
			cv = x;
			w = &r->row[i];
		}
	}
	if (which)
		*which = w;
	return cv;
}

double pr_run_widest_cv(const pr_analysis_run *r, const char *phase,
			const pr_analysis_row **which)
{
	const pr_analysis_row *a, *b;
	double in_rows = pr_rows_widest_cv(r->row, r->nrows, phase, &a);
	double in_groups = pr_rows_widest_cv(r->group, r->ngroups, phase, &b);

	if (which)
		*which = in_rows >= in_groups ? a : b;
	return fmax(in_rows, in_groups);
}

void pr_row_free(pr_analysis_row *r)
{
	free(r->sel.phase);
	free(r->sel.device);
	free(r->launch);
	free(r->launch_med);
}

static void row_copy(pr_analysis_row *out, const pr_analysis_row *in)
{
	*out = *in;
	pr_select_copy(&out->sel, &in->sel);
	out->launch = NULL;
	out->launch_med = NULL;
	if (in->nlaunches) {
		out->launch = pr_malloc(in->nlaunches * sizeof(int));
		out->launch_med = pr_malloc(in->nlaunches * sizeof(double));
		memcpy(out->launch, in->launch, in->nlaunches * sizeof(int));
		memcpy(out->launch_med, in->launch_med,
		       in->nlaunches * sizeof(double));
	}
}

/* Does any sample in [i, end) differ from S->s[i] in field f? */
#define VARIES(f)                                                              \
	static int varies_##f(const pr_sample_set *S, size_t i, size_t end)    \
	{                                                                      \
		size_t k;                                                      \
		for (k = i + 1; k < end; k++) {                                \
			if (S->s[k].f != S->s[i].f)                            \
				return 1;                                      \
		}                                                              \
		return 0;                                                      \
	}
VARIES(device)
VARIES(bytes)
VARIES(rows)

/* Groups of samples per (config, phase), split by device, bytes and rows
 * where they vary inside it. */
void pr_row_groups(pr_analysis_run *out, const pr_sample_set *S)
{
	size_t i = 0, end, j, k, cap = 16;
	pr_obs *o = pr_malloc((S->n + 1) * sizeof(pr_obs));

	out->group = pr_malloc(cap * sizeof(pr_analysis_row));
	while (i < S->n) {
		int dev, byt, row;

		for (end = i;
		     end < S->n && S->s[end].config == S->s[i].config &&
		     S->s[end].phase == S->s[i].phase;
		     end++)
			;
		dev = varies_device(S, i, end);
		byt = varies_bytes(S, i, end);
		row = varies_rows(S, i, end);
		for (j = i; j < end; j = k) {
			const pr_sample *x = &S->s[j];
			pr_analysis_row *g;
			size_t n = 0;

			for (k = j;
			     k < end && (!dev || S->s[k].device == x->device) &&
			     (!byt || S->s[k].bytes == x->bytes) &&
			     (!row || S->s[k].rows == x->rows);
			     k++)
				pr_samples_obs(&o[n++], &S->s[k]);
			if (out->ngroups == cap) {
				cap *= 2;
				out->group = pr_realloc(
				    out->group, cap * sizeof(pr_analysis_row));
			}
			g = &out->group[out->ngroups++];
			memset(g, 0, sizeof(*g));
			g->sel.config = x->config;
			g->sel.phase = pr_strdup(S->phase[x->phase]);
			g->sel.device =
			    dev ? pr_strdup(S->device[x->device]) : NULL;
			g->sel.bytes = byt ? x->bytes : -1;
			g->only_bytes = x->bytes; /* k's samples share it */
			g->sel.rows = row ? x->rows : -1;
			g->sel.rank = -1;
			g->verdict = PR_NO_PREDICTION;
			pr_row_summarize(g, o, n);
		}
		i = end;
	}
	free(o);
}

static pr_verdict verdict_of(const char **why, const pr_analysis_row *r,
			     pr_rule rule)
{
	const pr_cell *c = r->cell;

	*why = NULL;
	if (!c)
		return PR_NO_PREDICTION;
	if (r->n == 0)
		return PR_NO_DATA;
	if (rule == PR_RULE_INTERVAL)
		return pr_verdict_interval(why, r->ci.lo, r->ci.hi,
					   r->ci.coverage, c->lo_s, c->hi_s);
	return c->lo_s <= r->stat && r->stat <= c->hi_s ? PR_PASS : PR_FAIL;
}

/* The table: the cells, then the groups of unpredicted (config, phase). */
void pr_row_table(pr_analysis_run *out, const pr_sample_set *S,
		  const pr_cell *cells, size_t ncells, pr_rule rule)
{
	size_t i, k;
	pr_obs *o;

	out->row =
	    pr_malloc((ncells + out->ngroups + 1) * sizeof(pr_analysis_row));
	for (i = 0; i < ncells; i++) {
		pr_analysis_row *r = &out->row[out->nrows++];
		size_t n = pr_samples_select(&o, S, &cells[i].sel);

		memset(r, 0, sizeof(*r));
		pr_select_copy(&r->sel, &cells[i].sel);
		r->cell = &cells[i];
		pr_row_summarize(r, o, n);
		free(o);
	}
	for (i = 0; i < out->ngroups; i++) {
		const pr_select *g = &out->group[i].sel;

		for (k = 0; k < ncells; k++) {
			if (cells[k].sel.config == g->config &&
			    !strcmp(cells[k].sel.phase, g->phase))
				break;
		}
		if (k == ncells)
			row_copy(&out->row[out->nrows++], &out->group[i]);
	}
	qsort(out->row, out->nrows, sizeof(pr_analysis_row), cmp_row);
	for (i = 0; i < out->nrows; i++) {
		out->row[i].verdict =
		    verdict_of(&out->row[i].why, &out->row[i], rule);
		out->count[out->row[i].verdict]++;
	}
}
