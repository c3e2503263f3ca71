/* predict.c - evaluate an experiment's model, write predictions/NAME.json */
#include "predict/predict.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/device.h"
#include "base/seed.h"
#include "base/util.h"
#include "format/replayed.h"
#include "format/spec.h"
#include "model/registry.h"
#include "predict/calib.h"
#include "predict/models.h"
#include "repo/git.h"

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

/* splitmix64: a small generator whose sequence is fixed by its seed. */
static uint64_t next_u64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* The bootstrap's seed: the first 64 bits of SHA-256("CAL COMM") of the
 * calibration run ids, so the same runs always give the same bands. */
static uint64_t seed_of(const pr_calib *cal, const pr_calib *comm)
{
	char *text = pr_asprintf("%s %s", cal ? cal->run_id : "",
				 comm ? comm->run_id : "");
	uint64_t seed = pr_seed_of(text);

	free(text);
	return seed;
}

/* A calibration run's launches and the multiplicities one replicate
 * gives them. */
typedef struct {
	pr_calib *c;
	int *ids, *mult;
	size_t n;
	int nmult;
} resampling;

static void resampling_init(resampling *r, pr_calib *c)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	if (!c)
		return;
	r->c = c;
	r->n = pr_calib_launches(&r->ids, c);
	for (i = 0; i < r->n; i++)
		r->nmult = r->ids[i] + 1 > r->nmult ? r->ids[i] + 1 : r->nmult;
	r->mult = pr_calloc((size_t)r->nmult + 1, sizeof(int));
}

/* Draw n launches with replacement; the run's statistics honour them. */
static void resample(resampling *r, uint64_t *rng)
{
	size_t i;

	if (!r->c)
		return;
	memset(r->mult, 0, ((size_t)r->nmult + 1) * sizeof(int));
	for (i = 0; i < r->n; i++)
		r->mult[r->ids[next_u64(rng) % r->n]]++;
	r->c->launch_mult = r->mult;
	r->c->nlaunch_mult = r->nmult;
}

static void resampling_free(resampling *r)
{
	if (r->c) {
		r->c->launch_mult = NULL;
		r->c->nlaunch_mult = 0;
	}
	free(r->ids);
	free(r->mult);
}

/* Does a replicate's cell match the prediction's (same selection and
 * formula)? */
static int same_cell(const json_t *a, const json_t *b)
{
	static const char *const keys[] = {"config", "phase", "bytes",
					   "rows",   "rank",  "formula"};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		json_t *x = json_object_get(a, keys[i]);
		json_t *y = json_object_get(b, keys[i]);

		if ((x || y) && !json_equal(x, y))
			return 0;
	}
	return 1;
}

/*
 * Run the model's hook on PR_PREDICT_REPLICATES resamplings of the
 * calibration launches: rep[i * PR_PREDICT_REPLICATES + k] is cell i's
 * predicted_s in the k-th replicate that could be fitted; returns how many
 * could (a resampling can leave a size without launches).
 */
