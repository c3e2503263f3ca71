/* analyze.c - the decision statistic, its CI and the verdict of every
 * prediction cell, recomputed from a run's raw timings (DESIGN 7) */
#include "analyze/analyze.h"
#include "analyze/arrival.h"
#include "analyze/inflation.h"

#include <errno.h>
#include <git2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format/archive.h"
#include "format/manifest.h"
#include "format/timings.h"
#include "base/text.h"
#include "base/util.h"
#include "repo/git.h"
#include "predict/models.h"
#include "repo/paths.h"

static const char *const verdict_names[] = {"PASS", "FAIL", "INCONCLUSIVE",
					    "NO-PREDICTION", "NO-DATA"};

const char *pr_verdict_name(pr_verdict v)
{
	return v < PR_NVERDICTS ? verdict_names[v] : "?";
}

pr_rule pr_rule_of(const json_t *pred)
{
	const char *rule = json_string_value(
	    json_object_get(json_object_get(pred, "decision_rule"), "rule"));

	return rule && !strcmp(rule, "interval") ? PR_RULE_INTERVAL
						 : PR_RULE_POINT;
}

pr_verdict pr_verdict_interval(const char **why, double c_lo, double c_hi,
			       double q, double lo_s, double hi_s)
{
	const char *reason = NULL;
	pr_verdict v = PR_PASS;

	if (c_hi < lo_s || c_lo > hi_s)
		v = PR_FAIL;
	else if (q < 0.95)
		reason = "fewer than 6 launches: no 95% interval";
	else if (c_hi - c_lo > hi_s - lo_s)
		reason = "interval wider than the band";
	if (reason)
		v = PR_INCONCLUSIVE;
	if (why)
		*why = reason;
	return v;
}

int pr_phase_collective(const char *phase)
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

/* A non-warmup sample; phase and device index sorted string tables. */
typedef struct {
	int config, phase, device, launch, rep, rank;
	int64_t bytes, rows;
	int64_t t0, t1; /* t_start_ns, t_end_ns */
	double s;
} sample;

typedef struct {
	sample *s;
	size_t n;
	const char **phase, **device; /* borrowed from the timings */
	size_t nphase, ndevice;
} sample_set;

/* An observation: one sample's duration, or what a reduce makes of the
 * samples of one (launch, rep). */
typedef struct {
	int launch, rep, rank;
	int64_t t0, t1;
	double s;
} obs;

#define CMP(a, b)                                                              \
	do {                                                                   \
		if ((a) != (b))                                                \
			return (a) < (b) ? -1 : 1;                             \
	} while (0)

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_sample(const void *pa, const void *pb)
{
	const sample *a = pa, *b = pb;

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

static int cmp_i64(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;

	return (a > b) - (a < b);
}

static int cmp_obs_rep(const void *pa, const void *pb)
{
	const obs *a = pa, *b = pb;

	CMP(a->launch, b->launch);
	CMP(a->rep, b->rep);
	CMP(a->rank, b->rank);
	CMP(a->s, b->s);
	return 0;
}

/* b - a in seconds, also where the int64 difference overflows. */
static double ns_diff(int64_t a, int64_t b)
{
	int64_t d;

	if (__builtin_sub_overflow(b, a, &d))
		return ((double)b - (double)a) * 1e-9;
	return (double)d * 1e-9;
}

/* The times of one (launch, rep): its first and last start, last end,
 * and how many distinct ranks it holds. o is sorted by cmp_obs_rep. */
typedef struct {
	int64_t first, last, end;
	size_t nranks;
} rep_times;

/* The (launch, rep) that starts at o[i]; returns the index after it. */
static size_t rep_at(rep_times *out, const obs *o, size_t i, size_t n)
{
	size_t j;

	out->first = out->last = o[i].t0;
	out->end = o[i].t1;
	out->nranks = 1;
	for (j = i + 1;
	     j < n && o[j].launch == o[i].launch && o[j].rep == o[i].rep; j++) {
		out->first = o[j].t0 < out->first ? o[j].t0 : out->first;
		out->last = o[j].t0 > out->last ? o[j].t0 : out->last;
		out->end = o[j].t1 > out->end ? o[j].t1 : out->end;
		out->nranks += o[j].rank != o[j - 1].rank;
	}
	return j;
}

static double reduced(pr_reduce reduce, const rep_times *t)
{
	switch (reduce) {
	case PR_REDUCE_AFTER_LAST_ARRIVAL:
		return ns_diff(t->last, t->end);
	case PR_REDUCE_ARRIVAL_SPREAD:
		return ns_diff(t->first, t->last);
	default:
		return ns_diff(t->first, t->end);
	}
}

/* The distinct phases (phase = 1) or devices (0) of the non-warmup rows,
 * sorted; the strings are borrowed from t. */
static const char **intern_table(size_t *n, const pr_timings *t, int phase)
{
	const char **v = pr_malloc((t->nrows + 1) * sizeof(*v));
	size_t i, k = 0;

	for (i = 0; i < t->nrows; i++) {
		if (!t->row[i].warmup)
			v[k++] = phase ? t->row[i].phase : t->row[i].device;
	}
	qsort(v, k, sizeof(*v), cmp_str);
	*n = 0;
	for (i = 0; i < k; i++) {
		if (*n == 0 || strcmp(v[*n - 1], v[i]))
			v[(*n)++] = v[i];
	}
	return v;
}

/* Index of s in the sorted table, -1 when absent. */
static int lookup(const char **table, size_t n, const char *s)
{
	const char **p = bsearch(&s, table, n, sizeof(*table), cmp_str);

	return p ? (int)(p - table) : -1;
}

static void samples_load(sample_set *out, const pr_timings *t)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	out->phase = intern_table(&out->nphase, t, 1);
	out->device = intern_table(&out->ndevice, t, 0);
	out->s = pr_malloc((t->nrows + 1) * sizeof(sample));
	for (i = 0; i < t->nrows; i++) {
		const pr_timing *r = &t->row[i];
		sample *x = &out->s[out->n];

		if (r->warmup)
			continue;
		x->config = r->config;
		x->phase = lookup(out->phase, out->nphase, r->phase);
		x->device = lookup(out->device, out->ndevice, r->device);
		x->launch = r->launch;
		x->rep = r->rep;
		x->rank = r->rank;
		x->bytes = r->bytes;
		x->rows = r->rows;
		x->t0 = r->t_start_ns;
		x->t1 = r->t_end_ns;
		x->s = pr_timing_seconds(r);
		out->n++;
	}
	qsort(out->s, out->n, sizeof(sample), cmp_sample);
}

