/* test_archive.c - the archive writer/reader round trip, its SHA-256, and
 * damaged archives */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format/archive.h"
#include "format/timings.h"
#include "base/util.h"
#include "helpers/scratch.h"

static char *dir;

static int setup(void **state)
{
	(void)state;
	dir = pr_scratch_dir("test-archive");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	pr_scratch_remove(dir);
	free(dir);
	return 0;
}

static const char rows[] = "0,0,0,1,0,h,cpu,pingpong,8,0,100,200,\n"
			   "0,0,1,0,0,h,cpu,pingpong,8,0,300,450,\n"
			   "0,0,1,0,1,h,cpu,pingpong,8,0,301,449,7\n";

static char *write_sample(const char *name)
{
	char *path = pr_asprintf("%s/%s", dir, name);
	pr_archive_writer *w = NULL;
	pr_archive_info info;

	assert_int_equal(pr_archive_create(&w, path), 0);
	assert_int_equal(access(path, F_OK), -1); /* not before finish */
	assert_int_equal(pr_archive_write(w, rows, strlen(rows)), 0);
	assert_int_equal(pr_archive_finish(w, &info), 0);
	assert_int_equal(info.rows, 3);
	return path;
}

static void test_sha256_known_vector(void **state)
{
	char hex[65];

	(void)state;
	pr_sha256_hex(hex, "abc", 3);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
				 "b00361a396177a9cb410ff61f20015ad");
}

static void test_round_trip(void **state)
{
	char *path, *text = NULL, *expect, sha[65];
	pr_archive_info info;

	(void)state;
	path = write_sample("a.csv.gz");
	assert_int_equal(pr_archive_read(&text, &info, path, 0), 0);
	expect = pr_asprintf("%s\n%s", PR_ARCHIVE_HEADER, rows);
	assert_string_equal(text, expect);
	pr_sha256_hex(sha, expect, strlen(expect));
	assert_string_equal(info.sha256, sha);
	assert_int_equal(info.bytes, strlen(expect));
	assert_int_equal(info.rows, 3);
	free(text);
	free(expect);
	free(path);
}

static void test_timings_parse(void **state)
{
	char *path;
	pr_timings t;

	(void)state;
	path = write_sample("b.csv.gz");
	assert_int_equal(pr_timings_load(&t, NULL, path, 0), 0);
	assert_int_equal(t.nrows, 3);
	assert_int_equal(t.row[0].warmup, 1);
	assert_int_equal(t.row[2].rank, 1);
	assert_string_equal(t.row[1].phase, "pingpong");
	assert_int_equal(t.row[1].t_end_ns - t.row[1].t_start_ns, 150);
	assert_true(pr_timing_seconds(&t.row[1]) > 1.49e-7);
	assert_int_equal(t.energy, 1);
	assert_int_equal(t.row[1].energy_uj, -1); /* empty: not measured */
	assert_int_equal(t.row[2].energy_uj, 7);
	pr_timings_free(&t);
	free(path);
}

/* text parsed as an archive's CSV: the return code */
static int parse(pr_timings *t, const char *text)
{
	return pr_timings_parse(t, pr_strdup(text), "x.csv");
}

/* The integer fields: 18 digits read by hand, longer ones, signs and
 * spaces as strtoll reads them; beyond int64 or with a tail refused. */
static void test_timings_integers(void **state)
{
	static const struct {
		const char *t_end;
		int ok;
		int64_t want;
	} f[] = {{"999999999999999999", 1, 999999999999999999LL},
		 {"1000000000000000000", 1, 1000000000000000000LL},
		 {"9223372036854775807", 1, INT64_MAX},
		 {"9223372036854775808", 0, 0},
		 {"00000000000000000000000000450", 1, 450},
		 {"+450", 1, 450},
		 {" 450", 1, 450},
		 {"-450", 1, -450},
		 {"450 ", 0, 0},
		 {"45x", 0, 0},
		 {"", 0, 0}};
	pr_timings t;
	size_t i;
	char *text;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		text = pr_asprintf("%s\n0,0,1,0,0,h,cpu,pingpong,8,0,300,%s,\n",
				   PR_ARCHIVE_HEADER, f[i].t_end);
		rc = pr_timings_parse(&t, text, "x.csv");
		assert_int_equal(rc == 0, f[i].ok);
		if (rc == 0) {
			assert_true(t.row[0].t_end_ns == f[i].want);
			pr_timings_free(&t);
		}
	}
}

