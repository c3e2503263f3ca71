/* tensors.c - the attention workloads' inputs and their check */
#include "runner/tensors.h"

#include <math.h>
#include <stdlib.h>

#include "base/schedule.h"
#include "base/util.h"
#include "runner/rank.h"

/* The data are the same in every run and on every rank. */
#define TENSOR_SEED 0x7072657265670000ULL /* "prereg\0\0" */

float pr_tensor_value(int tensor, uint64_t index)
{
	uint64_t state = TENSOR_SEED ^ ((uint64_t)tensor << 56) ^ index;

	return (float)(pr_splitmix64(&state) >> 40) * 0x1p-23f - 1.0f;
}

float *pr_tensor_alloc(const struct pr_backend *be, void *bctx, long n)
{
	return be->alloc(bctx, (size_t)(n > 0 ? n : 1) * sizeof(float));
}

void pr_tensor_free(const struct pr_backend *be, void *bctx, float *p)
{
	if (p)
		be->free(bctx, p);
}

int pr_tensor_upload(const struct pr_backend *be, void *bctx, float *dst,
		     int tensor, long from, long n)
{
	float *h = malloc((size_t)(n ? n : 1) * sizeof(float));
	long i;
	int error;

	if (!h)
		return pr_rank_failf(PR_EFAIL, 0, "cannot allocate %ld floats",
				     n);
	for (i = 0; i < n; i++)
		h[i] = pr_tensor_value(tensor, (uint64_t)(from + i));
	error = be->to_device(bctx, dst, h, (size_t)n * sizeof(float));
	free(h);
	if (error < 0)
		return pr_rank_failf(
		    PR_EFAIL, 0, "%s: copy to device failed%s%s", be->name,
		    be->error ? ": " : "", be->error ? be->error(bctx) : "");
	return PR_OK;
}

double pr_tensor_max_rel_err(const float *got, const float *lgot,
			     const float *ref, const float *lref, long rows,
			     long d)
{
	double worst = 0, diff, scale, a, b, e;
	long i, t;

	for (i = 0; i < rows; i++) {
		diff = 0;
		scale = 0;
		for (t = 0; t < d; t++) {
			a = got[i * d + t];
			b = ref[i * d + t];
			if (lgot)
				a /= lgot[i];
			if (lref)
				b /= lref[i];
			diff = fmax(diff, fabs(a - b));
			scale = fmax(scale, fabs(b));
			if (!isfinite(a) || !isfinite(b))
				return INFINITY;
		}
		e = diff / fmax(scale, 1e-6);
		if (e > worst)
			worst = e;
	}
	return worst;
}

json_t *pr_tensor_verify_json(int done, double max_rel_err)
{
	if (!done)
		return json_pack("{s:b, s:n, s:n, s:f}", "done", 0,
				 "max_rel_err", "ok", "tolerance",
				 PR_TENSOR_TOLERANCE);
	return json_pack("{s:b, s:o, s:b, s:f}", "done", 1, "max_rel_err",
			 isfinite(max_rel_err) ? json_real(max_rel_err)
					       : json_null(),
			 "ok", max_rel_err <= PR_TENSOR_TOLERANCE, "tolerance",
			 PR_TENSOR_TOLERANCE);
}

pr_attention pr_tensor_attention(const pr_rank *rk, const float *q,
				 const float *k, const float *v, float *o,
				 float *m, float *l, long rows, long keys)
{
	pr_attention a = {.q = q,
			  .k = k,
			  .v = v,
			  .o = o,
			  .m = m,
			  .l = l,
			  .rows = rows,
			  .keys = keys,
			  .d = rk->plan->d,
			  .threads_per_block = rk->plan->threads_per_block,
			  .rows_per_block = rk->plan->rows_per_block,
			  .blocks_per_thread = rk->plan->blocks_per_thread};

	return a;
}

size_t pr_tensor_compute_samples(const pr_rank *rk)
{
	return rk->backend->device_ns ? 2 : 1;
}

int pr_tensor_device_sample(const pr_rank *rk, pr_samples *out, long rows,
			    int64_t t_start)
{
	int64_t ns = 0;

	if (!rk->backend->device_ns)
		return PR_OK;
	if (rk->backend->device_ns(rk->bctx, &ns) < 0)
		return pr_rank_fail_backend(rk, "device_ns");
	pr_samples_add(out, PR_PHASE_COMPUTE_DEVICE, 0, rows, t_start,
		       t_start + ns);
	return PR_OK;
}
