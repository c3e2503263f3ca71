/* samples.c - a run's non-warmup samples, sorted, and the observations
 * a row's selection takes from them (DESIGN 7) */
#include "analyze/analyze-internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/timings.h"

static int cmp_sample(const void *pa, const void *pb)
{
	const pr_sample *a = pa, *b = pb;

	CMP(a->config, b->config);
	CMP(a->phase, b->phase);
	CMP(a->device, b->device);
	CMP(a->bytes, b->bytes);
	CMP(a->rows, b->rows);
	CMP(a->launch, b->launch);
	CMP(a->rep, b->rep);
	CMP(a->rank, b->rank);
	return 0;
}

int pr_samples_cmp_rep(const void *pa, const void *pb)
{
	const pr_obs *a = pa, *b = pb;

	CMP(a->launch, b->launch);
	CMP(a->rep, b->rep);
	CMP(a->rank, b->rank);
	CMP(a->s, b->s);
	return 0;
}

/* The (launch, rep) that starts at o[i]: its arrival metrics over the
 * starts and ends of its samples, and how many distinct ranks it holds;
 * returns the index after it. o is sorted by pr_samples_cmp_rep; a and e have
 * room for n - i times. */
size_t pr_samples_rep(pr_arrival_metrics *out, size_t *nranks, const pr_obs *o,
		      size_t i, size_t n, int64_t *a, int64_t *e)
{
	size_t j;

	*nranks = 1;
	for (j = i; j < n && o[j].launch == o[i].launch && o[j].rep == o[i].rep;
	     j++) {
		a[j - i] = o[j].t0;
		e[j - i] = o[j].t1;
		*nranks += j > i && o[j].rank != o[j - 1].rank;
	}
	pr_arrival_metrics_of(out, a, e, j - i);
	return j;
}

static double reduced(pr_reduce reduce, const pr_arrival_metrics *x)
{
	switch (reduce) {
	case PR_REDUCE_AFTER_LAST_ARRIVAL:
		return x->after;
	case PR_REDUCE_ARRIVAL_SPREAD:
		return x->spread;
	default:
		return x->total;
	}
}

/* The phase (phase = 1) or device (0) of row r. */
static const char *name_of(const pr_timing *r, int phase)
{
	return phase ? r->phase : r->device;
}

/* The distinct phases (phase = 1) or devices (0) of the non-warmup rows,
 * sorted; the strings are borrowed from t. A run has a handful of them,
 * in long stretches of rows: each row is compared with the row before,
 * and only a new name is searched for among those already seen (a sort
 * of every row's name spent a tenth of an analysis of 331,200 samples
 * in strcmp). */
static const char **intern_table(size_t *n, const pr_timings *t, int phase)
{
	const char **v = NULL, *last = NULL, *s;
	size_t i, k, cap = 0;

	*n = 0;
	for (i = 0; i < t->nrows; i++) {
		if (t->row[i].warmup)
			continue;
		s = name_of(&t->row[i], phase);
		if (last && (s == last || !strcmp(s, last)))
			continue;
		last = s;
		for (k = 0; k < *n && strcmp(v[k], s); k++)
			;
		if (k < *n)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 8;
			v = pr_realloc(v, cap * sizeof(*v));
		}
		v[(*n)++] = s;
	}
	if (!v)
		v = pr_malloc(sizeof(*v));
	qsort(v, *n, sizeof(*v), pr_strcmp_ptr);
	return v;
}

/* Index of s in the sorted table, -1 when absent. */
static int lookup(const char **table, size_t n, const char *s)
{
	const char **p = bsearch(&s, table, n, sizeof(*table), pr_strcmp_ptr);

	return p ? (int)(p - table) : -1;
}

/* lookup, answered from the row before where it had the same name */
typedef struct {
	const char *name;
	int index;
} lookup_cache;

static int lookup_cached(lookup_cache *c, const char **table, size_t n,
			 const char *s)
{
	if (!c->name || (s != c->name && strcmp(s, c->name))) {
		c->name = s;
		c->index = lookup(table, n, s);
	}
	return c->index;
}

