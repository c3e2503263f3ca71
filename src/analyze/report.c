/* report.c - analysis/NAME/report.md for a reviewer, its plots, and the
 * same numbers as JSON */
#include "analyze/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/plot.h"
#include "base/util.h"
#include "repo/paths.h"

/* The lines of report.md that say which runs it covers (pr_report_runs_read
 * reads them back): one heading per analyzed run, and in the intro the
 * runs left out, as "RUNID (status)" items. */
#define RUN_HEADING "## Run "
#define RUNS_LINE "- **Runs analyzed:** "
#define NOT_ANALYZED "; not analyzed: "

const char *pr_report_sig3(char *buf, double v)
{
	int d, dec;

	if (!isfinite(v))
		return strcpy(buf, "-");
	if (v == 0)
		return strcpy(buf, "0");
	d = (int)floor(log10(fabs(v)));
	dec = d >= 2 ? 0 : 2 - d;
	snprintf(buf, 48, "%.*f", dec, v);
	/* 9.996 rounds to "10.00": one decimal fewer keeps 3 digits */
	if (dec > 0 && fabs(strtod(buf, NULL)) >= pow(10, d + 1))
		snprintf(buf, 48, "%.*f", dec - 1, v);
	return buf;
}

static void put_sig3(FILE *f, double v)
{
	char buf[48];

	fputs(pr_report_sig3(buf, v), f);
}

/* Markdown table text: '|' escaped. */
static void put_md(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
}

/* The unit of a row: us when its time is below 0.1 ms, else ms. */
static double row_unit(const pr_analysis_row *x, const char **name)
{
	double v = x->n ? x->stat : (x->cell ? x->cell->predicted_s : NAN);

	if (isfinite(v) && fabs(v) < 1e-4) {
		*name = "us";
		return 1e6;
	}
	*name = "ms";
	return 1e3;
}

/* The prediction's kind ("calibration", "validation"), "" when none. */
static const char *kind(const pr_analysis *a)
{
	const char *s = json_string_value(json_object_get(a->pred, "kind"));

	return s ? s : "";
}

static const char *config_label(const pr_analysis_run *r, int config)
{
	return (size_t)config < r->nconfigs ? r->config_label[config] : "";
}

/* Which optional selectors appear among v. */
typedef struct {
	int device, bytes, rows, rank;
} columns;

static columns columns_of(const pr_analysis_row *v, size_t n)
{
	columns c = {0, 0, 0, 0};
	size_t i;

	for (i = 0; i < n; i++) {
		c.device |= v[i].sel.device != NULL;
		c.bytes |= v[i].sel.bytes >= 0;
		c.rows |= v[i].sel.rows >= 0;
		c.rank |= v[i].sel.rank >= 0;
	}
	return c;
}

static void put_header(FILE *f, const columns *c, const char *rest)
{
	int extra = c->device + c->bytes + c->rows + c->rank, i;

	fprintf(f, "| config | phase |%s%s%s%s %s\n|---|---|",
		c->device ? " device |" : "", c->bytes ? " bytes |" : "",
		c->rows ? " rows |" : "", c->rank ? " rank |" : "", rest);
	for (i = 0; i < extra; i++)
		fputs("---:|", f);
}

/* "| 0 vader/spread | allreduce | cpu | ..." up to the selectors. */
static void put_selection(FILE *f, const pr_analysis_run *r, const pr_select *s,
			  const columns *c)
{
	const char *cfg = config_label(r, s->config);

	fprintf(f, "| %d%s", s->config, *cfg ? " " : "");
	put_md(f, cfg);
	fputs(" | ", f);
	put_md(f, s->phase);
	if (s->max_over_ranks)
		fputs(" (max over ranks)", f);
	fputs(" |", f);
	if (c->device) {
		fputc(' ', f);
		put_md(f, s->device ? s->device : "all");
		fputs(" |", f);
	}
	if (c->bytes) {
		if (s->bytes >= 0)
			fprintf(f, " %lld |", (long long)s->bytes);
		else
			fputs(" all |", f);
	}
	if (c->rows) {
		if (s->rows >= 0)
			fprintf(f, " %lld |", (long long)s->rows);
		else
			fputs(" all |", f);
	}
	if (c->rank) {
		if (s->rank >= 0)
			fprintf(f, " %d |", s->rank);
		else
			fputs(" all |", f);
	}
}

