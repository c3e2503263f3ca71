/* rows.c - the models of time in rows: linear-rows and split-gatherv
 * (DESIGN 5) */
#include <stdlib.h>
#include <string.h>

#include "base/device.h"
#include "base/util.h"
#include "model/registry.h"
#include "format/spec.h"
#include "model/geometry.h"
#include "model/linear.h"
#include "model/split.h"
#include "predict/models-internal.h"

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
 * The rows of one wave of device kind `kind`: for cpu-blocks:T, units *
 * blocks_per_thread * rows_per_block, units = T capped by the rank's
 * cores (pr_geometry_cpu_units), as launch-geometry predicts its steps;
 * 0 for a kernel without waves.
 */
static long wave_rows(const pr_spec *spec, const char *kind)
{
	int threads = pr_device_blocks_threads(kind);

	if (threads < 1)
		return 0;
	return (long)pr_geometry_cpu_units(threads, pr_model_rank_cores(spec)) *
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

int pr_model_linear_predict(json_t *pred, const pr_spec *spec,
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
				pr_model_add_cell(
				    pred,
				    linear_cell(spec, c, kinds[k], &fit, a, b,
						w, spec->rows_list[i]));
		}
		pr_linear_fit_free(&fit);
	}
	pr_model_set(pred, "params", params);
	pr_model_set(pred, "fit", json_string(pr_calib_rows_method));
	return error;
}

/*
 * Ranks sharing the rank's compute unit: for a GPU rank, every rank named
 * on the same device (cuda:0*4: 4); for a CPU rank, ranks per core under
 * the placement (pr_split_sharing).
 */
static double rank_sharing(const pr_spec *spec, int rank, int ncores,
			   int packed)
{
	const char *dev = pr_model_rank_device(spec, rank);
	int g, n = 0;

	if (!pr_device_gpu_kind(dev))
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
			pr_model_add_cell(pred, x);
			if (t > makespan)
				makespan = t;
		}
		x = pr_model_cell(spec, c, "compute", makespan);
		json_object_set_new(x, "reduce", json_string("max_over_ranks"));
		json_object_set_new(x, "sharing", json_real(s));
		pr_model_add_cell(pred, x);
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
		const char *dev = pr_model_rank_device(spec, i);
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
 * picks between ranks of one node. Each cell's pinned null ("null_s"):
 * the bytes the root receives over the calibrated bandwidth.
 */
static int gatherv_cells(json_t *pred, json_t *params, const pr_spec *spec,
			 const long *rows, const pr_calib *cal)
{
	double *m = pr_calloc((size_t)spec->nranks, sizeof(double));
	double total = 0;
	int c, i, error = PR_OK;

	for (i = 0; i < spec->nranks; i++) {
		m[i] = (double)rows[i] * (double)spec->d * 4.0;
		total += i ? m[i] : 0;
	}
	for (c = 0; c < pr_spec_nconfigs(spec) && !error; c++) {
		const char *tr = pr_spec_transport(spec, c);
		const char *priced = strcmp(tr, "default") ? tr : "vader";
		const char *measured;
		pr_hockney_params hp;
		double nul;
		json_t *x;

		if ((error =
			 pr_model_hockney(&hp, &measured, params, cal, priced,
					  pr_spec_placement(spec, c))) < 0)
			break;
		x = pr_model_cell(
		    spec, c, "gatherv",
		    pr_hockney_linear_gatherv(&hp, spec->nranks, m, 0));
		if ((nul = pr_hockney_bandwidth_null(&hp.p2p, total)) > 0)
			json_object_set_new(x, "null_s", json_real(nul));
		json_object_set_new(x, "rank", json_integer(0));
		json_object_set_new(x, "priced_as", json_string(priced));
		pr_model_add_cell(pred, x);
	}
	free(m);
	return error;
}

/* The smallest rows of the ranks of device kind `kind`. */
static long kind_min_rows(const pr_spec *spec, const long *rows,
			  const char *kind)
{
	long m = -1;
	int i;

	for (i = 0; i < spec->nranks; i++) {
		if (!strcmp(pr_model_rank_device(spec, i), kind) &&
		    (m < 0 || rows[i] < m))
			m = rows[i];
	}
	return m;
}

int pr_model_split_predict(json_t *pred, const pr_spec *spec,
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
			if (!strcmp(pr_model_rank_device(spec, i), kinds[k])) {
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
	ncores = pr_model_ncores();
	split_cells(pred, spec, rows, a, b, cover, expect, ncores);
	pr_model_set(
	    pred, "null_rule",
	    json_string(pr_model_registry_lookup(spec->model)->null_rule));
	if ((error = gatherv_cells(pred, comm_params, spec, rows, comm)) < 0)
		goto cleanup;
	json_object_set_new(pred, "split",
			    json_pack("{s:o, s:i, s:s}", "rows_per_rank",
				      pr_model_longs(rows, n), "cores", ncores,
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
	pr_model_set(pred, "params",
		     json_pack("{s:O, s:O}", "rows", rows_params, "hockney",
			       comm_params));
	pr_model_set(pred, "fit",
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
