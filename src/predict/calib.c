/* calib.c - parameters measured by a pinned calibration experiment (I5) */
#include "predict/calib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "repo/git.h"
#include "repo/paths.h"
#include "base/stats.h"
#include "base/util.h"

const char pr_calib_hockney_method[] =
    "one-way time = round trip / 2 of rank 0's pingpong samples; per "
    "size the median over launches of per-launch medians (warmups "
    "excluded); least squares on relative residuals (weights 1/t^2) over "
    "sizes <= 4 KiB (eager) and > 32 KiB (rendezvous), alpha >= 0; gamma "
    "= slope of the reduce_local medians over sizes > 32 KiB";

const char pr_calib_rows_method[] =
    "T(r) = a + b*r per device kind: compute samples of the rows-sweep "
    "calibration, per rows value the median over launches of per-launch "
    "medians (warmups excluded); least squares on relative residuals "
    "(weights 1/t^2), a >= 0";

/* Which rows of a calibration archive make one series, and its x. */
typedef struct {
	const int *cfg_ok; /* per config, or NULL for every config */
	const char *phase;
	int rank;	    /* -1: every rank */
	const char *device; /* NULL: every device */
	int by_rows;	    /* x = rows, else x = bytes */
	double scale;	    /* applied to every duration */
} series_filter;

typedef struct {
	double *x, *t;
	size_t n;
} series;

static int keep(const series_filter *f, const pr_timing *r)
{
	return !r->warmup && (!f->cfg_ok || f->cfg_ok[r->config]) &&
	       !strcmp(r->phase, f->phase) &&
	       (f->rank < 0 || r->rank == f->rank) &&
	       (!f->device || !strcmp(r->device, f->device));
}

static double x_of(const series_filter *f, const pr_timing *r)
{
	return (double)(f->by_rows ? r->rows : r->bytes);
}

static int seen(const series *s, double x)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (s->x[i] == x)
			return 1;
	}
	return 0;
}

/* Per x: the decision statistic of its samples. */
static void series_medians(series *out, const pr_timings *t,
			   const series_filter *f)
{
	double *vals = pr_calloc(t->nrows + 1, sizeof(double));
	int *launch = pr_calloc(t->nrows + 1, sizeof(int));
	size_t i, j;

	memset(out, 0, sizeof(*out));
	out->x = pr_calloc(t->nrows, sizeof(double));
	out->t = pr_calloc(t->nrows, sizeof(double));
	for (i = 0; i < t->nrows; i++) {
		double x = x_of(f, &t->row[i]);
		size_t nv = 0;

		if (!keep(f, &t->row[i]) || seen(out, x))
			continue;
		for (j = i; j < t->nrows; j++) {
			const pr_timing *q = &t->row[j];

			if (keep(f, q) && x_of(f, q) == x) {
				launch[nv] = q->launch;
				vals[nv++] = pr_timing_seconds(q) * f->scale;
			}
		}
		out->x[out->n] = x;
		out->t[out->n] =
		    pr_stats_decision(NULL, NULL, NULL, launch, vals, nv);
		out->n++;
	}
	free(vals);
	free(launch);
}