static void put_launch_medians(FILE *f, const pr_analysis_row *x, double u)
{
	size_t k;

	for (k = 0; k < x->nlaunches; k++) {
		if (k)
			fputc(' ', f);
		put_sig3(f, x->launch_med[k] * u);
	}
}

static void put_row(FILE *f, const pr_analysis_run *r, const pr_analysis_row *x,
		    const columns *c)
{
	const char *unit;
	double u = row_unit(x, &unit);
	const pr_cell *p = x->cell;

	put_selection(f, r, &x->sel, c);
	fprintf(f, " %zu | ", x->n);
	if (x->n) {
		put_sig3(f, x->stat * u);
		fprintf(f, " %s | [", unit);
		put_sig3(f, x->ci.lo * u);
		fputs(", ", f);
		put_sig3(f, x->ci.hi * u);
		fprintf(f, "] %s%s | ", unit,
			x->ci.full_range ? " (range)" : "");
		put_launch_medians(f, x, u);
		fprintf(f, " %s | ", unit);
	} else {
		fputs("- | - | - | ", f);
	}
	if (p) {
		put_sig3(f, p->predicted_s * u);
		fputs(" [", f);
		put_sig3(f, p->lo_s * u);
		fputs(", ", f);
		put_sig3(f, p->hi_s * u);
		fprintf(f, "] %s | ", unit);
	} else {
		fputs("- | ", f);
	}
	if (p && x->n && p->predicted_s > 0) {
		put_sig3(f, x->stat / p->predicted_s);
		fputs(" [", f);
		put_sig3(f, x->ci.lo / p->predicted_s);
		fputs(", ", f);
		put_sig3(f, x->ci.hi / p->predicted_s);
		fputs("] | ", f);
	} else {
		fputs("- | ", f);
	}
	fprintf(f, "%s |\n", pr_verdict_name(x->verdict));
}

static void put_verdicts(FILE *f, const pr_analysis_run *r)
{
	fprintf(f, "**Verdicts: %zu PASS, %zu FAIL, %zu NO-PREDICTION",
		r->count[PR_PASS], r->count[PR_FAIL],
		r->count[PR_NO_PREDICTION]);
	if (r->count[PR_NO_DATA])
		fprintf(f, ", %zu NO-DATA", r->count[PR_NO_DATA]);
	fputs("**\n\n", f);
}

/* "- compute on cpu, config 0 vader/spread: linearity broken at ..." */
static void put_linearity(FILE *f, const pr_analysis_run *r,
			  const pr_linearity *l)
{
	const pr_select *s = &l->sel;
	const char *cfg = config_label(r, s->config);
	size_t i;

	fputs("- ", f);
	put_md(f, s->phase);
	if (s->device) {
		fputs(" on ", f);
		put_md(f, s->device);
	}
	fprintf(f, ", config %d%s", s->config, *cfg ? " " : "");
	put_md(f, cfg);
	if (l->nbroken == 0) {
		fputs(": linearity holds at every rows value measured\n", f);
		return;
	}
	fputs(": linearity broken at rows = ", f);
	for (i = 0; i < l->nbroken; i++)
		fprintf(f, "%s%lld", i ? ", " : "",
			(long long)l->broken_rows[i]);
	fputc('\n', f);
}

