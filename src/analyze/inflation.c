/* inflation.c - packed over spread ratios, the faked speedup and the MPI
 * stack of each launch (DESIGN 7) */
#include "analyze/inflation.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/compare.h"
#include "base/stats.h"
#include "base/util.h"
#include "format/manifest.h"

static int all_one_host(const json_t *ranks)
{
	const char *first = NULL, *h;
	json_t *r;
	size_t i;

	json_array_foreach(ranks, i, r)
	{
		if (!(h = json_string_value(json_object_get(r, "host"))))
			return 0;
		if (first && strcmp(first, h))
			return 0;
		first = h;
	}
	return first != NULL;
}

/* names joined by ",", sorted; "" when none */
static char *join_sorted(const char **v, size_t n)
{
	size_t i, len = 1;
	char *out;

	qsort(v, n, sizeof(*v), pr_strcmp_ptr);
	for (i = 0; i < n; i++)
		len += strlen(v[i]) + 1;
	out = pr_calloc(len, 1);
	for (i = 0; i < n; i++) {
		if (i)
			strcat(out, ",");
		strcat(out, v[i]);
	}
	return out;
}

int pr_stack_of(pr_stack *out, const json_t *rec)
{
	json_t *ranks = json_object_get(rec, "ranks");
	json_t *st = json_object_get(ranks, "stack"), *btl, *excl, *b;
	const char **open, **carry, *best = NULL;
	long long top = -1, x;
	size_t i, n, nopen = 0, ncarry = 0;

	memset(out, 0, sizeof(*out));
	btl = json_object_get(st, "btl");
	excl = json_object_get(st, "btl_exclusivity");
	if (!json_is_object(st) || !json_is_array(btl))
		return PR_EINPUT;
	n = json_array_size(btl);
	open = pr_calloc(n + 1, sizeof(*open));
	carry = pr_calloc(n + 1, sizeof(*carry));
	out->one_host = all_one_host(json_object_get(ranks, "ranks"));
	json_array_foreach(btl, i, b)
	{
		const char *name = json_string_value(b);

		if (!name)
			continue;
		open[nopen++] = name;
		if (!strcmp(name, "self"))
			continue;
		carry[ncarry++] = name;
		x = json_integer_value(json_object_get(excl, name));
		if (x > top) {
			top = x;
			best = name;
		}
	}
	if (json_string_value(json_object_get(st, "pml")))
		out->pml =
		    pr_strdup(json_string_value(json_object_get(st, "pml")));
	out->btl = join_sorted(open, nopen);
	if (out->one_host && best)
		out->carrier = pr_strdup(best);
	else
		out->carrier = join_sorted(carry, ncarry);
	free(open);
	free(carry);
	return PR_OK;
}

