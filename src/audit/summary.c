/* summary.c - the reviewer's page: every experiment's last run, its
 * verdict, its reproduction of the run before it, busy launches and
 * audit grade (DESIGN 3, summary) */
#include "audit/summary.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyze/analyze.h"
#include "analyze/columns.h"
#include "analyze/conclusion.h"
#include "analyze/settings.h"
#include "analyze/steps.h"
#include "audit/audit.h"
#include "base/text.h"
#include "base/util.h"
#include "format/manifest.h"
#include "format/spec.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "repo/pin.h"

/* "3 PASS, 1 FAIL" of r's cells (the counts that are not 0), and
 * "steps PASS" / "steps FAIL" per judged config. */
static char *counts_of(const pr_analysis_run *r)
{
	static const int order[] = {PR_PASS, PR_FAIL, PR_INCONCLUSIVE,
				    PR_NO_DATA};
	const pr_steps_set *st = pr_steps_of(r);
	const pr_launch_ratio *lr = pr_launch_ratio_of(r);
	char *out = pr_strdup(""), *next;
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		if (!r->count[order[i]])
			continue;
		next = pr_asprintf("%s%s%zu %s", out, *out ? ", " : "",
				   r->count[order[i]],
				   pr_verdict_name((pr_verdict)order[i]));
		free(out);
		out = next;
	}
	for (i = 0; st && i < st->n; i++) {
		if (!st->config[i].judged)
			continue;
		next = pr_asprintf("%s%ssteps of config %d %s", out,
				   *out ? ", " : "", st->config[i].config,
				   st->config[i].pass ? "PASS" : "FAIL");
		free(out);
		out = next;
	}
	if (lr && !lr->why) {
		next = pr_asprintf("%s%slaunch ratio %s", out, *out ? ", " : "",
				   pr_verdict_name(lr->ratio.verdict));
		free(out);
		out = next;
	}
	if (!*out) {
		free(out);
		out = pr_strdup("no predicted cell");
	}
	for (i = 0; i < r->nclaims; i++) {
		next = pr_asprintf("%s%sclaim %s %s", out, i ? ", " : "; ",
				   r->claim[i].name,
				   pr_verdict_name(r->claim[i].verdict));
		free(out);
		out = next;
	}
	return out;
}

static void spec_facts(pr_summary_row *x, const char *root)
{
	pr_spec *spec = NULL;
	pr_error_scope quiet;

	x->kind = "?";
	pr_error_record(&quiet);
	if (pr_spec_load(&spec, root, x->name) == 0) {
		x->kind = spec->kind == PR_KIND_CALIBRATION ? "calibration"
							    : "validation";
		x->claim = spec->claim ? pr_strdup(spec->claim) : NULL;
	}
	pr_error_restore(&quiet);
	pr_spec_free(spec);
}

/* x->pin, and the tag the runs of that pin carry in *tag (owned). */
static void pin_facts(pr_summary_row *x, git_repository *repo, char **tag)
{
	pr_pin pin;
	pr_error_scope quiet;
	int error;

	memset(&pin, 0, sizeof(pin));
	pr_error_record(&quiet);
	error = pr_pin_check(&pin, repo, x->name);
	pr_error_restore(&quiet);
	*tag = NULL;
	if (error == 0) {
		x->pin = pr_strdup(pin.tag);
		*tag = pr_strdup(pin.tag);
	} else if (pin.tag_missing) {
		x->pin = pr_asprintf("%d (tag missing)", pin.k);
		*tag = pr_asprintf("prereg/pin/%s/%d", x->name, pin.k);
	} else {
		x->pin = pr_strdup("not runnable");
	}
}

size_t pr_summary_complete_runs(char **out, size_t max, const char *root,
				const char *name, const char *tag)
{
	char **ids = NULL, *path;
	size_t n = 0, i, k = 0;
	pr_manifest m;
	pr_error_scope quiet;

	pr_error_record(&quiet);
	if (pr_path_list_runs(&ids, &n, root, name, PR_RUNS_MANIFEST) < 0)
		n = 0;
	for (i = n; i-- > 0 && k < max;) {
		path = pr_path_manifest(root, name, ids[i]);
		if (pr_manifest_read(&m, path) == 0) {
			if (m.status && !strcmp(m.status, "complete") &&
			    (!tag || (m.pin.tag && !strcmp(m.pin.tag, tag))))
				out[k++] = pr_strdup(ids[i]);
			pr_manifest_free(&m);
		}
		free(path);
	}
	pr_error_restore(&quiet);
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	return k;
}

