/* study.h - what a run's analysis adds for its prediction's model: one
 * table of studies, each keyed by the model it studies (DESIGN 7) */
#ifndef PR_ANALYZE_STUDY_H
#define PR_ANALYZE_STUDY_H

#include <stddef.h>

#include <jansson.h>

struct pr_analysis_run;

typedef struct {
	const char *name;  /* the study's */
	const char *model; /* the model of the predictions it applies to */
	/* Compute into r, judged against pred, what the study adds. */
	void (*compute)(struct pr_analysis_run *r, const json_t *pred);
	/* Free what compute put into r; a no-op where it put nothing. */
	void (*free)(struct pr_analysis_run *r);
} pr_study;

/* Every study, in the order a run's are computed. */
extern const pr_study pr_studies[];
extern const size_t pr_nstudies;

/* Does s apply to a run judged against pred (pred's model.name is s's
 * model)? pred may be NULL: no. */
int pr_study_applies(const pr_study *s, const json_t *pred);

/* Every study that applies to pred, computed into r in table order. */
void pr_study_compute(struct pr_analysis_run *r, const json_t *pred);

/* What the studies put into r, freed. */
void pr_study_free(struct pr_analysis_run *r);

#endif
