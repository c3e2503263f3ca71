/* blocks.c - an archive's rows held against the invocations the
 * manifest says completed (I6), for prereg audit */
#include "audit/audit-internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Archive line of data row i: the header is line 1. */
#define LINE(i) ((size_t)(i) + 2)

/* One past the last row of the block that starts at row i. */
static size_t block_end(const pr_timing *rows, size_t nrows, size_t i)
{
	size_t j = i + 1;

	while (j < nrows && rows[j].launch == rows[i].launch &&
	       rows[j].config == rows[i].config)
		j++;
	return j;
}

static int is_block(const pr_audit_block *b, const pr_timing *r)
{
	return b->launch == r->launch && b->config == r->config;
}

/* Why the block at row i is not blocks[k], the one expected next. */
static int out_of_order(char **reason, const pr_timing *r, size_t i,
			const pr_audit_block *blocks, size_t nblocks, size_t k)
{
	const pr_audit_block *want = &blocks[k];
	size_t j;

	for (j = k + 1; j < nblocks; j++) {
		if (is_block(&blocks[j], r)) {
			*reason = pr_asprintf(
			    "timings.csv.gz line %zu starts launch %d config "
			    "%d, but the schedule order puts launch %d config "
			    "%d first (missing or out of order)",
			    LINE(i), r->launch, r->config, want->launch,
			    want->config);
			return 1;
		}
	}
	for (j = 0; j < k; j++) {
		if (is_block(&blocks[j], r)) {
			*reason = pr_asprintf(
			    "timings.csv.gz line %zu starts a second block of "
			    "launch %d config %d (expected launch %d config "
			    "%d)",
			    LINE(i), r->launch, r->config, want->launch,
			    want->config);
			return 1;
		}
	}
	*reason = pr_asprintf("timings.csv.gz line %zu starts a block of "
			      "launch %d config %d, which no completed "
			      "invocation accounts for (expected launch %d "
			      "config %d)",
			      LINE(i), r->launch, r->config, want->launch,
			      want->config);
	return 1;
}

/* Row r (archive row i) against the block's reps, ranks and warmup. */
static int check_row(char **reason, const pr_timing *r, size_t i,
		     const pr_audit_block *b)
{
	if (!b->open && r->rep >= b->warmup + b->reps)
		*reason = pr_asprintf(
		    "timings.csv.gz line %zu: rep %d, but launch %d config %d "
		    "has %d warmup + %d reps (reps 0..%d)",
		    LINE(i), r->rep, b->launch, b->config, b->warmup, b->reps,
		    b->warmup + b->reps - 1);
	else if (r->rank >= b->nranks)
		*reason = pr_asprintf("timings.csv.gz line %zu: rank %d, but "
				      "launch %d config %d has %d ranks",
				      LINE(i), r->rank, b->launch, b->config,
				      b->nranks);
	else if (r->warmup != (r->rep < b->warmup))
		*reason = pr_asprintf(
		    "timings.csv.gz line %zu: warmup %d in rep %d, but launch "
		    "%d config %d warms up in its first %d reps",
		    LINE(i), r->warmup, r->rep, b->launch, b->config,
		    b->warmup);
	return *reason != NULL;
}

/* Item k of (rep, rank) at archive row i: the value the order expects? */
static int check_item(char **reason, const pr_timing *r, size_t i,
		      const pr_audit_block *b, size_t k)
{
	int64_t v = b->item_rows ? r->rows : r->bytes;
	const char *field = b->item_rows ? "rows" : "bytes";
	/* items_per_rep: the launch's order, then timed rep t's at t + 1 */
	const int64_t *order =
	    b->items + (b->items_per_rep && r->rep >= b->warmup
			    ? (size_t)(r->rep - b->warmup + 1) * b->nitems
			    : 0);

	if (k >= b->nitems)
		*reason = pr_asprintf(
		    "timings.csv.gz line %zu: launch %d config %d rep %d rank "
		    "%d records more than the %zu %s items of its order",
		    LINE(i), b->launch, b->config, r->rep, r->rank, b->nitems,
		    b->item_phase);
	else if (v != order[k])
		*reason = pr_asprintf(
		    "timings.csv.gz line %zu: launch %d config %d rep %d rank "
		    "%d: %s %s %lld at position %zu, the invocation seed's "
		    "order has %lld",
		    LINE(i), b->launch, b->config, r->rep, r->rank,
		    b->item_phase, field, (long long)v, k + 1,
		    (long long)order[k]);
	return *reason != NULL;
}

