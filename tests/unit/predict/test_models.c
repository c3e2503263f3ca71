/* test_predict.c - the table of models (src/predict/models.c): each
 * model's cells from a hand-made calibration, against hand-worked numbers */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/host.h"
#include "base/util.h"
#include "format/spec.h"
#include "model/registry.h"
#include "predict/models.h"
#include "predict/predict.h"

#define HEADER                                                                 \
	"launch,config,rep,warmup,rank,host,device,phase,bytes,rows,"          \
	"t_start_ns,t_end_ns\n"

/*
 * Synthetic ping-pong calibration, exact in integer nanoseconds. One-way
 * P(m): 2 us + 1 ns/B (<= 4 KiB), 5 us + 0.75 ns/B (4-64 KiB), 10 us +
 * 0.5 ns/B (> 64 KiB); ring step X(m) = P(m) + 1 us (+ 2 us above 64
 * KiB); reduction R(m) = 0.1 us + 0.25 ns/B. Warm archives time blocks of
 * `inner` operations (rows = inner): pingpong blocks of ranks 0 and 1
 * (rank 1's are nonsense the fit must not read), sendrecv and
 * reduce_local blocks of both ranks. Cold archives (inner 0) have rows = 0,
 * one round trip per pingpong sample and no sendrecv. Launch l is slower
 * by 1 + spread * l; scale multiplies everything; a warmup of 1 s is never
 * used.
 */
/* What prereg says while the tests run, kept here instead of on stderr:
 * the warnings and errors of the specs and calibrations the tests make
 * on purpose. */
static char said[65536];
static size_t nsaid;

static void keep(void *data, int warning, const char *msg)
{
	int n;

	(void)data;
	n = snprintf(said + nsaid, sizeof(said) - nsaid, "%s%s\n",
		     warning ? "warning: " : "", msg);
	if (n > 0 && (size_t)n < sizeof(said) - nsaid)
		nsaid += (size_t)n;
}

static int setup(void **state)
{
	(void)state;
	pr_set_error_routine((pr_error_routine){keep, NULL});
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	pr_set_error_routine((pr_error_routine){NULL, NULL});
	return 0;
}

/* Two sizes or more in each regime (the edges are the default eager
 * limits: a message of exactly 4096 or 65536 bytes is above them). */
static const double sizes[] = {1024, 2048, 4096, 16384, 65536, 262144, 1048576};

static double p_of(double m, double alpha2)
{
	if (m < 4096)
		return 2e-6 + 1e-9 * m;
	return m < 65536 ? 5e-6 + 0.75e-9 * m : alpha2 + 0.5e-9 * m;
}

static double x_of(double m)
{
	return p_of(m, 10e-6) + (m < 65536 ? 1e-6 : 2e-6);
}

static double r_of(double m)
{
	return 1e-7 + 0.25e-9 * m;
}

typedef struct {
	int config, launches, inner;
	double spread, scale;
	double alpha2; /* P's intercept above 64 KiB (10 us) */
} synth;

static void row(char **csv, const synth *g, int l, int rep, int warmup,
		int rank, const char *phase, double m, double seconds)
{
	double ns = seconds * 1e9 * g->scale * (1 + g->spread * l);
	char *was = *csv;

	*csv = pr_asprintf("%s%d,%d,%d,%d,%d,h,cpu,%s,%.0f,%d,0,%.0f\n", was, l,
			   g->config, rep, warmup, rank, phase, m, g->inner,
			   warmup ? 1e9 : floor(ns + 0.5));
	free(was);
}

static void synth_rows(char **csv, const synth *g)
{
	double k = g->inner > 1 ? g->inner : 1;
	int l, rep, rank;
	size_t i;

	for (l = 0; l < g->launches; l++) {
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			double m = sizes[i], pp = 2 * k * p_of(m, g->alpha2);

			for (rep = 0; rep < 3; rep++) {
				row(csv, g, l, rep, rep == 0, 0, "pingpong", m,
				    pp);
				row(csv, g, l, rep, 0, 1, "pingpong", m, 7.0);
				for (rank = 0; rank < 2; rank++) {
					if (g->inner)
						row(csv, g, l, rep, 0, rank,
						    "sendrecv", m, k * x_of(m));
					row(csv, g, l, rep, 0, rank,
					    "reduce_local", m, k * r_of(m));
				}
			}
		}
	}
}

/* C(m) of the synthetic copies: 0.05 us + 0.02 ns/B in every regime. */
static double c_of(double m)
{
	return 0.05e-6 + 0.02e-9 * m;
}

/* One-shot copy samples (rows 1) of every size on ranks 0 and 1. */
static void copy_rows(char **csv, const synth *g)
{
	int l, rep, rank;
	size_t i;

	for (l = 0; l < g->launches; l++)
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
			for (rep = 0; rep < 3; rep++)
				for (rank = 0; rank < 2; rank++) {
					char *was = *csv;

					*csv = pr_asprintf(
					    "%s%d,%d,%d,%d,%d,h,cpu,copy,%.0f,"
					    "1,0,%.0f\n",
					    was, l, g->config, rep, rep == 0,
					    rank, sizes[i],
					    floor(c_of(sizes[i]) * 1e9 + 0.5));
					free(was);
				}
}

/* The registry's facts of model m. */
static const pr_model_info *info_of(const pr_model *m)
{
	return pr_model_registry_lookup(m->name);
}

/* A warm calibration of one config (10 operations a block). */
static char *warm_csv(int launches, double spread)
{
	synth g = {0, launches, 10, spread, 1.0, 10e-6};
	char *csv = pr_strdup(HEADER);

	synth_rows(&csv, &g);
	return csv;
}

/* Rows-sweep calibration on cpu, keys = d = 64: T(r) = 1 ms + 1 us * r. */
static const char rows_csv[] =
    HEADER "0,0,1,0,0,h,cpu,compute,0,100,0,1100000\n"
	   "1,0,1,0,0,h,cpu,compute,0,300,0,1300000\n"
	   "1,0,2,0,0,h,cpu,compute,0,300,0,1300000\n";

static void calib(pr_calib *c, const char *csv, const char *manifest)
{
	json_t *j = json_loads(manifest, 0, NULL);

	memset(c, 0, sizeof(*c));
	c->experiment = pr_strdup("cal");
	c->run_id = pr_strdup("20260101T000000Z-aaaaaa");
	assert_non_null(j);
	pr_manifest_parse(&c->manifest, j);
	json_decref(j);
	assert_int_equal(pr_timings_parse(&c->t, pr_strdup(csv), "t.csv"), 0);
}

/* calib() of a generated CSV, which it frees. */
static void calib_take(pr_calib *c, char *csv, const char *manifest)
{
	calib(c, csv, manifest);
	free(csv);
}

static pr_spec *spec(const char *workload, const char *shape, const char *rest)
{
	pr_spec *s = NULL;
	char *text = pr_asprintf("[experiment]\nkind = validation\nclaim = "
				 "c\nworkload = %s\n[shape]\n%s%s",
				 workload, shape, rest);

	assert_int_equal(pr_spec_parse(&s, text, "t.ini", "t"), 0);
	free(text);
	return s;
}

static void close_to(double x, double y)
{
	assert_true(fabs(x - y) <= 1e-9 * fabs(y));
}

/* The n-th cell of pred with phase and, when >= 0, rank. */
static json_t *cell(json_t *pred, const char *phase, int rank, int n)
{
	json_t *c;
	size_t i;

	json_array_foreach(json_object_get(pred, "cells"), i, c)
	{
		json_t *r = json_object_get(c, "rank");

		if (strcmp(json_string_value(json_object_get(c, "phase")),
			   phase) ||
		    (rank >= 0 && (!r || json_integer_value(r) != rank)))
			continue;
		if (n-- == 0)
			return c;
	}
	fail_msg("no cell %s rank %d", phase, rank);
	return NULL;
}

static double predicted(json_t *c)
{
	return json_number_value(json_object_get(c, "predicted_s"));
}

static json_t *new_prediction(void)
{
	return json_pack("{s:{}, s:[]}", "model", "cells");
}

static json_t *path(json_t *j, const char *keys)
{
	char *copy = pr_strdup(keys), *k, *save = NULL;

	for (k = strtok_r(copy, ".", &save); k && j;
	     k = strtok_r(NULL, ".", &save))
		j = json_object_get(j, k);
	free(copy);
	return j;
}

static double num(json_t *j, const char *keys)
{
	json_t *v = path(j, keys);

	assert_non_null(v);
	return json_number_value(v);
}

static const char ring_spec[] =
    "[ranks]\ngroup = cpu*4\n[factors]\ntransport = vader\n[mpi]\nalgorithm "
    "= ring\n[model]\nname = hockney-ring\ncalibration = cal\ntolerance = "
    "0.1\n";

static const char vader_spread[] =
    "{\"configs\": [{\"transport\": \"vader\", \"placement\": \"spread\"}]}";

/*
 * p = 4, rows = 1024, d = 64: allreduce n = 1024*64*4 + 1024*4 = 266240
 * bytes, segments of 66560 (>= 64 KiB, between the 64 KiB and 256 KiB
 * the calibration measured there): X = 10 + 33.28 + 2 = 45.28 us, R = 0.1 +
 * 16.64 = 16.74 us; 3 (62.02) + 3 (45.28) = 321.9 us. allreduce_small n =
 * 4096, segments of 1024 (measured): X = 4.024 us, R = 0.356 us; 3 (4.38)
 * + 3 (4.024) = 25.212 us. lo/hi = predicted * (1 -/+ 0.1).
 */
