/* report.c - analysis/NAME/report.md for a reviewer, its plots, and the
 * same numbers as JSON */
#include "analyze/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/arrival.h"
#include "analyze/inflation.h"
#include "analyze/plot.h"
#include "analyze/settings.h"
#include "base/load.h"
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

const char *pr_report_reduce_words(pr_reduce r)
{
	static const char *const words[] = {"", "max over ranks", "span",
					    "after last arrival",
					    "arrival spread"};

	return r < PR_NREDUCE ? words[r] : "";
}

/* "97.9%" */
static void put_percent(FILE *f, double share)
{
	put_sig3(f, 100 * share);
	fputc('%', f);
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

/* "allreduce [ring] (after last arrival)": the phase, the formula of
 * cell p (may be NULL) and the reduce. */
static void put_phase(FILE *f, const pr_select *s, const pr_cell *p)
{
	put_md(f, s->phase);
	if (p && p->formula) {
		fputs(" [", f);
		put_md(f, p->formula);
		fputc(']', f);
	}
	if (s->reduce != PR_REDUCE_NONE)
		fprintf(f, " (%s)", pr_report_reduce_words(s->reduce));
}

/* "config 0 vader/spread, allreduce [ring]" */
static void put_row_name(FILE *f, const pr_analysis_run *r,
			 const pr_analysis_row *x)
{
	const char *cfg = config_label(r, x->sel.config);

	fprintf(f, "config %d%s", x->sel.config, *cfg ? " " : "");
	put_md(f, cfg);
	fputs(", ", f);
	put_phase(f, &x->sel, x->cell);
}

/* "| 0 vader/spread | allreduce | cpu | ..." up to the selectors. */
static void put_selection(FILE *f, const pr_analysis_run *r, const pr_select *s,
			  const pr_cell *p, const columns *c)
{
	const char *cfg = config_label(r, s->config);

	fprintf(f, "| %d%s", s->config, *cfg ? " " : "");
	put_md(f, cfg);
	fputs(" | ", f);
	put_phase(f, s, p);
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

/* "[9.90, 10.1] ms, 97.9%": an interval and its coverage ("(range)":
 * too few launches for 95%, the whole range). */
static void put_ci(FILE *f, const pr_stats_ci *ci, double u, const char *unit)
{
	fputc('[', f);
	put_sig3(f, ci->lo * u);
	fputs(", ", f);
	put_sig3(f, ci->hi * u);
	fprintf(f, "] %s, ", unit);
	put_percent(f, ci->coverage);
	if (ci->full_range)
		fputs(" (range)", f);
}

/* The verdict, with why it is INCONCLUSIVE and what a negative control
 * expects. */
static void put_verdict(FILE *f, const pr_analysis_row *x)
{
	fputs(pr_verdict_name(x->verdict), f);
	if (x->cell && x->cell->negative)
		fputs(x->verdict == PR_FAIL ? " (negative control: expected)"
					    : " (negative control: expected "
					      "FAIL)",
		      f);
	if (x->why)
		fprintf(f, " (%s)", x->why);
}

static void put_row(FILE *f, const pr_analysis_run *r, const pr_analysis_row *x,
		    const columns *c)
{
	const char *unit;
	double u = row_unit(x, &unit);
	const pr_cell *p = x->cell;

	put_selection(f, r, &x->sel, p, c);
	fprintf(f, " %zu | %zu | ", x->n, x->nlaunches);
	if (x->n) {
		put_sig3(f, x->stat * u);
		fprintf(f, " %s | ", unit);
		put_ci(f, &x->ci, u, unit);
		fputs(" | ", f);
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
	put_verdict(f, x);
	fputs(" |\n", f);
}

static void put_verdicts(FILE *f, const pr_analysis_run *r)
{
	fprintf(f, "**Verdicts: %zu PASS, %zu FAIL, %zu NO-PREDICTION",
		r->count[PR_PASS], r->count[PR_FAIL],
		r->count[PR_NO_PREDICTION]);
	if (r->count[PR_INCONCLUSIVE])
		fprintf(f, ", %zu INCONCLUSIVE", r->count[PR_INCONCLUSIVE]);
	if (r->count[PR_NO_DATA])
		fprintf(f, ", %zu NO-DATA", r->count[PR_NO_DATA]);
	fputs("**\n\n", f);
}

static void put_rows(FILE *f, const int64_t *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, "%s%lld", i ? ", " : "", (long long)rows[i]);
}

/* "- compute on cpu, config 0 vader/spread: linearity broken at ...", then
 * the controls: how many were predicted to break, where they held. */
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
		fputs(": linearity holds at every rows value measured", f);
	} else {
		fputs(": linearity broken at rows = ", f);
		put_rows(f, l->broken_rows, l->nbroken);
		fprintf(f,
			" (%zu of %zu rows values; measured/line: ", l->nbroken,
			l->nmeasured);
		for (i = 0; i < l->nbroken; i++) {
			fputs(i ? ", " : "", f);
			put_sig3(f, l->broken_ratio[i]);
		}
		fputc(')', f);
	}
	if (l->ncontrols && !l->nheld)
		fprintf(f, "; the %zu predicted to break all broke (controls)",
			l->ncontrols);
	if (l->nheld) {
		fprintf(f, "; %zu of %zu predicted to break held at rows = ",
			l->nheld, l->ncontrols);
		put_rows(f, l->held_rows, l->nheld);
		fputs(" (controls: the alarm missed them)", f);
	}
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
		put_selection(f, r, &g->sel, NULL, &c);
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

/* One line per config whose launches put more than one rank on a core:
 * flagged unless the spec said sharing is what it tests. */
static void put_sharing(FILE *f, const pr_analysis_run *r)
{
	size_t c;

	for (c = 0; r->sharing && c < r->nconfigs; c++) {
		const pr_sharing *s = &r->sharing[c];
		const char *cfg = config_label(r, (int)c);

		if (!s->known || !s->oversubscribed)
			continue;
		fputs(s->sharing_tested ? "- sharing tested: config "
					: "- **oversubscribed**: config ",
		      f);
		fprintf(f, "%zu%s", c, *cfg ? " " : "");
		put_md(f, cfg);
		fputs(" put ", f);
		put_sig3(f, s->ranks_per_core);
		fputs(s->sharing_tested
			  ? " ranks on a core, as its spec says it tests\n"
			  : " ranks on a core; its spec does not say sharing "
			    "is what it tests, so its times include it\n",
		      f);
	}
}

/* A run made --as-original: which run it reproduces, with which code. */
static void put_original(FILE *f, const pr_analysis_run *r)
{
	if (!r->as_original)
		return;
	fprintf(f,
		"- made with the measuring code of run %s (`prereg repro "
		"--as-original`): prereg-rank %s, the original's build, "
		"launched by prereg %s; `prereg compare %s %s` sets them side "
		"by side\n",
		r->as_original,
		r->runner_version ? r->runner_version : "(unknown)",
		r->prereg_version ? r->prereg_version : "(unknown)",
		r->as_original, r->run_id ? r->run_id : "RUNID");
}

/* "; N launches not recorded (why)", or nothing when all were. */
static void put_busy_unrecorded(FILE *f, const pr_busy *b)
{
	size_t n = b->nlaunches - b->nrecorded;

	if (n == 0)
		return;
	fprintf(f, "; %zu launch%s not recorded (", n, n == 1 ? "" : "es");
	put_md(f, b->why_not ? b->why_not : "the manifest predates the record");
	fputc(')', f);
}

/* One busy launch: "launch 0, config 1 (tcp): 1.37 other cores (ranks on
 * 2 CPUs), load average 3.76 to 3.78" */
static void put_busy_launch(FILE *f, const pr_analysis_run *r,
			    const pr_busy_launch *x)
{
	const char *cfg = config_label(r, x->config);

	fprintf(f, "  - launch %d, config %d", x->launch, x->config);
	if (*cfg) {
		fputs(" (", f);
		put_md(f, cfg);
		fputc(')', f);
	}
	fputs(": ", f);
	put_sig3(f, x->other_cores);
	fprintf(f, " other cores (ranks on %g CPUs), load average ",
		x->rank_cpus);
	put_sig3(f, x->load_start);
	fputs(" to ", f);
	put_sig3(f, x->load_end);
	fputc('\n', f);
}

/* Energy per call (DESIGN 7): the table where a counter measured it,
 * else one line saying why not, from the recorded reasons only. */
static void put_energy(FILE *f, const pr_analysis_run *r)
{
	const pr_energy_sum *e = &r->energy;
	size_t i;

	if (!e->recorded) {
		fputs("- energy: not recorded (the run is older than the "
		      "energy record)\n",
		      f);
		return;
	}
	if (!e->counters) {
		fprintf(f, "- energy: not measured (%s)\n",
			e->why_not ? e->why_not : "no reason recorded");
		return;
	}
	if (!e->nrows) {
		fprintf(f,
			"- energy: counters %s; not measured per call (no "
			"timed event lasted the %g s its counter needs)\n",
			e->counters,
			e->ndevices ? e->device[0].min_phase_s : 0);
		return;
	}
	fprintf(f,
		"- energy per call (counters %s; each event at least 100 "
		"update periods long):\n\n"
		"| config | phase | device | J per call | 95%% interval | "
		"resolution J | launches |\n"
		"|---|---|---|---|---|---|---|\n",
		e->counters);
	for (i = 0; i < e->nrows; i++) {
		const pr_energy_row *x = &e->row[i];

		fprintf(
		    f, "| %s | %s | %s | %.6g | [%.6g, %.6g]%s | %g | %zu |\n",
		    (size_t)x->config < r->nconfigs ? r->config_label[x->config]
						    : "?",
		    x->phase, x->device, x->stat_j, x->lo_j, x->hi_j,
		    x->coverage < 0.95 ? " (full range)" : "", x->resolution_j,
		    x->nlaunches);
	}
	fputc('\n', f);
}

/* What else used the machine (DESIGN 7): how many launches ran on a busy
 * machine, each of them, and a machine busy when the run started; "not
 * recorded" where the manifest says nothing, never idle. */
static void put_busy(FILE *f, const pr_analysis_run *r)
{
	const pr_busy *b = &r->busy;
	size_t i;

	if (b->start_known && b->start_busy) {
		fputs("- **the machine was busy when the run started**: ", f);
		put_sig3(f, b->start_other_cores);
		fprintf(f, " other cores (ranks on %g CPUs), load average ",
			b->start_rank_cpus);
		put_sig3(f, b->start_load);
		if (b->start_waited_s > 0) {
			fputs(", after waiting ", f);
			put_sig3(f, b->start_waited_s);
			fputs(" s", f);
		}
		fputc('\n', f);
	}
	if (b->nrecorded == 0) {
		fprintf(f, "- machine load not recorded (%zu launches: ",
			b->nlaunches);
		put_md(f, b->why_not ? b->why_not
				     : "the manifest predates the record");
		fputs(")\n", f);
		return;
	}
	fprintf(f,
		"- %s%zu of %zu launches ran on a busy machine%s (other "
		"processes above %g x the CPUs the ranks use; other cores "
		"median ",
		b->nbusy ? "**" : "", b->nbusy, b->nrecorded,
		b->nbusy ? "**" : "", PR_BUSY_SHARE);
	put_sig3(f, b->other_median);
	fputs(", max ", f);
	put_sig3(f, b->other_max);
	fputc(')', f);
	put_busy_unrecorded(f, b);
	fputs(b->nbusy ? ":\n" : "\n", f);
	for (i = 0; i < b->nbusy; i++)
		put_busy_launch(f, r, &b->busy[i]);
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
	put_sharing(f, r);
	put_original(f, r);
	put_busy(f, r);
	put_energy(f, r);
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

static void put_rows_or_none(FILE *f, long rows)
{
	if (rows >= 0)
		fprintf(f, "%ld", rows);
	else
		fputs("-", f);
}

/* The step verdict of each config (DESIGN 7), after the observed steps. */
static void put_step_verdicts(FILE *f, const pr_analysis *a,
			      const pr_analysis_run *r)
{
	json_t *rule = json_object_get(a->pred, "step_rule");
	size_t c, i;

	fprintf(f,
		"\n**Step verdict** (a step: the statistic above %.2f times "
		"the previous rows value's, the launch-level intervals apart; "
		"PASS within %lld rows of the predicted step):\n\n",
		json_number_value(json_object_get(rule, "min_ratio")),
		(long long)json_integer_value(
		    json_object_get(rule, "tolerance_rows")));
	fputs("| config | predicted step (rows) | observed step (rows) | "
	      "verdict |\n|---|---|---|---|\n",
	      f);
	for (c = 0; c < r->nsteps; c++) {
		const pr_steps *x = &r->steps[c];

		for (i = 0; i < x->nmatch; i++) {
			fprintf(f, "| %s | ", config_label(r, x->config));
			put_rows_or_none(f, x->match[i].predicted);
			fputs(" | ", f);
			put_rows_or_none(f, x->match[i].observed);
			fprintf(f, " | %s |\n",
				pr_step_verdict_name(x->match[i].verdict));
		}
		if (!x->nmatch)
			fprintf(f,
				"| %s | - | - | (no step predicted or "
				"observed) |\n",
				config_label(r, x->config));
	}
	fputc('\n', f);
	for (c = 0; c < r->nsteps; c++)
		fprintf(f, "Steps of config %s: %s.\n",
			config_label(r, r->steps[c].config),
			r->steps[c].pass ? "PASS" : "FAIL");
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
	if (r->nsteps && r->steps[0].judged)
		put_step_verdicts(f, a, r);
	fputc('\n', f);
}

/* Negative controls that did not FAIL. */
static void put_problems(FILE *f, const pr_analysis_run *r)
{
	size_t i;
	int any = 0;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell || !x->cell->negative ||
		    (x->verdict != PR_PASS && x->verdict != PR_INCONCLUSIVE))
			continue;
		if (!any)
			fputs("**Problems:**\n\n", f);
		any = 1;
		fputs("- negative control did not fail: ", f);
		put_row_name(f, r, x);
		fprintf(f, " is %s\n", pr_verdict_name(x->verdict));
	}
	if (any)
		fputc('\n', f);
}

