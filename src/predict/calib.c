/* calib.c - parameters measured by a pinned calibration experiment (I5) */
#include "predict/calib.h"
#include "predict/calib_series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "repo/git.h"
#include "repo/paths.h"
#include "base/device.h"
#include "base/load.h"
#include "base/stats.h"
#include "base/util.h"
#include "format/spec.h"

const char pr_calib_median_method[] =
    "[model] median.NAME: the calibration's samples of the phase (at the "
    "bytes named, else its one size) in the configs of the config's "
    "transport and placement, per launch the median over every rank's "
    "samples (warmups excluded), then the median over launches";

const char pr_calib_rows_method[] =
    "T(r) = a + b*r per device kind: compute samples of the rows-sweep "
    "calibration, per rows value the median over launches of per-launch "
    "medians (warmups excluded); least squares on relative residuals "
    "(weights 1/t^2), intercept a free (a negative a is recorded; "
    "refitted through the origin, recorded as clamped, only where the "
    "line would be <= 0 at a rows value predicted); a calibrated rows "
    "value whose median leaves the line's [1-tol, 1+tol] is nonlinear";

/* One series' per-launch medians per x, as the archive gives them. */
typedef struct cache_entry {
	struct cache_entry *next;
	char *key;
	size_t nx;
	double *x;
	size_t *off; /* x[i]'s launches: off[i] .. off[i+1] - 1 */
	int *launch;
	double *med;
} cache_entry;

struct pr_calib_cache {
	cache_entry *entries;
	int configs_checked; /* every row names a config of the manifest */
};

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

static double value_of(const series_filter *f, const pr_timing *r)
{
	double ops = f->per_op && r->rows > 1 ? (double)r->rows : 1.0;

	return pr_timing_seconds(r) * f->scale / ops;
}

static char *cache_key(const series_filter *f, size_t nconfigs)
{
	char *mask = pr_calloc(nconfigs + 2, 1), *key;
	size_t i;

	for (i = 0; f->cfg_ok && i < nconfigs; i++)
		mask[i] = f->cfg_ok[i] ? '1' : '0';
	key = pr_asprintf("%s|%d|%s|%d|%d|%.17g|%s", f->phase, f->rank,
			  f->device ? f->device : "*", f->by_rows, f->per_op,
			  f->scale, f->cfg_ok ? mask : "*");
	free(mask);
	return key;
}

typedef struct {
	double x, v;
	int launch;
} point;

static int cmp_point(const void *a, const void *b)
{
	const point *p = a, *q = b;

	return p->x < q->x ? -1 : p->x > q->x;
}

int pr_calib_excluded(const pr_calib *c, const pr_timing *r)
{
	size_t i;

	for (i = 0; i < c->nexcluded; i++)
		if (c->excluded[2 * i] == r->launch &&
		    c->excluded[2 * i + 1] == r->config)
			return 1;
	return 0;
}

/* The per-launch medians of f's series, per x ascending. */
static cache_entry *entry_build(const pr_calib *c, const series_filter *f)
{
	const pr_timings *t = &c->t;
	cache_entry *e = pr_calloc(1, sizeof(*e));
	point *pt = pr_calloc(t->nrows + 1, sizeof(point));
	double *v = pr_calloc(t->nrows + 1, sizeof(double));
	int *l = pr_calloc(t->nrows + 1, sizeof(int));
	size_t n = 0, i, j, k, nl;

	for (i = 0; i < t->nrows; i++) {
		if (keep(f, &t->row[i]) && !pr_calib_excluded(c, &t->row[i]))
			pt[n++] =
			    (point){x_of(f, &t->row[i]),
				    value_of(f, &t->row[i]), t->row[i].launch};
	}
	qsort(pt, n, sizeof(point), cmp_point);
	e->x = pr_calloc(n + 1, sizeof(double));
	e->off = pr_calloc(n + 2, sizeof(size_t));
	e->launch = pr_calloc(n + 1, sizeof(int));
	e->med = pr_calloc(n + 1, sizeof(double));
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && pt[j].x == pt[i].x; j++) {
			v[j - i] = pt[j].v;
			l[j - i] = pt[j].launch;
		}
		k = e->off[e->nx];
		pr_stats_decision(e->launch + k, e->med + k, &nl, l, v, j - i);
		e->x[e->nx++] = pt[i].x;
		e->off[e->nx] = k + nl;
	}
	free(pt);
	free(v);
	free(l);
	return e;
}