/* The last two complete runs of pin tag: x->last and x->ref. */
static void runs_of_pin(pr_summary_row *x, const char *root, const char *tag)
{
	char *two[2] = {NULL, NULL};

	if (tag)
		pr_summary_complete_runs(two, 2, root, x->name, tag);
	x->last = two[0];
	x->ref = two[1];
}

/* Do the claims of a and b agree, verdict for verdict by name: 1 or 0;
 * -1 when b states none. */
static int claims_agree(const pr_analysis_run *a, const pr_analysis_run *b)
{
	size_t i, j;

	if (!b->nclaims)
		return -1;
	for (i = 0; i < b->nclaims; i++) {
		for (j = 0; j < a->nclaims &&
			    strcmp(a->claim[j].name, b->claim[i].name);
		     j++)
			;
		if (j == a->nclaims ||
		    a->claim[j].verdict != b->claim[i].verdict)
			return 0;
	}
	return 1;
}

/* The verdicts of the last run and its reference, and their comparison. */
static void judge(pr_summary_row *x, const char *root)
{
	pr_analysis last, ref;
	pr_comparison c;
	pr_error_scope quiet;
	int have_ref = 0;
	size_t i;

	x->reproduced = -1;
	if (!x->last)
		return;
	pr_error_record(&quiet);
	if (pr_analyze(&last, root, x->name, x->last) < 0) {
		pr_error_restore(&quiet);
		return;
	}
	x->verdict = pr_run_word(&last.run[0]);
	x->counts = counts_of(&last.run[0]);
	x->busy = last.run[0].busy.nbusy;
	x->claims = pr_calloc(last.run[0].nclaims + 1, sizeof(*x->claims));
	for (i = 0; i < last.run[0].nclaims; i++) {
		const pr_claim_result *cr = &last.run[0].claim[i];

		x->claims[x->nclaims].name = pr_strdup(cr->name);
		x->claims[x->nclaims].reason = pr_strdup(cr->reason);
		x->claims[x->nclaims++].verdict = pr_verdict_name(cr->verdict);
	}
	x->recorded = last.run[0].busy.nrecorded;
	if (x->ref && pr_analyze(&ref, root, x->name, x->ref) == 0) {
		have_ref = 1;
		x->ref_verdict = pr_run_word(&ref.run[0]);
		x->reproduced = claims_agree(&ref.run[0], &last.run[0]);
		if (x->reproduced < 0)
			x->reproduced = !strcmp(x->ref_verdict, x->verdict);
		if (pr_compare(&c, root, x->name, &ref.run[0], &last.run[0]) ==
		    0) {
			memcpy(x->repro, c.count, sizeof(x->repro));
			x->compared = 1;
			x->other_cpu = c.other_cpu;
		}
		pr_comparison_free(&c);
	}
	pr_error_restore(&quiet);
	if (have_ref)
		pr_analysis_free(&ref);
	pr_analysis_free(&last);
}

/* The audit's grade of each row's last run. */
static void grades(pr_summary *s, git_repository *repo)
{
	const char **names = pr_calloc(s->n + 1, sizeof(*names));
	pr_error_scope quiet;
	pr_audit a;
	size_t i;
	int error;

	for (i = 0; i < s->n; i++)
		names[i] = s->row[i].name;
	pr_error_record(&quiet);
	error = s->n ? pr_audit_runs(&a, repo, names, s->n) : PR_EINPUT;
	pr_error_restore(&quiet);
	free(names);
	if (error < 0)
		return;
	pr_summary_grades_from(s, &a);
	pr_audit_free(&a);
}

void pr_summary_grades_from(pr_summary *s, const pr_audit *a)
{
	size_t i, j;

	for (i = 0; i < s->n; i++)
		for (j = 0; s->row[i].last && j < a->nruns; j++)
			if (!strcmp(a->run[j].experiment, s->row[i].name) &&
			    !strcmp(a->run[j].run_id, s->row[i].last))
				s->row[i].grade =
				    pr_audit_grade_name(a->run[j].grade);
}

/* experiments/NAME below root is a directory (not a link to one) */
static int is_experiment(const char *root, const char *name)
{
	char *dir = pr_asprintf("%sexperiments/%s", root, name);
	struct stat st;
	int ok = lstat(dir, &st) == 0 && S_ISDIR(st.st_mode);

	free(dir);
	return ok;
}

