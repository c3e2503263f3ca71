/* causes.h - the measured causes of a cell's FAIL (DESIGN 7) */
#ifndef PR_ANALYZE_CAUSES_H
#define PR_ANALYZE_CAUSES_H

#include <stddef.h>

struct pr_analysis_run;

/*
 * The measured causes of every FAIL of r that is no negative control
 * (row.causes), nclamped being how many parameters the model clamped.
 */
void pr_causes_of(struct pr_analysis_run *r, size_t nclamped);

#endif
