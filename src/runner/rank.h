/* rank.h - one prereg-rank process: its place in the plan, its backend,
 * and how a failure seen by some ranks reaches all of them */
#ifndef PR_RANK_H
#define PR_RANK_H

#include "../backend/backend.h"
#include "plan.h"

typedef struct {
	const pr_plan *plan; /* borrowed */
	int rank, nranks;    /* in MPI_COMM_WORLD */
	int group;	     /* index into plan->groups */
	int device_index;    /* among this group's ranks on this node */
	const struct pr_backend *backend;
	void *bctx; /* the backend's context; NULL until pr_rank_setup */
} pr_rank;

/*
 * Record why this rank failed and return code. The first reason recorded
 * since the last pr_rank_agree is kept; pr_rank_agree prints it.
 * pr_rank_fail is for a failure of this rank alone (printed as "rank R:
 * ..."); pr_rank_fail_all for one that every rank meets alike, such as a
 * bad plan, or that stands for the whole launch (printed once, by rank 0,
 * when rank 0 has it).
 */
int pr_rank_fail(int code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int pr_rank_fail_all(int code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Collective over MPI_COMM_WORLD: every rank passes its own result and
 * gets the worst (most negative) of all ranks, so that all of them take
 * the same branch afterwards. Failing ranks print their recorded reason
 * ("prereg-rank: ..." on stderr) and forget it.
 */
int pr_rank_agree(int error);

/*
 * For a failure inside the timing loop, where the other ranks may already
 * wait in a collective: print the recorded reason and MPI_Abort the job
 * with exit status 1. Does not return.
 */
void pr_rank_abort(void) __attribute__((noreturn));

/*
 * Fill out from the plan and MPI_COMM_WORLD: group, device index, backend
 * found by the group's device kind and initialised. Collective (the device
 * index comes from splitting the communicator); failures are recorded with
 * pr_rank_fail. pr_rank_cleanup is safe on a partly set up rank.
 */
int pr_rank_setup(pr_rank *out, const pr_plan *plan);
void pr_rank_cleanup(pr_rank *rk);

#endif
