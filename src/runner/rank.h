/* rank.h - one prereg-rank process: its place in the plan, its backend,
 * and how a failure seen by some ranks reaches all of them */
#ifndef PR_RANK_H
#define PR_RANK_H

#include "backend/backend.h"
#include "runner/fail.h"
#include "runner/plan.h"

/* How MPI sees a rank's backend buffers (DESIGN 6.4). */
typedef enum {
	PR_STAGING_NONE,   /* backend memory is host memory */
	PR_STAGING_HOST,   /* device memory, copied to host for MPI (to_host) */
	PR_STAGING_DEVICE, /* device memory handed to a CUDA-aware MPI */
} pr_staging;

/*
 * A group's device is "KIND" or "KIND:SEL": KIND a backend's name ("cpu",
 * "cpu-naive", "cuda", "hip"), SEL a device index N or "*" (GPU kinds
 * only; a GPU kind alone means "*"). With "*", a rank takes device
 * (its index among the group's ranks on its node) modulo the devices it
 * sees, so the group's ranks on a node go round its devices.
 */
typedef struct {
	const pr_plan *plan; /* borrowed */
	int rank, nranks;    /* in MPI_COMM_WORLD */
	int group;	     /* index into plan->groups */
	char kind[32];	     /* the backend's name, the device up to ':' */
	int device_index;    /* GPU: the device it runs on; host backends:
				its index among the group's ranks on this node */
	pr_staging staging;
	const struct pr_backend *backend;
	void *bctx; /* the backend's context; NULL until pr_rank_setup */
} pr_rank;

/*
 * Collective over MPI_COMM_WORLD: every rank passes its own result and
 * gets the worst (most negative) of all ranks, so that all of them take
 * the same branch afterwards. Failing ranks print their recorded reason
 * (pr_rank_failf: "prereg-rank: ..." on stderr) and forget it.
 */
int pr_rank_agree(int error);

/*
 * For a failure inside the timing loop, where the other ranks may already
 * wait in a collective: print the recorded reason and MPI_Abort the job
 * with exit status 1. Does not return.
 */
void pr_rank_abort(void) __attribute__((noreturn));

/*
 * Every group's device names a backend this binary has, with a device
 * selector only where the backend has devices; local, and alike on every
 * rank (failures recorded with PR_FAIL_ALL: "prereg-rank was built
 * without the CUDA backend (nvcc not found at build time)").
 */
int pr_rank_check_devices(const pr_plan *plan);

/* That sentence for a kind pr_backend_why_not knows, into buf. */
void pr_rank_not_built(char *buf, size_t len, const char *kind);

/*
 * Fill out from the plan and MPI_COMM_WORLD: group, backend found by the
 * group's device kind, the device (a GPU kind's must be visible to the
 * rank: "no CUDA device visible to rank 3 (cudaGetDeviceCount: ...)", "no
 * CUDA device 2 visible to rank 0 (1 visible)"), staging, and the backend
 * initialised on it. Collective (the node index comes from splitting the
 * communicator); failures are recorded. pr_rank_cleanup is safe on a
 * partly set up rank.
 */
int pr_rank_setup(pr_rank *out, const pr_plan *plan);

/* Record that the backend's `what` ("run_rows") failed on this rank, with
 * the backend's reason when it gives one; returns PR_EFAIL. */
int pr_rank_fail_backend(const pr_rank *rk, const char *what);
void pr_rank_cleanup(pr_rank *rk);

#endif
