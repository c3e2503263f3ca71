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
} pr_md_columns;

/* report_md.c: markdown pieces */
void pr_md_sig3(FILE *f, double v);
void pr_md_percent(FILE *f, double share);
void pr_md_text(FILE *f, const char *s);
double pr_md_unit(const pr_analysis_row *x, const char **name);
const char *pr_report_label(const pr_analysis_run *r, int config);
pr_md_columns pr_md_columns_of(const pr_analysis_row *v, size_t n);
void pr_md_header(FILE *f, const pr_md_columns *c, const char *rest);
void pr_md_phase(FILE *f, const pr_select *s, const pr_cell *p);
void pr_md_row_name(FILE *f, const pr_analysis_run *r,
		    const pr_analysis_row *x);
void pr_md_selection(FILE *f, const pr_analysis_run *r, const pr_select *s,
		     const pr_cell *p, const pr_md_columns *c);
void pr_md_launch_medians(FILE *f, const pr_analysis_row *x, double u);
void pr_md_ci(FILE *f, const pr_stats_ci *ci, double u, const char *unit);
void pr_md_stat_ci(FILE *f, const pr_analysis_row *x, double u,
		   const char *unit);

/* report_table.c: the main table and variability */
void pr_report_row_md(FILE *f, const pr_analysis_run *r,
		      const pr_analysis_row *x, const pr_md_columns *c);
void pr_report_verdicts_md(FILE *f, const pr_analysis_run *r);
void pr_report_variability_md(FILE *f, const pr_analysis_run *r);
void pr_report_problems_md(FILE *f, const pr_analysis_run *r);
void pr_report_causes_md(FILE *f, const pr_analysis *a,
			 const pr_analysis_run *r);
void pr_report_outside_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_row_json(const pr_analysis *a, const pr_analysis_run *r,
			   const pr_analysis_row *x);
json_t *pr_report_group_json(const pr_analysis_run *r,
			     const pr_analysis_row *g);
json_t *pr_report_problems_json(const pr_analysis_run *r);

/* report_study_machine.c: the machine during a run */
void pr_report_sharing_md(FILE *f, const pr_analysis_run *r);
void pr_report_original_md(FILE *f, const pr_analysis_run *r);
void pr_report_energy_md(FILE *f, const pr_analysis_run *r);
void pr_report_busy_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_sharing_json(const pr_analysis_run *r);
json_t *pr_report_busy_json(const pr_analysis_run *r);

/* report_study_arrivals.c: arrivals and primitives */
void pr_report_primitives_md(FILE *f, const pr_analysis_run *r);
void pr_report_arrivals_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_primitives_json(const pr_analysis_run *r);
json_t *pr_report_arrivals_json(const pr_analysis_run *r);

/* report_study_pap.c: arrival patterns and pap */
void pr_report_pap_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_pap_json(const pr_analysis_run *r);

/* report_study_inflation.c: stacks, sharing and launch settings */
void pr_report_launch_ratio_md(FILE *f, const pr_analysis *a,
			       const pr_analysis_run *r);
void pr_report_inflation_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_launch_ratio_json(const pr_launch_ratio *lr);

/* report_study_linearity.c: linearity and steps */
void pr_report_linearity_md(FILE *f, const pr_analysis_run *r,
			    const pr_linearity *l);
void pr_report_steps_md(FILE *f, const pr_analysis *a,
			const pr_analysis_run *r);
json_t *pr_report_linearity_json(const pr_analysis_run *r);
json_t *pr_report_steps_json(const pr_analysis *a, const pr_analysis_run *r);

/* report_compare.c: the Reproduction section */
void pr_report_reproduction_md(FILE *f, const pr_analysis *a, const char *root);

/* report_json.c: JSON pieces */
json_t *pr_json_num(double v);
void pr_json_selection(json_t *o, const pr_analysis_run *r, const pr_select *s);
json_t *pr_json_ci(const pr_analysis_row *x);
json_t *pr_json_launches(const pr_analysis_row *x, int medians);
json_t *pr_json_quantity(const pr_analysis_row *x);

#endif