int pr_summary_build(pr_summary *out, git_repository *repo,
		     const char *const *names, size_t n, int with_grades)
{
	const char *root = pr_repo_root(repo);
	char **all = NULL, *tag;
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++)
		if (!pr_name_valid(names[i]) || !is_experiment(root, names[i]))
			return pr_error_code(PR_EINPUT,
					     "no experiment '%s' (see "
					     "'prereg list')",
					     names[i]);
	if (!n) {
		n = pr_path_list_experiments(&all, root, "experiments", 1);
		names = (const char *const *)all;
	}
	out->row = pr_calloc(n + 1, sizeof(*out->row));
	for (i = 0; i < n; i++) {
		pr_summary_row *x = &out->row[out->n++];

		x->name = pr_strdup(names[i]);
		spec_facts(x, root);
		pin_facts(x, repo, &tag);
		runs_of_pin(x, root, tag);
		free(tag);
		judge(x, root);
	}
	for (i = 0; all && i < n; i++)
		free(all[i]);
	free(all);
	if (with_grades)
		grades(out, repo);
	return PR_OK;
}

void pr_summary_free(pr_summary *s)
{
	size_t i, j;

	for (i = 0; s && i < s->n; i++) {
		free(s->row[i].name);
		free(s->row[i].claim);
		free(s->row[i].pin);
		free(s->row[i].last);
		free(s->row[i].ref);
		free(s->row[i].counts);
		for (j = 0; j < s->row[i].nclaims; j++) {
			free(s->row[i].claims[j].name);
			free(s->row[i].claims[j].reason);
		}
		free(s->row[i].claims);
	}
	if (s)
		free(s->row);
}

/* s escaped as the text of one markdown table cell: one line, its pipes
 * escaped; "-" for NULL */
