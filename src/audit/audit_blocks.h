/* audit_blocks.h - an archive's rows held against the invocations the
 * manifest says completed (I6), for prereg audit */
#ifndef PR_AUDIT_BLOCKS_H
#define PR_AUDIT_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

#include "format/timings.h"

/*
 * What one completed invocation must have left in the archive: one
 * contiguous block of rows of its launch and config, in which every
 * (rep, rank), rep in 0 .. warmup + reps - 1 and rank in 0 .. nranks - 1,
 * appears and nothing else, warmup == (rep < warmup), `samples` rows in
 * all. When items is not NULL, every rank that records item_phase records,
 * in each rep, the values of `items` in that order (the bytes, or the rows
 * when item_rows), and ranks below item_ranks must record them.
 */
typedef struct {
	int launch, config;
	int nranks, warmup, reps;
	uint64_t samples;
	const char *item_phase;
	int item_rows;
	int item_ranks;
	const int64_t *items;
	size_t nitems;
} pr_audit_block;

/*
 * Hold rows (an archive's data rows, in file order) against the blocks
 * the manifest expects, in schedule order. 0 when they match; 1 and
 * *reason (caller frees) when they do not: the first difference, naming
 * the launch, config, rep, rank or archive line.
 */
int pr_audit_blocks(char **reason, const pr_timing *rows, size_t nrows,
		    const pr_audit_block *blocks, size_t nblocks);

#endif
