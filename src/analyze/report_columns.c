/* report_columns.c - a table described once by its columns, written as a
 * markdown table and as a JSON array of the same rows */
#include "analyze/columns.h"

#include <stdio.h>

/* Is column c in the markdown table? */
static int shown(const pr_report_column *c, const void *ctx)
{
	return c->header && (!c->shown || c->shown(ctx));
}

/* Row i of n rows of size bytes each. */
static const void *row_at(const void *rows, size_t size, size_t i)
{
	return (const char *)rows + i * size;
}

void pr_report_table_md_head(FILE *f, const pr_report_table *t, const void *ctx)
{
	size_t k;

	fputc('|', f);
	for (k = 0; k < t->ncols; k++)
		if (shown(&t->col[k], ctx))
			fprintf(f, *t->col[k].header ? " %s |" : " |",
				t->col[k].header);
	fputs("\n|", f);
	for (k = 0; k < t->ncols; k++)
		if (shown(&t->col[k], ctx))
			fprintf(f, "%s|", t->col[k].align);
	fputc('\n', f);
}

void pr_report_table_md_rows(FILE *f, const pr_report_table *t,
			     const void *rows, size_t n, const void *ctx)
{
	size_t i, k;
	const char *sep;

	for (i = 0; i < n; i++) {
		const void *x = row_at(rows, t->size, i);

		sep = "| ";
		for (k = 0; k < t->ncols; k++) {
			if (!shown(&t->col[k], ctx))
				continue;
			fputs(sep, f);
			t->col[k].md(f, x, ctx);
			sep = " | ";
		}
		fputs(" |\n", f);
	}
}

void pr_report_table_md(FILE *f, const pr_report_table *t, const void *rows,
			size_t n, const void *ctx)
{
	pr_report_table_md_head(f, t, ctx);
	pr_report_table_md_rows(f, t, rows, n, ctx);
}

json_t *pr_report_table_json(const pr_report_table *t, const void *rows,
			     size_t n, const void *ctx)
{
	json_t *all = json_array();
	size_t i, k;

	for (i = 0; i < n; i++) {
		const void *x = row_at(rows, t->size, i);
		json_t *o = json_object(), *v;

		for (k = 0; k < t->ncols; k++)
			if (t->col[k].key &&
			    (v = t->col[k].json(x, ctx)) != NULL)
				json_object_set_new(o, t->col[k].key, v);
		json_array_append_new(all, o);
	}
	return all;
}
