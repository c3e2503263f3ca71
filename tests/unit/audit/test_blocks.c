/* test_audit.c - the pure parts of prereg audit: the ledger's hash chain
 * and the archive's blocks held against the schedule */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/audit-internal.h"
#include "format/ledger.h"
#include "base/util.h"

/* ---- ledger ---- */

/* A ledger of n lines r1..rn, chained as pr_ledger_append writes them. */
static char *ledger_text(int n)
{
	char *text = pr_strdup(""), prev[65];
	int i;

	memcpy(prev, PR_LEDGER_GENESIS, sizeof(prev));
	for (i = 1; i <= n; i++) {
		char *line = pr_asprintf(
		    "{\"run_id\":\"r%d\",\"status\":\"complete\","
		    "\"manifest_sha256\":\"%064d\",\"prev\":\"%s\"}",
		    i, i, prev);
		char *all = pr_asprintf("%s%s\n", text, line);

		pr_sha256_hex(prev, line, strlen(line));
		free(line);
		free(text);
		text = all;
	}
	return text;
}

/* The text without its line k (1-based). */
static char *without_line(const char *text, int k)
{
	const char *p = text, *nl;
	char *out = pr_strdup("");
	int i;

	for (i = 1; (nl = strchr(p, '\n')) != NULL; i++, p = nl + 1) {
		if (i != k) {
			char *all =
			    pr_asprintf("%s%.*s\n", out, (int)(nl - p), p);
			free(out);
			out = all;
		}
	}
	return out;
}

static void read_text(pr_ledger_read *l, const char *text)
{
	pr_ledger_read_buf(l, text, strlen(text), "runs/x/ledger.jsonl");
}

static void test_ledger_good(void **state)
{
	char *text = ledger_text(3);
	pr_ledger_read l;
	size_t i;

	(void)state;
	read_text(&l, text);
	assert_int_equal(l.n, 3);
	for (i = 0; i < l.n; i++) {
		assert_null(l.line[i].problem);
		assert_int_equal(l.line[i].line, i + 1);
	}
	assert_string_equal(l.line[2].run_id, "r3");
	assert_string_equal(l.line[2].status, "complete");
	assert_string_equal(l.line[0].prev, PR_LEDGER_GENESIS);
	assert_string_equal(l.line[1].prev, l.line[0].sha256);
	pr_ledger_read_free(&l);
	read_text(&l, "");
	assert_int_equal(l.n, 0);
	pr_ledger_read_free(&l);
	free(text);
}

static void test_ledger_edited_line_breaks_the_next(void **state)
{
	char *text = ledger_text(3), *p = strstr(text, "\"r2\"");
	pr_ledger_read l;

	(void)state;
	memcpy(strstr(p, "complete"), "canceled", 8); /* same length */
	read_text(&l, text);
	assert_int_equal(l.n, 3);
	assert_null(l.line[0].problem);
	assert_null(l.line[1].problem); /* its own prev still holds */
	assert_non_null(l.line[2].problem);
	assert_non_null(strstr(l.line[2].problem, "line 3 breaks the chain"));
	assert_string_equal(l.line[2].run_id, "r3");
	pr_ledger_read_free(&l);
	free(text);
}

static void test_ledger_missing_line(void **state)
{
	char *text = ledger_text(3);
	char *middle = without_line(text, 2), *first = without_line(text, 1);
	pr_ledger_read l;

	(void)state;
	read_text(&l, middle);
	assert_int_equal(l.n, 2);
	assert_null(l.line[0].problem);
	assert_string_equal(l.line[1].run_id, "r3");
	assert_non_null(strstr(l.line[1].problem, "breaks the chain"));
	pr_ledger_read_free(&l);

	read_text(&l, first);
	assert_string_equal(l.line[0].run_id, "r2");
	assert_non_null(strstr(l.line[0].problem, "expected 64 zeros"));
	assert_null(l.line[1].problem);
	pr_ledger_read_free(&l);
	free(text);
	free(middle);
	free(first);
}