static void md_text(FILE *f, const char *s)
{
	char *e = pr_text_escape(s ? s : "-");
	const char *p;

	for (p = e; *p; p++) {
		if (*p == '|')
			fputc('\\', f);
		fputc(*p, f);
	}
	free(e);
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static const char *reproduced_word(const pr_summary_row *x)
{
	return x->reproduced < 0 ? "no reference"
	       : x->reproduced	 ? "yes"
				 : "no";
}

/*
 * The summary's table: one row per experiment (pr_summary_row), each
 * column its markdown cell and its JSON value. A string column is a
 * member of the row, NULL where the row has none: "-" in the markdown,
 * null in the JSON.
 */
#define STRING_COLUMN(fn, member)                                              \
	static void md_##fn(FILE *f, const void *row, const void *ctx)         \
	{                                                                      \
		(void)ctx;                                                     \
		md_text(f, ((const pr_summary_row *)row)->member);             \
	}                                                                      \
	static json_t *js_##fn(const void *row, const void *ctx)               \
	{                                                                      \
		(void)ctx;                                                     \
		return str_or_null(((const pr_summary_row *)row)->member);     \
	}
STRING_COLUMN(name, name)
STRING_COLUMN(kind, kind)
STRING_COLUMN(verdict, verdict)
STRING_COLUMN(counts, counts)
STRING_COLUMN(ref, ref)
STRING_COLUMN(ref_verdict, ref_verdict)
STRING_COLUMN(grade, grade)
STRING_COLUMN(pin, pin)
STRING_COLUMN(claim, claim)

/* the last run; the markdown says when there is none */
static void md_last(FILE *f, const void *row, const void *ctx)
{
	const char *last = ((const pr_summary_row *)row)->last;

	(void)ctx;
	md_text(f, last ? last : "no run of this pin");
}

static json_t *js_last(const void *row, const void *ctx)
{
	(void)ctx;
	return str_or_null(((const pr_summary_row *)row)->last);
}

/* yes, no or "no reference" (null, true, false); "-" without a run;
 * " (another CPU)" after yes or no when the two runs' processors differ */
static void md_reproduced(FILE *f, const void *row, const void *ctx)
{
	const pr_summary_row *x = row;

	(void)ctx;
	md_text(f, x->last ? reproduced_word(x) : NULL);
	if (x->last && x->reproduced >= 0 && x->other_cpu)
		fputs(" (another CPU)", f);
}

static json_t *js_reproduced(const void *row, const void *ctx)
{
	const pr_summary_row *x = row;

	(void)ctx;
	return x->reproduced < 0 ? json_null() : json_boolean(x->reproduced);
}

/* JSON only: the two runs' processors differ (false without both) */
static json_t *js_other_cpu(const void *row, const void *ctx)
{
	(void)ctx;
	return json_boolean(((const pr_summary_row *)row)->other_cpu);
}

/* compare's rows: "R/D/I/N" ({REPRODUCED, DIFFERENT, INCONCLUSIVE,
 * NO-DATA}), "-" (null) when the runs were not compared */
static void md_rows(FILE *f, const void *row, const void *ctx)
{
	const pr_summary_row *x = row;

	(void)ctx;
	if (x->compared)
		fprintf(f, "%zu/%zu/%zu/%zu", x->repro[PR_REPRODUCED],
			x->repro[PR_DIFFERENT], x->repro[PR_REPRO_INCONCLUSIVE],
			x->repro[PR_REPRO_NO_DATA]);
	else
		md_text(f, NULL);
}

static json_t *js_rows(const void *row, const void *ctx)
{
	const pr_summary_row *x = row;

	(void)ctx;
	if (!x->compared)
		return json_null();
	return json_pack("{s:I, s:I, s:I, s:I}", "REPRODUCED",
			 (json_int_t)x->repro[PR_REPRODUCED], "DIFFERENT",
			 (json_int_t)x->repro[PR_DIFFERENT], "INCONCLUSIVE",
			 (json_int_t)x->repro[PR_REPRO_INCONCLUSIVE], "NO-DATA",
			 (json_int_t)x->repro[PR_REPRO_NO_DATA]);
}

/* the last run's busy launches: "B of R" ({busy, recorded}), "not
 * recorded" (null), "-" (null) without a run */
static void md_busy(FILE *f, const void *row, const void *ctx)
{
	const pr_summary_row *x = row;

	(void)ctx;
	if (!x->last)
		md_text(f, NULL);
	else if (x->recorded)
		fprintf(f, "%zu of %zu", x->busy, x->recorded);
	else
		md_text(f, "not recorded");
}

static json_t *js_busy(const void *row, const void *ctx)
{
	const pr_summary_row *x = row;

	(void)ctx;
	return x->last && x->recorded
		   ? json_pack("{s:I, s:I}", "busy", (json_int_t)x->busy,
			       "recorded", (json_int_t)x->recorded)
		   : json_null();
}

static const pr_report_column summary_cols[] = {
    {"experiment", "---", md_name, NULL, "experiment", js_name},
    {"kind", "---", md_kind, NULL, "kind", js_kind},
    {"last run of its pin", "---", md_last, NULL, "last_run", js_last},
    {"verdict", "---", md_verdict, NULL, "verdict", js_verdict},
    {"verdicts", "---", md_counts, NULL, "verdicts", js_counts},
    {"reference run", "---", md_ref, NULL, "reference_run", js_ref},
    {"its verdict", "---", md_ref_verdict, NULL, "reference_verdict",
     js_ref_verdict},
    {"reproduced", "---", md_reproduced, NULL, "reproduced", js_reproduced},
    {NULL, NULL, NULL, NULL, "other_cpu", js_other_cpu},
    {"rows R/D/I/N", "---", md_rows, NULL, "rows", js_rows},
    {"busy launches", "---", md_busy, NULL, "busy", js_busy},
    {"audit", "---", md_grade, NULL, "grade", js_grade},
    {"pin", "---", md_pin, NULL, "pin", js_pin},
    {"claim", "---", md_claim, NULL, "claim", js_claim},
};
static const pr_report_table summary_table = {
    summary_cols, sizeof(summary_cols) / sizeof(summary_cols[0]),
    sizeof(pr_summary_row)};

void pr_summary_md(FILE *f, const pr_summary *s)
{
	size_t i, word[5] = {0}, none = 0, refs = 0, same = 0, other = 0;
	static const char *const words[] = {"PASS", "FAIL", "INCONCLUSIVE",
					    "MEASURED"};
	size_t k;

	pr_report_table_md(f, &summary_table, s->row, s->n, NULL);
	for (i = 0; i < s->n; i++) {
		const pr_summary_row *x = &s->row[i];

		if (!x->verdict)
			none++;
		for (k = 0; x->verdict && k < 4; k++)
			if (!strcmp(x->verdict, words[k]))
				word[k]++;
		refs += x->reproduced >= 0;
		same += x->reproduced == 1;
		other += x->reproduced >= 0 && x->other_cpu;
	}
	fprintf(f,
		"\n%zu experiments: %zu PASS, %zu FAIL, %zu INCONCLUSIVE, %zu "
		"MEASURED, %zu without a run of their pin; the verdict "
		"reproduced in %zu of the %zu with a reference run.\n",
		s->n, word[0], word[1], word[2], word[3], none, same, refs);
	fputs("\nverdict: of the last complete run of the current pin (FAIL "
	      "when a cell or a step FAILs, a negative control when it "
	      "PASSes; INCONCLUSIVE when one is "
	      "INCONCLUSIVE or NO-DATA, PASS when all PASS, MEASURED when "
	      "nothing is predicted). reference run: the complete run of "
	      "that pin before it; reproduced: both verdicts agree; rows "
	      "R/D/I/N: `prereg compare REFERENCE LAST` rows REPRODUCED, "
	      "DIFFERENT, INCONCLUSIVE, NO-DATA. busy launches: of those "
	      "with a machine record. audit: the last run's grade.\n",
	      f);
	if (other)
		fputs(
		    "\n(another CPU): the two runs' manifests record "
		    "different processors, so a DIFFERENT row may measure the "
		    "machines rather than a failure to reproduce; `prereg "
		    "repro NAME --recalibrate` compares the model's error "
		    "instead.\n",
		    f);
}

json_t *pr_summary_json(const pr_summary *s)
{
	return json_pack(
	    "{s:o}", "experiments",
	    pr_report_table_json(&summary_table, s->row, s->n, NULL));
}

/* s with XML's five special characters as entities, the rest escaped by
 * pr_text_escape (one line, no control byte) */
static void xml_text(FILE *f, const char *s)
{
	char *e = pr_text_escape(s);
	const char *p;

	for (p = e; *p; p++) {
		switch (*p) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&apos;", f);
			break;
		default:
			fputc(*p, f);
		}
	}
	free(e);
}

