/* report-internal.h - what the files of the report (report*.c) share:
 * the markdown and JSON of each section, and their common pieces */
#ifndef PR_REPORT_INTERNAL_H
#define PR_REPORT_INTERNAL_H

#include <jansson.h>
#include <stdio.h>

#include "analyze/report.h"
#include "analyze/settings.h"

/* The lines of report.md that say which runs it covers (pr_report_runs_read
 * reads them back): one heading per analyzed run, and in the intro the
 * runs left out, as "RUNID (status)" items. */
#define RUN_HEADING "## Run "
#define RUNS_LINE "- **Runs analyzed:** "
#define NOT_ANALYZED "; not analyzed: "

/* Which optional selectors appear among v. */
typedef struct {
	int device, bytes, rows, rank;
} columns;

/* report_md.c: markdown pieces */
void put_sig3(FILE *f, double v);
void put_percent(FILE *f, double share);
void put_md(FILE *f, const char *s);
double row_unit(const pr_analysis_row *x, const char **name);
const char *config_label(const pr_analysis_run *r, int config);
columns columns_of(const pr_analysis_row *v, size_t n);
void put_header(FILE *f, const columns *c, const char *rest);
void put_phase(FILE *f, const pr_select *s, const pr_cell *p);
void put_row_name(FILE *f, const pr_analysis_run *r, const pr_analysis_row *x);
void put_selection(FILE *f, const pr_analysis_run *r, const pr_select *s,
		   const pr_cell *p, const columns *c);
void put_launch_medians(FILE *f, const pr_analysis_row *x, double u);
void put_ci(FILE *f, const pr_stats_ci *ci, double u, const char *unit);
void put_stat_ci(FILE *f, const pr_analysis_row *x, double u, const char *unit);

/* report_table.c: the main table and variability */
void put_row(FILE *f, const pr_analysis_run *r, const pr_analysis_row *x,
	     const columns *c);
void put_verdicts(FILE *f, const pr_analysis_run *r);
void put_variability(FILE *f, const pr_analysis_run *r);
void put_problems(FILE *f, const pr_analysis_run *r);
void put_causes(FILE *f, const pr_analysis *a, const pr_analysis_run *r);
void put_outside_note(FILE *f, const pr_analysis_run *r);
json_t *row_json(const pr_analysis *a, const pr_analysis_run *r,
		 const pr_analysis_row *x);
json_t *group_json(const pr_analysis_run *r, const pr_analysis_row *g);
json_t *problems_json(const pr_analysis_run *r);

/* report_study_machine.c: the machine during a run */
void put_sharing(FILE *f, const pr_analysis_run *r);
void put_original(FILE *f, const pr_analysis_run *r);
void put_energy(FILE *f, const pr_analysis_run *r);
void put_busy(FILE *f, const pr_analysis_run *r);
json_t *sharing_json(const pr_analysis_run *r);
json_t *busy_json(const pr_analysis_run *r);

/* report_study_arrivals.c: arrivals and primitives */
void put_primitives(FILE *f, const pr_analysis_run *r);
void put_arrivals(FILE *f, const pr_analysis_run *r);
json_t *primitives_json(const pr_analysis_run *r);
json_t *arrivals_json(const pr_analysis_run *r);

/* report_study_pap.c: arrival patterns and pap */
void put_pap(FILE *f, const pr_analysis_run *r);
json_t *pap_json(const pr_analysis_run *r);

/* report_study_inflation.c: stacks, sharing and launch settings */
void put_launch_ratio(FILE *f, const pr_analysis *a, const pr_analysis_run *r);
void put_inflation(FILE *f, const pr_analysis_run *r);
json_t *launch_ratio_json(const pr_launch_ratio *lr);

/* report_study_linearity.c: linearity and steps */
void put_linearity(FILE *f, const pr_analysis_run *r, const pr_linearity *l);
void put_steps(FILE *f, const pr_analysis *a, const pr_analysis_run *r);
json_t *linearity_json(const pr_analysis_run *r);
json_t *steps_json(const pr_analysis *a, const pr_analysis_run *r);

/* report_compare.c: the Reproduction section */
void put_reproduction(FILE *f, const pr_analysis *a, const char *root);

/* report_json.c: JSON pieces */
json_t *jnum(double v);
void set_selection(json_t *o, const pr_analysis_run *r, const pr_select *s);
json_t *ci_json(const pr_analysis_row *x);
json_t *launches_json(const pr_analysis_row *x, int medians);
json_t *quantity_json(const pr_analysis_row *x);

#endif
