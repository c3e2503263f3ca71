/* compare.h - a run against an earlier one of the same experiment: the
 * reproduction verdict of every row of the analysis and what the two
 * manifests say (DESIGN 7) */
#ifndef PR_COMPARE_H
#define PR_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/analyze.h"
#include "format/spec.h"

typedef enum {
	PR_REPRODUCED,
	PR_DIFFERENT,
	PR_REPRO_INCONCLUSIVE,
	PR_REPRO_NO_DATA, /* a row that one of the runs lacks */
	PR_NREPRO
} pr_repro;

/* "REPRODUCED", "DIFFERENT", "INCONCLUSIVE", "NO-DATA". */
const char *pr_repro_name(pr_repro v);

/* Bootstrap replicates of every ratio's interval. */
#define PR_COMPARE_NBOOT 2000

/* The class of a phase (format/spec.h pr_phase_class_of). */
pr_phase_class pr_compare_class(const char *phase);

/*
 * The reproduction rule for an interval [lo, hi] of the ratio B/A and a
 * tolerance tol, whose acceptance region is [1/(1+tol), 1+tol]: DIFFERENT
 * when the interval lies entirely outside it; REPRODUCED when it lies
 * entirely inside (edges included) and `enough` (each run has the 6
 * launches a 95% interval of its median needs); INCONCLUSIVE otherwise,
 * *why (may be NULL; static, NULL unless INCONCLUSIVE) saying which.
 */
pr_repro pr_compare_verdict(const char **why, double lo, double hi, double tol,
			    int enough);

/*
 * The rule's power, simulated: trials pairs of runs of n launches each,
 * per-launch medians lognormal with launch-level CV cv (the same law for
 * both runs, B's times scale), judged by the rule above (bootstrap of
 * PR_COMPARE_NBOOT replicates, tolerance tol); the share of pairs found
 * REPRODUCED in *reproduced and DIFFERENT in *different. Deterministic
 * in seed. PR_EINPUT when n < 1, trials < 1 or cv, tol or scale is not
 * positive.
 */
int pr_compare_power(double *reproduced, double *different, double cv,
		     double tol, size_t n, double scale, size_t trials,
		     uint64_t seed);

/* The bootstrap's seed: pr_seed_of("prereg-compare:" RUN_A ":" RUN_B),
 * the first 64 bits of its SHA-256 (base/seed.h). */
uint64_t pr_compare_seed(const char *run_a, const char *run_b);

/* One row: a selection of the analysis in A, in B or in both. */
typedef struct {
	const pr_select *sel;	      /* a's row's, else b's */
	const pr_analysis_row *a, *b; /* NULL where the run lacks the row */
	pr_phase_class cls;
	double tol;
	double ratio;  /* b statistic / a statistic; NAN when undefined */
	double lo, hi; /* its bootstrap interval; NAN when undefined */
	pr_repro verdict;
	const char *why; /* static: why INCONCLUSIVE or NO-DATA, or NULL */
	/* rule exclude: the busy launches of A and of B left out of this
	 * row's ratio and interval */
	size_t out_a, out_b;
} pr_compare_row;

/* One line of what the manifests say, side by side. */
typedef struct {
	char *what, *a, *b;
	int differs;
	const char *warning; /* static: what a difference here means, or
				NULL when a difference is no warning */
} pr_compare_fact;

typedef struct {
	char *name;
	const pr_analysis_run *a, *b; /* borrowed */
	double tol[PR_NCLASSES];
	char *tol_from; /* where the tolerances come from, in words */
	pr_compare_row *row;
	size_t nrows;
	size_t count[PR_NREPRO];
	pr_compare_fact *fact;
	size_t nfacts;
	size_t nwarnings; /* facts that differ and warn */
	/* A and B of two pins (both pin tags known and different): only the
	 * rows both analyses hold are compared, left_out counts the rest */
	int across_pins;
	size_t left_out;
	/* launches that ran on a busy machine (analyze/busy.h), of those
	 * whose machine record has figures, per run; they count toward the
	 * verdicts (the rule "flag") or are left out of the ratios and
	 * intervals (busy_exclude: [analysis] busy = exclude of the spec
	 * pinned for A) */
	size_t busy_a, recorded_a, busy_b, recorded_b;
	int busy_exclude;
} pr_comparison;

/*
 * Compare run b with run a (the original) of experiment name below root
 * (which ends in '/'): every row of their analyses, matched by selection
 * (runs of two pins: only the rows both hold), and their manifests. The
 * tolerances are those of the spec pinned for a (its blob read from the
 * repository), the defaults where it gives none or cannot be read. A run
 * without samples: PR_EINPUT naming it. out borrows a and b, which must outlive
 * it (pr_comparison_free).
 */
int pr_compare(pr_comparison *out, const char *root, const char *name,
	       const pr_analysis_run *a, const pr_analysis_run *b);
void pr_comparison_free(pr_comparison *c);

#endif
