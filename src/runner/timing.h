/* timing.h - the one timing loop, its samples and their way to rank 0 */
#ifndef PR_TIMING_H
#define PR_TIMING_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"

/* Phases of DESIGN 4, then the ones a workload adds (see workload.h). */
typedef enum {
	PR_PHASE_PINGPONG,
	PR_PHASE_COMPUTE,
	PR_PHASE_GATHERV,
	PR_PHASE_ALLREDUCE,
	PR_PHASE_ALLREDUCE_SMALL,
	PR_PHASE_REDUCE_LOCAL,
	PR_PHASE_RESCALE,
	PR_PHASE_TO_HOST,
	PR_PHASE_COMPUTE_DEVICE,
	PR_PHASE_SENDRECV,
	PR_NPHASES
} pr_phase;

/* The CSV name of a phase ("pingpong", "allreduce_small", ...). */
const char *pr_phase_name(int phase);

/*
 * One timed event of one rank. rep counts from 0 over warmups and reps
 * together (warmup is 1 for the first plan.warmup of them); times are
 * CLOCK_MONOTONIC of the rank that took them until pr_samples_gather
 * moves them to rank 0's clock. Sent between ranks as raw bytes: every
 * rank runs the same binary.
 */
typedef struct {
	int32_t rep, warmup, rank, phase;
	int64_t bytes, rows;
	int64_t t_start_ns, t_end_ns;
} pr_sample;

/* A rank's sample buffer, allocated once before the timing loop. */
typedef struct {
	pr_sample *s;
	size_t n, cap;
	int32_t rank, rep, warmup; /* stamped on every sample added */
	int overflow;		   /* a workload added more than it said */
} pr_samples;

/* Room for cap samples, touched so that adding never faults a page in.
 * Failure is recorded with pr_rank_failf. */
int pr_samples_init(pr_samples *out, size_t cap, int rank);
void pr_samples_free(pr_samples *buf);

/* Record one event; call it after t_end is taken, never between. */
static inline void pr_samples_add(pr_samples *buf, pr_phase phase,
				  int64_t bytes, int64_t rows, int64_t t_start,
				  int64_t t_end)
{
	pr_sample *s;

	if (buf->n == buf->cap) {
		buf->overflow = 1;
		return;
	}
	s = &buf->s[buf->n++];
	s->rep = buf->rep;
	s->warmup = buf->warmup;
	s->rank = buf->rank;
	s->phase = (int32_t)phase;
	s->bytes = bytes;
	s->rows = rows;
	s->t_start_ns = t_start;
	s->t_end_ns = t_end;
}

/* The clock of every sample: CLOCK_MONOTONIC in nanoseconds. */
static inline int64_t pr_timing_now(void)
{
	return pr_mono_ns();
}

struct pr_workload;

/*
 * The timing loop, the same for every workload: for rep = 0 ..
 * warmup + reps - 1, MPI_Barrier on MPI_COMM_WORLD, then w->run(ctx, rep,
 * rep < warmup, buf). Nothing is allocated, written or communicated here
 * beyond what run does. A run that fails ends the job (pr_rank_abort):
 * the other ranks may already wait in its collectives. Returns
 * PR_EFAIL (recorded) when the buffer overflowed.
 */
int pr_timing_loop(pr_samples *buf, const struct pr_workload *w, void *ctx,
		   int warmup, int reps);

/*
 * Collective: all ranks' samples to rank 0, which gets in *out (owned by
 * the caller; NULL on other ranks) every sample with its times moved to
 * rank 0's clock (t - offset[rank], offset indexed by rank, read on rank
 * 0 only), ordered by rep, then rank, then the order the rank took them.
 */
int pr_samples_gather(pr_sample **out, size_t *nout, const pr_samples *buf,
		      int nranks, const int64_t *offset);

#endif