static void test_hockney_ring(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-ring");
	pr_spec *s =
	    spec("kv-split", "rows = 1024\nkeys = 64\nd = 64\n", ring_spec);
	json_t *pred = new_prediction(), *c, *params;
	char *csv = warm_csv(1, 0);
	pr_calib cal;

	(void)state;
	assert_non_null(m);
	assert_true(info_of(m)->needs_calibration &&
		    !info_of(m)->needs_comm_calibration);
	calib_take(&cal, csv, vader_spread);
	assert_int_equal(m->check(s), 0);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	assert_int_equal(json_array_size(json_object_get(pred, "cells")), 2);
	c = cell(pred, "allreduce", -1, 0);
	close_to(predicted(c), 321.9e-6);
	close_to(num(c, "lo_s"), 0.9 * 321.9e-6);
	close_to(num(c, "hi_s"), 1.1 * 321.9e-6);
	assert_string_equal(json_string_value(path(c, "reduce")),
			    "after_last_arrival");
	assert_string_equal(json_string_value(path(c, "formula")), "ring");
	assert_int_equal(json_integer_value(path(c, "bytes")), 266240);
	assert_null(path(c, "extrapolated"));
	c = cell(pred, "allreduce_small", -1, 0);
	close_to(predicted(c), 25.212e-6);
	assert_null(path(c, "extrapolated"));

	/* per regime: the fit and the sizes it saw */
	params = path(pred, "model.params.vader.spread");
	close_to(num(params, "pingpong.regime_0.alpha_s"), 2e-6);
	close_to(num(params, "pingpong.regime_0.beta_s_per_byte"), 1e-9);
	assert_true(num(params, "pingpong.regime_0.min_bytes") == 1024);
	assert_true(num(params, "pingpong.regime_0.max_bytes") == 2048);
	assert_true(num(params, "pingpong.regime_1.min_bytes") == 4096);
	/* the edges: Open MPI's default eager limits (the manifest records
	 * none) */
	assert_true(json_number_value(json_array_get(
			path(params, "regime_edges.bytes"), 0)) == 4096);
	assert_true(json_is_null(path(params, "regime_edges.eager_limit")));
	assert_true(num(params, "pingpong.regime_0.sizes") == 2);
	close_to(num(params, "pingpong.regime_1.alpha_s"), 5e-6);
	close_to(num(params, "sendrecv.regime_2.alpha_s"), 12e-6);
	close_to(num(params, "reduce_local.regime_2.beta_s_per_byte"), 0.25e-9);
	assert_null(path(params, "pingpong.regime_0.clamped"));
	assert_null(path(params, "calibrated_placement"));

	/* the eager limit in force in the launches of the transport's
	 * configs moves its edge (the smallest of them; another config's
	 * launches do not count) */
	json_decref(pred);
	pr_calib_free(&cal);
	pred = new_prediction();
	calib_take(&cal, warm_csv(1, 0),
		   "{\"configs\": [{\"transport\": \"vader\", "
		   "\"placement\": \"spread\"}, {\"transport\": \"tcp\", "
		   "\"placement\": \"spread\"}], \"launches\": [{\"config\": "
		   "0, \"ranks\": {\"mca\": {\"btl_vader_eager_limit\": "
		   "32768}}}, {\"config\": 0, \"ranks\": {\"mca\": "
		   "{\"btl_vader_eager_limit\": 16384}}}, {\"config\": 1, "
		   "\"ranks\": {\"mca\": {\"btl_vader_eager_limit\": "
		   "8192}}}]}");
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	params = path(pred, "model.params.vader.spread");
	assert_true(json_number_value(json_array_get(
			path(params, "regime_edges.bytes"), 0)) == 16384);
	assert_true(json_number_value(json_array_get(
			path(params, "regime_edges.bytes"), 1)) == 65536);
	assert_true(num(params, "regime_edges.eager_limit") == 16384);
	assert_true(num(params, "pingpong.regime_0.max_bytes") == 4096);
	assert_true(num(params, "pingpong.regime_1.min_bytes") == 16384);

	/* the check runs before any calibration is read */
	free(s->algorithms[0]);
	s->algorithms[0] = pr_strdup("default");
	assert_int_equal(m->check(s), PR_EINPUT);
	json_decref(pred);
	pr_calib_free(&cal);
	pr_spec_free(s);
}

/*
 * A cold archive (rows = 0, one round trip a sample, no sendrecv) is still
 * read: X falls back to P, and the params say so. allreduce_small: 3 (P +
 * R) + 3 P at 1024 B = 3 (3.38) + 3 (3.024) = 19.212 us.
 */
static void test_cold_archive(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-ring");
	pr_spec *s =
	    spec("kv-split", "rows = 1024\nkeys = 64\nd = 64\n", ring_spec);
	synth g = {0, 1, 0, 0, 1.0, 10e-6};
	json_t *pred = new_prediction();
	char *csv = pr_strdup(HEADER);
	pr_calib cal;

	(void)state;
	synth_rows(&csv, &g);
	calib_take(&cal, csv, vader_spread);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	close_to(predicted(cell(pred, "allreduce_small", -1, 0)), 19.212e-6);
	assert_string_equal(
	    json_string_value(
		path(pred, "model.params.vader.spread.sendrecv.fallback")),
	    "pingpong");
	close_to(num(pred, "model.params.vader.spread.pingpong.regime_0."
			   "alpha_s"),
		 2e-6);
	json_decref(pred);
	pr_calib_free(&cal);
	pr_spec_free(s);
}

/* A negative intercept is clamped and recorded, in its regime only. */
static void test_clamped_intercept(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-ring");
	pr_spec *s =
	    spec("kv-split", "rows = 1024\nkeys = 64\nd = 64\n", ring_spec);
	synth g = {0, 1, 10, 0, 1.0, -5e-6};
	json_t *pred = new_prediction(), *params;
	char *csv = pr_strdup(HEADER);
	pr_calib cal;

	(void)state;
	synth_rows(&csv, &g);
	calib_take(&cal, csv, vader_spread);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	params = path(pred, "model.params.vader.spread.pingpong");
	assert_string_equal(json_string_value(json_array_get(
				path(params, "regime_2.clamped"), 0)),
			    "alpha_s");
	assert_true(num(params, "regime_2.alpha_s") == 0.0);
	assert_null(path(params, "regime_0.clamped"));
	json_decref(pred);
	pr_calib_free(&cal);
	pr_spec_free(s);
}

/* A vader calibration of both placements, packed measured twice as slow
 * as spread. */
static void packed_spread_calib(pr_calib *cal)
{
	synth spread = {0, 1, 10, 0, 1.0, 10e-6};
	synth packed = {1, 1, 10, 0, 2.0, 10e-6};
	char *csv = pr_strdup(HEADER);

	synth_rows(&csv, &spread);
	synth_rows(&csv, &packed);
	calib_take(cal, csv,
		   "{\"configs\": [{\"transport\": \"vader\", \"placement\": "
		   "\"spread\"}, {\"transport\": \"vader\", \"placement\": "
		   "\"packed\"}]}");
}

/*
 * Configs are priced by the calibration of their own placement: packed
 * measured twice as slow gives twice the time (50.424 us for
 * allreduce_small) and the cell says 4 ranks share a core; without a
 * packed calibration, spread prices it and the params say so.
 */
static void test_placement(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-ring");
	pr_spec *s = spec(
	    "kv-split", "rows = 1024\nkeys = 64\nd = 64\n",
	    "[ranks]\ngroup = cpu*4\n[factors]\ntransport = vader\nplacement "
	    "= spread, packed\n[mpi]\nalgorithm = ring\n[model]\nname = "
	    "hockney-ring\ncalibration = cal\n");
	json_t *pred = new_prediction(), *c;
	pr_calib cal;

	(void)state;
	packed_spread_calib(&cal);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	close_to(predicted(cell(pred, "allreduce_small", -1, 0)), 25.212e-6);
	c = cell(pred, "allreduce_small", -1, 1);
	assert_int_equal(json_integer_value(path(c, "config")), 1);
	close_to(predicted(c), 50.424e-6);
	assert_true(num(c, "sharing") == 4);
	assert_string_equal(json_string_value(path(c, "priced_by")),
			    "calibration under placement packed");
	assert_null(
	    path(pred, "model.params.vader.packed.calibrated_placement"));
	pr_calib_free(&cal);
	json_decref(pred);

	/* no packed config in the calibration: spread prices it */
	pred = new_prediction();
	calib_take(&cal, warm_csv(1, 0), vader_spread);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	c = cell(pred, "allreduce_small", -1, 1);
	close_to(predicted(c), 25.212e-6);
	assert_string_equal(json_string_value(path(c, "priced_by")),
			    "calibration under placement spread");
	assert_string_equal(
	    json_string_value(
		path(pred, "model.params.vader.packed.calibrated_placement")),
	    "spread");
	json_decref(pred);
	pr_calib_free(&cal);
	pr_spec_free(s);
}

/*
 * hockney-ring's relative predictions: each packed cell over the spread
 * cell of its transport, algorithm and sync (the calibration measured
 * packed twice as slow: 2.0), with the tolerance's band; none where no
 * config is packed.
 */
