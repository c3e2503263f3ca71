/* arrival.c - the predictors of Allreduce under arrival patterns: models
 * pap-hockney and pap-dp-step (DESIGN 5) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/arrival.h"
#include "base/host.h"
#include "base/stats.h"
#include "base/util.h"
#include "format/spec.h"
#include "format/workload.h"
#include "model/pap.h"
#include "predict/models-internal.h"

/* Calls drawn for a pattern whose delays are drawn afresh each call: the
 * cells predict the median of the simulated calls. */
#define UNIFORM_CALLS 2001
/* The generator's seed of those draws: any fixed value; the same spec
 * gives the same prediction. */
#define UNIFORM_SEED 0x7061702d756e6966ULL

/*
 * The arrivals the model prices, in seconds from the first possible one:
 * ncalls rows of p (rank order), call i's chain order learned from call i
 * - 2 (the runner's lag), call 0 and 1 from themselves where the pattern
 * repeats.
 */
typedef struct {
	double *a;
	int p, ncalls;
	const char *why; /* how the arrivals were made, in words (static) */
} arrivals;

static void arrivals_free(arrivals *x)
{
	free(x->a);
	x->a = NULL;
}

/* The replayed delays a prediction records ("arrival": {"replay_ns"}). */
static int replay_of(int64_t **out, const json_t *pred)
{
	json_t *v = json_object_get(json_object_get(pred, "arrival"),
				    "replay_ns"),
	       *x;
	size_t i;

	*out = NULL;
	if (!json_array_size(v))
		return 0;
	*out = pr_malloc(json_array_size(v) * sizeof(int64_t));
	json_array_foreach(v, i, x)
	{
		(*out)[i] = json_integer_value(x);
	}
	return (int)json_array_size(v);
}

/* The arrivals of `pattern` under spec, and pred's replayed delays. */
static int pattern_arrivals(arrivals *out, const pr_spec *spec,
			    const char *pattern, const json_t *pred)
{
	int64_t *d = pr_malloc((size_t)spec->nranks * sizeof(int64_t));
	int64_t *replay = NULL, delay = llround(spec->delay_us * 1e3);
	int nreplay = replay_of(&replay, pred), i, k;
	pr_arrival_kind kind;

	memset(out, 0, sizeof(*out));
	if (pr_arrival_kind_parse(&kind, pattern) < 0) {
		free(d);
		free(replay);
		return pr_error_code(PR_EINPUT, "'%s': unknown pattern '%s'",
				     spec->path, pattern);
	}
	if (kind == PR_ARRIVAL_REPLAY && !nreplay) {
		free(d);
		return pr_error_code(PR_EINPUT,
				     "'%s': pattern replay without the "
				     "replayed delays",
				     spec->path);
	}
	out->p = spec->nranks;
	out->ncalls = kind == PR_ARRIVAL_UNIFORM ? UNIFORM_CALLS : 1;
	out->why = kind == PR_ARRIVAL_UNIFORM
		       ? "the median of 2001 calls drawn by the pattern's "
			 "generator, each call's chain order learned from the "
			 "call two before"
		       : "the pattern's delays, the same every call";
	out->a =
	    pr_malloc((size_t)out->ncalls * (size_t)out->p * sizeof(double));
	for (i = 0; i < out->ncalls; i++) {
		pr_arrival_delays(d, out->p, kind, delay, spec->late_rank,
				  UNIFORM_SEED, i, replay, nreplay);
		for (k = 0; k < out->p; k++)
			out->a[(size_t)i * (size_t)out->p + (size_t)k] =
			    (double)d[k] * 1e-9;
	}
	free(d);
	free(replay);
	return PR_OK;
}

/* The medians over the calls of one algorithm's costs. */
typedef struct {
	double spread, after, total, end;
} medians;

static double median_of(double *v, int n)
{
	return pr_stats_median(v, (size_t)n);
}

/*
 * The costs of every call of x: a built-in algorithm taking t_alg after
 * the last arrival (pap 0), or the PAP-aware chain (pap 1) of hop and
 * reduce.
 */
