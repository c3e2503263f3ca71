/* report.c - analysis/NAME/report.md for a reviewer, its plots, and the
 * same numbers as JSON */
#include "analyze/report-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/conclusion.h"
#include "analyze/plot.h"
#include "base/util.h"
#include "repo/paths.h"

/* The prediction's kind ("calibration", "validation"), "" when none. */
static const char *kind(const pr_analysis *a)
{
	const char *s = json_string_value(json_object_get(a->pred, "kind"));

	return s ? s : "";
}

static void put_json_value(FILE *f, json_t *v)
{
	if (json_is_string(v)) {
		pr_md_text(f, json_string_value(v));
	} else if (json_is_integer(v)) {
		fprintf(f, "%lld", (long long)json_integer_value(v));
	} else if (json_is_real(v)) {
		fprintf(f, "%g", json_real_value(v));
	} else {
		char *s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS |
					    JSON_ENCODE_ANY);
		pr_md_text(f, s ? s : "?");
		free(s);
	}
}

static void put_calibration(FILE *f, const char *what, json_t *c)
{
	const char *exp = json_string_value(json_object_get(c, "experiment"));
	const char *run = json_string_value(json_object_get(c, "run_id"));
	const char *tag = json_string_value(
	    json_object_get(json_object_get(c, "pin"), "tag"));
	const char *sha =
	    json_string_value(json_object_get(c, "archive_sha256"));

	if (!exp)
		return;
	fprintf(f, "- **%s:** %s run %s", what, exp, run ? run : "?");
	if (tag)
		fprintf(f, " (pin %s)", tag);
	if (sha)
		fprintf(f, ", archive sha256 %.12s", sha);
	fputc('\n', f);
}

/* The rule in force, in words (decision_rule.rule of the prediction). */
static void put_rule(FILE *f, pr_rule rule)
{
	if (rule == PR_RULE_INTERVAL)
		fputs(
		    "- **Verdict rule in force:** interval (decision_rule.rule "
		    "= \"interval\"): FAIL when the launch-level interval of "
		    "the statistic and the predicted band [lo, hi] do not "
		    "overlap; PASS when they overlap, the interval is no "
		    "wider than the band and its coverage is at least 95%; "
		    "otherwise INCONCLUSIVE, with the reason (the interval "
		    "is wider than the band, or fewer than 6 launches give "
		    "no 95% interval)\n",
		    f);
	else
		fputs("- **Verdict rule in force:** point (the prediction "
		      "names no interval rule): PASS when lo <= statistic <= "
		      "hi, FAIL otherwise; the interval is shown but does not "
		      "decide\n",
		      f);
}