static void test_ratios_placement(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-ring");
	const char *shape = "rows = 1024\nkeys = 64\nd = 64\n";
	pr_spec *s = spec("kv-split", shape,
			  "[ranks]\ngroup = cpu*4\n[factors]\ntransport = "
			  "vader\nplacement = spread, packed\n[mpi]\n"
			  "algorithm = ring\n[model]\nname = hockney-ring\n"
			  "calibration = cal\ntolerance = 0.1\n");
	pr_spec *one = spec("kv-split", shape,
			    "[ranks]\ngroup = cpu*4\n[factors]\ntransport = "
			    "vader\nplacement = spread\n[mpi]\nalgorithm = "
			    "ring\n[model]\nname = hockney-ring\ncalibration "
			    "= cal\ntolerance = 0.1\n");
	json_t *pred = new_prediction(), *r;
	pr_calib cal;
	double p;

	(void)state;
	packed_spread_calib(&cal);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	assert_int_equal(pr_predict_bands(pred, s, &cal, NULL), 0);
	assert_int_equal(json_array_size(json_object_get(pred, "ratios")), 2);
	r = json_array_get(json_object_get(pred, "ratios"), 0);
	assert_string_equal(json_string_value(path(r, "name")),
			    "packed/spread");
	assert_int_equal(json_integer_value(path(r, "numerator.config")), 1);
	assert_int_equal(json_integer_value(path(r, "denominator.config")), 0);
	assert_true(json_equal(path(r, "numerator.phase"),
			       path(r, "denominator.phase")));
	p = num(r, "predicted");
	close_to(p, 2.0);
	close_to(num(r, "lo"), p * 0.9 / 1.1);
	close_to(num(r, "hi"), p * 1.1 / 0.9);
	json_decref(pred);

	pred = new_prediction();
	assert_int_equal(m->predict(pred, one, &cal, NULL), 0);
	assert_int_equal(pr_predict_bands(pred, one, &cal, NULL), 0);
	assert_null(json_object_get(pred, "ratios"));
	json_decref(pred);
	pr_calib_free(&cal);
	pr_spec_free(s);
	pr_spec_free(one);
}

/*
 * hockney-allreduce, p = 4, sizes 1 KiB and 1 MiB; configs ring,
 * reduce_bcast, default. ring 1 KiB: segments of 256 B (below the
 * measured 1 KiB: extrapolated): X = 3.256, R = 0.164; 3 (3.42) + 3
 * (3.256) = 20.028 us. reduce+bcast 1 KiB: 3 (3.024 + 0.356) + 3 (3.024) =
 * 19.212 us. ring 1 MiB: segments of 256 KiB: X = 143.072, R = 65.636;
 * 3 (208.708) + 3 (143.072) = 1055.34 us. reduce+bcast 1 MiB: P =
 * 534.288, R = 262.244; 3 (796.532) + 3 (534.288) = 3992.46 us. With
 * +-10% bands, the formulas are told apart at 1 MiB, not at 1 KiB: the
 * controls at 1 KiB are skipped.
 */
static void test_hockney_allreduce(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-allreduce");
	pr_spec *s =
	    spec("allreduce", "sizes = 1024, 1048576\n",
		 "[ranks]\ngroup = cpu*4\n[factors]\ntransport = vader\n[mpi]\n"
		 "algorithm = ring, reduce_bcast, default\n[model]\nname = "
		 "hockney-allreduce\ncalibration = cal\ntolerance = 0.1\n");
	pr_spec *kv = spec("kv-split", "rows = 1024\nkeys = 64\nd = 64\n",
			   "[ranks]\ngroup = cpu*4\n[model]\nname = "
			   "hockney-allreduce\ncalibration = cal\n");
	pr_spec *three = spec("allreduce", "sizes = 1024\n",
			      "[ranks]\ngroup = cpu*3\n[mpi]\nalgorithm = "
			      "recursive_doubling\n[model]\nname = "
			      "hockney-allreduce\ncalibration = cal\n");
	json_t *pred = new_prediction(), *c, *skipped;
	pr_calib cal;

	(void)state;
	assert_non_null(m);
	assert_true(info_of(m)->needs_calibration &&
		    !info_of(m)->needs_comm_calibration);
	assert_non_null(info_of(m)->formula);
	assert_int_equal(m->check(s), 0);
	assert_int_equal(m->check(kv), PR_EINPUT);
	assert_int_equal(m->check(three), PR_EINPUT);
	calib_take(&cal, warm_csv(1, 0), vader_spread);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	/* two configs with a formula, two sizes, each with its control */
	assert_int_equal(json_array_size(json_object_get(pred, "cells")), 8);
	c = cell(pred, "allreduce", -1, 0);
	assert_int_equal(json_integer_value(path(c, "config")), 0);
	assert_string_equal(json_string_value(path(c, "formula")), "ring");
	assert_int_equal(json_integer_value(path(c, "bytes")), 1024);
	assert_true(json_is_true(path(c, "extrapolated")));
	close_to(predicted(c), 20.028e-6);
	c = cell(pred, "allreduce", -1, 1);
	assert_string_equal(json_string_value(path(c, "formula")),
			    "reduce+bcast");
	assert_string_equal(json_string_value(path(c, "control")), "negative");
	close_to(predicted(c), 19.212e-6);
	close_to(predicted(cell(pred, "allreduce", -1, 2)), 1055.34e-6);
	close_to(predicted(cell(pred, "allreduce", -1, 3)), 3992.46e-6);
	c = cell(pred, "allreduce", -1, 4);
	assert_int_equal(json_integer_value(path(c, "config")), 1);
	assert_string_equal(json_string_value(path(c, "formula")),
			    "reduce+bcast");
	assert_null(path(c, "control"));
	close_to(predicted(c), 19.212e-6);

	/* the bands decide which controls can be told apart */
	assert_int_equal(pr_predict_bands(pred, s, &cal, NULL), 0);
	assert_int_equal(json_array_size(json_object_get(pred, "cells")), 6);
	skipped = path(pred, "model.controls_skipped");
	assert_int_equal(json_array_size(skipped), 2);
	assert_int_equal(
	    json_integer_value(path(json_array_get(skipped, 0), "bytes")),
	    1024);
	c = cell(pred, "allreduce", -1, 2);
	assert_string_equal(json_string_value(path(c, "control")), "negative");
	assert_int_equal(json_integer_value(path(c, "bytes")), 1048576);
	assert_string_equal(json_string_value(path(c, "band.kind")),
			    "tolerance");
	close_to(num(c, "band.tolerance"), 0.1);
	json_decref(pred);
	pr_calib_free(&cal);
	pr_spec_free(s);
	pr_spec_free(kv);
	pr_spec_free(three);
}

/*
 * The null pinned with each cell: the calibration's raw primitive (X for
 * ring, P for reduce+bcast) interpolated at each message, times the
 * steps; and held-out sizes: the fit and the null leave out every
 * calibration size within (h / 2.5, 1.25 h) of a held-out h (p = 2), so
 * the 64 KiB cells are priced without the 64 KiB calibration point and
 * the 1 MiB ones exactly as before.
 */
static void test_null_and_holdout(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-allreduce");
	pr_spec *s = spec("allreduce", "sizes = 32768, 1048576\n",
			  "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			  "vader\n[mpi]\nalgorithm = ring, reduce_bcast\n"
			  "[model]\nname = hockney-allreduce\ncalibration = "
			  "cal\nholdout = 32768\n");
	json_t *all = new_prediction(), *held = new_prediction(), *c, *left, *j;
	double x4 = x_of(4096), x64 = x_of(65536);
	pr_calib cal;

	(void)state;
	assert_int_equal(s->nholdout, 1);
	calib_take(&cal, warm_csv(1, 0), vader_spread);
	assert_int_equal(m->predict(all, s, &cal, NULL), 0);
	cal.held = s->holdout;
	cal.nheld = s->nholdout;
	cal.held_ranks = s->nranks;
	/* the edges: (32768 / 2.5, 1.25 * 32768), both open */
	assert_false(pr_calib_held(&cal, 13107.2));
	assert_true(pr_calib_held(&cal, 13107.3));
	assert_true(pr_calib_held(&cal, 40959.9));
	assert_false(pr_calib_held(&cal, 40960));
	j = pr_calib_held_json(&cal);
	left = path(j, "calibration_bytes_left_out");
	assert_int_equal(json_array_size(left), 1);
	assert_int_equal(json_integer_value(json_array_get(left, 0)), 16384);
	json_decref(j);
	assert_int_equal(m->predict(held, s, &cal, NULL), 0);

	/* ring at 32 KiB: held out, its null interpolated between 4 and 64
	 * KiB, its prediction no longer from a fit that saw 16 KiB (regime
	 * 1 keeps one size: its neighbour prices it) */
	c = cell(held, "allreduce", -1, 0);
	assert_string_equal(json_string_value(path(c, "formula")), "ring");
	assert_int_equal(json_integer_value(path(c, "bytes")), 32768);
	assert_true(json_is_true(path(c, "held_out")));
	close_to(num(c, "null_s"),
		 2 * (x4 + (x64 - x4) * (16384.0 - 4096) / (65536 - 4096)));
	close_to(num(cell(all, "allreduce", -1, 0), "null_s"), 2 * x_of(16384));
	assert_true(
	    fabs(predicted(c) / predicted(cell(all, "allreduce", -1, 0)) - 1) >
	    1e-3);
	/* ring at 1 MiB: fitted, its null 2 X(512 KiB), its prediction as
	 * without the holdout */
	c = cell(held, "allreduce", -1, 2);
	assert_int_equal(json_integer_value(path(c, "bytes")), 1048576);
	assert_null(path(c, "held_out"));
	close_to(num(c, "null_s"), 2 * x_of(524288));
	close_to(predicted(c), predicted(cell(all, "allreduce", -1, 2)));
	/* reduce+bcast at 1 MiB: 2 (p - 1) P(n), the one-way ping-pong */
	c = cell(held, "allreduce", -1, 6);
	assert_string_equal(json_string_value(path(c, "formula")),
			    "reduce+bcast");
	assert_null(path(c, "control"));
	close_to(num(c, "null_s"), 2 * p_of(1048576, 10e-6));
	json_decref(all);
	json_decref(held);
	pr_calib_free(&cal);
	pr_spec_free(s);
}

/*
 * A calibration that timed copies prices the local copies each algorithm
 * makes of the whole message (ring 1, reduce+bcast 0; kv-split's big
 * Allreduce is in place: 0), recorded per cell; one without copies
 * prices none and says nothing of them.
 */
