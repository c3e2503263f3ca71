/* models.c - the table of models (DESIGN 5) and their predictors */
#include "predict/models.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/spec.h"
#include "model/geometry.h"
#include "model/linear.h"
#include "model/split.h"
#include "run/envcap.h"
#include "run/launch.h"

json_t *pr_model_cell(const pr_spec *spec, int config, const char *phase,
		      double predicted)
{
	return json_pack("{s:i, s:s, s:s, s:s, s:i, s:f, s:f, s:f}", "config",
			 config, "transport", pr_spec_transport(spec, config),
			 "placement", pr_spec_placement(spec, config), "phase",
			 phase, "ranks", spec->nranks, "predicted_s", predicted,
			 "lo_s", predicted * (1 - spec->tolerance), "hi_s",
			 predicted * (1 + spec->tolerance));
}

static void add_cell(json_t *pred, json_t *c)
{
	json_array_append_new(json_object_get(pred, "cells"), c);
}

static void set_model(json_t *pred, const char *key, json_t *value)
{
	json_object_set_new(json_object_get(pred, "model"), key, value);
}

/* This machine's cores, read once (the bootstrap predicts 200 times). */
static int ncores_here(void)
{
	static int n;

	if (!n)
		n = pr_launch_ncores();
	return n;
}

int pr_model_hockney(pr_hockney_params *hp, const char **measured,
		     json_t *params, const pr_calib *cal, const char *tr,
		     const char *pl)
{
	json_t *by_tr = json_object_get(params, tr), *o = NULL, *cp;
	int seen = by_tr && json_object_get(by_tr, pl), was = 0, error;

	if (seen)
		was = pr_set_quiet(1);
	error = pr_calib_hockney(hp, seen ? NULL : &o, cal, tr, pl);
	if (seen)
		pr_set_quiet(was);
	if (error < 0)
		return error;
	if (!seen) {
		if (!by_tr) {
			by_tr = json_object();
			json_object_set_new(params, tr, by_tr);
		}
		json_object_set_new(by_tr, pl, o);
	}
	cp =
	    json_object_get(json_object_get(by_tr, pl), "calibrated_placement");
	*measured = cp ? json_string_value(cp) : pl;
	return PR_OK;
}

/*
 * Ranks per core under config c's placement (pr_split_sharing), warned
 * once per config when more than one and the spec does not test sharing.
 */
static double config_sharing(const pr_spec *spec, int c, int warn)
{
	const char *pl = pr_spec_placement(spec, c);
	double s = pr_split_sharing(spec->nranks, ncores_here(),
				    !strcmp(pl, "packed"));

	if (warn && s > 1 && !spec->sharing_tested)
		pr_warn("config %d (placement '%s') puts %g ranks on a core "
			"and '%s' does not say 'sharing = tested': it is "
			"predicted with the calibration measured under that "
			"placement, but the run will be flagged",
			c, pl, s, spec->path);
	return s;
}

/*
 * One Allreduce cell of config c: formula f over n bytes, "reduce":
 * "after_last_arrival"; marked "extrapolated" (and warned) when a message
 * it prices lies outside the sizes calibrated for its regime; with the
 * sharing of the config's cores and the placement that priced it when
 * ranks share cores. NULL and *error on a formula the ranks refuse.
 */
static json_t *allreduce_cell(int *error, const pr_spec *spec, int c,
			      const char *phase, double n,
			      pr_allreduce_formula f,
			      const pr_hockney_params *hp, const char *measured)
{
	const pr_hockney_curve *link =
	    f == PR_ALLREDUCE_REDUCE_BCAST ? &hp->p2p : &hp->exchange;
	double t, m[32], s = config_sharing(spec, c, 0);
	int nm, i, extra = -1;
	json_t *x;

	if ((*error = pr_hockney_allreduce(&t, hp, f, spec->nranks, n)) < 0)
		return NULL;
	nm = pr_hockney_allreduce_sizes(m, 32, f, spec->nranks, n);
	for (i = 0; i < nm && extra < 0; i++) {
		if (pr_hockney_extrapolated(link, m[i]) ||
		    pr_hockney_extrapolated(&hp->reduce, m[i]))
			extra = i;
	}
	x = pr_model_cell(spec, c, phase, t);
	json_object_set_new(x, "bytes", json_integer((json_int_t)n));
	json_object_set_new(x, "algorithm",
			    json_string(pr_spec_algorithm(spec, c)));
	json_object_set_new(x, "formula",
			    json_string(pr_hockney_formula_name(f)));
	json_object_set_new(x, "reduce", json_string("after_last_arrival"));
	if (s > 1) {
		json_object_set_new(x, "sharing", json_real(s));
		json_object_set_new(
		    x, "priced_by",
		    json_sprintf("calibration under placement %s", measured));
	}
	if (extra >= 0) {
		json_object_set_new(x, "extrapolated", json_true());
		pr_warn("config %d, %s of %.0f bytes, %s formula: messages "
			"of %.0f bytes lie outside the sizes calibrated for "
			"their regime (the cell is marked \"extrapolated\")",
			c, phase, n, pr_hockney_formula_name(f), m[extra]);
	}
	return x;
}

static int check_hockney_ring(const pr_spec *spec)
{
	int a;

	for (a = 0; a < spec->nalgorithms; a++)
		if (strcmp(spec->algorithms[a], "ring"))
			break;
	if (a < spec->nalgorithms)
		return pr_error_code(PR_EINPUT,
				     "'%s': model hockney-ring needs "
				     "'algorithm = ring' in [mpi]",
				     spec->path);
	return PR_OK;
}

