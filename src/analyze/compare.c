/* compare.c - a run against an earlier one of the same experiment: the
 * reproduction verdict of every row of the analysis and what the two
 * manifests say (DESIGN 7) */
#include "analyze/compare.h"

#include <git2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/schedule.h"
#include "base/stats.h"
#include "base/util.h"
#include "repo/git.h"
#include "format/manifest.h"
#include "repo/paths.h"
#include "run/conditions.h"

/* The rows of r, each selection once (r's rows are sorted by it). */
static size_t distinct_rows(const pr_analysis_row **out,
			    const pr_analysis_run *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->nrows; i++) {
		if (n && !pr_select_cmp(&out[n - 1]->sel, &r->row[i].sel))
			continue;
		out[n++] = &r->row[i];
	}
	return n;
}

/* Did launch `launch` of config `config` of run r run on a busy
 * machine? */
static int busy_launch(const pr_analysis_run *r, int launch, int config)
{
	size_t i;

	for (i = 0; i < r->busy.nbusy; i++)
		if (r->busy.busy[i].launch == launch &&
		    r->busy.busy[i].config == config)
			return 1;
	return 0;
}

/* Row x's per-launch medians of run r that did not run on a busy machine,
 * into out (x->nlaunches long); their count, the others in *left. */
static size_t quiet_launches(double *out, size_t *left,
			     const pr_analysis_row *x, const pr_analysis_run *r)
{
	size_t k, n = 0;

	*left = 0;
	for (k = 0; k < x->nlaunches; k++) {
		if (busy_launch(r, x->launch[k], x->sel.config))
			(*left)++;
		else
			out[n++] = x->launch_med[k];
	}
	return n;
}

/* Rule exclude: ratio, interval and verdict of row x from the launches
 * of both runs that ran on a quiet machine. */
static void judge_quiet(pr_compare_row *x, const pr_comparison *c,
			uint64_t seed)
{
	double *qa = pr_malloc((x->a->nlaunches + 1) * sizeof(double));
	double *qb = pr_malloc((x->b->nlaunches + 1) * sizeof(double));
	size_t na = quiet_launches(qa, &x->out_a, x->a, c->a);
	size_t nb = quiet_launches(qb, &x->out_b, x->b, c->b);
	double ma, mb;
	int enough;

	if (!na || !nb) {
		x->why = !na ? "every launch of A ran on a busy machine"
			     : "every launch of B ran on a busy machine";
		free(qa);
		free(qb);
		return;
	}
	ma = pr_stats_median(qa, na);
	mb = pr_stats_median(qb, nb);
	if (ma > 0)
		x->ratio = mb / ma * x->scale;
	pr_stats_ratio_boot(&x->lo, &x->hi, qa, na, qb, nb, PR_COMPARE_NBOOT,
			    seed);
	x->lo *= x->scale;
	x->hi *= x->scale;
	enough = pr_stats_median_ci_rank(NULL, na) > 0 &&
		 pr_stats_median_ci_rank(NULL, nb) > 0;
	x->verdict = pr_compare_verdict(&x->why, x->lo, x->hi, x->tol, enough);
	free(qa);
	free(qb);
}

static void judge(pr_compare_row *x, const pr_comparison *c, uint64_t seed)
{
	const pr_analysis_row *a = x->a, *b = x->b;
	int enough;

	x->cls = pr_compare_class(x->sel->phase);
	x->tol = pr_tolerance_of(&c->tol, x->sel->phase);
	x->ratio = x->lo = x->hi = NAN;
	x->verdict = PR_REPRO_NO_DATA;
	if (!a || !b || !a->n || !b->n) {
		x->why = !a || !a->n ? "no samples in A" : "no samples in B";
		return;
	}
	if (c->busy_exclude) {
		judge_quiet(x, c, seed);
		return;
	}
	if (a->stat > 0)
		x->ratio = b->stat / a->stat * x->scale;
	pr_stats_ratio_boot(&x->lo, &x->hi, a->launch_med, a->nlaunches,
			    b->launch_med, b->nlaunches, PR_COMPARE_NBOOT,
			    seed);
	x->lo *= x->scale;
	x->hi *= x->scale;
	enough = pr_stats_median_ci_rank(NULL, a->nlaunches) > 0 &&
		 pr_stats_median_ci_rank(NULL, b->nlaunches) > 0;
	x->verdict = pr_compare_verdict(&x->why, x->lo, x->hi, x->tol, enough);
}