/* An archive from before energy_uj: twelve columns, read as unmeasured;
 * each header takes only rows of its own width, energy_uj >= 0. */
static void test_timings_energy_column(void **state)
{
	pr_timings t;

	(void)state;
	assert_int_equal(parse(&t, PR_ARCHIVE_HEADER_12
			       "\n0,0,1,0,0,h,cpu,pingpong,8,0,300,450\n"),
			 0);
	assert_int_equal(t.energy, 0);
	assert_int_equal(t.nrows, 1);
	assert_int_equal(t.row[0].energy_uj, -1);
	pr_timings_free(&t);
	assert_int_equal(parse(&t, PR_ARCHIVE_HEADER_12
			       "\n0,0,1,0,0,h,cpu,pingpong,8,0,3,4,5\n"),
			 PR_EFAIL);
	assert_int_equal(
	    parse(&t, PR_ARCHIVE_HEADER "\n0,0,1,0,0,h,cpu,pingpong,8,0,3,4\n"),
	    PR_EFAIL);
	assert_int_equal(parse(&t, PR_ARCHIVE_HEADER
			       "\n0,0,1,0,0,h,cpu,pingpong,8,0,3,4,-1\n"),
			 PR_EFAIL);
	assert_int_equal(parse(&t, PR_ARCHIVE_HEADER
			       "\n0,0,1,0,0,h,cpu,pingpong,8,0,3,4,x\n"),
			 PR_EFAIL);
	assert_int_equal(parse(&t, PR_ARCHIVE_HEADER
			       "\n0,0,1,0,0,h,cpu,pingpong,8,0,3,4,0\n"),
			 0);
	assert_int_equal(t.row[0].energy_uj, 0);
	pr_timings_free(&t);
}

/* A launch CSV of an older runner (twelve columns) joins a new archive
 * with energy_uj empty; a new runner's rows pass unchanged. */
static void test_write_rows_widens(void **state)
{
	static const char mixed[] = "0,0,1,0,0,h,cpu,pingpong,8,0,300,450\n"
				    "0,0,1,0,1,h,cpu,pingpong,8,0,301,449,"
				    "12\n";
	char *path = pr_asprintf("%s/w.csv.gz", dir), *text = NULL, *expect;
	pr_archive_writer *w = NULL;
	pr_archive_info info;

	(void)state;
	assert_int_equal(pr_archive_create(&w, path), 0);
	assert_int_equal(pr_archive_write_rows(w, mixed, strlen(mixed)), 0);
	assert_int_equal(pr_archive_finish(w, &info), 0);
	assert_int_equal(pr_archive_read(&text, &info, path, 0), 0);
	expect = pr_asprintf("%s\n%s", PR_ARCHIVE_HEADER,
			     "0,0,1,0,0,h,cpu,pingpong,8,0,300,450,\n"
			     "0,0,1,0,1,h,cpu,pingpong,8,0,301,449,12\n");
	assert_string_equal(text, expect);
	free(text);
	free(expect);
	free(path);
}

/* Any two int64 times give a duration, exact while it fits (the difference
 * overflowed int64: UBSan in make fuzz's archive harness). */
static void test_timing_seconds_extremes(void **state)
{
	pr_timing r = {0};

	(void)state;
	r.t_start_ns = -9000000000000000000LL;
	r.t_end_ns = 9000000000000000000LL;
	assert_true(pr_timing_seconds(&r) > 1.7999e10);
	assert_true(pr_timing_seconds(&r) < 1.8001e10);
	r.t_start_ns = INT64_MAX;
	r.t_end_ns = INT64_MIN;
	assert_true(pr_timing_seconds(&r) < -1.8e10);
	r.t_start_ns = 9000000000000000000LL;
	r.t_end_ns = 9000000000000000001LL;
	assert_true(pr_timing_seconds(&r) == 1e-9);
}

