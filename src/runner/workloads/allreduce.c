/* allreduce.c - one MPI_Allreduce of floats per message size, on every
 * rank, its result checked (see workload.h) */
#include <math.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "base/schedule.h"
#include "runner/workload.h"

/* Every rank sends VALUE; the sum of p of them is exact in a float. */
#define VALUE 0.75f
#define TAG_PRIM 5 /* the interleaved primitives */

typedef struct {
	const pr_rank *rk;
	size_t *order;	/* sizes in visit order (the launch's) */
	size_t *orders; /* size_order = rep: timed rep t's at t * nsizes */
	size_t nsizes;
	float *a, *b;	 /* send and receive buffers */
	double err;	 /* this rank's largest relative error */
	size_t err_size; /* the first size with an error */
	double max_err;	 /* every rank's largest, after check */
	int checked;
} allreduce;

/* o[0..nsizes) = the plan's sizes in the order seed gives */
static void sizes_in_order(size_t *o, const pr_plan *plan, uint64_t seed)
{
	size_t n = (size_t)plan->nsizes, i;

	pr_schedule_permute(o, n, seed);
	for (i = 0; i < n; i++)
		o[i] = plan->sizes[o[i]];
}

/* size_order = rep: every timed rep's order, computed before anything is
 * timed (timed rep t's at ar->orders + t * nsizes; the first is the
 * launch's, pr_schedule_rep_seed(seed, 0) being the seed). */
static void rep_orders(allreduce *ar, const pr_plan *plan)
{
	size_t t;

	ar->orders = pr_calloc((size_t)plan->reps * ar->nsizes, sizeof(size_t));
	for (t = 0; t < (size_t)plan->reps; t++)
		sizes_in_order(ar->orders + t * ar->nsizes, plan,
			       pr_schedule_rep_seed(plan->seed, (int)t));
}

/* An order of sizes as JSON */
static json_t *order_json(const size_t *o, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_integer((json_int_t)o[i]));
	return a;
}

/* Floats a message of size bytes carries: size / 4, at least 1. */
static int floats_of(size_t size)
{
	return size < 8 ? 1 : (int)(size / 4);
}

static int ar_setup(void **out, size_t *nsamples, const pr_rank *rk)
{
	const pr_plan *plan = rk->plan;
	allreduce *ar = pr_calloc(1, sizeof(*ar));
	size_t n = 1, i;

	*out = ar;
	ar->rk = rk;
	/* pr_plan_check saw to 2 ranks or more and the sizes */
	ar->nsizes = (size_t)plan->nsizes;
	ar->order = pr_calloc(ar->nsizes, sizeof(size_t));
	sizes_in_order(ar->order, plan, plan->seed);
	for (i = 0; i < ar->nsizes; i++) {
		if ((size_t)floats_of(ar->order[i]) > n)
			n = (size_t)floats_of(ar->order[i]);
	}
	if (plan->size_order_rep)
		rep_orders(ar, plan);
	ar->a = aligned_alloc(64, (n * 4 + 63) / 64 * 64);
	ar->b = aligned_alloc(64, (n * 4 + 63) / 64 * 64);
	if (!ar->a || !ar->b)
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot allocate two buffers of %zu "
				     "floats",
				     n);
	for (i = 0; i < n; i++) {
		ar->a[i] = VALUE;
		ar->b[i] = 0.0f;
	}
	/* interleave: up to two sizes of four primitives (pingpong on ranks
	 * 0 and 1 only) */
	*nsamples = ar->nsizes;
	if (plan->interleave)
		*nsamples += ar->nsizes * 2 * (size_t)(3 + (rk->rank < 2));
	return PR_OK;
}

/* After the timed call: every float of the result should be p * VALUE
 * exactly; the largest relative error goes to ar->err. */
static void verify(allreduce *ar, size_t size)
{
	float want = (float)ar->rk->nranks * VALUE;
	double e;
	int n = floats_of(size), i;

	for (i = 0; i < n; i++) {
		if (ar->b[i] == want)
			continue;
		e = fabs((double)ar->b[i] - want) / want;
		if (!isfinite(e))
			e = INFINITY;
		if (!ar->err)
			ar->err_size = size;
		if (e > ar->err)
			ar->err = e;
	}
}