static void costs_of(medians *out, const arrivals *x, int pap, double t_alg,
		     double hop, double reduce)
{
	double *v[4];
	int *order = pr_malloc((size_t)x->p * sizeof(int)), i, q;

	for (q = 0; q < 4; q++)
		v[q] = pr_malloc((size_t)x->ncalls * sizeof(double));
	for (i = 0; i < x->ncalls; i++) {
		const double *a = x->a + (size_t)i * (size_t)x->p;
		const double *prev =
		    x->a + (size_t)(i >= 2 ? i - 2 : i) * (size_t)x->p;
		pr_pap_cost c;

		if (pap) {
			pr_pap_cost_order(order, prev, x->p);
			pr_pap_cost_call(&c, a, order, x->p, hop, reduce);
		} else {
			pr_pap_cost_builtin(&c, a, x->p, t_alg);
		}
		v[0][i] = c.spread;
		v[1][i] = c.after;
		v[2][i] = c.total;
		v[3][i] = c.end;
	}
	out->spread = median_of(v[0], x->ncalls);
	out->after = median_of(v[1], x->ncalls);
	out->total = median_of(v[2], x->ncalls);
	out->end = median_of(v[3], x->ncalls);
	for (q = 0; q < 4; q++)
		free(v[q]);
	free(order);
}

/* What prices config c at n bytes. */
typedef struct {
	int pap;		/* the PAP-aware chain, else a formula */
	pr_allreduce_formula f; /* a built-in's */
	double t_alg;		/* a built-in's time after the last arrival */
	double hop, reduce;	/* the chain's */
	double t_msg;		/* P(n): one message of the size */
	int extrapolated;	/* a priced message lies outside the fits */
} pricing;

/* The pricing of algorithm alg at n bytes over p ranks: PR_OK, 1 when the
 * algorithm has no formula (default), or an error. */
static int price(pricing *out, const char *alg, const pr_hockney_params *hp,
		 int p, double n)
{
	double m[64];
	int nm, i, f, error;

	memset(out, 0, sizeof(*out));
	out->t_msg = pr_hockney_p2p(hp, n);
	if (!strcmp(alg, "pap")) {
		out->pap = 1;
		/* each hop carries the partial sum and the p waits (doubles) */
		out->hop = pr_hockney_p2p(hp, n) + pr_hockney_p2p(hp, 8.0 * p);
		out->reduce = pr_hockney_eval(&hp->reduce, n);
		out->extrapolated =
		    pr_hockney_extrapolated(&hp->p2p, n) ||
		    pr_hockney_extrapolated(&hp->p2p, 8.0 * p) ||
		    pr_hockney_extrapolated(&hp->reduce, n);
		return PR_OK;
	}
	if ((f = pr_hockney_formula_of(alg)) < 0)
		return 1;
	out->f = (pr_allreduce_formula)f;
	if ((error = pr_hockney_allreduce(&out->t_alg, hp, out->f, p, n)) < 0)
		return error;
	nm = pr_hockney_allreduce_sizes(m, 64, out->f, p, n);
	for (i = 0; i < nm; i++)
		out->extrapolated |=
		    pr_hockney_extrapolated(f == PR_ALLREDUCE_REDUCE_BCAST
						? &hp->p2p
						: &hp->exchange,
					    m[i]) ||
		    pr_hockney_extrapolated(&hp->reduce, m[i]);
	return PR_OK;
}

static const char *formula_of(const pricing *pr)
{
	return pr->pap ? "pap chain" : pr_hockney_formula_name(pr->f);
}

/* The transport whose calibration prices config c: its own; "default"
 * as vader, what Open MPI 4.1 picks between ranks of one node. */
static const char *priced_as(const pr_spec *spec, int c)
{
	const char *tr = pr_spec_transport(spec, c);

	return strcmp(tr, "default") ? tr : "vader";
}

/* One cell of config c at n bytes: phase, reduce and the predicted value,
 * with what made it. */
static void add_cell(json_t *pred, const pr_spec *spec, int c, double n,
		     const char *phase, const char *reduce, double predicted,
		     const pricing *pr, const medians *m, const arrivals *x)
{
	json_t *o = pr_model_cell(spec, c, phase, predicted);

	json_object_set_new(o, "bytes", json_integer((json_int_t)n));
	json_object_set_new(o, "reduce", json_string(reduce));
	json_object_set_new(o, "algorithm",
			    json_string(pr_spec_algorithm(spec, c)));
	json_object_set_new(o, "pattern",
			    json_string(pr_spec_pattern(spec, c)));
	json_object_set_new(o, "formula", json_string(formula_of(pr)));
	json_object_set_new(o, "t_msg_s", json_real(pr->t_msg));
	json_object_set_new(o, "spread_s", json_real(m->spread));
	json_object_set_new(o, "arrivals", json_string(x->why));
	json_object_set_new(o, "priced_as", json_string(priced_as(spec, c)));
	if (pr->pap) {
		json_object_set_new(o, "hop_s", json_real(pr->hop));
		json_object_set_new(o, "reduce_s", json_real(pr->reduce));
	} else {
		json_object_set_new(o, "t_alg_s", json_real(pr->t_alg));
	}
	if (pr->extrapolated)
		json_object_set_new(o, "extrapolated", json_true());
	json_array_append_new(json_object_get(pred, "cells"), o);
}