static void series_free(series *s)
{
	free(s->x);
	free(s->t);
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

int pr_calib_load(pr_calib *out, git_repository *repo, const char *name)
{
	const char *root = pr_repo_root(repo);
	char **ids = NULL, *archive;
	size_t n, i;
	int error = PR_EREFUSED;

	memset(out, 0, sizeof(*out));
	pr_path_list_runs(&ids, &n, root, name, 1);
	/* newest first: run ids sort by their start time */
	for (i = n; i-- > 0 && error < 0;) {
		char *rel = pr_path_manifest(NULL, name, ids[i]);
		char *abs = pr_path_manifest(root, name, ids[i]);
		int was = pr_set_quiet(1);
		pr_manifest m;

		if (pr_manifest_read(&m, abs) == 0 && m.status &&
		    !strcmp(m.status, "complete") && in_head(repo, rel)) {
			out->run_id = pr_strdup(ids[i]);
			out->manifest = m;
			memset(&m, 0, sizeof(m));
			error = PR_OK;
		}
		pr_set_quiet(was);
		pr_manifest_free(&m);
		free(rel);
		free(abs);
	}
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	if (error < 0)
		return pr_error_code(PR_EREFUSED,
				     "no pinned, committed run of calibration "
				     "'%s' (run 'prereg pin %s && prereg run "
				     "%s' first)",
				     name, name, name);
	out->experiment = pr_strdup(name);
	archive = pr_path_archive(root, name, out->run_id);
	error = pr_timings_load(&out->t, &out->info, archive);
	free(archive);
	if (error < 0)
		pr_calib_free(out);
	return error;
}

void pr_calib_free(pr_calib *c)
{
	pr_timings_free(&c->t);
	pr_manifest_free(&c->manifest);
	free(c->experiment);
	free(c->run_id);
	memset(c, 0, sizeof(*c));
}

json_t *pr_calib_json(const pr_calib *c)
{
	return json_pack("{s:s, s:s, s:s, s:O}", "experiment", c->experiment,
			 "run_id", c->run_id, "archive_sha256", c->info.sha256,
			 "pin", c->manifest.pin.json);
}

/* cfg_ok[c] = config c of the calibration run uses `transport`. */
static int configs_with(int **out, const pr_calib *c, const char *transport)
{
	size_t n = json_array_size(c->manifest.configs), i;
	int any = 0;

	*out = pr_calloc(n + 1, sizeof(int));
	for (i = 0; i < c->t.nrows; i++) {
		if ((size_t)c->t.row[i].config >= n) {
			free(*out);
			*out = NULL;
			return pr_error("the archive of calibration run '%s' "
					"names config %d of %zu",
					c->run_id, c->t.row[i].config, n);
		}
	}
	for (i = 0; i < n; i++) {
		const char *tr =
		    pr_manifest_config(&c->manifest, i, "transport");
		any |= (*out)[i] = tr && !strcmp(tr, transport);
	}
	if (!any) {
		free(*out);
		*out = NULL;
		return pr_error_code(PR_EINPUT,
				     "calibration run '%s' has no transport "
				     "'%s'",
				     c->run_id, transport);
	}
	return PR_OK;
}

int pr_calib_hockney(pr_hockney_params *out, const pr_calib *c,
		     const char *transport)
{
	series pp = {0}, red = {0};
	series_filter f = {.phase = "pingpong", .rank = 0, .scale = 0.5};
	pr_hockney g;
	int *cfg_ok = NULL, error;

	memset(out, 0, sizeof(*out));
	if ((error = configs_with(&cfg_ok, c, transport)) < 0)
		return error;
	f.cfg_ok = cfg_ok;
	series_medians(&pp, &c->t, &f);
	f.phase = "reduce_local";
	f.rank = -1;
	f.scale = 1.0;
	series_medians(&red, &c->t, &f);
	if (pr_hockney_fit(&out->eager, pp.x, pp.t, pp.n, 0,
			   PR_HOCKNEY_EAGER_MAX) < 0 ||
	    pr_hockney_fit(&out->rndv, pp.x, pp.t, pp.n,
			   PR_HOCKNEY_RNDV_MIN + 1, INFINITY) < 0 ||
	    pr_hockney_fit(&g, red.x, red.t, red.n, PR_HOCKNEY_RNDV_MIN + 1,
			   INFINITY) < 0)
		error = pr_error_code(PR_EINPUT,
				      "calibration run '%s' needs two or more "
				      "message sizes at or below 4 KiB and "
				      "above 32 KiB for '%s'",
				      c->run_id, transport);
	else
		out->gamma = g.beta;
	series_free(&pp);
	series_free(&red);
	free(cfg_ok);
	return error;
}

int pr_calib_rows(double *a, double *b, const pr_calib *c, const char *device,
		  long keys, long d)
{
	series s = {0};
	series_filter f = {.phase = "compute",
			   .rank = -1,
			   .device = device,
			   .by_rows = 1,
			   .scale = 1.0};
	long ckeys = (long)c->manifest.workload.keys;
	long cd = (long)c->manifest.workload.d;
	double *w;
	size_t i;
	int error;

	if (ckeys != keys || cd != d)
		return pr_error_code(
		    PR_EINPUT,
		    "calibration run '%s' measured keys = %ld, "
		    "d = %ld; this experiment has keys = %ld, "
		    "d = %ld (per-row time depends on both)",
		    c->run_id, ckeys, cd, keys, d);
	series_medians(&s, &c->t, &f);
	w = pr_calloc(s.n + 1, sizeof(double));
	for (i = 0; i < s.n; i++)
		w[i] = s.t[i] > 0 ? 1.0 / (s.t[i] * s.t[i]) : 0.0;
	error = pr_stats_wlinfit(a, b, s.x, s.t, w, s.n, 1);
	if (error < 0)
		error = pr_error_code(PR_EINPUT,
				      "calibration run '%s' needs compute "
				      "samples of device '%s' at two or more "
				      "row counts",
				      c->run_id, device);
	free(w);
	series_free(&s);
	return error;
}
