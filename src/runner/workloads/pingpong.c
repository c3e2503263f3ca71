/* pingpong.c - round trips between ranks 0 and 1, and the local
 * reduction cost, per message size (see workload.h) */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "base/schedule.h"
#include "runner/workload.h"

typedef struct {
	const pr_rank *rk;
	size_t *order; /* sizes in visit order */
	size_t nsizes;
	float *a, *b; /* message buffers; reduce_local in and inout */
} pingpong;

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

static int pp_setup(void **out, size_t *nsamples, const pr_rank *rk)
{
	const pr_plan *plan = rk->plan;
	pingpong *pp = pr_calloc(1, sizeof(*pp));
	size_t bytes = max_size(plan), i;

	*out = pp;
	pp->rk = rk;
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
	*nsamples = pp->nsizes * (rk->rank < 2 ? 2 : 1);
	return PR_OK;
}

/* One untimed empty round trip: ranks 0 and 1 leave the barrier at
 * different times, and the first timed round trip must not carry that. */
static void sync_pair(pingpong *pp)
{
	int peer = 1 - pp->rk->rank;

	MPI_Sendrecv(NULL, 0, MPI_BYTE, peer, 1, NULL, 0, MPI_BYTE, peer, 1,
		     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void round_trip(pingpong *pp, size_t size, pr_samples *out)
{
	int n = (int)size, peer = 1 - pp->rk->rank;
	int64_t t0, t1;

	t0 = pr_timing_now();
	if (pp->rk->rank == 0) {
		MPI_Send(pp->a, n, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
		MPI_Recv(pp->b, n, MPI_BYTE, peer, 0, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
	} else {
		MPI_Recv(pp->b, n, MPI_BYTE, peer, 0, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
		MPI_Send(pp->a, n, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
	}
	t1 = pr_timing_now();
	pr_samples_add(out, PR_PHASE_PINGPONG, (int64_t)size, 0, t0, t1);
}

static void reduce_local(pingpong *pp, size_t size, pr_samples *out)
{
	int n = size < 8 ? 1 : (int)(size / 4);
	int64_t t0, t1;

	t0 = pr_timing_now();
	MPI_Reduce_local(pp->a, pp->b, n, MPI_FLOAT, MPI_SUM);
	t1 = pr_timing_now();
	pr_samples_add(out, PR_PHASE_REDUCE_LOCAL, (int64_t)size, 0, t0, t1);
}

static int pp_run(void *ctx, int rep, int warmup, pr_samples *out)
{
	pingpong *pp = ctx;
	size_t i;

	(void)rep;
	(void)warmup;
	if (pp->rk->rank < 2) {
		sync_pair(pp);
		for (i = 0; i < pp->nsizes; i++)
			round_trip(pp, pp->order[i], out);
	}
	for (i = 0; i < pp->nsizes; i++)
		reduce_local(pp, pp->order[i], out);
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
    .name = "pingpong",
    .setup = pp_setup,
    .run = pp_run,
    .check = NULL,
    .report = pp_report,
    .teardown = pp_teardown,
};