/* One FAIL's measured causes, "; " between them. */
static void put_cause_list(FILE *f, const pr_analysis *a,
			   const pr_analysis_row *x)
{
	const pr_causes *k = &x->causes;
	const char *unit;
	double u = row_unit(x, &unit);
	const char *sep = "";
	size_t i;

	if (k->arrival) {
		fputs("arrival: median arrival spread ", f);
		put_sig3(f, k->spread_s * u);
		fprintf(f, " %s, ", unit);
		put_percent(f, k->share);
		fputs(" of the statistic", f);
		sep = "; ";
	}
	if (k->sharing) {
		fprintf(f, "%ssharing: oversubscribed, ", sep);
		put_sig3(f, k->ranks_per_core);
		fputs(" ranks per core", f);
		sep = "; ";
	}
	if (k->clamp) {
		fprintf(f, "%sclamp: the model clamped ", sep);
		for (i = 0; i < a->nclamped; i++) {
			fputs(i ? ", " : "", f);
			put_md(f, a->clamped[i]);
		}
		sep = "; ";
	}
	if (k->regime) {
		fprintf(f,
			"%sregime: the message size lies outside the "
			"calibrated sizes (extrapolated)",
			sep);
		sep = "; ";
	}
	if (k->primitives) {
		fprintf(f,
			"%sprimitives: the ring steps and reductions timed "
			"in the same launches make ",
			sep);
		put_sig3(f, k->formula_s * u);
		fprintf(f, " %s; the Allreduce took ", unit);
		put_sig3(f, k->impl_ratio);
		fputs("x that (its implementation), the primitives were ", f);
		put_sig3(f, k->cond_ratio);
		fputs("x the prediction (the conditions)", f);
		sep = "; ";
	}
	if (!*sep)
		fputs("no measured cause found", f);
}