static int predict_hockney_ring(json_t *pred, const pr_spec *spec,
				const pr_calib *cal, const pr_calib *comm)
{
	json_t *params = json_object(), *x;
	double n_big = (double)spec->rows * spec->d * 4 + spec->rows * 4.0;
	double n_small = (double)spec->rows * 4;
	int c, error = PR_OK;

	(void)comm;
	for (c = 0; c < pr_spec_nconfigs(spec) && !error; c++) {
		const char *measured;
		pr_hockney_params hp;

		if ((error = pr_model_hockney(&hp, &measured, params, cal,
					      pr_spec_transport(spec, c),
					      pr_spec_placement(spec, c))) < 0)
			break;
		config_sharing(spec, c, 1);
		if ((x = allreduce_cell(&error, spec, c, "allreduce", n_big,
					PR_ALLREDUCE_RING, &hp, measured)))
			add_cell(pred, x);
		if (!error && (x = allreduce_cell(
				   &error, spec, c, "allreduce_small", n_small,
				   PR_ALLREDUCE_RING, &hp, measured)))
			add_cell(pred, x);
	}
	set_model(pred, "params", params);
	set_model(pred, "fit", json_string(pr_calib_hockney_method));
	return error;
}

static int check_hockney_allreduce(const pr_spec *spec)
{
	int a, f;

	if (strcmp(spec->workload, "allreduce"))
		return pr_error_code(PR_EINPUT,
				     "'%s': model hockney-allreduce needs "
				     "'workload = allreduce'",
				     spec->path);
	for (a = 0; a < spec->nalgorithms; a++) {
		f = pr_hockney_formula_of(spec->algorithms[a]);
		if (f >= 0 && pr_hockney_formula_pow2(f) &&
		    (spec->nranks & (spec->nranks - 1)))
			return pr_error_code(
			    PR_EINPUT,
			    "'%s': algorithm '%s' needs a power of two ranks "
			    "(model hockney-allreduce), not %d",
			    spec->path, spec->algorithms[a], spec->nranks);
	}
	return PR_OK;
}

/* The negative control of a formula: the other one of ring and
 * reduce+bcast; -1 for the others. */
static int control_of(int f)
{
	if (f == PR_ALLREDUCE_RING)
		return PR_ALLREDUCE_REDUCE_BCAST;
	return f == PR_ALLREDUCE_REDUCE_BCAST ? PR_ALLREDUCE_RING : -1;
}

/* Config c's cells at every size: its formula's and its control's. */
static int allreduce_cells(json_t *pred, const pr_spec *spec, int c, int f,
			   const pr_hockney_params *hp, const char *measured)
{
	int i, error = PR_OK;
	json_t *x;

	for (i = 0; i < spec->nsizes && !error; i++) {
		double n = (double)spec->sizes[i];

		if ((x = allreduce_cell(&error, spec, c, "allreduce", n, f, hp,
					measured)))
			add_cell(pred, x);
		if (error || control_of(f) < 0)
			continue;
		if ((x = allreduce_cell(&error, spec, c, "allreduce", n,
					control_of(f), hp, measured))) {
			json_object_set_new(x, "control",
					    json_string("negative"));
			add_cell(pred, x);
		}
	}
	return error;
}

static int predict_hockney_allreduce(json_t *pred, const pr_spec *spec,
				     const pr_calib *cal, const pr_calib *comm)
{
	json_t *params = json_object();
	int c, f, error = PR_OK;

	(void)comm;
	for (c = 0; c < pr_spec_nconfigs(spec) && !error; c++) {
		const char *measured;
		pr_hockney_params hp;

		if ((f = pr_hockney_formula_of(pr_spec_algorithm(spec, c))) <
		    0) {
			pr_warn("config %d: algorithm '%s' (Open MPI's own "
				"choice) has no formula: no cell, the analysis "
				"reports it unpredicted",
				c, pr_spec_algorithm(spec, c));
			continue;
		}
		if ((error = pr_model_hockney(&hp, &measured, params, cal,
					      pr_spec_transport(spec, c),
					      pr_spec_placement(spec, c))) < 0)
			break;
		config_sharing(spec, c, 1);
		error = allreduce_cells(pred, spec, c, f, &hp, measured);
	}
	set_model(pred, "params", params);
	set_model(pred, "fit", json_string(pr_calib_hockney_method));
	return error;
}

/* Device kinds of the rank groups, each once, in group order. */
static int device_kinds(const char **out, const pr_spec *spec)
{
	int n = 0, g, k;

	for (g = 0; g < spec->ngroups; g++) {
		for (k = 0; k < n && strcmp(out[k], spec->groups[g].device);
		     k++)
			;
		if (k == n)
			out[n++] = spec->groups[g].device;
	}
	return n;
}

static json_t *rows_json(const pr_linear_fit *f, int nonlinear_only)
{
	json_t *v = json_array();
	size_t i;

	for (i = 0; i < f->n; i++) {
		if (!nonlinear_only || f->nonlinear[i])
			json_array_append_new(v, json_integer(f->rows[i]));
	}
	return v;
}

/* Warns of each calibrated rows value where the line does not hold. */
static void warn_nonlinear(const pr_calib *cal, const char *kind,
			   const pr_linear_fit *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		if (f->nonlinear[i])
			pr_warn("calibration run '%s', device '%s': %.3g ms "
				"at rows = %ld is %.3gx the line fitted on "
				"all its rows values (outside [%.2f, %.2f]): "
				"not linear there (recorded in "
				"\"nonlinear_rows\")",
				cal->run_id, kind, f->t[i] * 1e3, f->rows[i],
				f->ratio[i], 1 - f->tol, 1 + f->tol);
	}
}