static void put_intro(FILE *f, const pr_analysis *a)
{
	json_t *model = json_object_get(a->pred, "model");
	json_t *rule = json_object_get(a->pred, "decision_rule"), *v;
	const char *claim =
	    json_string_value(json_object_get(a->pred, "claim"));
	const char *key;
	int first = 1;
	size_t i;

	fprintf(f,
		"# %s: analysis\n\n"
		"Written by `prereg analyze %s` from the raw archives "
		"(runs/%s/RUNID/timings.csv.gz); analyzing again gives the "
		"same bytes.\n\n",
		a->name, a->name, a->name);
	pr_report_conclusion_md(f, a);
	if (a->pred && !strcmp(kind(a), "calibration"))
		fputs("- **Kind:** calibration: its runs measure the "
		      "parameters that validation experiments' predictions "
		      "name; it predicts nothing, so every group is "
		      "NO-PREDICTION\n",
		      f);
	if (!a->pred) {
		fprintf(f,
			"- **Prediction:** none (predictions/%s.json is "
			"missing): every group is NO-PREDICTION\n",
			a->name);
	} else {
		fputs("- **Claim:** ", f);
		pr_md_text(f, claim ? claim : "(none stated)");
		fputs("\n- **Model:** ", f);
		put_json_value(f, json_object_get(model, "name"));
		if (json_is_string(json_object_get(model, "formula"))) {
			fputs(": ", f);
			put_json_value(f, json_object_get(model, "formula"));
		}
		fputc('\n', f);
		put_calibration(f, "Calibration",
				json_object_get(model, "calibration"));
		put_calibration(f, "Communication calibration",
				json_object_get(model, "comm_calibration"));
		fprintf(f,
			"- **Prediction:** predictions/%s.json (git blob "
			"%.12s), %zu cells\n"
			"- **Decision rule:** ",
			a->name, a->pred_blob, a->ncells);
		json_object_foreach(rule, key, v)
		{
			fprintf(f, "%s%s: ", first ? "" : "; ", key);
			put_json_value(f, v);
			first = 0;
		}
		if (first)
			fputs("(none stated)", f);
		fputc('\n', f);
		put_rule(f, a->rule);
	}
	fputs("- **Statistics:** *median* is the decision statistic, the "
	      "median over launches of the per-launch medians; *interval* is "
	      "the nonparametric confidence interval of that median over the "
	      "per-launch medians (order statistics [x_(j), x_(n+1-j)] of "
	      "the n launches, the largest j whose exact binomial coverage, "
	      "shown, is >= 95%: [x_(2), x_(9)] and 97.9% for 10 launches; "
	      "*(range)*: fewer than 6 launches cannot reach 95%, the whole "
	      "range is shown with its coverage, 93.8% for 5); the statistic "
	      "always lies inside it. measured/predicted carries the interval "
	      "divided by the prediction. A cell's reduce makes one "
	      "observation per (launch, rep) over its ranks: span (and "
	      "max over ranks) from the first start to the last end, after "
	      "last arrival from the last start to the last end, arrival "
	      "spread from the first start to the last start. Warmups never "
	      "enter any statistic. Times in ms, or us below 0.1 ms, to 3 "
	      "significant digits.\n",
	      f);
	fprintf(f, RUNS_LINE "%zu", a->nruns);
	for (i = 0; i < a->nskipped; i++)
		fprintf(f, "%s%s", i ? ", " : NOT_ANALYZED, a->skipped[i]);
	fputs("\n\n", f);
}

static void put_run_facts(FILE *f, const pr_analysis *a,
			  const pr_analysis_run *r)
{
	fprintf(f, RUN_HEADING "%s\n\n- status %s", r->run_id,
		r->status ? r->status : "unknown");
	if (r->pin_tag)
		fprintf(f, "; pin %s (commit %.12s)", r->pin_tag,
			r->pin_commit ? r->pin_commit : "?");
	fprintf(f,
		"\n- archive sha256 %.12s %s; %zu samples, %zu warmups "
		"excluded\n",
		r->sha256,
		r->sha256_ok == 1   ? "matches the manifest"
		: r->sha256_ok == 0 ? "**does not match the manifest**"
				    : "(the manifest has none)",
		r->nsamples - r->nwarmup, r->nwarmup);
	if (r->ops_hi > 1)
		fprintf(f,
			"- a sample timed a block of %lld to %lld back-to-back "
			"operations (the archive's rows count them); every "
			"time below is one operation's, the block's time "
			"divided by its count\n",
			(long long)r->ops_lo, (long long)r->ops_hi);
	if (r->pred_pinned == 1 && r->pred)
		fprintf(f,
			"- judged against the prediction pinned for this run "
			"(blob %.12s, %zu cells, %s rule), read from the "
			"repository: predictions/%s.json has changed since\n",
			r->pred_blob, r->ncells,
			pr_rule_of(r->pred) == PR_RULE_INTERVAL ? "interval"
								: "point",
			a->name);
	else if (r->pred_pinned == 1)
		fputs("- the prediction is the one pinned for this run\n", f);
	else if (r->pred_pinned == 0)
		fprintf(f,
			"- **predictions/%s.json is not the prediction "
			"pinned for this run**: the verdicts judge the run "
			"against the file as it is now\n",
			a->name);
	pr_report_sharing_md(f, r);
	pr_report_original_md(f, r);
	pr_report_busy_md(f, r);
	pr_report_energy_md(f, r);
	fputc('\n', f);
}

static void put_plots(FILE *f, const pr_plot *p, size_t n)
{
	size_t i;

	if (n == 0)
		return;
	fputs("### Plots\n\n", f);
	for (i = 0; i < n; i++) {
		size_t stem = strlen(p[i].file) - 4; /* without ".svg" */

		fprintf(f,
			"![%s](%s)\n\n*%s.* Data and gnuplot script: "
			"%.*s.dat, %.*s.gp.\n\n",
			p[i].title, p[i].file, p[i].title, (int)stem, p[i].file,
			(int)stem, p[i].file);
	}
}