/* Every FAIL that is no negative control, with its measured causes. */
static void put_causes(FILE *f, const pr_analysis *a, const pr_analysis_run *r)
{
	size_t i;
	int any = 0;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (x->verdict != PR_FAIL || !x->cell || x->cell->negative)
			continue;
		if (!any)
			fputs("**Causes of the FAILs, measured:**\n\n", f);
		any = 1;
		fputs("- ", f);
		put_row_name(f, r, x);
		fputs(": ", f);
		put_cause_list(f, a, x);
		fputc('\n', f);
	}
	if (any)
		fputc('\n', f);
}

/* "4.00 [3.00, 5.00] ms, 97.9%" */
static void put_stat_ci(FILE *f, const pr_analysis_row *x, double u,
			const char *unit)
{
	put_sig3(f, x->stat * u);
	fputc(' ', f);
	put_ci(f, &x->ci, u, unit);
}

/* "1.23 ms" in the unit of v */
static void put_time(FILE *f, double v)
{
	int us = fabs(v) < 1e-4;

	put_sig3(f, v * (us ? 1e6 : 1e3));
	fputs(us ? " us" : " ms", f);
}

static void put_primitives(FILE *f, const pr_analysis_run *r)
{
	size_t i;

	if (!r->has_primitives || !r->nprimitives)
		return;
	fputs("### Primitives timed in the same launches\n\n"
	      "Per ring Allreduce cell: the statistic of this run's own ring "
	      "steps X (MPI_Sendrecv of the n/p-byte segment, every rank at "
	      "once) and reductions R of that segment, timed right after each "
	      "rep (interleave = primitives), and the ring formula (p-1) [X + "
	      "R] + (p-1) X built from them. measured/formula far from 1: "
	      "the Allreduce costs more (or less) than the primitives it is "
	      "made of, its implementation; formula/predicted far from 1: "
	      "the primitives themselves differ from the calibration's, the "
	      "conditions.\n\n"
	      "| config | phase | segment | X | R | formula | measured | "
	      "measured/formula | formula/predicted |\n"
	      "|---|---|---:|---:|---:|---:|---:|---:|---:|\n",
	      f);
	for (i = 0; i < r->nprimitives; i++) {
		const pr_primitive *q = &r->primitive[i];
		const char *cfg = config_label(r, q->config);

		fprintf(f, "| %d%s", q->config, *cfg ? " " : "");
		put_md(f, cfg);
		fputs(" | ", f);
		put_md(f, q->phase);
		fprintf(f, " | %lld B | ", (long long)q->seg);
		put_time(f, q->x_s);
		fputs(" | ", f);
		put_time(f, q->r_s);
		fputs(" | ", f);
		put_time(f, q->formula_s);
		fputs(" | ", f);
		put_time(f, q->measured_s);
		fputs(" | ", f);
		put_sig3(f, q->measured_s / q->formula_s);
		fputs(" | ", f);
		put_sig3(f, q->formula_s / q->predicted_s);
		fputs(" |\n", f);
	}
	fputc('\n', f);
}

static void put_arrivals(FILE *f, const pr_analysis_run *r)
{
	size_t i;

	if (!r->narrivals)
		return;
	fputs("### Arrival and collective time\n\n"
	      "Per (launch, rep) of a collective phase (and message size) over "
	      "its ranks: the "
	      "arrival spread (last start - first start), the time after the "
	      "last arrival (last end - last start: what a Hockney model of "
	      "the collective predicts) and the total (last end - first "
	      "start); each the median of per-launch medians with its "
	      "launch-level interval and coverage. The share is the arrival "
	      "spread over the total. Refused where the median spread is below "
	      "the clock uncertainty of the launches.\n\n"
	      "| config | phase | launches | arrival spread | after last "
	      "arrival | total | spread share |\n"
	      "|---|---|---:|---|---|---|---:|\n",
	      f);
	for (i = 0; i < r->narrivals; i++) {
		const pr_arrival *x = &r->arrival[i];
		const char *cfg = config_label(r, x->spread.sel.config);
		const char *unit;
		double u = row_unit(&x->total, &unit);

		fprintf(f, "| %d%s", x->spread.sel.config, *cfg ? " " : "");
		put_md(f, cfg);
		fputs(" | ", f);
		put_md(f, x->spread.sel.phase);
		if (x->spread.sel.bytes >= 0)
			fprintf(f, " (%lld B)", (long long)x->spread.sel.bytes);
		fprintf(f, " | %zu | ", x->spread.nlaunches);
		if (x->refused && isnan(x->clock_ns)) {
			fputs("clock uncertainty unknown (ranks on several "
			      "hosts) | - | - | - |\n",
			      f);
			continue;
		}
		if (x->refused) {
			fputs("spread below the clock uncertainty (", f);
			put_sig3(f, x->clock_ns * 1e-3);
			fputs(" us) | - | - | - |\n", f);
			continue;
		}
		put_stat_ci(f, &x->spread, u, unit);
		fputs(" | ", f);
		put_stat_ci(f, &x->after, u, unit);
		fputs(" | ", f);
		put_stat_ci(f, &x->total, u, unit);
		fputs(" | ", f);
		if (isfinite(x->share))
			put_percent(f, x->share);
		else
			fputc('-', f);
		fputs(" |\n", f);
	}
	fputc('\n', f);
}

/* "1.23 [1.1, 1.4] ms" of a row in unit u, or "-" without data */
static void put_median_ci(FILE *f, const pr_analysis_row *x, double u,
			  const char *unit)
{
	if (!x->nlaunches) {
		fputc('-', f);
		return;
	}
	put_sig3(f, x->stat * u);
	fputs(" [", f);
	put_sig3(f, x->ci.lo * u);
	fputs(", ", f);
	put_sig3(f, x->ci.hi * u);
	fprintf(f, "]%s%s", *unit ? " " : "", unit);
}

static const char *or_dash(const char *s)
{
	return s ? s : "-";
}

static void put_pap_row(FILE *f, const pr_analysis_run *r,
			const pr_pap_study *s, const pr_pap_row *x)
{
	const char *unit;
	double u = row_unit(&x->total, &unit);

	fprintf(f, "| %d ", x->config);
	put_md(f, config_label(r, x->config));
	fputs(" | ", f);
	put_md(f, or_dash(s->algorithm[x->config]));
	fputs(" | ", f);
	put_md(f, or_dash(s->pattern[x->config]));
	fputs(" | ", f);
	put_md(f, x->total.sel.phase);
	fprintf(f, " | %lld B | %zu | ", (long long)x->bytes,
		x->total.nlaunches);
	put_median_ci(f, &x->after, u, unit);
	fputs(" | ", f);
	put_sig3(f, x->after.max_min);
	fputs(" | ", f);
	put_median_ci(f, &x->total, u, unit);
	fputs(" | ", f);
	put_sig3(f, x->total.max_min);
	fputs(" | ", f);
	put_median_ci(f, &x->spread, u, unit);
	fputs(" | ", f);
	put_median_ci(f, &x->mad, u, unit);
	fputs(" | ", f);
	if (x->imbalance.nlaunches)
		put_median_ci(f, &x->imbalance, 1, "");
	else
		fputs("not reported", f);
	fputs(" |\n", f);
}

/* "pap 1.23 [1.1, 1.4] ms" of config c's row of g's phase and size */
static void put_pap_side(FILE *f, const pr_pap_study *s, const pr_pap_gain *g,
			 int c)
{
	const char *unit;
	size_t i;

	put_md(f, or_dash(s->algorithm[c]));
	for (i = 0; i < s->nrows; i++) {
		const pr_pap_row *x = &s->row[i];

		if (x->config == c && x->bytes == g->bytes &&
		    !strcmp(x->total.sel.phase, g->phase)) {
			double u = row_unit(&x->total, &unit);

			fputc(' ', f);
			put_median_ci(f, &x->total, u, unit);
		}
	}
}

