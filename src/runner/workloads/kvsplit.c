/* kvsplit.c - attention with the keys split across ranks, recombined by
 * two MPI_Allreduce calls (see workload.h) */
#include <math.h>
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
	long first, count; /* this rank's keys */
	/* backend memory; l lives right after o: ol = o (rows x d), l */
	float *q, *k, *v, *ol, *m;
	float *ol_mpi, *m_mpi;	 /* what MPI is given: host copies of ol and m
				    under PR_STAGING_HOST, else ol and m */
	float *m_all;		 /* row maxima over all ranks, beside m_mpi */
	float *seg_in, *seg_acc; /* interleave: a ring step's receive buffer
				    and a reduction's target, n/p floats */
	int checked;		 /* verification ran */
	double max_rel_err;
} kvsplit;

/* Keys of rank r: as even as possible, the first ranks get the extra. */
static void split(long *first, long *count, long keys, int nranks, int r)
{
	long base = keys / nranks, extra = keys % nranks;

	*count = base + (r < extra);
	*first = r * base + (r < extra ? r : extra);
}

/* n elements of tensor from element `from` into backend memory dst. */
static int upload(const kvsplit *kv, float *dst, int tensor, long from, long n)
{
	return pr_tensor_upload(kv->be, kv->bctx, dst, tensor, from, n);
}

static float *balloc(const kvsplit *kv, long nfloats)
{
	return kv->be->alloc(kv->bctx, (size_t)nfloats * sizeof(float));
}

static pr_attention attention(const kvsplit *kv)
{
	return pr_tensor_attention(kv->rk, kv->q, kv->k, kv->v, kv->ol, kv->m,
				   kv->ol + kv->rows * kv->d, kv->rows,
				   kv->count);
}

/* Staged through host memory for MPI (DESIGN 6.4). */
static int staged(const kvsplit *kv)
{
	return kv->rk->staging == PR_STAGING_HOST;
}

static int alloc_all(kvsplit *kv)
{
	long rd = kv->rows * kv->d;

	kv->q = balloc(kv, rd);
	kv->k = balloc(kv, kv->count * kv->d);
	kv->v = balloc(kv, kv->count * kv->d);
	kv->ol = balloc(kv, rd + kv->rows);
	kv->m = balloc(kv, kv->rows);
	if (staged(kv)) {
		kv->ol_mpi = malloc((size_t)(rd + kv->rows) * sizeof(float));
		kv->m_mpi = malloc((size_t)kv->rows * sizeof(float));
	} else {
		kv->ol_mpi = kv->ol;
		kv->m_mpi = kv->m;
	}
	kv->m_all = kv->rk->staging == PR_STAGING_DEVICE
			? balloc(kv, kv->rows)
			: malloc((size_t)kv->rows * sizeof(float));
	if (!kv->q || !kv->k || !kv->v || !kv->ol || !kv->m || !kv->ol_mpi ||
	    !kv->m_mpi || !kv->m_all)
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot allocate kv-split buffers for %ld "
				     "rows, %ld keys, d %ld",
				     kv->rows, kv->count, kv->d);
	return PR_OK;
}

