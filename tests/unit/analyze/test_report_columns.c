/* test_report_columns.c - unit tests of src/analyze/report_columns.c: one
 * description of a table's columns written as markdown and as JSON */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "analyze/report-internal.h"

/* A row of the test table: a number, and a name that may be absent. */
typedef struct {
	int id;
	const char *name;
} item;

static void md_id(FILE *f, const void *row, const void *ctx)
{
	(void)ctx;
	fprintf(f, "%d", ((const item *)row)->id);
}

/* The context says whether the markdown has the id. */
static int shown_id(const void *ctx)
{
	return *(const int *)ctx;
}

static json_t *js_id(const void *row, const void *ctx)
{
	(void)ctx;
	return json_integer(((const item *)row)->id);
}

static void md_name(FILE *f, const void *row, const void *ctx)
{
	const char *s = ((const item *)row)->name;

	(void)ctx;
	fputs(s ? s : "-", f);
}

static json_t *js_name(const void *row, const void *ctx)
{
	const char *s = ((const item *)row)->name;

	(void)ctx;
	return s ? json_string(s) : NULL;
}

static const pr_report_column item_col[] = {
    {"id", "---:", md_id, shown_id, "id", js_id},
    {"name", "---", md_name, NULL, "name", js_name},
};

static const pr_report_table item_table = {
    item_col, sizeof(item_col) / sizeof(item_col[0]), sizeof(item)};

static const item items[] = {{1, "x"}, {2, NULL}};

/* The markdown of n items, the id shown or not; caller frees. */
static char *md_of(size_t n, int show)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	pr_report_table_md(f, &item_table, items, n, &show);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/* The markdown has the shown columns only: header, alignment, one line
 * per row; no rows, the header alone. */
static void test_md(void **state)
{
	char *s;

	(void)state;
	s = md_of(2, 1);
	assert_string_equal(s, "| id | name |\n|---:|---|\n| 1 | x |\n"
			       "| 2 | - |\n");
	free(s);
	s = md_of(2, 0);
	assert_string_equal(s, "| name |\n|---|\n| x |\n| - |\n");
	free(s);
	s = md_of(0, 1);
	assert_string_equal(s, "| id | name |\n|---:|---|\n");
	free(s);
}

/* A table in groups: the header once (its shown columns), then each
 * group's rows under it, as one pr_report_table_md of all rows writes. */
static void test_md_groups(void **state)
{
	char *buf = NULL, *all;
	size_t len = 0;
	int show = 1;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	pr_report_table_md_head(f, &item_table, &show);
	pr_report_table_md_rows(f, &item_table, items, 1, &show);
	pr_report_table_md_rows(f, &item_table, items + 1, 1, &show);
	pr_report_table_md_rows(f, &item_table, items, 0, &show);
	assert_int_equal(fclose(f), 0);
	all = md_of(2, 1);
	assert_string_equal(buf, all);
	free(all);
	free(buf);
	buf = NULL;
	show = 0;
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	pr_report_table_md_head(f, &item_table, &show);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, "| name |\n|---|\n");
	free(buf);
}

/* A column with an empty header is one space wide in the header line
 * ("| |"), as a table written by hand has it; its cells are as any. */
static const pr_report_column blank_col[] = {
    {"", "---", md_name, NULL, "name", js_name},
    {"id", "---:", md_id, NULL, "id", js_id},
};
static const pr_report_table blank_table = {
    blank_col, sizeof(blank_col) / sizeof(blank_col[0]), sizeof(item)};

static void test_md_blank_header(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	pr_report_table_md(f, &blank_table, items, 1, NULL);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, "| | id |\n|---|---:|\n| x | 1 |\n");
	free(buf);
}

/* The JSON has every keyed column whether the markdown shows it or not,
 * and no key where its json returns NULL. */
static void test_json(void **state)
{
	int show = 0;
	json_t *v = pr_report_table_json(&item_table, items, 2, &show);
	char *s;

	(void)state;
	s = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
	assert_string_equal(s, "[{\"id\":1,\"name\":\"x\"},{\"id\":2}]");
	free(s);
	json_decref(v);
	v = pr_report_table_json(&item_table, items, 0, &show);
	assert_true(json_is_array(v));
	assert_int_equal(json_array_size(v), 0);
	json_decref(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_md),
	    cmocka_unit_test(test_md_groups),
	    cmocka_unit_test(test_md_blank_header),
	    cmocka_unit_test(test_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