/* The rows of all of a's runs' main and arrival tables */
static size_t total_rows(const pr_analysis *a)
{
	size_t j, total = 0;

	for (j = 0; j < a->nruns; j++)
		total += a->run[j].nrows + a->run[j].narrivals;
	return total;
}

int pr_report_own_page(const pr_analysis *a, size_t i)
{
	if (a->run[i].nrows > PR_REPORT_PAGE_ROWS)
		return PR_PAGE_LONG;
	if (i + 1 < a->nruns && total_rows(a) > PR_REPORT_TOTAL_ROWS)
		return PR_PAGE_EARLIER;
	return PR_PAGE_NONE;
}

/* A run with a page of its own (pr_report_own_page, why) keeps in
 * report.md its facts, verdicts, problems, causes and plots, and a link
 * to its page (RUNID.md beside it, page: NULL for none), which holds its
 * tables. */
static void put_run(FILE *f, FILE *page, int why, const pr_analysis *a,
		    const pr_analysis_run *r, const pr_plot *plots,
		    size_t nplots)
{
	FILE *t = page ? page : f;
	size_t i;

	put_run_facts(f, a, r);
	pr_report_verdicts_md(f, r);
	if (page && why == PR_PAGE_LONG) {
		fprintf(f,
			"Its %zu rows are more than a page: the main table, "
			"the arrival and collective time, the studies and "
			"the run-to-run variability are in [%s.md](%s.md).\n\n",
			r->nrows, r->run_id, r->run_id);
	} else if (page) {
		fprintf(f,
			"The report's %zu runs have %zu table rows together "
			"(main and arrival tables), more than a page: this "
			"run's main table, arrival and "
			"collective time, studies and run-to-run variability "
			"are in [%s.md](%s.md).\n\n",
			a->nruns, total_rows(a), r->run_id, r->run_id);
	}
	if (page) {
		fprintf(page,
			"# %s: run %s, every row\n\n"
			"Written by `prereg analyze %s` with "
			"[report.md](report.md), which holds this run's "
			"facts, verdicts and plots.\n\n",
			a->name, r->run_id, a->name);
	}
	pr_report_cells_md(t, a, r);
	fputc('\n', t);
	pr_report_outside_md(t, r);
	pr_report_problems_md(f, r);
	pr_report_controls_md(f, r);
	pr_report_null_md(f, a, r);
	pr_report_skill_md(f, a, r);
	pr_report_holdout_md(f, r);
	pr_report_causes_md(f, a, r);
	pr_report_arrivals_md(t, r);
	for (i = 0; i < PR_NSTUDIES; i++) {
		if (r->study[i])
			pr_studies[i].markdown(t, a, r);
	}
	pr_report_variability_md(t, r);
	put_plots(f, plots, nplots);
}

void pr_report_pages_free(pr_report_pages *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		free(p->page[i].file);
		free(p->page[i].text);
	}
	free(p->page);
	memset(p, 0, sizeof(*p));
}

/* A page being written: its name and its stream into memory. */
typedef struct {
	char *file;
	char *buf;
	size_t len;
	FILE *f;
} page_stream;

/* Open a page named file (taken: freed on failure). */
static int page_open(page_stream *s, char *file)
{
	memset(s, 0, sizeof(*s));
	if (!(s->f = open_memstream(&s->buf, &s->len))) {
		free(file);
		return pr_error("out of memory");
	}
	s->file = file;
	return PR_OK;
}

/* Close an open page and, when it was written whole, append it to out;
 * s is freed either way. */
static int page_close(pr_report_pages *out, page_stream *s, const char *name)
{
	int bad = ferror(s->f);
	pr_report_page *p;

	bad |= fclose(s->f) != 0;
	if (bad) {
		free(s->buf);
		free(s->file);
		return pr_error("cannot render the report of '%s'", name);
	}
	out->page = pr_realloc(out->page, (out->n + 1) * sizeof(*out->page));
	p = &out->page[out->n++];
	p->file = s->file;
	p->text = s->buf;
	p->len = s->len;
	return PR_OK;
}

/* The report's sections, in the document's order, into f, and the pages
 * of the runs that have their own (opened here, one per run or NULL),
 * appended to runs in the runs' order; with dir NULL the plots are
 * named in the text, not written or drawn. */
