/* workload.h - the table of workloads the one timing loop drives */
#ifndef PR_WORKLOAD_H
#define PR_WORKLOAD_H

#include <jansson.h>
#include <stddef.h>

#include "format/workload.h"
#include "runner/rank.h"
#include "runner/timing.h"

/*
 * A workload is what runs between two barriers of the timing loop. Every
 * function is called on every rank, in this order: setup, run (warmup +
 * reps times, from pr_timing_loop), check, report (rank 0 only), teardown.
 *
 * The attention workloads (rows-sweep, row-split, kv-split) share these:
 *   - run_rows gets the plan's launch geometry (threads_per_block,
 *     rows_per_block; host backends ignore it).
 *   - compute is timed on the host clock around run_rows and the sync that
 *     waits for it. A backend with a device timer (device_ns: cuda, hip)
 *     also times the attention kernel alone with a pair of events; that
 *     time is one more sample right after compute's:
 *       compute_device  t_start_ns = compute's t_start_ns, t_end_ns =
 *                       t_start_ns + the events' elapsed time; bytes and
 *                       rows as compute's. Its start is not when the
 *                       kernel started: only t_end_ns - t_start_ns means
 *                       something. Host backends take no such sample.
 *   - staging (rank.h): to_host is taken only by ranks whose device
 *     buffers are staged through host memory (PR_STAGING_HOST). A rank
 *     whose MPI reads CUDA memory (PR_STAGING_DEVICE) hands its device
 *     buffers to MPI and does on the device, with the backend's normalise
 *     and rescale, what the others do on the host.
 *
 * pingpong, pingpong-cold, allreduce (2 ranks or more; plan.sizes):
 *   The sizes are visited in the order perm = pr_schedule_permute(nsizes,
 *   plan.seed): sizes[perm[0]], sizes[perm[1]], ... The same order in
 *   every rep of the launch and in every pass of a rep; it is recorded
 *   as "size_order" in PREFIX.json. allreduce with plan.size_order_rep
 *   (size_order = rep): timed rep t visits them in the order of
 *   pr_schedule_permute(nsizes, pr_schedule_rep_seed(plan.seed, t)), the
 *   first the launch's, the warmup reps the launch's; every timed rep's
 *   is recorded in "size_orders". A rate per operation is always
 *   (t_end_ns - t_start_ns) / max(rows, 1): rows is the number of
 *   operations in the sample's timed block, 0 for one cold operation.
 *
 * pingpong (warm): per rep, three passes over the sizes.
 *   Inner: the plan's "inner" when it is not 0; else automatic, per size
 *   and rep: rank 0 times each untimed warm-up operation (4 of them),
 *   takes the quickest, t, and inner = clamp(ceil(20 us / t), 1, 1000),
 *   which rank 0 hands on untimed (see each phase). Every block is
 *   preceded by untimed warm-up operations of the same kind and size.
 *     pingpong      ranks 0 and 1 only: 4 warm-up round trips, inner
 *                   handed from rank 0 to rank 1 by one MPI_Send (when
 *                   automatic), 2 more warm-up round trips, then one
 *                   timed block of inner back-to-back round trips
 *                   (rank 0: MPI_Send of bytes to rank 1 then MPI_Recv
 *                   of bytes from it; rank 1: MPI_Recv then MPI_Send).
 *                   Both ranks take the sample; rank 1's includes
 *                   waiting for rank 0's first message. bytes = the
 *                   size, rows = inner. One-way time: duration / (2
 *                   rows), on rank 0.
 *   then, on every rank, per size:
 *     sendrecv      untimed MPI_Barrier, 4 warm-up ring steps, inner
 *                   (automatic: rank 0's, by MPI_Bcast), 2 more warm-up
 *                   steps, then one timed block of inner ring steps: each
 *                   an MPI_Sendrecv of bytes to rank (r + 1) % p and of
 *                   bytes from rank (r - 1 + p) % p, all ranks at once.
 *                   bytes = the size, rows = inner.
 *   then, on every rank, per size:
 *     reduce_local  4 warm-up calls, inner (automatic: rank 0's, by
 *                   MPI_Bcast), untimed MPI_Barrier, then one timed
 *                   block of inner MPI_Reduce_local(MPI_SUM, MPI_FLOAT)
 *                   of max(bytes / 4, 1) floats, all ranks at once.
 *                   bytes = the size, rows = inner.
 *   The passes are apart so that one rank's reduction never delays the
 *   other's round trips.
 *
 * pingpong-cold: per rep, ranks 0 and 1 first swap one untimed empty
 *   message (so that the barrier's exit skew stays out of the first
 *   round trip), then every size in order:
 *     pingpong      one round trip as above, timed alone; rows = 0.
 *   then every size again in that order, on every rank:
 *     reduce_local  one MPI_Reduce_local as above, timed alone; rows =
 *                   0.
 *
 * allreduce: per rep, every size in order, on every rank: an untimed
 *   MPI_Barrier, then
 *     allreduce     one MPI_Allreduce(MPI_SUM) of max(bytes / 4, 1)
 *                   floats, each 0.75 on every rank; bytes = the size,
 *                   rows = 0. Its algorithm is the MCA's (mpirun's
 *                   arguments).
 *   Every rank checks every result, untimed: each float must be exactly
 *   p * 0.75. check fails the launch otherwise; "verify" in PREFIX.json:
 *   {done, max_rel_err (over all ranks), ok, tolerance: 0}.
 *   With plan.interleave (primitives), right after each checked
 *   Allreduce, for m the segment (max(floats / p, 1) floats) and then the
 *   whole message (once when they are equal), one-shot, each after an
 *   untimed MPI_Barrier, rows = 1, bytes = m:
 *     pingpong      one round trip of m bytes between ranks 0 and 1 (as
 *                   pingpong's; the other ranks only take the barriers)
 *     sendrecv      one ring step of m bytes, every rank at once
 *     reduce_local  one MPI_Reduce_local(MPI_SUM) of m / 4 floats
 *     copy          one memcpy of m bytes (the local copy Open MPI's
 *                   algorithms make of a buffer that is not in place)
 *   from the send buffer into the receive buffer, whose result was
 *   already checked.
 *
 * rows-sweep (plan.rows_list, keys, d; any number of ranks):
 *   Every rank on its own, on its own backend: q (max(rows_list) x d), k
 *   and v (keys x d) are generated as for kv-split; every rank holds all
 *   keys. The rows values are visited in the order perm =
 *   pr_schedule_permute(nrows_list, plan.seed), the same in every rep of
 *   the launch, recorded as "rows_order" in PREFIX.json. Per rep, for
 *   every rows value r in that order, on every rank, with no
 *   communication between ranks:
 *     compute          backend run_rows of the first r query rows against
 *                      all keys, then sync; bytes = 0, rows = r.
 *     compute_device   (device-timed backends) see above.
 *   One sample per rows value per rep per rank: T(r) of the linear rows
 *   model, and t_i (time per row) of the 1/t split. check: o, m and l of
 *   every row are finite and l >= 1, on every rank ("sanity" in
 *   PREFIX.json).
 *
 * row-split (plan.rows = R, keys, d, rows_per_rank: one count >= 0 per
 * rank, adding up to R):
 *   q (R x d), k and v (keys x d) are generated as for kv-split; rank i
 *   owns the rows_per_rank[i] query rows after those of ranks 0 .. i-1
 *   and holds all keys. A rank with 0 rows takes part all the same. Per
 *   rep, on every rank:
 *     compute          backend run_rows of the rank's rows against all
 *                      keys, sync, then o_i /= l_i for each of its rows
 *                      (host-memory backends; on the device, before the
 *                      sync, under PR_STAGING_DEVICE); bytes = 0, rows =
 *                      rows_i.
 *     compute_device   (device-timed backends) see above.
 *     to_host          (PR_STAGING_HOST) copy o and l to host and divide
 *                      o_i by l_i there; bytes = rows_i * (d + 1) * 4,
 *                      rows = rows_i.
 *     gatherv          (after the plan's sync, see below) MPI_Gatherv
 *                      of the rank's rows_i x d normalised outputs into
 *                      rank 0's R x d buffer, in rank order;
 *                      bytes = rows_i * d * 4 (sent), rows = rows_i, on
 *                      every rank (rank 0 sends its part to itself).
 *   check (plan.verify): rank 0 computes all rows on the cpu backend and
 *   compares the gathered output with it (the kv-split error, see
 *   tensors.h); "verify" and "rows_per_rank" go to PREFIX.json.
 *
 * kv-split (plan.rows, keys, d; keys >= ranks):
 *   q (rows x d), k and v (keys x d) are generated from a fixed seed, the
 *   same on every rank; rank r owns keys [first_r, first_r + count_r), the
 *   keys split as evenly as possible with the extra ones on the first
 *   ranks. Per rep, on every rank:
 *     compute          backend run_rows of all rows against the rank's
 *                      keys, then sync; bytes = 0, rows = rows.
 *     compute_device   (device-timed backends) see above.
 *     to_host          (PR_STAGING_HOST) copy o, l and m to host; bytes
 *                      copied, rows = rows.
 *     allreduce_small  (after the plan's sync, see below)
 *                      MPI_Allreduce(MPI_MAX) of the row maxima m;
 *                      bytes = rows * 4, rows = 0.
 *     rescale          o and l of each row times exp(m_rank - m_all), so
 *                      the partial sums share one reference (on the
 *                      device, synced, under PR_STAGING_DEVICE); rows =
 *                      rows.
 *     allreduce        (after the plan's sync) one MPI_Allreduce(MPI_SUM)
 *                      of o (rows x d) and l (rows), contiguous; bytes =
 *                      rows * d * 4 + rows * 4, rows = 0.
 *   check (plan.verify): rank 0 computes all keys on its own backend and
 *   compares o / l with the combined result (see tensors.h).
 *
 * arrival (2 ranks or more; plan.sizes, algorithm, pattern, delay_ns,
 * late_rank, replay_ns; runner/arrivals.h): per rep, each rank's delay
 * d_i of the rep is pr_arrival_delays(plan's pattern, delay_ns,
 * late_rank, plan.seed, rep (warmups counted), replay_ns); every size in
 * the seeded order, on every rank: an untimed MPI_Barrier, then a sleep
 * of d_i (clock_nanosleep to a deadline on CLOCK_MONOTONIC: no spin, the
 * core is free), then
 *     allreduce     one Allreduce(MPI_SUM) of max(bytes / 4, 1) floats,
 *                   input (rank + 1) + (i mod 7) at element i: under the
 *                   MCA's algorithm (MPI_Allreduce), or pr_pap_allreduce
 *                   when plan.algorithm is "pap"; bytes = the size, rows
 *                   = 0. t_start_ns is the rank's arrival a_i, t_end_ns
 *                   its exit e_i, on one clock.
 *   Every result is checked untimed against the exact sum p(p+1)/2 + p
 *   (i mod 7); on rep 0 also against a reference MPI_Allreduce of the same
 *   input (untimed, collective). check fails the launch on any
 *   difference. PREFIX.json: "size_order", "verify" (as allreduce, with
 *   "reference"), "arrival": {pattern, algorithm, delay_ns, late_rank,
 *   replay_ns (replay), delays_ns: [[d of rank 0 .. p - 1] per rep, warmups
 *   included] as the ranks computed and slept them, gathered in check,
 *   wait (how a rank waits), pap_next_order (pap: per size, the order
 *   its next call would use)}.
 *
 * dp-step (arrival's keys, and dp_compute; rows_per_rank, keys and d with
 * dp_compute "rows"): per rep, one training step per size in the seeded
 * order, on every rank: an untimed MPI_Barrier, then
 *     compute          dp_compute rows: backend run_rows of the rank's
 *                      rows_per_rank[i] query rows (q, k, v as for
 *                      rows-sweep) against all keys, synced; pattern: a
 *                      sleep of the rank's delay d_i of the rep; bytes =
 *                      the step's buffer size, rows = the rank's rows (0
 *                      for pattern).
 *     compute_device   (device-timed backends, dp_compute rows) see above.
 *     allreduce        the fused gradient buffer's Allreduce as arrival's
 *                      (host memory, MPI's or pap); bytes = the size,
 *                      rows = 0; t_start_ns is the arrival at the
 *                      collective.
 *     step             from the start of compute to the end of the
 *                      Allreduce: the step time a training loop sees;
 *                      bytes = the size, rows as compute's.
 *   The result is checked as arrival's; PREFIX.json as arrival's, and
 *   "dp_compute".
 *
 * sync (plan.sync, recorded as "sync" in PREFIX.json): "barrier" puts an
 * untimed MPI_Barrier right before kv-split's allreduce_small and
 * allreduce and row-split's gatherv (pr_workload_sync), so that their
 * samples hold the collective alone and not the wait for the slowest
 * rank's compute; "none" (the default) puts nothing there.
 */