/* One operation of a sample that timed x->rows of them back to back. */
static void one_op(pr_sample_set *out, pr_sample *x)
{
	int64_t ops = x->rows > 1 ? x->rows : 1;

	if (out->ops_hi == 0 || ops < out->ops_lo)
		out->ops_lo = ops;
	if (ops > out->ops_hi)
		out->ops_hi = ops;
	x->s /= (double)ops;
	x->rows = 0;
}

void pr_samples_load(pr_sample_set *out, const pr_timings *t, int per_op)
{
	lookup_cache ph = {NULL, -1}, dev = {NULL, -1};
	size_t i;

	memset(out, 0, sizeof(*out));
	out->phase = intern_table(&out->nphase, t, 1);
	out->device = intern_table(&out->ndevice, t, 0);
	out->s = pr_malloc((t->nrows + 1) * sizeof(pr_sample));
	for (i = 0; i < t->nrows; i++) {
		const pr_timing *r = &t->row[i];
		pr_sample *x = &out->s[out->n];

		if (r->warmup)
			continue;
		x->config = r->config;
		x->phase =
		    lookup_cached(&ph, out->phase, out->nphase, r->phase);
		x->device =
		    lookup_cached(&dev, out->device, out->ndevice, r->device);
		x->launch = r->launch;
		x->rep = r->rep;
		x->rank = r->rank;
		x->bytes = r->bytes;
		x->rows = r->rows;
		x->t0 = r->t_start_ns;
		x->t1 = r->t_end_ns;
		x->s = pr_timing_seconds(r);
		if (per_op)
			one_op(out, x);
		out->n++;
	}
	qsort(out->s, out->n, sizeof(pr_sample), cmp_sample);
}

void pr_samples_free(pr_sample_set *s)
{
	free(s->s);
	free(s->phase);
	free(s->device);
}

/* First sample of (config, phase) or later. */
static size_t range_start(const pr_sample_set *S, int config, int phase)
{
	size_t lo = 0, hi = S->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const pr_sample *x = &S->s[mid];

		if (x->config < config ||
		    (x->config == config && x->phase < phase))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void pr_samples_obs(pr_obs *o, const pr_sample *x)
{
	o->launch = x->launch;
	o->rep = x->rep;
	o->rank = x->rank;
	o->t0 = x->t0;
	o->t1 = x->t1;
	o->s = x->s;
}

static int matches(const pr_sample *x, const pr_select *sel, int device)
{
	return (!sel->device || x->device == device) &&
	       (sel->bytes < 0 || x->bytes == sel->bytes) &&
	       (sel->rows < 0 || x->rows == sel->rows) &&
	       (sel->rank < 0 || x->rank == sel->rank);
}

/* The observations sel takes from S (caller frees *out). */
size_t pr_samples_select(pr_obs **out, const pr_sample_set *S,
			 const pr_select *sel)
{
	int phase = lookup(S->phase, S->nphase, sel->phase);
	int device =
	    sel->device ? lookup(S->device, S->ndevice, sel->device) : -1;
	size_t i, n = 0, k;
	int64_t *a, *e;
	pr_obs *o;

	*out = o = pr_malloc((S->n + 1) * sizeof(pr_obs));
	if (phase < 0 || (sel->device && device < 0))
		return 0;
	for (i = range_start(S, sel->config, phase);
	     i < S->n && S->s[i].config == sel->config &&
	     S->s[i].phase == phase;
	     i++) {
		if (!matches(&S->s[i], sel, device))
			continue;
		pr_samples_obs(&o[n++], &S->s[i]);
	}
	if (sel->reduce == PR_REDUCE_NONE || n == 0)
		return n;
	qsort(o, n, sizeof(pr_obs), pr_samples_cmp_rep);
	a = pr_malloc(n * sizeof(int64_t));
	e = pr_malloc(n * sizeof(int64_t));
	for (i = 0, k = 0; i < n; k++) {
		pr_arrival_metrics x;
		size_t nranks,
		    next = pr_samples_rep(&x, &nranks, o, i, n, a, e);

		o[k] = o[i];
		o[k].s = reduced(sel->reduce, &x);
		i = next;
	}
	free(a);
	free(e);
	return k;
}
