/* plan.h - what `prereg run` hands to one prereg-rank invocation */
#ifndef PR_PLAN_H
#define PR_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "../core/spec.h"

#define PR_MAX_ROWS_LIST 64
#define PR_MAX_LIST_ROWS (1L << 24)

/*
 * The plan file (JSON, written by core/run.c, read by runner/main.c):
 * {"experiment", "workload", "launch", "config", "seed" (decimal string),
 *  "reps", "warmup", "rows", "keys", "d", "sizes": [..],
 *  "rows_list": [..] (rows-sweep), "rows_per_rank": [..] (row-split),
 *  "groups": [{"device", "count"}], "verify": bool, "out": PREFIX,
 *  "threads_per_block", "rows_per_block"}
 * "rows_list" holds 1 to PR_MAX_ROWS_LIST row counts in
 * [1, PR_MAX_LIST_ROWS]; "rows_per_rank" one count >= 0 per rank of the
 * groups. Both are optional here; the workload that needs one says so.
 * A group's "device" is "cpu", "cpu-naive", or a GPU kind with a device
 * index or "*": "cuda:0", "hip:1", "cuda:*" (see rank.h). The launch
 * geometry of GPU kernels, "threads_per_block" and "rows_per_block", is
 * optional: each in [1, PR_LAUNCH_MAX], default 256 and 1 (backend.h).
 * Rank 0 writes PREFIX.csv (sample rows, DESIGN 4 columns, no header, times
 * on rank 0's clock) and PREFIX.json (per-rank environment, clock offsets,
 * MCA values in force, verification result).
 */
typedef struct {
	char *experiment;
	char *workload;
	int launch, config;
	uint64_t seed;
	int reps, warmup;
	long rows, keys, d;
	size_t sizes[PR_MAX_SIZES];
	int nsizes;
	long rows_list[PR_MAX_ROWS_LIST];
	int nrows_list;
	long rows_per_rank[PR_MAX_RANKS];
	int nrows_per_rank;
	pr_group groups[PR_MAX_GROUPS];
	int ngroups;
	int verify;
	char *out;
	int threads_per_block, rows_per_block;
} pr_plan;

/*
 * Read and check the plan file at path into out. On failure returns
 * PR_EINPUT with the reason in why ("plan '...': ...") and leaves out safe
 * for pr_plan_free. Unknown keys are errors: the format above is the
 * contract with core/run.c.
 */
int pr_plan_load(pr_plan *out, const char *path, char *why, size_t whylen);
void pr_plan_free(pr_plan *plan);

/* Ranks the plan asks for: the sum of its group counts. */
int pr_plan_nranks(const pr_plan *plan);

#endif
