/* conclusion.c - a run's verdicts in one word and in plain words, and
 * what would change them (DESIGN 7, "Conclusion") */
#include "analyze/conclusion.h"

#include <stdlib.h>

#include "analyze/analyze.h"
#include "analyze/primitives.h"
#include "analyze/report-internal.h"
#include "analyze/settings.h"
#include "analyze/steps.h"
#include "base/util.h"

const char *pr_run_word(const pr_analysis_run *r)
{
	const pr_steps_set *st = pr_steps_of(r);
	const pr_launch_ratio *lr = pr_launch_ratio_of(r);
	size_t nfail = r->count[PR_FAIL], npass = r->count[PR_PASS], i;
	int fail, pass,
	    unsure = r->count[PR_INCONCLUSIVE] + r->count[PR_NO_DATA] > 0;

	/* a negative control holds when it FAILs, fails when it PASSes */
	for (i = 0; i < r->nrows; i++) {
		const pr_analysis_row *x = &r->row[i];

		if (!x->cell || !x->cell->negative)
			continue;
		if (x->verdict == PR_FAIL && nfail > 0) {
			nfail--;
			npass++;
		} else if (x->verdict == PR_PASS && npass > 0) {
			npass--;
			nfail++;
		}
	}
	fail = nfail > 0;
	pass = npass > 0;

	for (i = 0; st && i < st->n; i++) {
		if (!st->config[i].judged)
			continue;
		if (st->config[i].pass)
			pass = 1;
		else
			fail = 1;
	}
	if (lr && !lr->why) {
		fail |= lr->ratio.verdict == PR_FAIL;
		pass |= lr->ratio.verdict == PR_PASS;
		unsure |= lr->ratio.verdict == PR_INCONCLUSIVE ||
			  lr->ratio.verdict == PR_NO_DATA;
	}
	return fail	? "FAIL"
	       : unsure ? "INCONCLUSIVE"
	       : pass	? "PASS"
			: "MEASURED";
}

size_t pr_run_few_launches(const pr_analysis_run *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->nrows; i++)
		n += r->row[i].cell && r->row[i].n && r->row[i].nlaunches < 6;
	return n;
}

/* What would change r's verdicts, as sentences: why[k] set for each
 * that applies. */
enum { CH_FEW, CH_BUSY, CH_UNSURE, CH_FAIL, CH_NOTHING, CH_N };

static const char *const change_text[CH_N] = {
    "cells judged on fewer than 6 launches can be INCONCLUSIVE or FAIL "
    "but never PASS: a run of 6 launches or more can decide them",
    "launches that ran on a busy machine: their times may be the load's, "
    "so a FAIL or INCONCLUSIVE there calls for a rerun on a quiet machine "
    "(prereg run --wait-idle SECONDS)",
    "INCONCLUSIVE cells: their interval is wider than the band or "
    "straddles its edge; more launches narrow it ('prereg pin' prints "
    "how many the pilot CV asks)",
    "FAIL cells: the measured interval misses the band; more launches "
    "narrow it around the same median, so another model or prediction "
    "(a new pin) would change them, or a quiet machine where launches "
    "were busy",
    "nothing is predicted: the run measures (a calibration's fits feed "
    "the predictions that name it)"};

static void changes_of(int *on, const pr_analysis_run *r)
{
	const char *w = pr_run_word(r);
	size_t k;

	for (k = 0; k < CH_N; k++)
		on[k] = 0;
	on[CH_FEW] = pr_run_few_launches(r) > 0;
	on[CH_BUSY] = r->busy.nbusy > 0;
	on[CH_UNSURE] = r->count[PR_INCONCLUSIVE] > 0;
	on[CH_FAIL] = r->count[PR_FAIL] > 0;
	on[CH_NOTHING] = w[0] == 'M';
}