static void put_pap_gain(FILE *f, const pr_pap_study *s, const pr_pap_gain *g)
{
	const char *pattern = or_dash(s->pattern[g->pap]);

	fputs("- pattern ", f);
	put_md(f, pattern);
	fprintf(f, ", %lld B, %s (config %d): ", (long long)g->bytes,
		strcmp(g->phase, "step") ? "Allreduce total" : "step time",
		g->pap);
	if (g->best < 0) {
		fputs("no built-in algorithm with data to compare with.\n", f);
		return;
	}
	put_pap_side(f, s, g, g->pap);
	fputs(" against ", f);
	put_pap_side(f, s, g, g->best);
	fprintf(f, ", the best of %zu built-in: **", g->nbuiltins);
	put_md(f, g->sentence);
	fputs("**", f);
	if (g->few_launches)
		fputs(" (fewer than 6 launches on a side: the bootstrap "
		      "interval is optimistic)",
		      f);
	/* workload arrival only: a dp-step's compute makes arrivals of its
	 * own under pattern none */
	if (!strcmp(pattern, "none") && g->outcome != PR_PAP_UNKNOWN &&
	    s->workload && !strcmp(s->workload, "arrival"))
		fputs(g->outcome == PR_PAP_BEAT
			  ? "; unexpected: without an arrival pattern the "
			    "chain should lose or tie"
			  : "; as expected without an arrival pattern, where "
			    "the chain has nothing to overlap",
		      f);
	fputs(".\n", f);
}

/* "pap beat the best built-in in 3, lost in 2 (...), tied in 1 of 6." */
static void put_pap_summary(FILE *f, const pr_pap_study *s)
{
	size_t n[PR_PAP_UNKNOWN + 1] = {0}, i, k = 0;

	for (i = 0; i < s->ngains; i++)
		n[s->gain[i].outcome]++;
	fprintf(f,
		"**PAP-aware against the best built-in:** beat it in %zu, "
		"lost in %zu",
		n[PR_PAP_BEAT], n[PR_PAP_LOST]);
	for (i = 0; i < s->ngains; i++) {
		const pr_pap_gain *g = &s->gain[i];

		if (g->outcome != PR_PAP_LOST)
			continue;
		fputs(k++ ? ", " : " (", f);
		put_md(f, or_dash(s->pattern[g->pap]));
		fprintf(f, " %lld B %s", (long long)g->bytes,
			strcmp(g->phase, "step") ? "total" : "step");
	}
	fprintf(f, "%s, tied in %zu", k ? ")" : "", n[PR_PAP_TIED]);
	if (n[PR_PAP_UNKNOWN])
		fprintf(f, ", not compared in %zu", n[PR_PAP_UNKNOWN]);
	fprintf(f, " of %zu comparisons.\n\n", s->ngains);
}

static void put_pap(FILE *f, const pr_analysis_run *r)
{
	const pr_pap_study *s = r->pap;
	size_t i;

	if (!s || !s->nrows)
		return;
	fputs("### Arrival patterns\n\n"
	      "Per call of the Allreduce (and of dp-step's step, from its "
	      "start after an untimed barrier to the end of its Allreduce) "
	      "over its ranks, a_i each rank's arrival and e_i its exit: the "
	      "time after the last arrival (max e - max a), the total (max e "
	      "- min a), the arrival spread omega (max a - min a), the mean "
	      "absolute deviation of the arrivals (MAD) and the imbalance "
	      "factor (omega over the calibrated one-way time of one message "
	      "of the size; not reported without a calibration in the "
	      "prediction). Each: the median over launches of the per-launch "
	      "medians [its order-statistic interval]; max/min of the "
	      "per-launch medians across launches.\n\n"
	      "| config | algorithm | pattern | phase | size | launches | "
	      "after last arrival | max/min | total | max/min | spread omega "
	      "| MAD | imbalance |\n"
	      "|---|---|---|---|---:|---:|---|---:|---|---:|---|---|---|\n",
	      f);
	for (i = 0; i < s->nrows; i++)
		put_pap_row(f, r, s, &s->row[i]);
	fputc('\n', f);
	if (!s->ngains)
		return;
	fputs("### PAP-aware against the best built-in\n\n"
	      "Per pattern and size, the PAP-aware Allreduce (pap) against "
	      "the built-in algorithm of lowest median total among the "
	      "configs that differ from it in the algorithm alone: the ratio "
	      "pap / best of the medians with its 95% percentile bootstrap "
	      "interval over launches (2000 replicates). It beat the best "
	      "when the interval lies below 1, lost when above 1, tied when "
	      "it contains 1.\n\n",
	      f);
	for (i = 0; i < s->ngains; i++)
		put_pap_gain(f, s, &s->gain[i]);
	fputc('\n', f);
	put_pap_summary(f, s);
}

/* A line under the table when one of its medians lies outside its own
 * interval (the Statistics paragraph says why it should not). */
static void put_outside_note(FILE *f, const pr_analysis_run *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (x->n && (x->stat < x->ci.lo || x->stat > x->ci.hi))
			n++;
	}
	if (n)
		fprintf(f,
			"*%zu median%s outside %s own interval: the interval "
			"is of the median of the per-launch medians, which "
			"always lies inside it, so such a median is not that "
			"statistic; see Statistics above.*\n\n",
			n, n > 1 ? "s lie" : " lies", n > 1 ? "their" : "its");
}

/* The first config before c with c's stack and another transport, or -1. */
static int same_stack_as(const pr_inflation_set *s, size_t c)
{
	size_t i;

	for (i = 0; i < c; i++)
		if (s->transport[i] && s->transport[c] &&
		    strcmp(s->transport[i], s->transport[c]) &&
		    !s->stack_varies[i] && !s->stack_varies[c] &&
		    pr_stack_same(&s->stack[i], &s->stack[c]))
			return (int)i;
	return -1;
}

/* The first config of each transport: one line per stack. */
static void put_stacks(FILE *f, const pr_analysis_run *r,
		       const pr_inflation_set *s)
{
	size_t c, d;
	int shown = 0;

	for (c = 0; c < s->nconfigs; c++) {
		const pr_stack *k = &s->stack[c];
		int first = 1;

		for (d = 0; d < c; d++)
			if (s->transport[d] && s->transport[c] &&
			    !strcmp(s->transport[d], s->transport[c]))
				first = 0;
		if (!first || !s->transport[c] || same_stack_as(s, c) >= 0)
			continue;
		if (!shown++)
			fputs("**MPI stack in force** (per launch, read with "
			      "MPI_T after MPI_Init: the selected pml, the "
			      "btls left open, the btl that carries messages "
			      "between ranks):\n\n",
			      f);
		fputs("- ", f);
		put_md(f, s->transport[c]);
		for (d = c + 1; d < s->nconfigs; d++)
			if (same_stack_as(s, d) == (int)c) {
				int dup = 0;
				size_t e;

				for (e = c + 1; e < d; e++)
					dup |= s->transport[e] &&
					       !strcmp(s->transport[e],
						       s->transport[d]);
				if (!dup) {
					fputs(", ", f);
					put_md(f, s->transport[d]);
				}
			}
		if (!k->pml) {
			fputs(": not recorded (the manifest predates the "
			      "record)\n",
			      f);
			continue;
		}
		fprintf(f,
			": pml %s, btl %s between ranks (open: %s); "
			"pml_ucx %s, btl_smcuda %s",
			k->pml, k->carrier, k->btl,
			strcmp(k->pml, "ucx") ? "not selected" : "selected",
			strstr(k->btl, "smcuda") ? "open" : "not open");
		fputs(s->stack_varies[c] ? "; its launches differ\n" : "\n", f);
		for (d = c + 1; d < s->nconfigs; d++)
			if (same_stack_as(s, d) == (int)c) {
				fputs("  (same stack: ", f);
				put_md(f, s->transport[d]);
				fputs(" resolved to what ", f);
				put_md(f, s->transport[c]);
				fputs(" names; both configs' data are kept)\n",
				      f);
				break;
			}
	}
	(void)r;
	if (shown)
		fputc('\n', f);
}

static void put_ratio(FILE *f, double v, double lo, double hi)
{
	put_sig3(f, v);
	fputs(" [", f);
	put_sig3(f, lo);
	fputs(", ", f);
	put_sig3(f, hi);
	fputs("]", f);
}

/* Model launch-settings: the predicted ratio of the two settings' times
 * and the measured one, with the verdict line. */