/* Is the row a cell of both runs' predictions, each with a positive
 * predicted time? */
static int both_predicted(const pr_compare_row *x)
{
	return x->a && x->b && x->a->cell && x->b->cell &&
	       x->a->cell->predicted_s > 0 && x->b->cell->predicted_s > 0;
}

/* The rows of a and b merged by selection, each judged; row i's
 * bootstrap is seeded with splitmix64(seed + i). */
static void build_rows(pr_comparison *c)
{
	const pr_analysis_row **ra = pr_malloc((c->a->nrows + 1) * sizeof(*ra));
	const pr_analysis_row **rb = pr_malloc((c->b->nrows + 1) * sizeof(*rb));
	size_t na = distinct_rows(ra, c->a), nb = distinct_rows(rb, c->b);
	size_t i = 0, j = 0;
	uint64_t seed = pr_compare_seed(c->a->run_id, c->b->run_id);

	c->row = pr_calloc(na + nb + 1, sizeof(pr_compare_row));
	while (i < na || j < nb) {
		pr_compare_row *x = &c->row[c->nrows];
		int k = i == na	  ? 1
			: j == nb ? -1
				  : pr_select_cmp(&ra[i]->sel, &rb[j]->sel);
		uint64_t state = seed + c->nrows;

		x->a = k <= 0 ? ra[i++] : NULL;
		x->b = k >= 0 ? rb[j++] : NULL;
		if ((c->across_pins && (!x->a || !x->b)) ||
		    (c->model_error && !both_predicted(x))) {
			memset(x, 0, sizeof(*x));
			c->left_out++;
			continue;
		}
		x->scale = c->model_error ? x->a->cell->predicted_s /
						x->b->cell->predicted_s
					  : 1;
		x->sel = x->a ? &x->a->sel : &x->b->sel;
		judge(x, c, pr_splitmix64(&state));
		c->count[x->verdict]++;
		c->nrows++;
	}
	free(ra);
	free(rb);
}

/* The tolerances of the spec pinned for the original run (blob). */
static void load_tolerance(pr_comparison *c, const char *root, const char *blob)
{
	char *text = pr_git_blob_text(NULL, root, blob), *label;
	pr_spec *spec = NULL;
	pr_error_scope quiet;
	int error = PR_EINPUT;

	pr_tolerance_init(&c->tol);
	if (text) {
		label = pr_asprintf("experiments/%s/experiment.ini", c->name);
		pr_error_record(&quiet);
		error = pr_spec_parse(&spec, text, label, c->name);
		pr_error_restore(&quiet);
		free(label);
	}
	if (error < 0) {
		c->tol_from = pr_strdup(
		    "the defaults: the spec pinned for A cannot be read");
	} else {
		pr_tolerance_copy(&c->tol, &spec->tol);
		c->busy_exclude = spec->busy_exclude;
		c->tol_from = pr_asprintf(
		    "the spec pinned for A (blob %.12s)%s", blob,
		    c->tol.cls[PR_CLASS_COMPUTE] == PR_REPRODUCE_TOL_COMPUTE &&
			    c->tol.cls[PR_CLASS_COMM] ==
				PR_REPRODUCE_TOL_COMM &&
			    !c->tol.nphase
			? ", which keeps the defaults"
			: "");
	}
	pr_spec_free(spec);
	free(text);
}

/* A set of strings, kept sorted and distinct. */
typedef struct {
	char **s;
	size_t n;
} strset;

static void set_add(strset *v, const char *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < v->n && strcmp(v->s[i], s) < 0; i++)
		;
	if (i < v->n && !strcmp(v->s[i], s))
		return;
	v->s = pr_realloc(v->s, (v->n + 1) * sizeof(char *));
	memmove(v->s + i + 1, v->s + i, (v->n - i) * sizeof(char *));
	v->s[i] = pr_strdup(s);
	v->n++;
}

