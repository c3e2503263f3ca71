/* analyze.c - the decision statistic, its CI and the verdict of every
 * prediction cell, recomputed from a run's raw timings (DESIGN 7) */
#include "analyze/analyze.h"

#include <errno.h>
#include <git2.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "format/archive.h"
#include "format/manifest.h"
#include "format/timings.h"
#include "base/util.h"
#include "predict/models.h"
#include "repo/paths.h"

static const char *const verdict_names[] = {"PASS", "FAIL", "NO-PREDICTION",
					    "NO-DATA"};

const char *pr_verdict_name(pr_verdict v)
{
	return v < PR_NVERDICTS ? verdict_names[v] : "?";
}

/* A non-warmup sample; phase and device index sorted string tables. */
typedef struct {
	int config, phase, device, launch, rep, rank;
	int64_t bytes, rows;
	double s;
} sample;

typedef struct {
	sample *s;
	size_t n;
	const char **phase, **device; /* borrowed from the timings */
	size_t nphase, ndevice;
} sample_set;

/* An observation: one sample's duration, or one rep's makespan. */
typedef struct {
	int launch, rep;
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

static int cmp_obs_rep(const void *pa, const void *pb)
{
	const obs *a = pa, *b = pb;

	CMP(a->launch, b->launch);
	CMP(a->rep, b->rep);
	CMP(a->s, b->s);
	return 0;
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
		o[n].launch = S->s[i].launch;
		o[n].rep = S->s[i].rep;
		o[n++].s = S->s[i].s;
	}
	if (!sel->max_over_ranks || n == 0)
		return n;
	/* Sorted by (launch, rep, s): the last of each (launch, rep) is its
	 * makespan. */
	qsort(o, n, sizeof(obs), cmp_obs_rep);
	for (i = 0, k = 0; i < n; i++) {
		if (i + 1 == n || o[i + 1].launch != o[i].launch ||
		    o[i + 1].rep != o[i].rep)
			o[k++] = o[i];
	}
	return k;
}

/* Per-launch medians, their median, the pooled CI, CV and max/min. */
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
	pr_stats_median_ci(&r->ci, v, n);
	free(launch);
	free(v);
}

static void sel_copy(pr_select *out, const pr_select *in)
{
	*out = *in;
	out->phase = pr_strdup(in->phase);
	out->device = in->device ? pr_strdup(in->device) : NULL;
}

static int sel_cmp(const pr_select *a, const pr_select *b)
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
	CMP(a->max_over_ranks, b->max_over_ranks);
	return 0;
}

static int cmp_row(const void *pa, const void *pb)
{
	const pr_analysis_row *a = pa, *b = pb;
	int c = sel_cmp(&a->sel, &b->sel);

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
			     k++) {
				o[n].launch = S->s[k].launch;
				o[n].rep = S->s[k].rep;
				o[n++].s = S->s[k].s;
			}
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
			g->sel.rows = row ? x->rows : -1;
			g->sel.rank = -1;
			g->verdict = PR_NO_PREDICTION;
			summarize(g, o, n);
		}
		i = end;
	}
	free(o);
}

static pr_verdict verdict_of(const pr_analysis_row *r)
{
	if (!r->cell)
		return PR_NO_PREDICTION;
	if (r->n == 0)
		return PR_NO_DATA;
	return r->cell->lo_s <= r->stat && r->stat <= r->cell->hi_s ? PR_PASS
								    : PR_FAIL;
}

/* The table: the cells, then the groups of unpredicted (config, phase). */
static void build_table(pr_analysis_run *out, const sample_set *S,
			const pr_cell *cells, size_t ncells)
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
		out->row[i].verdict = verdict_of(&out->row[i]);
		out->count[out->row[i].verdict]++;
	}
}

static char *dup_string(const char *s)
{
	return s ? pr_strdup(s) : NULL;
}