static void put_launch_ratio(FILE *f, const pr_analysis *a,
			     const pr_analysis_run *r)
{
	const pr_launch_ratio *lr = r->launch_ratio;
	const pr_inflation *x = &lr->ratio;
	const char *neglects = json_string_value(json_object_get(
	    json_object_get(a->pred, "launch_ratio"), "neglects"));

	fputs("**Launch settings (predicted and measured ratio):** the "
	      "compute time of setting ",
	      f);
	put_md(f, lr->num ? lr->num : "?");
	fputs(" over that of setting ", f);
	put_md(f, lr->den ? lr->den : "?");
	fprintf(f,
		" for the same %lld-row call, run as configs %d and %d "
		"of one schedule.\n\n",
		(long long)lr->rows, x->packed, x->spread);
	if (lr->why) {
		fputs("- predicted: none (", f);
		put_md(f, lr->why);
		fputs(")\n", f);
	} else {
		fprintf(f,
			"- predicted ratio: %.4g (the busiest worker's row "
			"slots, %ld over %ld), band [%.4g, %.4g]",
			x->predicted, lr->num_slots, lr->den_slots, x->lo_s,
			x->hi_s);
		if (neglects) {
			fputs("; ", f);
			put_md(f, neglects);
		}
		fputs("\n", f);
	}
	fputs("- measured ratio [95% bootstrap interval over launches]: ", f);
	put_ratio(f, x->measured, x->lo, x->hi);
	fputs("\n\n", f);
	fputs("Launch settings ", f);
	put_md(f, lr->num ? lr->num : "?");
	fputs(" over ", f);
	put_md(f, lr->den ? lr->den : "?");
	fprintf(f, ": %s%s%s.\n\n", pr_verdict_name(x->verdict),
		x->why ? ": " : "", x->why ? x->why : "");
}

static void put_inflation(FILE *f, const pr_analysis_run *r)
{
	const pr_inflation_set *s = r->inflation;
	size_t i;

	if (!s)
		return;
	put_stacks(f, r, s);
	if (!s->nratios)
		return;
	fputs("### Sharing: packed over spread\n\n"
	      "Each row of a packed config over the same row of the config "
	      "that differs only in placement (spread): the measured ratio "
	      "of the statistics with its 95% percentile bootstrap interval "
	      "over launches (2000 replicates); the predicted ratio, of the "
	      "two predictions, with the band of the prediction's tolerance "
	      "around it; the verdict by the interval rule on the ratio.\n\n"
	      "| packed / spread | phase | measured ratio [95% interval] | "
	      "predicted [lo, hi] | verdict |\n|---|---|---|---|---|\n",
	      f);
	for (i = 0; i < s->nratios; i++) {
		const pr_inflation *x = &s->ratio[i];
		int same = same_stack_as(s, (size_t)x->packed);

		fprintf(f, "| %d ", x->packed);
		put_md(f, config_label(r, x->packed));
		fprintf(f, " / %d ", x->spread);
		put_md(f, config_label(r, x->spread));
		if (same >= 0) {
			fputs(" (same stack as ", f);
			put_md(f, s->transport[same]);
			fputs(")", f);
		}
		fputs(" | ", f);
		put_phase(f, x->sel, NULL);
		fputs(" | ", f);
		put_ratio(f, x->measured, x->lo, x->hi);
		fputs(" | ", f);
		put_ratio(f, x->predicted, x->lo_s, x->hi_s);
		fprintf(f, " | %s%s%s |\n", pr_verdict_name(x->verdict),
			x->why ? ": " : "", x->why ? x->why : "");
	}
	fputc('\n', f);
	for (i = 0; i < s->nspeedups; i++) {
		const pr_speedup *x = &s->speedup[i];

		fputs("**The speedup a packed run would have reported** "
		      "(the study's mistake, SCIENCE.md finding 4: the step "
		      "time, compute max over ranks + Gatherv, of the run "
		      "whose ranks share one core over the run whose ranks do "
		      "not, credited to the code): ",
		      f);
		put_ratio(f, x->ratio, x->lo, x->hi);
		fprintf(f, "x, config %d ", x->packed);
		put_md(f, config_label(r, x->packed));
		fprintf(f, " over config %d ", x->spread);
		put_md(f, config_label(r, x->spread));
		fputs("; all of it is sharing.\n\n", f);
	}
}

static void put_run(FILE *f, const pr_analysis *a, const pr_analysis_run *r,
		    const pr_plot *plots, size_t nplots)
{
	columns c = columns_of(r->row, r->nrows);
	size_t i;

	put_run_facts(f, a, r);
	put_verdicts(f, r);
	put_header(f, &c,
		   "n | launches | median | interval, coverage | per-launch "
		   "medians | predicted [lo, hi] | measured/predicted | "
		   "verdict |");
	fputs("---:|---:|---:|---|---|---|---|---|\n", f);
	for (i = 0; i < r->nrows; i++)
		put_row(f, r, &r->row[i], &c);
	fputc('\n', f);
	put_outside_note(f, r);
	put_problems(f, r);
	put_causes(f, a, r);
	put_arrivals(f, r);
	put_pap(f, r);
	put_inflation(f, r);
	put_primitives(f, r);
	if (r->has_linearity) {
		fputs("**Linearity (model linear-rows):**\n\n", f);
		for (i = 0; i < r->nlinearity; i++)
			put_linearity(f, r, &r->linearity[i]);
		fputc('\n', f);
	}
	if (r->has_steps)
		put_steps(f, a, r);
	if (r->launch_ratio)
		put_launch_ratio(f, a, r);
	put_variability(f, r);
	put_plots(f, plots, nplots);
}

/* "compute 0.05 (B/A in [0.952, 1.05])" */
static void put_tolerance(FILE *f, pr_phase_class k, double tol)
{
	fprintf(f, "%s %g (B/A in [", pr_phase_class_name(k), tol);
	put_sig3(f, 1 / (1 + tol));
	fputs(", ", f);
	put_sig3(f, 1 + tol);
	fputs("])", f);
}

static void put_facts(FILE *f, const pr_comparison *c)
{
	size_t i;

	fputs("**What the manifests say:**\n\n| | A | B | |\n"
	      "|---|---|---|---|\n",
	      f);
	for (i = 0; i < c->nfacts; i++) {
		const pr_compare_fact *x = &c->fact[i];

		fputs("| ", f);
		put_md(f, x->what);
		fputs(" | ", f);
		put_md(f, x->a);
		fputs(" | ", f);
		put_md(f, x->b);
		fputs(x->differs ? " | **differs** |\n" : " | same |\n", f);
	}
	fputc('\n', f);
	for (i = 0; i < c->nfacts; i++) {
		const pr_compare_fact *x = &c->fact[i];

		if (!x->differs || !x->warning)
			continue;
		fputs("- **warning:** ", f);
		put_md(f, x->what);
		fputs(" differs (A: ", f);
		put_md(f, x->a);
		fputs("; B: ", f);
		put_md(f, x->b);
		fputs("): ", f);
		put_md(f, x->warning);
		fputc('\n', f);
	}
	if (c->nwarnings)
		fputc('\n', f);
}

/* "1.23 [1.20, 1.30] ms, 97.9% | 1.05" of one side, or "- | -". */
static void put_side(FILE *f, const pr_analysis_row *x, double u,
		     const char *unit)
{
	if (!x || !x->n) {
		fputs("- | - | ", f);
		return;
	}
	put_stat_ci(f, x, u, unit);
	fputs(" | ", f);
	put_sig3(f, x->max_min);
	fputs(" | ", f);
}

static void put_compare_row(FILE *f, const pr_comparison *c,
			    const pr_compare_row *x, const columns *k)
{
	const pr_analysis_row *first = x->a ? x->a : x->b;
	const char *unit;
	double u = row_unit(first, &unit);

	put_selection(f, x->a ? c->a : c->b, x->sel, first->cell, k);
	fputc(' ', f);
	put_side(f, x->a, u, unit);
	put_side(f, x->b, u, unit);
	if (isfinite(x->ratio) || isfinite(x->lo)) {
		put_sig3(f, x->ratio);
		fputs(" [", f);
		put_sig3(f, x->lo);
		fputs(", ", f);
		put_sig3(f, x->hi);
		fputs("] | ", f);
	} else {
		fputs("- | ", f);
	}
	fprintf(f, "%s %g | %s", pr_phase_class_name(x->cls), x->tol,
		pr_repro_name(x->verdict));
	if (x->why)
		fprintf(f, " (%s)", x->why);
	fputs(" |\n", f);
}