/* The strings joined by sep, or "not recorded" (v may be NULL). */
static char *set_text(const strset *v, const char *sep)
{
	char *out = pr_strdup(v && v->n ? "" : "not recorded"), *next;
	size_t i;

	for (i = 0; v && i < v->n; i++) {
		next = pr_asprintf("%s%s%s", out, i ? sep : "", v->s[i]);
		free(out);
		out = next;
	}
	return out;
}

static void set_free(strset *v)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		free(v->s[i]);
	free(v->s);
	memset(v, 0, sizeof(*v));
}

/* set_text, then set_free. */
static char *set_join(strset *v, const char *sep)
{
	char *out = set_text(v, sep);

	set_free(v);
	return out;
}

/* MCA settings: key and the values it took in one run's launches. */
typedef struct {
	char *key;
	strset values;
} mca_key;

typedef struct {
	mca_key *k;
	size_t n;
} mca_set;

static void mca_add(mca_set *m, const char *key, size_t klen, const char *v)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		if (strlen(m->k[i].key) == klen &&
		    !strncmp(m->k[i].key, key, klen))
			break;
	}
	if (i == m->n) {
		m->k = pr_realloc(m->k, (m->n + 1) * sizeof(mca_key));
		memset(&m->k[m->n], 0, sizeof(mca_key));
		m->k[m->n++].key = pr_asprintf("%.*s", (int)klen, key);
	}
	set_add(&m->k[i].values, v);
}

/* "OMPI_MCA_k=v" */
static void mca_add_env(mca_set *m, const char *s)
{
	const char *eq;

	if (!s || strncmp(s, "OMPI_MCA_", 9) || !(eq = strchr(s, '=')))
		return;
	mca_add(m, s + 9, (size_t)(eq - s - 9), eq + 1);
}

/* The MCA settings of every launch: mpirun's `--mca k v` and `-x
 * OMPI_MCA_k=v`, and OMPI_MCA_k=v in the launch's env where recorded. */
static void mca_of(mca_set *out, const pr_manifest *m)
{
	json_t *l, *x;
	size_t i, k;

	memset(out, 0, sizeof(*out));
	json_array_foreach(m->launches, i, l)
	{
		json_t *argv = json_object_get(l, "argv");

		for (k = 0; k < json_array_size(argv); k++) {
			const char *s =
			    json_string_value(json_array_get(argv, k));
			const char *key =
			    json_string_value(json_array_get(argv, k + 1));
			const char *v =
			    json_string_value(json_array_get(argv, k + 2));

			if (s && key && v &&
			    (!strcmp(s, "--mca") || !strcmp(s, "-mca"))) {
				mca_add(out, key, strlen(key), v);
				k += 2;
			} else if (s && !strcmp(s, "-x")) {
				mca_add_env(out, key);
			}
		}
		json_array_foreach(json_object_get(l, "env"), k, x)
		    mca_add_env(out, json_string_value(x));
	}
}

static void mca_free(mca_set *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		set_free(&m->k[i].values);
		free(m->k[i].key);
	}
	free(m->k);
}

static const strset *mca_values(const mca_set *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		if (!strcmp(m->k[i].key, key))
			return &m->k[i].values;
	}
	return NULL;
}

static void add_fact(pr_comparison *c, char *what, char *a, char *b,
		     const char *warning)
{
	pr_compare_fact *f;

	c->fact = pr_realloc(c->fact, (c->nfacts + 1) * sizeof(*c->fact));
	f = &c->fact[c->nfacts++];
	f->what = what;
	f->a = a;
	f->b = b;
	f->differs = strcmp(a, b) != 0;
	f->warning = warning;
	c->nwarnings += f->differs && warning;
}

static char *or_not_recorded(const char *s)
{
	return pr_strdup(s ? s : "not recorded");
}

/* The string at m.key, or "not recorded". */
static char *top_str(const pr_manifest *m, const char *key)
{
	return or_not_recorded(
	    json_string_value(json_object_get(m->json, key)));
}

/* Does m's environment record key? */
static int env_has(const pr_manifest *m, const char *key)
{
	return json_object_get(json_object_get(m->json, "environment"), key) !=
	       NULL;
}

/* The string at m.environment.key, or the integer there in words. */
static char *env_str(const pr_manifest *m, const char *key)
{
	json_t *v =
	    json_object_get(json_object_get(m->json, "environment"), key);

	if (json_is_integer(v))
		return pr_asprintf("%lld", (long long)json_integer_value(v));
	return or_not_recorded(json_string_value(v));
}