/* "1 PASS, 14 FAIL, 1 INCONCLUSIVE of 16 predicted cells" */
/* " (of them, N negative controls: K FAIL as they must, M PASS)" */
static void controls(FILE *f, const pr_analysis_run *r)
{
	size_t i, n = 0, failed = 0;

	for (i = 0; i < r->nrows; i++) {
		if (!r->row[i].cell || !r->row[i].cell->negative)
			continue;
		n++;
		failed += r->row[i].verdict == PR_FAIL;
	}
	if (n)
		fprintf(f,
			" (of them %zu negative control%s: %zu FAIL as they "
			"must, %zu do%s not)",
			n, n == 1 ? "" : "s", failed, n - failed,
			n - failed == 1 ? "es" : "");
}

static void put_counts(FILE *f, const pr_analysis_run *r)
{
	static const int order[] = {PR_PASS, PR_FAIL, PR_INCONCLUSIVE,
				    PR_NO_DATA};
	size_t i, total = 0, shown = 0;

	for (i = 0; i < sizeof(order) / sizeof(*order); i++)
		total += r->count[order[i]];
	if (!total) {
		fputs("no predicted cell", f);
		return;
	}
	for (i = 0; i < sizeof(order) / sizeof(*order); i++) {
		if (!r->count[order[i]])
			continue;
		fprintf(f, "%s%zu %s", shown++ ? ", " : "", r->count[order[i]],
			pr_verdict_name((pr_verdict)order[i]));
	}
	fprintf(f, " of %zu predicted cell%s", total, total == 1 ? "" : "s");
	controls(f, r);
}

/* The term the formulas miss most from PR_PRIMITIVE_MISSING_FROM bytes
 * up: the cell, the time, and that time in copies of n where the run
 * timed the copy. */
static void missing_text(FILE *f, const pr_analysis_run *r,
			 const pr_primitive *q)
{
	double t;

	if (!q)
		return;
	t = q->measured_s - q->formula_s;
	fprintf(f, "; from %lld KiB up the largest time a formula leaves out: ",
		(long long)(PR_PRIMITIVE_MISSING_FROM / 1024));
	pr_md_text(f, pr_report_label(r, q->config));
	fprintf(f, " at %lld B, ", (long long)q->bytes);
	pr_md_time(f, t);
	if (q->copy_n_s > 0) {
		fputs(", ", f);
		pr_md_sig3(f, t / q->copy_n_s);
		fputs(" copies of the whole message as these launches timed "
		      "it (",
		      f);
		pr_md_time(f, q->copy_n_s);
		fputs(")", f);
	}
}

/* hockney-allreduce's formulas priced by the run's own primitives, in one
 * line, where the run timed them */
static void primitives_line(FILE *f, const pr_analysis_run *r)
{
	const pr_primitive_set *s = pr_primitives_of(r);
	const pr_primitive_span *sp = s && s->general ? &s->span : NULL;

	if (!sp || !sp->n)
		return;
	fputs("  - the cells' formulas priced by the primitives of the same "
	      "launches (section \"Formulas priced by the primitives of the "
	      "same launches\"): the collective took ",
	      f);
	pr_md_sig3(f, sp->lo);
	fputs("x to ", f);
	pr_md_sig3(f, sp->hi);
	fputs("x their sum, median ", f);
	pr_md_sig3(f, sp->median);
	fprintf(f, "x, over %zu cell%s that %s no negative control; farthest: ",
		sp->n, sp->n == 1 ? "" : "s", sp->n == 1 ? "is" : "are");
	pr_md_text(f, pr_report_label(r, sp->far->config));
	fprintf(f, " at %lld B", (long long)sp->far->bytes);
	fprintf(f, "; at %lld B, the smallest size, they leave out ",
		(long long)sp->small_bytes);
	pr_md_time(f, sp->small_lo);
	fputs(" to ", f);
	pr_md_time(f, sp->small_hi);
	fputs(" (a per-call time no formula holds)", f);
	missing_text(f, r, sp->missing);
	fputc('\n', f);
}