static void test_ledger_torn(void **state)
{
	char *text = ledger_text(2);
	size_t len = strlen(text);
	pr_ledger_read l;

	(void)state;
	/* the newline lost: the record parses, the line is still torn */
	pr_ledger_read_buf(&l, text, len - 1, "runs/x/ledger.jsonl");
	assert_int_equal(l.n, 2);
	assert_null(l.line[0].problem);
	assert_non_null(strstr(l.line[1].problem, "line 2 is torn"));
	pr_ledger_read_free(&l);
	/* cut in the middle: not JSON, but the run id is recovered */
	pr_ledger_read_buf(&l, text, len - 40, "runs/x/ledger.jsonl");
	assert_int_equal(l.n, 2);
	assert_string_equal(l.line[1].run_id, "r2");
	assert_non_null(strstr(l.line[1].problem, "is torn"));
	pr_ledger_read_free(&l);
	free(text);
}

static void test_ledger_not_a_record(void **state)
{
	char *text = ledger_text(1), *bad = pr_asprintf("%snot json\n", text);
	pr_ledger_read l;

	(void)state;
	read_text(&l, bad);
	assert_int_equal(l.n, 2);
	assert_null(l.line[1].run_id);
	assert_non_null(strstr(l.line[1].problem, "not a ledger record"));
	pr_ledger_read_free(&l);
	free(text);
	free(bad);
}

/* A JSON object chained right but without run_id is no record either (found
 * by make fuzz: it passed as sound and named no run). */
static void test_ledger_record_without_run_id(void **state)
{
	char *line = pr_asprintf("{\"status\":\"complete\",\"manifest_sha256\":"
				 "\"%064d\",\"prev\":\"%s\"}\n",
				 0, PR_LEDGER_GENESIS);
	pr_ledger_read l;

	(void)state;
	read_text(&l, line);
	assert_int_equal(l.n, 1);
	assert_null(l.line[0].run_id);
	assert_non_null(l.line[0].problem);
	assert_non_null(strstr(l.line[0].problem, "not a ledger record"));
	pr_ledger_read_free(&l);
	free(line);
}

/* ---- blocks ---- */

#define NREPS 3 /* 1 warmup + 2 reps */
#define NSIZES 3

static const int64_t order[NSIZES] = {128, 8, 32};

/* An archive's rows, built up in memory. */
typedef struct {
	pr_timing row[512];
	size_t n;
} table;

static void add(table *t, int launch, int config, int rep, int rank,
		const char *phase, int64_t bytes)
{
	pr_timing *r = &t->row[t->n++];

	memset(r, 0, sizeof(*r));
	r->launch = launch;
	r->config = config;
	r->rep = rep;
	r->warmup = rep < 1;
	r->rank = rank;
	r->host = "h";
	r->device = "cpu";
	r->phase = phase;
	r->bytes = bytes;
}

/* A pingpong invocation of 2 ranks as the runner writes it. */
static void pingpong(table *t, int launch, int config)
{
	int rep, rank, i;

	for (rep = 0; rep < NREPS; rep++) {
		for (rank = 0; rank < 2; rank++) {
			for (i = 0; i < NSIZES; i++)
				add(t, launch, config, rep, rank, "pingpong",
				    order[i]);
			for (i = 0; i < NSIZES; i++)
				add(t, launch, config, rep, rank,
				    "reduce_local", order[i]);
		}
	}
}

static pr_audit_block block(int launch, int config)
{
	pr_audit_block b = {
	    .launch = launch,
	    .config = config,
	    .nranks = 2,
	    .warmup = 1,
	    .reps = 2,
	    .samples = NREPS * 2 * 2 * NSIZES,
	    .item_phase = "pingpong",
	    .item_ranks = 1,
	    .items = order,
	    .nitems = NSIZES,
	};
	return b;
}

