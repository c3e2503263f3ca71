/* primitives.h - ring Allreduce cells against the ring steps and
 * reductions their run timed in the same launches (model hockney-ring) */
#ifndef PR_ANALYZE_PRIMITIVES_H
#define PR_ANALYZE_PRIMITIVES_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A ring Allreduce cell against the primitives its run timed in the same
 * launches (spec interleave = primitives): the statistics of the
 * sendrecv and reduce_local samples of its segment and the ring formula
 * (p-1) [X + R] + (p-1) X built from them.
 */
typedef struct {
	int config;
	const char *phase;  /* the cell's, borrowed */
	int64_t bytes, seg; /* the Allreduce's n, its segment's bytes */
	int ranks;	    /* p */
	double x_s, r_s;    /* ring step and reduction at seg */
	double formula_s;   /* the ring formula of x_s and r_s */
	double measured_s;  /* the cell's statistic */
	double predicted_s; /* the cell's prediction */
} pr_primitive;

/* The study of hockney-ring (analyze/study.h). */
typedef struct {
	pr_primitive *cell; /* per ring cell with both primitives */
	size_t n;
} pr_primitive_set;

struct pr_analysis_run;

/* r's ring cells against the primitives timed in the same launches, the
 * ranks p from pred's cells (none without them), owned by the caller; a
 * FAIL that is no negative control gets its primitives as a cause. */
pr_primitive_set *pr_primitives_compute(struct pr_analysis_run *r,
					const json_t *pred);
void pr_primitive_set_free(pr_primitive_set *s);

/* r's study of hockney-ring, borrowed from r; NULL when it has none. */
const pr_primitive_set *pr_primitives_of(const struct pr_analysis_run *r);

#endif
