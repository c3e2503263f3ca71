/* arrival.h - what arrival patterns do to a collective: per call the
 * arrival spread, its mean absolute deviation, the imbalance factor, the
 * total and the time after the last arrival; and the PAP-aware Allreduce
 * against the best built-in algorithm (DESIGN 7) */
#ifndef PR_ANALYZE_ARRIVAL_H
#define PR_ANALYZE_ARRIVAL_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "analyze/analyze.h"

struct pr_timings;
struct pr_manifest;

/* One call of a collective over its p ranks, in seconds. */
typedef struct {
	double spread; /* omega: max a - min a */
	double mad;    /* mean absolute deviation of the a_i about their mean */
	double total;  /* max e - min a */
	double after;  /* max e - max a: after the last arrival */
} pr_arrival_metrics;

/*
 * The metrics of one call from each rank's arrival a_ns[i] and exit
 * e_ns[i] (one clock, any origin, negative times too). PR_EINPUT when p
 * is 0.
 */
int pr_arrival_metrics_of(pr_arrival_metrics *out, const int64_t *a_ns,
			  const int64_t *e_ns, size_t p);

/* The imbalance factor: the spread over the one-way time of one message
 * of the collective's size; NAN when t_msg_s is not a positive number. */
double pr_arrival_imbalance(double spread_s, double t_msg_s);

/* The PAP-aware Allreduce against the best built-in one, by the 95%
 * interval of the ratio pap / best. */
typedef enum {
	PR_PAP_BEAT,	/* the interval lies below 1 */
	PR_PAP_LOST,	/* the interval lies above 1 */
	PR_PAP_TIED,	/* the interval contains 1 (edges included) */
	PR_PAP_UNKNOWN, /* no interval */
} pr_pap_outcome;

pr_pap_outcome pr_pap_outcome_of(double lo, double hi);

/*
 * The plain sentence of a ratio pap / best = ratio [lo, hi] against the
 * algorithm called best: "beat ring by 23.1% [15%, 30.2%]" (1 - ratio and
 * its interval), "lost to ring by 12% [5%, 20%]" (ratio - 1), "tied with
 * ring (ratio 0.98 [0.93, 1.04]: the interval contains 1)", or "no
 * comparison with ring (no interval)". Caller frees.
 */
char *pr_pap_sentence(pr_pap_outcome o, const char *best, double ratio,
		      double lo, double hi);

/* One (config, phase, size) of a run with arrival patterns: per call the
 * metrics, each summarized over launches as the analysis' rows are. */
typedef struct {
	int config;
	int64_t bytes;
	pr_analysis_row spread, mad, imbalance, after, total; /* sel: config,
								 phase */
	double t_msg_s; /* the prediction's one-way time of one message of
			   bytes under the config; NAN: none, no imbalance */
} pr_pap_row;

/* The PAP-aware config against the built-in configs that differ from it
 * in the algorithm alone, at one phase and size. */
typedef struct {
	int pap, best;	   /* config indices; best -1: no built-in with data */
	const char *phase; /* "allreduce" (the total) or "step" (the step) */
	int64_t bytes;
	size_t nbuiltins; /* built-in configs with data */
	double ratio;	  /* pap statistic / best statistic */
	double lo, hi;	  /* its percentile bootstrap interval over launches */
	int few_launches; /* a side has fewer than 6 launches */
	pr_pap_outcome outcome;
	char *sentence; /* pr_pap_sentence's */
} pr_pap_gain;

typedef struct pr_pap_study {
	char *workload;		     /* the manifest's, or NULL */
	char **algorithm, **pattern; /* per config; NULL: not recorded */
	size_t nconfigs;
	pr_pap_row *row; /* sorted by config, phase, bytes */
	size_t nrows;
	pr_pap_gain *gain; /* per pap config, phase and size */
	size_t ngains;
	int has_imbalance; /* some row has its t_msg_s */
} pr_pap_study;

/* Does a run of manifest m (may be NULL: no) have an arrival study: do
 * m's configs record a pattern or the algorithm pap? */
int pr_pap_applies(const struct pr_manifest *m);

/*
 * The arrival study of run r (its analysis made) from its timings t,
 * manifest m and the prediction it is judged against (pred, may be NULL:
 * then no imbalance): NULL unless pr_pap_applies(m). Rows: the phases allreduce
 * and step (dp-step's: from the step's start to the end of its Allreduce), per
 * (launch, rep) over the ranks that hold a sample. Gains: per pap config, phase
 * and size, the built-in config of lowest median total, the ratio of the
 * medians and its bootstrap (PR_COMPARE_NBOOT replicates, gain i seeded with
 * pr_compare_seed(run, "pap") + i). Owned by the caller.
 */
pr_pap_study *pr_pap_build(const pr_analysis_run *r, const struct pr_timings *t,
			   const struct pr_manifest *m, const json_t *pred);
void pr_pap_study_free(pr_pap_study *s);

/* r's arrival study, borrowed from r; NULL when it has none. */
const pr_pap_study *pr_pap_study_of(const pr_analysis_run *r);

#endif