/* The rows of a gzip of `csv` as the reader counts them (and its bytes). */
static uint64_t read_rows(const char *name, const char *csv, uint64_t *bytes)
{
	char *path = pr_asprintf("%s/%s", dir, name), *text = NULL;
	pr_archive_info info;

	pr_scratch_gzip(path, csv);
	assert_int_equal(pr_archive_read(&text, &info, path, 0), 0);
	assert_int_equal(info.bytes, strlen(csv));
	*bytes = info.bytes;
	free(text);
	free(path);
	return info.rows;
}

/*
 * The row count at its edges, as the audit holds it against the
 * manifest's: an archive of the header alone (a run whose every launch
 * failed) holds 0 rows, written and read; one row more is 1; an empty
 * stream and a header cut before its newline are 0 too, never a count
 * that wrapped below 0.
 */
static void test_rows_at_the_edges(void **state)
{
	char *path = pr_asprintf("%s/h.csv.gz", dir), *text = NULL, *hdr;
	pr_archive_writer *w = NULL;
	pr_archive_info info;
	pr_timings t;
	uint64_t bytes;

	(void)state;
	assert_int_equal(pr_archive_create(&w, path), 0);
	assert_int_equal(pr_archive_finish(w, &info), 0);
	assert_int_equal(info.rows, 0);
	assert_int_equal(info.bytes, strlen(PR_ARCHIVE_HEADER) + 1);
	assert_int_equal(pr_archive_read(&text, &info, path, 0), 0);
	assert_int_equal(info.rows, 0);
	assert_int_equal(info.bytes, strlen(PR_ARCHIVE_HEADER) + 1);
	assert_int_equal(pr_timings_parse(&t, text, path), 0);
	assert_int_equal(t.nrows, 0);
	pr_timings_free(&t);

	hdr = pr_asprintf("%s\n", PR_ARCHIVE_HEADER);
	assert_int_equal(read_rows("h1.csv.gz", hdr, &bytes), 0);
	free(hdr);
	hdr = pr_asprintf("%s\n%s", PR_ARCHIVE_HEADER,
			  "0,0,0,0,0,h,cpu,pingpong,8,0,1,2,\n");
	assert_int_equal(read_rows("h2.csv.gz", hdr, &bytes), 1);
	free(hdr);
	assert_int_equal(read_rows("h3.csv.gz", "", &bytes), 0);
	assert_int_equal(bytes, 0);
	assert_int_equal(read_rows("h4.csv.gz", PR_ARCHIVE_HEADER, &bytes), 0);
	free(path);
}

static void damage(const char *path, long at, int truncate_there)
{
	FILE *f = fopen(path, "r+b");
	int c;

	assert_non_null(f);
	if (truncate_there) {
		assert_int_equal(ftruncate(fileno(f), at), 0);
	} else {
		fseek(f, at, SEEK_SET);
		c = fgetc(f);
		fseek(f, at, SEEK_SET);
		fputc(c ^ 0x01, f);
	}
	fclose(f);
}

/* What cannot be opened: an archive that is not there (read and load),
 * one to be written in a directory that is not there; each an error
 * naming the path, nothing returned or left behind. */
static void test_cannot_open(void **state)
{
	char *path = pr_asprintf("%s/none/x.csv.gz", dir), *text = (char *)"x";
	pr_archive_writer *w = (pr_archive_writer *)&w;
	pr_archive_info info;
	pr_timings t;

	(void)state;
	assert_int_equal(pr_archive_read(&text, &info, path, 0), PR_EFAIL);
	assert_null(text);
	assert_non_null(strstr(pr_last_error(), "cannot open"));
	assert_non_null(strstr(pr_last_error(), "none/x.csv.gz"));
	assert_int_equal(pr_timings_load(&t, NULL, path, 0), PR_EFAIL);
	assert_int_equal(pr_archive_create(&w, path), PR_EFAIL);
	assert_null(w);
	assert_non_null(strstr(pr_last_error(), "cannot create"));
	pr_archive_abort(NULL);
	free(path);
}