/* The distinct strings of key in every launch's rank report (ranks is 0)
 * or in each of its ranks (1), joined by "; ". */
static char *launch_strings(const pr_manifest *m, const char *key, int ranks)
{
	strset v = {0};
	json_t *l, *r;
	size_t i, k;

	json_array_foreach(m->launches, i, l)
	{
		json_t *rep = json_object_get(l, "ranks");

		if (!ranks) {
			set_add(&v,
				json_string_value(json_object_get(rep, key)));
			continue;
		}
		json_array_foreach(json_object_get(rep, "ranks"), k, r)
		    set_add(&v, json_string_value(json_object_get(r, key)));
	}
	return set_join(&v, "; ");
}

static char *pin_words(const pr_manifest *m)
{
	return pr_asprintf("%s (commit %.12s)",
			   m->pin.tag ? m->pin.tag : "no pin recorded",
			   m->pin.commit ? m->pin.commit : "?");
}

static char *cores_words(const pr_manifest *m)
{
	json_t *env = json_object_get(m->json, "environment");
	json_t *cores = json_object_get(env, "cores"),
	       *pus = json_object_get(env, "pus");

	if (!json_is_integer(cores))
		return pr_strdup("not recorded");
	if (!json_is_integer(pus))
		return pr_asprintf("%lld",
				   (long long)json_integer_value(cores));
	return pr_asprintf("%lld cores, %lld PUs",
			   (long long)json_integer_value(cores),
			   (long long)json_integer_value(pus));
}

static char *hosts_words(const pr_manifest *m)
{
	char *host = env_str(m, "host"), *ranks = launch_strings(m, "host", 1);
	char *s = pr_asprintf("%s (ranks: %s)", host, ranks);

	free(host);
	free(ranks);
	return s;
}

#define TCP_CC "tcp_congestion_control"
#define RECORDED(m) pr_conditions_recorded((m)->json)
#define WARN_TCP "tcp times may differ for that reason"
#define WARN_MPI                                                               \
	"the MPI stack differs: communication may differ for that reason"
#define WARN_CPU                                                               \
	"another processor: a DIFFERENT row may measure the machines, not a "  \
	"failure to reproduce (`prereg repro NAME --recalibrate` compares "    \
	"the model's error instead)"

static void add_mca_facts(pr_comparison *c, const pr_manifest *a,
			  const pr_manifest *b)
{
	mca_set ma, mb;
	strset keys = {0};
	size_t i;

	mca_of(&ma, a);
	mca_of(&mb, b);
	for (i = 0; i < ma.n; i++)
		set_add(&keys, ma.k[i].key);
	for (i = 0; i < mb.n; i++)
		set_add(&keys, mb.k[i].key);
	for (i = 0; i < keys.n; i++) {
		add_fact(c, pr_asprintf("MCA %s", keys.s[i]),
			 set_text(mca_values(&ma, keys.s[i]), " | "),
			 set_text(mca_values(&mb, keys.s[i]), " | "), WARN_MPI);
	}
	set_free(&keys);
	mca_free(&ma);
	mca_free(&mb);
}