static void test_copies(void **state)
{
	const pr_model *ar = pr_model_lookup("hockney-allreduce");
	const pr_model *ring = pr_model_lookup("hockney-ring");
	pr_spec *s = spec("allreduce", "sizes = 1048576\n",
			  "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			  "vader\n[mpi]\nalgorithm = ring, reduce_bcast\n"
			  "[model]\nname = hockney-allreduce\ncalibration = "
			  "cal\n");
	pr_spec *kv = spec("kv-split", "rows = 1024\nkeys = 64\nd = 64\n",
			   "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			   "vader\n[mpi]\nalgorithm = ring\n[model]\nname = "
			   "hockney-ring\ncalibration = cal\n");
	json_t *plain = new_prediction(), *copied = new_prediction(), *c;
	synth g = {0, 1, 10, 0, 1.0, 10e-6};
	char *csv = warm_csv(1, 0);
	pr_calib cal;

	(void)state;
	calib(&cal, csv, vader_spread);
	assert_int_equal(ar->predict(plain, s, &cal, NULL), 0);
	pr_calib_free(&cal);
	copy_rows(&csv, &g);
	calib_take(&cal, csv, vader_spread);
	assert_int_equal(ar->predict(copied, s, &cal, NULL), 0);
	/* ring: one copy of 1 MiB */
	c = cell(copied, "allreduce", -1, 0);
	assert_string_equal(json_string_value(path(c, "formula")), "ring");
	assert_int_equal(json_integer_value(path(c, "copies.count")), 1);
	assert_false(json_is_true(path(c, "copies.in_place")));
	/* (the archive holds whole nanoseconds: within 1e-4) */
	assert_true(fabs(num(c, "copies.seconds") / c_of(1048576) - 1) < 1e-4);
	close_to(predicted(c), predicted(cell(plain, "allreduce", -1, 0)) +
				   num(c, "copies.seconds"));
	assert_null(path(cell(plain, "allreduce", -1, 0), "copies"));
	assert_non_null(path(copied, "model.params.vader.spread.copy"));
	assert_null(path(plain, "model.params.vader.spread.copy"));
	/* reduce+bcast: none */
	c = cell(copied, "allreduce", -1, 2);
	assert_string_equal(json_string_value(path(c, "formula")),
			    "reduce+bcast");
	assert_int_equal(json_integer_value(path(c, "copies.count")), 0);
	close_to(predicted(c), predicted(cell(plain, "allreduce", -1, 2)));
	json_decref(plain);
	json_decref(copied);
	/* kv-split: the big Allreduce in place, the small one not */
	copied = new_prediction();
	assert_int_equal(ring->predict(copied, kv, &cal, NULL), 0);
	c = cell(copied, "allreduce", -1, 0);
	assert_true(json_is_true(path(c, "copies.in_place")));
	assert_int_equal(json_integer_value(path(c, "copies.count")), 0);
	c = cell(copied, "allreduce_small", -1, 0);
	assert_int_equal(json_integer_value(path(c, "copies.count")), 1);
	json_decref(copied);
	pr_calib_free(&cal);
	pr_spec_free(s);
	pr_spec_free(kv);
}

/* pred's cell of config at bytes that is no negative control. */
static json_t *cell_at(json_t *pred, int config, long bytes)
{
	json_t *c;
	size_t i;

	json_array_foreach(json_object_get(pred, "cells"), i, c)
	{
		if (json_integer_value(json_object_get(c, "config")) ==
			config &&
		    json_integer_value(json_object_get(c, "bytes")) == bytes &&
		    !json_object_get(c, "control"))
			return c;
	}
	fail_msg("no cell of config %d at %ld bytes", config, bytes);
	return NULL;
}

/* The ratio of pred's pinned ratios named name at bytes, or NULL. */
static json_t *ratio_at(json_t *pred, const char *name, long bytes)
{
	json_t *r;
	size_t i;

	json_array_foreach(json_object_get(pred, "ratios"), i, r)
	{
		if (!strcmp(json_string_value(json_object_get(r, "name")),
			    name) &&
		    json_integer_value(path(r, "numerator.bytes")) == bytes)
			return r;
	}
	return NULL;
}

/*
 * Relative predictions: every algorithm's cell over the ring cell of the
 * same transport and size, the ratio of the predictions; band =
 * tolerance t gives it [p (1 - t) / (1 + t), p (1 + t) / (1 - t)], band =
 * calibration the replicates' ratios (here all equal: a calibration of
 * one launch), widened by sqrt 2 times the pilot CV. No ring config, no
 * ratios.
 */
static void test_ratios(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-allreduce");
	pr_spec *s = spec("allreduce", "sizes = 4096, 1048576\n",
			  "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			  "vader\n[mpi]\nalgorithm = ring, reduce_bcast, "
			  "default\n[model]\nname = hockney-allreduce\n"
			  "calibration = cal\ntolerance = 0.1\n");
	pr_spec *c = spec("allreduce", "sizes = 4096, 1048576\n",
			  "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			  "vader\n[mpi]\nalgorithm = ring, reduce_bcast\n"
			  "[model]\nname = hockney-allreduce\ncalibration = "
			  "cal\nband = calibration\npilot_cv = "
			  "allreduce:0.05\n");
	pr_spec *noring = spec("allreduce", "sizes = 4096\n",
			       "[ranks]\ngroup = cpu*2\n[factors]\ntransport "
			       "= vader\n[mpi]\nalgorithm = "
			       "reduce_bcast\n[model]\nname = "
			       "hockney-allreduce\ncalibration = cal\n");
	json_t *pred = new_prediction(), *r;
	double p, w = sqrt(2.0) * 0.05;
	pr_calib cal;

	(void)state;
	calib_take(&cal, warm_csv(1, 0), vader_spread);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	assert_int_equal(pr_predict_bands(pred, s, &cal, NULL), 0);
	assert_int_equal(json_array_size(json_object_get(pred, "ratios")), 2);
	r = ratio_at(pred, "reduce_bcast/ring", 1048576);
	assert_non_null(r);
	assert_int_equal(json_integer_value(path(r, "numerator.config")), 1);
	assert_int_equal(json_integer_value(path(r, "denominator.config")), 0);
	assert_string_equal(json_string_value(path(r, "denominator.reduce")),
			    "after_last_arrival");
	p = predicted(cell_at(pred, 1, 1048576)) /
	    predicted(cell_at(pred, 0, 1048576));
	close_to(num(r, "predicted"), p);
	close_to(num(r, "lo"), p * 0.9 / 1.1);
	close_to(num(r, "hi"), p * 1.1 / 0.9);
	assert_string_equal(json_string_value(path(r, "band.kind")),
			    "tolerance");
	json_decref(pred);

	pred = new_prediction();
	assert_int_equal(m->predict(pred, c, &cal, NULL), 0);
	assert_int_equal(pr_predict_bands(pred, c, &cal, NULL), 0);
	r = ratio_at(pred, "reduce_bcast/ring", 4096);
	assert_non_null(r);
	p = num(r, "predicted");
	assert_string_equal(json_string_value(path(r, "band.kind")),
			    "calibration");
	close_to(num(r, "band.q025"), p);
	close_to(num(r, "lo"), p * (1 - w));
	close_to(num(r, "hi"), p * (1 + w));
	json_decref(pred);

	pred = new_prediction();
	assert_int_equal(m->predict(pred, noring, &cal, NULL), 0);
	assert_int_equal(pr_predict_bands(pred, noring, &cal, NULL), 0);
	assert_null(json_object_get(pred, "ratios"));
	json_decref(pred);
	pr_calib_free(&cal);
	pr_spec_free(s);
	pr_spec_free(c);
	pr_spec_free(noring);
}

/*
 * [model] calibration_busy = exclude: a launch whose record says the
 * machine was busy is left out of every series (its rows here 10x the
 * others'), recorded in the info; the prediction is then the quiet
 * launch's alone. Records without figures, and another config's busy
 * launch, leave the rest as it was.
 */
static void test_calibration_busy(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-allreduce");
	pr_spec *s = spec("allreduce", "sizes = 1048576\n",
			  "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			  "vader\n[mpi]\nalgorithm = ring\n[model]\nname = "
			  "hockney-allreduce\ncalibration = cal\n"
			  "calibration_busy = exclude\n");
	json_t *quiet = new_prediction(), *both = new_prediction(), *info;
	json_t *left = new_prediction();
	pr_calib cal;

	(void)state;
	assert_true(s->calibration_busy_exclude);
	/* launch 0 alone */
	calib_take(&cal, warm_csv(1, 0), vader_spread);
	assert_int_equal(m->predict(quiet, s, &cal, NULL), 0);
	pr_calib_free(&cal);
	/* launches 0 and 1, launch 1 at 10x, its record busy */
	calib_take(&cal, warm_csv(2, 9),
		   "{\"configs\": [{\"transport\": \"vader\", "
		   "\"placement\": \"spread\"}], \"launches\": ["
		   "{\"launch\": 0, \"config\": 0, \"machine\": "
		   "{\"other_cores\": 0.01, \"rank_cpus\": 2}}, "
		   "{\"launch\": 1, \"config\": 0, \"machine\": "
		   "{\"other_cores\": 1.5, \"rank_cpus\": 2}}]}");
	assert_int_equal(m->predict(both, s, &cal, NULL), 0);
	assert_true(predicted(cell(both, "allreduce", -1, 0)) >
		    2 * predicted(cell(quiet, "allreduce", -1, 0)));
	assert_int_equal(pr_calib_exclude_busy(&cal, &info), 1);
	assert_int_equal(
	    json_integer_value(
		path(json_array_get(json_object_get(info, "excluded"), 0),
		     "launch")),
	    1);
	assert_int_equal(json_integer_value(json_object_get(info, "recorded")),
			 2);
	json_decref(info);
	pr_calib_free(&cal);
	/* a fresh calibration (the cache keeps what it first saw) */
	calib_take(&cal, warm_csv(2, 9),
		   "{\"configs\": [{\"transport\": \"vader\", "
		   "\"placement\": \"spread\"}], \"launches\": ["
		   "{\"launch\": 0, \"config\": 0, \"machine\": "
		   "{\"other_cores\": 0.01, \"rank_cpus\": 2}}, "
		   "{\"launch\": 1, \"config\": 0, \"machine\": "
		   "{\"other_cores\": 1.5, \"rank_cpus\": 2}}]}");
	assert_int_equal(pr_calib_exclude_busy(&cal, &info), 1);
	json_decref(info);
	assert_int_equal(m->predict(left, s, &cal, NULL), 0);
	close_to(predicted(cell(left, "allreduce", -1, 0)),
		 predicted(cell(quiet, "allreduce", -1, 0)));
	pr_calib_free(&cal);
	/* no figures, or a quiet machine: nothing left out */
	calib_take(&cal, warm_csv(2, 9),
		   "{\"configs\": [{\"transport\": \"vader\", "
		   "\"placement\": \"spread\"}], \"launches\": ["
		   "{\"launch\": 1, \"config\": 0, \"machine\": "
		   "{\"reason\": \"not recorded\"}}]}");
	assert_int_equal(pr_calib_exclude_busy(&cal, &info), 0);
	assert_int_equal(json_integer_value(json_object_get(info, "recorded")),
			 0);
	json_decref(info);
	pr_calib_free(&cal);
	json_decref(quiet);
	json_decref(both);
	json_decref(left);
	pr_spec_free(s);
}

