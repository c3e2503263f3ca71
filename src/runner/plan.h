/* plan.h - what `prereg run` hands to one prereg-rank invocation */
#ifndef PR_PLAN_H
#define PR_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "base/arrival.h"
#include "format/plancheck.h"
#include "format/spec.h"

/* The plan's "sync": what kv-split and row-split do right before each
 * collective phase. */
typedef enum {
	PR_SYNC_NONE,	 /* nothing */
	PR_SYNC_BARRIER, /* an untimed MPI_Barrier */
} pr_sync;

/*
 * What one prereg-rank invocation runs: the plan file's values (its
 * format and rules are in format/plancheck.h). Rank 0 writes PREFIX.csv
 * (sample rows, DESIGN 4 columns, no header, times on rank 0's clock) and
 * PREFIX.json (per-rank environment, clock offsets, MCA values in force,
 * verification result).
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
	int threads_per_block, rows_per_block, blocks_per_thread;
	int inner;    /* operations per warm timed block; 0 = automatic */
	pr_sync sync; /* "none" when absent */
	/* "interleave": "primitives": kv-split times, after each rep, the
	 * ring step and the reduction its Allreduces are made of */
	int interleave;
	/* "size_order_by": "rep": allreduce visits its sizes in a new seeded
	 * order each timed rep (pr_schedule_rep_seed), not the launch's */
	int size_order_rep;
	/* arrival and dp-step: the config's algorithm ("pap": prereg's own,
	 * runner/pap.h; NULL for the other workloads), the arrival pattern
	 * and its parameters, and for dp-step what a rank computes (its
	 * rows_per_rank rows, or its pattern delay when dp_compute_pattern) */
	char *algorithm;
	int pap;
	pr_arrival_kind pattern;
	int64_t delay_ns;
	int late_rank;
	int64_t replay_ns[PR_MAX_RANKS];
	int nreplay;
	int dp_compute_pattern;
} pr_plan;

/*
 * Read the plan file at path into out, checked by pr_plan_check (the rules
 * `prereg run` checked before it launched). On failure records the reason
 * as the launch's (pr_rank_failf, PR_FAIL_ALL: "plan '...': ...") and
 * returns PR_EINPUT; out is left safe for pr_plan_free. Needs no MPI.
 */
int pr_plan_load(pr_plan *out, const char *path);
void pr_plan_free(pr_plan *plan);

/* "none" or "barrier". */
const char *pr_plan_sync_name(pr_sync sync);

/* Ranks the plan asks for: the sum of its group counts. */
int pr_plan_nranks(const pr_plan *plan);

#endif
