/* rowssweep.c - compute time against the number of query rows, every
 * rank on its own (see workload.h) */
#include <math.h>
#include <mpi.h>
#include <stdlib.h>

#include "base/schedule.h"
#include "runner/tensors.h"
#include "runner/workload.h"

typedef struct {
	const pr_rank *rk;
	const struct pr_backend *be;
	void *bctx;
	long keys, d, max_rows;
	long *order; /* rows values in visit order */
	size_t n;
	/* backend memory, for max_rows rows: ml holds m, then l */
	float *q, *k, *v, *o, *ml;
	int checked, ok; /* the sanity check ran; it passed on every rank */
} sweep;

/* The rows values in the order pr_schedule_permute gives for the seed. */
static void make_order(sweep *sw, const pr_plan *p)
{
	size_t *perm = pr_calloc((size_t)p->nrows_list, sizeof(size_t)), i;

	sw->n = (size_t)p->nrows_list;
	sw->order = pr_calloc(sw->n, sizeof(long));
	pr_schedule_permute(perm, sw->n, p->seed);
	for (i = 0; i < sw->n; i++) {
		sw->order[i] = p->rows_list[perm[i]];
		if (sw->order[i] > sw->max_rows)
			sw->max_rows = sw->order[i];
	}
	free(perm);
}

static pr_attention attention(const sweep *sw, long rows)
{
	return pr_tensor_attention(sw->rk, sw->q, sw->k, sw->v, sw->o, sw->ml,
				   sw->ml + sw->max_rows, rows, sw->keys);
}

static int alloc_all(sweep *sw)
{
	long kd = sw->keys * sw->d;

	sw->q = pr_tensor_alloc(sw->be, sw->bctx, sw->max_rows * sw->d);
	sw->k = pr_tensor_alloc(sw->be, sw->bctx, kd);
	sw->v = pr_tensor_alloc(sw->be, sw->bctx, kd);
	sw->o = pr_tensor_alloc(sw->be, sw->bctx, sw->max_rows * sw->d);
	sw->ml = pr_tensor_alloc(sw->be, sw->bctx, 2 * sw->max_rows);
	if (!sw->q || !sw->k || !sw->v || !sw->o || !sw->ml)
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot allocate rows-sweep buffers for "
				     "%ld rows, %ld keys, d %ld",
				     sw->max_rows, sw->keys, sw->d);
	return PR_OK;
}

/* n zeros into backend memory dst. */
static int zero(const sweep *sw, float *dst, long n)
{
	float *h = calloc((size_t)n, sizeof(float));
	int error = PR_OK;

	if (!h)
		return pr_rank_failf(PR_EFAIL, 0, "cannot allocate %ld floats",
				     n);
	if (sw->be->to_device(sw->bctx, dst, h, (size_t)n * sizeof(float)) <
		0 ||
	    sw->be->sync(sw->bctx) < 0)
		error = pr_rank_fail_backend(sw->rk, "to_device");
	free(h);
	return error;
}

static int sw_setup(void **out, size_t *nsamples, const pr_rank *rk)
{
	sweep *sw = pr_calloc(1, sizeof(*sw));
	pr_attention a;
	int error;

	*out = sw;
	sw->rk = rk;
	sw->be = rk->backend;
	sw->bctx = rk->bctx;
	sw->keys = rk->plan->keys;
	sw->d = rk->plan->d;
	make_order(sw, rk->plan);
	if ((error = alloc_all(sw)) < 0 ||
	    (error = pr_tensor_upload(sw->be, sw->bctx, sw->q, PR_TENSOR_Q, 0,
				      sw->max_rows * sw->d)) < 0 ||
	    (error = pr_tensor_upload(sw->be, sw->bctx, sw->k, PR_TENSOR_K, 0,
				      sw->keys * sw->d)) < 0 ||
	    (error = pr_tensor_upload(sw->be, sw->bctx, sw->v, PR_TENSOR_V, 0,
				      sw->keys * sw->d)) < 0)
		return error;
	/* outputs written once (pages in), then an untimed one-row run (the
	 * backend's scratch); the warmup reps warm the caches */
	if ((error = zero(sw, sw->o, sw->max_rows * sw->d)) < 0 ||
	    (error = zero(sw, sw->ml, 2 * sw->max_rows)) < 0)
		return error;
	a = attention(sw, 1);
	if (sw->be->run_rows(sw->bctx, &a) < 0 || sw->be->sync(sw->bctx) < 0)
		return pr_rank_fail_backend(rk, "run_rows");
	*nsamples = sw->n * pr_tensor_compute_samples(rk);
	return PR_OK;
}