/* "vader/spread": transport, placement, then the other factors. */
static char *config_label(json_t *c)
{
	static const char *const first[] = {"transport", "placement"};
	char *label = pr_strdup(""), *next;
	const char *key;
	json_t *v;
	size_t i;

	for (i = 0; i < 3; i++) {
		json_object_foreach(c, key, v)
		{
			char buf[64];
			const char *s = buf;

			if (!strcmp(key, "config") ||
			    (i < 2 && strcmp(key, first[i])) ||
			    (i == 2 && (!strcmp(key, first[0]) ||
					!strcmp(key, first[1]))))
				continue;
			if (json_is_string(v))
				s = json_string_value(v);
			else if (json_is_integer(v))
				snprintf(buf, sizeof(buf), "%lld",
					 (long long)json_integer_value(v));
			else if (json_is_real(v))
				snprintf(buf, sizeof(buf), "%g",
					 json_real_value(v));
			else
				continue;
			next =
			    pr_asprintf("%s%s%s", label, *label ? "/" : "", s);
			free(label);
			label = next;
		}
	}
	return label;
}

void pr_analyze_run(pr_analysis_run *out, const pr_timings *t,
		    const pr_manifest *m, const pr_cell *cells, size_t ncells)
{
	json_t *configs = m ? m->configs : NULL;
	sample_set S;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (m) {
		out->run_id = dup_string(m->run_id);
		out->status = dup_string(m->status);
		out->pin_tag = dup_string(m->pin.tag);
		out->pin_commit = dup_string(m->pin.commit);
	}
	out->sha256_ok = out->pred_pinned = -1;
	out->nconfigs = json_array_size(configs);
	out->config_label = pr_calloc(out->nconfigs + 1, sizeof(char *));
	for (i = 0; i < out->nconfigs; i++)
		out->config_label[i] = config_label(json_array_get(configs, i));
	out->nsamples = t->nrows;
	for (i = 0; i < t->nrows; i++)
		out->nwarmup += t->row[i].warmup ? 1 : 0;
	samples_load(&S, t);
	build_groups(out, &S);
	build_table(out, &S, cells, ncells);
	samples_free(&S);
}

/* Does t continue the series of s: same config, phase and device? */
static int same_series(const pr_select *s, const pr_select *t)
{
	return t->config == s->config && !strcmp(t->phase, s->phase) &&
	       !t->device == !s->device &&
	       (!s->device || !strcmp(t->device, s->device));
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

		for (j = i; j < r->nrows && same_series(s, &r->row[j].sel); j++)
			;
		if (!r->row[i].cell || s->rows < 0)
			continue;
		l = &r->linearity[r->nlinearity++];
		sel_copy(&l->sel, s);
		l->broken_rows = pr_malloc((j - i) * sizeof(int64_t));
		for (; i < j; i++) {
			const pr_analysis_row *x = &r->row[i];

			if (x->verdict == PR_FAIL && x->sel.rows >= 0 &&
			    (l->nbroken == 0 ||
			     l->broken_rows[l->nbroken - 1] != x->sel.rows))
				l->broken_rows[l->nbroken++] = x->sel.rows;
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

void pr_analyze_steps(pr_analysis_run *r, const json_t *pred)
{
	double tol = tolerance_of(pred);
	size_t c;

	r->has_steps = 1;
	r->steps = pr_calloc(r->nconfigs + 1, sizeof(pr_steps));
	for (c = 0; c < r->nconfigs; c++) {
		pr_steps *s = &r->steps[r->nsteps];

		observed_steps(s, r, tol, (int)c);
		if (s->phase)
			r->nsteps++;
		else
			free(s->rows);
	}
}

void pr_analysis_run_free(pr_analysis_run *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->nlinearity; i++) {
		free(r->linearity[i].sel.phase);
		free(r->linearity[i].sel.device);
		free(r->linearity[i].broken_rows);
	}
	free(r->linearity);
	for (i = 0; i < r->nsteps; i++)
		free(r->steps[i].rows);
	free(r->steps);
	free(r->run_id);
	free(r->status);
	free(r->pin_tag);
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
	const char *phase = json_string_value(json_object_get(c, "phase"));
	int64_t config, rows, rank;

	memset(out, 0, sizeof(*out));
	if (!json_is_object(c) || opt_int(&config, c, "config") < 0 ||
	    config < 0 || config > 1000000 || !phase || !*phase ||
	    !json_is_number(pred) || !json_is_number(lo) ||
	    !json_is_number(hi) || opt_int(&rows, c, "rows") < 0 ||
	    opt_int(&rank, c, "rank") < 0 || rank > 1000000 ||
	    (device && !json_is_string(device)) ||
	    (reduce && (!json_is_string(reduce) ||
			strcmp(json_string_value(reduce), "max_over_ranks"))))
		return -1;
	out->sel.config = (int)config;
	out->sel.phase = pr_strdup(phase);
	out->sel.device = device ? pr_strdup(json_string_value(device)) : NULL;
	out->sel.bytes = -1;
	out->sel.rows = rows;
	out->sel.rank = (int)rank;
	out->sel.max_over_ranks = reduce != NULL;
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
			    "and rank (integers), device (a string) and "
			    "reduce (\"max_over_ranks\")",
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
	}
	free(cells);
}

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
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
	if ((error = pr_read_file(&text, &len, path)) < 0)
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
cleanup:
	free(text);
	free(path);
	return error;
}