static int bootstrap(double *rep, const pr_model *m, const pr_spec *spec,
		     const json_t *pred, pr_calib *cal, pr_calib *comm)
{
	const json_t *cells = json_object_get(pred, "cells");
	resampling rc, rm;
	uint64_t rng = seed_of(cal, comm);
	pr_error_scope quiet;
	int b, good = 0;
	size_t i, n = json_array_size(cells);

	pr_error_record(&quiet);
	resampling_init(&rc, cal);
	resampling_init(&rm, comm);
	for (b = 0; b < PR_PREDICT_REPLICATES; b++) {
		json_t *p = json_pack("{s:{}, s:[]}", "model", "cells");
		json_t *pc = json_object_get(p, "cells");
		int ok;

		if (json_object_get(pred, "arrival"))
			json_object_set(p, "arrival",
					json_object_get(pred, "arrival"));

		resample(&rc, &rng);
		resample(&rm, &rng);
		ok = m->predict(p, spec, cal, comm) == PR_OK &&
		     json_array_size(pc) == n;
		for (i = 0; ok && i < n; i++)
			ok = same_cell(json_array_get(pc, i),
				       json_array_get(cells, i));
		for (i = 0; ok && i < n; i++)
			rep[i * PR_PREDICT_REPLICATES + (size_t)good] =
			    json_number_value(json_object_get(
				json_array_get(pc, i), "predicted_s"));
		good += ok;
		json_decref(p);
	}
	resampling_free(&rc);
	resampling_free(&rm);
	pr_error_restore(&quiet);
	return good;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The q-quantile of sorted x[0..n-1], interpolated between order
 * statistics (Hyndman and Fan's type 7). */
static double quantile(const double *x, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)floor(h);

	if (lo + 1 >= n)
		return x[n - 1];
	return x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
}

static void set_range(json_t *c, double lo, double hi, json_t *band)
{
	json_object_set_new(c, "lo_s", json_real(lo));
	json_object_set_new(c, "hi_s", json_real(hi));
	json_object_set_new(c, "band", band);
}

static void tolerance_bands(json_t *cells, const pr_spec *spec)
{
	size_t i;
	json_t *c;

	json_array_foreach(cells, i, c)
	{
		double p = json_number_value(json_object_get(c, "predicted_s"));

		set_range(c, p * (1 - spec->tolerance),
			  p * (1 + spec->tolerance),
			  json_pack("{s:s, s:f}", "kind", "tolerance",
				    "tolerance", spec->tolerance));
	}
}

/*
 * Relative predictions (model hockney-allreduce): each cell of a config
 * whose algorithm is not ring, no negative control, over the ring cell of
 * the same transport, placement, phase and bytes; pairs[2k], pairs[2k+1]
 * the cells' indices. Returns how many pairs (pairs has room for every
 * cell).
 */
static size_t ratio_pairs(size_t *pairs, const json_t *cells,
			  const pr_spec *spec)
{
	size_t i, j, n = 0;
	json_t *a, *b;

	if (strcmp(spec->model, "hockney-allreduce"))
		return 0;
	json_array_foreach(cells, i, a)
	{
		int ca = (int)json_integer_value(json_object_get(a, "config"));

		if (json_object_get(a, "control") ||
		    !strcmp(pr_spec_algorithm(spec, ca), "ring"))
			continue;
		json_array_foreach(cells, j, b)
		{
			int cb = (int)json_integer_value(
			    json_object_get(b, "config"));

			if (json_object_get(b, "control") ||
			    strcmp(pr_spec_algorithm(spec, cb), "ring") ||
			    strcmp(pr_spec_transport(spec, ca),
				   pr_spec_transport(spec, cb)) ||
			    strcmp(pr_spec_placement(spec, ca),
				   pr_spec_placement(spec, cb)) ||
			    !json_equal(json_object_get(a, "phase"),
					json_object_get(b, "phase")) ||
			    !json_equal(json_object_get(a, "bytes"),
					json_object_get(b, "bytes")))
				continue;
			pairs[2 * n] = i;
			pairs[2 * n + 1] = j;
			n++;
			break;
		}
	}
	return n;
}

/* A cell's selection, for a ratio: {config, phase, bytes, reduce}. */
static json_t *selection_of(const json_t *c)
{
	json_t *o = json_object();
	static const char *const keys[] = {"config", "phase", "bytes",
					   "reduce"};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (json_object_get(c, keys[i]))
			json_object_set(o, keys[i],
					json_object_get(c, keys[i]));
	return o;
}

/* One pinned ratio of cells a over b with its band. */
static json_t *ratio_json(const pr_spec *spec, const json_t *a, const json_t *b,
			  double lo, double hi, json_t *band)
{
	int ca = (int)json_integer_value(json_object_get(a, "config"));
	int cb = (int)json_integer_value(json_object_get(b, "config"));
	double p = json_number_value(json_object_get(a, "predicted_s")) /
		   json_number_value(json_object_get(b, "predicted_s"));
	json_t *o = json_object();

	json_object_set_new(o, "name",
			    json_sprintf("%s/%s", pr_spec_algorithm(spec, ca),
					 pr_spec_algorithm(spec, cb)));
	json_object_set_new(o, "numerator", selection_of(a));
	json_object_set_new(o, "denominator", selection_of(b));
	json_object_set_new(o, "predicted", json_real(p));
	json_object_set_new(o, "lo", json_real(fmin(lo, p)));
	json_object_set_new(o, "hi", json_real(fmax(hi, p)));
	json_object_set_new(o, "band", band);
	return o;
}

/*
 * The ratios of band = calibration: the same bootstrap replicates price
 * both cells, so the calibration's errors that the two share cancel; lo
 * = q2.5% (1 - sqrt 2 cv), hi = q97.5% (1 + sqrt 2 cv) of the replicates'
 * ratios, cv the numerator phase's pilot CV (two launches' medians, one
 * over the other). rep is bootstrap()'s, not yet sorted.
 */
static void calibration_ratios(json_t *pred, const pr_spec *spec,
			       const double *rep, int good)
{
	json_t *cells = json_object_get(pred, "cells"), *all;
	size_t n = json_array_size(cells), *pairs, np, k;
	double *r = pr_calloc((size_t)good + 1, sizeof(double));
	int i;

	pairs = pr_calloc(2 * n + 2, sizeof(size_t));
	if (!(np = ratio_pairs(pairs, cells, spec)))
		goto done;
	all = json_array();
	for (k = 0; k < np; k++) {
		const json_t *a = json_array_get(cells, pairs[2 * k]);
		const json_t *b = json_array_get(cells, pairs[2 * k + 1]);
		const double *ra = rep + pairs[2 * k] * PR_PREDICT_REPLICATES;
		const double *rb =
		    rep + pairs[2 * k + 1] * PR_PREDICT_REPLICATES;
		double cv =
		    sqrt(2.0) *
		    pr_spec_pilot_cv(
			spec, json_string_value(json_object_get(a, "phase")));
		double q025, q975;

		for (i = 0; i < good; i++)
			r[i] = rb[i] > 0 ? ra[i] / rb[i] : 0;
		qsort(r, (size_t)good, sizeof(double), cmp_double);
		q025 = quantile(r, (size_t)good, 0.025);
		q975 = quantile(r, (size_t)good, 0.975);
		json_array_append_new(
		    all, ratio_json(spec, a, b, fmax(0.0, q025 * (1 - cv)),
				    q975 * (1 + cv),
				    json_pack("{s:s, s:f, s:f, s:f, s:i}",
					      "kind", "calibration", "q025",
					      q025, "q975", q975, "pilot_cv",
					      cv, "replicates", good)));
	}
	json_object_set_new(pred, "ratios", all);
done:
	free(pairs);
	free(r);
}

/* The ratios of band = tolerance: p (1 - t) / (1 + t) to p (1 + t) / (1 -
 * t), the extremes of the two cells' bands. */
static void tolerance_ratios(json_t *pred, const pr_spec *spec)
{
	json_t *cells = json_object_get(pred, "cells"), *all;
	size_t n = json_array_size(cells), *pairs, np, k;
	double t = spec->tolerance;

	pairs = pr_calloc(2 * n + 2, sizeof(size_t));
	if ((np = ratio_pairs(pairs, cells, spec)) && t < 1) {
		all = json_array();
		for (k = 0; k < np; k++) {
			const json_t *a = json_array_get(cells, pairs[2 * k]);
			const json_t *b =
			    json_array_get(cells, pairs[2 * k + 1]);
			double p = json_number_value(
				       json_object_get(a, "predicted_s")) /
				   json_number_value(
				       json_object_get(b, "predicted_s"));

			json_array_append_new(
			    all,
			    ratio_json(spec, a, b, p * (1 - t) / (1 + t),
				       p * (1 + t) / (1 - t),
				       json_pack("{s:s, s:f}", "kind",
						 "tolerance", "tolerance", t)));
		}
		json_object_set_new(pred, "ratios", all);
	}
	free(pairs);
}

static int calibration_bands(json_t *pred, const pr_spec *spec, pr_calib *cal,
			     pr_calib *comm)
{
	json_t *cells = json_object_get(pred, "cells");
	const pr_model *m = pr_model_lookup(spec->model);
	size_t n = json_array_size(cells), i;
	double *rep = pr_calloc(n * PR_PREDICT_REPLICATES + 1, sizeof(double));
	int good;
	json_t *c;

	if (!m || !m->predict || !cal) {
		free(rep);
		return pr_error_code(PR_EINPUT,
				     "'%s': band = calibration needs a model "
				     "with a calibration",
				     spec->path);
	}
	good = bootstrap(rep, m, spec, pred, cal, comm);
	if (good < PR_PREDICT_REPLICATES / 2) {
		free(rep);
		return pr_error_code(PR_EINPUT,
				     "only %d of %d bootstrap replicates of "
				     "calibration run '%s' could be fitted "
				     "(sizes measured in too few launches)",
				     good, PR_PREDICT_REPLICATES, cal->run_id);
	}
	calibration_ratios(pred, spec, rep, good);
	json_array_foreach(cells, i, c)
	{
		double *x = rep + i * PR_PREDICT_REPLICATES;
		double p = json_number_value(json_object_get(c, "predicted_s"));
		double cv = pr_spec_pilot_cv(
		    spec, json_string_value(json_object_get(c, "phase")));
		double q025, q975;

		qsort(x, (size_t)good, sizeof(double), cmp_double);
		q025 = quantile(x, (size_t)good, 0.025);
		q975 = quantile(x, (size_t)good, 0.975);
		set_range(c, fmax(0.0, fmin(p, q025 * (1 - cv))),
			  fmax(p, q975 * (1 + cv)),
			  json_pack("{s:s, s:f, s:f, s:f, s:i}", "kind",
				    "calibration", "q025_s", q025, "q975_s",
				    q975, "pilot_cv", cv, "replicates", good));
	}
	free(rep);
	return PR_OK;
}

static int is_control(const json_t *c)
{
	return json_object_get(c, "control") != NULL;
}

/* The cell a negative control shadows: same config, phase and bytes, not
 * a control; -1 when none. */
static long shadowed(const json_t *cells, const json_t *ctl)
{
	size_t i;
	json_t *c;

	json_array_foreach(cells, i, c)
	{
		if (!is_control(c) &&
		    json_equal(json_object_get(c, "config"),
			       json_object_get(ctl, "config")) &&
		    json_equal(json_object_get(c, "phase"),
			       json_object_get(ctl, "phase")) &&
		    json_equal(json_object_get(c, "bytes"),
			       json_object_get(ctl, "bytes")))
			return (long)i;
	}
	return -1;
}

static double num(const json_t *c, const char *key)
{
	return json_number_value(json_object_get(c, key));
}

/* Remove the negative controls whose band overlaps the band of the cell
 * they shadow (no run could tell them apart), listing them in
 * model.controls_skipped. */
static void prune_controls(json_t *pred)
{
	json_t *cells = json_object_get(pred, "cells"), *skipped = NULL;
	size_t i = 0;

	while (i < json_array_size(cells)) {
		json_t *c = json_array_get(cells, i);
		long j;

		if (!is_control(c)) {
			i++;
			continue;
		}
		if (!skipped)
			skipped = json_array();
		j = shadowed(cells, c);
		if (j < 0 ||
		    !(num(c, "lo_s") <=
			  num(json_array_get(cells, (size_t)j), "hi_s") &&
		      num(json_array_get(cells, (size_t)j), "lo_s") <=
			  num(c, "hi_s"))) {
			i++;
			continue;
		}
		json_array_append_new(
		    skipped, json_pack("{s:O, s:O, s:O, s:O, s:s}", "config",
				       json_object_get(c, "config"), "phase",
				       json_object_get(c, "phase"), "bytes",
				       json_object_get(c, "bytes"), "formula",
				       json_object_get(c, "formula"), "why",
				       "its band overlaps the band of the "
				       "prediction it controls"));
		json_array_remove(cells, i);
	}
	if (skipped)
		json_object_set_new(json_object_get(pred, "model"),
				    "controls_skipped", skipped);
}

int pr_predict_bands(json_t *pred, const pr_spec *spec, pr_calib *cal,
		     pr_calib *comm)
{
	json_t *cells = json_object_get(pred, "cells");
	int error = PR_OK;

	if (!json_array_size(cells))
		return PR_OK;
	if (spec->band && !strcmp(spec->band, "calibration"))
		error = calibration_bands(pred, spec, cal, comm);
	else {
		tolerance_bands(cells, spec);
		tolerance_ratios(pred, spec);
	}
	if (error == PR_OK)
		prune_controls(pred);
	return error;
}

/* The first rank group on a GPU (cuda:N, hip:N), or NULL. */
static const char *gpu_group(const pr_spec *spec)
{
	int g;

	for (g = 0; g < spec->ngroups; g++) {
		const char *dev = spec->groups[g].device;

		if (pr_device_gpu_kind(dev))
			return dev;
	}
	return NULL;
}

/*
 * A calibration of GPU ranks with no committed run (it needs devices this
 * machine may not have): the prediction is pinned without cells and says
 * what it waits for ("unavailable"); `prereg run` refuses it until the
 * calibration has run and the experiment is predicted and pinned again.
 * The same spec with CPU ranks only gets the calibration's refusal.
 */
static int mark_unavailable(json_t *pred, const pr_spec *spec)
{
	char *why = pr_asprintf(
	    "no committed run of calibration '%s', which needs the GPUs of "
	    "rank groups such as %s: every cell of model '%s' depends on it",
	    spec->calibration, gpu_group(spec), spec->model);

	json_object_set_new(pred, "unavailable",
			    json_pack("{s:s, s:s}", "calibration",
				      spec->calibration, "why", why));
	pr_warn("'%s': %s; the prediction is written without cells "
		"(run 'prereg pin %s && prereg run %s' where the devices are, "
		"then 'prereg pin %s' again)",
		spec->name, why, spec->calibration, spec->calibration,
		spec->name);
	free(why);
	return PR_OK;
}

/* The spec's calibration into out: PR_OK; 1 when it has no run and the
 * prediction is marked unavailable (a GPU calibration); or an error. */
static int load_calibration(pr_calib *out, json_t *pred, git_repository *repo,
			    const pr_spec *spec)
{
	pr_error_scope quiet;
	int error;

	if (!gpu_group(spec))
		return pr_calib_load(out, repo, spec->calibration);
	pr_error_record(&quiet);
	error = pr_calib_load(out, repo, spec->calibration);
	pr_error_restore(&quiet);
	if (error == PR_EREFUSED)
		return mark_unavailable(pred, spec) < 0 ? PR_EFAIL : 1;
	if (error < 0)
		pr_error_code(error, "%s", quiet.last);
	return error;
}

/*
 * Pattern replay: the replayed delays (format/replayed.h) recorded in
 * pred as "arrival": {"replay": {experiment, run, scale}, "replay_ns"},
 * what the model prices the pattern with. Nothing without a replay.
 */
static int replayed(json_t *pred, git_repository *repo, const pr_spec *spec)
{
	int64_t *ns = NULL;
	json_t *v;
	int n = 0, i, error;

	if (!spec->replay_experiment)
		return PR_OK;
	if ((error =
		 pr_arrival_replay_spec(&ns, &n, pr_repo_root(repo), spec)) < 0)
		return error;
	v = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(v, json_integer((json_int_t)ns[i]));
	json_object_set_new(pred, "arrival",
			    json_pack("{s:{s:s, s:s, s:f}, s:o}", "replay",
				      "experiment", spec->replay_experiment,
				      "run", spec->replay_run, "scale",
				      spec->replay_scale, "replay_ns", v));
	free(ns);
	return PR_OK;
}

/*
 * The model's cells and parameters, from the calibration runs it needs
 * (loaded here, after the model's own checks of the spec).
 */
static int predict_model(json_t *pred, git_repository *repo,
			 const pr_spec *spec)
{
	const pr_model *m = pr_model_lookup(spec->model);
	const pr_model_info *info = pr_model_registry_lookup(spec->model);
	json_t *model = json_object_get(pred, "model");
	pr_calib cal = {0}, comm = {0};
	int error;

	if (!m || !info)
		return pr_error_code(PR_EINPUT,
				     "'%s': model '%s' has no "
				     "predictor yet",
				     spec->path, spec->model);
	if (m->predict_in) {
		if ((error = m->predict_in(pred, spec, pr_repo_root(repo))) < 0)
			return error;
		return pr_predict_bands(pred, spec, NULL, NULL);
	}
	if (!m->predict)
		return PR_OK;
	if ((m->check && (error = m->check(spec)) < 0) ||
	    (error = replayed(pred, repo, spec)) < 0)
		goto cleanup;
	if (info->needs_calibration &&
	    (error = load_calibration(&cal, pred, repo, spec)) != PR_OK) {
		if (error > 0 && info->formula)
			json_object_set_new(model, "formula",
					    json_string(info->formula));
		goto cleanup;
	}
	if (info->needs_calibration && spec->calibration_busy_exclude) {
		json_t *busy;
		size_t n = pr_calib_exclude_busy(&cal, &busy);

		json_object_set_new(model, "calibration_busy", busy);
		if (n)
			pr_warn("calibration run '%s': %zu launch%s ran on a "
				"busy machine and %s left out of its fits "
				"([model] calibration_busy = exclude)",
				cal.run_id, n, n == 1 ? "" : "es",
				n == 1 ? "is" : "are");
	}
	if (info->needs_calibration && spec->nholdout) {
		cal.held = spec->holdout;
		cal.nheld = spec->nholdout;
		cal.held_ranks = spec->nranks;
		json_object_set_new(model, "holdout", pr_calib_held_json(&cal));
	}
	if ((info->needs_comm_calibration &&
	     (error = pr_calib_load(&comm, repo, spec->comm_calibration)) <
		 0) ||
	    (error =
		 m->predict(pred, spec, info->needs_calibration ? &cal : NULL,
			    info->needs_comm_calibration ? &comm : NULL)) < 0 ||
	    (error = pr_predict_bands(
		 pred, spec, info->needs_calibration ? &cal : NULL,
		 info->needs_comm_calibration ? &comm : NULL)) < 0)
		goto cleanup;
	if (info->needs_calibration)
		json_object_set_new(model, "calibration", pr_calib_json(&cal));
	if (info->needs_comm_calibration)
		json_object_set_new(model, "comm_calibration",
				    pr_calib_json(&comm));
	if (info->formula)
		json_object_set_new(model, "formula",
				    json_string(info->formula));
cleanup:
	pr_calib_free(&cal);
	pr_calib_free(&comm);
	return error < 0 ? error : PR_OK;
}

/* How a run is judged against the cells' bands. */
static json_t *decision_rule(const pr_spec *spec)
{
	json_t *r = json_pack(
	    "{s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "rule", "interval",
	    "statistic",
	    "median over launches of the per-launch medians (warmups "
	    "excluded)",
	    "interval",
	    "order-statistic interval of that median over the per-launch "
	    "medians, coverage >= 95% (needs >= 6 launches)",
	    "pass",
	    "the interval overlaps [lo_s, hi_s] and is no wider than it",
	    "fail", "the interval and [lo_s, hi_s] do not overlap",
	    "inconclusive",
	    "otherwise (interval wider than the band, or fewer than 6 "
	    "launches)",
	    "band", spec->band ? spec->band : "tolerance");

	if (!spec->band || !strcmp(spec->band, "tolerance"))
		json_object_set_new(r, "tolerance", json_real(spec->tolerance));
	json_object_set_new(
	    r, "controls",
	    json_string("discriminating: a negative control counts only "
			"where the right formula is closer to the measurement "
			"than the control's by more than both bands "
			"(|ln(measured / predicted)|); elsewhere it is "
			"INCONCLUSIVE"));
	return r;
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
	    "{s:s, s:s, s:s, s:s, s:s, s:{s:s}, s:[], s:o}", "experiment",
	    spec->name, "created", created, "spec_blob", blob, "kind",
	    spec->kind == PR_KIND_CALIBRATION ? "calibration" : "validation",
	    "claim", spec->claim, "model", "name", spec->model, "cells",
	    "decision_rule", decision_rule(spec));
	if (spec->kind == PR_KIND_CALIBRATION)
		json_object_set_new(pred, "plan", plan_json(spec));
	else
		error = predict_model(pred, repo, spec);
	if (error < 0) {
		json_decref(pred);
		return error;
	}
	*out = pred;
	return PR_OK;
}

int pr_predict_write(git_repository *repo, const pr_spec *spec, int quiet)
{
	return pr_predict_write_derived(repo, spec, quiet, NULL);
}

int pr_predict_write_derived(git_repository *repo, const pr_spec *spec,
			     int quiet, json_t *derived)
{
	json_t *pred = NULL;
	char *text = NULL, *dir = NULL, *path = NULL;
	int error;

	if ((error = pr_predict_build(&pred, repo, spec)) < 0) {
		json_decref(derived);
		return error;
	}
	if (derived)
		json_object_set_new(pred, "derived_from", derived);
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
