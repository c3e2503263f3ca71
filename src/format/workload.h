/* workload.h - the workloads prereg knows: one table of what each needs,
 * checks and records (no MPI: prereg and prereg-rank both link it) */
#ifndef PR_FORMAT_WORKLOAD_H
#define PR_FORMAT_WORKLOAD_H

#include <stddef.h>

/* In the table's order, which is the order messages list the names in. */
typedef enum {
	PR_WORKLOAD_PINGPONG,
	PR_WORKLOAD_PINGPONG_COLD, /* one cold round trip a sample */
	PR_WORKLOAD_ALLREDUCE,
	PR_WORKLOAD_KV_SPLIT,
	PR_WORKLOAD_ROWS_SWEEP,
	PR_WORKLOAD_ROW_SPLIT,
	PR_WORKLOAD_ARRIVAL, /* waits of the [arrival] pattern, then the
				Allreduce */
	PR_WORKLOAD_DP_STEP, /* a training step: compute, then the fused
				Allreduce */
	PR_WORKLOAD_COMMAND, /* a program prereg did not write ([command]),
				timed through the profiling library */
	PR_NWORKLOADS
} pr_workload_id;

/* What a workload needs of the spec ([shape], [ranks]) and of its plan. */
enum {
	PR_NEEDS_SIZES = 1 << 0,	/* message sizes */
	PR_NEEDS_TWO_RANKS = 1 << 1,	/* 2 ranks or more */
	PR_NEEDS_ROWS = 1 << 2,		/* [shape] rows (>= 1 in a plan) */
	PR_NEEDS_KEYS = 1 << 3,		/* [shape] keys */
	PR_NEEDS_D = 1 << 4,		/* [shape] d */
	PR_NEEDS_ROWS_LIST = 1 << 5,	/* [shape] rows_list (or auto) */
	PR_NEEDS_KEY_PER_RANK = 1 << 6, /* keys >= ranks */
	PR_NEEDS_ROW_PER_RANK = 1 << 7, /* rows >= ranks (spec only) */
};

/* What the audit holds a launch's samples to (audit/data.c): every rank
 * below `ranks` that records `phase` records, in each rep, the values of
 * plan[plan_key] in the order of the invocation seed (as ranks[order_key]
 * says), as bytes, or as rows when `rows`. phase NULL: no such order. */
typedef struct {
	const char *phase;
	const char *plan_key;
	const char *order_key;
	int pair; /* ranks: 0 and 1 only, else every rank */
	int rows;
} pr_workload_items;

typedef struct pr_workload_facts {
	const char *name;
	pr_workload_id id;
	unsigned needs; /* PR_NEEDS_* */
	/* takes the [arrival] patterns, the plan's arrival keys and
	 * algorithm pap; its manifest configs record their pattern and its
	 * prediction cells their arrival facts */
	int arrival;
	/* takes [dp] and the plan's dp_compute */
	int dp;
	/* may time its Allreduces' primitives ([schedule] interleave) */
	int interleave;
	/* may visit its sizes in a new order each rep ([schedule]
	 * size_order = rep) */
	int size_order;
	/* splits rows over the ranks: the plan's rows_per_rank adds up to
	 * rows, the prediction holds the split */
	int splits_rows;
	/* one collective carries rows * (d + collective_extra) floats,
	 * which must fit an int (pr_workload_fits); NULL: no such one */
	const char *collective;
	int collective_extra;
	/* a sample's rows count the operations it timed back to back
	 * (pingpong's warm blocks): the analysis takes one operation, the
	 * sample's time over its rows, and no rows */
	int rows_count_ops;
	/* runs the spec's [command] argv instead of prereg-rank: its samples
	 * are the MPI calls the profiling library recorded, as many as the
	 * program makes (no fixed reps a launch) */
	int command;
	pr_workload_items items;
} pr_workload_facts;

/* The table, indexed by pr_workload_id. */
extern const pr_workload_facts pr_workloads[PR_NWORKLOADS];

/* The workload called name, or NULL (name NULL or unknown). */
const pr_workload_facts *pr_workload_facts_of(const char *name);

/* Is name the workload id? 0 for NULL or an unknown name. */
int pr_workload_is(const char *name, pr_workload_id id);

/* Does name take the [arrival] patterns (arrival, dp-step)? 0 for NULL or
 * an unknown name. */
int pr_workload_has_arrival(const char *name);

/* Does name take [dp] (dp-step)? 0 for NULL or an unknown name. */
int pr_workload_has_dp(const char *name);

/* Does name run a [command] (workload command)? 0 for NULL or an unknown
 * name. */
int pr_workload_is_command(const char *name);

/* The operations the profiling library times (src/pmpi/record.c, which
 * links no prereg code and keeps its own list), in its order: the names
 * [command] ops takes and the phases of workload command's samples. */
typedef struct {
	const char *name; /* first member: spec.c's name tables read it */
	int collective;	  /* a collective: judged after the last arrival */
} pr_pmpi_op;
extern const pr_pmpi_op pr_pmpi_ops[];
extern const size_t pr_pmpi_nops;

/* Is phase (with a ".sN" communicator suffix or without) one of the
 * collectives the profiling library times? */
int pr_pmpi_collective(const char *phase);

/* Does name split rows over the ranks (row-split)? 0 for NULL or an
 * unknown name. */
int pr_workload_splits_rows(const char *name);

/* Does w's one collective of rows x d hold at most INT_MAX floats? 1 when
 * w has none; d >= 1. */
int pr_workload_fits(const pr_workload_facts *w, long rows, long d);

#endif