static void add_facts(pr_comparison *c, const pr_manifest *a,
		      const pr_manifest *b)
{
	if (pr_manifest_command(a->json) || pr_manifest_command(b->json)) {
		add_fact(c, pr_strdup("program"), pr_manifest_program(a->json),
			 pr_manifest_program(b->json),
			 "the program that ran differs: its times may differ "
			 "for that reason");
		add_fact(c, pr_strdup("program version"),
			 pr_manifest_program_version(a->json),
			 pr_manifest_program_version(b->json),
			 "the program says it is another version: its times "
			 "may differ for that reason");
		add_fact(c, pr_strdup("libraries"),
			 pr_manifest_libraries(a->json),
			 pr_manifest_libraries(b->json),
			 "the libraries the program's ranks mapped differ: "
			 "its times may differ for that reason");
	}
	add_fact(c, pr_strdup("pin"), pin_words(a), pin_words(b),
		 "the runs are under different pins: each is judged "
		 "against its own prediction, and the rows are matched by "
		 "selection");
	add_fact(c, pr_strdup("prereg version"), top_str(a, "prereg_version"),
		 top_str(b, "prereg_version"),
		 "the tool that ran them differs: what it measures or how "
		 "may differ");
	add_fact(c, pr_strdup("compiler"), env_str(a, "compiler"),
		 env_str(b, "compiler"), NULL);
	add_fact(c, pr_strdup("mpirun version"), env_str(a, "mpirun_version"),
		 env_str(b, "mpirun_version"), WARN_MPI);
	add_fact(c, pr_strdup("MPI library"),
		 launch_strings(a, "mpi_library", 0),
		 launch_strings(b, "mpi_library", 0), WARN_MPI);
	add_mca_facts(c, a, b);
	add_fact(c, pr_strdup("launcher"), or_not_recorded(a->launcher),
		 or_not_recorded(b->launcher), NULL);
	add_fact(c, pr_strdup("devices"), launch_strings(a, "describe", 1),
		 launch_strings(b, "describe", 1), NULL);
	/* a run recording none is no known difference: no warning */
	add_fact(c, pr_strdup("CPU"), env_str(a, "cpu"), env_str(b, "cpu"),
		 env_has(a, "cpu") && env_has(b, "cpu") ? WARN_CPU : NULL);
	c->other_cpu =
	    c->fact[c->nfacts - 1].differs && c->fact[c->nfacts - 1].warning;
	add_fact(c, pr_strdup("cores"), cores_words(a), cores_words(b), NULL);
	add_fact(c, pr_strdup("hosts"), hosts_words(a), hosts_words(b), NULL);
	add_fact(c, pr_strdup("kernel"), env_str(a, "kernel"),
		 env_str(b, "kernel"), NULL);
	/* runs from before the key compare as they did; one recording none
	 * is no known difference: no warning */
	if (RECORDED(a) || RECORDED(b))
		add_fact(c, pr_strdup("TCP congestion control"),
			 env_str(a, TCP_CC), env_str(b, TCP_CC),
			 RECORDED(a) && RECORDED(b) ? WARN_TCP : NULL);
}

static int read_manifest(pr_manifest *out, const char *root, const char *name,
			 const char *id)
{
	char *path = pr_path_manifest(root, name, id);
	int error = pr_manifest_read(out, path);

	free(path);
	return error;
}

static int no_samples(const char *name, const pr_analysis_run *r)
{
	return pr_error_code(PR_EINPUT,
			     "run '%s' has no samples (runs/%s/%s/%s holds "
			     "no timed rows): nothing to compare",
			     r->run_id, name, r->run_id, PR_ARCHIVE_FILE);
}

static int compare(pr_comparison *out, const char *root, const char *name,
		   const pr_analysis_run *a, const pr_analysis_run *b,
		   int model_error)
{
	pr_manifest ma, mb;
	int error;

	memset(out, 0, sizeof(*out));
	memset(&ma, 0, sizeof(ma));
	memset(&mb, 0, sizeof(mb));
	if (a->nsamples <= a->nwarmup)
		return no_samples(name, a);
	if (b->nsamples <= b->nwarmup)
		return no_samples(name, b);
	if ((error = read_manifest(&ma, root, name, a->run_id)) < 0 ||
	    (error = read_manifest(&mb, root, name, b->run_id)) < 0)
		goto cleanup;
	out->name = pr_strdup(name);
	out->a = a;
	out->b = b;
	out->across_pins =
	    a->pin_tag && b->pin_tag && strcmp(a->pin_tag, b->pin_tag) != 0;
	out->model_error = model_error;
	out->busy_a = a->busy.nbusy;
	out->recorded_a = a->busy.nrecorded;
	out->busy_b = b->busy.nbusy;
	out->recorded_b = b->busy.nrecorded;
	load_tolerance(out, root, ma.pin.spec_blob);
	add_facts(out, &ma, &mb);
	build_rows(out);
cleanup:
	pr_manifest_free(&ma);
	pr_manifest_free(&mb);
	return error;
}

int pr_compare(pr_comparison *out, const char *root, const char *name,
	       const pr_analysis_run *a, const pr_analysis_run *b)
{
	return compare(out, root, name, a, b, 0);
}

int pr_compare_model_error(pr_comparison *out, const char *root,
			   const char *name, const pr_analysis_run *a,
			   const pr_analysis_run *b)
{
	return compare(out, root, name, a, b, 1);
}

