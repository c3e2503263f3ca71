/* report-internal.h - what the files of the report (report*.c) share:
 * the markdown and JSON of each section, and their common pieces */
#ifndef PR_REPORT_INTERNAL_H
#define PR_REPORT_INTERNAL_H

#include <jansson.h>
#include <stdio.h>

#include "analyze/columns.h"
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

/* What the selector columns read of a row that selects cells: its
 * selection, its cell (NULL: none; its formula follows the phase) and the
 * run whose labels name its configs. */
typedef struct {
	const pr_select *sel;
	const pr_cell *cell;
	const pr_analysis_run *run;
} pr_report_selected;

/* The context of a table with selector columns begins with this: of
 * reads a row's selection (its second argument: the context), shown
 * says which optional selectors the markdown has. */
typedef struct {
	pr_report_selected (*of)(const void *row, const void *ctx);
	pr_md_columns shown;
} pr_report_sel_ctx;

/* report_select.c: the selector columns' md, shown and json, for a table
 * whose context begins with a pr_report_sel_ctx. The markdown: config
 * and its label, phase with formula and reduce, device, bytes, rows and
 * rank ("all" where a row selects every one); the JSON: config,
 * config_label, phase, reduce, formula, device, bytes, rows and rank,
 * each but the first three only where the row sets it. */
void pr_sel_md_config(FILE *f, const void *row, const void *ctx);
void pr_sel_md_phase(FILE *f, const void *row, const void *ctx);
void pr_sel_md_device(FILE *f, const void *row, const void *ctx);
void pr_sel_md_bytes(FILE *f, const void *row, const void *ctx);
void pr_sel_md_rows(FILE *f, const void *row, const void *ctx);
void pr_sel_md_rank(FILE *f, const void *row, const void *ctx);
int pr_sel_shown_device(const void *ctx);
int pr_sel_shown_bytes(const void *ctx);
int pr_sel_shown_rows(const void *ctx);
int pr_sel_shown_rank(const void *ctx);
json_t *pr_sel_js_config(const void *row, const void *ctx);
json_t *pr_sel_js_config_label(const void *row, const void *ctx);
json_t *pr_sel_js_phase(const void *row, const void *ctx);
json_t *pr_sel_js_reduce(const void *row, const void *ctx);
json_t *pr_sel_js_formula(const void *row, const void *ctx);
json_t *pr_sel_js_device(const void *row, const void *ctx);
json_t *pr_sel_js_bytes(const void *row, const void *ctx);
json_t *pr_sel_js_rows(const void *row, const void *ctx);
json_t *pr_sel_js_rank(const void *row, const void *ctx);

/* report_md.c: markdown pieces */
void pr_md_sig3(FILE *f, double v);
/* seconds v as "1.23 ms", or in us below 0.1 ms ("-5.20 us") */
void pr_md_time(FILE *f, double v);
void pr_md_percent(FILE *f, double share);
void pr_md_text(FILE *f, const char *s);
double pr_md_unit(const pr_analysis_row *x, const char **name);
const char *pr_report_label(const pr_analysis_run *r, int config);
pr_md_columns pr_md_columns_of(const pr_analysis_row *v, size_t n);
void pr_md_phase(FILE *f, const pr_select *s, const pr_cell *p);
void pr_md_row_name(FILE *f, const pr_analysis_run *r,
		    const pr_analysis_row *x);
void pr_md_launch_medians(FILE *f, const pr_analysis_row *x, double u);
void pr_md_ci(FILE *f, const pr_stats_ci *ci, double u, const char *unit);
void pr_md_stat_ci(FILE *f, const pr_analysis_row *x, double u,
		   const char *unit);

/* report_table.c: the main table and variability */
void pr_report_cells_md(FILE *f, const pr_analysis *a,
			const pr_analysis_run *r);
void pr_report_verdicts_md(FILE *f, const pr_analysis_run *r);
void pr_report_variability_md(FILE *f, const pr_analysis_run *r);
void pr_report_problems_md(FILE *f, const pr_analysis_run *r);
void pr_report_causes_md(FILE *f, const pr_analysis *a,
			 const pr_analysis_run *r);
void pr_report_outside_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_cells_json(const pr_analysis *a, const pr_analysis_run *r);
json_t *pr_report_variability_json(const pr_analysis_run *r);
json_t *pr_report_problems_json(const pr_analysis_run *r);