/* Two reps of the calibration's own 64-byte Allreduce on ranks 0 and 1:
 * rank 0 from 0 to end0 ns, rank 1 from 2000 to end1 ns. */
static void allreduce_rows(char **csv, int end0, int end1)
{
	int rep;

	for (rep = 1; rep <= 2; rep++) {
		char *was = *csv;

		*csv = pr_asprintf("%s0,0,%d,0,0,h,cpu,allreduce,64,0,0,%d\n"
				   "0,0,%d,0,1,h,cpu,allreduce,64,0,2000,%d\n",
				   was, rep, end0, rep, end1);
		free(was);
	}
}

/*
 * The per-call overhead: the calibration's own ring Allreduce at its
 * smallest size, from the last arrival (12 us - 2 us = 10 us), less the
 * ring formula there (X(32) + R(32) + X(32) = 6.172 us), is added to
 * every cell and recorded; an Allreduce quicker than its formula adds
 * nothing.
 */
static void test_overhead(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-allreduce");
	pr_spec *s = spec("allreduce", "sizes = 1024\n",
			  "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			  "vader\n[mpi]\nalgorithm = ring\n[model]\nname = "
			  "hockney-allreduce\ncalibration = cal\n");
	json_t *plain = new_prediction(), *with = new_prediction(), *c;
	double o = 10e-6 - (2 * x_of(32) + r_of(32));
	char *csv = warm_csv(1, 0);
	pr_calib cal;

	(void)state;
	calib(&cal, csv, vader_spread);
	assert_int_equal(m->predict(plain, s, &cal, NULL), 0);
	pr_calib_free(&cal);
	allreduce_rows(&csv, 10000, 12000);
	calib(&cal, csv, vader_spread);
	assert_int_equal(m->predict(with, s, &cal, NULL), 0);
	pr_calib_free(&cal);
	c = cell(with, "allreduce", -1, 0);
	close_to(num(c, "terms.overhead_s"), o);
	close_to(predicted(c), predicted(cell(plain, "allreduce", -1, 0)) + o);
	close_to(num(with, "model.params.vader.spread.overhead.allreduce_s"),
		 10e-6);
	assert_true(num(with, "model.params.vader.spread.overhead.bytes") ==
		    64);
	assert_null(path(cell(plain, "allreduce", -1, 0), "terms.overhead_s"));
	json_decref(with);
	/* quicker than its formula: no overhead */
	with = new_prediction();
	free(csv);
	csv = warm_csv(1, 0);
	allreduce_rows(&csv, 4000, 5000);
	calib_take(&cal, csv, vader_spread);
	assert_int_equal(m->predict(with, s, &cal, NULL), 0);
	assert_null(path(cell(with, "allreduce", -1, 0), "terms.overhead_s"));
	close_to(predicted(cell(with, "allreduce", -1, 0)),
		 predicted(cell(plain, "allreduce", -1, 0)));
	assert_true(
	    num(with, "model.params.vader.spread.overhead.overhead_s") == 0);
	json_decref(with);
	json_decref(plain);
	pr_calib_free(&cal);
	pr_spec_free(s);
}

/*
 * band = calibration: launches 1.0, 1.1, 1.2, 1.3 times the synthetic
 * times; the prediction is 1.15 times them (median of the launch
 * medians) and every replicate lies between 1.0 and 1.3 times them. The
 * band holds the prediction, is widened by the pilot CV, and the same
 * inputs give the same bands.
 */
static void test_calibration_band(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-ring");
	pr_spec *s = spec(
	    "kv-split", "rows = 1024\nkeys = 64\nd = 64\n",
	    "[ranks]\ngroup = cpu*4\n[factors]\ntransport = vader\n[mpi]\n"
	    "algorithm = ring\n[model]\nname = hockney-ring\ncalibration = "
	    "cal\nband = calibration\npilot_cv = allreduce:0.05\n");
	json_t *a = new_prediction(), *b = new_prediction(), *c;
	pr_calib cal;
	size_t i;

	(void)state;
	calib_take(&cal, warm_csv(4, 0.1), vader_spread);
	assert_int_equal(m->predict(a, s, &cal, NULL), 0);
	assert_int_equal(m->predict(b, s, &cal, NULL), 0);
	assert_int_equal(pr_predict_bands(a, s, &cal, NULL), 0);
	assert_int_equal(pr_predict_bands(b, s, &cal, NULL), 0);
	assert_true(json_equal(a, b));
	assert_null(cal.launch_mult);
	close_to(predicted(cell(a, "allreduce_small", -1, 0)),
		 1.15 * 25.212e-6);
	json_array_foreach(json_object_get(a, "cells"), i, c)
	{
		double p = predicted(c), cv = num(c, "band.pilot_cv");
		double base = p / 1.15;

		assert_string_equal(json_string_value(path(c, "band.kind")),
				    "calibration");
		assert_true(num(c, "band.replicates") == 200);
		assert_true(num(c, "lo_s") <= p && p <= num(c, "hi_s"));
		assert_true(num(c, "band.q025_s") < num(c, "band.q975_s"));
		assert_true(num(c, "band.q025_s") >= base * (1 - 1e-6));
		assert_true(num(c, "band.q975_s") <= base * 1.3 * (1 + 1e-6));
		close_to(num(c, "hi_s"),
			 fmax(p, num(c, "band.q975_s") * (1 + cv)));
	}
	close_to(num(cell(a, "allreduce", -1, 0), "band.pilot_cv"), 0.05);
	assert_true(num(cell(a, "allreduce_small", -1, 0), "band.pilot_cv") ==
		    0);
	json_decref(a);
	json_decref(b);
	pr_calib_free(&cal);
	pr_spec_free(s);
}

/* T(r) = 1 ms + 1 us * r: 2 ms at 1000 rows, 3 ms at 2000. */
static void test_linear_rows(void **state)
{
	const pr_model *m = pr_model_lookup("linear-rows");
	pr_spec *s =
	    spec("rows-sweep", "rows_list = 1000, 2000\nkeys = 64\nd = 64\n",
		 "[ranks]\ngroup = cpu*1\n[model]\nname = "
		 "linear-rows\ncalibration = cal\n");
	json_t *pred = new_prediction(), *c;
	pr_calib cal;

	(void)state;
	calib(&cal, rows_csv,
	      "{\"workload\": {\"keys\": 64, \"d\": 64}, \"configs\": [{}]}");
	assert_null(m->check);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	assert_int_equal(json_array_size(json_object_get(pred, "cells")), 2);
	c = cell(pred, "compute", -1, 0);
	assert_int_equal(json_integer_value(json_object_get(c, "rows")), 1000);
	assert_string_equal(json_string_value(json_object_get(c, "device")),
			    "cpu");
	close_to(predicted(c), 2e-3);
	close_to(predicted(cell(pred, "compute", -1, 1)), 3e-3);

	/* a calibration of another d does not price this one */
	cal.manifest.workload.d = 128;
	assert_int_equal(m->predict(pred, s, &cal, NULL), PR_EINPUT);
	json_decref(pred);
	pr_calib_free(&cal);
	pr_spec_free(s);
}

/*
 * Two cpu ranks of equal speed split 1000 rows 500/500; packed, both share
 * one core (s = 2): compute 2 * (1 ms + 500 us) = 3 ms per rank and as
 * makespan. Gatherv to rank 0 of rank 1's 500*64*4 = 128000 bytes
 * (> 64 KiB): P = 10 us + 128000 * 0.5 ns = 74 us.
 */
static void test_split_gatherv(void **state)
{
	const pr_model *m = pr_model_lookup("split-gatherv");
	pr_spec *s = spec("row-split", "rows = 1000\nkeys = 64\nd = 64\n",
			  "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			  "vader\nplacement = packed\n[model]\nname = "
			  "split-gatherv\ncalibration = cal\ncomm_calibration "
			  "= comm\n");
	json_t *pred = new_prediction(), *split;
	pr_calib cal, comm;

	(void)state;
	assert_true(info_of(m)->needs_calibration &&
		    info_of(m)->needs_comm_calibration);
	calib(&cal, rows_csv,
	      "{\"workload\": {\"keys\": 64, \"d\": 64}, \"configs\": [{}]}");
	calib_take(&comm, warm_csv(1, 0),
		   "{\"configs\": [{\"transport\": \"vader\", \"placement\": "
		   "\"packed\"}]}");
	assert_int_equal(m->predict(pred, s, &cal, &comm), 0);
	split =
	    json_object_get(json_object_get(pred, "split"), "rows_per_rank");
	assert_int_equal(json_integer_value(json_array_get(split, 0)), 500);
	assert_int_equal(json_integer_value(json_array_get(split, 1)), 500);
	close_to(predicted(cell(pred, "compute", 0, 0)), 3e-3);
	close_to(predicted(cell(pred, "compute", 1, 0)), 3e-3);
	close_to(predicted(cell(pred, "compute", -1, 2)), 3e-3); /* makespan */
	close_to(predicted(cell(pred, "gatherv", 0, 0)), 74e-6);
	json_decref(pred);
	pr_calib_free(&cal);
	pr_calib_free(&comm);
	pr_spec_free(s);
}

