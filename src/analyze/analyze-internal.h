/* analyze-internal.h - what the analysis' files share and nothing outside
 * analyze/ includes: the samples, their observations and the steps of
 * pr_analyze_run */
#ifndef PR_ANALYZE_INTERNAL_H
#define PR_ANALYZE_INTERNAL_H

#include "analyze/analyze.h"
#include "analyze/arrival.h"

struct pr_timings;

/* A non-warmup sample; phase and device index sorted string tables. */
typedef struct {
	int config, phase, device, launch, rep, rank;
	int64_t bytes, rows;
	int64_t t0, t1; /* t_start_ns, t_end_ns */
	double s;
} pr_sample;

typedef struct {
	pr_sample *s;
	size_t n;
	const char **phase, **device; /* borrowed from the timings */
	size_t nphase, ndevice;
	int64_t ops_lo, ops_hi; /* per_op: operations per sample */
} pr_sample_set;

/* An observation: one sample's duration, or what a reduce makes of the
 * samples of one (launch, rep). */
typedef struct {
	int launch, rep, rank;
	int64_t t0, t1;
	double s;
} pr_obs;

#define CMP(a, b)                                                              \
	do {                                                                   \
		if ((a) != (b))                                                \
			return (a) < (b) ? -1 : 1;                             \
	} while (0)

/* samples.c: the samples of t (non-warmup, sorted by config, phase,
 * device, bytes, rows, launch, rep, rank), freed by pr_samples_free. With
 * per_op (a workload whose rows count the operations a sample timed) each
 * sample is one operation: its time over its rows (when above 1), its rows
 * 0; out->ops_lo and ops_hi the fewest and most operations a sample
 * held (0 without per_op). */
void pr_samples_load(pr_sample_set *out, const struct pr_timings *t,
		     int per_op);
void pr_samples_free(pr_sample_set *s);
/* The observations sel takes from S (*out owned by the caller, its count
 * returned); under a reduce one per (launch, rep). */
size_t pr_samples_select(pr_obs **out, const pr_sample_set *S,
			 const pr_select *sel);
/* The observation of one sample. */
void pr_samples_obs(pr_obs *o, const pr_sample *x);
/* Observations by launch, rep, rank, then duration (qsort). */
int pr_samples_cmp_rep(const void *pa, const void *pb);
/* The (launch, rep) that starts at o[i] (o sorted by pr_samples_cmp_rep):
 * its arrival metrics (pr_arrival_metrics_of over its samples' starts and
 * ends) and its distinct ranks; returns the index after it. a and e have
 * room for n - i times. */
size_t pr_samples_rep(pr_arrival_metrics *out, size_t *nranks, const pr_obs *o,
		      size_t i, size_t n, int64_t *a, int64_t *e);

/* rows.c: a row's statistic from its observations (per-launch medians,
 * their median, its interval, CV and max/min); the groups of S into
 * out->group; the table of cells and unpredicted groups into out->row,
 * judged under rule (the cells must outlive out). */
void pr_row_summarize(pr_analysis_row *r, const pr_obs *o, size_t n);
void pr_row_groups(pr_analysis_run *out, const pr_sample_set *S);
void pr_row_table(pr_analysis_run *out, const pr_sample_set *S,
		  const pr_cell *cells, size_t ncells, pr_rule rule);
/* What a row owns, freed; a copy of a selection, its strings owned. */
void pr_row_free(pr_analysis_row *r);
void pr_select_copy(pr_select *out, const pr_select *in);

/* collective.c: the decomposition of every collective (config, phase) of
 * S into out->arrival, clocks from m (may be NULL: t's hosts); the one of
 * (config, phase) at sel's size (its only one when sel names none), or
 * NULL. */
void pr_collective_build(pr_analysis_run *out, const pr_sample_set *S,
			 const struct pr_timings *t,
			 const struct pr_manifest *m);
const pr_arrival *pr_collective_find(const pr_analysis_run *r,
				     const pr_select *sel);

#endif
