/* arrivals.h - what workloads arrival and dp-step share: each rank's
 * delay per rep, the Allreduce (MPI's or prereg's pap), its checks and
 * the record of the delays (see workload.h) */
#ifndef PR_ARRIVALS_H
#define PR_ARRIVALS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "runner/pap.h"
#include "runner/rank.h"

typedef struct {
	const pr_rank *rk;
	pr_pap *pap;   /* the plan's algorithm is pap; else NULL */
	size_t *order; /* sizes in visit order */
	size_t nsizes;
	float *a, *b, *ref; /* send, receive, reference receive */
	int nreps;	    /* warmup + reps */
	int64_t *delay;	    /* this rank's delay of each rep */
	int64_t *all;	    /* rank 0, after check: [rep][rank] */
	double err;	    /* this rank's largest relative error */
	size_t err_size;    /* the size of the first error */
	int ref_bad;	    /* a result differed from MPI_Allreduce's */
	double max_err;	    /* every rank's largest, after check */
	int checked;
} pr_arrivals;

/* Buffers for the plan's largest size, the inputs, the size order, the
 * pap state when the plan asks for it. Failures are recorded. */
int pr_arrivals_setup(pr_arrivals *ar, const pr_rank *rk);
void pr_arrivals_free(pr_arrivals *ar);

/* This rank's delay of rep (pr_arrival_delays of the plan), noted for the
 * record. */
int64_t pr_arrivals_delay(pr_arrivals *ar, int rep);

/* Sleep ns on CLOCK_MONOTONIC (clock_nanosleep to a deadline): the core
 * is free for the other ranks meanwhile. */
void pr_arrivals_sleep(int64_t ns);

/* The Allreduce of size bytes (max(size / 4, 1) floats) from ar->a into
 * ar->b: MPI_Allreduce under the MCA's algorithm, or pr_pap_allreduce.
 * Collective; PR_EFAIL (recorded) when pap fails. */
int pr_arrivals_allreduce(pr_arrivals *ar, size_t size);

/* After the timed call, untimed: the result checked against the exact
 * sum; on rep 0 also against a reference MPI_Allreduce of the same input
 * (collective then). */
void pr_arrivals_verify(pr_arrivals *ar, size_t size, int rep);

/* Collective, after the last rep: every rank's results were exact (a
 * rank that saw a wrong one fails with it); the delays go to rank 0. */
int pr_arrivals_check(pr_arrivals *ar);

/* Rank 0: "size_order", "verify" and "arrival" {pattern, algorithm,
 * delay_ns, late_rank, replay_ns, delays_ns: [[per rank] per rep]}, and
 * pap's learnt orders, into root. */
int pr_arrivals_report(const pr_arrivals *ar, json_t *root);

/* Floats a message of size bytes carries: size / 4, at least 1. */
int pr_arrivals_floats(size_t size);

#endif