static void entry_free(cache_entry *e)
{
	free(e->key);
	free(e->x);
	free(e->off);
	free(e->launch);
	free(e->med);
	free(e);
}

/* c's cache, made on first use (it is not the run's data: c stays const
 * for its readers). */
static struct pr_calib_cache *cache_of(const pr_calib *c)
{
	pr_calib *mc = (pr_calib *)c;

	if (!mc->cache)
		mc->cache = pr_calloc(1, sizeof(*mc->cache));
	return mc->cache;
}

static const cache_entry *entry_of(const pr_calib *c, const series_filter *f)
{
	struct pr_calib_cache *cache = cache_of(c);
	char *key = cache_key(f, json_array_size(c->manifest.configs));
	cache_entry *e;

	for (e = cache->entries; e && strcmp(e->key, key); e = e->next)
		;
	if (e) {
		free(key);
		return e;
	}
	e = entry_build(c, f);
	e->key = key;
	e->next = cache->entries;
	cache->entries = e;
	return e;
}

int pr_calib_launch_weight(const pr_calib *c, int launch)
{
	if (!c->launch_mult)
		return 1;
	return launch >= 0 && launch < c->nlaunch_mult ? c->launch_mult[launch]
						       : 0;
}

int pr_calib_held(const pr_calib *c, double m)
{
	int i;

	for (i = 0; i < c->nheld; i++) {
		double h = (double)c->held[i];

		if (m > h / (1.25 * c->held_ranks) && m < 1.25 * h)
			return 1;
	}
	return 0;
}

