/* rowsplit.c - attention with the query rows split across ranks in given
 * shares, gathered to rank 0 by MPI_Gatherv (see workload.h) */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "runner/tensors.h"
#include "runner/workload.h"

typedef struct {
	const pr_rank *rk;
	const struct pr_backend *be;
	void *bctx;
	long rows, keys, d;
	long first, count; /* this rank's rows */
	/* backend memory; l lives right after o: ol = o (count x d), l */
	float *q, *k, *v, *ol, *m;
	float *ol_mpi;	      /* what MPI is given: a host copy of ol under
				 PR_STAGING_HOST, else ol */
	float *all;	      /* rank 0: the gathered o, rows x d */
	int *counts, *displs; /* rank 0: per rank, in floats */
	int checked;	      /* verification ran */
	double max_rel_err;
} rowsplit;

static pr_attention attention(const rowsplit *rs)
{
	return pr_tensor_attention(rs->rk, rs->q, rs->k, rs->v, rs->ol, rs->m,
				   rs->ol + rs->count * rs->d, rs->count,
				   rs->keys);
}

/* Staged through host memory for MPI (DESIGN 6.4). */
static int staged(const rowsplit *rs)
{
	return rs->rk->staging == PR_STAGING_HOST;
}

/* Rank 0's receive side: the whole output, counts and displacements. */
static int alloc_root(rowsplit *rs)
{
	const pr_plan *p = rs->rk->plan;
	long at = 0;
	int r, n = rs->rk->nranks;

	rs->all = malloc((size_t)(rs->rows * rs->d) * sizeof(float));
	rs->counts = malloc((size_t)n * sizeof(int));
	rs->displs = malloc((size_t)n * sizeof(int));
	if (!rs->all || !rs->counts || !rs->displs)
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot allocate the row-split output of "
				     "%ld rows, d %ld",
				     rs->rows, rs->d);
	memset(rs->all, 0, (size_t)(rs->rows * rs->d) * sizeof(float));
	for (r = 0; r < n; r++) {
		rs->counts[r] = (int)(p->rows_per_rank[r] * rs->d);
		rs->displs[r] = (int)(at * rs->d);
		at += p->rows_per_rank[r];
	}
	return PR_OK;
}

static int alloc_all(rowsplit *rs)
{
	long cd = rs->count * rs->d, kd = rs->keys * rs->d;

	rs->q = pr_tensor_alloc(rs->be, rs->bctx, cd);
	rs->k = pr_tensor_alloc(rs->be, rs->bctx, kd);
	rs->v = pr_tensor_alloc(rs->be, rs->bctx, kd);
	rs->ol = pr_tensor_alloc(rs->be, rs->bctx, cd + rs->count);
	rs->m = pr_tensor_alloc(rs->be, rs->bctx, rs->count);
	rs->ol_mpi = staged(rs)
			 ? malloc((size_t)(cd + rs->count + 1) * sizeof(float))
			 : rs->ol;
	if (!rs->q || !rs->k || !rs->v || !rs->ol || !rs->m || !rs->ol_mpi)
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot allocate row-split buffers for "
				     "%ld rows, %ld keys, d %ld",
				     rs->count, rs->keys, rs->d);
	return rs->rk->rank == 0 ? alloc_root(rs) : PR_OK;
}

/* o_i /= l_i for this rank's rows, in host memory. */
static void normalise(rowsplit *rs)
{
	float *o = rs->ol_mpi, *l = rs->ol_mpi + rs->count * rs->d;
	long i, t;

	for (i = 0; i < rs->count; i++)
		for (t = 0; t < rs->d; t++)
			o[i * rs->d + t] /= l[i];
}

/* The rows, normalised unless they are staged (to_host does it then). */
static int compute(rowsplit *rs)
{
	pr_attention a = attention(rs);

	if (rs->be->run_rows(rs->bctx, &a) < 0)
		return pr_rank_fail_backend(rs->rk, "run_rows");
	if (rs->rk->staging == PR_STAGING_DEVICE &&
	    rs->be->normalise(rs->bctx, rs->ol, rs->ol + rs->count * rs->d,
			      rs->count, rs->d) < 0)
		return pr_rank_fail_backend(rs->rk, "normalise");
	if (rs->be->sync(rs->bctx) < 0)
		return pr_rank_fail_backend(rs->rk, "run_rows");
	if (rs->rk->staging == PR_STAGING_NONE)
		normalise(rs);
	return PR_OK;
}