typedef struct pr_workload {
	pr_workload_id id; /* its name and facts: pr_workloads[id] */
	/* Allocate and touch everything run needs. *nsamples: how many
	 * samples run adds per rep on this rank. Failures are recorded with
	 * pr_rank_failf; *out is set (maybe NULL) for teardown either way. */
	int (*setup)(void **out, size_t *nsamples, const pr_rank *rk);
	/* One rep; adds its samples to out. A failure ends the job. */
	int (*run)(void *ctx, int rep, int warmup, pr_samples *out);
	/* After the last rep, outside any timed region; may be collective.
	 * NULL: nothing to check. */
	int (*check)(void *ctx);
	/* Rank 0: add the workload's facts to PREFIX.json. NULL: none. */
	int (*report)(void *ctx, json_t *root);
	void (*teardown)(void *ctx);
} pr_workload;

/* The runner of the workload called name (its name and facts:
 * format/workload.h), or NULL. */
const pr_workload *pr_workload_find(const char *name);

/* Right before a collective phase: what the plan's sync asks for (an
 * untimed MPI_Barrier for "barrier", nothing for "none"). Collective. */
void pr_workload_sync(const pr_plan *plan);

extern const pr_workload pr_workload_pingpong;
extern const pr_workload pr_workload_pingpong_cold;
extern const pr_workload pr_workload_allreduce;
extern const pr_workload pr_workload_rowssweep;
extern const pr_workload pr_workload_rowsplit;
extern const pr_workload pr_workload_kvsplit;
extern const pr_workload pr_workload_arrival;
extern const pr_workload pr_workload_dpstep;

#endif
