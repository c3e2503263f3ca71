/* steps.h - the observed steps of a launch-geometry run, judged by the
 * prediction's step rule (DESIGN 7) */
#ifndef PR_ANALYZE_STEPS_H
#define PR_ANALYZE_STEPS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "model/geometry.h"

/*
 * Observed steps of one config (model launch-geometry): the rows where the
 * median time steps up by more than the prediction's tolerance over the
 * previous rows value measured (the first rows of a new plateau). With
 * the prediction's step_rule (DESIGN 7), the rule's detector finds them
 * and each is judged against the predicted steps (match).
 */
typedef struct {
	int config;
	const char *phase; /* "compute_device", else "compute" (static) */
	int64_t *rows;	   /* ascending */
	size_t n;
	int judged;	      /* the prediction has a step_rule */
	pr_step_match *match; /* the verdict's lines, in rows order */
	size_t nmatch;
	int pass; /* every line PASS (and at least one) */
} pr_steps;

/* The study of launch-geometry (analyze/study.h). */
typedef struct {
	pr_steps *config; /* per config with samples of the phase */
	size_t n;
} pr_steps_set;

struct pr_analysis_run;

/* The observed steps of every config of r's table (tolerance: pred's
 * decision_rule, 0.15 when it has none), owned by the caller. */
pr_steps_set *pr_steps_compute(const struct pr_analysis_run *r,
			       const json_t *pred);
void pr_steps_set_free(pr_steps_set *s);

/* r's study of launch-geometry, borrowed from r; NULL when it has none. */
const pr_steps_set *pr_steps_of(const struct pr_analysis_run *r);

#endif