/*
 * The cells of config c at every size, from its arrivals x: the
 * Allreduce's total (span) and time after the last arrival, and with
 * `step` the step time of dp-step (phase step: the last exit from the
 * step's start, the arrivals counted from it).
 */
static int config_cells(json_t *pred, const pr_spec *spec, int c,
			const pr_hockney_params *hp, const arrivals *x,
			int step)
{
	const char *alg = pr_spec_algorithm(spec, c);
	int i, error;

	for (i = 0; i < spec->nsizes; i++) {
		double n = (double)spec->sizes[i];
		pricing pr;
		medians m;

		if ((error = price(&pr, alg, hp, spec->nranks, n)) < 0)
			return error;
		if (error == 1) {
			if (i == 0)
				pr_warn("config %d: algorithm '%s' (Open MPI's "
					"own choice) has no formula: no cell, "
					"the analysis reports it unpredicted",
					c, alg);
			continue;
		}
		costs_of(&m, x, pr.pap, pr.t_alg, pr.hop, pr.reduce);
		add_cell(pred, spec, c, n, "allreduce", "span", m.total, &pr,
			 &m, x);
		add_cell(pred, spec, c, n, "allreduce", "after_last_arrival",
			 m.after, &pr, &m, x);
		if (step)
			add_cell(pred, spec, c, n, "step", "span", m.end, &pr,
				 &m, x);
	}
	return PR_OK;
}

static int check_algorithms(const pr_spec *spec, const char *model)
{
	if (spec->nranks < 2)
		return pr_error_code(PR_EINPUT,
				     "'%s': model %s needs two ranks or more",
				     spec->path, model);
	return pr_model_check_pow2(spec, model);
}

int pr_model_pap_check(const pr_spec *spec)
{
	int dp = pr_workload_has_dp(spec->workload);

	if (!pr_workload_has_arrival(spec->workload))
		return pr_error_code(PR_EINPUT,
				     "'%s': model pap-hockney needs 'workload "
				     "= arrival' or 'dp-step'",
				     spec->path);
	if (dp && !spec->dp_compute_pattern)
		return pr_error_code(PR_EINPUT,
				     "'%s': model pap-hockney prices dp-step "
				     "with 'compute = pattern' in [dp]; "
				     "compute = rows is model pap-dp-step's",
				     spec->path);
	return check_algorithms(spec, "pap-hockney");
}

int pr_model_pap_predict(json_t *pred, const pr_spec *spec, const pr_calib *cal,
			 const pr_calib *comm)
{
	json_t *params = json_object();
	int c, error = PR_OK, dp = pr_workload_has_dp(spec->workload);

	(void)comm;
	for (c = 0; c < pr_spec_nconfigs(spec) && !error; c++) {
		const char *measured;
		pr_hockney_params hp;
		arrivals x;

		if ((error = pr_model_hockney(
			 &hp, &measured, params, cal, priced_as(spec, c),
			 pr_spec_placement(spec, c))) < 0 ||
		    (error = pattern_arrivals(
			 &x, spec, pr_spec_pattern(spec, c), pred)) < 0)
			break;
		error = config_cells(pred, spec, c, &hp, &x, dp);
		arrivals_free(&x);
	}
	json_object_set_new(json_object_get(pred, "model"), "params", params);
	json_object_set_new(json_object_get(pred, "model"), "fit",
			    json_string(pr_calib_hockney_method));
	return error;
}

int pr_model_pap_dp_check(const pr_spec *spec)
{
	if (!pr_workload_has_dp(spec->workload) || spec->dp_compute_pattern)
		return pr_error_code(PR_EINPUT,
				     "'%s': model pap-dp-step needs 'workload "
				     "= dp-step' with 'compute = rows' in [dp]",
				     spec->path);
	return check_algorithms(spec, "pap-dp-step");
}

