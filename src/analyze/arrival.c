/* arrival.c - arrival metrics per call and the PAP-aware Allreduce
 * against the best built-in one (DESIGN 7) */
#include "analyze/arrival.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/compare.h"
#include "base/stats.h"
#include "base/util.h"
#include "format/manifest.h"
#include "format/timings.h"

/* b - a in seconds, also where the int64 difference overflows. */
static double ns_diff(int64_t a, int64_t b)
{
	int64_t d;

	if (__builtin_sub_overflow(b, a, &d))
		return ((double)b - (double)a) * 1e-9;
	return (double)d * 1e-9;
}

int pr_arrival_metrics_of(pr_arrival_metrics *out, const int64_t *a_ns,
			  const int64_t *e_ns, size_t p)
{
	int64_t amin, amax, emax;
	double mean = 0.0, dev = 0.0;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (p == 0)
		return PR_EINPUT;
	amin = amax = a_ns[0];
	emax = e_ns[0];
	for (i = 1; i < p; i++) {
		amin = a_ns[i] < amin ? a_ns[i] : amin;
		amax = a_ns[i] > amax ? a_ns[i] : amax;
		emax = e_ns[i] > emax ? e_ns[i] : emax;
	}
	for (i = 0; i < p; i++)
		mean += ns_diff(amin, a_ns[i]);
	mean /= (double)p;
	for (i = 0; i < p; i++)
		dev += fabs(ns_diff(amin, a_ns[i]) - mean);
	out->spread = ns_diff(amin, amax);
	out->mad = dev / (double)p;
	out->total = ns_diff(amin, emax);
	out->after = ns_diff(amax, emax);
	return PR_OK;
}

double pr_arrival_imbalance(double spread_s, double t_msg_s)
{
	if (!isfinite(t_msg_s) || t_msg_s <= 0)
		return NAN;
	return spread_s / t_msg_s;
}

pr_pap_outcome pr_pap_outcome_of(double lo, double hi)
{
	if (isnan(lo) || isnan(hi))
		return PR_PAP_UNKNOWN;
	if (hi < 1)
		return PR_PAP_BEAT;
	return lo > 1 ? PR_PAP_LOST : PR_PAP_TIED;
}

char *pr_pap_sentence(pr_pap_outcome o, const char *best, double ratio,
		      double lo, double hi)
{
	switch (o) {
	case PR_PAP_BEAT:
		return pr_asprintf("beat %s by %.3g%% [%.3g%%, %.3g%%]", best,
				   100 * (1 - ratio), 100 * (1 - hi),
				   100 * (1 - lo));
	case PR_PAP_LOST:
		return pr_asprintf("lost to %s by %.3g%% [%.3g%%, %.3g%%]",
				   best, 100 * (ratio - 1), 100 * (lo - 1),
				   100 * (hi - 1));
	case PR_PAP_TIED:
		return pr_asprintf("tied with %s (ratio %.3g [%.3g, %.3g]: the "
				   "interval contains 1)",
				   best, ratio, lo, hi);
	default:
		return pr_asprintf("no comparison with %s (no interval)", best);
	}
}

/* One sample of the study's phases. */
typedef struct {
	int config, phase, launch, rep, rank; /* phase: 0 allreduce, 1 step */
	int64_t bytes, a, e;
} call_sample;

#define CMP(a, b)                                                              \
	do {                                                                   \
		if ((a) != (b))                                                \
			return (a) < (b) ? -1 : 1;                             \
	} while (0)

static int cmp_call_sample(const void *pa, const void *pb)
{
	const call_sample *x = pa, *y = pb;

	CMP(x->config, y->config);
	CMP(x->phase, y->phase);
	CMP(x->bytes, y->bytes);
	CMP(x->launch, y->launch);
	CMP(x->rep, y->rep);
	CMP(x->rank, y->rank);
	return 0;
}

static const char *const study_phases[] = {"allreduce", "step"};

static int same_call(const call_sample *x, const call_sample *y)
{
	return x->config == y->config && x->phase == y->phase &&
	       x->bytes == y->bytes && x->launch == y->launch &&
	       x->rep == y->rep;
}

static int same_series(const call_sample *x, const call_sample *y)
{
	return x->config == y->config && x->phase == y->phase &&
	       x->bytes == y->bytes;
}

/* The per-launch medians, their median, its interval, CV and max/min of
 * values v (launch[i] the launch of v[i]), as the analysis' rows. */
static void summarize(pr_analysis_row *r, int config, const char *phase,
		      const int *launch, const double *v, size_t n)
{
	double *w;

	memset(r, 0, sizeof(*r));
	r->sel.config = config;
	r->sel.phase = pr_strdup(phase);
	r->sel.bytes = r->sel.rows = -1;
	r->sel.rank = -1;
	r->verdict = PR_NO_PREDICTION;
	r->n = n;
	r->stat = r->cv = r->max_min = NAN;
	if (n == 0)
		return;
	r->launch = pr_malloc(n * sizeof(int));
	r->launch_med = pr_malloc(n * sizeof(double));
	r->stat = pr_stats_decision(r->launch, r->launch_med, &r->nlaunches,
				    launch, v, n);
	r->cv = pr_stats_cv(r->launch_med, r->nlaunches);
	r->max_min = pr_stats_max_min(r->launch_med, r->nlaunches);
	w = pr_malloc(r->nlaunches * sizeof(double));
	memcpy(w, r->launch_med, r->nlaunches * sizeof(double));
	pr_stats_median_ci(&r->ci, w, r->nlaunches);
	free(w);
}

