/* collective.c - the arrival decomposition of the collective phases and
 * the clock uncertainty that may refuse it (DESIGN 7) */
#include "analyze/analyze-internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/manifest.h"
#include "format/timings.h"

int pr_collective_phase(const char *phase)
{
	static const char *const names[] = {"allreduce", "allreduce_small",
					    "gatherv", "sendrecv"};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
		if (!strcmp(phase, names[i]))
			return 1;
	}
	return 0;
}

static int cmp_i64(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;

	return (a > b) - (a < b);
}

/* The clock uncertainty of one launch (ns; NAN: unknown). A launch is
 * (config, launch): each config numbers its launches from 0. */
typedef struct {
	int config, launch;
	double ns;
} launch_clock;

static int cmp_launch_clock(const void *pa, const void *pb)
{
	const launch_clock *a = pa, *b = pb;

	CMP(a->config, b->config);
	CMP(a->launch, b->launch);
	return 0;
}

/* The record of launch id of config c in m, or NULL. */
static json_t *launch_record(const pr_manifest *m, int c, int id)
{
	json_t *rec;
	size_t i;

	json_array_foreach(m ? m->launches : NULL, i, rec)
	{
		json_t *l = json_object_get(rec, "launch");
		json_t *k = json_object_get(rec, "config");

		if (json_is_integer(l) && json_integer_value(l) == id &&
		    json_is_integer(k) && json_integer_value(k) == c)
			return rec;
	}
	return NULL;
}

/*
 * The clock uncertainty of a launch from its record's ranks: the largest
 * clock_uncertainty_ns; a rank without one counts 0 when every rank has
 * the same host, else the launch's is unknown. -1: the record has no
 * ranks.
 */
static int record_clock(double *out, json_t *rec)
{
	json_t *ranks = json_object_get(json_object_get(rec, "ranks"), "ranks");
	json_t *x;
	const char *host = NULL;
	int missing = 0, hosts = 1;
	size_t i;

	if (!json_array_size(ranks))
		return -1;
	*out = 0;
	json_array_foreach(ranks, i, x)
	{
		json_t *u = json_object_get(x, "clock_uncertainty_ns");
		const char *h = json_string_value(json_object_get(x, "host"));

		if (json_is_number(u) && json_number_value(u) >= 0)
			*out = fmax(*out, json_number_value(u));
		else
			missing = 1;
		if (!h || (host && strcmp(h, host)))
			hosts = 0;
		host = h ? h : host;
	}
	if (missing && !hosts)
		*out = NAN;
	return 0;
}

/* The clock uncertainty of every launch of t: from m's launch records,
 * or without one from the hosts of t's rows (one host: 0). Sorted. */
static launch_clock *clocks_of(size_t *n, const pr_timings *t,
			       const pr_manifest *m)
{
	launch_clock *c = pr_malloc((t->nrows + 1) * sizeof(*c));
	size_t i, k;

	*n = 0;
	for (i = 0; i < t->nrows; i++) {
		c[*n].config = t->row[i].config;
		c[*n].launch = t->row[i].launch;
		c[(*n)++].ns = 0;
	}
	qsort(c, *n, sizeof(*c), cmp_launch_clock);
	for (i = 0, k = 0; i < *n; i++) {
		if (k == 0 || cmp_launch_clock(&c[k - 1], &c[i]))
			c[k++] = c[i];
	}
	*n = k;
	for (k = 0; k < *n; k++) {
		const char *host = NULL;

		if (record_clock(&c[k].ns, launch_record(m, c[k].config,
							 c[k].launch)) == 0)
			continue;
		for (i = 0; i < t->nrows; i++) {
			const pr_timing *r = &t->row[i];

			if (r->launch != c[k].launch ||
			    r->config != c[k].config)
				continue;
			if (host && strcmp(r->host, host)) {
				c[k].ns = NAN;
				break;
			}
			host = r->host;
		}
	}
	return c;
}

/* The uncertainty of launch id of config cfg: NAN when unknown. */
static double clock_of(const launch_clock *c, size_t n, int cfg, int id)
{
	launch_clock key = {cfg, id, 0};
	const launch_clock *p =
	    bsearch(&key, c, n, sizeof(*c), cmp_launch_clock);

	return p ? p->ns : NAN;
}

/* The decomposition of the samples [i, end) of one collective (config,
 * phase) of `bytes` (-1: every size); 0 when no (launch, rep) holds 2
 * ranks. */
