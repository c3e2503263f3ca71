/* pingpong.c - per message size: round trips between ranks 0 and 1, a
 * ring step on every rank and the local reduction, warm (blocks of
 * back-to-back operations) or cold (one operation a sample); see
 * workload.h */
#include <mpi.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/schedule.h"
#include "runner/workload.h"

#define WARM_STEPS 4	    /* untimed operations before a block */
#define SETTLE_STEPS 2	    /* untimed ones after inner is agreed */
#define BLOCK_NS 20000	    /* an automatic block lasts this at least */
#define AUTO_INNER_MAX 1000 /* and holds this many operations at most */
#define TAG_DATA 0	    /* round trips */
#define TAG_INNER 2	    /* rank 0 tells rank 1 the pair's inner */
#define TAG_RING 3	    /* sendrecv ring steps */

typedef struct {
	const pr_rank *rk;
	size_t *order; /* sizes in visit order */
	size_t nsizes;
	float *a, *b; /* message buffers; reduce_local in and inout */
	int warm;
} pingpong;

/* One untimed operation of a warm phase, on one size. */
typedef void (*op_fn)(pingpong *pp, size_t size);

static size_t max_size(const pr_plan *plan)
{
	size_t max = 4;
	int i;

	for (i = 0; i < plan->nsizes; i++)
		if (plan->sizes[i] > max)
			max = plan->sizes[i];
	return max;
}

static float *alloc_floats(size_t bytes, float value)
{
	size_t n = (bytes + 3) / 4, i;
	float *p = aligned_alloc(64, (n * 4 + 63) / 64 * 64);

	for (i = 0; p && i < n; i++)
		p[i] = value;
	return p;
}

static int setup(void **out, size_t *nsamples, const pr_rank *rk, int warm)
{
	const pr_plan *plan = rk->plan;
	pingpong *pp = pr_calloc(1, sizeof(*pp));
	size_t bytes = max_size(plan), i;

	*out = pp;
	pp->rk = rk;
	pp->warm = warm;
	/* pr_plan_check saw to 2 ranks or more and the sizes */
	pp->nsizes = (size_t)plan->nsizes;
	/* the permutation of indices becomes, in place, the sizes */
	pp->order = pr_calloc(pp->nsizes, sizeof(size_t));
	pr_schedule_permute(pp->order, pp->nsizes, plan->seed);
	for (i = 0; i < pp->nsizes; i++)
		pp->order[i] = plan->sizes[pp->order[i]];
	pp->a = alloc_floats(bytes, 0.5f);
	pp->b = alloc_floats(bytes, 0.0f);
	if (!pp->a || !pp->b)
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot allocate two buffers of %zu bytes",
				     bytes);
	/* pingpong on ranks 0 and 1; sendrecv (warm) and reduce_local on
	 * every rank */
	*nsamples = pp->nsizes * ((rk->rank < 2) + (size_t)warm + 1);
	return PR_OK;
}

static int pp_setup_warm(void **out, size_t *nsamples, const pr_rank *rk)
{
	return setup(out, nsamples, rk, 1);
}

static int pp_setup_cold(void **out, size_t *nsamples, const pr_rank *rk)
{
	return setup(out, nsamples, rk, 0);
}