/*
 * A rows-sweep calibration of device dev (keys = d = 64), two launches of
 * two samples per rows value: T(r) = a + b*r, except jump_s added at rows
 * value jump_rows (0: none).
 */
static char *dev_calib_csv(const char *dev, const long *rows, int n, double a,
			   double b, long jump_rows, double jump_s)
{
	char *csv = pr_strdup(HEADER), *was;
	int i, l, rep;

	for (i = 0; i < n; i++) {
		double t = a + b * (double)rows[i] +
			   (rows[i] == jump_rows ? jump_s : 0);

		for (l = 0; l < 2; l++) {
			for (rep = 0; rep < 2; rep++) {
				was = csv;
				csv = pr_asprintf("%s%d,0,%d,0,0,h,%s,compute,"
						  "0,%ld,0,%.0f\n",
						  was, l, rep, dev, rows[i],
						  t * 1e9);
				free(was);
			}
		}
	}
	return csv;
}

static char *rows_calib_csv(const long *rows, int n, double a, double b,
			    long jump_rows, double jump_s)
{
	return dev_calib_csv("cpu", rows, n, a, b, jump_rows, jump_s);
}

static const char rows_manifest[] =
    "{\"workload\": {\"keys\": 64, \"d\": 64}, \"configs\": [{}]}";

static pr_spec *sweep_spec(const char *rows_list)
{
	char *shape =
	    pr_asprintf("rows_list = %s\nkeys = 64\nd = 64\n", rows_list);
	pr_spec *s = spec("rows-sweep", shape,
			  "[ranks]\ngroup = cpu*1\n[model]\nname = "
			  "linear-rows\ncalibration = cal\n");

	free(shape);
	return s;
}

/*
 * T(r) = -50 us + 1 us*r measured at 100 and 300 rows: the intercept is
 * kept negative where the line stays > 0 at every rows value predicted
 * (1000 rows: 0.95 ms), recorded and warned; at 10 rows the line is -40
 * us, so it is refitted through the origin and recorded as clamped.
 */
static void test_linear_rows_negative_intercept(void **state)
{
	const pr_model *m = pr_model_lookup("linear-rows");
	static const long rows[] = {100, 300};
	pr_spec *s = sweep_spec("1000");
	json_t *pred = new_prediction(), *p;
	pr_calib cal;

	(void)state;
	calib_take(&cal, rows_calib_csv(rows, 2, -50e-6, 1e-6, 0, 0),
		   rows_manifest);
	nsaid = 0;
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	p = path(pred, "model.params.cpu");
	assert_string_equal(json_string_value(json_object_get(p, "intercept")),
			    "negative");
	close_to(num(p, "a_s"), -50e-6);
	close_to(num(p, "a_fitted_s"), -50e-6);
	assert_null(json_object_get(p, "clamped"));
	close_to(predicted(cell(pred, "compute", -1, 0)), 950e-6);
	assert_non_null(strstr(said, "intercept is negative, a = -50 us"));
	json_decref(pred);
	pr_spec_free(s);

	s = sweep_spec("10, 1000");
	pred = new_prediction();
	nsaid = 0;
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	p = path(pred, "model.params.cpu");
	assert_string_equal(json_string_value(json_object_get(p, "intercept")),
			    "clamped");
	assert_string_equal(
	    json_string_value(json_array_get(json_object_get(p, "clamped"), 0)),
	    "a_s");
	assert_true(num(p, "a_s") == 0);
	close_to(num(p, "a_fitted_s"), -50e-6);
	assert_true(num(p, "b_s_per_row") < 1e-6);
	assert_true(predicted(cell(pred, "compute", -1, 0)) > 0);
	assert_non_null(strstr(said, "is <= 0 at rows = 10"));
	json_decref(pred);
	pr_spec_free(s);
	pr_calib_free(&cal);
}

/* linear-rows records where each cell's rows fall in the calibration
 * (100 .. 300) and the calibration's nonlinear rows values. */
static void test_linear_rows_calibrated(void **state)
{
	const pr_model *m = pr_model_lookup("linear-rows");
	static const long rows[] = {100, 200, 300, 400};
	pr_spec *s = sweep_spec("99, 100, 250, 400, 401");
	json_t *pred = new_prediction(), *p;
	pr_calib cal;
	static const char *const want[] = {"outside", "inside", "nonlinear",
					   "inside", "outside"};
	int i;

	(void)state;
	/* 1 ms + 1 us/row, 2 ms more at 300 rows */
	calib_take(&cal, rows_calib_csv(rows, 4, 1e-3, 1e-6, 300, 2e-3),
		   rows_manifest);
	nsaid = 0;
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	p = path(pred, "model.params.cpu");
	assert_int_equal(json_array_size(json_object_get(p, "calibrated_rows")),
			 4);
	assert_int_equal(json_array_size(json_object_get(p, "nonlinear_rows")),
			 1);
	assert_int_equal(json_integer_value(json_array_get(
			     json_object_get(p, "nonlinear_rows"), 0)),
			 300);
	assert_non_null(strstr(said, "at rows = 300 is"));
	for (i = 0; i < 5; i++) {
		json_t *c = cell(pred, "compute", -1, i);

		assert_string_equal(
		    json_string_value(json_object_get(c, "rows_calibrated")),
		    want[i]);
		/* a kernel without waves: no expected ratio, no control */
		assert_null(json_object_get(c, "expected_ratio"));
		assert_null(json_object_get(c, "control"));
	}
	json_decref(pred);
	pr_spec_free(s);
	pr_calib_free(&cal);
}

/*
 * The 1/t split of two equal cpu ranks against a calibration at 100, 200,
 * 400 and 800 rows (1 ms + 1 us/row, 2 ms more at 400 when jump): each
 * rank's rows_calibrated and the warning, at and past both ends, inside,
 * and next to a nonlinear value.
 */
static const char *split_cover_of(long total, int jump, int *warned)
{
	const pr_model *m = pr_model_lookup("split-gatherv");
	static const long rows[] = {100, 200, 400, 800};
	static char got[32];
	char *shape = pr_asprintf("rows = %ld\nkeys = 64\nd = 64\n", total);
	pr_spec *s = spec("row-split", shape,
			  "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			  "vader\nplacement = packed\n[model]\nname = "
			  "split-gatherv\ncalibration = cal\ncomm_calibration "
			  "= comm\n");
	json_t *pred = new_prediction(), *v;
	pr_calib cal, comm;

	calib_take(&cal,
		   rows_calib_csv(rows, 4, 1e-3, 1e-6, jump ? 400 : 0, 2e-3),
		   rows_manifest);
	calib_take(&comm, warm_csv(1, 0),
		   "{\"configs\": [{\"transport\": \"vader\", \"placement\": "
		   "\"packed\"}]}");
	nsaid = 0;
	said[0] = 0;
	assert_int_equal(m->predict(pred, s, &cal, &comm), 0);
	v = path(pred, "split.rows_calibrated");
	assert_int_equal(json_array_size(v), 2);
	assert_string_equal(
	    json_string_value(json_array_get(v, 0)),
	    json_string_value(json_object_get(cell(pred, "compute", 1, 0),
					      "rows_calibrated")));
	snprintf(got, sizeof(got), "%s",
		 json_string_value(json_array_get(v, 0)));
	*warned = strstr(said, "rank 0 (device 'cpu') gets") != NULL;
	json_decref(pred);
	pr_calib_free(&cal);
	pr_calib_free(&comm);
	pr_spec_free(s);
	free(shape);
	return got;
}

static void test_split_calibrated_rows(void **state)
{
	static const struct {
		long total;
		int jump;
		const char *want;
	} c[] = {
	    {198, 0, "outside"},   {200, 0, "inside"},	 {600, 0, "inside"},
	    {1600, 0, "inside"},   {1602, 0, "outside"}, {600, 1, "nonlinear"},
	    {800, 1, "nonlinear"}, {400, 1, "inside"},	 {1000, 1, "nonlinear"},
	};
	size_t i;
	int warned;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		const char *got =
		    split_cover_of(c[i].total, c[i].jump, &warned);

		if (strcmp(got, c[i].want))
			fail_msg("%ld rows (jump %d): %s, not %s", c[i].total,
				 c[i].jump, got, c[i].want);
		assert_int_equal(warned, strcmp(c[i].want, "inside") != 0);
	}
	assert_non_null(strstr(said, "found time not linear"));
}

/*
 * A cpu-blocks device is priced only by a calibration that ran its grid:
 * the same rows_per_block and blocks_per_thread, recorded in the
 * manifest's workload.launch.
 */