static void row_free(pr_analysis_row *r)
{
	free(r->sel.phase);
	free(r->launch);
	free(r->launch_med);
}

/* The prediction's one-way time of one message of `bytes` under config c
 * (a cell's "t_msg_s"); NAN when it has none. */
static double t_msg_of(const json_t *pred, int c, int64_t bytes)
{
	json_t *x;
	size_t i;

	json_array_foreach(json_object_get(pred, "cells"), i, x)
	{
		json_t *t = json_object_get(x, "t_msg_s");

		if (json_is_number(t) &&
		    json_integer_value(json_object_get(x, "config")) == c &&
		    json_integer_value(json_object_get(x, "bytes")) == bytes)
			return json_number_value(t);
	}
	return NAN;
}

/* The metrics of one series s[0..n) (sorted calls) into row. */
static void series_row(pr_pap_row *row, const call_sample *s, size_t n,
		       const json_t *pred)
{
	int64_t *a = pr_malloc((n + 1) * sizeof(int64_t));
	int64_t *e = pr_malloc((n + 1) * sizeof(int64_t));
	int *launch = pr_malloc((n + 1) * sizeof(int));
	double *v[5];
	pr_analysis_row *out[5] = {&row->spread, &row->mad, &row->imbalance,
				   &row->after, &row->total};
	const char *phase = study_phases[s[0].phase];
	size_t i, j, k, m = 0, q;

	for (q = 0; q < 5; q++)
		v[q] = pr_malloc((n + 1) * sizeof(double));
	row->config = s[0].config;
	row->bytes = s[0].bytes;
	row->t_msg_s =
	    s[0].phase == 0 ? t_msg_of(pred, s[0].config, s[0].bytes) : NAN;
	for (i = 0; i < n; i = j) {
		pr_arrival_metrics x;

		for (j = i, k = 0; j < n && same_call(&s[j], &s[i]); j++, k++) {
			a[k] = s[j].a;
			e[k] = s[j].e;
		}
		pr_arrival_metrics_of(&x, a, e, k);
		launch[m] = s[i].launch;
		v[0][m] = x.spread;
		v[1][m] = x.mad;
		v[2][m] = pr_arrival_imbalance(x.spread, row->t_msg_s);
		v[3][m] = x.after;
		v[4][m++] = x.total;
	}
	for (q = 0; q < 5; q++)
		summarize(out[q], row->config, phase, launch, v[q],
			  q == 2 && isnan(row->t_msg_s) ? 0 : m);
	for (q = 0; q < 5; q++)
		free(v[q]);
	free(a);
	free(e);
	free(launch);
}

/* The samples of the study's phases (warmups left out), sorted. */
static size_t call_samples(call_sample **out, const pr_timings *t,
			   size_t nconfigs)
{
	call_sample *s = pr_malloc((t->nrows + 1) * sizeof(call_sample));
	size_t i, n = 0;
	int ph;

	for (i = 0; i < t->nrows; i++) {
		const pr_timing *x = &t->row[i];

		if (x->warmup || x->config < 0 || (size_t)x->config >= nconfigs)
			continue;
		if (!strcmp(x->phase, study_phases[0]))
			ph = 0;
		else if (!strcmp(x->phase, study_phases[1]))
			ph = 1;
		else
			continue;
		s[n].config = x->config;
		s[n].phase = ph;
		s[n].launch = x->launch;
		s[n].rep = x->rep;
		s[n].rank = x->rank;
		s[n].bytes = x->bytes;
		s[n].a = x->t_start_ns;
		s[n++].e = x->t_end_ns;
	}
	qsort(s, n, sizeof(call_sample), cmp_call_sample);
	*out = s;
	return n;
}

/* Do configs p and q of m differ in the algorithm alone? */
static int twins(const pr_manifest *m, size_t p, size_t q)
{
	json_t *a = json_array_get(m->configs, p);
	json_t *b = json_array_get(m->configs, q);
	const char *key;
	json_t *v;

	if (json_object_size(a) != json_object_size(b))
		return 0;
	json_object_foreach(a, key, v)
	{
		if (strcmp(key, "algorithm") && strcmp(key, "config") &&
		    !json_equal(v, json_object_get(b, key)))
			return 0;
	}
	return 1;
}

static int is_pap(const pr_pap_study *s, size_t c)
{
	return s->algorithm[c] && !strcmp(s->algorithm[c], "pap");
}

/* Row of (config, phase, bytes), or NULL. */
static const pr_pap_row *row_at(const pr_pap_study *s, int c, const char *ph,
				int64_t bytes)
{
	size_t i;

	for (i = 0; i < s->nrows; i++)
		if (s->row[i].config == c && s->row[i].bytes == bytes &&
		    !strcmp(s->row[i].total.sel.phase, ph))
			return &s->row[i];
	return NULL;
}

