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

#include "base/util.h"
#include "format/spec.h"
#include "predict/models.h"

#define HEADER                                                                 \
	"launch,config,rep,warmup,rank,host,device,phase,bytes,rows,"          \
	"t_start_ns,t_end_ns\n"

/*
 * Ping-pong calibration, transport vader: one-way T(m) = 2 us + 1 ns/B
 * (eager: 1 and 4 KiB) and 10 us + 0.5 ns/B (rendezvous: 64 KiB, 1 MiB);
 * round trips are 2T. reduce_local takes 0.25 ns/B (gamma). Launch 1
 * repeats launch 0 but for an outlier rep in launch 0 at 1 KiB that the
 * per-launch median leaves out; the warmup is never used.
 */
static const char pingpong_csv[] =
    HEADER "0,0,0,1,0,h,cpu,pingpong,1024,0,0,999999\n"
	   "0,0,1,0,0,h,cpu,pingpong,1024,0,0,6048\n"
	   "0,0,2,0,0,h,cpu,pingpong,1024,0,0,6048\n"
	   "0,0,3,0,0,h,cpu,pingpong,1024,0,0,90000\n"
	   "1,0,1,0,0,h,cpu,pingpong,1024,0,0,6048\n"
	   "0,0,1,0,0,h,cpu,pingpong,4096,0,0,12192\n"
	   "0,0,1,0,0,h,cpu,pingpong,65536,0,0,85536\n"
	   "0,0,1,0,0,h,cpu,pingpong,1048576,0,0,1068576\n"
	   "0,0,1,0,1,h,cpu,reduce_local,65536,0,0,16384\n"
	   "0,0,1,0,1,h,cpu,reduce_local,1048576,0,0,262144\n";

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

/*
 * p = 4, rows = 1024, d = 64: allreduce n = 1024*64*4 + 1024*4 = 266240
 * bytes, segments of 66560 (rendezvous): 6*10 us + 1.5*n*0.5 ns +
 * 0.75*n*0.25 ns = 60 + 199.68 + 49.92 = 309.6 us; allreduce_small n =
 * 4096, segments of 1024 (eager): 6*2 + 1.5*4096*1 ns + 0.75*4096*0.25 ns
 * = 12 + 6.144 + 0.768 = 18.912 us; lo/hi = predicted * (1 -/+ 0.1).
 */
static void test_hockney_ring(void **state)
{
	const pr_model *m = pr_model_lookup("hockney-ring");
	pr_spec *s = spec("kv-split", "rows = 1024\nkeys = 64\nd = 64\n",
			  "[ranks]\ngroup = cpu*4\n[factors]\ntransport = "
			  "vader\n[mpi]\nalgorithm = ring\n[model]\nname = "
			  "hockney-ring\ncalibration = cal\ntolerance = 0.1\n");
	json_t *pred = new_prediction(), *c, *eager;
	pr_calib cal;

	(void)state;
	assert_non_null(m);
	assert_true(m->needs_calibration && !m->needs_comm_calibration);
	calib(&cal, pingpong_csv,
	      "{\"configs\": [{\"transport\": \"vader\"}]}");
	assert_int_equal(m->check(s), 0);
	assert_int_equal(m->predict(pred, s, &cal, NULL), 0);
	assert_int_equal(json_array_size(json_object_get(pred, "cells")), 2);
	c = cell(pred, "allreduce", -1, 0);
	close_to(predicted(c), 309.6e-6);
	close_to(json_number_value(json_object_get(c, "lo_s")), 0.9 * 309.6e-6);
	close_to(json_number_value(json_object_get(c, "hi_s")), 1.1 * 309.6e-6);
	close_to(predicted(cell(pred, "allreduce_small", -1, 0)), 18.912e-6);
	eager = json_object_get(
	    json_object_get(
		json_object_get(json_object_get(pred, "model"), "params"),
		"vader"),
	    "eager_le_4KiB");
	close_to(json_number_value(json_object_get(eager, "alpha_s")), 2e-6);
	close_to(json_number_value(json_object_get(eager, "beta_s_per_byte")),
		 1e-9);

	/* the check runs before any calibration is read */
	free(s->algorithms[0]);
	s->algorithms[0] = pr_strdup("default");
	assert_int_equal(m->check(s), PR_EINPUT);
	json_decref(pred);
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
 * (rendezvous): 10 us + 128000 * 0.5 ns = 74 us.
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
	assert_true(m->needs_calibration && m->needs_comm_calibration);
	calib(&cal, rows_csv,
	      "{\"workload\": {\"keys\": 64, \"d\": 64}, \"configs\": [{}]}");
	calib(&comm, pingpong_csv,
	      "{\"configs\": [{\"transport\": \"vader\"}]}");
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
	assert_false(m->needs_calibration);
	assert_true(m->places_rows);
	assert_non_null(m->post_analyze);
	assert_int_equal(m->check(cpu), PR_EINPUT);
	assert_int_equal(m->check(gpu), 0);
	pr_spec_free(cpu);
	pr_spec_free(gpu);
}

/* One entry per model; "none" predicts nothing; unknown names are NULL. */
static void test_lookup(void **state)
{
	const pr_model *none = pr_model_lookup("none");
	size_t i;

	(void)state;
	assert_int_equal(pr_nmodels, 5);
	for (i = 0; i < pr_nmodels; i++)
		assert_ptr_equal(pr_model_lookup(pr_models[i].name),
				 &pr_models[i]);
	assert_non_null(none);
	assert_null(none->predict);
	assert_null(none->post_analyze);
	assert_null(pr_model_lookup("hockney"));
	assert_null(pr_model_lookup(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hockney_ring),
	    cmocka_unit_test(test_linear_rows),
	    cmocka_unit_test(test_split_gatherv),
	    cmocka_unit_test(test_launch_geometry_check),
	    cmocka_unit_test(test_lookup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