void pr_report_compare(FILE *f, const pr_comparison *c)
{
	columns k = {0, 0, 0, 0};
	size_t i;

	for (i = 0; i < c->nrows; i++) {
		k.device |= c->row[i].sel->device != NULL;
		k.bytes |= c->row[i].sel->bytes >= 0;
		k.rows |= c->row[i].sel->rows >= 0;
		k.rank |= c->row[i].sel->rank >= 0;
	}
	fprintf(f,
		"### %s against %s\n\n- **Runs:** A = %s (the original), "
		"B = %s\n- **Tolerance:** ",
		c->b->run_id, c->a->run_id, c->a->run_id, c->b->run_id);
	put_tolerance(f, PR_CLASS_COMPUTE, c->tol[PR_CLASS_COMPUTE]);
	fputs(", ", f);
	put_tolerance(f, PR_CLASS_COMM, c->tol[PR_CLASS_COMM]);
	fputs(", from ", f);
	put_md(f, c->tol_from);
	fprintf(f,
		"\n- **Rule:** B/A is the ratio of the two medians of "
		"per-launch medians; its interval is the 2.5%% and 97.5%% "
		"percentiles of %d bootstrap replicates that resample each "
		"run's launches (seeded by the two run ids). REPRODUCED: "
		"the interval lies inside [1/(1+t), 1+t] and each run has "
		"6 launches or more; DIFFERENT: it lies entirely outside; "
		"otherwise INCONCLUSIVE. max/min: of the per-launch "
		"medians.\n\n",
		PR_COMPARE_NBOOT);
	put_facts(f, c);
	fprintf(f,
		"**Reproduction: %zu REPRODUCED, %zu DIFFERENT, %zu "
		"INCONCLUSIVE",
		c->count[PR_REPRODUCED], c->count[PR_DIFFERENT],
		c->count[PR_REPRO_INCONCLUSIVE]);
	if (c->count[PR_REPRO_NO_DATA])
		fprintf(f, ", %zu NO-DATA", c->count[PR_REPRO_NO_DATA]);
	fputs("**\n\n", f);
	put_header(f, &k,
		   "A median [interval], coverage | A max/min | B median "
		   "[interval], coverage | B max/min | B/A [95% interval] | "
		   "class, tolerance | verdict |");
	fputs("---|---:|---|---:|---|---|---|\n", f);
	for (i = 0; i < c->nrows; i++)
		put_compare_row(f, c, &c->row[i], &k);
	fputc('\n', f);
}

/* Each later run against the first, when there are two runs or more. */
static void put_reproduction(FILE *f, const pr_analysis *a, const char *root)
{
	pr_comparison c;
	size_t i;

	if (a->nruns < 2)
		return;
	fprintf(f,
		"## Reproduction\n\nEach later run against the first "
		"(run %s, the original), computed from the raw archives "
		"and the manifests, as `prereg compare` prints it.\n\n",
		a->run[0].run_id);
	for (i = 1; i < a->nruns; i++) {
		if (pr_compare(&c, root, a->name, &a->run[0], &a->run[i]) < 0) {
			fprintf(f,
				"### %s against %s\n\nnot compared (`prereg "
				"compare %s %s` says why)\n\n",
				a->run[i].run_id, a->run[0].run_id,
				a->run[0].run_id, a->run[i].run_id);
			continue;
		}
		pr_report_compare(f, &c);
		pr_comparison_free(&c);
	}
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
	put_reproduction(f, a, root);
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
	if (s->reduce != PR_REDUCE_NONE)
		json_object_set_new(o, "reduce",
				    json_string(pr_reduce_name(s->reduce)));
}

/* {lo_s, hi_s, coverage, range_only, rank, launches}, null when n == 0 */
static json_t *ci_json(const pr_analysis_row *x)
{
	if (!x->n)
		return json_null();
	return json_pack("{s:o, s:o, s:o, s:b, s:I, s:I}", "lo_s",
			 jnum(x->ci.lo), "hi_s", jnum(x->ci.hi), "coverage",
			 jnum(x->ci.coverage), "range_only", x->ci.full_range,
			 "rank", (json_int_t)x->ci.j, "launches",
			 (json_int_t)x->nlaunches);
}

/* [{cause, ...}] of a FAIL that is no negative control. */
static json_t *causes_json(const pr_analysis *a, const pr_causes *k)
{
	json_t *v = json_array(), *names;
	size_t i;

	if (k->arrival)
		json_array_append_new(
		    v, json_pack("{s:s, s:o, s:o}", "cause", "arrival",
				 "arrival_spread_s", jnum(k->spread_s), "share",
				 jnum(k->share)));
	if (k->sharing)
		json_array_append_new(v, json_pack("{s:s, s:o}", "cause",
						   "sharing", "ranks_per_core",
						   jnum(k->ranks_per_core)));
	if (k->clamp) {
		names = json_array();
		for (i = 0; i < a->nclamped; i++)
			json_array_append_new(names,
					      json_string(a->clamped[i]));
		json_array_append_new(v, json_pack("{s:s, s:o}", "cause",
						   "clamp", "clamped", names));
	}
	if (k->regime)
		json_array_append_new(v, json_pack("{s:s}", "cause", "regime"));
	if (k->primitives)
		json_array_append_new(
		    v,
		    json_pack("{s:s, s:o, s:o, s:o}", "cause", "primitives",
			      "formula_s", jnum(k->formula_s),
			      "measured_over_formula", jnum(k->impl_ratio),
			      "formula_over_predicted", jnum(k->cond_ratio)));
	return v;
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

static json_t *row_json(const pr_analysis *a, const pr_analysis_run *r,
			const pr_analysis_row *x)
{
	json_t *o = json_object();
	const pr_cell *p = x->cell;

	set_selection(o, r, &x->sel);
	json_object_set_new(o, "n", json_integer((json_int_t)x->n));
	json_object_set_new(o, "nlaunches",
			    json_integer((json_int_t)x->nlaunches));
	json_object_set_new(o, "statistic_s", jnum(x->stat));
	json_object_set_new(o, "ci", ci_json(x));
	json_object_set_new(o, "launches", launches_json(x, 0));
	json_object_set_new(o, "launch_medians_s", launches_json(x, 1));
	json_object_set_new(o, "verdict",
			    json_string(pr_verdict_name(x->verdict)));
	if (x->why)
		json_object_set_new(o, "reason", json_string(x->why));
	if (!p)
		return o;
	if (p->formula)
		json_object_set_new(o, "formula", json_string(p->formula));
	if (p->negative)
		json_object_set_new(o, "control", json_string("negative"));
	if (p->extrapolated)
		json_object_set_new(o, "extrapolated", json_true());
	if (x->verdict == PR_FAIL && !p->negative)
		json_object_set_new(o, "causes", causes_json(a, &x->causes));
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
		v = json_array();
		for (k = 0; k < l->nbroken; k++)
			json_array_append_new(v, jnum(l->broken_ratio[k]));
		json_object_set_new(o, "measured_over_line", v);
		json_object_set_new(o, "rows_measured",
				    json_integer((json_int_t)l->nmeasured));
		json_object_set_new(o, "controls",
				    json_integer((json_int_t)l->ncontrols));
		v = json_array();
		for (k = 0; k < l->nheld; k++)
			json_array_append_new(v, json_integer(l->held_rows[k]));
		json_object_set_new(o, "controls_held_at_rows", v);
		json_array_append_new(all, o);
	}
	return all;
}

static json_t *rows_or_null(long rows)
{
	return rows >= 0 ? json_integer(rows) : json_null();
}