static int kv_setup(void **out, size_t *nsamples, const pr_rank *rk)
{
	kvsplit *kv = pr_calloc(1, sizeof(*kv));
	pr_attention a;
	int error;

	*out = kv;
	kv->rk = rk;
	kv->be = rk->backend;
	kv->bctx = rk->bctx;
	kv->rows = rk->plan->rows;
	kv->keys = rk->plan->keys;
	kv->d = rk->plan->d;
	split(&kv->first, &kv->count, kv->keys, rk->nranks, rk->rank);
	if ((error = alloc_all(kv)) < 0 ||
	    (error = upload(kv, kv->q, PR_TENSOR_Q, 0, kv->rows * kv->d)) < 0 ||
	    (error = upload(kv, kv->k, PR_TENSOR_K, kv->first * kv->d,
			    kv->count * kv->d)) < 0 ||
	    (error = upload(kv, kv->v, PR_TENSOR_V, kv->first * kv->d,
			    kv->count * kv->d)) < 0)
		return error;
	/* untimed first run: the backend allocates its scratch, pages and
	 * caches warm up */
	a = attention(kv);
	if (kv->be->run_rows(kv->bctx, &a) < 0 || kv->be->sync(kv->bctx) < 0)
		return pr_rank_fail_backend(rk, "run_rows");
	*nsamples = 3 + pr_tensor_compute_samples(rk) + (size_t)staged(kv);
	if (rk->plan->interleave) {
		long seg =
		    (kv->rows * (kv->d + 1) + rk->nranks - 1) / rk->nranks;

		kv->seg_in = calloc((size_t)seg, sizeof(float));
		kv->seg_acc = calloc((size_t)seg, sizeof(float));
		if (!kv->seg_in || !kv->seg_acc)
			return pr_rank_failf(PR_EFAIL, 0,
					     "cannot allocate two buffers of "
					     "%ld floats",
					     seg);
		*nsamples += 4;
	}
	return PR_OK;
}

/*
 * The primitives of a ring Allreduce of n floats from buf, as it runs
 * them: after an untimed barrier, one ring step (MPI_Sendrecv of the
 * n/p-float segment at buf to rank r+1, from r-1 into seg_in) and one
 * reduction of that segment (into seg_acc, leaving buf as it is).
 */
static void primitives(kvsplit *kv, const float *buf, long n, pr_samples *out)
{
	int p = kv->rk->nranks, r = kv->rk->rank;
	long seg = (n + p - 1) / p;
	int64_t t0, t1;

	MPI_Barrier(MPI_COMM_WORLD);
	t0 = pr_timing_begin(out, PR_PHASE_SENDRECV);
	MPI_Sendrecv(buf, (int)seg, MPI_FLOAT, (r + 1) % p, 2, kv->seg_in,
		     (int)seg, MPI_FLOAT, (r + p - 1) % p, 2, MPI_COMM_WORLD,
		     MPI_STATUS_IGNORE);
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_SENDRECV, seg * 4, 1, t0, t1);
	MPI_Barrier(MPI_COMM_WORLD);
	t0 = pr_timing_begin(out, PR_PHASE_REDUCE_LOCAL);
	MPI_Reduce_local(kv->seg_in, kv->seg_acc, (int)seg, MPI_FLOAT, MPI_SUM);
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_REDUCE_LOCAL, seg * 4, 1, t0, t1);
}

static int to_host(kvsplit *kv)
{
	size_t ol = (size_t)(kv->rows * (kv->d + 1)) * sizeof(float);

	if (kv->be->to_host(kv->bctx, kv->ol_mpi, kv->ol, ol) < 0 ||
	    kv->be->to_host(kv->bctx, kv->m_mpi, kv->m,
			    (size_t)kv->rows * sizeof(float)) < 0 ||
	    kv->be->sync(kv->bctx) < 0)
		return pr_rank_fail_backend(kv->rk, "to_host");
	return PR_OK;
}

/* Bring this rank's o and l to the global row maxima: on the device when
 * MPI reads device memory, else on the host. */
static int rescale(kvsplit *kv)
{
	float *o = kv->ol_mpi, *l = kv->ol_mpi + kv->rows * kv->d, f;
	long i, t;

	if (kv->rk->staging == PR_STAGING_DEVICE) {
		if (kv->be->rescale(kv->bctx, o, l, kv->m, kv->m_all, kv->rows,
				    kv->d) < 0 ||
		    kv->be->sync(kv->bctx) < 0)
			return pr_rank_fail_backend(kv->rk, "rescale");
		return PR_OK;
	}
	for (i = 0; i < kv->rows; i++) {
		f = expf(kv->m_mpi[i] - kv->m_all[i]);
		for (t = 0; t < kv->d; t++)
			o[i * kv->d + t] *= f;
		l[i] *= f;
	}
	return PR_OK;
}