static void put_variability(FILE *f, const pr_analysis_run *r)
{
	columns c = columns_of(r->group, r->ngroups);
	const pr_analysis_row *most = NULL, *least = NULL;
	size_t i;

	c.rank = 0;
	fputs("### Run-to-run variability\n\n"
	      "Per (config, phase): the spread across launches of the "
	      "per-launch medians (all ranks' samples, warmups excluded). "
	      "max/min and CV (sample standard deviation / mean) of the "
	      "per-launch medians.\n\n",
	      f);
	put_header(f, &c,
		   "launches | per-launch medians (min .. max) | max/min | CV "
		   "|");
	fputs("---:|---|---:|---:|\n", f);
	for (i = 0; i < r->ngroups; i++) {
		const pr_analysis_row *g = &r->group[i];
		const char *unit;
		double u = row_unit(g, &unit), lo = INFINITY, hi = -INFINITY;
		size_t k;

		for (k = 0; k < g->nlaunches; k++) {
			lo = fmin(lo, g->launch_med[k]);
			hi = fmax(hi, g->launch_med[k]);
		}
		put_selection(f, r, &g->sel, &c);
		fprintf(f, " %zu | ", g->nlaunches);
		put_sig3(f, lo * u);
		fputs(" .. ", f);
		put_sig3(f, hi * u);
		fprintf(f, " %s | ", unit);
		put_sig3(f, g->max_min);
		fputs(" | ", f);
		if (isfinite(g->cv)) {
			put_sig3(f, 100 * g->cv);
			fputs("%", f);
		} else {
			fputs("-", f);
		}
		fputs(" |\n", f);
		if (isfinite(g->max_min)) {
			if (!most || g->max_min > most->max_min)
				most = g;
			if (!least || g->max_min < least->max_min)
				least = g;
		}
	}
	if (most && least && most->max_min != least->max_min) {
		fputs("\nThe per-launch medians vary by up to ", f);
		put_sig3(f, most->max_min);
		fputs("x (", f);
		put_md(f, most->sel.phase);
		fprintf(f, ", config %d) and by as little as ",
			most->sel.config);
		put_sig3(f, least->max_min);
		fputs("x (", f);
		put_md(f, least->sel.phase);
		fprintf(f, ", config %d) between launches.\n",
			least->sel.config);
	}
	fputc('\n', f);
}