void pr_report_conclusion_md(FILE *f, const pr_analysis *a)
{
	int on[CH_N], any[CH_N] = {0};
	size_t i, k;

	fputs("## Conclusion\n\n", f);
	for (i = 0; i < a->nruns; i++) {
		const pr_analysis_run *r = &a->run[i];

		fprintf(f, "- Run %s%s%s: **%s**: ", r->run_id,
			r->pin_tag ? " of " : "", r->pin_tag ? r->pin_tag : "",
			pr_run_word(r));
		put_counts(f, r);
		if (r->busy.nrecorded)
			fprintf(f, "; %zu of %zu launches on a busy machine",
				r->busy.nbusy, r->busy.nrecorded);
		else
			fputs("; machine load not recorded", f);
		if (r->nrelaunched)
			fprintf(f,
				"; %zu launch%s launched again after failed "
				"attempts ([schedule] relaunch)",
				r->nrelaunched,
				r->nrelaunched == 1 ? "" : "es");
		fputs("\n", f);
		for (k = 0; k < r->nclaims; k++) {
			const pr_claim_result *c = &r->claim[k];

			fprintf(f, "  - claim %s (", c->name);
			pr_md_text(f, c->text);
			fprintf(f, "): **%s**: %s\n",
				pr_verdict_name(c->verdict), c->reason);
		}
		primitives_line(f, r);
		changes_of(on, r);
		for (k = 0; k < CH_N; k++)
			any[k] |= on[k];
	}
	fputs("\nWhat would change them:\n\n", f);
	for (k = 0; k < CH_N; k++)
		if (any[k])
			fprintf(f, "- %s\n", change_text[k]);
	if (!any[CH_FEW] && !any[CH_BUSY] && !any[CH_UNSURE] && !any[CH_FAIL] &&
	    !any[CH_NOTHING])
		fputs("- only a rerun whose verdicts differ: no cell here is "
		      "judged on fewer than 6 launches, and no launch is "
		      "recorded as busy\n",
		      f);
	fputc('\n', f);
}

/* primitives_line's figures, as "primitives" in o, where it has them */
static void primitives_json(json_t *o, const pr_analysis_run *r)
{
	const pr_primitive_set *s = pr_primitives_of(r);
	const pr_primitive_span *sp = s && s->general ? &s->span : NULL;

	json_t *p;
	const pr_primitive *m;

	if (!sp || !sp->n)
		return;
	p = json_pack("{s:I, s:o, s:o, s:o, s:i, s:I, s:{s:I, s:o, s:o}}",
		      "cells", (json_int_t)sp->n, "min", pr_json_num(sp->lo),
		      "median", pr_json_num(sp->median), "max",
		      pr_json_num(sp->hi), "farthest_config", sp->far->config,
		      "farthest_bytes", (json_int_t)sp->far->bytes, "smallest",
		      "bytes", (json_int_t)sp->small_bytes, "missing_min_s",
		      pr_json_num(sp->small_lo), "missing_max_s",
		      pr_json_num(sp->small_hi));
	if ((m = sp->missing) != NULL)
		json_object_set_new(
		    p, "missing",
		    json_pack("{s:i, s:I, s:o, s:o}", "config", m->config,
			      "bytes", (json_int_t)m->bytes, "missing_s",
			      pr_json_num(m->measured_s - m->formula_s),
			      "copy_n_s",
			      m->copy_n_s > 0 ? pr_json_num(m->copy_n_s)
					      : json_null()));
	json_object_set_new(o, "primitives", p);
}

json_t *pr_report_conclusion_json(const pr_analysis_run *r)
{
	json_t *changes = json_array(), *o;
	int on[CH_N];
	size_t k;

	changes_of(on, r);
	for (k = 0; k < CH_N; k++)
		if (on[k])
			json_array_append_new(changes,
					      json_string(change_text[k]));
	o = json_pack("{s:s, s:I, s:I, s:I, s:o}", "verdict", pr_run_word(r),
		      "few_launches", (json_int_t)pr_run_few_launches(r),
		      "busy", (json_int_t)r->busy.nbusy, "recorded",
		      (json_int_t)r->busy.nrecorded, "changes", changes);

	/* only where it happened: the JSON of other runs stays as it was */
	if (r->nrelaunched)
		json_object_set_new(o, "relaunched",
				    json_integer((json_int_t)r->nrelaunched));
	primitives_json(o, r);
	return o;
}
