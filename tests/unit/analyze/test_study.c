/* test_study.c - the table of studies (src/analyze/study.c): whom each
 * applies to and whom not, what every entry has, and what computing them
 * puts into a run */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "analyze/analyze.h"
#include "analyze/study.h"
#include "format/manifest.h"
#include "format/timings.h"

/* The studies of a prediction's model, each with its model. */
static const struct {
	pr_study_id id;
	const char *model;
} by_model[] = {
    {PR_STUDY_PRIMITIVES, "hockney-ring"},
    {PR_STUDY_LINEARITY, "linear-rows"},
    {PR_STUDY_STEPS, "launch-geometry"},
    {PR_STUDY_LAUNCH_RATIO, "launch-settings"},
};

#define NMODELS (sizeof(by_model) / sizeof(by_model[0]))

static json_t *pred_of(const char *model)
{
	return json_pack("{s:{s:s}}", "model", "name", model);
}

static int applies(pr_study_id id, const json_t *pred, const pr_manifest *m)
{
	pr_study_input in = {pred, NULL, m};

	return pr_studies[id].applies(&in);
}

/* Every entry has a name (distinct), compute, markdown and free; a JSON
 * key exactly where it has json, and the report's keys. */
static void test_entries(void **state)
{
	size_t i, k;

	(void)state;
	for (i = 0; i < PR_NSTUDIES; i++) {
		const pr_study *s = &pr_studies[i];

		assert_non_null(s->name);
		assert_non_null(s->applies);
		assert_non_null(s->compute);
		assert_non_null(s->markdown);
		assert_non_null(s->free);
		assert_int_equal(!s->key, !s->json);
		for (k = 0; k < i; k++)
			assert_string_not_equal(pr_studies[k].name, s->name);
	}
	assert_string_equal(pr_studies[PR_STUDY_PAP].key, "arrival_patterns");
	assert_string_equal(pr_studies[PR_STUDY_INFLATION].key, "inflation");
	assert_string_equal(pr_studies[PR_STUDY_LAUNCH_RATIO].key,
			    "launch_ratio");
}

/* A model's study applies to a prediction of its model and to none of
 * another model's, of the model "none", without a model, or to no
 * prediction; a manifest changes nothing. */
static void test_models(void **state)
{
	json_t *none = pred_of("none"), *bare = json_object();
	pr_manifest m;
	size_t i, j;

	(void)state;
	pr_manifest_parse(&m, NULL);
	for (i = 0; i < NMODELS; i++) {
		for (j = 0; j < NMODELS; j++) {
			json_t *pred = pred_of(by_model[j].model);

			assert_int_equal(applies(by_model[i].id, pred, NULL),
					 i == j);
			assert_int_equal(applies(by_model[i].id, pred, &m),
					 i == j);
			json_decref(pred);
		}
		assert_false(applies(by_model[i].id, none, &m));
		assert_false(applies(by_model[i].id, bare, &m));
		assert_false(applies(by_model[i].id, NULL, &m));
	}
	pr_manifest_free(&m);
	json_decref(none);
	json_decref(bare);
}

/* The arrival study applies to a run whose configs record a pattern or
 * the algorithm pap, whatever the model; not to one with neither, nor
 * without a manifest. */
static void test_pap(void **state)
{
	json_t *pred = pred_of("hockney-ring");
	json_t *pattern = json_pack("{s:[{s:s}, {s:s}]}", "configs",
				    "algorithm", "ring", "pattern", "one-late");
	json_t *pap = json_pack("{s:[{s:s}]}", "configs", "algorithm", "pap");
	json_t *ring = json_pack("{s:[{s:s}]}", "configs", "algorithm", "ring");
	pr_manifest m;

	(void)state;
	pr_manifest_parse(&m, pattern);
	assert_true(applies(PR_STUDY_PAP, NULL, &m));
	assert_true(applies(PR_STUDY_PAP, pred, &m));
	pr_manifest_free(&m);
	pr_manifest_parse(&m, pap);
	assert_true(applies(PR_STUDY_PAP, NULL, &m));
	pr_manifest_free(&m);
	pr_manifest_parse(&m, ring);
	assert_false(applies(PR_STUDY_PAP, pred, &m));
	pr_manifest_free(&m);
	assert_false(applies(PR_STUDY_PAP, pred, NULL));
	json_decref(pred);
	json_decref(pattern);
	json_decref(pap);
	json_decref(ring);
}

/* The sharing study applies to a run with a manifest, whatever the
 * model, and to none without one. */
static void test_inflation(void **state)
{
	json_t *pred = pred_of("linear-rows");
	pr_manifest m;

	(void)state;
	pr_manifest_parse(&m, NULL);
	assert_true(applies(PR_STUDY_INFLATION, NULL, &m));
	assert_true(applies(PR_STUDY_INFLATION, pred, &m));
	assert_false(applies(PR_STUDY_INFLATION, pred, NULL));
	pr_manifest_free(&m);
	json_decref(pred);
}

/* Computing the studies of a run without samples: linear-rows' gives its
 * (empty) data, every other slot stays NULL; launch-settings' applies
 * yet gives nothing without a launch_ratio; freeing clears them. */
static void test_compute(void **state)
{
	json_t *lin = pred_of("linear-rows");
	json_t *set = pred_of("launch-settings");
	pr_study_input in = {lin, NULL, NULL};
	pr_analysis_run r;
	pr_timings t;
	size_t i;

	(void)state;
	memset(&t, 0, sizeof(t));
	in.t = &t;
	pr_analyze_run(&r, &t, NULL, NULL, 0, PR_RULE_POINT);
	pr_study_compute(&r, &in);
	for (i = 0; i < PR_NSTUDIES; i++)
		assert_int_equal(r.study[i] != NULL, i == PR_STUDY_LINEARITY);
	pr_study_free(&r);
	for (i = 0; i < PR_NSTUDIES; i++)
		assert_null(r.study[i]);
	in.pred = set;
	pr_study_compute(&r, &in);
	for (i = 0; i < PR_NSTUDIES; i++)
		assert_null(r.study[i]);
	pr_analysis_run_free(&r);
	json_decref(lin);
	json_decref(set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_entries), cmocka_unit_test(test_models),
	    cmocka_unit_test(test_pap),	    cmocka_unit_test(test_inflation),
	    cmocka_unit_test(test_compute),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