static void samples_free(sample_set *s)
{
	free(s->s);
	free(s->phase);
	free(s->device);
}

/* First sample of (config, phase) or later. */
static size_t range_start(const sample_set *S, int config, int phase)
{
	size_t lo = 0, hi = S->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const sample *x = &S->s[mid];

		if (x->config < config ||
		    (x->config == config && x->phase < phase))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void obs_of(obs *o, const sample *x)
{
	o->launch = x->launch;
	o->rep = x->rep;
	o->rank = x->rank;
	o->t0 = x->t0;
	o->t1 = x->t1;
	o->s = x->s;
}

static int matches(const sample *x, const pr_select *sel, int device)
{
	return (!sel->device || x->device == device) &&
	       (sel->bytes < 0 || x->bytes == sel->bytes) &&
	       (sel->rows < 0 || x->rows == sel->rows) &&
	       (sel->rank < 0 || x->rank == sel->rank);
}

/* The observations sel takes from S (caller frees *out). */
static size_t select_obs(obs **out, const sample_set *S, const pr_select *sel)
{
	int phase = lookup(S->phase, S->nphase, sel->phase);
	int device =
	    sel->device ? lookup(S->device, S->ndevice, sel->device) : -1;
	size_t i, n = 0, k;
	obs *o;

	*out = o = pr_malloc((S->n + 1) * sizeof(obs));
	if (phase < 0 || (sel->device && device < 0))
		return 0;
	for (i = range_start(S, sel->config, phase);
	     i < S->n && S->s[i].config == sel->config &&
	     S->s[i].phase == phase;
	     i++) {
		if (!matches(&S->s[i], sel, device))
			continue;
		obs_of(&o[n++], &S->s[i]);
	}
	if (sel->reduce == PR_REDUCE_NONE || n == 0)
		return n;
	qsort(o, n, sizeof(obs), cmp_obs_rep);
	for (i = 0, k = 0; i < n; k++) {
		rep_times t;
		size_t next = rep_at(&t, o, i, n);

		o[k] = o[i];
		o[k].s = reduced(sel->reduce, &t);
		i = next;
	}
	return k;
}

/* Per-launch medians, their median, its CI over the launches, CV and
 * max/min. */
static void summarize(pr_analysis_row *r, const obs *o, size_t n)
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

static void sel_copy(pr_select *out, const pr_select *in)
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

static void row_free(pr_analysis_row *r)
{
	free(r->sel.phase);
	free(r->sel.device);
	free(r->launch);
	free(r->launch_med);
}

static void row_copy(pr_analysis_row *out, const pr_analysis_row *in)
{
	*out = *in;
	sel_copy(&out->sel, &in->sel);
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
	static int varies_##f(const sample_set *S, size_t i, size_t end)       \
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
static void build_groups(pr_analysis_run *out, const sample_set *S)
{
	size_t i = 0, end, j, k, cap = 16;
	obs *o = pr_malloc((S->n + 1) * sizeof(obs));

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
			const sample *x = &S->s[j];
			pr_analysis_row *g;
			size_t n = 0;

			for (k = j;
			     k < end && (!dev || S->s[k].device == x->device) &&
			     (!byt || S->s[k].bytes == x->bytes) &&
			     (!row || S->s[k].rows == x->rows);
			     k++)
				obs_of(&o[n++], &S->s[k]);
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
			summarize(g, o, n);
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
static void build_table(pr_analysis_run *out, const sample_set *S,
			const pr_cell *cells, size_t ncells, pr_rule rule)
{
	size_t i, k;
	obs *o;

	out->row =
	    pr_malloc((ncells + out->ngroups + 1) * sizeof(pr_analysis_row));
	for (i = 0; i < ncells; i++) {
		pr_analysis_row *r = &out->row[out->nrows++];
		size_t n = select_obs(&o, S, &cells[i].sel);

		memset(r, 0, sizeof(*r));
		sel_copy(&r->sel, &cells[i].sel);
		r->cell = &cells[i];
		summarize(r, o, n);
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

/* The clock uncertainty of one launch (ns; NAN: unknown). */
typedef struct {
	int launch;
	double ns;
} launch_clock;

static int cmp_launch_clock(const void *pa, const void *pb)
{
	const launch_clock *a = pa, *b = pb;

	CMP(a->launch, b->launch);
	return 0;
}

/* The launch record of launch id in m, or NULL. */
static json_t *launch_record(const pr_manifest *m, int id)
{
	json_t *rec;
	size_t i;

	json_array_foreach(m ? m->launches : NULL, i, rec)
	{
		json_t *l = json_object_get(rec, "launch");

		if (json_is_integer(l) && json_integer_value(l) == id)
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
		c[*n].launch = t->row[i].launch;
		c[(*n)++].ns = 0;
	}
	qsort(c, *n, sizeof(*c), cmp_launch_clock);
	for (i = 0, k = 0; i < *n; i++) {
		if (k == 0 || c[k - 1].launch != c[i].launch)
			c[k++] = c[i];
	}
	*n = k;
	for (k = 0; k < *n; k++) {
		const char *host = NULL;

		if (record_clock(&c[k].ns, launch_record(m, c[k].launch)) == 0)
			continue;
		for (i = 0; i < t->nrows; i++) {
			const pr_timing *r = &t->row[i];

			if (r->launch != c[k].launch)
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

/* The uncertainty of launch id: NAN when unknown. */
static double clock_of(const launch_clock *c, size_t n, int id)
{
	launch_clock key = {id, 0};
	const launch_clock *p =
	    bsearch(&key, c, n, sizeof(*c), cmp_launch_clock);

	return p ? p->ns : NAN;
}

/* The decomposition of the samples [i, end) of one collective (config,
 * phase) of `bytes` (-1: every size); 0 when no (launch, rep) holds 2
 * ranks. */
static int arrival_of(pr_arrival *out, const sample_set *S, size_t i,
		      size_t end, int64_t bytes, const launch_clock *clk,
		      size_t nclk)
{
	obs *o = pr_malloc((end - i + 1) * sizeof(obs));
	obs *v[3];
	size_t n = 0, k, m = 0, q;

	for (k = i; k < end; k++)
		if (bytes < 0 || S->s[k].bytes == bytes)
			obs_of(&o[n++], &S->s[k]);
	qsort(o, n, sizeof(obs), cmp_obs_rep);
	for (q = 0; q < 3; q++)
		v[q] = pr_malloc((n + 1) * sizeof(obs));
	for (k = 0; k < n;) {
		rep_times t;
		size_t next = rep_at(&t, o, k, n);

		if (t.nranks >= 2) {
			for (q = 0; q < 3; q++)
				v[q][m] = o[k];
			v[0][m].s = ns_diff(t.first, t.last);
			v[1][m].s = ns_diff(t.last, t.end);
			v[2][m++].s = ns_diff(t.first, t.end);
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
			summarize(rows[q], v[q], m);
		}
		out->share = out->total.stat > 0
				 ? out->spread.stat / out->total.stat
				 : NAN;
		for (k = 0; k < out->spread.nlaunches; k++)
			out->clock_ns =
			    fmax(out->clock_ns,
				 clock_of(clk, nclk, out->spread.launch[k]));
		for (k = 0; k < out->spread.nlaunches; k++) {
			if (isnan(clock_of(clk, nclk, out->spread.launch[k])))
				out->clock_ns = NAN;
		}
		out->refused = isnan(out->clock_ns) ||
			       out->spread.stat < out->clock_ns * 1e-9;
	}
	for (q = 0; q < 3; q++)
		free(v[q]);
	free(o);
	return m > 0;
}

static void add_arrival(pr_analysis_run *out, const sample_set *S, size_t i,
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
static void arrivals_of(pr_analysis_run *out, const sample_set *S, size_t i,
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
static void build_arrivals(pr_analysis_run *out, const sample_set *S,
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
		if (pr_phase_collective(S->phase[S->s[i].phase]))
			arrivals_of(out, S, i, end, clk, nclk);
	}
	free(clk);
}

static char *dup_string(const char *s)
{
	return s ? pr_strdup(s) : NULL;
}

/* The keys of the first config whose value every config shares, as a
 * JSON object (key -> true) owned by the caller: one pass over every
 * config's keys, where asking each key of each config was O(n^2). A key
 * the first config lacks varies. */
static json_t *constant_keys(json_t *configs)
{
	json_t *first = json_array_get(configs, 0), *same = json_object();
	json_t *out = json_object(), *c, *v, *k;
	size_t i, n = json_array_size(configs);
	const char *key;

	json_array_foreach(configs, i, c)
	{
		json_object_foreach(c, key, v)
		{
			if (!json_equal(v, json_object_get(first, key)))
				continue;
			k = json_object_get(same, key);
			json_object_set_new(
			    same, key,
			    json_integer(k ? json_integer_value(k) + 1 : 1));
		}
	}
	json_object_foreach(first, key, v)
	{
		if ((size_t)json_integer_value(json_object_get(same, key)) == n)
			json_object_set_new(out, key, json_true());
	}
	json_decref(same);
	return out;
}

/* "vader/spread": transport, placement, then the other factors that vary
 * over the configs (those not in `constant`, from constant_keys); a run
 * of one algorithm is not labelled by it. Owned by the caller. */
static char *config_label(json_t *c, json_t *constant)
{
	static const char *const first[] = {"transport", "placement"};
	char *label = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&label, &len);
	const char *key;
	json_t *v;

	if (!f) {
		pr_error("cannot label a config: out of memory");
		abort();
	}
	for (i = 0; i < 3; i++) {
		json_object_foreach(c, key, v)
		{
			char buf[64];
			const char *s = buf;

			if (!strcmp(key, "config") ||
			    (i < 2 && strcmp(key, first[i])) ||
			    (i == 2 && (!strcmp(key, first[0]) ||
					!strcmp(key, first[1]) ||
					json_object_get(constant, key))))
				continue;
			if (json_is_string(v))
				s = json_string_value(v);
			else if (json_is_integer(v))
				snprintf(buf, sizeof(buf), "%lld",
					 (long long)json_integer_value(v));
			else if (json_is_real(v))
				snprintf(buf, sizeof(buf), "%g",
					 json_real_value(v));
			else if (json_is_string(json_object_get(v, "name")))
				/* a launch setting, by its name */
				s = json_string_value(
				    json_object_get(v, "name"));
			else
				continue;
			fprintf(f, "%s%s", ftell(f) ? "/" : "", s);
		}
	}
	fclose(f);
	return label;
}

/* One launch's sharing record into sh: 1, or 0 when it has none. */
static int placement_of(pr_sharing *sh, json_t *rec)
{
	json_t *p = json_object_get(rec, "sharing");
	json_t *rpc = json_object_get(p, "ranks_per_core");
	json_t *cores = json_object_get(p, "cores");
	json_t *ranks = json_object_get(p, "ranks");
	double v = NAN;
	int over;

	if (!json_is_object(p))
		return 0;
	if (json_is_number(rpc))
		v = json_number_value(rpc);
	else if (json_is_number(cores) && json_number_value(cores) > 0 &&
		 json_is_number(ranks))
		v = json_number_value(ranks) / json_number_value(cores);
	over = json_is_true(json_object_get(p, "oversubscribed"));
	if (!sh->from_placement)
		sh->sharing_tested = 1;
	sh->known = sh->from_placement = 1;
	if (isfinite(v) && !(v <= sh->ranks_per_core))
		sh->ranks_per_core = v;
	if (over) {
		sh->oversubscribed = 1;
		if (!json_is_true(json_object_get(p, "sharing_tested")))
			sh->sharing_tested = 0;
	}
	return 1;
}

void pr_analyze_sharing(pr_sharing *out, size_t nconfigs, const pr_manifest *m)
{
	json_t *rec,
	    *cores = json_object_get(
		json_object_get(m ? m->json : NULL, "environment"), "cores");
	const char *pl;
	size_t i;

	memset(out, 0, nconfigs * sizeof(*out));
	for (i = 0; i < nconfigs; i++)
		out[i].ranks_per_core = NAN;
	json_array_foreach(m ? m->launches : NULL, i, rec)
	{
		json_t *c = json_object_get(rec, "config");

		if (json_is_integer(c) && json_integer_value(c) >= 0 &&
		    (size_t)json_integer_value(c) < nconfigs)
			placement_of(&out[json_integer_value(c)], rec);
	}
	if (!m || !m->workload.has_ranks || !json_is_integer(cores) ||
	    json_integer_value(cores) <= 0)
		return;
	for (i = 0; i < nconfigs; i++) {
		if (out[i].known)
			continue;
		pl = pr_manifest_config(m, i, "placement");
		out[i].known = 1;
		out[i].ranks_per_core =
		    pl && !strcmp(pl, "packed")
			? (double)m->workload.ranks
			: ceil((double)m->workload.ranks /
			       (double)json_integer_value(cores));
		out[i].oversubscribed = out[i].ranks_per_core > 1;
	}
}

/* The decomposition of (config, phase) at the row's size (its only one
 * when the row names none), or NULL. */
static const pr_arrival *arrival_find(const pr_analysis_run *r,
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

void pr_analyze_causes(pr_analysis_run *r, size_t nclamped)
{
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		pr_analysis_row *x = &r->row[i];
		const pr_cell *c = x->cell;
		pr_causes *k = &x->causes;
		const pr_arrival *a;

		memset(k, 0, sizeof(*k));
		if (x->verdict != PR_FAIL || !c || c->negative)
			continue;
		a = arrival_find(r, &x->sel);
		if (a && !a->refused && a->spread.stat > 0 &&
		    x->sel.reduce != PR_REDUCE_AFTER_LAST_ARRIVAL) {
			k->arrival = 1;
			k->spread_s = a->spread.stat;
			k->share = x->stat > 0 ? a->spread.stat / x->stat : NAN;
		}
		if ((size_t)x->sel.config < r->nconfigs &&
		    r->sharing[x->sel.config].oversubscribed) {
			k->sharing = 1;
			k->ranks_per_core =
			    r->sharing[x->sel.config].ranks_per_core;
		}
		k->clamp = nclamped > 0;
		k->regime = c->extrapolated;
	}
}

void pr_analyze_run(pr_analysis_run *out, const pr_timings *t,
		    const pr_manifest *m, const pr_cell *cells, size_t ncells,
		    pr_rule rule)
{
	json_t *configs = m ? m->configs : NULL, *constant;
	sample_set S;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (m) {
		out->run_id = dup_string(m->run_id);
		out->status = dup_string(m->status);
		out->pin_tag = dup_string(m->pin.tag);
		out->pin_commit = dup_string(m->pin.commit);
		out->as_original = dup_string(m->as_original);
		out->runner_version = dup_string(m->runner_version);
		out->prereg_version = dup_string(m->version);
	}
	out->sha256_ok = out->pred_pinned = -1;
	out->nconfigs = json_array_size(configs);
	out->config_label = pr_calloc(out->nconfigs + 1, sizeof(char *));
	constant = constant_keys(configs);
	for (i = 0; i < out->nconfigs; i++)
		out->config_label[i] =
		    config_label(json_array_get(configs, i), constant);
	json_decref(constant);
	out->nsamples = t->nrows;
	for (i = 0; i < t->nrows; i++)
		out->nwarmup += t->row[i].warmup ? 1 : 0;
	out->sharing = pr_calloc(out->nconfigs + 1, sizeof(pr_sharing));
	pr_analyze_sharing(out->sharing, out->nconfigs, m);
	pr_analyze_busy(&out->busy, m);
	pr_analyze_energy(&out->energy, t, m);
	samples_load(&S, t);
	build_groups(out, &S);
	build_table(out, &S, cells, ncells, rule);
	build_arrivals(out, &S, t, m);
	out->inflation = pr_inflation_build(out, m);
	samples_free(&S);
	pr_analyze_causes(out, 0);
}

/* Does t continue the series of s: same config, phase and device? */
static int same_series(const pr_select *s, const pr_select *t)
{
	return t->config == s->config && !strcmp(t->phase, s->phase) &&
	       !t->device == !s->device &&
	       (!s->device || !strcmp(t->device, s->device));
}

/* Does row x's statistic leave its cell's band? */
static int leaves_band(const pr_analysis_row *x)
{
	return x->cell && x->n > 0 &&
	       (x->stat < x->cell->lo_s || x->stat > x->cell->hi_s);
}

void pr_analyze_linearity(pr_analysis_run *r, const json_t *pred)
{
	size_t i, j;

	(void)pred;
	r->has_linearity = 1;
	r->linearity = pr_calloc(r->nrows + 1, sizeof(pr_linearity));
	for (i = 0; i < r->nrows; i = j) {
		const pr_select *s = &r->row[i].sel;
		pr_linearity *l;
		int64_t last = -1;

		for (j = i; j < r->nrows && same_series(s, &r->row[j].sel); j++)
			;
		if (!r->row[i].cell || s->rows < 0)
			continue;
		l = &r->linearity[r->nlinearity++];
		sel_copy(&l->sel, s);
		l->broken_rows = pr_malloc((j - i) * sizeof(int64_t));
		l->broken_ratio = pr_malloc((j - i) * sizeof(double));
		l->held_rows = pr_malloc((j - i) * sizeof(int64_t));
		for (; i < j; i++) {
			const pr_analysis_row *x = &r->row[i];

			if (x->sel.rows < 0 || x->n == 0 || x->sel.rows == last)
				continue;
			last = x->sel.rows;
			l->nmeasured++;
			l->ncontrols += x->cell->negative ? 1 : 0;
			if (x->cell->negative && !leaves_band(x))
				l->held_rows[l->nheld++] = x->sel.rows;
			if (!leaves_band(x))
				continue;
			l->broken_rows[l->nbroken] = x->sel.rows;
			l->broken_ratio[l->nbroken++] =
			    x->stat / x->cell->predicted_s;
		}
	}
}

static double tolerance_of(const json_t *pred)
{
	json_t *t = json_object_get(json_object_get(pred, "decision_rule"),
				    "tolerance");

	return json_is_number(t) ? json_number_value(t) : 0.15;
}

/*
 * The steps of one config, for the kernel's event time (compute_device)
 * or, without one, the host time (compute). Leaves out->phase NULL when the
 * run has neither.
 */
static void observed_steps(pr_steps *out, const pr_analysis_run *r, double tol,
			   int config)
{
	static const char *const phases[] = {"compute_device", "compute"};
	size_t i, k;

	memset(out, 0, sizeof(*out));
	out->config = config;
	out->rows = pr_malloc((r->nrows + 1) * sizeof(int64_t));
	for (k = 0; k < 2 && !out->phase; k++) {
		const pr_analysis_row *prev = NULL;

		for (i = 0; i < r->nrows; i++) {
			const pr_analysis_row *x = &r->row[i];

			if (x->sel.config != config ||
			    strcmp(x->sel.phase, phases[k]) ||
			    x->sel.rows < 0 || x->n == 0)
				continue;
			out->phase = phases[k];
			if (prev && x->stat > prev->stat * (1 + tol))
				out->rows[out->n++] = x->sel.rows;
			prev = x;
		}
	}
}

/*
 * The step verdict of one config (DESIGN 7): the detector of the step
 * rule on its rows of s->phase, then each observed step judged against
 * the predicted ones.
 */
static void judge_steps(pr_steps *s, const pr_analysis_run *r,
			const json_t *pred, const json_t *rule)
{
	json_t *steps = json_object_get(pred, "steps"), *v;
	double min_ratio =
	    json_number_value(json_object_get(rule, "min_ratio"));
	long tol_rows =
	    (long)json_integer_value(json_object_get(rule, "tolerance_rows"));
	pr_geometry_point *p = pr_calloc(r->nrows + 1, sizeof(*p));
	long *seen = pr_calloc(r->nrows + 1, sizeof(long));
	size_t np = json_array_size(steps), i, n = 0, k;
	long *want = pr_calloc(np + 1, sizeof(long));
	int nobs;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (x->sel.config != s->config ||
		    strcmp(x->sel.phase, s->phase) || x->sel.rows < 0 ||
		    x->n == 0)
			continue;
		p[n].rows = (long)x->sel.rows;
		p[n].stat = x->stat;
		p[n].lo = x->ci.lo;
		p[n].hi = x->ci.hi;
		n++;
	}
	nobs = pr_geometry_detect(seen, (int)r->nrows, p, (int)n,
				  min_ratio > 1 ? min_ratio : 1);
	s->n = 0;
	for (k = 0; k < (size_t)nobs; k++)
		s->rows[s->n++] = seen[k];
	json_array_foreach(steps, i, v) want[i] = (long)json_integer_value(v);
	s->judged = 1;
	s->match = pr_calloc(np + (size_t)nobs + 1, sizeof(pr_step_match));
	s->nmatch = (size_t)pr_geometry_judge(s->match, want, (int)np, seen,
					      nobs, tol_rows);
	s->pass = s->nmatch > 0;
	for (k = 0; k < s->nmatch; k++)
		s->pass = s->pass && s->match[k].verdict == PR_STEP_PASS;
	free(p);
	free(seen);
	free(want);
}

void pr_analyze_steps(pr_analysis_run *r, const json_t *pred)
{
	double tol = tolerance_of(pred);
	json_t *rule = json_object_get(pred, "step_rule");
	size_t c;

	r->has_steps = 1;
	r->steps = pr_calloc(r->nconfigs + 1, sizeof(pr_steps));
	for (c = 0; c < r->nconfigs; c++) {
		pr_steps *s = &r->steps[r->nsteps];

		observed_steps(s, r, tol, (int)c);
		if (!s->phase) {
			free(s->rows);
			continue;
		}
		if (json_is_object(rule))
			judge_steps(s, r, pred, rule);
		r->nsteps++;
	}
}

void pr_analysis_run_free(pr_analysis_run *r)
{
	size_t i;

	if (!r)
		return;
	json_decref(r->pred);
	pr_cells_free(r->cell, r->ncells);
	for (i = 0; i < r->nlinearity; i++) {
		free(r->linearity[i].sel.phase);
		free(r->linearity[i].sel.device);
		free(r->linearity[i].broken_rows);
		free(r->linearity[i].broken_ratio);
		free(r->linearity[i].held_rows);
	}
	free(r->linearity);
	for (i = 0; i < r->nsteps; i++) {
		free(r->steps[i].rows);
		free(r->steps[i].match);
	}
	free(r->steps);
	free(r->primitive);
	free(r->launch_ratio);
	pr_pap_study_free(r->pap);
	free(r->run_id);
	free(r->status);
	free(r->pin_tag);
	free(r->as_original);
	free(r->runner_version);
	free(r->prereg_version);
	free(r->pin_commit);
	for (i = 0; i < r->nconfigs; i++)
		free(r->config_label[i]);
	free(r->config_label);
	for (i = 0; i < r->nrows; i++)
		row_free(&r->row[i]);
	free(r->row);
	for (i = 0; i < r->ngroups; i++)
		row_free(&r->group[i]);
	free(r->group);
	for (i = 0; i < r->narrivals; i++) {
		row_free(&r->arrival[i].spread);
		row_free(&r->arrival[i].after);
		row_free(&r->arrival[i].total);
	}
	free(r->arrival);
	free(r->sharing);
	pr_inflation_set_free(r->inflation);
	pr_busy_free(&r->busy);
	pr_energy_sum_free(&r->energy);
	memset(r, 0, sizeof(*r));
}

/* An optional integer field of a cell: -1 when absent. */
static int opt_int(int64_t *out, json_t *c, const char *key)
{
	json_t *v = json_object_get(c, key);
	double d;

	*out = -1;
	if (!v)
		return 0;
	if (json_is_integer(v)) {
		*out = json_integer_value(v);
		return *out >= 0 ? 0 : -1;
	}
	d = json_number_value(v);
	if (!json_is_real(v) || d < 0 || d > 9e15 || d != floor(d))
		return -1;
	*out = (int64_t)d;
	return 0;
}

static int parse_cell(pr_cell *out, json_t *c)
{
	json_t *pred = json_object_get(c, "predicted_s");
	json_t *lo = json_object_get(c, "lo_s"),
	       *hi = json_object_get(c, "hi_s");
	json_t *device = json_object_get(c, "device");
	json_t *reduce = json_object_get(c, "reduce");
	json_t *formula = json_object_get(c, "formula");
	json_t *control = json_object_get(c, "control");
	json_t *extra = json_object_get(c, "extrapolated");
	const char *phase = json_string_value(json_object_get(c, "phase"));
	int64_t config, rows, rank, bytes;
	pr_reduce r = PR_REDUCE_NONE;

	memset(out, 0, sizeof(*out));
	if (!json_is_object(c) || opt_int(&config, c, "config") < 0 ||
	    config < 0 || config > 1000000 || !phase || !*phase ||
	    !json_is_number(pred) || !json_is_number(lo) ||
	    !json_is_number(hi) || opt_int(&rows, c, "rows") < 0 ||
	    opt_int(&bytes, c, "bytes") < 0 || opt_int(&rank, c, "rank") < 0 ||
	    rank > 1000000 || (device && !json_is_string(device)) ||
	    (reduce && pr_reduce_parse(&r, json_string_value(reduce)) < 0) ||
	    (formula && !json_is_string(formula)) ||
	    (control && (!json_is_string(control) ||
			 strcmp(json_string_value(control), "negative"))) ||
	    (extra && !json_is_boolean(extra)))
		return -1;
	out->sel.config = (int)config;
	out->sel.phase = pr_strdup(phase);
	out->sel.device = device ? pr_strdup(json_string_value(device)) : NULL;
	out->sel.bytes = bytes;
	out->sel.rows = rows;
	out->sel.rank = (int)rank;
	out->sel.reduce = r;
	out->formula = formula ? pr_strdup(json_string_value(formula)) : NULL;
	out->negative = control != NULL;
	out->extrapolated = json_is_true(extra);
	out->predicted_s = json_number_value(pred);
	out->lo_s = json_number_value(lo);
	out->hi_s = json_number_value(hi);
	return 0;
}

int pr_cells_parse(pr_cell **out, size_t *n, json_t *pred, const char *path)
{
	json_t *cells = json_object_get(pred, "cells");
	size_t i;

	*out = NULL;
	*n = 0;
	if (cells && !json_is_array(cells))
		return pr_error_code(PR_EINPUT,
				     "'%s': \"cells\" is not an array", path);
	*out = pr_calloc(json_array_size(cells) + 1, sizeof(pr_cell));
	for (i = 0; i < json_array_size(cells); i++) {
		if (parse_cell(&(*out)[i], json_array_get(cells, i)) < 0) {
			pr_cells_free(*out, i + 1);
			*out = NULL;
			return pr_error_code(
			    PR_EINPUT,
			    "'%s': cell %zu needs config (integer), phase, "
			    "predicted_s, lo_s and hi_s, and optionally rows "
			    "and rank (integers), device and formula "
			    "(strings), reduce (\"span\", "
			    "\"after_last_arrival\", \"arrival_spread\", "
			    "\"max_over_ranks\"), control (\"negative\") "
			    "and extrapolated (true or false)",
			    path, i);
		}
	}
	*n = i;
	return PR_OK;
}

void pr_cells_free(pr_cell *cells, size_t n)
{
	size_t i;

	for (i = 0; cells && i < n; i++) {
		free(cells[i].sel.phase);
		free(cells[i].sel.device);
		free(cells[i].formula);
	}
	free(cells);
}

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* Add the strings of every non-empty "clamped" array of strings under v
 * to a->clamped, sorted and distinct. */
static void clamped_add(pr_analysis *a, json_t *v)
{
	json_t *x, *c = json_object_get(v, "clamped");
	const char *key;
	size_t i, k = 0;

	json_array_foreach(c, i, x) k += json_is_string(x);
	if (k && k == json_array_size(c)) {
		json_array_foreach(c, i, x)
		{
			a->clamped = pr_realloc(a->clamped, (a->nclamped + 1) *
								sizeof(char *));
			a->clamped[a->nclamped++] = json_string_value(x);
		}
	}
	if (json_is_object(v)) {
		json_object_foreach(v, key, x) clamped_add(a, x);
	} else {
		json_array_foreach(v, i, x) clamped_add(a, x);
	}
}

static void clamped_of(pr_analysis *a, json_t *params)
{
	size_t i, k = 0;

	clamped_add(a, params);
	if (a->nclamped)
		qsort(a->clamped, a->nclamped, sizeof(char *), cmp_str);
	for (i = 0; i < a->nclamped; i++) {
		if (k == 0 || strcmp(a->clamped[k - 1], a->clamped[i]))
			a->clamped[k++] = a->clamped[i];
	}
	a->nclamped = k;
}

/* predictions/NAME.json, its cells and its git blob id; none is fine. */
static int load_prediction(pr_analysis *out, const char *root)
{
	char *path = pr_path_prediction(root, out->name);
	char *text = NULL;
	size_t len;
	json_error_t jerr;
	git_oid oid;
	int error = PR_OK;

	if (!exists(path))
		goto cleanup;
	if ((error = pr_read_file(&text, &len, path, PR_READ_MAX)) < 0)
		goto cleanup;
	out->pred = json_loadb(text, len, 0, &jerr);
	if (!json_is_object(out->pred)) {
		error = pr_error_code(
		    PR_EINPUT, "cannot read '%s': %s (line %d)", path,
		    out->pred ? "not an object" : jerr.text, jerr.line);
		goto cleanup;
	}
	git_libgit2_init();
	if (git_odb_hash(&oid, text, len, GIT_OBJECT_BLOB) == 0)
		git_oid_tostr(out->pred_blob, sizeof(out->pred_blob), &oid);
	git_libgit2_shutdown();
	error = pr_cells_parse(&out->cell, &out->ncells, out->pred, path);
	out->rule = pr_rule_of(out->pred);
	clamped_of(out, json_object_get(json_object_get(out->pred, "model"),
					"params"));
cleanup:
	free(text);
	free(path);
	return error;
}

static int no_runs(const char *root, const char *name, int has_pred)
{
	char *spec = pr_path_spec(root, name);
	int known = has_pred || exists(spec);

	free(spec);
	if (!known)
		return pr_error_code(PR_EINPUT,
				     "no experiment '%s': no runs/%s/, "
				     "experiments/%s/ or predictions/%s.json "
				     "(see 'prereg list')",
				     name, name, name, name);
	return pr_error_code(PR_EINPUT,
			     "no complete run of '%s' under runs/%s/ (run "
			     "'prereg run %s' first)",
			     name, name, name);
}

/* The prediction of blob id hex in the repository at root, or NULL. */
static json_t *pinned_prediction(const char *root, const char *hex)
{
	size_t len;
	char *text = pr_git_blob_text(&len, root, hex);
	json_t *pred = text ? json_loadb(text, len, 0, NULL) : NULL;

	free(text);
	if (pred && !json_is_object(pred)) {
		json_decref(pred);
		pred = NULL;
	}
	return pred;
}

/* Analyze runs/NAME/ID into a->run[a->nruns++]. */
static int analyze_one(pr_analysis *a, const char *root, const char *id,
		       const pr_manifest *m)
{
	char *path = pr_path_archive(root, a->name, id);
	pr_archive_info info;
	pr_timings t;
	pr_analysis_run *r;
	json_t *own = NULL;
	pr_cell *cells = NULL;
	size_t ncells = 0;
	int error;

	/* it may expand to the bytes the manifest records (and the slack) */
	if ((error = pr_timings_load(&t, &info, path,
				     pr_archive_cap(m->archive.bytes))) < 0) {
		free(path);
		return error;
	}
	a->run = pr_realloc(a->run, (a->nruns + 1) * sizeof(*a->run));
	r = &a->run[a->nruns++];
	if (m->pin.prediction_blob && a->pred &&
	    strcmp(m->pin.prediction_blob, a->pred_blob) &&
	    (own = pinned_prediction(root, m->pin.prediction_blob)) != NULL &&
	    pr_cells_parse(&cells, &ncells, own, m->pin.prediction_blob) == 0) {
		pr_analysis tmp = {0};

		clamped_of(&tmp, json_object_get(json_object_get(own, "model"),
						 "params"));
		pr_analyze_run(r, &t, m, cells, ncells, pr_rule_of(own));
		pr_analyze_causes(r, tmp.nclamped);
		free(tmp.clamped);
		r->pred = own;
		r->cell = cells;
		r->ncells = ncells;
		snprintf(r->pred_blob, sizeof(r->pred_blob), "%s",
			 m->pin.prediction_blob);
		own = NULL;
	} else {
		pr_analyze_run(r, &t, m, a->cell, a->ncells, a->rule);
		pr_analyze_causes(r, a->nclamped);
	}
	json_decref(own);
	if (r->run_id && strcmp(r->run_id, id))
		pr_warn("runs/%s/%s/manifest.json names another run id: "
			"analyzed as %s",
			a->name, id, id);
	free(r->run_id);
	r->run_id = pr_strdup(id);
	r->pap = pr_pap_build(r, &t, m, r->pred ? r->pred : a->pred);
	memcpy(r->sha256, info.sha256, sizeof(r->sha256));
	r->sha256_ok =
	    m->archive.sha256 ? !strcmp(m->archive.sha256, info.sha256) : -1;
	if (r->sha256_ok == 0)
		pr_warn("'%s' does not hash to the manifest's sha256: the "
			"archive changed after the run (see 'prereg audit')",
			path);
	r->pred_pinned =
	    m->pin.prediction_blob && a->pred
		? r->pred || !strcmp(m->pin.prediction_blob, a->pred_blob)
		: -1;
	if (r->pred_pinned == 0)
		pr_warn("predictions/%s.json is not the prediction pinned for "
			"run %s: the verdicts judge it against the file as it "
			"is now",
			a->name, id);
	pr_timings_free(&t);
	free(path);
	return PR_OK;
}

/* What the prediction's model adds to each run's analysis. */
static void post_analyze(pr_analysis *a)
{
	const pr_model *m;
	size_t i;

	for (i = 0; i < a->nruns; i++) {
		const json_t *pred = a->run[i].pred ? a->run[i].pred : a->pred;

		m = pr_model_lookup(json_string_value(
		    json_object_get(json_object_get(pred, "model"), "name")));
		if (m && m->post_analyze)
			m->post_analyze(&a->run[i], pred);
	}
}

static void skip(pr_analysis *a, const char *id, const char *status)
{
	a->skipped = pr_realloc(a->skipped, (a->nskipped + 1) * sizeof(char *));
	a->skipped[a->nskipped++] =
	    pr_asprintf("%s (%s)", id, status ? status : "no status");
}

/* Does runs/NAME/ID still hold run-state.json? A recorded run never does:
 * it is a run in progress or left to 'prereg recover', or a run directory
 * committed with one, which the audit fails. */
static int unrecorded(const char *root, const char *name, const char *id)
{
	char *run = pr_path_run(root, name, id);
	char *st = pr_asprintf("%s/run-state.json", run);
	int held = access(st, F_OK) == 0;

	free(st);
	free(run);
	return held;
}

/* Leave out runs/NAME/ID, which holds run-state.json: an error when it
 * was asked for (run_id), else a warning and a skipped run. */
static int skip_unrecorded(pr_analysis *a, const char *id, const char *run_id)
{
	static const char why[] = "runs/%s/%s holds run-state.json: not a "
				  "recorded run, not analyzed (see 'prereg "
				  "recover' and 'prereg audit')";

	if (run_id)
		return pr_error_code(PR_EINPUT, why, a->name, id);
	pr_warn(why, a->name, id);
	skip(a, id, "holds run-state.json");
	return PR_OK;
}

int pr_analyze(pr_analysis *out, const char *root, const char *name,
	       const char *run_id)
{
	char **ids = NULL;
	size_t nids = 0, i;
	int error;

	memset(out, 0, sizeof(*out));
	if ((error = pr_name_check(name)) < 0)
		return error;
	if (run_id && (error = pr_run_id_check(run_id)) < 0)
		return error;
	out->name = pr_strdup(name);
	if ((error = load_prediction(out, root)) < 0)
		goto cleanup;
	if (pr_path_list_runs(&ids, &nids, root, name, PR_RUNS_MANIFEST) < 0 &&
	    !run_id) {
		error = no_runs(root, name, out->pred != NULL);
		goto cleanup;
	}
	for (i = 0; i < nids && !error; i++) {
		char *mpath;
		pr_manifest m;

		if (run_id && strcmp(ids[i], run_id))
			continue;
		if (unrecorded(root, name, ids[i])) {
			error = skip_unrecorded(out, ids[i], run_id);
			continue;
		}
		mpath = pr_path_manifest(root, name, ids[i]);
		error = pr_manifest_read(&m, mpath);
		if (!error &&
		    (run_id || (m.status && !strcmp(m.status, "complete"))))
			error = analyze_one(out, root, ids[i], &m);
		else if (!error)
			skip(out, ids[i], m.status);
		pr_manifest_free(&m);
		free(mpath);
	}
	if (!error)
		post_analyze(out);
	if (!error && out->nruns == 0) {
		if (run_id)
			error = pr_error_code(PR_EINPUT,
					      "no run '%s' under runs/%s/ (see "
					      "'prereg list')",
					      run_id, name);
		else
			error = no_runs(root, name, out->pred != NULL);
	}
cleanup:
	for (i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
	if (error < 0)
		pr_analysis_free(out);
	return error;
}

void pr_analysis_free(pr_analysis *a)
{
	size_t i;

	if (!a)
		return;
	for (i = 0; i < a->nruns; i++)
		pr_analysis_run_free(&a->run[i]);
	free(a->run);
	for (i = 0; i < a->nskipped; i++)
		free(a->skipped[i]);
	free(a->skipped);
	pr_cells_free(a->cell, a->ncells);
	free(a->clamped);
	json_decref(a->pred);
	free(a->name);
	memset(a, 0, sizeof(*a));
}