/* Why x fails as a test case, owned, or NULL. */
static char *failure_of(const pr_summary_row *x)
{
	if (x->grade && !strcmp(x->grade, "broken"))
		return pr_asprintf("run %s is broken (prereg audit %s)",
				   x->last, x->name);
	if (x->verdict && !strcmp(x->verdict, "FAIL"))
		return pr_asprintf("run %s: %s", x->last, x->counts);
	if (x->reproduced == 0)
		return pr_asprintf("run %s is %s, its reference %s was %s%s",
				   x->last, x->verdict, x->ref, x->ref_verdict,
				   x->other_cpu ? " (on another CPU)" : "");
	return NULL;
}

/* One claim's test case: failed when it FAILs, skipped when it is
 * INCONCLUSIVE. */
static void junit_claim(FILE *f, const pr_summary_row *x,
			const pr_summary_claim *c)
{
	fputs("  <testcase classname=\"", f);
	xml_text(f, x->name);
	fputs("\" name=\"", f);
	xml_text(f, x->name);
	fputc('/', f);
	xml_text(f, c->name);
	fputs("\">", f);
	if (strcmp(c->verdict, "PASS")) {
		fputs(strcmp(c->verdict, "FAIL") ? "<skipped message=\""
						 : "<failure message=\"",
		      f);
		xml_text(f, c->reason);
		fputs("\"/>", f);
	}
	fputs("</testcase>\n", f);
}

void pr_summary_junit(FILE *f, const pr_summary *s)
{
	size_t i, j, failures = 0, skipped = 0, tests = 0;
	char *why;

	for (i = 0; i < s->n; i++) {
		tests += 1 + s->row[i].nclaims;
		if (!s->row[i].last)
			skipped++;
		else if ((why = failure_of(&s->row[i]))) {
			failures++;
			free(why);
		}
		for (j = 0; j < s->row[i].nclaims; j++) {
			failures +=
			    !strcmp(s->row[i].claims[j].verdict, "FAIL");
			skipped += !strcmp(s->row[i].claims[j].verdict,
					   "INCONCLUSIVE");
		}
	}
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuites>\n<testsuite name=\"prereg\" tests=\"%zu\" "
		"failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n",
		tests, failures, skipped);
	for (i = 0; i < s->n; i++) {
		const pr_summary_row *x = &s->row[i];

		fputs("  <testcase classname=\"prereg\" name=\"", f);
		xml_text(f, x->name);
		fputs("\">", f);
		if (!x->last) {
			fputs("<skipped message=\"no complete run of its "
			      "pin\"/>",
			      f);
		} else if ((why = failure_of(x))) {
			fputs("<failure message=\"", f);
			xml_text(f, why);
			fputs("\"/>", f);
			free(why);
		}
		fputs("</testcase>\n", f);
		for (j = 0; j < x->nclaims; j++)
			junit_claim(f, x, &x->claims[j]);
	}
	fputs("</testsuite>\n</testsuites>\n", f);
}
