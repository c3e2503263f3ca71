/* dpstep.c - a data-parallel training step: each rank's compute, then
 * the Allreduce of a fused gradient buffer (see workload.h) */
#include <mpi.h>
#include <stdlib.h>

#include "runner/arrivals.h"
#include "runner/tensors.h"
#include "runner/workload.h"

typedef struct {
	pr_arrivals ar;
	const pr_rank *rk;
	const struct pr_backend *be;
	void *bctx;
	long rows, keys, d;	   /* dp_compute rows: this rank's rows */
	float *q, *k, *v, *o, *ml; /* backend memory */
} dpstep;

static pr_attention attention(const dpstep *dp)
{
	return pr_tensor_attention(dp->rk, dp->q, dp->k, dp->v, dp->o, dp->ml,
				   dp->ml + dp->rows, dp->rows, dp->keys);
}

/* The kernel of dp_compute rows on this rank's rows, synced. */
static int kernel(const dpstep *dp)
{
	pr_attention a = attention(dp);

	if (dp->be->run_rows(dp->bctx, &a) < 0 || dp->be->sync(dp->bctx) < 0)
		return pr_rank_fail_backend(dp->rk, "run_rows");
	return PR_OK;
}

/* dp_compute rows: q (rows x d), k and v (keys x d) as for rows-sweep,
 * then one untimed run (scratch, pages). */
static int setup_rows(dpstep *dp)
{
	long kd;
	int error;

	dp->rows = dp->rk->plan->rows_per_rank[dp->rk->rank];
	dp->keys = dp->rk->plan->keys;
	dp->d = dp->rk->plan->d;
	kd = dp->keys * dp->d;
	dp->q = pr_tensor_alloc(dp->be, dp->bctx, dp->rows * dp->d);
	dp->k = pr_tensor_alloc(dp->be, dp->bctx, kd);
	dp->v = pr_tensor_alloc(dp->be, dp->bctx, kd);
	dp->o = pr_tensor_alloc(dp->be, dp->bctx, dp->rows * dp->d);
	dp->ml = pr_tensor_alloc(dp->be, dp->bctx, 2 * dp->rows);
	if (!dp->q || !dp->k || !dp->v || !dp->o || !dp->ml)
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot allocate dp-step buffers for %ld "
				     "rows, %ld keys, d %ld",
				     dp->rows, dp->keys, dp->d);
	if ((error = pr_tensor_upload(dp->be, dp->bctx, dp->q, PR_TENSOR_Q, 0,
				      dp->rows * dp->d)) < 0 ||
	    (error = pr_tensor_upload(dp->be, dp->bctx, dp->k, PR_TENSOR_K, 0,
				      kd)) < 0 ||
	    (error = pr_tensor_upload(dp->be, dp->bctx, dp->v, PR_TENSOR_V, 0,
				      kd)) < 0)
		return error;
	return kernel(dp);
}

static int dp_setup(void **out, size_t *nsamples, const pr_rank *rk)
{
	dpstep *dp = pr_calloc(1, sizeof(*dp));
	int error;

	*out = dp;
	dp->rk = rk;
	dp->be = rk->backend;
	dp->bctx = rk->bctx;
	if ((error = pr_arrivals_setup(&dp->ar, rk)) < 0 ||
	    (!rk->plan->dp_compute_pattern && (error = setup_rows(dp)) < 0))
		return error;
	/* per size: compute (and compute_device), allreduce, step */
	*nsamples = dp->ar.nsizes * (2 + (rk->plan->dp_compute_pattern
					      ? 1
					      : pr_tensor_compute_samples(rk)));
	return PR_OK;
}

/* One training step with the fused buffer of size bytes. */
static int step(dpstep *dp, size_t size, int64_t delay, int rep,
		pr_samples *out)
{
	pr_arrivals *ar = &dp->ar;
	int64_t t_step, t0, t1;

	ar->b[0] = ar->b[pr_arrivals_floats(size) - 1] = -1.0f;
	MPI_Barrier(MPI_COMM_WORLD);
	t_step = t0 = pr_timing_begin(out, PR_PHASE_COMPUTE);
	if (dp->rk->plan->dp_compute_pattern)
		pr_arrivals_sleep(delay);
	else if (kernel(dp) < 0)
		return PR_EFAIL;
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_COMPUTE, (int64_t)size, dp->rows, t0, t1);
	if (!dp->rk->plan->dp_compute_pattern &&
	    pr_tensor_device_sample(dp->rk, out, dp->rows, t0) < 0)
		return PR_EFAIL;
	t0 = pr_timing_begin(out, PR_PHASE_ALLREDUCE);
	if (pr_arrivals_allreduce(ar, size) < 0)
		return PR_EFAIL;
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_ALLREDUCE, (int64_t)size, 0, t0, t1);
	pr_samples_add(out, PR_PHASE_STEP, (int64_t)size, dp->rows, t_step, t1);
	pr_arrivals_verify(ar, size, rep);
	return PR_OK;
}

static int dp_run(void *ctx, int rep, int warmup, pr_samples *out)
{
	dpstep *dp = ctx;
	int64_t d = pr_arrivals_delay(&dp->ar, rep);
	size_t i;

	(void)warmup;
	for (i = 0; i < dp->ar.nsizes; i++)
		if (step(dp, dp->ar.order[i], d, rep, out) < 0)
			return PR_EFAIL;
	return PR_OK;
}

static int dp_check(void *ctx)
{
	dpstep *dp = ctx;

	return pr_arrivals_check(&dp->ar);
}

static int dp_report(void *ctx, json_t *root)
{
	dpstep *dp = ctx;

	json_object_set_new(
	    root, "dp_compute",
	    json_string(dp->rk->plan->dp_compute_pattern ? "pattern" : "rows"));
	return pr_arrivals_report(&dp->ar, root);
}

static void dp_teardown(void *ctx)
{
	dpstep *dp = ctx;

	if (!dp)
		return;
	pr_arrivals_free(&dp->ar);
	pr_tensor_free(dp->be, dp->bctx, dp->q);
	pr_tensor_free(dp->be, dp->bctx, dp->k);
	pr_tensor_free(dp->be, dp->bctx, dp->v);
	pr_tensor_free(dp->be, dp->bctx, dp->o);
	pr_tensor_free(dp->be, dp->bctx, dp->ml);
	free(dp);
}

const pr_workload pr_workload_dpstep = {
    .id = PR_WORKLOAD_DP_STEP,
    .setup = dp_setup,
    .run = dp_run,
    .check = dp_check,
    .report = dp_report,
    .teardown = dp_teardown,
};