static void test_truncated_is_an_error(void **state)
{
	char *path, *text = NULL;
	pr_archive_info info;

	(void)state;
	path = write_sample("c.csv.gz");
	damage(path, 40, 1);
	assert_int_equal(pr_archive_read(&text, &info, path, 0), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "the archive is truncated"));
	assert_null(text);
	free(path);
}

static void test_flipped_byte_is_an_error(void **state)
{
	char *path, *text = NULL;
	pr_archive_info info;
	long size;
	FILE *f;

	(void)state;
	path = write_sample("d.csv.gz");
	f = fopen(path, "rb");
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);
	damage(path, size - 6, 0); /* inside the CRC-32 trailer */
	assert_int_equal(pr_archive_read(&text, &info, path, 0), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "cannot read"));
	free(path);
}

static void test_bad_header_is_an_error(void **state)
{
	char *path = pr_asprintf("%s/e.csv.gz", dir);
	pr_timings t;

	(void)state;
	pr_scratch_gzip(path, "a,b\n1,2\n");
	assert_int_equal(pr_timings_load(&t, NULL, path, 0), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "the header is not"));
	free(path);
}

static void test_abort_leaves_nothing(void **state)
{
	char *path = pr_asprintf("%s/f.csv.gz", dir);
	pr_archive_writer *w = NULL;

	(void)state;
	assert_int_equal(pr_archive_create(&w, path), 0);
	assert_int_equal(pr_archive_write(w, rows, strlen(rows)), 0);
	pr_archive_abort(w);
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(pr_scratch_entries(dir, "f.csv.gz"), 0);
	free(path);
}

/* The expanded size: an archive of exactly max bytes reads, max - 1
 * refuses it; a plain file (the CSV uncompressed) and a link to the
 * archive are refused. */
static void test_bounds(void **state)
{
	char *path = write_sample("bounds.csv.gz"), *plain, *ln, *text = NULL;
	char *csv = pr_asprintf("%s\n%s", PR_ARCHIVE_HEADER, rows);
	pr_archive_info info;

	(void)state;
	assert_int_equal(pr_archive_read(&text, &info, path, strlen(csv)), 0);
	free(text);
	assert_int_equal(pr_archive_read(&text, &info, path, strlen(csv) - 1),
			 PR_EFAIL);
	assert_null(text);
	assert_non_null(strstr(pr_last_error(), "expands past"));
	plain = pr_asprintf("%s/plain.csv.gz", dir);
	assert_int_equal(pr_write_file_atomic(plain, csv, strlen(csv)), 0);
	assert_int_equal(pr_archive_read(&text, &info, plain, 0), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "not a gzip file"));
	ln = pr_asprintf("%s/link.csv.gz", dir);
	assert_int_equal(symlink(path, ln), 0);
	assert_int_equal(pr_archive_read(&text, &info, ln, 0), PR_EFAIL);
	assert_non_null(strstr(pr_last_error(), "symbolic link"));
	free(ln);
	free(plain);
	free(csv);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sha256_known_vector),
	    cmocka_unit_test(test_round_trip),
	    cmocka_unit_test(test_bounds),
	    cmocka_unit_test(test_timings_parse),
	    cmocka_unit_test(test_timings_integers),
	    cmocka_unit_test(test_timings_energy_column),
	    cmocka_unit_test(test_write_rows_widens),
	    cmocka_unit_test(test_timing_seconds_extremes),
	    cmocka_unit_test(test_rows_at_the_edges),
	    cmocka_unit_test(test_cannot_open),
	    cmocka_unit_test(test_truncated_is_an_error),
	    cmocka_unit_test(test_flipped_byte_is_an_error),
	    cmocka_unit_test(test_bad_header_is_an_error),
	    cmocka_unit_test(test_abort_leaves_nothing),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
