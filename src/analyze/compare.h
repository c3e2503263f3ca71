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
	/* model error (pr_compare_model_error): A's prediction over B's,
	 * which turns B/A of the times into B/A of measured/predicted;
	 * 1 otherwise */
	double scale;
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
	pr_tolerance tol;	      /* of the spec pinned for a */
	char *tol_from; /* where the tolerances come from, in words */
	pr_compare_row *row;
	size_t nrows;
	size_t count[PR_NREPRO];
	pr_compare_fact *fact;
	size_t nfacts;
	size_t nwarnings; /* facts that differ and warn */
	/* both manifests record a CPU, and not the same one */
	int other_cpu;
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
	/* the rows are the cells both runs' predictions hold, and each ratio
	 * is of the model's errors (pr_compare_model_error) */
	int model_error;
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
/*
 * The model's error of run b against that of run a: as pr_compare, over
 * the rows that are a cell of the prediction pinned for each run (each
 * judged against its own), every ratio and interval multiplied by A's
 * predicted time over B's, so that it is (B / predicted B) / (A /
 * predicted A) and the same rule says whether the model's error
 * reproduced; the other rows are left out (left_out). For two pins whose
 * predictions differ, e.g. a prediction made again from new calibration
 * runs on another machine (repro --recalibrate).
 */
int pr_compare_model_error(pr_comparison *out, const char *root,
			   const char *name, const pr_analysis_run *a,
			   const pr_analysis_run *b);

void pr_comparison_free(pr_comparison *c);

/* Did a claim reproduce from run A to run B (pr_compare_claims)? */
typedef struct {
	const char *name, *text; /* borrowed from B's claim */
	int in_a;		 /* A's pinned spec states it too */
	pr_verdict a, b;	 /* its verdict on each run */
	/* cells claims under a model-error comparison: the rows of its
	 * cells, and how many of them REPRODUCED and were DIFFERENT */
	size_t ncells, nreproduced, ndifferent;
	pr_repro verdict;
	char *why; /* owned */
} pr_claim_repro;

/*
 * Per claim of run B (in its order): REPRODUCED when A states it too, its
 * verdict on both runs is the same PASS or FAIL, and (c a model-error
 * comparison and a claim over cells) every row of its cells REPRODUCED;
 * DIFFERENT when the verdicts are PASS on one run and FAIL on the other or
 * a row of its cells is DIFFERENT; INCONCLUSIVE otherwise (why says
 * which). *out owned (pr_claim_repro_free).
 */
size_t pr_compare_claims(pr_claim_repro **out, const pr_comparison *c);
void pr_claim_repro_free(pr_claim_repro *v, size_t n);

#endif