static int sw_run(void *ctx, int rep, int warmup, pr_samples *out)
{
	sweep *sw = ctx;
	pr_attention a = attention(sw, 0);
	int64_t t0, t1;
	size_t i;

	(void)rep;
	(void)warmup;
	for (i = 0; i < sw->n; i++) {
		a.rows = sw->order[i];
		t0 = pr_timing_begin(out, PR_PHASE_COMPUTE);
		if (sw->be->run_rows(sw->bctx, &a) < 0 ||
		    sw->be->sync(sw->bctx) < 0)
			return pr_rank_fail_backend(sw->rk, "run_rows");
		t1 = pr_timing_end(out);
		pr_samples_add(out, PR_PHASE_COMPUTE, 0, a.rows, t0, t1);
		if (pr_tensor_device_sample(sw->rk, out, a.rows, t0) < 0)
			return PR_EFAIL;
	}
	return PR_OK;
}

/* Every row of o, m and l finite, and l >= 1 (the largest term is 1). */
static int outputs_sane(const sweep *sw)
{
	long no = sw->max_rows * sw->d, nml = 2 * sw->max_rows, i;
	float *h = malloc((size_t)(no + nml) * sizeof(float));
	int ok = 0;

	if (!h)
		return 0;
	if (sw->be->to_host(sw->bctx, h, sw->o, (size_t)no * sizeof(float)) <
		0 ||
	    sw->be->to_host(sw->bctx, h + no, sw->ml,
			    (size_t)nml * sizeof(float)) < 0 ||
	    sw->be->sync(sw->bctx) < 0)
		goto cleanup;
	for (i = 0; i < no + nml && isfinite(h[i]); i++)
		;
	if (i < no + nml)
		goto cleanup;
	for (i = 0; i < sw->max_rows && h[no + sw->max_rows + i] >= 1.0f; i++)
		;
	ok = i == sw->max_rows;
cleanup:
	free(h);
	return ok;
}

/* Collective: the cheap sanity check, its verdict agreed by all ranks. */
static int sw_check(void *ctx)
{
	sweep *sw = ctx;
	int mine = outputs_sane(sw);

	MPI_Allreduce(&mine, &sw->ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	sw->checked = 1;
	if (!mine)
		return pr_rank_failf(PR_EFAIL, 0,
				     "%s: rows-sweep output of %ld rows is not "
				     "finite or has a row sum below 1",
				     sw->be->name, sw->max_rows);
	if (!sw->ok)
		return PR_EFAIL; /* the failing rank says why */
	return PR_OK;
}

static int sw_report(void *ctx, json_t *root)
{
	sweep *sw = ctx;
	json_t *order = json_array();
	size_t i;

	for (i = 0; i < sw->n; i++)
		json_array_append_new(order,
				      json_integer((json_int_t)sw->order[i]));
	json_object_set_new(root, "rows_order", order);
	json_object_set_new(
	    root, "sanity",
	    json_pack("{s:b, s:b, s:s}", "done", sw->checked, "ok", sw->ok,
		      "what",
		      "o, m and l of every row finite and l >= 1, on every "
		      "rank, after the last rep"));
	return PR_OK;
}

static void sw_teardown(void *ctx)
{
	sweep *sw = ctx;

	if (!sw)
		return;
	pr_tensor_free(sw->be, sw->bctx, sw->q);
	pr_tensor_free(sw->be, sw->bctx, sw->k);
	pr_tensor_free(sw->be, sw->bctx, sw->v);
	pr_tensor_free(sw->be, sw->bctx, sw->o);
	pr_tensor_free(sw->be, sw->bctx, sw->ml);
	free(sw->order);
	free(sw);
}

const pr_workload pr_workload_rowssweep = {
    .id = PR_WORKLOAD_ROWS_SWEEP,
    .setup = sw_setup,
    .run = sw_run,
    .check = sw_check,
    .report = sw_report,
    .teardown = sw_teardown,
};
