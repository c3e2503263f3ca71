/* fuzz_archive.c - runs/NAME/RUNID/timings.csv.gz as the audit and the
 * analysis read it: pr_archive_read (decompress, count, hash), then
 * pr_timings_parse, then the rows through pr_audit_blocks and
 * pr_analyze_run */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "format/archive.h"
#include "audit/audit-internal.h"
#include "format/timings.h"
#include "base/util.h"
#include "harness.h"

#define MAX_BLOCKS 64

/*
 * The blocks rows would make if each run of rows of one (launch, config)
 * were a whole invocation: ranks and reps from the largest seen, within
 * the bounds the audit's manifest reader allows.
 */
static size_t blocks_of(pr_audit_block *b, const pr_timing *rows, size_t n)
{
	size_t i = 0, nb = 0;

	while (i < n && nb < MAX_BLOCKS) {
		int64_t ranks = 0, reps = 0, warmup = 0;
		size_t j;

		for (j = i; j < n && rows[j].launch == rows[i].launch &&
			    rows[j].config == rows[i].config;
		     j++) {
			if (rows[j].rank >= ranks)
				ranks = (int64_t)rows[j].rank + 1;
			if (rows[j].rep >= reps)
				reps = (int64_t)rows[j].rep + 1;
			if (rows[j].warmup && rows[j].rep >= warmup)
				warmup = (int64_t)rows[j].rep + 1;
		}
		if (ranks > 1000000 || warmup > 1000000 || reps > 10000000)
			break;
		memset(&b[nb], 0, sizeof(b[nb]));
		b[nb].launch = rows[i].launch;
		b[nb].config = rows[i].config;
		b[nb].nranks = (int)ranks;
		b[nb].warmup = (int)warmup;
		b[nb].reps = reps > warmup ? (int)(reps - warmup) : 1;
		b[nb].samples = j - i;
		nb++;
		i = j;
	}
	return nb;
}

static void check_rows(const pr_timings *t)
{
	pr_audit_block b[MAX_BLOCKS];
	pr_analysis_run r;
	size_t nb = blocks_of(b, t->row, t->nrows), i;
	char *reason = NULL;
	int bad = pr_audit_blocks(&reason, t->row, t->nrows, b, nb);

	if (bad != (reason != NULL))
		pr_fuzz_fail("pr_audit_blocks says %d, reason %s", bad,
			     reason ? reason : "(none)");
	free(reason);
	pr_analyze_run(&r, t, NULL, NULL, 0, PR_RULE_POINT);
	for (i = 0; i < r.nrows; i++) {
		if (r.row[i].verdict != PR_NO_PREDICTION)
			pr_fuzz_fail("row %zu has a verdict without cells", i);
	}
	pr_analysis_run_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *path;
	pr_archive_info info;
	pr_timings t;
	char *text = NULL;
	int has_nul;

	if (!path)
		path = pr_asprintf("%stimings.csv.gz", pr_fuzz_scratch());
	pr_fuzz_write(path, data, size);
	if (pr_archive_read(&text, &info, path, 0) < 0)
		return 0;
	if (info.gz_bytes != size || strlen(info.sha256) != 64)
		pr_fuzz_fail(
		    "archive facts: %llu bytes on disk of %zu, sha '%s'",
		    (unsigned long long)info.gz_bytes, size, info.sha256);
	has_nul = memchr(text, '\0', info.bytes) != NULL;
	if (pr_timings_parse(&t, text, path) == 0) {
		if (!has_nul && info.rows != t.nrows)
			pr_fuzz_fail("the archive counts %llu rows, the parse "
				     "%zu",
				     (unsigned long long)info.rows, t.nrows);
		check_rows(&t);
	}
	pr_timings_free(&t);
	return 0;
}
