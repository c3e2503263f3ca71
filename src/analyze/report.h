/* report.h - analysis/NAME/report.md for a reviewer, its plots, and the
 * same numbers as JSON */
#ifndef PR_REPORT_H
#define PR_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "analyze/analyze.h"
#include "analyze/compare.h"

/*
 * Write analysis/NAME/report.md below root (which ends in '/'), and
 * beside it the plots of every run of a and the page RUNID.md of each run
 * that has its own. Every file is written atomically and
 * the same analysis gives the same bytes (nothing depends on the time or
 * the machine). On a plotting failure the report is still written and
 * PR_EFAIL returned.
 */
int pr_report_write(const pr_analysis *a, const char *root);

/* A run whose main table has more rows than this gets its own page. */
#define PR_REPORT_PAGE_ROWS 100

/* So does every run but the last when the runs of a report have more
 * rows than this together in their main and arrival tables
 * (calib-allreduce's 12 runs, none over 100 rows, 1,000 in their main
 * tables, made a report.md of 705 KB; pap-allreduce's 5 runs, 360 main
 * rows and 200 arrival rows, one of 316 KB). */
#define PR_REPORT_TOTAL_ROWS 500

/* Why run i of a gets its own page, RUNID.md beside report.md: 0 it does
 * not, PR_PAGE_LONG its main table is long, PR_PAGE_EARLIER the runs
 * together are (it is not the last). */
enum { PR_PAGE_NONE, PR_PAGE_LONG, PR_PAGE_EARLIER };
int pr_report_own_page(const pr_analysis *a, size_t i);

/* A file of an analysis: its name in analysis/NAME/ and its text (len
 * bytes, not NUL-terminated). */
typedef struct {
	char *file;
	char *text;
	size_t len;
} pr_report_page;

/* The files of an analysis: report.md first, then the page RUNID.md of
 * each run whose tables are too long for report.md, in its order. */
typedef struct {
	pr_report_page *page;
	size_t n;
} pr_report_pages;

void pr_report_pages_free(pr_report_pages *p);

/*
 * The pages as pr_report_write writes them, into *out (freed with
 * pr_report_pages_free); the plots are written as pr_report_write writes
 * them, and their result goes to *plot_error (PR_OK or PR_EFAIL).
 * Returns negative, *out empty, when the report could not be rendered.
 */
int pr_report_render(pr_report_pages *out, int *plot_error,
		     const pr_analysis *a, const char *root);
/*
 * The same pages' text, byte for byte, with no plot written or drawn and
 * nothing created under root: what the audit compares with the committed
 * report (the plots' data and scripts are not part of that text).
 */
int pr_report_render_text(pr_report_pages *out, const pr_analysis *a,
			  const char *root);

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