static int same_str(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

int pr_stack_same(const pr_stack *a, const pr_stack *b)
{
	return same_str(a->pml, b->pml) && same_str(a->carrier, b->carrier);
}

void pr_stack_free(pr_stack *s)
{
	if (!s)
		return;
	free(s->pml);
	free(s->btl);
	free(s->carrier);
	memset(s, 0, sizeof(*s));
}

static int enough(const pr_analysis_row *x)
{
	return pr_stats_median_ci_rank(NULL, x->nlaunches) > 0;
}

void pr_ratio_judge(pr_inflation *out, const pr_analysis_row *p,
		    const pr_analysis_row *s, double predicted, double lo_s,
		    double hi_s, uint64_t seed)
{
	out->packed = p->sel.config;
	out->spread = s->sel.config;
	out->sel = &p->sel;
	out->measured = out->lo = out->hi = NAN;
	out->predicted = predicted;
	out->lo_s = lo_s;
	out->hi_s = hi_s;
	out->why = NULL;
	if (!p->n || !s->n) {
		out->verdict = PR_NO_DATA;
		out->why = "no samples";
		return;
	}
	if (s->stat > 0)
		out->measured = p->stat / s->stat;
	pr_stats_ratio_boot(&out->lo, &out->hi, s->launch_med, s->nlaunches,
			    p->launch_med, p->nlaunches, PR_COMPARE_NBOOT,
			    seed);
	if (isnan(out->predicted)) {
		out->verdict = PR_NO_PREDICTION;
		return;
	}
	out->verdict = pr_verdict_interval(&out->why, out->lo, out->hi,
					   enough(p) && enough(s) ? 0.95 : 0,
					   out->lo_s, out->hi_s);
}

void pr_inflation_of(pr_inflation *out, const pr_analysis_row *p,
		     const pr_analysis_row *s, uint64_t seed)
{
	double tol, predicted = NAN, lo_s = NAN, hi_s = NAN;

	memset(out, 0, sizeof(*out));
	if (p->cell && s->cell && s->cell->predicted_s > 0 &&
	    p->cell->predicted_s > 0) {
		tol = p->cell->hi_s / p->cell->predicted_s - 1;
		predicted = p->cell->predicted_s / s->cell->predicted_s;
		lo_s = predicted * (1 - tol);
		hi_s = predicted * (1 + tol);
	}
	pr_ratio_judge(out, p, s, predicted, lo_s, hi_s, seed);
}

/* Per launch that both rows have, the sum of their per-launch medians. */
static size_t step_times(double *out, const pr_analysis_row *c,
			 const pr_analysis_row *g)
{
	size_t i, j, n = 0;

	for (i = 0; i < c->nlaunches; i++)
		for (j = 0; j < g->nlaunches; j++)
			if (c->launch[i] == g->launch[j])
				out[n++] = c->launch_med[i] + g->launch_med[j];
	return n;
}

void pr_inflation_speedup(double *ratio, double *lo, double *hi,
			  const pr_analysis_row *pc, const pr_analysis_row *pg,
			  const pr_analysis_row *sc, const pr_analysis_row *sg,
			  uint64_t seed)
{
	double *p = pr_calloc(pc->nlaunches + 1, sizeof(double));
	double *s = pr_calloc(sc->nlaunches + 1, sizeof(double));
	size_t np = step_times(p, pc, pg), ns = step_times(s, sc, sg);

	*ratio = *lo = *hi = NAN;
	if (np && ns) {
		double mp = pr_stats_median(p, np), ms = pr_stats_median(s, ns);

		if (ms > 0)
			*ratio = mp / ms;
		pr_stats_ratio_boot(lo, hi, s, ns, p, np, PR_COMPARE_NBOOT,
				    seed);
	}
	free(p);
	free(s);
}

/* One config as the pairing sees it: its index, its placement, and every
 * other factor as canonical JSON (keys sorted), so that two configs
 * differing only in placement have the same key. */
typedef struct {
	char *key;
	size_t config;
	int packed; /* 1 packed, 0 spread */
} pair_key;

static int cmp_pair_key(const void *pa, const void *pb)
{
	const pair_key *a = pa, *b = pb;
	int c = strcmp(a->key, b->key);

	if (c)
		return c;
	return a->config < b->config ? -1 : a->config > b->config;
}

/* The keys of the configs placed packed or spread, sorted by key then
 * index (*n of them; the caller frees each key and the array). */
static pair_key *pair_keys(size_t *n, const pr_manifest *m, size_t nconfigs)
{
	pair_key *k = pr_calloc(nconfigs + 1, sizeof(*k));
	size_t c;

	*n = 0;
	for (c = 0; c < nconfigs; c++) {
		const char *pl = pr_manifest_config(m, c, "placement");
		json_t *rest;

		if (!pl || (strcmp(pl, "packed") && strcmp(pl, "spread")))
			continue;
		rest = json_copy(json_array_get(m->configs, c));
		json_object_del(rest, "config");
		json_object_del(rest, "placement");
		k[*n].key = json_dumps(rest, JSON_SORT_KEYS | JSON_COMPACT);
		json_decref(rest);
		if (!k[*n].key)
			continue;
		k[*n].config = c;
		k[*n].packed = !strcmp(pl, "packed");
		(*n)++;
	}
	qsort(k, *n, sizeof(*k), cmp_pair_key);
	return k;
}

/* A row worth a ratio: compute reduced over ranks, or a collective. */
static int ratio_row(const pr_analysis_row *x)
{
	if (!strcmp(x->sel.phase, "compute"))
		return x->sel.reduce != PR_REDUCE_NONE && x->sel.rank < 0;
	return pr_collective_phase(x->sel.phase);
}

/* The first row of r (sorted by pr_select_cmp) not before sel. */
static size_t lower_bound(const pr_analysis_run *r, const pr_select *sel)
{
	size_t lo = 0, hi = r->nrows, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (pr_select_cmp(&r->row[mid].sel, sel) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The first row of config c (r->nrows when none): rows sort by config
 * first. */
static size_t first_of_config(const pr_analysis_run *r, int c)
{
	size_t lo = 0, hi = r->nrows, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (r->row[mid].sel.config < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The row of config c selecting what sel selects, or NULL (a binary
 * search: the rows are sorted by pr_select_cmp). */
static const pr_analysis_row *twin(const pr_analysis_run *r,
				   const pr_select *sel, int c)
{
	pr_select t = *sel;
	size_t i;

	t.config = c;
	i = lower_bound(r, &t);
	if (i < r->nrows && !pr_select_cmp(&r->row[i].sel, &t))
		return &r->row[i];
	return NULL;
}

static void stacks_of(pr_inflation_set *s, const pr_manifest *m)
{
	int *seen = pr_calloc(s->nconfigs + 1, sizeof(int));
	json_t *rec, *c;
	pr_stack st;
	size_t i;

	json_array_foreach(m->launches, i, rec)
	{
		c = json_object_get(rec, "config");
		if (!json_is_integer(c) || json_integer_value(c) < 0 ||
		    (size_t)json_integer_value(c) >= s->nconfigs ||
		    pr_stack_of(&st, rec) < 0)
			continue;
		if (!seen[json_integer_value(c)]++)
			s->stack[json_integer_value(c)] = st;
		else {
			if (!pr_stack_same(&s->stack[json_integer_value(c)],
					   &st))
				s->stack_varies[json_integer_value(c)] = 1;
			pr_stack_free(&st);
		}
	}
	free(seen);
}

static void add_pair(pr_inflation_set *s, const pr_analysis_run *r, int p,
		     int q, uint64_t seed)
{
	const pr_analysis_row *pc = NULL, *pg = NULL, *sc = NULL, *sg = NULL;
	size_t i;

	for (i = first_of_config(r, p);
	     i < r->nrows && r->row[i].sel.config == p; i++) {
		const pr_analysis_row *x = &r->row[i], *y;

		if (!ratio_row(x) || !(y = twin(r, &x->sel, q)))
			continue;
		s->ratio =
		    pr_realloc(s->ratio, (s->nratios + 1) * sizeof(*s->ratio));
		pr_inflation_of(&s->ratio[s->nratios], x, y, seed + s->nratios);
		s->nratios++;
		if (!strcmp(x->sel.phase, "compute"))
			pc = x, sc = y;
		else if (!strcmp(x->sel.phase, "gatherv"))
			pg = x, sg = y;
	}
	if (!pc || !pg)
		return;
	s->speedup =
	    pr_realloc(s->speedup, (s->nspeedups + 1) * sizeof(*s->speedup));
	s->speedup[s->nspeedups].packed = p;
	s->speedup[s->nspeedups].spread = q;
	pr_inflation_speedup(&s->speedup[s->nspeedups].ratio,
			     &s->speedup[s->nspeedups].lo,
			     &s->speedup[s->nspeedups].hi, pc, pg, sc, sg,
			     seed + 1000 + s->nspeedups);
	s->nspeedups++;
}

/* add_pair for every packed config p and the first spread config q equal
 * to it in every factor but placement (a grid has exactly one), p
 * ascending: sorted keys make it O(n log n) in the configs, where trying
 * every (p, q) was O(n^2). */
static void add_pairs(pr_inflation_set *s, const pr_analysis_run *r,
		      const pr_manifest *m, uint64_t seed)
{
	size_t n, i, j, *spread = pr_calloc(r->nconfigs + 1, sizeof(size_t));
	pair_key *k = pair_keys(&n, m, r->nconfigs);

	for (i = 0; i < r->nconfigs; i++)
		spread[i] = r->nconfigs;
	/* a group of equal keys: its first spread config, for each packed */
	for (i = 0; i < n; i = j) {
		size_t q = r->nconfigs;

		for (j = i; j < n && !strcmp(k[j].key, k[i].key); j++)
			if (!k[j].packed && q == r->nconfigs)
				q = k[j].config;
		for (j = i; j < n && !strcmp(k[j].key, k[i].key); j++)
			if (k[j].packed)
				spread[k[j].config] = q;
	}
	for (i = 0; i < r->nconfigs; i++)
		if (spread[i] < r->nconfigs)
			add_pair(s, r, (int)i, (int)spread[i], seed);
	for (i = 0; i < n; i++)
		free(k[i].key);
	free(k);
	free(spread);
}

pr_inflation_set *pr_inflation_build(const pr_analysis_run *r,
				     const pr_manifest *m)
{
	pr_inflation_set *s;
	uint64_t seed;
	size_t p;

	if (!m || !r->nconfigs)
		return NULL;
	s = pr_calloc(1, sizeof(*s));
	s->nconfigs = r->nconfigs;
	s->stack = pr_calloc(s->nconfigs, sizeof(*s->stack));
	s->stack_varies = pr_calloc(s->nconfigs, sizeof(int));
	s->transport = pr_calloc(s->nconfigs, sizeof(char *));
	for (p = 0; p < s->nconfigs; p++)
		if (pr_manifest_config(m, p, "transport"))
			s->transport[p] =
			    pr_strdup(pr_manifest_config(m, p, "transport"));
	stacks_of(s, m);
	seed = pr_compare_seed(m->run_id ? m->run_id : "", "inflation");
	add_pairs(s, r, m, seed);
	return s;
}

void pr_inflation_set_free(pr_inflation_set *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nconfigs; i++) {
		pr_stack_free(&s->stack[i]);
		free(s->transport[i]);
	}
	free(s->transport);
	free(s->stack);
	free(s->stack_varies);
	free(s->ratio);
	free(s->speedup);
	free(s);
}

const pr_inflation_set *pr_inflation_set_of(const pr_analysis_run *r)
{
	return r->study[PR_STUDY_INFLATION];
}