static void put_json_value(FILE *f, json_t *v)
{
	if (json_is_string(v)) {
		put_md(f, json_string_value(v));
	} else if (json_is_integer(v)) {
		fprintf(f, "%lld", (long long)json_integer_value(v));
	} else if (json_is_real(v)) {
		fprintf(f, "%g", json_real_value(v));
	} else {
		char *s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS |
					    JSON_ENCODE_ANY);
		put_md(f, s ? s : "?");
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
		put_md(f, claim ? claim : "(none stated)");
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
	}
	fputs("- **Statistics:** *median* is the decision statistic, the "
	      "median over launches of the per-launch medians; *95% CI* is "
	      "the nonparametric confidence interval of the median of the "
	      "pooled non-warmup samples (order statistics, exact binomial "
	      "coverage >= 95%; *(range)*: fewer than 6 samples cannot reach "
	      "95%, the whole range is shown; when launches differ the "
	      "median of their medians can lie outside this interval, which "
	      "is why both are given); measured/predicted carries "
	      "the CI divided by the prediction. With reduce max_over_ranks "
	      "a sample is the makespan of a rep (the largest duration over "
	      "the ranks). Warmups never enter any statistic. Times in ms, or "
	      "us below 0.1 ms, to 3 significant digits.\n",
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
	if (r->pred_pinned == 1)
		fputs("- the prediction is the one pinned for this run\n", f);
	else if (r->pred_pinned == 0)
		fprintf(f,
			"- **predictions/%s.json is not the prediction "
			"pinned for this run**: the verdicts judge the run "
			"against the file as it is now\n",
			a->name);
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

static void put_steps(FILE *f, const pr_analysis *a, const pr_analysis_run *r)
{
	json_t *steps = json_object_get(a->pred, "steps"), *v;
	size_t i, c;

	fputs("**Launch geometry (predicted and observed step positions):** "
	      "the time is predicted to step at rows = ",
	      f);
	if (!json_array_size(steps))
		fputs("(none: the prediction was made without the device)", f);
	json_array_foreach(steps, i, v) fprintf(
	    f, "%s%lld", i ? ", " : "", (long long)json_integer_value(v));
	fputs(".\n", f);
	for (c = 0; c < r->nsteps; c++) {
		const pr_steps *x = &r->steps[c];

		fprintf(f,
			"- config %s, %s: the median steps up by more than "
			"the tolerance at rows = ",
			config_label(r, x->config), x->phase);
		for (i = 0; i < x->n; i++)
			fprintf(f, "%s%lld", i ? ", " : "",
				(long long)x->rows[i]);
		fputs(x->n ? "\n" : "(no step observed)\n", f);
	}
	fputc('\n', f);
}

static void put_run(FILE *f, const pr_analysis *a, const pr_analysis_run *r,
		    const pr_plot *plots, size_t nplots)
{
	columns c = columns_of(r->row, r->nrows);
	size_t i;

	put_run_facts(f, a, r);
	put_verdicts(f, r);
	put_header(f, &c,
		   "n | median | 95% CI | per-launch medians | predicted "
		   "[lo, hi] | measured/predicted | verdict |");
	fputs("---:|---:|---|---|---|---|---|\n", f);
	for (i = 0; i < r->nrows; i++)
		put_row(f, r, &r->row[i], &c);
	fputc('\n', f);
	if (r->has_linearity) {
		fputs("**Linearity (model linear-rows):**\n\n", f);
		for (i = 0; i < r->nlinearity; i++)
			put_linearity(f, r, &r->linearity[i]);
		fputc('\n', f);
	}
	if (r->has_steps)
		put_steps(f, a, r);
	put_variability(f, r);
	put_plots(f, plots, nplots);
}

int pr_report_write(const pr_analysis *a, const char *root)
{
	char *dir = pr_path_analysis(root, a->name);
	char *path = pr_asprintf("%s/report.md", dir), *buf = NULL;
	size_t len = 0, i;
	FILE *f = NULL;
	int error, plot_error = PR_OK;

	if ((error = pr_mkdir_p(dir)) < 0)
		goto cleanup;
	f = open_memstream(&buf, &len);
	if (!f) {
		error = pr_error("out of memory");
		goto cleanup;
	}
	put_intro(f, a);
	for (i = 0; i < a->nruns; i++) {
		pr_plot *plots = NULL;
		size_t nplots = 0;
		int e = pr_plot_run(&plots, &nplots, a, &a->run[i], dir);

		if (e < 0 && !plot_error)
			plot_error = e;
		put_run(f, a, &a->run[i], plots, nplots);
		pr_plots_free(plots, nplots);
	}
	fclose(f);
	error = pr_write_file_atomic(path, buf, len);
cleanup:
	free(buf);
	free(path);
	free(dir);
	return error < 0 ? error : plot_error;
}

static void add_id(char ***v, size_t *n, const char *s, size_t len)
{
	*v = pr_realloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = pr_asprintf("%.*s", (int)len, s);
}

/* The ids of the "RUNID (status)" items of a "not analyzed" list that
 * runs from at to eol. */
static void add_skipped(pr_report_runs *out, const char *at, const char *eol)
{
	const char *end, *paren;

	while (at < eol) {
		end = memmem(at, (size_t)(eol - at), ", ", 2);
		if (!end)
			end = eol;
		paren = memmem(at, (size_t)(end - at), " (", 2);
		if (paren && paren > at)
			add_id(&out->skipped, &out->nskipped, at,
			       (size_t)(paren - at));
		at = end == eol ? eol : end + 2;
	}
}

void pr_report_runs_read(pr_report_runs *out, const char *text, size_t len)
{
	const char *line = text, *end = text + len, *nl, *eol, *list;
	size_t nh = strlen(RUN_HEADING), nr = strlen(RUNS_LINE),
	       nn = strlen(NOT_ANALYZED);
	int intro = 1; /* before the first run's section */

	memset(out, 0, sizeof(*out));
	for (; line < end; line = nl ? nl + 1 : end) {
		nl = memchr(line, '\n', (size_t)(end - line));
		eol = nl ? nl : end;
		if ((size_t)(eol - line) > nh &&
		    !memcmp(line, RUN_HEADING, nh)) {
			add_id(&out->analyzed, &out->nanalyzed, line + nh,
			       (size_t)(eol - line) - nh);
			intro = 0;
		} else if (intro && (size_t)(eol - line) >= nr &&
			   !memcmp(line, RUNS_LINE, nr) &&
			   (list = memmem(line, (size_t)(eol - line),
					  NOT_ANALYZED, nn))) {
			add_skipped(out, list + nn, eol);
		}
	}
}

void pr_report_runs_free(pr_report_runs *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->nanalyzed; i++)
		free(r->analyzed[i]);
	for (i = 0; i < r->nskipped; i++)
		free(r->skipped[i]);
	free(r->analyzed);
	free(r->skipped);
	memset(r, 0, sizeof(*r));
}

