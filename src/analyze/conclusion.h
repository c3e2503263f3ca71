/* conclusion.h - what a run's verdicts come to, in one word and in plain
 * words, and what would change them: the top of report.md and of its
 * JSON, and `prereg summary`'s verdict (DESIGN 7) */
#ifndef PR_ANALYZE_CONCLUSION_H
#define PR_ANALYZE_CONCLUSION_H

#include <jansson.h>
#include <stdio.h>

struct pr_analysis;
struct pr_analysis_run;

/*
 * One word for a run's verdicts: FAIL when a cell (a negative control:
 * when it PASSes), a judged step or the launch ratio FAILs; else INCONCLUSIVE
 * when one is INCONCLUSIVE or NO-DATA; else PASS when one PASSes; else MEASURED
 * (nothing predicted: a calibration, or no cell names its phases). Static.
 */
const char *pr_run_word(const struct pr_analysis_run *r);

/* The cells of r judged on fewer than 6 launches (never PASS). */
size_t pr_run_few_launches(const struct pr_analysis_run *r);

/* "## Conclusion": per run its word, counts and busy launches, then what
 * would change the verdicts (fewer than 6 launches, busy launches,
 * INCONCLUSIVE or FAIL cells, nothing predicted). */
void pr_report_conclusion_md(FILE *f, const struct pr_analysis *a);
/* The same per run: {verdict, few_launches, busy, recorded, changes}. */
json_t *pr_report_conclusion_json(const struct pr_analysis_run *r);

#endif