/* Backends whose memory is not host memory: o and l to host, then
 * normalised there. */
static int to_host(rowsplit *rs)
{
	size_t n = (size_t)(rs->count * (rs->d + 1)) * sizeof(float);

	if (rs->be->to_host(rs->bctx, rs->ol_mpi, rs->ol, n) < 0 ||
	    rs->be->sync(rs->bctx) < 0)
		return pr_rank_fail_backend(rs->rk, "to_host");
	normalise(rs);
	return PR_OK;
}

static int rs_setup(void **out, size_t *nsamples, const pr_rank *rk)
{
	rowsplit *rs = pr_calloc(1, sizeof(*rs));
	int error, r;

	*out = rs;
	rs->rk = rk;
	rs->be = rk->backend;
	rs->bctx = rk->bctx;
	rs->rows = rk->plan->rows;
	rs->keys = rk->plan->keys;
	rs->d = rk->plan->d;
	/* pr_plan_check saw to rows_per_rank and the shape */
	for (r = 0; r < rk->rank; r++)
		rs->first += rk->plan->rows_per_rank[r];
	rs->count = rk->plan->rows_per_rank[rk->rank];
	if ((error = alloc_all(rs)) < 0 ||
	    (error = pr_tensor_upload(rs->be, rs->bctx, rs->q, PR_TENSOR_Q,
				      rs->first * rs->d, rs->count * rs->d)) <
		0 ||
	    (error = pr_tensor_upload(rs->be, rs->bctx, rs->k, PR_TENSOR_K, 0,
				      rs->keys * rs->d)) < 0 ||
	    (error = pr_tensor_upload(rs->be, rs->bctx, rs->v, PR_TENSOR_V, 0,
				      rs->keys * rs->d)) < 0)
		return error;
	/* untimed first run: scratch, pages and caches */
	if ((error = compute(rs)) < 0 ||
	    (staged(rs) && (error = to_host(rs)) < 0))
		return error;
	*nsamples = 1 + pr_tensor_compute_samples(rk) + (size_t)staged(rs);
	return PR_OK;
}

static int rs_run(void *ctx, int rep, int warmup, pr_samples *out)
{
	rowsplit *rs = ctx;
	long n = rs->count * rs->d;
	int64_t t0, t1;

	(void)rep;
	(void)warmup;
	t0 = pr_timing_begin(out, PR_PHASE_COMPUTE);
	if (compute(rs) < 0)
		return PR_EFAIL;
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_COMPUTE, 0, rs->count, t0, t1);
	if (pr_tensor_device_sample(rs->rk, out, rs->count, t0) < 0)
		return PR_EFAIL;
	if (staged(rs)) {
		t0 = pr_timing_begin(out, PR_PHASE_TO_HOST);
		if (to_host(rs) < 0)
			return PR_EFAIL;
		t1 = pr_timing_end(out);
		pr_samples_add(out, PR_PHASE_TO_HOST, (n + rs->count) * 4,
			       rs->count, t0, t1);
	}
	pr_workload_sync(rs->rk->plan);
	t0 = pr_timing_begin(out, PR_PHASE_GATHERV);
	MPI_Gatherv(rs->ol_mpi, (int)n, MPI_FLOAT, rs->all, rs->counts,
		    rs->displs, MPI_FLOAT, 0, MPI_COMM_WORLD);
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_GATHERV, n * 4, rs->count, t0, t1);
	return PR_OK;
}

/*
 * The single-rank reference on the cpu backend, whatever this rank's:
 * every row against every key, o then l into host memory ref
 * (rows * (d + 1) floats).
 */