/*
 * The line T(r) = a + b*r that prices device kind `kind`, from its fit,
 * recorded in params[kind]: the fitted a and b, the line priced with (*a,
 * *b), the rows values calibrated and those where it is not linear. The
 * intercept stays free; a negative one is recorded ("intercept":
 * "negative") and warned; only where the line is <= 0 at min_rows, the
 * smallest rows value priced, is it refitted through the origin
 * ("clamped": ["a_s"]).
 */
static void rows_line(double *a, double *b, json_t *params, const pr_calib *cal,
		      const char *kind, const pr_linear_fit *fit, long min_rows)
{
	const char *sign;
	json_t *o;

	*a = fit->a;
	*b = fit->b;
	sign = fit->a < 0 ? "negative" : "positive";
	if (fit->a < 0 && fit->a + fit->b * (double)min_rows <= 0) {
		*a = 0;
		*b = fit->b0;
		sign = "clamped";
		pr_warn("calibration run '%s', device '%s': the fitted line "
			"%.3g us + %.3g us/row is <= 0 at rows = %ld: priced "
			"through the origin, %.3g us/row (recorded as "
			"\"clamped\")",
			cal->run_id, kind, fit->a * 1e6, fit->b * 1e6, min_rows,
			fit->b0 * 1e6);
	} else if (fit->a < 0) {
		pr_warn("calibration run '%s', device '%s': the fitted "
			"intercept is negative, a = %.3g us (recorded as "
			"\"intercept\": \"negative\")",
			cal->run_id, kind, fit->a * 1e6);
	}
	warn_nonlinear(cal, kind, fit);
	o = json_pack("{s:f, s:f, s:s, s:f, s:f, s:o, s:o}", "a_s", *a,
		      "b_s_per_row", *b, "intercept", sign, "a_fitted_s",
		      fit->a, "b_fitted_s_per_row", fit->b, "calibrated_rows",
		      rows_json(fit, 0), "nonlinear_rows", rows_json(fit, 1));
	if (*a != fit->a)
		json_object_set_new(o, "clamped", json_pack("[s]", "a_s"));
	json_object_set_new(params, kind, o);
}

static long min_of(const long *v, int n)
{
	long m = n > 0 ? v[0] : 0;
	int i;

	for (i = 1; i < n; i++)
		m = v[i] < m ? v[i] : m;
	return m;
}

/*
 * The cores a cpu-blocks rank may use: this machine's cores over the ranks
 * (mpirun leaves a cpu-blocks rank unbound); 0 when ranks outnumber them.
 */
static int rank_cores(const pr_spec *spec)
{
	return ncores_here() / (spec->nranks > 0 ? spec->nranks : 1);
}

/*
 * The rows of one wave of device kind `kind`: for cpu-blocks:T, units *
 * blocks_per_thread * rows_per_block, units = T capped by the rank's
 * cores (pr_geometry_cpu_units), as launch-geometry predicts its steps;
 * 0 for a kernel without waves.
 */
static long wave_rows(const pr_spec *spec, const char *kind)
{
	if (strncmp(kind, "cpu-blocks:", 11))
		return 0;
	return (long)pr_geometry_cpu_units(atoi(kind + 11), rank_cores(spec)) *
	       spec->blocks_per_thread * spec->rows_per_block;
}

/*
 * One cell of linear-rows at r rows: the line; where the kind runs in
 * waves of w rows, the ratio the waves make to the line there
 * ("expected_ratio") and, when it leaves [1-tol, 1+tol], "control":
 * "negative": the line is expected to break there, and the cell must
 * FAIL (the alarm's own check).
 */
static json_t *linear_cell(const pr_spec *spec, int c, const char *kind,
			   const pr_linear_fit *fit, double a, double b, long w,
			   long r)
{
	json_t *x = pr_model_cell(spec, c, "compute", a + b * (double)r);
	double e = pr_linear_wave_ratio(a, b, w, r);

	json_object_set_new(x, "rows", json_integer(r));
	json_object_set_new(x, "device", json_string(kind));
	json_object_set_new(
	    x, "rows_calibrated",
	    json_string(pr_linear_cover_name(pr_linear_covers(fit, r))));
	if (w > 0)
		json_object_set_new(x, "expected_ratio", json_real(e));
	if (e > 1 + spec->tolerance)
		json_object_set_new(x, "control", json_string("negative"));
	return x;
}

static int predict_linear_rows(json_t *pred, const pr_spec *spec,
			       const pr_calib *cal, const pr_calib *comm)
{
	const char *kinds[PR_MAX_GROUPS];
	json_t *params = json_object();
	long rmin = min_of(spec->rows_list, spec->nrows_list);
	int nk = device_kinds(kinds, spec), c, k, i, error = PR_OK;

	(void)comm;
	for (k = 0; k < nk && !error; k++) {
		long w = wave_rows(spec, kinds[k]);
		pr_linear_fit fit;
		double a, b;

		if ((error = pr_calib_rows(&fit, cal, kinds[k], spec)) < 0)
			break;
		rows_line(&a, &b, params, cal, kinds[k], &fit, rmin);
		if (w > 0)
			json_object_set_new(json_object_get(params, kinds[k]),
					    "wave_rows", json_integer(w));
		for (c = 0; c < pr_spec_nconfigs(spec); c++) {
			for (i = 0; i < spec->nrows_list; i++)
				add_cell(pred,
					 linear_cell(spec, c, kinds[k], &fit, a,
						     b, w, spec->rows_list[i]));
		}
		pr_linear_fit_free(&fit);
	}
	set_model(pred, "params", params);
	set_model(pred, "fit", json_string(pr_calib_rows_method));
	return error;
}

