/* timing.h - the one timing loop, its samples and their way to rank 0 */
#ifndef PR_TIMING_H
#define PR_TIMING_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"
#include "runner/energy.h"

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
	PR_PHASE_STEP,
	PR_PHASE_COPY,
	PR_NPHASES
} pr_phase;

/* The CSV name of a phase ("pingpong", "allreduce_small", ...). */
const char *pr_phase_name(int phase);

/*
 * One timed event of one rank. rep counts from 0 over warmups and reps
 * together (warmup is 1 for the first plan.warmup of them); times are
 * CLOCK_MONOTONIC of the rank that took them until pr_samples_gather
 * moves them to rank 0's clock. Sent between ranks as raw bytes: every
 * rank runs the same binary. energy_uj is the rank's energy counter's
 * difference over the event (DESIGN 7), -1 when not measured.
 */
typedef struct {
	int32_t rep, warmup, rank, phase;
	int64_t bytes, rows;
	int64_t t_start_ns, t_end_ns;
	int64_t energy_uj;
} pr_sample;

/* A rank's sample buffer, allocated once before the timing loop. */
typedef struct {
	pr_sample *s;
	size_t n, cap;
	int32_t rank, rep, warmup; /* stamped on every sample added */
	int overflow;		   /* a workload added more than it said */
	/* the rank's energy counter (NULL: none) and the timed events it
	 * is read around, until a read fails: those of a phase whose last event
	 * lasted at least half of min_ns, or that had none yet (DESIGN 7) */
	pr_energy_counter *energy;
	int64_t energy_min_ns, last_ns[PR_NPHASES], pending_uj;
	uint64_t e0;
	int reading, energy_lost;
	char energy_why[256]; /* why the counter stopped, "" while it reads */
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
	s->energy_uj =
	    buf->pending_uj >= 0 && t_end - t_start >= buf->energy_min_ns
		? buf->pending_uj
		: -1;
	buf->pending_uj = -1;
	buf->last_ns[phase] = t_end - t_start;
}

/* The clock of every sample: CLOCK_MONOTONIC in nanoseconds. */
static inline int64_t pr_timing_now(void)
{
	return pr_mono_ns();
}

/* A failed read stops the counter for the rest of the launch. */
static inline void pr_timing_energy_lost(pr_samples *buf)
{
	buf->energy_lost = 1;
	buf->reading = 0;
	buf->pending_uj = -1;
}

/*
 * The start of a timed event of phase: the energy counter is read just
 * before the start time is taken (never inside the timed region), when
 * the phase is long enough to measure (pr_samples above).
 */
static inline int64_t pr_timing_begin(pr_samples *buf, pr_phase phase)
{
	buf->reading = 0;
	if (buf->energy && !buf->energy_lost &&
	    (buf->last_ns[phase] == 0 ||
	     buf->last_ns[phase] >= buf->energy_min_ns / 2)) {
		if (pr_energy_read(&buf->e0, buf->energy, buf->energy_why,
				   sizeof(buf->energy_why)) < 0)
			pr_timing_energy_lost(buf);
		else
			buf->reading = 1;
	}
	return pr_timing_now();
}

/* The end of the event: the time, then the counter (for the next
 * pr_samples_add). */
static inline int64_t pr_timing_end(pr_samples *buf)
{
	int64_t t = pr_timing_now();
	uint64_t e1;

	buf->pending_uj = -1;
	if (buf->reading) {
		if (pr_energy_read(&e1, buf->energy, buf->energy_why,
				   sizeof(buf->energy_why)) < 0)
			pr_timing_energy_lost(buf);
		else
			buf->pending_uj = (int64_t)(e1 - buf->e0);
		buf->reading = 0;
	}
	return t;
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