static int put_report(pr_report_pages *runs, FILE *f, int *plot_error,
		      const pr_analysis *a, const char *root, const char *dir)
{
	page_stream *s = pr_calloc(a->nruns ? a->nruns : 1, sizeof(*s));
	FILE **page = pr_calloc(a->nruns ? a->nruns : 1, sizeof(*page));
	int *why = pr_calloc(a->nruns ? a->nruns : 1, sizeof(*why));
	size_t i;
	int error = PR_OK, e;

	for (i = 0; i < a->nruns && error == PR_OK; i++) {
		if ((why[i] = pr_report_own_page(a, i)) &&
		    (error = page_open(
			 &s[i], pr_asprintf("%s.md", a->run[i].run_id))) ==
			PR_OK)
			page[i] = s[i].f;
	}
	if (error == PR_OK) {
		pr_plot *all = NULL;
		size_t nall = 0;

		put_intro(f, a);
		for (i = 0; i < a->nruns; i++) {
			pr_plot *plots = NULL;
			size_t nplots = 0;

			e = pr_plot_run(&plots, &nplots, a, &a->run[i], dir);
			if (e < 0 && !*plot_error)
				*plot_error = e;
			put_run(f, page[i], why[i], a, &a->run[i], plots,
				nplots);
			all =
			    pr_realloc(all, (nall + nplots + 1) * sizeof(*all));
			memcpy(all + nall, plots, nplots * sizeof(*all));
			nall += nplots;
			free(plots);
		}
		/* every plot of the report in one gnuplot */
		e = dir ? pr_plots_render(dir, all, nall) : PR_OK;
		if (e < 0 && !*plot_error)
			*plot_error = e;
		pr_plots_free(all, nall);
		pr_report_reproduction_md(f, page, a, root);
	}
	for (i = 0; i < a->nruns; i++) {
		if (page[i] && (e = page_close(runs, &s[i], a->name)) < 0)
			error = error < 0 ? error : e;
	}
	free(why);
	free(page);
	free(s);
	return error;
}

/* The pages into *out; with dir NULL the plots are named in the text but
 * neither written nor drawn. */
static int render(pr_report_pages *out, int *plot_error, const pr_analysis *a,
		  const char *root, const char *dir)
{
	pr_report_pages runs = {0};
	page_stream s;
	int error, e;
	size_t i;

	memset(out, 0, sizeof(*out));
	*plot_error = PR_OK;
	if ((dir && (error = pr_mkdir_p(dir)) < 0) ||
	    (error = page_open(&s, pr_strdup("report.md"))) < 0)
		goto cleanup;
	error = put_report(&runs, s.f, plot_error, a, root, dir);
	e = page_close(out, &s, a->name);
	error = error < 0 ? error : e;
	for (i = 0; error == PR_OK && i < runs.n; i++) {
		out->page =
		    pr_realloc(out->page, (out->n + 1) * sizeof(*out->page));
		out->page[out->n++] = runs.page[i];
		memset(&runs.page[i], 0, sizeof(runs.page[i]));
	}
	if (error < 0)
		pr_report_pages_free(out);
cleanup:
	pr_report_pages_free(&runs);
	return error;
}

int pr_report_render(pr_report_pages *out, int *plot_error,
		     const pr_analysis *a, const char *root)
{
	char *dir = pr_path_analysis(root, a->name);
	int error = render(out, plot_error, a, root, dir);

	free(dir);
	return error;
}

int pr_report_render_text(pr_report_pages *out, const pr_analysis *a,
			  const char *root)
{
	int plot_error;

	return render(out, &plot_error, a, root, NULL);
}

int pr_report_write(const pr_analysis *a, const char *root)
{
	char *dir = NULL, *path = NULL;
	pr_report_pages pages;
	int error, plot_error;
	size_t i;

	if ((error = pr_report_render(&pages, &plot_error, a, root)) < 0)
		return error;
	dir = pr_path_analysis(root, a->name);
	for (i = 0; i < pages.n && error == 0; i++) {
		path = pr_asprintf("%s/%s", dir, pages.page[i].file);
		error = pr_write_file_atomic(path, pages.page[i].text,
					     pages.page[i].len);
		free(path);
	}
	pr_report_pages_free(&pages);
	free(dir);
	return error < 0 ? error : plot_error;
}
