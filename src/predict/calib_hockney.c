/* calib_hockney.c - the Hockney parameters and the per-call overhead a
 * calibration run measures (I5) */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/stats.h"
#include "base/util.h"
#include "predict/calib.h"
#include "predict/calib_series.h"

const char pr_calib_hockney_method[] =
    "time of one operation = duration / max(rows, 1) (rows: operations in "
    "the timed block; 0 in cold archives); P = one-way ping-pong = half "
    "of rank 0's pingpong time; X = sendrecv ring step, every rank (P "
    "where the calibration has none); R = reduce_local, every rank; per "
    "size the median over launches of per-launch medians (warmups "
    "excluded); per regime (<= 4 KiB, 4-64 KiB, > 64 KiB) least squares "
    "on relative residuals (weights 1/t^2), a negative intercept clamped "
    "to 0 and recorded";

static const char *const regime_names[PR_HOCKNEY_NREGIMES] = {
    "regime_0", "regime_1", "regime_2"};

/* The smallest btl_TRANSPORT_eager_limit the launches of the configs in
 * cfg_ok recorded (their MCA in force), or 0 when none did. */
static double eager_limit(const pr_calib *c, const int *cfg_ok, const char *key)
{
	size_t n = json_array_size(c->manifest.configs), i;
	double limit = 0;
	json_t *l;

	json_array_foreach(c->manifest.launches, i, l)
	{
		json_t *cfg = json_object_get(l, "config");
		json_t *mca =
		    json_object_get(json_object_get(l, "ranks"), "mca");
		json_t *v = json_object_get(mca, key);
		json_int_t k = json_integer_value(cfg);

		if (!json_is_integer(cfg) || k < 0 || (size_t)k >= n ||
		    !cfg_ok[k] || !json_is_integer(v) ||
		    json_integer_value(v) <= 0)
			continue;
		if (!limit || (double)json_integer_value(v) < limit)
			limit = (double)json_integer_value(v);
	}
	return limit;
}

/*
 * The regime edges of a transport's curves: Open MPI's default eager
 * limits, 4096 (vader) and 65536 (tcp), the transport's own replaced by
 * the eager limit in force in the calibration's launches of its configs
 * (a limit above the other edge empties the middle regime). *from
 * records the edges and where they came from.
 */
static void edges_of(double edge[2], json_t **from, const pr_calib *c,
		     const int *cfg_ok, const char *transport)
{
	char *key = pr_asprintf("btl_%s_eager_limit", transport);
	int own = !strcmp(transport, "vader") ? 0
		  : !strcmp(transport, "tcp") ? 1
					      : -1;
	double limit = own >= 0 ? eager_limit(c, cfg_ok, key) : 0;

	edge[0] = PR_HOCKNEY_EAGER_MAX;
	edge[1] = PR_HOCKNEY_MID_MAX;
	if (limit > 0) {
		edge[own] = limit;
		if (edge[0] > edge[1])
			edge[1 - own] = limit;
	}
	*from = json_pack("{s:[f, f], s:s, s:o}", "bytes", edge[0], edge[1],
			  "eager_limit_key", key, "eager_limit",
			  limit > 0 ? json_integer((json_int_t)limit)
				    : json_null());
	json_object_set_new(
	    *from, "rule",
	    json_string(limit > 0 ? "regime 0: m < edge 0; 1: edge 0 <= m < "
				    "edge 1; 2: m >= edge 1 (a message of "
				    "exactly the eager limit is a rendezvous: "
				    "ob1's header does not fit); the "
				    "transport's edge is its eager limit in "
				    "force in the calibration's launches, the "
				    "other Open MPI's default"
				  : "regime 0: m < edge 0; 1: edge 0 <= m < "
				    "edge 1; 2: m >= edge 1, at Open MPI's "
				    "default eager limits (the calibration's "
				    "launches recorded none for this "
				    "transport)"));
	free(key);
}

static json_t *regime_json(const pr_hockney *h)
{
	json_t *o = json_pack("{s:i}", "sizes", h->npoints);

	if (h->npoints > 0) {
		json_object_set_new(o, "min_bytes", json_real(h->lo));
		json_object_set_new(o, "max_bytes", json_real(h->hi));
	}
	if (h->missing) {
		json_object_set_new(o, "fitted", json_false());
		return o;
	}
	json_object_set_new(o, "alpha_s", json_real(h->alpha));
	json_object_set_new(o, "beta_s_per_byte", json_real(h->beta));
	if (h->clamped || h->flat) {
		json_t *c = json_array();

		if (h->clamped)
			json_array_append_new(c, json_string("alpha_s"));
		if (h->flat)
			json_array_append_new(c,
					      json_string("beta_s_per_byte"));
		json_object_set_new(o, "clamped", c);
	}
	return o;
}

