/* report.h - analysis/NAME/report.md for a reviewer, its plots, and the
 * same numbers as JSON */
#ifndef PR_REPORT_H
#define PR_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "analyze/analyze.h"
#include "analyze/compare.h"

/*
 * Write analysis/NAME/report.md below root (which ends in '/') and the
 * plots of every run of a beside it. Every file is written atomically and
 * the same analysis gives the same bytes (nothing depends on the time or
 * the machine). On a plotting failure the report is still written and
 * PR_EFAIL returned.
 */
int pr_report_write(const pr_analysis *a, const char *root);

/*
 * report.md as pr_report_write writes it, into *out (len bytes, not
 * NUL-terminated, caller frees); the plots are written as
 * pr_report_write writes them, and their result goes to *plot_error
 * (PR_OK or PR_EFAIL). Returns negative, *out NULL, when the report
 * could not be rendered.
 */
int pr_report_render(char **out, size_t *len, int *plot_error,
		     const pr_analysis *a, const char *root);

/* The runs a report.md covers: run ids, in the report's order. */
typedef struct {
	char **analyzed; /* one per run section ("## Run RUNID") */
	size_t nanalyzed;
	char **skipped; /* the intro's "not analyzed: RUNID (status), ..." */
	size_t nskipped;
} pr_report_runs;

/*
 * Read back from a report.md that pr_report_write wrote (text, len bytes,
 * not NUL-terminated) the runs it covers. Any text reads: what does not
 * look like those lines is skipped. out is freed with pr_report_runs_free.
 */
void pr_report_runs_read(pr_report_runs *out, const char *text, size_t len);
void pr_report_runs_free(pr_report_runs *r);

/* The report's numbers (seconds): per run the table, the variability and
 * the linearity verdict. Caller decrefs. */
json_t *pr_report_json(const pr_analysis *a);

/*
 * A comparison as `prereg compare` prints it and report.md's
 * Reproduction section holds it: a "### B against A" heading, the
 * tolerances, what the manifests say side by side (every line, those that
 * differ marked), the warnings, the verdict counts and the table.
 */
void pr_report_compare(FILE *f, const pr_comparison *c);
/* The same as JSON. Caller decrefs. */
json_t *pr_report_compare_json(const pr_comparison *c);

/* "max over ranks", "span", "after last arrival", "arrival spread"; ""
 * for none. */
const char *pr_report_reduce_words(pr_reduce r);

/* "12.3" : v to 3 significant digits without exponent ("-" for NAN);
 * buf of at least 48 bytes. */
const char *pr_report_sig3(char *buf, double v);

#endif