/* The rank's group's device kind. */
static const char *device_of(const pr_spec *spec, int rank)
{
	int g;

	for (g = 0; g < spec->ngroups; g++) {
		if (rank < spec->groups[g].count)
			return spec->groups[g].device;
		rank -= spec->groups[g].count;
	}
	return "cpu";
}

/*
 * Ranks sharing the rank's compute unit: for a GPU rank, every rank named
 * on the same device (cuda:0*4: 4); for a CPU rank, ranks per core under
 * the placement (pr_split_sharing).
 */
static double rank_sharing(const pr_spec *spec, int rank, int ncores,
			   int packed)
{
	const char *dev = device_of(spec, rank);
	int g, n = 0;

	if (strncmp(dev, "cuda:", 5) && strncmp(dev, "hip:", 4))
		return pr_split_sharing(spec->nranks, ncores, packed);
	for (g = 0; g < spec->ngroups; g++) {
		if (!strcmp(spec->groups[g].device, dev))
			n += spec->groups[g].count;
	}
	return n > 0 ? n : 1;
}

/*
 * The split and the compute cells: per rank (a_i + b_i rows_i) * s and the
 * makespan, s = ranks sharing the rank's core or device; each rank's cell
 * says where its rows fall in its calibration (cover[i]) and, for a kind
 * that runs in waves, its expected ratio to the line (expect[i] > 0).
 */
static void split_cells(json_t *pred, const pr_spec *spec, const long *rows,
			const double *a, const double *b,
			const pr_linear_cover *cover, const double *expect,
			int ncores)
{
	int c, i;

	for (c = 0; c < pr_spec_nconfigs(spec); c++) {
		int packed = !strcmp(pr_spec_placement(spec, c), "packed");
		double makespan = 0, s = 1;
		json_t *x;

		for (i = 0; i < spec->nranks; i++) {
			double t;

			s = rank_sharing(spec, i, ncores, packed);
			t = s * (a[i] + b[i] * (double)rows[i]);

			x = pr_model_cell(spec, c, "compute", t);
			json_object_set_new(x, "rank", json_integer(i));
			json_object_set_new(x, "rows", json_integer(rows[i]));
			json_object_set_new(x, "sharing", json_real(s));
			json_object_set_new(
			    x, "rows_calibrated",
			    json_string(pr_linear_cover_name(cover[i])));
			if (expect[i] > 0)
				json_object_set_new(x, "expected_ratio",
						    json_real(expect[i]));
			add_cell(pred, x);
			if (t > makespan)
				makespan = t;
		}
		x = pr_model_cell(spec, c, "compute", makespan);
		json_object_set_new(x, "reduce", json_string("max_over_ranks"));
		json_object_set_new(x, "sharing", json_real(s));
		add_cell(pred, x);
	}
}

/*
 * Where rank i's rows fall in its kind's calibration (cover[i]), warned
 * for each rank whose rows the calibration did not see linear: the split
 * assumes the line there. A kind that runs in waves (wave_rows) is also
 * expected at a full wave's time: expect[i] is that over its line a[i] +
 * b[i] rows_i (0: no waves), and where it leaves the band the rank is
 * nonlinear too (unless outside) and warned.
 */
static void split_cover(pr_linear_cover *cover, double *expect,
			const pr_spec *spec, const long *rows, const double *a,
			const double *b, const pr_linear_fit *const *fit,
			const pr_calib *cal)
{
	int i;

	for (i = 0; i < spec->nranks; i++) {
		const pr_linear_fit *f = fit[i];
		const char *dev = device_of(spec, i);
		long w = wave_rows(spec, dev);

		cover[i] = pr_linear_covers(f, rows[i]);
		expect[i] =
		    w > 0 ? pr_linear_wave_ratio(a[i], b[i], w, rows[i]) : 0;
		if (cover[i] == PR_LINEAR_OUTSIDE)
			pr_warn("rank %d (device '%s') gets %ld rows, outside "
				"the rows its calibration '%s' measured (%ld "
				"to %ld): the 1/t split assumes its time "
				"linear there unmeasured (recorded as "
				"\"rows_calibrated\": \"outside\")",
				i, dev, rows[i], cal->run_id, f->rows[0],
				f->rows[f->n - 1]);
		else if (cover[i] == PR_LINEAR_NONLINEAR)
			pr_warn("rank %d (device '%s') gets %ld rows, where "
				"its calibration '%s' found time not linear in "
				"rows (at or next to a rows value in "
				"\"nonlinear_rows\"): the 1/t split assumes "
				"the line there (recorded as "
				"\"rows_calibrated\": \"nonlinear\")",
				i, dev, rows[i], cal->run_id);
		if (expect[i] <= 1 + spec->tolerance)
			continue;
		if (cover[i] == PR_LINEAR_INSIDE)
			cover[i] = PR_LINEAR_NONLINEAR;
		pr_warn("rank %d (device '%s') gets %ld rows: its kernel runs "
			"waves of %ld rows, each at a full wave's time, so it "
			"is expected at %.3gx its line there; the 1/t split "
			"assumes the line (recorded as \"expected_ratio\")",
			i, dev, rows[i], w, expect[i]);
	}
}

/*
 * The Gatherv cells: linear Gatherv of rows_i*d*4 bytes to rank 0 (the
 * root sees the whole collective), with the Hockney parameters of the
 * config's transport; "default" is priced as vader, what Open MPI 4.1
 * picks between ranks of one node.
 */