/* JSON numbers; NAN (undefined) as null. */
static json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static void set_selection(json_t *o, const pr_analysis_run *r,
			  const pr_select *s)
{
	json_object_set_new(o, "config", json_integer(s->config));
	json_object_set_new(o, "config_label",
			    json_string(config_label(r, s->config)));
	json_object_set_new(o, "phase", json_string(s->phase));
	if (s->device)
		json_object_set_new(o, "device", json_string(s->device));
	if (s->bytes >= 0)
		json_object_set_new(o, "bytes", json_integer(s->bytes));
	if (s->rows >= 0)
		json_object_set_new(o, "rows", json_integer(s->rows));
	if (s->rank >= 0)
		json_object_set_new(o, "rank", json_integer(s->rank));
	if (s->max_over_ranks)
		json_object_set_new(o, "reduce", json_string("max_over_ranks"));
}

static json_t *launches_json(const pr_analysis_row *x, int medians)
{
	json_t *v = json_array();
	size_t k;

	for (k = 0; k < x->nlaunches; k++)
		json_array_append_new(v, medians ? jnum(x->launch_med[k])
						 : json_integer(x->launch[k]));
	return v;
}

static json_t *row_json(const pr_analysis_run *r, const pr_analysis_row *x)
{
	json_t *o = json_object();
	const pr_cell *p = x->cell;

	set_selection(o, r, &x->sel);
	json_object_set_new(o, "n", json_integer((json_int_t)x->n));
	json_object_set_new(o, "statistic_s", jnum(x->stat));
	json_object_set_new(
	    o, "ci",
	    x->n ? json_pack("{s:o, s:o, s:o, s:b, s:I}", "lo_s",
			     jnum(x->ci.lo), "hi_s", jnum(x->ci.hi), "coverage",
			     jnum(x->ci.coverage), "range_only",
			     x->ci.full_range, "rank", (json_int_t)x->ci.j)
		 : json_null());
	json_object_set_new(o, "launches", launches_json(x, 0));
	json_object_set_new(o, "launch_medians_s", launches_json(x, 1));
	json_object_set_new(o, "verdict",
			    json_string(pr_verdict_name(x->verdict)));
	if (!p)
		return o;
	json_object_set_new(o, "predicted_s", jnum(p->predicted_s));
	json_object_set_new(o, "lo_s", jnum(p->lo_s));
	json_object_set_new(o, "hi_s", jnum(p->hi_s));
	if (x->n && p->predicted_s > 0) {
		json_object_set_new(o, "ratio", jnum(x->stat / p->predicted_s));
		json_object_set_new(o, "ratio_ci",
				    json_pack("[o, o]",
					      jnum(x->ci.lo / p->predicted_s),
					      jnum(x->ci.hi / p->predicted_s)));
	}
	return o;
}

static json_t *group_json(const pr_analysis_run *r, const pr_analysis_row *g)
{
	json_t *o = json_object();

	set_selection(o, r, &g->sel);
	json_object_set_new(o, "n", json_integer((json_int_t)g->n));
	json_object_set_new(o, "nlaunches",
			    json_integer((json_int_t)g->nlaunches));
	json_object_set_new(o, "launches", launches_json(g, 0));
	json_object_set_new(o, "launch_medians_s", launches_json(g, 1));
	json_object_set_new(o, "max_over_min", jnum(g->max_min));
	json_object_set_new(o, "cv", jnum(g->cv));
	return o;
}