/* The two blocks of a run: launch 0 config 1, then launch 0 config 0. */
static void two_blocks(table *t, pr_audit_block b[2])
{
	t->n = 0;
	pingpong(t, 0, 1);
	pingpong(t, 0, 0);
	b[0] = block(0, 1);
	b[1] = block(0, 0);
}

/* Check t against b; the reason must contain `want` (NULL: no failure). */
static void expect(const table *t, const pr_audit_block *b, size_t nb,
		   const char *want)
{
	char *reason = NULL;
	int bad = pr_audit_blocks(&reason, t->row, t->n, b, nb);

	if (!want) {
		assert_int_equal(bad, 0);
		assert_null(reason);
		return;
	}
	assert_int_equal(bad, 1);
	assert_non_null(reason);
	if (!strstr(reason, want))
		fail_msg("'%s' does not say '%s'", reason, want);
	free(reason);
}

static void test_blocks_complete(void **state)
{
	static table t;
	pr_audit_block b[2];

	(void)state;
	two_blocks(&t, b);
	expect(&t, b, 2, NULL);
	/* a failed run: only the first invocation completed */
	t.n /= 2;
	expect(&t, b, 1, NULL);
	/* ... but its archive must not hold more than that */
	two_blocks(&t, b);
	expect(&t, b, 1, "after the last completed invocation");
	t.n = 0;
	expect(&t, b, 2, "no block for launch 0 config 1");
}

static void test_blocks_missing_rank(void **state)
{
	static table t;
	pr_audit_block b[2];
	size_t i, n = 0;

	(void)state;
	two_blocks(&t, b);
	for (i = 0; i < t.n; i++) {
		if (!(t.row[i].config == 0 && t.row[i].rank == 1 &&
		      t.row[i].rep == 2))
			t.row[n++] = t.row[i];
	}
	t.n = n;
	expect(&t, b, 2, "launch 0 config 0: rep 2 rank 1 has no rows");
}

static void test_blocks_extra_rep(void **state)
{
	static table t;
	pr_audit_block b[2];

	(void)state;
	two_blocks(&t, b);
	add(&t, 0, 0, 3, 0, "pingpong", 128);
	expect(&t, b, 2, "rep 3, but launch 0 config 0 has 1 warmup + 2 reps");
	/* a duplicated row breaks no (rep, rank) but the count */
	two_blocks(&t, b);
	t.row[t.n] = t.row[t.n - 1];
	t.n++;
	expect(&t, b, 2, "its ranks.samples is 36");
	/* a rank the launch does not have */
	two_blocks(&t, b);
	t.row[5].rank = 2;
	expect(&t, b, 2, "line 7: rank 2, but launch 0 config 1 has 2 ranks");
	/* a rep relabelled as warmup */
	two_blocks(&t, b);
	t.row[20].warmup = 1;
	expect(&t, b, 2, "line 22: warmup 1 in rep 1");
}

/* An open block (workload command): any number of reps and calls per
 * rank, as the program made them; ranks, warmup and the count still held. */
static void test_blocks_open(void **state)
{
	static table t;
	pr_audit_block b = {.launch = 0,
			    .config = 0,
			    .nranks = 2,
			    .warmup = 1,
			    .reps = 1,
			    .samples = 5,
			    .open = 1};

	(void)state;
	t.n = 0;
	add(&t, 0, 0, 0, 0, "allreduce", 8);
	add(&t, 0, 0, 1, 0, "allreduce", 8);
	add(&t, 0, 0, 7, 0, "allreduce", 8); /* rep 7 of 1 rep: fine */
	add(&t, 0, 0, 0, 1, "send", 512);    /* rank 1 lacks reps 1..7 */
	add(&t, 0, 0, 3, 1, "bcast", 256);
	expect(&t, &b, 1, NULL);
	/* the same rows in a closed block: rep 7 is out of its reps */
	b.open = 0;
	expect(&t, &b, 1, "rep 7, but launch 0 config 0 has 1 warmup + 1 reps");
	b.open = 1;
	t.row[4].rank = 2;
	expect(&t, &b, 1, "line 6: rank 2, but launch 0 config 0 has 2 ranks");
	t.row[4].rank = 1;
	t.row[2].warmup = 1;
	expect(&t, &b, 1, "line 4: warmup 1 in rep 7");
	t.row[2].warmup = 0;
	b.samples = 6;
	expect(&t, &b, 1, "its ranks.samples is 6");
}

