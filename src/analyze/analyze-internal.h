/* analyze-internal.h - what the analysis' files share and nothing else
 * includes: the samples, their observations and the steps of
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
} sample;

typedef struct {
	sample *s;
	size_t n;
	const char **phase, **device; /* borrowed from the timings */
	size_t nphase, ndevice;
} sample_set;

/* An observation: one sample's duration, or what a reduce makes of the
 * samples of one (launch, rep). */
typedef struct {
	int launch, rep, rank;
	int64_t t0, t1;
	double s;
} obs;

#define CMP(a, b)                                                              \
	do {                                                                   \
		if ((a) != (b))                                                \
			return (a) < (b) ? -1 : 1;                             \
	} while (0)

int cmp_str(const void *a, const void *b);
int cmp_i64(const void *pa, const void *pb);
int cmp_obs_rep(const void *pa, const void *pb);
size_t rep_at(pr_arrival_metrics *out, size_t *nranks, const obs *o, size_t i,
	      size_t n, int64_t *a, int64_t *e);
void samples_load(sample_set *out, const struct pr_timings *t);
void samples_free(sample_set *s);
void obs_of(obs *o, const sample *x);
size_t select_obs(obs **out, const sample_set *S, const pr_select *sel);

void summarize(pr_analysis_row *r, const obs *o, size_t n);
void sel_copy(pr_select *out, const pr_select *in);
void row_free(pr_analysis_row *r);
void build_groups(pr_analysis_run *out, const sample_set *S);
void build_table(pr_analysis_run *out, const sample_set *S,
		 const pr_cell *cells, size_t ncells, pr_rule rule);

void build_arrivals(pr_analysis_run *out, const sample_set *S,
		    const struct pr_timings *t, const struct pr_manifest *m);
const pr_arrival *arrival_find(const pr_analysis_run *r, const pr_select *sel);

json_t *constant_keys(json_t *configs);
char *config_label(json_t *c, json_t *constant);

#endif
