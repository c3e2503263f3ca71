/* plancheck.h - the rules a plan for one prereg-rank invocation must meet,
 * checked by `prereg run` before it launches and by prereg-rank after */
#ifndef PR_PLANCHECK_H
#define PR_PLANCHECK_H

#include <jansson.h>
#include <stddef.h>

#include "format/spec.h"

#define PR_MAX_ROWS_LIST 64
#define PR_MAX_LIST_ROWS (1L << 24)
#define PR_PLAN_LAUNCH_MAX                                                     \
	1024			 /* threads_per_block, rows_per_block,         \
				   blocks_per_thread */
#define PR_PLAN_INNER_MAX 100000 /* round trips, calls per timed block */
/* The longest delay a plan may ask a rank to wait: 10 s. */
#define PR_PLAN_DELAY_MAX_NS 10000000000L

/*
 * The plan (JSON, written by run/run.c, read by runner/plan.c):
 * {"experiment", "workload", "launch", "config", "seed" (decimal string),
 *  "reps", "warmup", "rows", "keys", "d", "sizes": [..],
 *  "rows_list": [..] (rows-sweep), "rows_per_rank": [..] (row-split),
 *  "groups": [{"device", "count"}], "verify": bool, "out": PREFIX,
 *  "threads_per_block", "rows_per_block", "blocks_per_thread", "inner",
 *  "sync", "interleave", "algorithm", "pattern", "delay_ns", "late_rank",
 *  "replay_ns", "dp_compute"}
 * Every key is one of these. "experiment", "workload" and "out" are
 * non-empty strings; "seed" a decimal string that fits in 64 bits;
 * "launch" and "config" integers >= 0; "reps" in [1, 1000000], "warmup"
 * in [0, 1000000]; "rows", "keys" and "d" (default 0) in [0, INT_MAX];
 * "sizes" at most PR_MAX_SIZES integers in [1, INT_MAX]; "groups" 1 to
 * PR_MAX_GROUPS objects {"device": 1 to 31 characters, "count": [1,
 * PR_MAX_RANKS]} holding at most PR_MAX_RANKS ranks in all; "rows_list"
 * 1 to PR_MAX_ROWS_LIST integers in [1, PR_MAX_LIST_ROWS];
 * "rows_per_rank" one integer >= 0 per rank of the groups; "verify" a
 * boolean; "threads_per_block", "rows_per_block" and "blocks_per_thread"
 * (optional) in [1, PR_PLAN_LAUNCH_MAX]; "inner" (optional, default 0) in [0,
 * PR_PLAN_INNER_MAX]: operations per timed block of the warm pingpong's
 * phases, 0 = chosen per size so that a block lasts about 20 us (see
 * runner/workload.h); "sync" (optional, default "none") "none" or
 * "barrier": an untimed MPI_Barrier right before each collective phase
 * of kv-split and row-split; "interleave" (optional, default "none")
 * "none" or "primitives": kv-split also times, after each rep, the ring
 * step and the reduction of its Allreduces' segments; "size_order_by"
 * (optional, default "launch") "launch" or "rep": allreduce visits its
 * sizes in the launch's seeded order in every rep, or in a new one each
 * timed rep. The workload is one of:
 *   pingpong       2 ranks or more; "sizes" not empty (warm: blocks of
 *                  "inner" round trips)
 *   pingpong-cold  as pingpong (one cold round trip per sample)
 *   allreduce      as pingpong
 *   rows-sweep     "rows_list"; keys and d >= 1
 *   row-split      "rows_per_rank", adding up to rows; rows, keys, d >= 1;
 *                  rows * d <= INT_MAX (one MPI_Gatherv)
 *   kv-split       rows, keys, d >= 1; keys >= ranks; rows * (d + 1) <=
 *                  INT_MAX (one MPI_Allreduce)
 *   arrival        as pingpong; "algorithm" (the config's [mpi] algorithm,
 *                  "pap" for prereg's own), "pattern" (a base/arrival.h
 *                  name), "delay_ns" in [0, PR_PLAN_DELAY_MAX_NS],
 *                  "late_rank" a rank, and "replay_ns" (1 to PR_MAX_RANKS
 *                  delays in [0, PR_PLAN_DELAY_MAX_NS]) exactly when the
 *                  pattern is replay
 *   dp-step        as arrival, and "dp_compute": "rows" with
 *                  "rows_per_rank" (one count >= 1 per rank), keys and
 *                  d >= 1, or "pattern" without "rows_per_rank"
 * The keys from "algorithm" to "dp_compute" belong to these two only.
 * Whether this build of prereg-rank has a backend for each device is
 * prereg-rank's to say.
 */

/*
 * Check plan against every rule above. PR_OK, or PR_EINPUT with the first
 * broken rule in why (one line, lower case, the key quoted, e.g.
 * "'rows_per_rank' has 1 counts, the groups hold 4 ranks"). Prints
 * nothing; plan may be NULL (not an object). why is always terminated.
 */
int pr_plan_check(const json_t *plan, char *why, size_t whylen);

#endif