static int valid_run_id(const char *id)
{
	return *id && *id != '.' && !strchr(id, '/') && !strstr(id, "..") &&
	       strlen(id) < 128;
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

/* Analyze runs/NAME/ID into a->run[a->nruns++]. */
static int analyze_one(pr_analysis *a, const char *root, const char *id,
		       const pr_manifest *m)
{
	char *path = pr_path_archive(root, a->name, id);
	pr_archive_info info;
	pr_timings t;
	pr_analysis_run *r;
	int error;

	if ((error = pr_timings_load(&t, &info, path)) < 0) {
		free(path);
		return error;
	}
	a->run = pr_realloc(a->run, (a->nruns + 1) * sizeof(*a->run));
	r = &a->run[a->nruns++];
	pr_analyze_run(r, &t, m, a->cell, a->ncells);
	if (!r->run_id)
		r->run_id = pr_strdup(id);
	memcpy(r->sha256, info.sha256, sizeof(r->sha256));
	r->sha256_ok =
	    m->archive.sha256 ? !strcmp(m->archive.sha256, info.sha256) : -1;
	if (r->sha256_ok == 0)
		pr_warn("'%s' does not hash to the manifest's sha256: the "
			"archive changed after the run (see 'prereg audit')",
			path);
	r->pred_pinned = m->pin.prediction_blob && a->pred
			     ? !strcmp(m->pin.prediction_blob, a->pred_blob)
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
	const pr_model *m = pr_model_lookup(json_string_value(
	    json_object_get(json_object_get(a->pred, "model"), "name")));
	size_t i;

	for (i = 0; m && m->post_analyze && i < a->nruns; i++)
		m->post_analyze(&a->run[i], a->pred);
}

static void skip(pr_analysis *a, const char *id, const char *status)
{
	a->skipped = pr_realloc(a->skipped, (a->nskipped + 1) * sizeof(char *));
	a->skipped[a->nskipped++] =
	    pr_asprintf("%s (%s)", id, status ? status : "no status");
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
	if (run_id && !valid_run_id(run_id))
		return pr_error_code(PR_EINPUT, "invalid run id '%s'", run_id);
	out->name = pr_strdup(name);
	if ((error = load_prediction(out, root)) < 0)
		goto cleanup;
	if (pr_path_list_runs(&ids, &nids, root, name, 1) < 0 && !run_id) {
		error = no_runs(root, name, out->pred != NULL);
		goto cleanup;
	}
	for (i = 0; i < nids && !error; i++) {
		char *mpath;
		pr_manifest m;

		if (run_id && strcmp(ids[i], run_id))
			continue;
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
	json_decref(a->pred);
	free(a->name);
	memset(a, 0, sizeof(*a));
}