/* The regimes of a curve as JSON, warning of clamped intercepts and
 * slopes. */
static json_t *curve_json(const pr_hockney_curve *cv, const pr_calib *c,
			  const char *what, const char *transport,
			  const char *placement)
{
	json_t *o = json_object();
	int k;

	for (k = 0; k < PR_HOCKNEY_NREGIMES; k++) {
		const pr_hockney *h = &cv->regime[k];

		json_object_set_new(o, regime_names[k], regime_json(h));
		if (h->missing || !(h->clamped || h->flat))
			continue;
		pr_warn("calibration run '%s': the %s fit (%s) of transport "
			"'%s', placement '%s' has a %s (recorded as "
			"\"clamped\")",
			c->run_id, what, regime_names[k], transport, placement,
			h->clamped ? "negative intercept, clamped to 0"
				   : "negative slope, clamped to 0: its time "
				     "is the mean over its sizes");
	}
	return o;
}

/* Fit one series of the calibration into a curve; PR_EINPUT when no
 * regime has two sizes. */
static int fit_series(pr_hockney_curve *out, size_t *nsizes, const pr_calib *c,
		      const series_filter *f, const double edge[2])
{
	series s = {0};
	int error;

	pr_calib_series_medians(&s, c, f);
	*nsizes = s.n;
	error = pr_hockney_fit_curve_at(out, edge, s.x, s.t, s.n);
	pr_calib_series_free(&s);
	return error;
}

int pr_calib_hockney(pr_hockney_params *out, json_t **params, const pr_calib *c,
		     const char *transport, const char *placement)
{
	series_filter f = {
	    .phase = "pingpong", .rank = 0, .per_op = 1, .scale = 0.5};
	json_t *o = NULL, *edges = NULL;
	char *fallback = NULL;
	int *cfg_ok = NULL, error, i;
	double edge[2];
	size_t nx;

	memset(out, 0, sizeof(*out));
	if (params)
		*params = NULL;
	if ((error = pr_calib_configs_for(&cfg_ok, &fallback, c, transport,
					  placement)) < 0)
		return error;
	f.cfg_ok = cfg_ok;
	edges_of(edge, &edges, c, cfg_ok, transport);
	if ((error = fit_series(&out->p2p, &nx, c, &f, edge)) < 0) {
		error = pr_error_code(PR_EINPUT,
				      "calibration run '%s' needs pingpong "
				      "samples at two or more message sizes "
				      "of one regime for transport '%s'",
				      c->run_id, transport);
		goto cleanup;
	}
	f.phase = "reduce_local";
	f.rank = -1;
	f.scale = 1.0;
	if ((error = fit_series(&out->reduce, &nx, c, &f, edge)) < 0) {
		error = pr_error_code(PR_EINPUT,
				      "calibration run '%s' needs reduce_local "
				      "samples at two or more message sizes "
				      "of one regime for transport '%s'",
				      c->run_id, transport);
		goto cleanup;
	}
	f.phase = "copy";
	out->has_copy = fit_series(&out->copy, &nx, c, &f, edge) == PR_OK;
	f.phase = "sendrecv";
	error = fit_series(&out->exchange, &nx, c, &f, edge);
	o = json_pack(
	    "{s:o, s:o}", "pingpong",
	    curve_json(&out->p2p, c, "pingpong", transport, placement),
	    "reduce_local",
	    curve_json(&out->reduce, c, "reduce_local", transport, placement));
	if (error < 0) {
		const char *why = nx ? "its sendrecv samples have no regime "
				       "with two sizes"
				     : "it has no sendrecv samples (a cold "
				       "calibration)";

		out->exchange = out->p2p;
		json_object_set_new(o, "sendrecv",
				    json_pack("{s:s, s:s}", "fallback",
					      "pingpong", "why", why));
		pr_warn("calibration run '%s': %s; the ring step X is priced "
			"as the one-way ping-pong P (transport '%s')",
			c->run_id, why, transport);
		error = PR_OK;
	} else {
		json_object_set_new(o, "sendrecv",
				    curve_json(&out->exchange, c, "sendrecv",
					       transport, placement));
	}
	if (fallback) {
		json_object_set_new(o, "calibrated_placement",
				    json_string(fallback));
		pr_warn("calibration run '%s' has no config of transport '%s' "
			"under placement '%s': priced with its '%s' configs "
			"(recorded as \"calibrated_placement\")",
			c->run_id, transport, placement, fallback);
	}
	if (out->has_copy)
		json_object_set_new(
		    o, "copy",
		    curve_json(&out->copy, c, "copy", transport, placement));
	json_object_set_new(o, "regime_edges", edges);
	edges = NULL;
	json_object_set_new(o, "calibration_configs", json_array());
	for (i = 0; (size_t)i < json_array_size(c->manifest.configs); i++) {
		if (cfg_ok[i])
			json_array_append_new(
			    json_object_get(o, "calibration_configs"),
			    json_integer(i));
	}
	if (params) {
		*params = o;
		o = NULL;
	}
cleanup:
	json_decref(o);
	json_decref(edges);
	free(cfg_ok);
	free(fallback);
	return error;
}

