/* study.h - what a run's analysis adds beyond its verdicts: one table of
 * studies, each deciding whether it applies to a run, computing its own
 * data and writing its report section (DESIGN 7) */
#ifndef PR_ANALYZE_STUDY_H
#define PR_ANALYZE_STUDY_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

struct pr_analysis;
struct pr_analysis_run;
struct pr_manifest;
struct pr_timings;

/* The studies, in the table's order: the order a run's are computed in
 * and report.md's. */
typedef enum {
	PR_STUDY_PAP,	       /* arrival patterns and the PAP-aware one */
	PR_STUDY_INFLATION,    /* the MPI stacks, packed over spread */
	PR_STUDY_PRIMITIVES,   /* models hockney-ring, hockney-allreduce */
	PR_STUDY_LINEARITY,    /* model linear-rows */
	PR_STUDY_STEPS,	       /* model launch-geometry */
	PR_STUDY_LAUNCH_RATIO, /* model launch-settings */
	PR_STUDY_RATIOS,       /* a prediction's pinned "ratios" */
	PR_NSTUDIES
} pr_study_id;

/* What a study is computed from besides the run's analysis. */
typedef struct {
	const json_t *pred;	     /* judged against, or NULL */
	const struct pr_timings *t;  /* the run's timings */
	const struct pr_manifest *m; /* its manifest, or NULL */
} pr_study_input;

typedef struct {
	const char *name; /* the study's */
	const char *key;  /* of its JSON in the run's, NULL without json */
	/* Does the study apply to the run of in? */
	int (*applies)(const pr_study_input *in);
	/* Its data for run r (whose verdicts and causes are made), owned
	 * by r, or NULL: then the report has nothing of it. It may add to
	 * the causes of r's rows. */
	void *(*compute)(struct pr_analysis_run *r, const pr_study_input *in);
	/* Its section of report.md, where compute gave data. */
	void (*markdown)(FILE *f, const struct pr_analysis *a,
			 const struct pr_analysis_run *r);
	/* Its JSON under key, where compute gave data; NULL: none. */
	json_t *(*json)(const struct pr_analysis *a,
			const struct pr_analysis_run *r);
	/* What compute returned, freed; a no-op on NULL. */
	void (*free)(void *data);
} pr_study;

/* Every study, indexed by pr_study_id. */
extern const pr_study pr_studies[PR_NSTUDIES];

/* Every study that applies to in, computed into r->study in table
 * order. */
void pr_study_compute(struct pr_analysis_run *r, const pr_study_input *in);

/* What the studies put into r->study, freed and cleared. */
void pr_study_free(struct pr_analysis_run *r);

#endif