static int gatherv_cells(json_t *pred, json_t *params, const pr_spec *spec,
			 const long *rows, const pr_calib *cal)
{
	double *m = pr_calloc((size_t)spec->nranks, sizeof(double));
	int c, i, error = PR_OK;

	for (i = 0; i < spec->nranks; i++)
		m[i] = (double)rows[i] * (double)spec->d * 4.0;
	for (c = 0; c < pr_spec_nconfigs(spec) && !error; c++) {
		const char *tr = pr_spec_transport(spec, c);
		const char *priced = strcmp(tr, "default") ? tr : "vader";
		const char *measured;
		pr_hockney_params hp;
		json_t *x;

		if ((error =
			 pr_model_hockney(&hp, &measured, params, cal, priced,
					  pr_spec_placement(spec, c))) < 0)
			break;
		x = pr_model_cell(
		    spec, c, "gatherv",
		    pr_hockney_linear_gatherv(&hp, spec->nranks, m, 0));
		json_object_set_new(x, "rank", json_integer(0));
		json_object_set_new(x, "priced_as", json_string(priced));
		add_cell(pred, x);
	}
	free(m);
	return error;
}

static json_t *longs_json(const long *v, int n)
{
	json_t *a = json_array();
	int i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

/* The smallest rows of the ranks of device kind `kind`. */
static long kind_min_rows(const pr_spec *spec, const long *rows,
			  const char *kind)
{
	long m = -1;
	int i;

	for (i = 0; i < spec->nranks; i++) {
		if (!strcmp(device_of(spec, i), kind) && (m < 0 || rows[i] < m))
			m = rows[i];
	}
	return m;
}

static int predict_split_gatherv(json_t *pred, const pr_spec *spec,
				 const pr_calib *cal, const pr_calib *comm)
{
	const char *kinds[PR_MAX_GROUPS];
	int n = spec->nranks, nk = device_kinds(kinds, spec), ncores, i, k;
	pr_linear_fit fits[PR_MAX_GROUPS];
	const pr_linear_fit **fit = pr_calloc((size_t)n, sizeof(*fit));
	pr_linear_cover *cover = pr_calloc((size_t)n, sizeof(*cover));
	double *expect = pr_calloc((size_t)n, sizeof(double));
	double *a = pr_calloc((size_t)n, sizeof(double));
	double *b = pr_calloc((size_t)n, sizeof(double));
	double *w = pr_calloc((size_t)n, sizeof(double));
	long *rows = pr_calloc((size_t)n, sizeof(long));
	json_t *rows_params = json_object(), *comm_params = json_object();
	int error = PR_OK;

	memset(fits, 0, sizeof(fits));
	for (k = 0; k < nk; k++) {
		if ((error = pr_calib_rows(&fits[k], cal, kinds[k], spec)) < 0)
			goto cleanup;
		for (i = 0; i < n; i++) {
			if (!strcmp(device_of(spec, i), kinds[k])) {
				fit[i] = &fits[k];
				b[i] = fits[k].b;
			}
		}
	}
	pr_split_rows(rows, w, b, n, spec->rows);
	for (k = 0; k < nk; k++) {
		double ka, kb;

		rows_line(&ka, &kb, rows_params, cal, kinds[k], &fits[k],
			  kind_min_rows(spec, rows, kinds[k]));
		for (i = 0; i < n; i++) {
			if (fit[i] == &fits[k]) {
				a[i] = ka;
				b[i] = kb;
			}
		}
	}
	split_cover(cover, expect, spec, rows, a, b, fit, cal);
	ncores = ncores_here();
	split_cells(pred, spec, rows, a, b, cover, expect, ncores);
	if ((error = gatherv_cells(pred, comm_params, spec, rows, comm)) < 0)
		goto cleanup;
	json_object_set_new(pred, "split",
			    json_pack("{s:o, s:i, s:s}", "rows_per_rank",
				      longs_json(rows, n), "cores", ncores,
				      "rule",
				      "w_i = (1/t_i) / sum_j (1/t_j), t_i = b "
				      "of the rank's device kind (the fitted "
				      "slope); rows_i = round(rows * w_i) by "
				      "largest remainders"));
	json_object_set_new(json_object_get(pred, "split"), "rows_calibrated",
			    json_array());
	for (i = 0; i < n; i++)
		json_array_append_new(
		    json_object_get(json_object_get(pred, "split"),
				    "rows_calibrated"),
		    json_string(pr_linear_cover_name(cover[i])));
	set_model(pred, "params",
		  json_pack("{s:O, s:O}", "rows", rows_params, "hockney",
			    comm_params));
	set_model(pred, "fit",
		  json_pack("{s:s, s:s}", "rows", pr_calib_rows_method,
			    "hockney", pr_calib_hockney_method));
cleanup:
	for (k = 0; k < nk; k++)
		pr_linear_fit_free(&fits[k]);
	json_decref(rows_params);
	json_decref(comm_params);
	free(fit);
	free(cover);
	free(expect);
	free(a);
	free(b);
	free(w);
	free(rows);
	return error;
}

/* The worker threads of a cpu-blocks:T group, else 0. */
static int blocks_threads(const pr_spec *spec)
{
	const char *dev = spec->groups[0].device;

	return spec->ngroups == 1 && !strncmp(dev, "cpu-blocks:", 11)
		   ? atoi(dev + 11)
		   : 0;
}

/* The GPU kind of a launch-geometry experiment's one group. */
static int gpu_group(const char **kind, int *devi, const pr_spec *spec)
{
	const char *dev = spec->groups[0].device;

	if (spec->ngroups != 1 ||
	    (strncmp(dev, "cuda:", 5) && strncmp(dev, "hip:", 4)))
		return pr_error_code(PR_EINPUT,
				     "'%s': model launch-geometry needs one "
				     "rank group on a GPU (cuda:N or hip:N) "
				     "or on cpu-blocks:T",
				     spec->path);
	*kind = strncmp(dev, "cuda:", 5) ? "hip" : "cuda";
	*devi = atoi(strchr(dev, ':') + 1); /* cuda:* measures device 0 */
	return PR_OK;
}

static int check_launch_geometry(const pr_spec *spec)
{
	const char *kind;
	int devi;

	if (blocks_threads(spec) > 0)
		return PR_OK;
	return gpu_group(&kind, &devi, spec);
}

/* The step verdict's rule (DESIGN 7), pinned with the prediction. */
static void set_step_rule(json_t *pred, const pr_spec *spec)
{
	json_object_set_new(
	    pred, "step_rule",
	    json_pack("{s:i, s:f, s:s}", "tolerance_rows",
		      spec->step_tolerance_rows, "min_ratio",
		      1 + spec->tolerance, "detector",
		      "per config, the compute rows ascending: rows r is a "
		      "step when its statistic exceeds min_ratio times the "
		      "previous rows value's and the two launch-level "
		      "intervals do not overlap; each observed step belongs "
		      "to the nearest predicted step: PASS within "
		      "tolerance_rows, FAIL farther, MISSED when none "
		      "belongs to it, EXTRA for the others"));
}

/* Steps and sweep of the model, units x blocks_per_unit blocks a wave;
 * h the sweep's spacing (0: the GPU's 32 blocks). */
static int put_steps(json_t *pred, const pr_spec *spec, int units, int bpu,
		     long h)
{
	long step[16], rows[PR_MAX_SIZES];
	long max_rows = spec->rows > 0 ? spec->rows : 16384;
	int nsteps, nrows, i;

	nsteps = pr_geometry_steps(step, 16, units, bpu, spec->rows_per_block,
				   max_rows);
	if (nsteps == 0)
		return pr_error_code(PR_EINPUT,
				     "'%s': no wave fills below %ld rows "
				     "(%d units x %d blocks x %d rows per "
				     "block)",
				     spec->path, max_rows, units, bpu,
				     spec->rows_per_block);
	nrows = h > 0 ? pr_geometry_sweep_h(rows, PR_MAX_SIZES, step, nsteps, h,
					    max_rows)
		      : pr_geometry_sweep(rows, PR_MAX_SIZES, step, nsteps,
					  spec->rows_per_block, max_rows);
	json_object_set_new(pred, "steps", json_array());
	for (i = 0; i < nsteps; i++)
		json_array_append_new(json_object_get(pred, "steps"),
				      json_integer(step[i] + 1));
	json_object_set_new(
	    pred, "sweep",
	    json_pack("{s:o}", "rows_list", longs_json(rows, nrows)));
	return PR_OK;
}

/*
 * cpu-blocks:T: the units are T capped by the cores the rank may use
 * (this machine's cores over the ranks; mpirun leaves a cpu-blocks rank
 * unbound), blocks_per_unit the spec's blocks_per_thread.
 */
static int predict_cpu_blocks(json_t *pred, const pr_spec *spec, int threads)
{
	int cores = rank_cores(spec);
	int units = pr_geometry_cpu_units(threads, cores);
	long wave =
	    (long)units * spec->blocks_per_thread * spec->rows_per_block;

	if (cores < 1)
		cores = 1;
	set_model(pred, "launch",
		  json_pack("{s:i, s:i}", "rows_per_block",
			    spec->rows_per_block, "blocks_per_thread",
			    spec->blocks_per_thread));
	json_object_set_new(pred, "device",
			    json_pack("{s:s, s:b, s:i, s:i, s:i, s:i}", "kind",
				      "cpu-blocks", "available", 1, "threads",
				      threads, "cores", cores, "units", units,
				      "blocks_per_unit",
				      spec->blocks_per_thread));
	if (threads > cores) {
		json_object_set_new(
		    json_object_get(pred, "device"), "note",
		    json_sprintf(
			"%d threads on %d cores: a wave's threads take "
			"turns, so the time steps every %d threads' "
			"blocks",
			threads, cores, units));
		pr_warn("'%s': %d worker threads on %d cores: the waves "
			"serialize, the steps are predicted every %d "
			"threads' blocks",
			spec->path, threads, cores, units);
	}
	set_step_rule(pred, spec);
	return put_steps(pred, spec, units, spec->blocks_per_thread,
			 wave / 4 > 0 ? wave / 4 : 1);
}

static int predict_launch_geometry(json_t *pred, const pr_spec *spec,
				   const pr_calib *cal, const pr_calib *comm)
{
	json_t *all = NULL, *side, *dev;
	const char *kind = NULL;
	int devi = 0, units, bpu, error;

	(void)cal;
	(void)comm;
	if (blocks_threads(spec) > 0)
		return predict_cpu_blocks(pred, spec, blocks_threads(spec));
	set_step_rule(pred, spec);
	if ((error = gpu_group(&kind, &devi, spec)) < 0 ||
	    (error = pr_envcap_devices(&all, spec->threads_per_block,
				       spec->keys)) < 0)
		return error;
	side = json_object_get(all, kind);
	dev = json_array_get(json_object_get(side, "devices"), (size_t)devi);
	set_model(pred, "launch",
		  json_pack("{s:i, s:i}", "threads_per_block",
			    spec->threads_per_block, "rows_per_block",
			    spec->rows_per_block));
	if (!dev) {
		const char *why =
		    json_string_value(json_object_get(side, "error"));
		json_object_set_new(pred, "device",
				    json_pack("{s:s, s:b, s:s}", "kind", kind,
					      "available", 0, "error",
					      why ? why : "no such device"));
		pr_warn("no %s device %d here (%s): the prediction records "
			"the plan without step positions; run 'prereg "
			"predict %s' where the device is",
			!strcmp(kind, "cuda") ? "CUDA" : "HIP", devi,
			why ? why : "not visible", spec->name);
		json_decref(all);
		return PR_OK;
	}
	units = (int)json_integer_value(json_object_get(dev, "sm_count"));
	bpu =
	    (int)json_integer_value(json_object_get(dev, "max_blocks_per_sm"));
	json_object_set_new(pred, "device", json_deep_copy(dev));
	json_object_set_new(json_object_get(pred, "device"), "kind",
			    json_string(kind));
	error = put_steps(pred, spec, units, bpu, 0);
	json_decref(all);
	return error;
}

/* launch-settings: two named settings of one few-row call on one rank
 * group, every other factor at one value. */
static int check_launch_settings(const pr_spec *spec)
{
	const char *kind;
	int devi;

	if (spec->nlaunch_settings != 2 || !spec->launch_names[0] ||
	    pr_spec_nconfigs(spec) != 2)
		return pr_error_code(PR_EINPUT,
				     "'%s': model 'launch-settings' needs "
				     "'launch' in [factors] with exactly two "
				     "settings and one value of every other "
				     "factor",
				     spec->path);
	if (strcmp(spec->workload, "rows-sweep") || spec->nrows_list != 1)
		return pr_error_code(PR_EINPUT,
				     "'%s': model 'launch-settings' needs "
				     "workload 'rows-sweep' with one value in "
				     "'rows_list' (the call both settings "
				     "make)",
				     spec->path);
	if (blocks_threads(spec) > 0)
		return PR_OK;
	return gpu_group(&kind, &devi, spec);
}

#define NEGLECTS                                                               \
	"the fixed cost of a call (waking the pool, the barrier after each "   \
	"wave, the timer) is left out: it adds the same to both settings "     \
	"and pulls the measured ratio toward 1; the tolerance is its room, "   \
	"and that of a core taken by other work (a thread that waits for "     \
	"its core doubles its slots)"

/*
 * The ratio of the first setting's time over the second's: on cpu-blocks
 * the row slots the busiest worker runs (pr_geometry_cpu_slots), the
 * per-row cost cancelling; the band [p / (1 + t), p * (1 + t)]. On a GPU
 * the settings are recorded and no ratio is predicted.
 */
static int predict_launch_settings(json_t *pred, const pr_spec *spec,
				   const pr_calib *cal, const pr_calib *comm)
{
	int threads = blocks_threads(spec);
	int cores = ncores_here() / (spec->nranks > 0 ? spec->nranks : 1);
	int units = pr_geometry_cpu_units(threads, cores), i;
	long rows = spec->rows_list[0], slots[2];
	json_t *settings = json_object(), *ratio;
	double p, t = spec->tolerance;

	(void)cal;
	(void)comm;
	for (i = 0; i < 2; i++) {
		const pr_launch_setting *ls = &spec->launch_settings[i];

		slots[i] = threads > 0
			       ? pr_geometry_cpu_slots(rows, threads, units,
						       ls->rows_per_block,
						       ls->blocks_per_thread)
			       : 0;
		json_object_set_new(
		    settings, spec->launch_names[i],
		    json_pack("{s:i, s:i, s:i, s:i, s:I}", "config", i,
			      "threads_per_block", ls->threads_per_block,
			      "rows_per_block", ls->rows_per_block,
			      "blocks_per_thread", ls->blocks_per_thread,
			      "slots", (json_int_t)slots[i]));
	}
	set_model(pred, "launch", settings);
	ratio =
	    json_pack("{s:s, s:s, s:i, s:i, s:I, s:s, s:f, s:s}", "numerator",
		      spec->launch_names[0], "denominator",
		      spec->launch_names[1], "numerator_config", 0,
		      "denominator_config", 1, "rows", (json_int_t)rows,
		      "phase", "compute", "tolerance", t, "neglects", NEGLECTS);
	json_object_set_new(pred, "launch_ratio", ratio);
	if (threads <= 0) {
		json_object_set_new(ratio, "predicted", json_null());
		json_object_set_new(
		    ratio, "why",
		    json_string("a GPU's per-call time is not priced by row "
				"slots: the settings are recorded, no ratio "
				"is predicted"));
		pr_warn("'%s': on a GPU the launch-settings model records "
			"the two settings and predicts no ratio",
			spec->path);
		return PR_OK;
	}
	json_object_set_new(pred, "device",
			    json_pack("{s:s, s:i, s:i, s:i}", "kind",
				      "cpu-blocks", "threads", threads, "cores",
				      cores < 1 ? 1 : cores, "units", units));
	p = (double)slots[0] / (double)slots[1];
	json_object_set_new(ratio, "predicted", json_real(p));
	json_object_set_new(ratio, "lo", json_real(p / (1 + t)));
	json_object_set_new(ratio, "hi", json_real(p * (1 + t)));
	return PR_OK;
}

const pr_model pr_models[] = {
    {"none", 0, 0, 0, NULL, NULL, NULL},
    {"hockney-ring", 1, 0, 0,
     "ring Allreduce of n bytes over p ranks, from the last rank's "
     "arrival to the last exit: (p-1) [X(n/p) + R(n/p)] + (p-1) X(n/p) "
     "(reduce-scatter, then allgather), X the ring step (sendrecv), R the "
     "local reduction, each from the fit of the regime of its n/p-byte "
     "segments (<= 4 KiB, 4-64 KiB, > 64 KiB) under the config's "
     "transport and placement; n = rows*d*4 + rows*4 (partial output and "
     "row sums, allreduce) and rows*4 (row max, allreduce_small)",
     check_hockney_ring, predict_hockney_ring},
    {"linear-rows", 1, 0, 0,
     "T(r) = a + b*r per device kind, a and b fitted on the calibration "
     "(intercept free); a median outside the line's [1-tol, 1+tol] at some "
     "rows value means linearity is broken there. A kernel that runs rows "
     "in waves of w rows (cpu-blocks:T: w = min(T, cores) * "
     "blocks_per_thread * rows_per_block) takes a full wave's time: "
     "expected a + b*w*ceil(r/w), and where that leaves the band the cell "
     "is a control that must FAIL",
     NULL, predict_linear_rows},
    {"split-gatherv", 1, 1, 0,
     "compute of rank i: s * (a_i + b_i * rows_i), s = ranks sharing one "
     "core (packed: all ranks; spread: ranks / cores when ranks outnumber "
     "the cores, else 1); makespan = max over ranks; gatherv at the root: "
     "linear Gatherv (p-1) alpha + sum_i rows_i*d*4 beta (Open MPI 4.1 "
     "receives in rank order), 'default' priced as vader",
     NULL, predict_split_gatherv},
    /* no calibration: the device attributes are read at predict time */
    {"launch-geometry", 0, 0, 1,
     "waves = ceil(blocks / (units * blocks_per_unit)), blocks = ceil(rows "
     "/ rows_per_block), T = t_launch + waves * t_wave: the time steps at "
     "rows = k * units * blocks_per_unit * rows_per_block + 1; units and "
     "blocks_per_unit come from the runtime (multiprocessor count, "
     "occupancy of the kernel at threads_per_block), not from timing",
     check_launch_geometry, predict_launch_geometry},
    {"hockney-allreduce", 1, 0, 0,
     "MPI_Allreduce of n bytes over p ranks, from the last rank's arrival "
     "to the last exit, by the config's algorithm: ring (p-1) [X(n/p) + "
     "R(n/p)] + (p-1) X(n/p); recursive doubling lg p [X(n) + R(n)]; "
     "Rabenseifner sum_{k=1..lg p} [X(n/2^k) + R(n/2^k)] + sum_{k=1..lg p} "
     "X(n/2^k); reduce+bcast (basic linear) (p-1) [P(n) + R(n)] + (p-1) "
     "P(n); default: no formula. P one-way ping-pong, X ring step "
     "(sendrecv), R local reduction, each from the fit of its message's "
     "regime (<= 4 KiB, 4-64 KiB, > 64 KiB). Negative controls: a ring "
     "config priced by reduce+bcast and a reduce+bcast config priced by "
     "ring, where their bands do not overlap",
     check_hockney_allreduce, predict_hockney_allreduce},
    /* no calibration: the ratio is the geometry's alone */
    {"launch-settings", 0, 0, 0,
     "time(first setting) / time(second) of the same call: on "
     "cpu-blocks:T the row slots the busiest worker runs, the sum over "
     "waves of ceil(active threads / units) x blocks_per_thread x "
     "rows_per_block, units = min(T, cores), the per-row cost cancelling; "
     "band [p / (1 + tolerance), p * (1 + tolerance)]",
     check_launch_settings, predict_launch_settings},
    {"pap-hockney", 1, 0, 0,
     "Allreduce of n bytes over p ranks under an arrival pattern, arrivals "
     "a_i the pattern's delays (uniform: the median of 2001 calls drawn by "
     "its generator). A built-in algorithm overlaps nothing of the wait: "
     "after the last arrival its hockney-allreduce formula T_alg(n) "
     "(default: no formula, no cell), total = omega + T_alg(n), omega = "
     "max a - min a. pap, the sorted chain in the order learned from the "
     "call two before (arrivals ascending): c_0 = a_(0), c_k = max(c_{k-1} "
     "+ H, a_(k)) + R(n), H = P(n) + P(8p) (the partial sum and the p "
     "waits), then a binomial broadcast of ceil(log2 p) H: end = c_{p-1} "
     "+ ceil(log2 p) H, total = end - min a, after = end - max a. Cells: "
     "allreduce span (the total) and after_last_arrival per config and "
     "size; dp-step with compute = pattern also step (span), end counted "
     "from the step's start",
     pr_model_pap_check, pr_model_pap_predict},
    {"pap-dp-step", 1, 1, 0,
     "dp-step with compute = rows: rank i computes a + b*rows_i alone "
     "(its device's rows fit, calibration), t_i when the ranks share the "
     "config's cores (packed 1, else this machine's; k ranks still "
     "computing get min(1, cores/k) of a core each), then allreduces the "
     "gradient buffer; the step time = max_i t_i + T_alg(n) for a built-in "
     "algorithm, c_{p-1} + ceil(log2 p) H for pap (the chain of "
     "pap-hockney over arrivals t_i), P, X and R from comm_calibration",
     pr_model_pap_dp_check, pr_model_pap_dp_predict},
};

const size_t pr_nmodels = sizeof(pr_models) / sizeof(pr_models[0]);

const pr_model *pr_model_lookup(const char *name)
{
	size_t i;

	for (i = 0; name && i < pr_nmodels; i++) {
		if (!strcmp(pr_models[i].name, name))
			return &pr_models[i];
	}
	return NULL;
}