static int reference(float *ref, const rowsplit *rs)
{
	const struct pr_backend *be = pr_backend_find("cpu");
	long rd = rs->rows * rs->d, kd = rs->keys * rs->d;
	float *q = NULL, *k = NULL, *v = NULL, *ol = NULL, *m = NULL;
	void *bctx = NULL;
	char why[256] = "";
	pr_attention a;
	int error;

	if (!be || be->init(&bctx, -1, why, sizeof(why)) < 0) {
		error = pr_rank_failf(PR_EFAIL, 0,
				      "cannot set up the cpu backend for the "
				      "row-split reference: %s",
				      why[0] ? why : "not built");
		goto cleanup;
	}
	q = pr_tensor_alloc(be, bctx, rd);
	k = pr_tensor_alloc(be, bctx, kd);
	v = pr_tensor_alloc(be, bctx, kd);
	ol = pr_tensor_alloc(be, bctx, rd + rs->rows);
	m = pr_tensor_alloc(be, bctx, rs->rows);
	if (!q || !k || !v || !ol || !m) {
		error = pr_rank_failf(PR_EFAIL, 0,
				      "cannot allocate the row-split "
				      "reference");
		goto cleanup;
	}
	if ((error = pr_tensor_upload(be, bctx, q, PR_TENSOR_Q, 0, rd)) < 0 ||
	    (error = pr_tensor_upload(be, bctx, k, PR_TENSOR_K, 0, kd)) < 0 ||
	    (error = pr_tensor_upload(be, bctx, v, PR_TENSOR_V, 0, kd)) < 0)
		goto cleanup;
	a = (pr_attention){.q = q,
			   .k = k,
			   .v = v,
			   .o = ol,
			   .m = m,
			   .l = ol + rd,
			   .rows = rs->rows,
			   .keys = rs->keys,
			   .d = rs->d};
	if (be->run_rows(bctx, &a) < 0 || be->sync(bctx) < 0 ||
	    be->to_host(bctx, ref, ol,
			(size_t)(rd + rs->rows) * sizeof(float)) < 0 ||
	    be->sync(bctx) < 0) {
		error = pr_rank_failf(PR_EFAIL, 0,
				      "cpu: row-split reference run "
				      "failed");
		goto cleanup;
	}
	error = PR_OK;
cleanup:
	if (bctx) {
		pr_tensor_free(be, bctx, q);
		pr_tensor_free(be, bctx, k);
		pr_tensor_free(be, bctx, v);
		pr_tensor_free(be, bctx, ol);
		pr_tensor_free(be, bctx, m);
		be->fini(bctx);
	}
	return error;
}

static int rs_check(void *ctx)
{
	rowsplit *rs = ctx;
	float *ref = NULL;
	long rd = rs->rows * rs->d;
	int error;

	if (!rs->rk->plan->verify || rs->rk->rank != 0)
		return PR_OK;
	ref = malloc((size_t)(rd + rs->rows) * sizeof(float));
	if (!ref) {
		error = pr_rank_failf(PR_EFAIL, 0,
				      "cannot allocate the row-split "
				      "reference");
		goto cleanup;
	}
	if ((error = reference(ref, rs)) < 0)
		goto cleanup;
	rs->max_rel_err = pr_tensor_max_rel_err(rs->all, NULL, ref, ref + rd,
						rs->rows, rs->d);
	rs->checked = 1;
	if (!(rs->max_rel_err <= PR_TENSOR_TOLERANCE))
		error = pr_rank_failf(PR_EFAIL, PR_FAIL_ALL,
				      "row-split result differs from the "
				      "single-rank cpu reference: max "
				      "relative error %.3g > %g",
				      rs->max_rel_err, PR_TENSOR_TOLERANCE);
cleanup:
	free(ref);
	return error;
}

static int rs_report(void *ctx, json_t *root)
{
	rowsplit *rs = ctx;
	json_t *counts = json_array();
	int r;

	json_object_set_new(
	    root, "verify",
	    pr_tensor_verify_json(rs->checked, rs->max_rel_err));
	for (r = 0; r < rs->rk->nranks; r++)
		json_array_append_new(
		    counts,
		    json_integer((json_int_t)rs->rk->plan->rows_per_rank[r]));
	json_object_set_new(root, "rows_per_rank", counts);
	return PR_OK;
}

static void rs_teardown(void *ctx)
{
	rowsplit *rs = ctx;

	if (!rs)
		return;
	if (staged(rs))
		free(rs->ol_mpi);
	pr_tensor_free(rs->be, rs->bctx, rs->q);
	pr_tensor_free(rs->be, rs->bctx, rs->k);
	pr_tensor_free(rs->be, rs->bctx, rs->v);
	pr_tensor_free(rs->be, rs->bctx, rs->ol);
	pr_tensor_free(rs->be, rs->bctx, rs->m);
	free(rs->all);
	free(rs->counts);
	free(rs->displs);
	free(rs);
}

const pr_workload pr_workload_rowsplit = {
    .id = PR_WORKLOAD_ROW_SPLIT,
    .setup = rs_setup,
    .run = rs_run,
    .check = rs_check,
    .report = rs_report,
    .teardown = rs_teardown,
};