static void test_blocks_out_of_order(void **state)
{
	static table t;
	pr_audit_block b[3], swapped[2];

	(void)state;
	two_blocks(&t, b);
	swapped[0] = b[1];
	swapped[1] = b[0];
	expect(&t, swapped, 2,
	       "line 2 starts launch 0 config 1, but the schedule order puts "
	       "launch 0 config 0 first");
	/* a block again where the schedule has another invocation */
	b[2] = block(1, 0);
	pingpong(&t, 0, 1);
	expect(&t, b, 3,
	       "line 74 starts a second block of launch 0 config 1 (expected "
	       "launch 1 config 0)");
}

static void test_blocks_item_order(void **state)
{
	static table t;
	pr_audit_block b[2];
	int64_t x;

	(void)state;
	two_blocks(&t, b);
	/* rank 0, rep 1 of the first block: two sizes swapped */
	x = t.row[12].bytes;
	t.row[12].bytes = t.row[13].bytes;
	t.row[13].bytes = x;
	expect(&t, b, 2,
	       "line 14: launch 0 config 1 rep 1 rank 0: pingpong bytes 8 at "
	       "position 1, the invocation seed's order has 128");
	/* rank 1 follows the same order, checked when it records it */
	two_blocks(&t, b);
	x = t.row[6].bytes;
	t.row[6].bytes = t.row[7].bytes;
	t.row[7].bytes = x;
	expect(&t, b, 2, "rep 0 rank 1: pingpong bytes 8 at position 1");
	/* the reduce_local pass is not the ordered phase */
	two_blocks(&t, b);
	x = t.row[3].bytes;
	t.row[3].bytes = t.row[4].bytes;
	t.row[4].bytes = x;
	expect(&t, b, 2, NULL);
	/* a size missing from rank 0's order */
	two_blocks(&t, b);
	t.row[2].phase = "reduce_local";
	expect(&t, b, 2, "rep 0 rank 0: 2 pingpong items");
}

static void test_blocks_rows_items(void **state)
{
	static table t;
	static const int64_t rows[2] = {64, 16};
	pr_audit_block b = {.launch = 1,
			    .config = 0,
			    .nranks = 2,
			    .warmup = 0,
			    .reps = 1,
			    .samples = 4,
			    .item_phase = "compute",
			    .item_rows = 1,
			    .item_ranks = 2,
			    .items = rows,
			    .nitems = 2};
	int rank, i;

	(void)state;
	t.n = 0;
	for (rank = 0; rank < 2; rank++) {
		for (i = 0; i < 2; i++) {
			add(&t, 1, 0, 0, rank, "compute", 0);
			t.row[t.n - 1].warmup = 0;
			t.row[t.n - 1].rows = rows[i];
		}
	}
	expect(&t, &b, 1, NULL);
	t.row[3].rows = 64;
	expect(&t, &b, 1, "compute rows 64 at position 2");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ledger_good),
	    cmocka_unit_test(test_ledger_edited_line_breaks_the_next),
	    cmocka_unit_test(test_ledger_missing_line),
	    cmocka_unit_test(test_ledger_torn),
	    cmocka_unit_test(test_ledger_not_a_record),
	    cmocka_unit_test(test_ledger_record_without_run_id),
	    cmocka_unit_test(test_blocks_complete),
	    cmocka_unit_test(test_blocks_missing_rank),
	    cmocka_unit_test(test_blocks_extra_rep),
	    cmocka_unit_test(test_blocks_open),
	    cmocka_unit_test(test_blocks_out_of_order),
	    cmocka_unit_test(test_blocks_item_order),
	    cmocka_unit_test(test_blocks_rows_items),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