static int kv_run(void *ctx, int rep, int warmup, pr_samples *out)
{
	kvsplit *kv = ctx;
	pr_attention a = attention(kv);
	long rows = kv->rows, n = rows * (kv->d + 1);
	int64_t t0, t1;

	(void)rep;
	(void)warmup;
	t0 = pr_timing_begin(out, PR_PHASE_COMPUTE);
	if (kv->be->run_rows(kv->bctx, &a) < 0 || kv->be->sync(kv->bctx) < 0)
		return pr_rank_fail_backend(kv->rk, "run_rows");
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_COMPUTE, 0, rows, t0, t1);
	if (pr_tensor_device_sample(kv->rk, out, rows, t0) < 0)
		return PR_EFAIL;
	if (staged(kv)) {
		t0 = pr_timing_begin(out, PR_PHASE_TO_HOST);
		if (to_host(kv) < 0)
			return PR_EFAIL;
		t1 = pr_timing_end(out);
		pr_samples_add(out, PR_PHASE_TO_HOST, (n + rows) * 4, rows, t0,
			       t1);
	}
	pr_workload_sync(kv->rk->plan);
	t0 = pr_timing_begin(out, PR_PHASE_ALLREDUCE_SMALL);
	MPI_Allreduce(kv->m_mpi, kv->m_all, (int)rows, MPI_FLOAT, MPI_MAX,
		      MPI_COMM_WORLD);
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_ALLREDUCE_SMALL, rows * 4, 0, t0, t1);
	t0 = pr_timing_begin(out, PR_PHASE_RESCALE);
	if (rescale(kv) < 0)
		return PR_EFAIL;
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_RESCALE, 0, rows, t0, t1);
	pr_workload_sync(kv->rk->plan);
	t0 = pr_timing_begin(out, PR_PHASE_ALLREDUCE);
	MPI_Allreduce(MPI_IN_PLACE, kv->ol_mpi, (int)n, MPI_FLOAT, MPI_SUM,
		      MPI_COMM_WORLD);
	t1 = pr_timing_end(out);
	pr_samples_add(out, PR_PHASE_ALLREDUCE, n * 4, 0, t0, t1);
	if (kv->rk->plan->interleave) {
		primitives(kv, kv->m_mpi, rows, out);
		primitives(kv, kv->ol_mpi, n, out);
	}
	return PR_OK;
}

/*
 * The single-rank reference, all keys on this rank's backend: o then l,
 * like ol, into host memory ref (rows * (d + 1) floats).
 */
static int reference(float *ref, const kvsplit *kv)
{
	long rd = kv->rows * kv->d, kd = kv->keys * kv->d;
	float *k = balloc(kv, kd), *v = balloc(kv, kd);
	float *ol = balloc(kv, rd + kv->rows), *m = balloc(kv, kv->rows);
	pr_attention a = pr_tensor_attention(kv->rk, kv->q, k, v, ol, m,
					     ol + rd, kv->rows, kv->keys);
	int error;

	if (!k || !v || !ol || !m) {
		error = pr_rank_failf(PR_EFAIL, 0,
				      "cannot allocate the kv-split "
				      "reference");
		goto cleanup;
	}
	if ((error = upload(kv, k, PR_TENSOR_K, 0, kd)) < 0 ||
	    (error = upload(kv, v, PR_TENSOR_V, 0, kd)) < 0)
		goto cleanup;
	if (kv->be->run_rows(kv->bctx, &a) < 0 || kv->be->sync(kv->bctx) < 0 ||
	    kv->be->to_host(kv->bctx, ref, ol,
			    (size_t)(rd + kv->rows) * sizeof(float)) < 0 ||
	    kv->be->sync(kv->bctx) < 0) {
		error = pr_rank_fail_backend(kv->rk, "the reference run");
		goto cleanup;
	}
	error = PR_OK;
cleanup:
	if (k)
		kv->be->free(kv->bctx, k);
	if (v)
		kv->be->free(kv->bctx, v);
	if (ol)
		kv->be->free(kv->bctx, ol);
	if (m)
		kv->be->free(kv->bctx, m);
	return error;
}