static void add_gain(pr_pap_study *s, const pr_manifest *m, const pr_pap_row *x,
		     uint64_t seed)
{
	const pr_analysis_row *p = &x->total, *b = NULL;
	pr_pap_gain *g;
	size_t q;

	s->gain = pr_realloc(s->gain, (s->ngains + 1) * sizeof(*s->gain));
	g = &s->gain[s->ngains];
	memset(g, 0, sizeof(*g));
	g->pap = x->config;
	g->best = -1;
	g->phase = strcmp(p->sel.phase, "step") ? "allreduce" : "step";
	g->bytes = x->bytes;
	g->ratio = g->lo = g->hi = NAN;
	for (q = 0; q < s->nconfigs; q++) {
		const pr_pap_row *y;

		if (is_pap(s, q) || !twins(m, (size_t)x->config, q) ||
		    !(y = row_at(s, (int)q, g->phase, x->bytes)) ||
		    !y->total.nlaunches)
			continue;
		g->nbuiltins++;
		if (!b || y->total.stat < b->stat) {
			b = &y->total;
			g->best = (int)q;
		}
	}
	if (b && p->nlaunches && b->stat > 0) {
		g->ratio = p->stat / b->stat;
		if (pr_stats_ratio_boot(&g->lo, &g->hi, b->launch_med,
					b->nlaunches, p->launch_med,
					p->nlaunches, PR_COMPARE_NBOOT,
					seed + s->ngains) < 0)
			g->lo = g->hi = NAN;
		g->few_launches = b->nlaunches < 6 || p->nlaunches < 6;
	}
	g->outcome = pr_pap_outcome_of(g->lo, g->hi);
	g->sentence = pr_pap_sentence(g->outcome,
				      g->best >= 0 && s->algorithm[g->best]
					  ? s->algorithm[g->best]
					  : "no built-in algorithm",
				      g->ratio, g->lo, g->hi);
	s->ngains++;
}

static int has_key(const pr_manifest *m, const char *key, const char *value)
{
	size_t c;

	for (c = 0; c < json_array_size(m->configs); c++) {
		const char *v = pr_manifest_config(m, c, key);

		if (v && (!value || !strcmp(v, value)))
			return 1;
	}
	return 0;
}

static void build_rows(pr_pap_study *s, const pr_timings *t, const json_t *pred)
{
	call_sample *cs;
	size_t n = call_samples(&cs, t, s->nconfigs), i, j;

	s->row = pr_calloc(n + 1, sizeof(pr_pap_row));
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && same_series(&cs[j], &cs[i]); j++)
			;
		series_row(&s->row[s->nrows], cs + i, j - i, pred);
		s->has_imbalance |= !isnan(s->row[s->nrows].t_msg_s);
		s->nrows++;
	}
	free(cs);
}

int pr_pap_applies(const pr_manifest *m)
{
	return m &&
	       (has_key(m, "pattern", NULL) || has_key(m, "algorithm", "pap"));
}

pr_pap_study *pr_pap_build(const pr_analysis_run *r, const pr_timings *t,
			   const pr_manifest *m, const json_t *pred)
{
	pr_pap_study *s;
	uint64_t seed;
	size_t c, i;

	if (!pr_pap_applies(m))
		return NULL;
	s = pr_calloc(1, sizeof(*s));
	s->workload = m->workload.name ? pr_strdup(m->workload.name) : NULL;
	s->nconfigs = json_array_size(m->configs);
	s->algorithm = pr_calloc(s->nconfigs + 1, sizeof(char *));
	s->pattern = pr_calloc(s->nconfigs + 1, sizeof(char *));
	for (c = 0; c < s->nconfigs; c++) {
		const char *a = pr_manifest_config(m, c, "algorithm");
		const char *p = pr_manifest_config(m, c, "pattern");

		s->algorithm[c] = a ? pr_strdup(a) : NULL;
		s->pattern[c] = p ? pr_strdup(p) : NULL;
	}
	build_rows(s, t, pred);
	seed = pr_compare_seed(r->run_id ? r->run_id : "", "pap");
	for (i = 0; i < s->nrows; i++)
		if (is_pap(s, (size_t)s->row[i].config))
			add_gain(s, m, &s->row[i], seed);
	return s;
}

void pr_pap_study_free(pr_pap_study *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nconfigs; i++) {
		free(s->algorithm[i]);
		free(s->pattern[i]);
	}
	for (i = 0; i < s->nrows; i++) {
		row_free(&s->row[i].spread);
		row_free(&s->row[i].mad);
		row_free(&s->row[i].imbalance);
		row_free(&s->row[i].after);
		row_free(&s->row[i].total);
	}
	for (i = 0; i < s->ngains; i++)
		free(s->gain[i].sentence);
	free(s->workload);
	free(s->algorithm);
	free(s->pattern);
	free(s->row);
	free(s->gain);
	free(s);
}

const pr_pap_study *pr_pap_study_of(const pr_analysis_run *r)
{
	return r->study[PR_STUDY_PAP];
}
