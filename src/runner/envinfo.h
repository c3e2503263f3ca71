/* envinfo.h - what each rank ran on, the clocks, and the MPI in force */
#ifndef PR_ENVINFO_H
#define PR_ENVINFO_H

#include <jansson.h>
#include <stdint.h>

#include "runner/rank.h"

/* One rank's environment; fixed size, gathered to rank 0 as bytes. */
typedef struct {
	char host[256];
	char device[32];    /* the group's device, "cpu", "cuda:*" */
	char kind[32];	    /* its backend, "cpu", "cuda" */
	char describe[256]; /* the backend's describe() line */
	char affinity[512]; /* CPUs it may run on, "0-1" or "0,2-3" */
	char kernel[64]; /* the running kernel: "boot_id:..." or "host:..." */
	/* the time namespace it reads CLOCK_MONOTONIC in ("time:[INODE]" of
	 * /proc/self/ns/time; "" where the kernel has none): one kernel, but
	 * another namespace, is another clock (unshare --time --monotonic) */
	char timens[48];
	int64_t pid;
	int32_t device_index;	 /* pr_rank's */
	int32_t staging;	 /* pr_staging */
	int32_t has_gpu;	 /* gpu was filled by the backend */
	int32_t yield_when_idle; /* mpi_yield_when_idle: 0, 1, -1 unknown */
	pr_device_info gpu;
} pr_envinfo;

/*
 * This rank's environment (never fails: unknown parts say "unknown"),
 * and, when mpi is not NULL (rank 0), into *mpi the MPI in force as
 * PREFIX.json fields (a new object): "mca" (control variables read
 * through MPI_T by name; strings, integers, booleans; the missing ones
 * left out), "mca_enum" (the names of enumerated values), "mpi_library"
 * (first line of MPI_Get_library_version), "cuda_aware"
 * (pr_envinfo_cuda_aware) and "stack": the components in force after
 * MPI_Init, {"pml": the selected one, "btl": the open ones in MPI_T's
 * order, "btl_exclusivity": {btl: Open MPI's exclusivity}} (null when
 * MPI_T cannot start). Both are read in one MPI_T session: each session
 * registers every component of the library again (a few tenths of a
 * second). Local call, after MPI_Init.
 */
void pr_envinfo_local(pr_envinfo *out, json_t **mpi, const pr_rank *rk);

/* Collective: every rank's pr_envinfo to rank 0, which gets an array of
 * nranks owned by the caller; NULL on other ranks. */
pr_envinfo *pr_envinfo_gather(const pr_envinfo *mine, int nranks);

/*
 * Collective: each rank's clock offset to rank 0 and the round trip it was
 * measured with. Rank r > 0 and rank 0 swap CLOCK_MONOTONIC readings
 * PR_CLOCK_ROUNDS times; at the smallest round trip, offset_r = t_r -
 * (t0_send + t0_recv) / 2, so t - offset_r is on rank 0's clock, within
 * rtt_r / 2. A rank that runs on rank 0's kernel in rank 0's time
 * namespace (env[r].kernel and env[r].timens are rank 0's) reads the same
 * CLOCK_MONOTONIC: its offset is 0 and shared[r] 1;
 * its rtt is still measured. Rank 0 fills offset[], rtt[] and shared[]
 * (nranks entries; its own are 0, 0, 1) from env (pr_envinfo_gather's);
 * other ranks pass NULLs.
 */
#define PR_CLOCK_ROUNDS 20
void pr_clock_offsets(int64_t *offset, int64_t *rtt, int *shared,
		      const pr_envinfo *env, int rank, int nranks);

/* The MPI library reads CUDA device memory: MPIX_Query_cuda_support()
 * says so, where Open MPI has the extension; else 0. */
int pr_envinfo_cuda_aware(void);

/* A GPU's pr_device_info as PREFIX.json and --devices print it: a new
 * object {index, name, arch, uuid (null when none), pci_bus_id, sm_count,
 * max_threads_per_sm, threads_per_block, shared_bytes, max_blocks_per_sm,
 * driver_version, runtime_version, clock_khz, memory_bytes, mps (true,
 * false or "unknown")}, unknown numbers and strings as null. */
json_t *pr_envinfo_gpu_json(const pr_device_info *d);

#endif
