/* predict.c - evaluate an experiment's model, write predictions/NAME.json */
#include "predict.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "pin.h"
#include "spec.h"
#include "stats.h"
#include "timings.h"
#include "util.h"

#define MAX_LAUNCHES 1024

typedef struct {
	double *size, *t;
	size_t n;
} size_series;

static int size_seen(const size_series *s, double size)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (s->size[i] == size)
			return 1;
	}
	return 0;
}

/*
 * Per message size: the median over launches of the per-launch medians of
 * `phase` rows (non-warmup, of `rank` or any rank when rank < 0) of the
 * configs in cfg_ok, each duration multiplied by scale.
 */
static void size_medians(size_series *out, const pr_timings *t,
			 const int *cfg_ok, const char *phase, int rank,
			 double scale)
{
	double *vals = pr_calloc(t->nrows, sizeof(double));
	double *lmed = pr_calloc(MAX_LAUNCHES, sizeof(double));
	size_t i, j;
	int nlaunch = 0;

	for (i = 0; i < t->nrows; i++) {
		if (t->row[i].launch >= nlaunch)
			nlaunch = t->row[i].launch + 1;
	}
	if (nlaunch > MAX_LAUNCHES)
		nlaunch = MAX_LAUNCHES;
	memset(out, 0, sizeof(*out));
	out->size = pr_calloc(t->nrows, sizeof(double));
	out->t = pr_calloc(t->nrows, sizeof(double));
	for (i = 0; i < t->nrows; i++) {
		const pr_timing *r = &t->row[i];
		double size = (double)r->bytes;
		size_t nl = 0;
		int l;

		if (r->warmup || !cfg_ok[r->config] ||
		    strcmp(r->phase, phase) || (rank >= 0 && r->rank != rank) ||
		    size_seen(out, size))
			continue;
		for (l = 0; l < nlaunch; l++) {
			size_t nv = 0;
			for (j = i; j < t->nrows; j++) {
				const pr_timing *q = &t->row[j];
				if (q->launch == l && !q->warmup &&
				    cfg_ok[q->config] &&
				    (double)q->bytes == size &&
				    !strcmp(q->phase, phase) &&
				    (rank < 0 || q->rank == rank))
					vals[nv++] =
					    pr_timing_seconds(q) * scale;
			}
			if (nv)
				lmed[nl++] = pr_stats_median(vals, nv);
		}
		out->size[out->n] = size;
		out->t[out->n] = pr_stats_median(lmed, nl);
		out->n++;
	}
	free(vals);
	free(lmed);
}

static void series_free(size_series *s)
{
	free(s->size);
	free(s->t);
}

int pr_predict_fit_transport(pr_hockney_params *out, const pr_timings *t,
			     const char *const *config_transport, int nconfigs,
			     const char *transport)
{
	int *cfg_ok = pr_calloc((size_t)nconfigs + 1, sizeof(int));
	size_series pp = {0}, red = {0};
	pr_hockney g;
	int c, any = 0, error = PR_OK;
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < t->nrows; i++) {
		if (t->row[i].config >= nconfigs) {
			error = pr_error("calibration archive names config %d "
					 "of %d",
					 t->row[i].config, nconfigs);
			goto cleanup;
		}
	}
	for (c = 0; c < nconfigs; c++)
		any |= cfg_ok[c] = !strcmp(config_transport[c], transport);
	if (!any) {
		error = pr_error_code(PR_EINPUT,
				      "the calibration run has no transport "
				      "'%s'",
				      transport);
		goto cleanup;
	}
	size_medians(&pp, t, cfg_ok, "pingpong", 0, 0.5);
	size_medians(&red, t, cfg_ok, "reduce_local", -1, 1.0);
	if (pr_hockney_fit(&out->eager, pp.size, pp.t, pp.n, 0,
			   PR_HOCKNEY_EAGER_MAX) < 0 ||
	    pr_hockney_fit(&out->rndv, pp.size, pp.t, pp.n,
			   PR_HOCKNEY_RNDV_MIN + 1, INFINITY) < 0 ||
	    pr_hockney_fit(&g, red.size, red.t, red.n, PR_HOCKNEY_RNDV_MIN + 1,
			   INFINITY) < 0) {
		error = pr_error_code(PR_EINPUT,
				      "the calibration run of '%s' needs two "
				      "or more message sizes at or below 4 "
				      "KiB and above 32 KiB",
				      transport);
		goto cleanup;
	}
	out->gamma = g.beta;