static void test_linear_rows_blocks_grid(void **state)
{
	const pr_model *m = pr_model_lookup("linear-rows");
	static const long rows[] = {100, 300};
	static const char *const manifests[] = {
	    rows_manifest,
	    "{\"workload\": {\"keys\": 64, \"d\": 64, \"launch\": "
	    "{\"rows_per_block\": 64, \"blocks_per_thread\": 1}}, "
	    "\"configs\": [{}]}",
	    "{\"workload\": {\"keys\": 64, \"d\": 64, \"launch\": "
	    "{\"rows_per_block\": 512, \"blocks_per_thread\": 2}}, "
	    "\"configs\": [{}]}",
	    "{\"workload\": {\"keys\": 64, \"d\": 64, \"launch\": "
	    "{\"rows_per_block\": 512, \"blocks_per_thread\": 1}}, "
	    "\"configs\": [{}]}",
	};
	static const int want[] = {PR_EINPUT, PR_EINPUT, PR_EINPUT, 0};
	pr_spec *s = spec("rows-sweep", "rows_list = 200\nkeys = 64\nd = 64\n",
			  "[ranks]\ngroup = cpu-blocks:2*1\n[launch]\n"
			  "rows_per_block = 512\n[model]\nname = "
			  "linear-rows\ncalibration = cal\n");
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		json_t *pred = new_prediction();
		pr_calib cal;

		calib_take(
		    &cal,
		    dev_calib_csv("cpu-blocks:2", rows, 2, 1e-3, 1e-6, 0, 0),
		    manifests[i]);
		nsaid = 0;
		assert_int_equal(m->predict(pred, s, &cal, NULL), want[i]);
		if (want[i])
			assert_non_null(strstr(said, i ? "rows_per_block = "
						       : "does not record"));
		json_decref(pred);
		pr_calib_free(&cal);
	}
	pr_spec_free(s);
}

/*
 * cpu-blocks:2 with 512-row blocks, the only rank, runs waves of w =
 * min(2, cores) * 512 rows, each costing a full wave: calibrated on T(r) = 10
 * us + 1 us*r at 1024 and 2048 rows, a cell at r is expected at (10 +
 * w*ceil(r/w)) / (10 + r) times its line and is a control (it must FAIL) where
 * that leaves [1-tol, 1+tol]. At 1000 rows: 1034 / 1010 = 1.0238 either way, so
 * a tolerance of 0.0237 makes it a control and 0.0238 does not.
 */
static json_t *blocks_prediction(const char *rows_list, const char *tol)
{
	const pr_model *m = pr_model_lookup("linear-rows");
	static const long rows[] = {1024, 2048};
	char *shape =
	    pr_asprintf("rows_list = %s\nkeys = 64\nd = 64\n", rows_list);
	char *rest = pr_asprintf("[ranks]\ngroup = cpu-blocks:2*1\n[launch]\n"
				 "rows_per_block = 512\n[model]\nname = "
				 "linear-rows\ncalibration = cal\ntolerance = "
				 "%s\n",
				 tol);
	pr_spec *s = spec("rows-sweep", shape, rest);
	json_t *pred = new_prediction();
	pr_calib cal;

	calib_take(&cal,
		   dev_calib_csv("cpu-blocks:2", rows, 2, 10e-6, 1e-6, 0, 0),
		   "{\"workload\": {\"keys\": 64, \"d\": 64, \"launch\": "
		   "{\"rows_per_block\": 512, \"blocks_per_thread\": 1}}, "
		   "\"configs\": [{}]}");
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	pr_calib_free(&cal);
	pr_spec_free(s);
	free(shape);
	free(rest);
	return pred;
}

static int is_control(json_t *c)
{
	json_t *v = json_object_get(c, "control");

	return v && !strcmp(json_string_value(v), "negative");
}

static void test_linear_rows_waves(void **state)
{
	long w = (pr_host_ncores() >= 2 ? 2 : 1) * 512;
	json_t *pred = blocks_prediction("1, 512, 1024, 1025", "0.15"), *c;
	static const long rows[] = {1, 512, 1024, 1025};
	int i;

	(void)state;
	assert_int_equal(json_integer_value(
			     path(pred, "model.params.cpu-blocks:2.wave_rows")),
			 w);
	for (i = 0; i < 4; i++) {
		double r = (double)rows[i];
		double e =
		    (10e-6 + 1e-6 * (double)(w * ((rows[i] + w - 1) / w))) /
		    (10e-6 + 1e-6 * r);

		c = cell(pred, "compute", -1, i);
		close_to(num(c, "expected_ratio"), e);
		assert_int_equal(is_control(c), e > 1.15);
	}
	assert_true(is_control(cell(pred, "compute", -1, 0)));
	assert_false(is_control(cell(pred, "compute", -1, 2)));
	assert_true(is_control(cell(pred, "compute", -1, 3)));
	json_decref(pred);

	pred = blocks_prediction("1000", "0.0237");
	assert_true(is_control(cell(pred, "compute", -1, 0)));
	json_decref(pred);
	pred = blocks_prediction("1000", "0.0238");
	assert_false(is_control(cell(pred, "compute", -1, 0)));
	json_decref(pred);
}

/*
 * A split over cpu (2 us/row) and cpu-blocks:2 (10 us + 1 us/row, 512-row
 * blocks, calibrated at whole waves 1024 .. 4096): the blocks rank gets
 * 2/3 of the rows. At 3072 rows its 2048 are whole waves: no warning. At
 * 3075 its 2050 cross into a wave it pays in full: (10 + 3072) / (10 +
 * 2050) = 1.50x its line with 2 cores a rank (waves of 1024 rows), 2570 /
 * 2060 = 1.25x with one (waves of 512): it is nonlinear, warned, and its
 * cell carries the expected ratio.
 */
static json_t *wave_split(long total)
{
	const pr_model *m = pr_model_lookup("split-gatherv");
	static const long cpu_rows[] = {512, 1024, 2048},
			  blk_rows[] = {1024, 2048, 4096};
	char *shape = pr_asprintf("rows = %ld\nkeys = 64\nd = 64\n", total);
	pr_spec *s = spec("row-split", shape,
			  "[ranks]\ngroup = cpu*1, cpu-blocks:2*1\n[launch]\n"
			  "rows_per_block = 512\n[factors]\ntransport = "
			  "vader\n[model]\nname = split-gatherv\ncalibration = "
			  "cal\ncomm_calibration = comm\n");
	char *a = dev_calib_csv("cpu", cpu_rows, 3, 0, 2e-6, 0, 0);
	char *b = dev_calib_csv("cpu-blocks:2", blk_rows, 3, 10e-6, 1e-6, 0, 0);
	char *both = pr_asprintf("%s%s", a, b + strlen(HEADER));
	json_t *pred = new_prediction();
	pr_calib cal, comm;

	calib_take(&cal, both,
		   "{\"workload\": {\"keys\": 64, \"d\": 64, \"launch\": "
		   "{\"rows_per_block\": 512, \"blocks_per_thread\": 1}}, "
		   "\"configs\": [{}]}");
	calib_take(&comm, warm_csv(1, 0),
		   "{\"configs\": [{\"transport\": \"vader\", \"placement\": "
		   "\"spread\"}]}");
	nsaid = 0;
	said[0] = 0;
	assert_int_equal(m->predict(pred, s, &cal, &comm), 0);
	pr_calib_free(&cal);
	pr_calib_free(&comm);
	pr_spec_free(s);
	free(shape);
	free(a);
	free(b);
	return pred;
}

static void test_split_waves(void **state)
{
	/* two ranks: the blocks rank may use cores / 2 of them */
	double e = pr_host_ncores() / 2 >= 2 ? 3082.0 / 2060 : 2570.0 / 2060;
	json_t *pred = wave_split(3072), *c;

	(void)state;
	c = cell(pred, "compute", 1, 0);
	assert_int_equal(num(c, "rows"), 2048);
	close_to(num(c, "expected_ratio"), 1.0);
	assert_string_equal(
	    json_string_value(json_object_get(c, "rows_calibrated")), "inside");
	assert_null(
	    json_object_get(cell(pred, "compute", 0, 0), "expected_ratio"));
	assert_null(strstr(said, "waves of"));
	json_decref(pred);

	pred = wave_split(3075);
	c = cell(pred, "compute", 1, 0);
	assert_int_equal(num(c, "rows"), 2050);
	close_to(num(c, "expected_ratio"), e);
	assert_string_equal(
	    json_string_value(json_object_get(c, "rows_calibrated")),
	    "nonlinear");
	assert_string_equal(json_string_value(json_array_get(
				path(pred, "split.rows_calibrated"), 0)),
			    "inside");
	assert_non_null(strstr(said, "rank 1 (device 'cpu-blocks:2') gets 2050 "
				     "rows: its kernel runs waves of"));
	json_decref(pred);
}

/* launch-geometry needs one GPU group before it asks the device. */
static void test_launch_geometry_check(void **state)
{
	const pr_model *m = pr_model_lookup("launch-geometry");
	pr_spec *cpu =
	    spec("rows-sweep", "rows_list = 1000\nkeys = 64\nd = 64\n",
		 "[ranks]\ngroup = cpu*1\n");
	pr_spec *gpu =
	    spec("rows-sweep", "rows_list = 1000\nkeys = 64\nd = 64\n",
		 "[ranks]\ngroup = cuda:0*1\n");

	(void)state;
	assert_false(info_of(m)->needs_calibration);
	assert_true(info_of(m)->places_rows);
	assert_int_equal(m->check(cpu), PR_EINPUT);
	assert_int_equal(m->check(gpu), 0);
	pr_spec_free(cpu);
	pr_spec_free(gpu);
}

/* One entry per model of the registry, in its order; "none" predicts
 * nothing; unknown names are NULL. */
static void test_lookup(void **state)
{
	const pr_model *none = pr_model_lookup("none");
	size_t i;

	(void)state;
	assert_int_equal(pr_nmodels, 11);
	assert_int_equal(pr_model_registry_size, pr_nmodels);
	for (i = 0; i < pr_nmodels; i++) {
		assert_string_equal(pr_models[i].name,
				    pr_model_registry[i].name);
		assert_ptr_equal(pr_model_lookup(pr_models[i].name),
				 &pr_models[i]);
		assert_ptr_equal(pr_model_registry_lookup(pr_models[i].name),
				 &pr_model_registry[i]);
	}
	assert_null(pr_model_registry_lookup("hockney"));
	assert_null(pr_model_registry_lookup(NULL));
	assert_non_null(none);
	assert_null(none->predict);
	assert_null(pr_model_lookup("hockney"));
	assert_null(pr_model_lookup(NULL));
}

