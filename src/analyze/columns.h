/* columns.h - a table described once by its columns, written as a
 * markdown table and as a JSON array of the same rows (report_columns.c):
 * the report's tables and the audit's summary */
#ifndef PR_ANALYZE_COLUMNS_H
#define PR_ANALYZE_COLUMNS_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

/*
 * One column of a table: its markdown header, alignment ("---", "---:")
 * and cell, and the JSON key and value of the same row. Rows and the
 * context are the table's own types. A column without a header is JSON
 * only, one without a key markdown only; shown (NULL: always) says
 * whether the markdown has it; json returns NULL where the row has no
 * such key.
 */
typedef struct {
	const char *header;
	const char *align;
	void (*md)(FILE *f, const void *row, const void *ctx);
	int (*shown)(const void *ctx);
	const char *key;
	json_t *(*json)(const void *row, const void *ctx);
} pr_report_column;

/* A table: its columns and the size of one row. */
typedef struct {
	const pr_report_column *col;
	size_t ncols;
	size_t size;
} pr_report_table;

/* A table written from its columns. The markdown's
 * header, alignment and n rows ("| a | b |"), each row's cells by the
 * shown columns' md; and the JSON array of n objects, each with every
 * keyed column's value. */
void pr_report_table_md(FILE *f, const pr_report_table *t, const void *rows,
			size_t n, const void *ctx);
json_t *pr_report_table_json(const pr_report_table *t, const void *rows,
			     size_t n, const void *ctx);
/* The two parts of pr_report_table_md, for a table whose rows come in
 * groups (each group's rows written by one call, under one header). */
void pr_report_table_md_head(FILE *f, const pr_report_table *t,
			     const void *ctx);
void pr_report_table_md_rows(FILE *f, const pr_report_table *t,
			     const void *rows, size_t n, const void *ctx);

#endif