cleanup:
	series_free(&pp);
	series_free(&red);
	free(cfg_ok);
	return error;
}

static int cmp_str_desc(const void *a, const void *b)
{
	return strcmp(*(char *const *)b, *(char *const *)a);
}

/* Is path committed in HEAD? */
static int in_head(git_repository *repo, const char *path)
{
	git_object *obj = NULL;
	git_tree_entry *e = NULL;
	int found;

	if (git_revparse_single(&obj, repo, "HEAD^{tree}") < 0)
		return 0;
	found = git_tree_entry_bypath(&e, (git_tree *)obj, path) == 0;
	git_tree_entry_free(e);
	git_object_free(obj);
	return found;
}

/*
 * The newest complete run of calibration experiment cal whose manifest is
 * committed in HEAD: *run_id and *manifest owned by the caller.
 */
static int find_calibration_run(char **run_id, json_t **manifest,
				git_repository *repo, const char *cal)
{
	char *dir = pr_asprintf("%sruns/%s", pr_repo_root(repo), cal);
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	struct dirent *d;
	DIR *dh = opendir(dir);
	int error = PR_EREFUSED;

	*run_id = NULL;
	*manifest = NULL;
	while (dh && (d = readdir(dh)) != NULL) {
		if (d->d_name[0] == '.' || !strcmp(d->d_name, "ledger.jsonl"))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			names = pr_realloc(names, cap * sizeof(char *));
		}
		names[n++] = pr_strdup(d->d_name);
	}
	if (dh)
		closedir(dh);
	qsort(names, n, sizeof(char *), cmp_str_desc);
	for (i = 0; i < n && error < 0; i++) {
		char *rel =
		    pr_asprintf("runs/%s/%s/manifest.json", cal, names[i]);
		char *abs = pr_asprintf("%s%s", pr_repo_root(repo), rel);
		json_t *m = json_load_file(abs, 0, NULL);
		const char *status =
		    json_string_value(json_object_get(m, "status"));

		if (m && status && !strcmp(status, "complete") &&
		    in_head(repo, rel)) {
			*run_id = pr_strdup(names[i]);
			*manifest = m;
			m = NULL;
			error = PR_OK;
		}
		json_decref(m);
		free(rel);
		free(abs);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(dir);
	if (error < 0)
		pr_error_code(PR_EREFUSED,
			      "no pinned, committed run of calibration '%s' "
			      "(run 'prereg pin %s && prereg run %s' first)",
			      cal, cal, cal);
	return error;
}

static json_t *hockney_json(const pr_hockney *h)
{
	return json_pack("{s:f, s:f}", "alpha_s", h->alpha, "beta_s_per_byte",
			 h->beta);
}

static json_t *params_json(const pr_hockney_params *p)
{
	return json_pack("{s:o, s:o, s:f}", "eager_le_4KiB",
			 hockney_json(&p->eager), "rendezvous_gt_32KiB",
			 hockney_json(&p->rndv), "gamma_s_per_byte", p->gamma);
}

static json_t *cell(const pr_spec *spec, int config, const char *phase,
		    double bytes, double predicted)
{
	return json_pack("{s:i, s:s, s:s, s:s, s:f, s:i, s:f, s:f, s:f}",
			 "config", config, "transport",
			 pr_spec_transport(spec, config), "placement",
			 pr_spec_placement(spec, config), "phase", phase,
			 "bytes", bytes, "ranks", spec->nranks, "predicted_s",
			 predicted, "lo_s", predicted * (1 - spec->tolerance),
			 "hi_s", predicted * (1 + spec->tolerance));
}