/* The cores config c's ranks share: packed 1 (pinned to one core), else
 * this machine's (mpirun leaves ranks that outnumber the cores unbound). */
static int config_cores(const pr_spec *spec, int c)
{
	int n = pr_host_ncores();

	if (!strcmp(pr_spec_placement(spec, c), "packed"))
		return 1;
	return n > 0 ? n : 1;
}

/*
 * The compute times of the ranks from the rows calibration: a + b *
 * rows_i of each rank's device kind alone on a core, recorded in
 * params.compute; the arrivals of every step (they repeat) are those
 * times shared out over the config's cores (pr_pap_cost_shared).
 */
static int compute_arrivals(arrivals *out, json_t *params, const pr_spec *spec,
			    const pr_calib *cal)
{
	json_t *ranks = json_array();
	int i, error = PR_OK;

	memset(out, 0, sizeof(*out));
	out->p = spec->nranks;
	out->ncalls = 1;
	out->why = "each rank's compute time a + b*rows of its device's "
		   "rows fit, shared out over the config's cores, the same "
		   "every step";
	out->a = pr_calloc((size_t)out->p, sizeof(double));
	for (i = 0; i < out->p && !error; i++) {
		const char *dev = pr_model_rank_device(spec, i);
		long rows = i < spec->ndp_rows ? spec->dp_rows[i] : 0;
		pr_linear_fit fit;
		int inside;

		if ((error = pr_calib_rows(&fit, cal, dev, spec)) < 0)
			break;
		out->a[i] = fit.a + fit.b * (double)rows;
		inside = fit.n > 0 && fit.rows[0] <= rows &&
			 rows <= fit.rows[fit.n - 1];
		if (!inside)
			pr_warn("rank %d: %ld rows lie outside the rows "
				"calibration run '%s' measured on '%s' (%ld to "
				"%ld): its compute time is extrapolated",
				i, rows, cal->run_id, dev,
				fit.n ? fit.rows[0] : 0,
				fit.n ? fit.rows[fit.n - 1] : 0);
		json_array_append_new(
		    ranks,
		    json_pack("{s:i, s:s, s:i, s:f, s:f, s:f, s:s}", "rank", i,
			      "device", dev, "rows", (int)rows, "a_s", fit.a,
			      "b_s_per_row", fit.b, "compute_s", out->a[i],
			      "rows_calibrated",
			      inside ? "inside" : "outside"));
		pr_linear_fit_free(&fit);
	}
	json_object_set_new(params, "compute", ranks);
	if (error < 0)
		arrivals_free(out);
	return error;
}

/* params.shared[placement]: the cores and each rank's shared compute. */
static void record_shared(json_t *params, const pr_spec *spec, int c,
			  const arrivals *sh)
{
	json_t *by = json_object_get(params, "shared"), *v = json_array();
	int i;

	if (!by) {
		by = json_object();
		json_object_set_new(params, "shared", by);
	}
	for (i = 0; i < sh->p; i++)
		json_array_append_new(v, json_real(sh->a[i]));
	json_object_set_new(by, pr_spec_placement(spec, c),
			    json_pack("{s:i, s:o}", "cores",
				      config_cores(spec, c), "compute_s", v));
}

int pr_model_pap_dp_predict(json_t *pred, const pr_spec *spec,
			    const pr_calib *cal, const pr_calib *comm)
{
	json_t *params = json_object(), *hockney = json_object();
	int c, error;
	arrivals x;

	if ((error = compute_arrivals(&x, params, spec, cal)) < 0)
		goto cleanup;
	for (c = 0; c < pr_spec_nconfigs(spec) && !error; c++) {
		const char *measured;
		pr_hockney_params hp;
		arrivals sh = x;

		sh.a = pr_malloc((size_t)x.p * sizeof(double));
		pr_pap_cost_shared(sh.a, x.a, x.p, config_cores(spec, c));
		record_shared(params, spec, c, &sh);
		error = pr_model_hockney(&hp, &measured, hockney, comm,
					 priced_as(spec, c),
					 pr_spec_placement(spec, c));
		if (!error)
			error = config_cells(pred, spec, c, &hp, &sh, 1);
		arrivals_free(&sh);
	}
	arrivals_free(&x);
cleanup:
	json_object_set_new(params, "hockney", hockney);
	json_object_set_new(json_object_get(pred, "model"), "params", params);
	json_object_set_new(json_object_get(pred, "model"), "fit",
			    json_string(pr_calib_hockney_method));
	return error;
}
