/* output.h - rank 0's PREFIX.csv and PREFIX.json for `prereg run` */
#ifndef PR_OUTPUT_H
#define PR_OUTPUT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "runner/envinfo.h"
#include "runner/plan.h"
#include "runner/timing.h"

/*
 * PREFIX.csv: one line per sample in the DESIGN 4 column order
 *   launch,config,rep,warmup,rank,host,device,phase,bytes,rows,
 *   t_start_ns,t_end_ns,energy_uj (empty when not measured)
 * with no header (the caller adds it when it joins the launches). env is
 * indexed by rank. Failures are recorded with pr_rank_failf.
 */
int pr_output_csv(const char *path, const pr_plan *plan, const pr_sample *s,
		  size_t n, const pr_envinfo *env);

/* Rank 0's clock facts, indexed by rank (envinfo.h, pr_clock_offsets). */
typedef struct {
	const int64_t *offset, *rtt;
	const int *shared;
} pr_clocks;

/*
 * The fields of PREFIX.json every workload shares: experiment, workload,
 * launch, config, seed, reps, warmup, version, nranks, ranks [{rank, host,
 * device (the group's, "cuda:*"), kind ("cuda"), device_index (rank.h),
 * describe, gpu (GPU ranks: pr_envinfo_gpu_json's object plus shared_by,
 * the ranks on the same host with the same kind and device_index; null
 * on host backends), staging ("none", "host", "device": rank.h),
 * affinity, pid, clock_offset_ns, clock_min_rtt_ns, clock ("shared": the
 * rank runs on rank 0's kernel and reads its CLOCK_MONOTONIC, offset 0;
 * "estimated": the offset is pr_clock_offsets' estimate),
 * clock_uncertainty_ns (0 when shared, else clock_min_rtt_ns / 2: the
 * half-width of the estimate's error bound), mpi_yield_when_idle (the
 * rank's own: true, false, or null when unknown)}], samples (how many),
 * phases (the phase names that occur, in pr_phase order), staging (the
 * launch's: "device" when every rank with device memory hands it to MPI
 * as it is, "host" when none does or no rank has device memory, "mixed"
 * otherwise), launch_geometry {threads_per_block, rows_per_block}, inner
 * (the plan's, 0 = automatic) and sync ("none" or "barrier"). A new
 * object.
 */
json_t *pr_output_report(const pr_plan *plan, const pr_envinfo *env,
			 const pr_clocks *clocks, int nranks,
			 const pr_sample *s, size_t n);

/* root with 2-space indent and sorted keys. */
int pr_output_json(const char *path, const json_t *root);

#endif