/* A launch record's machine figure, NAN when absent. */
static double machine_figure(json_t *rec, const char *key)
{
	json_t *v = json_object_get(json_object_get(rec, "machine"), key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

size_t pr_calib_exclude_busy(pr_calib *c, json_t **info)
{
	json_t *launches = c->manifest.launches, *rec, *list = json_array();
	size_t i, recorded = 0;

	free(c->excluded);
	c->excluded = pr_calloc(2 * json_array_size(launches) + 2, sizeof(int));
	c->nexcluded = 0;
	json_array_foreach(launches, i, rec)
	{
		double other = machine_figure(rec, "other_cores");
		double cpus = machine_figure(rec, "rank_cpus");
		json_t *l = json_object_get(rec, "launch");
		json_t *cf = json_object_get(rec, "config");

		if (isnan(other) || isnan(cpus) || !json_is_integer(l) ||
		    !json_is_integer(cf))
			continue;
		recorded++;
		if (!pr_load_busy(other, cpus))
			continue;
		c->excluded[2 * c->nexcluded] = (int)json_integer_value(l);
		c->excluded[2 * c->nexcluded + 1] = (int)json_integer_value(cf);
		c->nexcluded++;
		json_array_append_new(
		    list, json_pack("{s:O, s:O}", "launch", l, "config", cf));
	}
	*info = json_pack(
	    "{s:s, s:o, s:I, s:I}", "rule",
	    "the calibration's launches that ran on a busy machine (their "
	    "records' other_cores against rank_cpus, base/load.h's rule) are "
	    "left out of every fit, null and bootstrap replicate",
	    "excluded", list, "launches", (json_int_t)json_array_size(launches),
	    "recorded", (json_int_t)recorded);
	return c->nexcluded;
}

json_t *pr_calib_held_json(const pr_calib *c)
{
	series_filter f = {.phase = "pingpong", .rank = 0, .scale = 0.5};
	const cache_entry *e = entry_of(c, &f);
	json_t *sizes = json_array(), *left = json_array();
	size_t i;
	int k;

	for (k = 0; k < c->nheld; k++)
		json_array_append_new(sizes,
				      json_integer((json_int_t)c->held[k]));
	for (i = 0; i < e->nx; i++)
		if (pr_calib_held(c, e->x[i]))
			json_array_append_new(
			    left, json_integer((json_int_t)e->x[i]));
	return json_pack("{s:o, s:o, s:s}", "sizes", sizes,
			 "calibration_bytes_left_out", left, "rule",
			 "the fit and the null leave out every calibration "
			 "size m with h / (1.25 p) < m < 1.25 h, h a held-out "
			 "size and p the ranks");
}

/* Per x: the decision statistic of its samples, each launch counted as
 * often as c's launch multiplicities say (x without a counted launch, and
 * a held-out size, is left out). */
void pr_calib_series_medians(series *out, const pr_calib *c,
			     const series_filter *f)
{
	const cache_entry *e = entry_of(c, f);
	size_t i, j, nv, room = 0;
	double *vals = NULL;
	int w;

	memset(out, 0, sizeof(*out));
	out->x = pr_calloc(e->nx + 1, sizeof(double));
	out->t = pr_calloc(e->nx + 1, sizeof(double));
	for (i = 0; i < e->nx; i++) {
		if (!f->by_rows && pr_calib_held(c, e->x[i]))
			continue;
		for (nv = 0, j = e->off[i]; j < e->off[i + 1]; j++) {
			for (w = pr_calib_launch_weight(c, e->launch[j]); w > 0;
			     w--) {
				if (nv == room) {
					room = 2 * room + 16;
					vals = pr_realloc(
					    vals, room * sizeof(double));
				}
				vals[nv++] = e->med[j];
			}
		}
		if (nv == 0)
			continue;
		out->x[out->n] = e->x[i];
		out->t[out->n++] = pr_stats_median(vals, nv);
	}
	free(vals);
}

void pr_calib_series_free(series *s)
{
	free(s->x);
	free(s->t);
}

size_t pr_calib_launches(int **out, const pr_calib *c)
{
	size_t n = 0, i, j;

	*out = pr_calloc(c->t.nrows + 1, sizeof(int));
	for (i = 0; i < c->t.nrows; i++) {
		int l = c->t.row[i].launch;

		for (j = n; j > 0 && (*out)[j - 1] > l; j--)
			;
		if (j > 0 && (*out)[j - 1] == l)
			continue;
		memmove(*out + j + 1, *out + j, (n - j) * sizeof(int));
		(*out)[j] = l;
		n++;
	}
	return n;
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
	pr_path_list_runs(&ids, &n, root, name, PR_RUNS_MANIFEST);
	/* newest first: run ids sort by their start time */
	for (i = n; i-- > 0 && error < 0;) {
		char *rel = pr_path_manifest(NULL, name, ids[i]);
		char *abs = pr_path_manifest(root, name, ids[i]);
		pr_error_scope quiet;
		pr_manifest m;

		pr_error_record(&quiet);
		if (pr_manifest_read(&m, abs) == 0 && m.status &&
		    !strcmp(m.status, "complete") && in_head(repo, rel)) {
			out->run_id = pr_strdup(ids[i]);
			out->manifest = m;
			memset(&m, 0, sizeof(m));
			error = PR_OK;
		}
		pr_error_restore(&quiet);
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
	error = pr_timings_load(&out->t, &out->info, archive, 0);
	free(archive);
	if (error < 0)
		pr_calib_free(out);
	return error;
}

void pr_calib_free(pr_calib *c)
{
	cache_entry *e, *next;

	for (e = c->cache ? c->cache->entries : NULL; e; e = next) {
		next = e->next;
		entry_free(e);
	}
	free(c->cache);
	free(c->excluded);
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

/* Does every row of the archive name a config of the manifest? */
static int configs_valid(const pr_calib *c, size_t n)
{
	struct pr_calib_cache *cache = cache_of(c);
	size_t i;

	if (cache->configs_checked)
		return PR_OK;
	for (i = 0; i < c->t.nrows; i++) {
		if (c->t.row[i].config < 0 || (size_t)c->t.row[i].config >= n)
			return pr_error("the archive of calibration run '%s' "
					"names config %d of %zu",
					c->run_id, c->t.row[i].config, n);
	}
	cache->configs_checked = 1;
	return PR_OK;
}

static const char *placement_of(const pr_calib *c, size_t i)
{
	const char *pl = pr_manifest_config(&c->manifest, i, "placement");

	return pl ? pl : "unrecorded";
}

/* Append config i's placement to the list *out ("a, b") unless a config
 * j < i with ok[j] has it. */
static void add_placement(char **out, const pr_calib *c, const int *ok,
			  size_t i)
{
	const char *pl = placement_of(c, i);
	char *was = *out;
	size_t j;

	for (j = 0; j < i; j++) {
		if (ok[j] && !strcmp(placement_of(c, j), pl))
			return;
	}
	*out = was ? pr_asprintf("%s, %s", was, pl) : pr_strdup(pl);
	free(was);
}

/*
 * cfg_ok[c] = config c of the calibration prices (transport, placement):
 * it has both, or, when no config has both, it has the transport; then
 * *fallback (else NULL) gets the placements those were measured under
 * ("unrecorded" where a manifest does not say).
 */
int pr_calib_configs_for(int **out, char **fallback, const pr_calib *c,
			 const char *transport, const char *placement)
{
	size_t n = json_array_size(c->manifest.configs), i;
	int any = 0, pass, error;

	*out = NULL;
	*fallback = NULL;
	if ((error = configs_valid(c, n)) < 0)
		return error;
	*out = pr_calloc(n + 1, sizeof(int));
	for (pass = 0; pass < 2 && !any; pass++) {
		for (i = 0; i < n; i++) {
			const char *tr =
			    pr_manifest_config(&c->manifest, i, "transport");
			const char *pl =
			    pr_manifest_config(&c->manifest, i, "placement");

			(*out)[i] = tr && !strcmp(tr, transport) &&
				    (pass || (pl && !strcmp(pl, placement)));
			any |= (*out)[i];
		}
	}
	if (!any) {
		free(*out);
		*out = NULL;
		return pr_error_code(PR_EINPUT,
				     "calibration run '%s' has no transport "
				     "'%s'",
				     c->run_id, transport);
	}
	for (i = 0; pass == 2 && i < n; i++) {
		if ((*out)[i])
			add_placement(fallback, c, *out, i);
	}
	return PR_OK;
}

int pr_calib_phase(double *out, json_t **info, const pr_calib *c,
		   const char *phase, long bytes, const char *transport,
		   const char *placement)
{
	series_filter f = {.phase = phase, .rank = -1, .scale = 1.0};
	series s = {0};
	char *fallback = NULL;
	int *cfg_ok = NULL, error;
	size_t i, at = 0;

	*out = NAN;
	if (info)
		*info = NULL;
	if ((error = pr_calib_configs_for(&cfg_ok, &fallback, c, transport,
					  placement)) < 0)
		return error;
	f.cfg_ok = cfg_ok;
	pr_calib_series_medians(&s, c, &f);
	for (i = 0; i < s.n && bytes >= 0 && s.x[i] != (double)bytes; i++)
		;
	at = bytes >= 0 ? i : 0;
	if (s.n == 0)
		error = pr_error_code(PR_EINPUT,
				      "calibration run '%s' has no '%s' sample "
				      "for transport '%s'",
				      c->run_id, phase, transport);
	else if (at == s.n)
		error = pr_error_code(PR_EINPUT,
				      "calibration run '%s' has no '%s' sample "
				      "at %ld bytes for transport '%s'",
				      c->run_id, phase, bytes, transport);
	else if (bytes < 0 && s.n > 1)
		error = pr_error_code(PR_EINPUT,
				      "calibration run '%s' has '%s' samples "
				      "at %zu sizes (%.0f to %.0f bytes) for "
				      "transport '%s': name one as PHASE:BYTES",
				      c->run_id, phase, s.n, s.x[0],
				      s.x[s.n - 1], transport);
	if (error == 0) {
		*out = s.t[at];
		if (info) {
			*info = json_pack("{s:s, s:I, s:f}", "phase", phase,
					  "bytes", (json_int_t)s.x[at],
					  "median_s", s.t[at]);
			json_object_set_new(*info, "calibration_configs",
					    json_array());
			for (i = 0; i < json_array_size(c->manifest.configs);
			     i++)
				if (cfg_ok[i])
					json_array_append_new(
					    json_object_get(
						*info, "calibration_configs"),
					    json_integer((json_int_t)i));
			if (fallback)
				json_object_set_new(*info,
						    "calibrated_placement",
						    json_string(fallback));
		}
	}
	pr_calib_series_free(&s);
	free(cfg_ok);
	free(fallback);
	return error;
}

/* s's time at m: linear between the sizes around it, the nearest
 * one's beyond them (s ascending, s->n > 0). */
static double interpolate(const series *s, double m)
{
	size_t i;

	if (m <= s->x[0])
		return s->t[0];
	for (i = 1; i < s->n && s->x[i] < m; i++)
		;
	if (i == s->n)
		return s->t[s->n - 1];
	return s->t[i - 1] + (s->t[i] - s->t[i - 1]) * (m - s->x[i - 1]) /
				 (s->x[i] - s->x[i - 1]);
}

int pr_calib_raw(double *out, const pr_calib *c, const char *phase, double m,
		 const char *transport, const char *placement)
{
	int pingpong = !strcmp(phase, "pingpong");
	series_filter f = {.phase = phase,
			   .rank = pingpong ? 0 : -1,
			   .per_op = 1,
			   .scale = pingpong ? 0.5 : 1.0};
	series s = {0};
	char *fallback = NULL;
	int *cfg_ok = NULL, error;

	*out = NAN;
	if ((error = pr_calib_configs_for(&cfg_ok, &fallback, c, transport,
					  placement)) < 0)
		return error;
	f.cfg_ok = cfg_ok;
	pr_calib_series_medians(&s, c, &f);
	if (s.n == 0 && !strcmp(phase, "sendrecv")) {
		pr_calib_series_free(&s);
		f.phase = "pingpong";
		f.rank = 0;
		f.scale = 0.5;
		pr_calib_series_medians(&s, c, &f);
	}
	if (s.n == 0)
		error = pr_error_code(PR_EINPUT,
				      "calibration run '%s' has no '%s' sample "
				      "for transport '%s'",
				      c->run_id, f.phase, transport);
	else
		*out = interpolate(&s, m);
	pr_calib_series_free(&s);
	free(cfg_ok);
	free(fallback);
	return error;
}

/*
 * A cpu-blocks kernel's time per rows depends on its grid: the
 * calibration must have run with the same rows_per_block and
 * blocks_per_thread (recorded in its manifest's workload.launch).
 */
static int same_grid(const pr_calib *c, const char *device, long rpb, long bpt)
{
	json_t *l = json_object_get(c->manifest.workload.json, "launch");
	json_t *r = json_object_get(l, "rows_per_block");
	json_t *b = json_object_get(l, "blocks_per_thread");

	if (!pr_device_blocks_threads(device))
		return PR_OK;
	if (!json_is_integer(r) || !json_is_integer(b))
		return pr_error_code(PR_EINPUT,
				     "calibration run '%s' does not record "
				     "its launch settings: it cannot price "
				     "device '%s' (run the calibration again)",
				     c->run_id, device);
	if (json_integer_value(r) != rpb || json_integer_value(b) != bpt)
		return pr_error_code(
		    PR_EINPUT,
		    "calibration run '%s' measured device '%s' with "
		    "rows_per_block = %lld, blocks_per_thread = %lld; this "
		    "experiment has %ld and %ld (its time per row depends on "
		    "both)",
		    c->run_id, device, (long long)json_integer_value(r),
		    (long long)json_integer_value(b), rpb, bpt);
	return PR_OK;
}

int pr_calib_rows(pr_linear_fit *out, const pr_calib *c, const char *device,
		  const pr_spec *spec)
{
	long keys = spec->keys, d = spec->d;
	double tol = spec->tolerance;
	series s = {0};
	series_filter f = {.phase = "compute",
			   .rank = -1,
			   .device = device,
			   .by_rows = 1,
			   .scale = 1.0};
	long ckeys = (long)c->manifest.workload.keys;
	long cd = (long)c->manifest.workload.d;
	long *rows;
	size_t i;
	int error;

	memset(out, 0, sizeof(*out));
	if (ckeys != keys || cd != d)
		return pr_error_code(
		    PR_EINPUT,
		    "calibration run '%s' measured keys = %ld, "
		    "d = %ld; this experiment has keys = %ld, "
		    "d = %ld (per-row time depends on both)",
		    c->run_id, ckeys, cd, keys, d);
	if ((error = same_grid(c, device, spec->rows_per_block,
			       spec->blocks_per_thread)) < 0)
		return error;
	pr_calib_series_medians(&s, c, &f);
	rows = pr_calloc(s.n + 1, sizeof(long));
	for (i = 0; i < s.n; i++)
		rows[i] = (long)s.x[i];
	error = pr_linear_fit_rows(out, rows, s.t, s.n, tol);
	if (error < 0)
		error = pr_error_code(PR_EINPUT,
				      "calibration run '%s' needs compute "
				      "samples of device '%s' at two or more "
				      "row counts",
				      c->run_id, device);
	free(rows);
	pr_calib_series_free(&s);
	return error;
}