static int arrival_of(pr_arrival *out, const pr_sample_set *S, size_t i,
		      size_t end, int64_t bytes, const launch_clock *clk,
		      size_t nclk)
{
	pr_obs *o = pr_malloc((end - i + 1) * sizeof(pr_obs));
	int64_t *a = pr_malloc((end - i + 1) * sizeof(int64_t));
	int64_t *e = pr_malloc((end - i + 1) * sizeof(int64_t));
	pr_obs *v[3];
	size_t n = 0, k, m = 0, q;

	for (k = i; k < end; k++)
		if (bytes < 0 || S->s[k].bytes == bytes)
			pr_samples_obs(&o[n++], &S->s[k]);
	qsort(o, n, sizeof(pr_obs), pr_samples_cmp_rep);
	for (q = 0; q < 3; q++)
		v[q] = pr_malloc((n + 1) * sizeof(pr_obs));
	for (k = 0; k < n;) {
		pr_arrival_metrics x;
		size_t nranks,
		    next = pr_samples_rep(&x, &nranks, o, k, n, a, e);

		if (nranks >= 2) {
			for (q = 0; q < 3; q++)
				v[q][m] = o[k];
			v[0][m].s = x.spread;
			v[1][m].s = x.after;
			v[2][m++].s = x.total;
		}
		k = next;
	}
	memset(out, 0, sizeof(*out));
	if (m) {
		pr_analysis_row *rows[3] = {&out->spread, &out->after,
					    &out->total};

		for (q = 0; q < 3; q++) {
			rows[q]->sel.config = S->s[i].config;
			rows[q]->sel.phase = pr_strdup(S->phase[S->s[i].phase]);
			rows[q]->sel.bytes = bytes;
			rows[q]->sel.rows = -1;
			rows[q]->sel.rank = -1;
			rows[q]->verdict = PR_NO_PREDICTION;
			pr_row_summarize(rows[q], v[q], m);
		}
		out->share = out->total.stat > 0
				 ? out->spread.stat / out->total.stat
				 : NAN;
		for (k = 0; k < out->spread.nlaunches; k++)
			out->clock_ns = fmax(out->clock_ns,
					     clock_of(clk, nclk, S->s[i].config,
						      out->spread.launch[k]));
		for (k = 0; k < out->spread.nlaunches; k++) {
			if (isnan(clock_of(clk, nclk, S->s[i].config,
					   out->spread.launch[k])))
				out->clock_ns = NAN;
		}
		out->refused = isnan(out->clock_ns) ||
			       out->spread.stat < out->clock_ns * 1e-9;
	}
	for (q = 0; q < 3; q++)
		free(v[q]);
	free(a);
	free(e);
	free(o);
	return m > 0;
}

static void add_arrival(pr_analysis_run *out, const pr_sample_set *S, size_t i,
			size_t end, int64_t bytes, const launch_clock *clk,
			size_t nclk)
{
	out->arrival =
	    pr_realloc(out->arrival, (out->narrivals + 1) * sizeof(pr_arrival));
	if (arrival_of(&out->arrival[out->narrivals], S, i, end, bytes, clk,
		       nclk))
		out->narrivals++;
}

/* One decomposition per message size of the collective [i, end): each
 * call moves one size on every rank; a Gatherv's ranks send different
 * sizes in one call, so it is one decomposition over all of them. */
static void arrivals_of(pr_analysis_run *out, const pr_sample_set *S, size_t i,
			size_t end, const launch_clock *clk, size_t nclk)
{
	int64_t *sizes = pr_malloc((end - i + 1) * sizeof(int64_t));
	size_t n = 0, k, j;

	if (!strcmp(S->phase[S->s[i].phase], "gatherv")) {
		add_arrival(out, S, i, end, -1, clk, nclk);
		free(sizes);
		return;
	}
	for (k = i; k < end; k++) {
		for (j = 0; j < n && sizes[j] != S->s[k].bytes; j++)
			;
		if (j == n)
			sizes[n++] = S->s[k].bytes;
	}
	qsort(sizes, n, sizeof(int64_t), cmp_i64);
	for (j = 0; j < n; j++)
		add_arrival(out, S, i, end, sizes[j], clk, nclk);
	free(sizes);
}

/* The decomposition of every collective (config, phase) of S. */
void pr_collective_build(pr_analysis_run *out, const pr_sample_set *S,
			 const pr_timings *t, const pr_manifest *m)
{
	size_t nclk, i = 0, end;
	launch_clock *clk = clocks_of(&nclk, t, m);

	for (; i < S->n; i = end) {
		for (end = i;
		     end < S->n && S->s[end].config == S->s[i].config &&
		     S->s[end].phase == S->s[i].phase;
		     end++)
			;
		if (pr_collective_phase(S->phase[S->s[i].phase]))
			arrivals_of(out, S, i, end, clk, nclk);
	}
	free(clk);
}

/* The decomposition of (config, phase) at the row's size (its only one
 * when the row names none), or NULL. */
const pr_arrival *pr_collective_find(const pr_analysis_run *r,
				     const pr_select *sel)
{
	const pr_arrival *found = NULL;
	size_t i, n = 0;

	for (i = 0; i < r->narrivals; i++) {
		const pr_select *a = &r->arrival[i].spread.sel;

		if (a->config != sel->config || strcmp(a->phase, sel->phase))
			continue;
		if (a->bytes < 0 || a->bytes == sel->bytes)
			return &r->arrival[i];
		found = &r->arrival[i];
		n++;
	}
	return sel->bytes < 0 && n == 1 ? found : NULL;
}