static int kv_check(void *ctx)
{
	kvsplit *kv = ctx;
	size_t n = (size_t)(kv->rows * (kv->d + 1));
	float *ref = NULL, *got = NULL, *res = kv->ol_mpi;
	int error;

	if (!kv->rk->plan->verify || kv->rk->rank != 0)
		return PR_OK;
	ref = malloc(n * sizeof(float));
	if (kv->rk->staging == PR_STAGING_DEVICE)
		res = got = malloc(n * sizeof(float));
	if (!ref || !res) {
		error = pr_rank_failf(PR_EFAIL, 0,
				      "cannot allocate the kv-split "
				      "reference");
		goto cleanup;
	}
	if (got &&
	    (kv->be->to_host(kv->bctx, got, kv->ol, n * sizeof(float)) < 0 ||
	     kv->be->sync(kv->bctx) < 0)) {
		error = pr_rank_fail_backend(kv->rk, "to_host");
		goto cleanup;
	}
	if ((error = reference(ref, kv)) < 0)
		goto cleanup;
	kv->max_rel_err =
	    pr_tensor_max_rel_err(res, res + kv->rows * kv->d, ref,
				  ref + kv->rows * kv->d, kv->rows, kv->d);
	kv->checked = 1;
	if (!(kv->max_rel_err <= PR_TENSOR_TOLERANCE))
		error = pr_rank_failf(PR_EFAIL, PR_FAIL_ALL,
				      "kv-split result differs from the "
				      "single-rank reference: max relative "
				      "error %.3g > %g",
				      kv->max_rel_err, PR_TENSOR_TOLERANCE);
cleanup:
	free(ref);
	free(got);
	return error;
}

static int kv_report(void *ctx, json_t *root)
{
	kvsplit *kv = ctx;
	json_t *keys = json_array();
	long first, count;
	int r;

	json_object_set_new(
	    root, "verify",
	    pr_tensor_verify_json(kv->checked, kv->max_rel_err));
	for (r = 0; r < kv->rk->nranks; r++) {
		split(&first, &count, kv->keys, kv->rk->nranks, r);
		json_array_append_new(keys,
				      json_pack("{s:i, s:I, s:I}", "rank", r,
						"first", (json_int_t)first,
						"count", (json_int_t)count));
	}
	json_object_set_new(root, "key_split", keys);
	return PR_OK;
}

static void kv_teardown(void *ctx)
{
	kvsplit *kv = ctx;
	float *mem[5];
	size_t i;

	if (!kv)
		return;
	mem[0] = kv->q;
	mem[1] = kv->k;
	mem[2] = kv->v;
	mem[3] = kv->ol;
	mem[4] = kv->m;
	for (i = 0; i < 5; i++)
		if (mem[i])
			kv->be->free(kv->bctx, mem[i]);
	if (staged(kv)) {
		free(kv->ol_mpi);
		free(kv->m_mpi);
	}
	if (kv->rk->staging == PR_STAGING_DEVICE)
		pr_tensor_free(kv->be, kv->bctx, kv->m_all);
	else
		free(kv->m_all);
	free(kv->seg_in);
	free(kv->seg_acc);
	free(kv);
}

const pr_workload pr_workload_kvsplit = {
    .id = PR_WORKLOAD_KV_SPLIT,
    .setup = kv_setup,
    .run = kv_run,
    .check = kv_check,
    .report = kv_report,
    .teardown = kv_teardown,
};