/* One (launch, config, rep) of an Allreduce: its ranks' latest start
 * and latest end. */
typedef struct {
	int launch, config, rep;
	int64_t start, end;
} call;

/* The index of (launch, config, rep) in calls[0..n-1], or n. */
static size_t call_of(const call *calls, size_t n, const pr_timing *r)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (calls[i].launch == r->launch &&
		    calls[i].config == r->config && calls[i].rep == r->rep)
			break;
	return i;
}

int pr_calib_allreduce_after(double *out, double *bytes, const pr_calib *c,
			     const char *transport, const char *placement)
{
	char *fallback = NULL;
	int *cfg_ok = NULL, *lid = NULL, error;
	double *v = NULL, *med = NULL, *w = NULL;
	int64_t smallest = -1;
	call *calls = NULL;
	size_t n = 0, i, nl = 0, nw = 0;
	pr_error_scope quiet;

	*out = NAN;
	pr_error_record(&quiet);
	error =
	    pr_calib_configs_for(&cfg_ok, &fallback, c, transport, placement);
	pr_error_restore(&quiet);
	if (error < 0)
		return PR_EINPUT;
	for (i = 0; i < c->t.nrows; i++) {
		const pr_timing *r = &c->t.row[i];

		if (!r->warmup && cfg_ok[r->config] &&
		    !strcmp(r->phase, "allreduce") &&
		    !pr_calib_excluded(c, r) &&
		    (smallest < 0 || r->bytes < smallest))
			smallest = r->bytes;
	}
	calls = pr_calloc(c->t.nrows + 1, sizeof(call));
	for (i = 0; smallest >= 0 && i < c->t.nrows; i++) {
		const pr_timing *r = &c->t.row[i];
		size_t k;

		if (r->warmup || !cfg_ok[r->config] || r->bytes != smallest ||
		    strcmp(r->phase, "allreduce") || pr_calib_excluded(c, r))
			continue;
		if ((k = call_of(calls, n, r)) == n)
			calls[n++] = (call){r->launch, r->config, r->rep,
					    r->t_start_ns, r->t_end_ns};
		if (r->t_start_ns > calls[k].start)
			calls[k].start = r->t_start_ns;
		if (r->t_end_ns > calls[k].end)
			calls[k].end = r->t_end_ns;
	}
	v = pr_calloc(n + 1, sizeof(double));
	lid = pr_calloc(n + 1, sizeof(int));
	med = pr_calloc(n + 1, sizeof(double));
	for (i = 0; i < n; i++) {
		v[i] = (double)(calls[i].end - calls[i].start) * 1e-9;
		lid[i] = calls[i].launch;
	}
	if (n) {
		int *ids = pr_calloc(n + 1, sizeof(int));
		int m;

		pr_stats_decision(ids, med, &nl, lid, v, n);
		for (i = 0; i < nl; i++)
			for (m = pr_calib_launch_weight(c, ids[i]); m > 0; m--)
				nw++;
		w = pr_calloc(nw + 1, sizeof(double));
		for (nw = 0, i = 0; i < nl; i++)
			for (m = pr_calib_launch_weight(c, ids[i]); m > 0; m--)
				w[nw++] = med[i];
		free(ids);
	}
	error = nw ? PR_OK : PR_EINPUT;
	if (nw) {
		*out = pr_stats_median(w, nw);
		*bytes = (double)smallest;
	}
	free(calls);
	free(v);
	free(lid);
	free(med);
	free(w);
	free(cfg_ok);
	free(fallback);
	return error;
}