/* Rank 0: MPI_Send then MPI_Recv; rank 1: MPI_Recv then MPI_Send. */
static void round_trip(pingpong *pp, size_t size)
{
	int n = (int)size, peer = 1 - pp->rk->rank;

	if (pp->rk->rank == 0) {
		MPI_Send(pp->a, n, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD);
		MPI_Recv(pp->b, n, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
	} else {
		MPI_Recv(pp->b, n, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
		MPI_Send(pp->a, n, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD);
	}
}

/* size bytes to rank + 1, size bytes from rank - 1, around the ring. */
static void ring_step(pingpong *pp, size_t size)
{
	int n = (int)size, p = pp->rk->nranks, r = pp->rk->rank;

	MPI_Sendrecv(pp->a, n, MPI_BYTE, (r + 1) % p, TAG_RING, pp->b, n,
		     MPI_BYTE, (r - 1 + p) % p, TAG_RING, MPI_COMM_WORLD,
		     MPI_STATUS_IGNORE);
}

static void reduce(pingpong *pp, size_t size)
{
	int n = size < 8 ? 1 : (int)(size / 4);

	MPI_Reduce_local(pp->a, pp->b, n, MPI_FLOAT, MPI_SUM);
}

/* ---- cold: one operation a sample (pingpong-cold) ---- */

/* One untimed empty round trip: ranks 0 and 1 leave the barrier at
 * different times, and the first timed round trip must not carry that. */
static void sync_pair(pingpong *pp)
{
	int peer = 1 - pp->rk->rank;

	MPI_Sendrecv(NULL, 0, MPI_BYTE, peer, 1, NULL, 0, MPI_BYTE, peer, 1,
		     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* One timed op of size: one sample, rows = 0. */
static void timed_once(pingpong *pp, op_fn op, pr_phase phase, size_t size,
		       pr_samples *out)
{
	int64_t t0, t1;

	t0 = pr_timing_begin(out, phase);
	op(pp, size);
	t1 = pr_timing_end(out);
	pr_samples_add(out, phase, (int64_t)size, 0, t0, t1);
}

static void run_cold(pingpong *pp, pr_samples *out)
{
	size_t i;

	if (pp->rk->rank < 2) {
		sync_pair(pp);
		for (i = 0; i < pp->nsizes; i++)
			timed_once(pp, round_trip, PR_PHASE_PINGPONG,
				   pp->order[i], out);
	}
	for (i = 0; i < pp->nsizes; i++)
		timed_once(pp, reduce, PR_PHASE_REDUCE_LOCAL, pp->order[i],
			   out);
}

/* ---- warm: one block of inner operations a sample (pingpong) ---- */

/* n untimed operations; the quickest one's time (ns) on this rank. */
static int64_t warm_up(pingpong *pp, op_fn op, size_t size, int n)
{
	int64_t best = INT64_MAX, t0, t;
	int i;

	for (i = 0; i < n; i++) {
		t0 = pr_timing_now();
		op(pp, size);
		t = pr_timing_now() - t0;
		if (t < best)
			best = t;
	}
	return best;
}

/* Operations of op_ns each that fill BLOCK_NS: in [1, AUTO_INNER_MAX]. */
static int auto_inner(int64_t op_ns)
{
	int64_t n =
	    (BLOCK_NS + (op_ns > 1 ? op_ns : 1) - 1) / (op_ns > 1 ? op_ns : 1);

	return n < 1 ? 1 : n > AUTO_INNER_MAX ? AUTO_INNER_MAX : (int)n;
}

/* The pair's inner: the plan's, or rank 0's choice sent to rank 1. */
static int pair_inner(pingpong *pp, int64_t probe_ns)
{
	int inner = pp->rk->plan->inner;

	if (inner)
		return inner;
	if (pp->rk->rank == 0) {
		inner = auto_inner(probe_ns);
		MPI_Send(&inner, 1, MPI_INT, 1, TAG_INNER, MPI_COMM_WORLD);
	} else
		MPI_Recv(&inner, 1, MPI_INT, 0, TAG_INNER, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
	return inner;
}

/* Every rank's inner: the plan's, or rank 0's choice broadcast. */
static int all_inner(int64_t probe_ns, const pr_plan *plan)
{
	int inner = plan->inner;

	if (inner)
		return inner;
	inner = auto_inner(probe_ns);
	MPI_Bcast(&inner, 1, MPI_INT, 0, MPI_COMM_WORLD);
	return inner;
}

/* inner back-to-back operations, timed as one sample, rows = inner. */
static void block(pingpong *pp, op_fn op, pr_phase phase, size_t size,
		  int inner, pr_samples *out)
{
	int64_t t0, t1;
	int i;

	t0 = pr_timing_begin(out, phase);
	for (i = 0; i < inner; i++)
		op(pp, size);
	t1 = pr_timing_end(out);
	pr_samples_add(out, phase, (int64_t)size, inner, t0, t1);
}

static void warm_pair(pingpong *pp, size_t size, pr_samples *out)
{
	int64_t probe = warm_up(pp, round_trip, size, WARM_STEPS);
	int inner = pair_inner(pp, probe);

	/* rank 1 got inner half a round trip after rank 0 sent it */
	warm_up(pp, round_trip, size, SETTLE_STEPS);
	block(pp, round_trip, PR_PHASE_PINGPONG, size, inner, out);
}

static void warm_ring(pingpong *pp, size_t size, pr_samples *out)
{
	int64_t probe;
	int inner;

	MPI_Barrier(MPI_COMM_WORLD);
	probe = warm_up(pp, ring_step, size, WARM_STEPS);
	inner = all_inner(probe, pp->rk->plan);
	/* the broadcast leaves the ranks apart; steps bring them together */
	warm_up(pp, ring_step, size, SETTLE_STEPS);
	block(pp, ring_step, PR_PHASE_SENDRECV, size, inner, out);
}

static void warm_reduce(pingpong *pp, size_t size, pr_samples *out)
{
	int64_t probe = warm_up(pp, reduce, size, WARM_STEPS);
	int inner = all_inner(probe, pp->rk->plan);

	MPI_Barrier(MPI_COMM_WORLD);
	block(pp, reduce, PR_PHASE_REDUCE_LOCAL, size, inner, out);
}

static void run_warm(pingpong *pp, pr_samples *out)
{
	size_t i;

	if (pp->rk->rank < 2)
		for (i = 0; i < pp->nsizes; i++)
			warm_pair(pp, pp->order[i], out);
	for (i = 0; i < pp->nsizes; i++)
		warm_ring(pp, pp->order[i], out);
	for (i = 0; i < pp->nsizes; i++)
		warm_reduce(pp, pp->order[i], out);
}

static int pp_run(void *ctx, int rep, int warmup, pr_samples *out)
{
	pingpong *pp = ctx;

	(void)rep;
	(void)warmup;
	if (pp->warm)
		run_warm(pp, out);
	else
		run_cold(pp, out);
	return PR_OK;
}

static int pp_report(void *ctx, json_t *root)
{
	pingpong *pp = ctx;
	json_t *order = json_array();
	size_t i;

	for (i = 0; i < pp->nsizes; i++)
		json_array_append_new(order,
				      json_integer((json_int_t)pp->order[i]));
	json_object_set_new(root, "size_order", order);
	return PR_OK;
}

static void pp_teardown(void *ctx)
{
	pingpong *pp = ctx;

	if (!pp)
		return;
	free(pp->order);
	free(pp->a);
	free(pp->b);
	free(pp);
}

const pr_workload pr_workload_pingpong = {
    .id = PR_WORKLOAD_PINGPONG,
    .setup = pp_setup_warm,
    .run = pp_run,
    .check = NULL,
    .report = pp_report,
    .teardown = pp_teardown,
};

const pr_workload pr_workload_pingpong_cold = {
    .id = PR_WORKLOAD_PINGPONG_COLD,
    .setup = pp_setup_cold,
    .run = pp_run,
    .check = NULL,
    .report = pp_report,
    .teardown = pp_teardown,
};