/* One primitive op of m bytes, one-shot after an untimed barrier. */
static void primitive(allreduce *ar, pr_phase phase, size_t m, pr_samples *out)
{
	int p = ar->rk->nranks, r = ar->rk->rank, n = (int)m;
	int64_t t0, t1;

	MPI_Barrier(MPI_COMM_WORLD);
	if (phase == PR_PHASE_PINGPONG && r > 1)
		return;
	t0 = pr_timing_begin(out, phase);
	if (phase == PR_PHASE_PINGPONG && r == 0) {
		MPI_Send(ar->a, n, MPI_BYTE, 1, TAG_PRIM, MPI_COMM_WORLD);
		MPI_Recv(ar->b, n, MPI_BYTE, 1, TAG_PRIM, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
	} else if (phase == PR_PHASE_PINGPONG) {
		MPI_Recv(ar->b, n, MPI_BYTE, 0, TAG_PRIM, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
		MPI_Send(ar->a, n, MPI_BYTE, 0, TAG_PRIM, MPI_COMM_WORLD);
	} else if (phase == PR_PHASE_SENDRECV) {
		MPI_Sendrecv(ar->a, n, MPI_BYTE, (r + 1) % p, TAG_PRIM, ar->b,
			     n, MPI_BYTE, (r - 1 + p) % p, TAG_PRIM,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	} else if (phase == PR_PHASE_REDUCE_LOCAL) {
		MPI_Reduce_local(ar->a, ar->b, n / 4, MPI_FLOAT, MPI_SUM);
	} else {
		memcpy(ar->b, ar->a, m);
	}
	t1 = pr_timing_end(out);
	pr_samples_add(out, phase, (int64_t)m, 1, t0, t1);
}

/* The primitives of an Allreduce of size bytes: at its n/p-float segment,
 * then at the whole message. */
static void primitives(allreduce *ar, size_t size, pr_samples *out)
{
	static const pr_phase phases[] = {PR_PHASE_PINGPONG, PR_PHASE_SENDRECV,
					  PR_PHASE_REDUCE_LOCAL, PR_PHASE_COPY};
	int f = floats_of(size), seg = f / ar->rk->nranks;
	size_t m[2], k, i;

	m[0] = (size_t)(seg > 0 ? seg : 1) * 4;
	m[1] = (size_t)f * 4;
	for (k = 0; k < 2; k++) {
		if (k && m[1] == m[0])
			break;
		for (i = 0; i < sizeof(phases) / sizeof(phases[0]); i++)
			primitive(ar, phases[i], m[k], out);
	}
}

static int ar_run(void *ctx, int rep, int warmup, pr_samples *out)
{
	allreduce *ar = ctx;
	const size_t *order = ar->order;
	int64_t t0, t1;
	size_t i, size;

	/* timed rep t of size_order = rep: its own; warmup reps the launch's */
	if (ar->orders && !warmup)
		order = ar->orders +
			(size_t)(rep - ar->rk->plan->warmup) * ar->nsizes;
	for (i = 0; i < ar->nsizes; i++) {
		size = order[i];
		/* a result that was never written must not pass */
		ar->b[0] = ar->b[floats_of(size) - 1] = -1.0f;
		MPI_Barrier(MPI_COMM_WORLD);
		t0 = pr_timing_begin(out, PR_PHASE_ALLREDUCE);
		MPI_Allreduce(ar->a, ar->b, floats_of(size), MPI_FLOAT, MPI_SUM,
			      MPI_COMM_WORLD);
		t1 = pr_timing_end(out);
		pr_samples_add(out, PR_PHASE_ALLREDUCE, (int64_t)size, 0, t0,
			       t1);
		verify(ar, size);
		if (ar->rk->plan->interleave)
			primitives(ar, size, out);
	}
	return PR_OK;
}

/* Collective: every rank's every result was exact; a rank that saw a
 * wrong one fails with it. */
static int ar_check(void *ctx)
{
	allreduce *ar = ctx;

	MPI_Allreduce(&ar->err, &ar->max_err, 1, MPI_DOUBLE, MPI_MAX,
		      MPI_COMM_WORLD);
	ar->checked = 1;
	if (ar->err)
		return pr_rank_failf(PR_EFAIL, 0,
				     "allreduce of %zu bytes: the sum is not "
				     "%d * %g (relative error %.3g)",
				     ar->err_size, ar->rk->nranks,
				     (double)VALUE, ar->err);
	return PR_OK;
}

static int ar_report(void *ctx, json_t *root)
{
	allreduce *ar = ctx;

	json_object_set_new(root, "size_order",
			    order_json(ar->order, ar->nsizes));
	if (ar->orders) { /* one order per timed rep, the first the launch's */
		json_t *all = json_array();
		size_t t;

		for (t = 0; t < (size_t)ar->rk->plan->reps; t++)
			json_array_append_new(
			    all, order_json(ar->orders + t * ar->nsizes,
					    ar->nsizes));
		json_object_set_new(root, "size_orders", all);
	}
	/* kv-split's "verify", with no tolerance: sums of VALUE are exact */
	json_object_set_new(
	    root, "verify",
	    json_pack(
		"{s:b, s:o, s:b, s:f}", "done", ar->checked, "max_rel_err",
		isfinite(ar->max_err) ? json_real(ar->max_err) : json_null(),
		"ok", ar->checked && ar->max_err == 0.0, "tolerance", 0.0));
	return PR_OK;
}

static void ar_teardown(void *ctx)
{
	allreduce *ar = ctx;

	if (!ar)
		return;
	free(ar->order);
	free(ar->orders);
	free(ar->a);
	free(ar->b);
	free(ar);
}

const pr_workload pr_workload_allreduce = {
    .id = PR_WORKLOAD_ALLREDUCE,
    .setup = ar_setup,
    .run = ar_run,
    .check = ar_check,
    .report = ar_report,
    .teardown = ar_teardown,
};