/* Transport names of the calibration run's configs, from its manifest. */
static int manifest_transports(const char ***out, int *n, json_t *m)
{
	json_t *configs = json_object_get(m, "configs");
	size_t i;

	*n = (int)json_array_size(configs);
	if (*n == 0)
		return pr_error("the calibration manifest lists no configs");
	*out = pr_calloc((size_t)*n, sizeof(char *));
	for (i = 0; i < (size_t)*n; i++) {
		(*out)[i] = json_string_value(
		    json_object_get(json_array_get(configs, i), "transport"));
		if (!(*out)[i])
			(*out)[i] = "";
	}
	return PR_OK;
}

static int predict_hockney_ring(json_t *pred, git_repository *repo,
				const pr_spec *spec)
{
	json_t *manifest = NULL, *params = json_object(), *cells;
	const char **cfg_transport = NULL;
	char *run_id = NULL, *archive = NULL;
	pr_timings t = {0};
	pr_archive_info info;
	double n_big = (double)spec->rows * spec->d * 4 + spec->rows * 4.0;
	double n_small = (double)spec->rows * 4;
	int ncfg = 0, c, error;

	if (strcmp(spec->algorithm, "ring")) {
		error = pr_error_code(PR_EINPUT,
				      "'%s': model hockney-ring needs "
				      "'algorithm = ring' in [mpi]",
				      spec->path);
		goto cleanup;
	}
	if ((error = find_calibration_run(&run_id, &manifest, repo,
					  spec->calibration)) < 0)
		goto cleanup;
	archive = pr_asprintf("%sruns/%s/%s/timings.csv.gz", pr_repo_root(repo),
			      spec->calibration, run_id);
	if ((error = pr_timings_load(&t, &info, archive)) < 0 ||
	    (error = manifest_transports(&cfg_transport, &ncfg, manifest)) < 0)
		goto cleanup;
	cells = json_object_get(pred, "cells");
	for (c = 0; c < pr_spec_nconfigs(spec); c++) {
		const char *tr = pr_spec_transport(spec, c);
		pr_hockney_params hp;

		if ((error = pr_predict_fit_transport(&hp, &t, cfg_transport,
						      ncfg, tr)) < 0)
			goto cleanup;
		json_object_set_new(params, tr, params_json(&hp));
		json_array_append_new(
		    cells,
		    cell(spec, c, "allreduce", n_big,
			 pr_hockney_ring_allreduce(&hp, spec->nranks, n_big)));
		json_array_append_new(
		    cells, cell(spec, c, "allreduce_small", n_small,
				pr_hockney_ring_allreduce(&hp, spec->nranks,
							  n_small)));
	}
	json_object_set_new(json_object_get(pred, "model"), "calibration",
			    json_pack("{s:s, s:s, s:s, s:O}", "experiment",
				      spec->calibration, "run_id", run_id,
				      "archive_sha256", info.sha256, "pin",
				      json_object_get(manifest, "pin")));
	json_object_set(json_object_get(pred, "model"), "params", params);
	json_object_set_new(
	    json_object_get(pred, "model"), "fit",
	    json_string("one-way time = round trip / 2 of rank 0's "
			"pingpong samples; per size the median over "
			"launches of per-launch medians (warmups "
			"excluded); least squares on relative residuals "
			"(weights 1/t^2) over sizes <= 4 KiB (eager) and "
			"> 32 KiB (rendezvous), alpha >= 0; gamma = slope "
			"of the reduce_local medians over sizes > 32 "
			"KiB"));
	json_object_set_new(
	    json_object_get(pred, "model"), "formula",
	    json_string("ring allreduce of n bytes over p ranks: "
			"2(p-1)alpha + 2((p-1)/p) n beta + ((p-1)/p) n "
			"gamma, alpha and beta of the regime of the "
			"n/p-byte segments (eager <= 4 KiB, else "
			"rendezvous); n = rows*d*4 + rows*4 (partial "
			"output and row sums, allreduce) and rows*4 (row "
			"max, allreduce_small)"));
cleanup:
	pr_timings_free(&t);
	json_decref(manifest);
	json_decref(params);
	free((void *)cfg_transport);
	free(run_id);
	free(archive);
	return error;
}