static json_t *linearity_json(const pr_analysis_run *r)
{
	json_t *all = json_array();
	size_t i, k;

	for (i = 0; i < r->nlinearity; i++) {
		const pr_linearity *l = &r->linearity[i];
		json_t *o = json_object(), *v = json_array();

		set_selection(o, r, &l->sel);
		json_object_del(o, "rows");
		json_object_del(o, "rank");
		for (k = 0; k < l->nbroken; k++)
			json_array_append_new(v,
					      json_integer(l->broken_rows[k]));
		json_object_set_new(o, "broken_at_rows", v);
		json_array_append_new(all, o);
	}
	return all;
}

/* {"predicted": [...], "observed": [{config, phase, rows: [...]}]} */
static json_t *steps_json(const pr_analysis *a, const pr_analysis_run *r)
{
	json_t *pred = json_object_get(a->pred, "steps");
	json_t *obs = json_array();
	size_t i, c;

	for (c = 0; c < r->nsteps; c++) {
		const pr_steps *x = &r->steps[c];
		json_t *rows = json_array();

		for (i = 0; i < x->n; i++)
			json_array_append_new(rows, json_integer(x->rows[i]));
		json_array_append_new(
		    obs, json_pack("{s:i, s:s, s:o}", "config", x->config,
				   "phase", x->phase, "rows", rows));
	}
	return json_pack("{s:o, s:o}", "predicted",
			 pred ? json_incref(pred) : json_array(), "observed",
			 obs);
}

static json_t *run_json(const pr_analysis *a, const pr_analysis_run *r)
{
	json_t *o = json_object(), *rows = json_array(), *groups = json_array();
	json_t *counts = json_object();
	size_t i;

	for (i = 0; i < r->nrows; i++)
		json_array_append_new(rows, row_json(r, &r->row[i]));
	for (i = 0; i < r->ngroups; i++)
		json_array_append_new(groups, group_json(r, &r->group[i]));
	for (i = 0; i < PR_NVERDICTS; i++)
		json_object_set_new(counts, pr_verdict_name((pr_verdict)i),
				    json_integer((json_int_t)r->count[i]));
	json_object_set_new(o, "run_id", json_string(r->run_id));
	json_object_set_new(o, "status",
			    r->status ? json_string(r->status) : json_null());
	json_object_set_new(o, "archive_sha256", json_string(r->sha256));
	json_object_set_new(o, "archive_matches_manifest",
			    r->sha256_ok < 0 ? json_null()
					     : json_boolean(r->sha256_ok));
	json_object_set_new(o, "prediction_pinned",
			    r->pred_pinned < 0 ? json_null()
					       : json_boolean(r->pred_pinned));
	json_object_set_new(
	    o, "samples", json_integer((json_int_t)(r->nsamples - r->nwarmup)));
	json_object_set_new(o, "warmups", json_integer((json_int_t)r->nwarmup));
	json_object_set_new(o, "verdicts", counts);
	json_object_set_new(o, "cells", rows);
	json_object_set_new(o, "variability", groups);
	if (r->has_linearity)
		json_object_set_new(o, "linearity", linearity_json(r));
	if (r->has_steps)
		json_object_set_new(o, "steps", steps_json(a, r));
	return o;
}

json_t *pr_report_json(const pr_analysis *a)
{
	json_t *o = json_object(), *runs = json_array(),
	       *skipped = json_array(), *pred = NULL;
	size_t i;

	for (i = 0; i < a->nruns; i++)
		json_array_append_new(runs, run_json(a, &a->run[i]));
	for (i = 0; i < a->nskipped; i++)
		json_array_append_new(skipped, json_string(a->skipped[i]));
	json_object_set_new(o, "experiment", json_string(a->name));
	if (a->pred) {
		json_t *model = json_object_get(a->pred, "model");

		pred = json_pack(
		    "{s:s, s:O?, s:O?, s:O?}", "blob", a->pred_blob, "claim",
		    json_object_get(a->pred, "claim"), "model",
		    json_object_get(model, "name"), "decision_rule",
		    json_object_get(a->pred, "decision_rule"));
		json_object_set_new(
		    pred, "file", json_sprintf("predictions/%s.json", a->name));
	}
	json_object_set_new(o, "prediction", pred ? pred : json_null());
	json_object_set_new(o, "runs", runs);
	json_object_set_new(o, "skipped_runs", skipped);
	return o;
}
