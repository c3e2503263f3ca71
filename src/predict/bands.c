/* bands.c - the bands of a prediction's cells: the calibration bootstrap
 * or the pinned tolerance, the pinned ratios of cells, and the negative
 * controls kept only where they can discriminate */
#include "predict/predict.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/seed.h"
#include "base/util.h"
#include "format/spec.h"
#include "predict/calib.h"
#include "predict/models.h"

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

/* Both absent, or equal. */
static int same_json(const json_t *a, const json_t *b)
{
	return (!a && !b) || (a && b && json_equal(a, b));
}

/*
 * The side of config c in the model's relative predictions: 1 the
 * numerator, 0 the denominator, -1 neither. hockney-allreduce puts each
 * algorithm over ring; hockney-ring (kv-split) the packed placement over
 * spread, where the calibration priced each under its own placement.
 */
static int ratio_side(const pr_spec *spec, int c)
{
	const char *place = pr_spec_placement(spec, c);

	if (!strcmp(spec->model, "hockney-allreduce"))
		return strcmp(pr_spec_algorithm(spec, c), "ring") != 0;
	if (!strcmp(spec->model, "hockney-ring"))
		return !strcmp(place, "packed")	  ? 1
		       : !strcmp(place, "spread") ? 0
						  : -1;
	return -1;
}

/* The factor a ratio of the model compares, of config c: its algorithm
 * (hockney-allreduce) or its placement (hockney-ring). */
static const char *ratio_factor(const pr_spec *spec, int c)
{
	return !strcmp(spec->model, "hockney-ring")
		   ? pr_spec_placement(spec, c)
		   : pr_spec_algorithm(spec, c);
}

/* Configs a and b alike in every factor but the one the ratio compares. */
static int ratio_twins(const pr_spec *spec, int a, int b)
{
	return !strcmp(pr_spec_transport(spec, a),
		       pr_spec_transport(spec, b)) &&
	       !strcmp(pr_spec_sync(spec, a), pr_spec_sync(spec, b)) &&
	       (!strcmp(spec->model, "hockney-ring")
		    ? !strcmp(pr_spec_algorithm(spec, a),
			      pr_spec_algorithm(spec, b))
		    : !strcmp(pr_spec_placement(spec, a),
			      pr_spec_placement(spec, b)));
}

/*
 * Relative predictions (ratio_side): each numerator cell, no negative
 * control, over the denominator cell of its twin config (ratio_twins) of
 * the same phase, bytes and reduction; pairs[2k], pairs[2k+1] the cells'
 * indices. Returns how many pairs (pairs has room for every cell).
 */
static size_t ratio_pairs(size_t *pairs, const json_t *cells,
			  const pr_spec *spec)
{
	size_t i, j, n = 0;
	json_t *a, *b;

	json_array_foreach(cells, i, a)
	{
		int ca = (int)json_integer_value(json_object_get(a, "config"));

		if (json_object_get(a, "control") || ratio_side(spec, ca) != 1)
			continue;
		json_array_foreach(cells, j, b)
		{
			int cb = (int)json_integer_value(
			    json_object_get(b, "config"));

			if (json_object_get(b, "control") ||
			    ratio_side(spec, cb) != 0 ||
			    !ratio_twins(spec, ca, cb) ||
			    !json_equal(json_object_get(a, "phase"),
					json_object_get(b, "phase")) ||
			    !same_json(json_object_get(a, "bytes"),
				       json_object_get(b, "bytes")) ||
			    !same_json(json_object_get(a, "reduce"),
				       json_object_get(b, "reduce")))
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
			    json_sprintf("%s/%s", ratio_factor(spec, ca),
					 ratio_factor(spec, cb)));
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
