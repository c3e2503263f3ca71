/* primitives.h - ring Allreduce cells against the ring steps and
 * reductions their run timed in the same launches (model hockney-ring) */
#ifndef PR_ANALYZE_PRIMITIVES_H
#define PR_ANALYZE_PRIMITIVES_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

/*
 * An Allreduce cell against the primitives its run timed in the same
 * launches (spec interleave = primitives).
 * hockney-ring: the statistics of the sendrecv and reduce_local samples
 * of its segment and the ring formula (p-1) [X + R] + (p-1) X built from
 * them.
 * hockney-allreduce (general): the cell's own formula (that of its
 * algorithm, or a negative control's other one) with each primitive at
 * each message size it prices the statistic of the run's samples of that
 * size: P half the pingpong's, X the sendrecv's, R the reduce_local's,
 * plus the cell's copies times the copy's at n.
 */
typedef struct {
	int config;
	const char *phase;  /* the cell's, borrowed */
	int64_t bytes, seg; /* the Allreduce's n, its segment's bytes */
	int ranks;	    /* p */
	double x_s, r_s;    /* ring step and reduction at seg */
	double formula_s;   /* the formula of the primitives */
	double measured_s;  /* the cell's statistic */
	double predicted_s; /* the cell's prediction */
	/* general: the cell's formula (borrowed), whether it is a negative
	 * control, whether its size was held out of the calibration, and
	 * what formula_s is made of */
	const char *formula;
	int negative, held_out;
	double transfers_s, reductions_s, copies_s;
	/* general: the copy (memcpy) of the whole message n in the same
	 * launches, the unit the time the formula leaves out (measured_s -
	 * formula_s) is counted in; NAN where the run did not time it */
	double copy_n_s;
} pr_primitive;

/* From this size up (64 KiB: the rendezvous sizes of vader and tcp by
 * default) the time a formula leaves out is named in the conclusion. */
#define PR_PRIMITIVE_MISSING_FROM ((int64_t)65536)

/* Over a set's cells that are no negative control: how many, the
 * smallest, median and largest measured/formula, and the cell of the
 * largest (NULL when n is 0); of those from PR_PRIMITIVE_MISSING_FROM
 * bytes up, the cell whose measured time exceeds its formula's the most
 * (missing, NULL when none does); at the smallest size of those cells
 * (small_bytes), the least and most time a formula leaves out there
 * (small_lo, small_hi: a per-call time no formula holds). */
typedef struct {
	size_t n;
	double lo, median, hi;
	const pr_primitive *far, *missing;
	int64_t small_bytes;
	double small_lo, small_hi;
} pr_primitive_span;

/* The study of hockney-ring and hockney-allreduce (analyze/study.h). */
typedef struct {
	pr_primitive *cell; /* per cell with all its primitives */
	size_t n;
	int general; /* hockney-allreduce's: every formula, its terms */
	pr_primitive_span span; /* general: over its cells (conclusion.c) */
} pr_primitive_set;

struct pr_analysis_run;

/* r's ring cells against the primitives timed in the same launches, the
 * ranks p from pred's cells (none without them), owned by the caller; a
 * FAIL that is no negative control gets its primitives as a cause. */
pr_primitive_set *pr_primitives_compute(struct pr_analysis_run *r,
					const json_t *pred);

/* The same for every cell of hockney-allreduce with a formula; NULL when
 * no cell has all its primitives (a run without interleave =
 * primitives). */
pr_primitive_set *pr_primitives_compute_general(struct pr_analysis_run *r,
						const json_t *pred);
void pr_primitive_set_free(pr_primitive_set *s);

/* r's study of the primitives, borrowed from r; NULL when it has none. */
const pr_primitive_set *pr_primitives_of(const struct pr_analysis_run *r);

#endif