static int spec_blob(char out[GIT_OID_HEXSZ + 1], git_repository *repo,
		     const pr_spec *spec)
{
	git_oid oid;
	char *path = pr_asprintf("%s%s", pr_repo_root(repo), spec->path);
	int rc = git_odb_hashfile(&oid, path, GIT_OBJECT_BLOB);

	free(path);
	if (rc < 0)
		return pr_git_error("cannot hash the spec");
	git_oid_tostr(out, GIT_OID_HEXSZ + 1, &oid);
	return PR_OK;
}

static json_t *plan_json(const pr_spec *spec)
{
	json_t *sizes = json_array(), *tr = json_array(), *pl = json_array();
	int i;

	for (i = 0; i < spec->nsizes; i++)
		json_array_append_new(sizes,
				      json_integer((json_int_t)spec->sizes[i]));
	for (i = 0; i < spec->ntransports; i++)
		json_array_append_new(tr, json_string(spec->transports[i]));
	for (i = 0; i < spec->nplacements; i++)
		json_array_append_new(pl, json_string(spec->placements[i]));
	return json_pack("{s:s, s:i, s:o, s:o, s:o, s:i, s:i, s:i}", "workload",
			 spec->workload, "ranks", spec->nranks, "sizes_bytes",
			 sizes, "transports", tr, "placements", pl, "launches",
			 spec->launches, "reps", spec->reps, "warmup",
			 spec->warmup);
}

int pr_predict_build(json_t **out, git_repository *repo, const pr_spec *spec)
{
	char blob[GIT_OID_HEXSZ + 1], created[32];
	json_t *pred = NULL;
	int error;

	*out = NULL;
	if ((error = spec_blob(blob, repo, spec)) < 0)
		return error;
	pr_utc_iso(created, pr_now_unix());
	pred = json_pack(
	    "{s:s, s:s, s:s, s:s, s:s, s:{s:s}, s:[], s:{s:s, s:s, s:f}}",
	    "experiment", spec->name, "created", created, "spec_blob", blob,
	    "kind",
	    spec->kind == PR_KIND_CALIBRATION ? "calibration" : "validation",
	    "claim", spec->claim, "model", "name", spec->model, "cells",
	    "decision_rule", "statistic",
	    "median over launches of the per-launch medians (warmups "
	    "excluded)",
	    "pass",
	    "lo_s <= statistic <= hi_s, lo/hi = predicted_s * (1 "
	    "-/+ tolerance)",
	    "tolerance", spec->tolerance);
	if (spec->kind == PR_KIND_CALIBRATION) {
		json_object_set_new(pred, "plan", plan_json(spec));
	} else if (!strcmp(spec->model, "hockney-ring")) {
		error = predict_hockney_ring(pred, repo, spec);
	} else if (strcmp(spec->model, "none")) {
		error = pr_error_code(PR_EINPUT,
				      "'%s': model '%s' has no "
				      "predictor yet",
				      spec->path, spec->model);
	}
	if (error < 0) {
		json_decref(pred);
		return error;
	}
	*out = pred;
	return PR_OK;
}

int pr_predict_write(git_repository *repo, const pr_spec *spec, int quiet)
{
	json_t *pred = NULL;
	char *text = NULL, *dir = NULL, *path = NULL;
	int error;

	if ((error = pr_predict_build(&pred, repo, spec)) < 0)
		return error;
	text = json_dumps(pred, JSON_INDENT(2) | JSON_SORT_KEYS |
				    JSON_REAL_PRECISION(10));
	dir = pr_asprintf("%spredictions", pr_repo_root(repo));
	path = pr_asprintf("%s/%s.json", dir, spec->name);
	if (!text) {
		error = pr_error("cannot encode the prediction of '%s'",
				 spec->name);
		goto cleanup;
	}
	text = pr_realloc(text, strlen(text) + 2);
	strcat(text, "\n");
	if ((error = pr_mkdir_p(dir)) < 0 ||
	    (error = pr_write_file_atomic(path, text, strlen(text))) < 0)
		goto cleanup;
	if (!quiet)
		printf("wrote predictions/%s.json (%zu cells); pin it with "
		       "'prereg pin %s'\n",
		       spec->name,
		       json_array_size(json_object_get(pred, "cells")),
		       spec->name);
cleanup:
	json_decref(pred);
	free(text);
	free(dir);
	free(path);
	return error;
}