/* {"pass", "lines": [{predicted, observed, verdict}]} */
static json_t *step_verdict_json(const pr_steps *x)
{
	json_t *lines = json_array();
	size_t i;

	for (i = 0; i < x->nmatch; i++)
		json_array_append_new(
		    lines,
		    json_pack("{s:o, s:o, s:s}", "predicted",
			      rows_or_null(x->match[i].predicted), "observed",
			      rows_or_null(x->match[i].observed), "verdict",
			      pr_step_verdict_name(x->match[i].verdict)));
	return json_pack("{s:b, s:o}", "pass", x->pass, "lines", lines);
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
		if (x->judged)
			json_object_set_new(json_array_get(obs, c), "verdict",
					    step_verdict_json(x));
	}
	return json_pack("{s:o, s:o}", "predicted",
			 pred ? json_incref(pred) : json_array(), "observed",
			 obs);
}

/* {statistic_s, ci, launches, launch_medians_s} of one quantity. */
static json_t *quantity_json(const pr_analysis_row *x)
{
	return json_pack("{s:o, s:o, s:o, s:o}", "statistic_s", jnum(x->stat),
			 "ci", ci_json(x), "launches", launches_json(x, 0),
			 "launch_medians_s", launches_json(x, 1));
}

static json_t *primitives_json(const pr_analysis_run *r)
{
	json_t *all = json_array();
	size_t i;

	for (i = 0; i < r->nprimitives; i++) {
		const pr_primitive *q = &r->primitive[i];

		json_array_append_new(
		    all,
		    json_pack("{s:i, s:s, s:I, s:I, s:i, s:o, s:o, s:o, s:o, "
			      "s:o}",
			      "config", q->config, "phase", q->phase, "bytes",
			      (json_int_t)q->bytes, "segment_bytes",
			      (json_int_t)q->seg, "ranks", q->ranks,
			      "sendrecv_s", jnum(q->x_s), "reduce_local_s",
			      jnum(q->r_s), "formula_s", jnum(q->formula_s),
			      "measured_s", jnum(q->measured_s), "predicted_s",
			      jnum(q->predicted_s)));
	}
	return all;
}

static json_t *arrivals_json(const pr_analysis_run *r)
{
	json_t *all = json_array();
	size_t i;

	for (i = 0; i < r->narrivals; i++) {
		const pr_arrival *x = &r->arrival[i];
		json_t *o = json_object();

		set_selection(o, r, &x->spread.sel);
		json_object_set_new(o, "n",
				    json_integer((json_int_t)x->spread.n));
		json_object_set_new(o, "clock_uncertainty_s",
				    jnum(x->clock_ns * 1e-9));
		json_object_set_new(o, "refused",
				    !x->refused ? json_null()
				    : isnan(x->clock_ns)
					? json_string("clock uncertainty "
						      "unknown")
					: json_string("spread below the clock "
						      "uncertainty"));
		json_object_set_new(o, "arrival_spread",
				    quantity_json(&x->spread));
		json_object_set_new(o, "after_last_arrival",
				    x->refused ? json_null()
					       : quantity_json(&x->after));
		json_object_set_new(o, "total",
				    x->refused ? json_null()
					       : quantity_json(&x->total));
		json_object_set_new(o, "spread_share",
				    x->refused ? json_null() : jnum(x->share));
		json_array_append_new(all, o);
	}
	return all;
}

static json_t *pap_json(const pr_analysis_run *r)
{
	const pr_pap_study *s = r->pap;
	json_t *o = json_object(), *rows = json_array(), *gains = json_array();
	size_t i;

	for (i = 0; i < s->nrows; i++) {
		const pr_pap_row *x = &s->row[i];
		json_t *v = json_object();

		set_selection(v, r, &x->total.sel);
		json_object_set_new(v, "bytes", json_integer(x->bytes));
		json_object_set_new(v, "algorithm",
				    s->algorithm[x->config]
					? json_string(s->algorithm[x->config])
					: json_null());
		json_object_set_new(v, "pattern",
				    s->pattern[x->config]
					? json_string(s->pattern[x->config])
					: json_null());
		json_object_set_new(v, "after_last_arrival",
				    quantity_json(&x->after));
		json_object_set_new(v, "total", quantity_json(&x->total));
		json_object_set_new(v, "arrival_spread",
				    quantity_json(&x->spread));
		json_object_set_new(v, "arrival_mad", quantity_json(&x->mad));
		json_object_set_new(v, "t_msg_s", jnum(x->t_msg_s));
		json_object_set_new(
		    v, "imbalance",
		    x->imbalance.nlaunches
			? json_pack("{s:o, s:o, s:o, s:o}", "statistic",
				    jnum(x->imbalance.stat), "lo",
				    jnum(x->imbalance.ci.lo), "hi",
				    jnum(x->imbalance.ci.hi), "max_min",
				    jnum(x->imbalance.max_min))
			: json_null());
		json_array_append_new(rows, v);
	}
	for (i = 0; i < s->ngains; i++) {
		const pr_pap_gain *g = &s->gain[i];
		static const char *const outcome[] = {"beat", "lost", "tied",
						      "unknown"};

		json_array_append_new(
		    gains,
		    json_pack(
			"{s:i, s:o, s:o, s:s, s:I, s:I, s:o, s:o, s:o, "
			"s:b, s:s, s:s}",
			"pap", g->pap, "best",
			g->best >= 0 ? json_integer(g->best) : json_null(),
			"best_algorithm",
			g->best >= 0 && s->algorithm[g->best]
			    ? json_string(s->algorithm[g->best])
			    : json_null(),
			"phase", g->phase, "bytes", (json_int_t)g->bytes,
			"builtins", (json_int_t)g->nbuiltins, "ratio",
			jnum(g->ratio), "lo", jnum(g->lo), "hi", jnum(g->hi),
			"few_launches", g->few_launches, "outcome",
			outcome[g->outcome], "sentence", g->sentence));
	}
	json_object_set_new(o, "rows", rows);
	json_object_set_new(o, "gains", gains);
	return o;
}

/* The negative controls that did not FAIL. */
static json_t *problems_json(const pr_analysis_run *r)
{
	json_t *all = json_array();
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];
		json_t *o;

		if (!x->cell || !x->cell->negative ||
		    (x->verdict != PR_PASS && x->verdict != PR_INCONCLUSIVE))
			continue;
		o = json_object();
		set_selection(o, r, &x->sel);
		if (x->cell->formula)
			json_object_set_new(o, "formula",
					    json_string(x->cell->formula));
		json_object_set_new(o, "verdict",
				    json_string(pr_verdict_name(x->verdict)));
		json_object_set_new(
		    o, "problem", json_string("negative control did not fail"));
		json_array_append_new(all, o);
	}
	return all;
}

/* Per config whose placement is known: how its launches shared cores. */
static json_t *sharing_json(const pr_analysis_run *r)
{
	json_t *all = json_array();
	size_t i;

	for (i = 0; r->sharing && i < r->nconfigs; i++) {
		const pr_sharing *x = &r->sharing[i];

		if (!x->known)
			continue;
		json_array_append_new(
		    all, json_pack("{s:I, s:o, s:b, s:b, s:b}", "config",
				   (json_int_t)i, "ranks_per_core",
				   jnum(x->ranks_per_core), "oversubscribed",
				   x->oversubscribed, "sharing_tested",
				   x->sharing_tested, "from_placement",
				   x->from_placement));
	}
	return all;
}

/* What else used the machine during the run (DESIGN 7), as put_busy
 * says it. */
