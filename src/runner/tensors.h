/* tensors.h - the attention workloads' inputs, the same on every rank and
 * in every run, and how their outputs are judged */
#ifndef PR_TENSORS_H
#define PR_TENSORS_H

#include <jansson.h>
#include <stdint.h>

#include "backend/backend.h"
#include "runner/rank.h"
#include "runner/timing.h"

/* Largest max relative error a verified output may have. */
#define PR_TENSOR_TOLERANCE 1e-4

/* The tensors: q is rows x d, k and v are keys x d, all row-major. */
enum { PR_TENSOR_Q = 1, PR_TENSOR_K = 2, PR_TENSOR_V = 3 };

/* Element index of tensor, in [-1, 1), exact in float (24 bits); a
 * function of a fixed seed, tensor and index only, whatever the split. */
float pr_tensor_value(int tensor, uint64_t index);

/* Backend memory for n floats (room for one at least, so that a rank with
 * no rows still has a buffer to point at), or NULL. */
float *pr_tensor_alloc(const struct pr_backend *be, void *bctx, long n);
/* Free p from pr_tensor_alloc; NULL is a no-op. */
void pr_tensor_free(const struct pr_backend *be, void *bctx, float *p);

/*
 * n elements of tensor, from element `from` on, into dst, memory of the
 * backend be (context bctx). Failures are recorded with pr_rank_failf.
 */
int pr_tensor_upload(const struct pr_backend *be, void *bctx, float *dst,
		     int tensor, long from, long n);

/*
 * Row-wise relative error in the max norm, the worst row: with a = got
 * and b = ref (rows x d, host memory), each row divided by lgot[i] and
 * lref[i] first when those are not NULL, row i scores max_t |a_it - b_it|
 * / max(max_t |b_it|, 1e-6). Each element is judged against its row's
 * scale, not its own magnitude: an output that cancels to near zero would
 * otherwise fail on float rounding alone. NaN or infinity anywhere gives
 * INFINITY.
 */
double pr_tensor_max_rel_err(const float *got, const float *lgot,
			     const float *ref, const float *lref, long rows,
			     long d);

/* PREFIX.json's "verify": {done, max_rel_err (null when not done or not
 * finite), ok, tolerance}; a new reference. */
json_t *pr_tensor_verify_json(int done, double max_rel_err);

/* The rank's attention problem of rows x keys over the given buffers,
 * with the plan's launch geometry. */
pr_attention pr_tensor_attention(const pr_rank *rk, const float *q,
				 const float *k, const float *v, float *o,
				 float *m, float *l, long rows, long keys);

/* Samples one compute step takes: compute, and compute_device where the
 * backend times its kernel itself (workload.h). */
size_t pr_tensor_compute_samples(const pr_rank *rk);

/*
 * After a timed run_rows and sync that started at t_start (host clock):
 * the compute_device sample, t_start to t_start + the kernel's device
 * time, where the backend has a device timer; nothing otherwise.
 * Failures are recorded with pr_rank_failf.
 */
int pr_tensor_device_sample(const pr_rank *rk, pr_samples *out, long rows,
			    int64_t t_start);

#endif