/* After the rows: every (rep, rank) seen, every item order complete. */
static int check_cells(char **reason, const pr_audit_block *b,
		       const unsigned char *seen, const size_t *pos)
{
	int rep, rank;

	for (rep = 0; rep < b->warmup + b->reps; rep++) {
		for (rank = 0; rank < b->nranks; rank++) {
			size_t c =
			    (size_t)rep * (size_t)b->nranks + (size_t)rank;

			if (!seen[c]) {
				*reason = pr_asprintf(
				    "launch %d config %d: rep %d rank %d has "
				    "no rows in timings.csv.gz",
				    b->launch, b->config, rep, rank);
				return 1;
			}
			if (b->items && (pos[c] || rank < b->item_ranks) &&
			    pos[c] != b->nitems) {
				*reason = pr_asprintf(
				    "launch %d config %d rep %d rank %d: %zu "
				    "%s items in timings.csv.gz, its order has "
				    "%zu",
				    b->launch, b->config, rep, rank, pos[c],
				    b->item_phase, b->nitems);
				return 1;
			}
		}
	}
	return 0;
}

/* The rows [first, first + n) of the archive as block b. */
static int check_block(char **reason, const pr_timing *rows, size_t first,
		       size_t n, const pr_audit_block *b)
{
	uint64_t ncells;
	unsigned char *seen = NULL;
	size_t *pos = NULL, i;
	int bad = 0;

	if (b->nranks < 1 || b->warmup < 0 || b->reps < 1) {
		*reason = pr_asprintf("launch %d config %d: %d ranks, %d "
				      "warmup, %d reps cannot be checked",
				      b->launch, b->config, b->nranks,
				      b->warmup, b->reps);
		return 1;
	}
	if (b->open) {
		for (i = first; i < first + n && !bad; i++)
			bad = check_row(reason, &rows[i], i, b);
		goto count;
	}
	ncells = (uint64_t)(b->warmup + b->reps) * (uint64_t)b->nranks;
	if (ncells > n) {
		*reason = pr_asprintf(
		    "launch %d config %d: %zu rows in timings.csv.gz cannot "
		    "hold %d warmup + %d reps of %d ranks",
		    b->launch, b->config, n, b->warmup, b->reps, b->nranks);
		return 1;
	}
	seen = pr_calloc((size_t)ncells, 1);
	pos = pr_calloc((size_t)ncells, sizeof(*pos));
	for (i = first; i < first + n && !bad; i++) {
		const pr_timing *r = &rows[i];
		size_t c;

		if ((bad = check_row(reason, r, i, b)))
			break;
		c = (size_t)r->rep * (size_t)b->nranks + (size_t)r->rank;
		seen[c] = 1;
		if (b->items && !strcmp(r->phase, b->item_phase))
			bad = check_item(reason, r, i, b, pos[c]++);
	}
	if (!bad)
		bad = check_cells(reason, b, seen, pos);
count:
	if (!bad && n != b->samples) {
		*reason = pr_asprintf("launch %d config %d: %zu rows in "
				      "timings.csv.gz (lines %zu-%zu), its "
				      "ranks.samples is %llu",
				      b->launch, b->config, n, LINE(first),
				      LINE(first + n - 1),
				      (unsigned long long)b->samples);
		bad = 1;
	}
	free(seen);
	free(pos);
	return bad;
}

int pr_audit_blocks(char **reason, const pr_timing *rows, size_t nrows,
		    const pr_audit_block *blocks, size_t nblocks)
{
	size_t i = 0, k = 0, end;

	*reason = NULL;
	for (; i < nrows; i = end, k++) {
		end = block_end(rows, nrows, i);
		if (k == nblocks) {
			*reason = pr_asprintf(
			    "timings.csv.gz lines %zu-%zu: a block of launch "
			    "%d config %d after the last completed invocation",
			    LINE(i), LINE(end - 1), rows[i].launch,
			    rows[i].config);
			return 1;
		}
		if (!is_block(&blocks[k], &rows[i]))
			return out_of_order(reason, &rows[i], i, blocks,
					    nblocks, k);
		if (check_block(reason, rows, i, end - i, &blocks[k]))
			return 1;
	}
	if (k < nblocks) {
		*reason = pr_asprintf("timings.csv.gz has no block for launch "
				      "%d config %d (ranks.samples %llu)",
				      blocks[k].launch, blocks[k].config,
				      (unsigned long long)blocks[k].samples);
		return 1;
	}
	return 0;
}