/* The cell of config c, phase and reduce. */
static json_t *reduce_cell(json_t *pred, int c, const char *phase,
			   const char *reduce)
{
	json_t *x;
	size_t i;

	json_array_foreach(json_object_get(pred, "cells"), i, x)
	{
		if (json_integer_value(path(x, "config")) == c &&
		    !strcmp(json_string_value(path(x, "phase")), phase) &&
		    !strcmp(json_string_value(path(x, "reduce")), reduce))
			return x;
	}
	fail_msg("no cell config %d %s %s", c, phase, reduce);
	return NULL;
}

static void close_us(json_t *c, double us)
{
	close_to(predicted(c), us * 1e-6);
}

/*
 * Model pap-hockney, p = 4, n = 1024, D = 100 us: configs ring 0-3, rd
 * 4-7, pap 8-11, default 12-15 (patterns none, one-late, linear,
 * uniform). ring 3 [X(256) + R(256)] + 3 X(256) = 3 (3.256 + 0.164) + 3
 * (3.256) = 20.028 us; rd 2 [X(1024) + R(1024)] = 2 (4.024 + 0.356) =
 * 8.76 us. pap: hop H = P(1024) + P(32) = 3.024 + 2.032 = 5.056 us, R =
 * 0.356 us, broadcast 2 H = 10.112 us. none: 3 (H + R) + 2 H = 26.348 us.
 * one-late (rank 3): c_2 = 2 (H + R) = 10.824, c_3 = max(15.88, 100) +
 * 0.356 = 100.356, end 110.468 us, after 10.468 us. linear (0, 33.333,
 * 66.666, 100 us): c_1 = 33.689, c_2 = 67.022, c_3 = 100.356: the same.
 */
static void test_pap_hockney(void **state)
{
	const pr_model *m = pr_model_lookup("pap-hockney");
	pr_spec *s = spec(
	    "arrival", "sizes = 1024\n",
	    "[ranks]\ngroup = cpu*4\n[factors]\ntransport = vader\n[mpi]\n"
	    "algorithm = ring, recursive_doubling, pap, default\n[arrival]\n"
	    "pattern = none, one-late, linear, uniform\ndelay_us = 100\n"
	    "[model]\nname = pap-hockney\ncalibration = cal\ntolerance = "
	    "0.1\n");
	pr_spec *three = spec("arrival", "sizes = 1024\n",
			      "[ranks]\ngroup = cpu*3\n[mpi]\nalgorithm = "
			      "recursive_doubling\n[model]\nname = "
			      "pap-hockney\ncalibration = cal\n");
	pr_spec *kv = spec("kv-split", "rows = 1024\nkeys = 64\nd = 64\n",
			   "[ranks]\ngroup = cpu*4\n[model]\nname = "
			   "pap-hockney\ncalibration = cal\n");
	json_t *pred = new_prediction(), *c;
	double spread;
	pr_calib cal;
	int k;

	(void)state;
	assert_non_null(m);
	assert_true(info_of(m)->needs_calibration &&
		    !info_of(m)->needs_comm_calibration);
	assert_int_equal(m->check(s), 0);
	assert_int_equal(m->check(three), PR_EINPUT);
	assert_int_equal(m->check(kv), PR_EINPUT);
	calib_take(&cal, warm_csv(1, 0), vader_spread);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	/* three algorithms with a formula x 4 patterns x 2 cells; default
	 * has none and says so */
	assert_int_equal(json_array_size(json_object_get(pred, "cells")), 24);
	assert_non_null(strstr(said, "algorithm 'default'"));
	for (k = 0; k < 3; k++) {
		close_us(
		    reduce_cell(pred, k, "allreduce", "after_last_arrival"),
		    20.028);
		close_us(
		    reduce_cell(pred, 4 + k, "allreduce", "after_last_arrival"),
		    8.76);
	}
	close_us(reduce_cell(pred, 0, "allreduce", "span"), 20.028);
	close_us(reduce_cell(pred, 1, "allreduce", "span"), 120.028);
	close_us(reduce_cell(pred, 2, "allreduce", "span"), 120.028);
	close_us(reduce_cell(pred, 5, "allreduce", "span"), 108.76);
	c = reduce_cell(pred, 8, "allreduce", "span");
	close_us(c, 26.348);
	assert_string_equal(json_string_value(path(c, "formula")), "pap chain");
	assert_string_equal(json_string_value(path(c, "pattern")), "none");
	close_to(num(c, "t_msg_s"), 3.024e-6);
	close_to(num(c, "hop_s"), 5.056e-6);
	close_to(num(c, "reduce_s"), 0.356e-6);
	close_us(reduce_cell(pred, 8, "allreduce", "after_last_arrival"),
		 26.348);
	for (k = 9; k <= 10; k++) {
		close_us(reduce_cell(pred, k, "allreduce", "span"), 110.468);
		close_us(
		    reduce_cell(pred, k, "allreduce", "after_last_arrival"),
		    10.468);
	}
	/* uniform: the median range of 4 uniforms on [0, D] is 0.6143 D
	 * (4x^3 - 3x^4 = 1/2); a built-in adds T_alg to it, and after the
	 * last arrival the chain needs at least R and the broadcast */
	c = reduce_cell(pred, 3, "allreduce", "span");
	spread = num(c, "spread_s");
	assert_true(fabs(spread - 61.43e-6) < 3e-6);
	close_to(predicted(c), spread + 20.028e-6);
	close_us(reduce_cell(pred, 3, "allreduce", "after_last_arrival"),
		 20.028);
	c = reduce_cell(pred, 11, "allreduce", "after_last_arrival");
	assert_true(predicted(c) >= (0.356 + 10.112) * 1e-6);
	assert_true(predicted(c) <= (100 + 26.348) * 1e-6);
	json_decref(pred);
	pr_calib_free(&cal);
	pr_spec_free(s);
	pr_spec_free(three);
	pr_spec_free(kv);
}

/*
 * Model pap-dp-step, p = 2, rows 100 and 300 on T(r) = 1 ms + 1 us * r:
 * compute 1.1 and 1.3 ms alone, packed on one core 2.2 and 2.4 ms (both
 * at half a core until rank 0 is done); n = 1024. ring X(512) + R(512) +
 * X(512) = 3.512 + 0.228 + 3.512 = 7.252 us: step 2407.252 us. pap H =
 * P(1024) + P(16) = 5.04 us, R = 0.356 us: c_1 = max(2205.04, 2400) +
 * 0.356, end + H = 2405.396 us, after 5.396 us.
 */
static void test_pap_dp_step(void **state)
{
	const pr_model *m = pr_model_lookup("pap-dp-step");
	pr_spec *s = spec("dp-step", "sizes = 1024\nkeys = 64\nd = 64\n",
			  "[ranks]\ngroup = cpu*2\n[factors]\ntransport = "
			  "vader\nplacement = packed\n[mpi]\nalgorithm = "
			  "ring, pap\n[dp]\nrows = "
			  "100, 300\n[model]\nname = pap-dp-step\ncalibration "
			  "= cal\ncomm_calibration = comm\n");
	json_t *pred = new_prediction();
	pr_calib cal, comm;

	(void)state;
	assert_non_null(m);
	assert_true(info_of(m)->needs_calibration &&
		    info_of(m)->needs_comm_calibration);
	assert_int_equal(m->check(s), 0);
	assert_int_equal(pr_model_lookup("pap-hockney")->check(s), PR_EINPUT);
	calib(&cal, rows_csv,
	      "{\"workload\": {\"keys\": 64, \"d\": 64}, \"configs\": [{}]}");
	calib_take(&comm, warm_csv(1, 0), vader_spread);
	assert_int_equal(m->predict(pred, s, &cal, &comm), 0);
	assert_int_equal(json_array_size(json_object_get(pred, "cells")), 6);
	close_us(reduce_cell(pred, 0, "step", "span"), 2407.252);
	close_us(reduce_cell(pred, 0, "allreduce", "after_last_arrival"),
		 7.252);
	close_us(reduce_cell(pred, 0, "allreduce", "span"), 207.252);
	close_us(reduce_cell(pred, 1, "step", "span"), 2405.396);
	close_us(reduce_cell(pred, 1, "allreduce", "after_last_arrival"),
		 5.396);
	close_to(num(json_array_get(path(pred, "model.params.compute"), 1),
		     "compute_s"),
		 1.3e-3);
	close_to(num(pred, "model.params.shared.packed.cores"), 1);
	close_to(json_number_value(json_array_get(
		     path(pred, "model.params.shared.packed.compute_s"), 1)),
		 2.4e-3);
	json_decref(pred);
	pr_calib_free(&cal);
	pr_calib_free(&comm);
	pr_spec_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hockney_ring),
	    cmocka_unit_test(test_cold_archive),
	    cmocka_unit_test(test_clamped_intercept),
	    cmocka_unit_test(test_placement),
	    cmocka_unit_test(test_hockney_allreduce),
	    cmocka_unit_test(test_null_and_holdout),
	    cmocka_unit_test(test_copies),
	    cmocka_unit_test(test_ratios),
	    cmocka_unit_test(test_ratios_placement),
	    cmocka_unit_test(test_calibration_busy),
	    cmocka_unit_test(test_overhead),
	    cmocka_unit_test(test_pap_hockney),
	    cmocka_unit_test(test_pap_dp_step),
	    cmocka_unit_test(test_calibration_band),
	    cmocka_unit_test(test_linear_rows),
	    cmocka_unit_test(test_split_gatherv),
	    cmocka_unit_test(test_linear_rows_negative_intercept),
	    cmocka_unit_test(test_linear_rows_calibrated),
	    cmocka_unit_test(test_split_calibrated_rows),
	    cmocka_unit_test(test_linear_rows_blocks_grid),
	    cmocka_unit_test(test_linear_rows_waves),
	    cmocka_unit_test(test_split_waves),
	    cmocka_unit_test(test_launch_geometry_check),
	    cmocka_unit_test(test_lookup),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
