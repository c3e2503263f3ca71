/* report_select.c - the selector columns of the report's tables whose rows
 * select cells: config, phase, device, bytes, rows, rank, in markdown and
 * JSON */
#include "analyze/report-internal.h"

#include <stdio.h>

/* What row selects, as its table's context reads it. */
static pr_report_selected of(const void *row, const void *ctx)
{
	return ((const pr_report_sel_ctx *)ctx)->of(row, ctx);
}

/* Which optional selectors the markdown of the table of ctx has. */
static const pr_md_columns *shown(const void *ctx)
{
	return &((const pr_report_sel_ctx *)ctx)->shown;
}

void pr_sel_md_config(FILE *f, const void *row, const void *ctx)
{
	pr_report_selected x = of(row, ctx);
	const char *cfg = pr_report_label(x.run, x.sel->config);

	fprintf(f, "%d%s", x.sel->config, *cfg ? " " : "");
	pr_md_text(f, cfg);
}

void pr_sel_md_phase(FILE *f, const void *row, const void *ctx)
{
	pr_report_selected x = of(row, ctx);

	pr_md_phase(f, x.sel, x.cell);
}

void pr_sel_md_device(FILE *f, const void *row, const void *ctx)
{
	const char *d = of(row, ctx).sel->device;

	pr_md_text(f, d ? d : "all");
}

/* A selector's value, "all" when it selects every one. */
static void md_selector(FILE *f, long long v)
{
	if (v >= 0)
		fprintf(f, "%lld", v);
	else
		fputs("all", f);
}

void pr_sel_md_bytes(FILE *f, const void *row, const void *ctx)
{
	md_selector(f, of(row, ctx).sel->bytes);
}

void pr_sel_md_rows(FILE *f, const void *row, const void *ctx)
{
	md_selector(f, of(row, ctx).sel->rows);
}

void pr_sel_md_rank(FILE *f, const void *row, const void *ctx)
{
	md_selector(f, of(row, ctx).sel->rank);
}

int pr_sel_shown_device(const void *ctx)
{
	return shown(ctx)->device;
}

int pr_sel_shown_bytes(const void *ctx)
{
	return shown(ctx)->bytes;
}

int pr_sel_shown_rows(const void *ctx)
{
	return shown(ctx)->rows;
}

int pr_sel_shown_rank(const void *ctx)
{
	return shown(ctx)->rank;
}

json_t *pr_sel_js_config(const void *row, const void *ctx)
{
	return json_integer(of(row, ctx).sel->config);
}

json_t *pr_sel_js_config_label(const void *row, const void *ctx)
{
	pr_report_selected x = of(row, ctx);

	return json_string(pr_report_label(x.run, x.sel->config));
}

json_t *pr_sel_js_phase(const void *row, const void *ctx)
{
	return json_string(of(row, ctx).sel->phase);
}

json_t *pr_sel_js_reduce(const void *row, const void *ctx)
{
	pr_reduce r = of(row, ctx).sel->reduce;

	return r != PR_REDUCE_NONE ? json_string(pr_reduce_name(r)) : NULL;
}

json_t *pr_sel_js_formula(const void *row, const void *ctx)
{
	const pr_cell *p = of(row, ctx).cell;

	return p && p->formula ? json_string(p->formula) : NULL;
}

json_t *pr_sel_js_device(const void *row, const void *ctx)
{
	const char *d = of(row, ctx).sel->device;

	return d ? json_string(d) : NULL;
}

/* A selector's value, no key when it selects every one. */
static json_t *js_selector(long long v)
{
	return v >= 0 ? json_integer(v) : NULL;
}

json_t *pr_sel_js_bytes(const void *row, const void *ctx)
{
	return js_selector(of(row, ctx).sel->bytes);
}

json_t *pr_sel_js_rows(const void *row, const void *ctx)
{
	return js_selector(of(row, ctx).sel->rows);
}

json_t *pr_sel_js_rank(const void *row, const void *ctx)
{
	return js_selector(of(row, ctx).sel->rank);
}