void pr_comparison_free(pr_comparison *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->nfacts; i++) {
		free(c->fact[i].what);
		free(c->fact[i].a);
		free(c->fact[i].b);
	}
	free(c->fact);
	free(c->row);
	pr_tolerance_free(&c->tol);
	free(c->tol_from);
	free(c->name);
	memset(c, 0, sizeof(*c));
}

/* Row x of c is one of the cells of claim k? */
static int claim_row(const pr_claim_result *k, const pr_compare_row *x)
{
	return (!k->phase || !strcmp(k->phase, x->sel->phase)) &&
	       (k->config < 0 || k->config == x->sel->config);
}

static const pr_claim_result *claim_in(const pr_analysis_run *r,
				       const char *name)
{
	size_t i;

	for (i = 0; i < r->nclaims; i++)
		if (!strcmp(r->claim[i].name, name))
			return &r->claim[i];
	return NULL;
}

static int decided(pr_verdict v)
{
	return v == PR_PASS || v == PR_FAIL;
}

static void judge_claim(pr_claim_repro *v, const pr_comparison *c,
			const pr_claim_result *kb)
{
	const pr_claim_result *ka = claim_in(c->a, kb->name);
	size_t i;

	v->in_a = ka != NULL;
	v->a = ka ? ka->verdict : PR_INCONCLUSIVE;
	v->b = kb->verdict;
	for (i = 0;
	     c->model_error && kb->source == PR_CLAIM_CELLS && i < c->nrows;
	     i++) {
		if (!claim_row(kb, &c->row[i]))
			continue;
		v->ncells++;
		v->nreproduced += c->row[i].verdict == PR_REPRODUCED;
		v->ndifferent += c->row[i].verdict == PR_DIFFERENT;
	}
	v->verdict = PR_REPRO_INCONCLUSIVE;
	if (!ka)
		v->why = pr_strdup("A's pinned spec does not state it");
	else if (decided(v->a) && decided(v->b) && v->a != v->b)
		v->why = pr_asprintf("%s on A, %s on B", pr_verdict_name(v->a),
				     pr_verdict_name(v->b));
	else if (v->ndifferent)
		v->why = pr_asprintf("the model's error differs in %zu of %zu "
				     "cells",
				     v->ndifferent, v->ncells);
	else if (!decided(v->a) || !decided(v->b))
		v->why = pr_asprintf("%s on A, %s on B", pr_verdict_name(v->a),
				     pr_verdict_name(v->b));
	else if (c->model_error && kb->source == PR_CLAIM_CELLS &&
		 v->nreproduced < v->ncells)
		v->why = pr_asprintf("the model's error reproduced in %zu of "
				     "%zu cells, the others INCONCLUSIVE",
				     v->nreproduced, v->ncells);
	else if (c->model_error && kb->source == PR_CLAIM_CELLS &&
		 v->ncells == 0)
		v->why = pr_strdup("no cell of it holds in both runs");
	else {
		v->verdict = PR_REPRODUCED;
		v->why = c->model_error && kb->source == PR_CLAIM_CELLS
			     ? pr_asprintf("%s on both; the model's error "
					   "reproduced in %zu of %zu cells",
					   pr_verdict_name(v->b),
					   v->nreproduced, v->ncells)
			     : pr_asprintf("%s on both", pr_verdict_name(v->b));
		return;
	}
	if (ka &&
	    ((decided(v->a) && decided(v->b) && v->a != v->b) || v->ndifferent))
		v->verdict = PR_DIFFERENT;
}

size_t pr_compare_claims(pr_claim_repro **out, const pr_comparison *c)
{
	size_t i, n = c->b->nclaims;

	*out = pr_calloc(n + 1, sizeof(pr_claim_repro));
	for (i = 0; i < n; i++) {
		(*out)[i].name = c->b->claim[i].name;
		(*out)[i].text = c->b->claim[i].text;
		judge_claim(&(*out)[i], c, &c->b->claim[i]);
	}
	return n;
}

void pr_claim_repro_free(pr_claim_repro *v, size_t n)
{
	size_t i;

	for (i = 0; v && i < n; i++)
		free(v[i].why);
	free(v);
}