static json_t *busy_json(const pr_analysis_run *r)
{
	const pr_busy *b = &r->busy;
	json_t *o = json_object(), *list = json_array(), *start = json_null();
	size_t i;

	for (i = 0; i < b->nbusy; i++) {
		const pr_busy_launch *x = &b->busy[i];

		json_array_append_new(
		    list, json_pack("{s:i, s:i, s:o, s:o, s:o, s:o}", "launch",
				    x->launch, "config", x->config,
				    "other_cores", jnum(x->other_cores),
				    "rank_cpus", jnum(x->rank_cpus),
				    "load_start", jnum(x->load_start),
				    "load_end", jnum(x->load_end)));
	}
	if (b->start_known)
		start = json_pack(
		    "{s:b, s:o, s:o, s:o, s:o}", "busy", b->start_busy,
		    "other_cores", jnum(b->start_other_cores), "rank_cpus",
		    jnum(b->start_rank_cpus), "load", jnum(b->start_load),
		    "waited_s", jnum(b->start_waited_s));
	json_object_set_new(o, "launches",
			    json_integer((json_int_t)b->nlaunches));
	json_object_set_new(o, "recorded",
			    json_integer((json_int_t)b->nrecorded));
	json_object_set_new(o, "busy", json_integer((json_int_t)b->nbusy));
	json_object_set_new(o, "busy_share", json_real(PR_BUSY_SHARE));
	json_object_set_new(o, "other_cores_median", jnum(b->other_median));
	json_object_set_new(o, "other_cores_max", jnum(b->other_max));
	json_object_set_new(o, "not_recorded_reason",
			    b->nrecorded < b->nlaunches
				? json_string(b->why_not
						  ? b->why_not
						  : "the manifest predates the "
						    "record")
				: json_null());
	json_object_set_new(o, "busy_launches", list);
	json_object_set_new(o, "busy_at_start", start);
	return o;
}

/* A real, or null when it is NAN. */
static json_t *real_or_null(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

static json_t *launch_ratio_json(const pr_launch_ratio *lr)
{
	const pr_inflation *x = &lr->ratio;

	return json_pack("{s:s?, s:s?, s:I, s:o, s:o, s:o, s:o, s:o, s:o, "
			 "s:s, s:s?}",
			 "numerator", lr->num, "denominator", lr->den, "rows",
			 (json_int_t)lr->rows, "predicted",
			 real_or_null(x->predicted), "lo_s",
			 real_or_null(x->lo_s), "hi_s", real_or_null(x->hi_s),
			 "measured", real_or_null(x->measured), "lo",
			 real_or_null(x->lo), "hi", real_or_null(x->hi),
			 "verdict", pr_verdict_name(x->verdict), "why", x->why);
}

static json_t *run_json(const pr_analysis *a, const pr_analysis_run *r)
{
	json_t *o = json_object(), *rows = json_array(), *groups = json_array();
	json_t *counts = json_object();
	size_t i;

	for (i = 0; i < r->nrows; i++)
		json_array_append_new(rows, row_json(a, r, &r->row[i]));
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
	json_object_set_new(o, "arrivals", arrivals_json(r));
	if (r->pap)
		json_object_set_new(o, "arrival_patterns", pap_json(r));
	if (r->has_primitives)
		json_object_set_new(o, "primitives", primitives_json(r));
	json_object_set_new(o, "problems", problems_json(r));
	json_object_set_new(o, "sharing", sharing_json(r));
	json_object_set_new(o, "machine", busy_json(r));
	if (r->has_linearity)
		json_object_set_new(o, "linearity", linearity_json(r));
	if (r->has_steps)
		json_object_set_new(o, "steps", steps_json(a, r));
	if (r->launch_ratio)
		json_object_set_new(o, "launch_ratio",
				    launch_ratio_json(r->launch_ratio));
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
		json_t *clamped = json_array();

		pred = json_pack(
		    "{s:s, s:O?, s:O?, s:O?}", "blob", a->pred_blob, "claim",
		    json_object_get(a->pred, "claim"), "model",
		    json_object_get(model, "name"), "decision_rule",
		    json_object_get(a->pred, "decision_rule"));
		for (i = 0; i < a->nclamped; i++)
			json_array_append_new(clamped,
					      json_string(a->clamped[i]));
		json_object_set_new(
		    pred, "file", json_sprintf("predictions/%s.json", a->name));
		json_object_set_new(pred, "rule",
				    json_string(a->rule == PR_RULE_INTERVAL
						    ? "interval"
						    : "point"));
		json_object_set_new(pred, "clamped", clamped);
	}
	json_object_set_new(o, "prediction", pred ? pred : json_null());
	json_object_set_new(o, "runs", runs);
	json_object_set_new(o, "skipped_runs", skipped);
	return o;
}

static json_t *side_json(const pr_analysis_row *x)
{
	if (!x || !x->n)
		return json_null();
	return json_pack("{s:o, s:o, s:I, s:o, s:o, s:o}", "statistic_s",
			 jnum(x->stat), "ci", ci_json(x), "nlaunches",
			 (json_int_t)x->nlaunches, "launch_medians_s",
			 launches_json(x, 1), "max_over_min", jnum(x->max_min),
			 "cv", jnum(x->cv));
}

static json_t *compare_row_json(const pr_comparison *c, const pr_compare_row *x)
{
	json_t *o = json_object();
	const pr_analysis_row *first = x->a ? x->a : x->b;

	set_selection(o, x->a ? c->a : c->b, x->sel);
	if (first->cell && first->cell->formula)
		json_object_set_new(o, "formula",
				    json_string(first->cell->formula));
	json_object_set_new(o, "class",
			    json_string(pr_phase_class_name(x->cls)));
	json_object_set_new(o, "tolerance", jnum(x->tol));
	json_object_set_new(
	    o, "acceptance",
	    json_pack("[o, o]", jnum(1 / (1 + x->tol)), jnum(1 + x->tol)));
	json_object_set_new(o, "a", side_json(x->a));
	json_object_set_new(o, "b", side_json(x->b));
	json_object_set_new(o, "ratio", jnum(x->ratio));
	json_object_set_new(o, "ratio_ci",
			    isfinite(x->lo)
				? json_pack("[o, o]", jnum(x->lo), jnum(x->hi))
				: json_null());
	json_object_set_new(o, "verdict",
			    json_string(pr_repro_name(x->verdict)));
	if (x->why)
		json_object_set_new(o, "reason", json_string(x->why));
	return o;
}

static json_t *compare_run_json(const pr_analysis_run *r)
{
	return json_pack("{s:s, s:s?, s:s?, s:s?, s:s}", "run_id", r->run_id,
			 "status", r->status, "pin_tag", r->pin_tag,
			 "pin_commit", r->pin_commit, "archive_sha256",
			 r->sha256);
}

json_t *pr_report_compare_json(const pr_comparison *c)
{
	json_t *o = json_object(), *facts = json_array(),
	       *warnings = json_array(), *rows = json_array(),
	       *counts = json_object();
	size_t i;

	for (i = 0; i < c->nfacts; i++) {
		const pr_compare_fact *x = &c->fact[i];

		json_array_append_new(
		    facts, json_pack("{s:s, s:s, s:s, s:b, s:s?}", "what",
				     x->what, "a", x->a, "b", x->b, "differs",
				     x->differs, "warning", x->warning));
		if (x->differs && x->warning)
			json_array_append_new(
			    warnings,
			    json_sprintf("%s differs (A: %s; B: %s): "
					 "%s",
					 x->what, x->a, x->b, x->warning));
	}
	for (i = 0; i < c->nrows; i++)
		json_array_append_new(rows, compare_row_json(c, &c->row[i]));
	for (i = 0; i < PR_NREPRO; i++)
		json_object_set_new(counts, pr_repro_name((pr_repro)i),
				    json_integer((json_int_t)c->count[i]));
	json_object_set_new(o, "experiment", json_string(c->name));
	json_object_set_new(o, "a", compare_run_json(c->a));
	json_object_set_new(o, "b", compare_run_json(c->b));
	json_object_set_new(o, "tolerance",
			    json_pack("{s:o, s:o, s:s}", "compute",
				      jnum(c->tol[PR_CLASS_COMPUTE]), "comm",
				      jnum(c->tol[PR_CLASS_COMM]), "from",
				      c->tol_from));
	json_object_set_new(
	    o, "method",
	    json_pack("{s:s, s:i, s:s, s:s}", "statistic",
		      "median of per-launch medians", "bootstrap_replicates",
		      PR_COMPARE_NBOOT, "interval",
		      "percentile bootstrap (2.5%, 97.5%) of the ratio B/A, "
		      "launches resampled with replacement in each run",
		      "seed", "SHA-256(\"prereg-compare:\" A \":\" B)"));
	json_object_set_new(o, "facts", facts);
	json_object_set_new(o, "warnings", warnings);
	json_object_set_new(o, "verdicts", counts);
	json_object_set_new(o, "cells", rows);
	return o;
}