/* report_controls.c: whether each negative control discriminates */
void pr_report_controls_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_controls_json(const pr_analysis_run *r);

/* report_skill.c: each predicted cell's error beside a null model's */
void pr_report_skill_md(FILE *f, const pr_analysis *a,
			const pr_analysis_run *r);
json_t *pr_report_skill_json(const pr_analysis *a, const pr_analysis_run *r);
/* the null pinned with the prediction (cells' null_s, described by its
 * model.null_rule); nothing, and NULL for the JSON, when no cell has one */
void pr_report_null_md(FILE *f, const pr_analysis *a, const pr_analysis_run *r);
json_t *pr_report_null_json(const pr_analysis *a, const pr_analysis_run *r);
/* the verdicts of held-out cells beside the fitted ones; nothing, and
 * NULL, when no cell is held out */
void pr_report_holdout_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_holdout_json(const pr_analysis_run *r);

/* report_study_machine.c: the machine during a run */
void pr_report_sharing_md(FILE *f, const pr_analysis_run *r);
void pr_report_original_md(FILE *f, const pr_analysis_run *r);
void pr_report_energy_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_energy_json(const pr_analysis_run *r);
void pr_report_busy_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_sharing_json(const pr_analysis_run *r);
json_t *pr_report_busy_json(const pr_analysis_run *r);

/* report_study_arrivals.c: arrivals and primitives */
void pr_report_arrivals_md(FILE *f, const pr_analysis_run *r);
json_t *pr_report_arrivals_json(const pr_analysis_run *r);

/* The sections of the studies (study.h's markdown and json), each
 * written from the study's data in r, which must have it. */
/* report_study_arrivals.c: hockney-ring's primitives */
void pr_report_primitives_md(FILE *f, const pr_analysis *a,
			     const pr_analysis_run *r);
json_t *pr_report_primitives_json(const pr_analysis *a,
				  const pr_analysis_run *r);

/* report_study_pap.c: arrival patterns and pap */
void pr_report_pap_md(FILE *f, const pr_analysis *a, const pr_analysis_run *r);
json_t *pr_report_pap_json(const pr_analysis *a, const pr_analysis_run *r);

/* report_study_inflation.c: stacks, sharing and launch settings */
void pr_report_inflation_md(FILE *f, const pr_analysis *a,
			    const pr_analysis_run *r);
json_t *pr_report_inflation_json(const pr_analysis *a,
				 const pr_analysis_run *r);
void pr_report_launch_ratio_md(FILE *f, const pr_analysis *a,
			       const pr_analysis_run *r);
void pr_report_ratios_md(FILE *f, const pr_analysis *a,
			 const pr_analysis_run *r);
json_t *pr_report_ratios_json(const pr_analysis *a, const pr_analysis_run *r);
json_t *pr_report_launch_ratio_json(const pr_analysis *a,
				    const pr_analysis_run *r);

/* report_study_linearity.c: linearity and steps */
void pr_report_linearity_md(FILE *f, const pr_analysis *a,
			    const pr_analysis_run *r);
void pr_report_steps_md(FILE *f, const pr_analysis *a,
			const pr_analysis_run *r);
json_t *pr_report_linearity_json(const pr_analysis *a,
				 const pr_analysis_run *r);
json_t *pr_report_steps_json(const pr_analysis *a, const pr_analysis_run *r);

/* report_compare.c: the Reproduction section; page[i] (NULL: none) is the
 * own page of run i, which then holds the rows of its comparison. */
void pr_report_reproduction_md(FILE *f, FILE *const *page, const pr_analysis *a,
			       const char *root);
/* A comparison as pr_report_compare writes it, its table of rows into
 * page (NULL: f), with a line in f that links page, B's RUNID.md. */
void pr_report_compare_paged(FILE *f, FILE *page, const pr_comparison *c);

/* report_json.c: JSON pieces */
json_t *pr_json_num(double v);
void pr_json_selection(json_t *o, const pr_analysis_run *r, const pr_select *s);
json_t *pr_json_ci(const pr_analysis_row *x);
json_t *pr_json_launches(const pr_analysis_row *x, int medians);
json_t *pr_json_quantity(const pr_analysis_row *x);

#endif
