/* attention_kernel.h - the attention kernels, written once; compiled by
 * nvcc (through cuda.cu) and by hipcc (through hip.hip). Device code uses
 * only what both dialects share: __global__, __shared__, __syncthreads,
 * threadIdx/blockIdx/blockDim/gridDim, expf/fmaxf. No warp intrinsics: a
 * warp is 32 threads on NVIDIA, 64 on gfx908/gfx90a, and HIP 5.2 lacks the
 * *_sync shuffles.
 *
 * pr_attn_rows, the contract of backend.h's run_rows: a grid of
 * ceil(rows / rows_per_block) blocks of blockDim.x threads (any count in
 * [1, 1024]); block b takes query rows b * rows_per_block onwards, one
 * after another. For each row i the threads stride over the keys:
 *   s_ij = q_i . k_j * scale     (kept in dynamic shared memory)
 *   m_i = max_j s_ij, p_ij = exp(s_ij - m_i), l_i = sum_j p_ij
 * then over the d columns: o_i = sum_j p_ij v_j (not divided by l_i).
 * Dynamic shared memory: (keys + blockDim.x) floats, the scores of one row
 * and the reduction's scratch, the same for any rows_per_block.
 */
#ifndef PR_ATTENTION_KERNEL_H
#define PR_ATTENTION_KERNEL_H

#include <math.h>

/* Shared memory a launch of pr_attn_rows needs. */
#define PR_ATTN_SHARED_BYTES(keys, threads)                                    \
	(((size_t)(keys) + (size_t)(threads)) * sizeof(float))

/* Internal linkage: cuda.cu and hip.hip are linked into one binary, and
 * their kernels' host stubs would otherwise clash (same mangled names). */
namespace
{

struct pr_max_op {
	__device__ float operator()(float a, float b) const
	{
		return fmaxf(a, b);
	}
};

struct pr_sum_op {
	__device__ float operator()(float a, float b) const
	{
		return a + b;
	}
};

/* Every thread's x combined by op, handed to every thread. red holds
 * blockDim.x floats; any block size: the threads past the largest power
 * of two fold into those below it first. */
template <typename Op> __device__ float pr_block_reduce(float x, float *red)
{
	unsigned t = threadIdx.x, n = blockDim.x, p = 1, s;
	Op op;

	while (p * 2 <= n)
		p *= 2;
	red[t] = x;
	__syncthreads();
	if (t >= p)
		red[t - p] = op(red[t - p], red[t]);
	__syncthreads();
	for (s = p / 2; s > 0; s >>= 1) {
		if (t < s)
			red[t] = op(red[t], red[t + s]);
		__syncthreads();
	}
	x = red[0];
	__syncthreads();
	return x;
}

/* One query row by the whole block; s holds keys floats. */
__device__ void pr_attn_row(const float *__restrict__ q,
			    const float *__restrict__ k,
			    const float *__restrict__ v, float *__restrict__ o,
			    float *__restrict__ m, float *__restrict__ l,
			    long row, long keys, long d, float scale, float *s,
			    float *red)
{
	const float *qi = q + row * d;
	float mx = -INFINITY, sum = 0, acc;
	long j, c, t;

	for (j = threadIdx.x; j < keys; j += blockDim.x) {
		const float *kj = k + j * d;

		acc = 0;
		for (t = 0; t < d; t++)
			acc += qi[t] * kj[t];
		s[j] = acc * scale;
		mx = fmaxf(mx, s[j]);
	}
	mx = pr_block_reduce<pr_max_op>(mx, red);
	for (j = threadIdx.x; j < keys; j += blockDim.x) {
		s[j] = expf(s[j] - mx);
		sum += s[j];
	}
	sum = pr_block_reduce<pr_sum_op>(sum, red); /* its barriers publish s */
	for (c = threadIdx.x; c < d; c += blockDim.x) {
		acc = 0;
		for (j = 0; j < keys; j++)
			acc += s[j] * v[j * d + c];
		o[row * d + c] = acc;
	}
	if (threadIdx.x == 0) {
		m[row] = mx;
		l[row] = sum;
	}
	__syncthreads(); /* s is read above before the next row writes it */
}

__global__ void pr_attn_rows(const float *__restrict__ q,
			     const float *__restrict__ k,
			     const float *__restrict__ v, float *__restrict__ o,
			     float *__restrict__ m, float *__restrict__ l,
			     long rows, long keys, long d, float scale,
			     int rows_per_block)
{
	extern __shared__ float pr_sh[];
	long row = (long)blockIdx.x * rows_per_block;
	long end = row + rows_per_block < rows ? row + rows_per_block : rows;

	for (; row < end; row++) /* the same trip count in every thread */
		pr_attn_row(q, k, v, o, m, l, row, keys, d, scale, pr_sh,
			    pr_sh + keys);
}

/* o_i /= l_i; blocks stride over the rows, threads over the columns. */
__global__ void pr_attn_normalise(float *__restrict__ o,
				  const float *__restrict__ l, long rows,
				  long d)
{
	long row, c;

	for (row = blockIdx.x; row < rows; row += gridDim.x)
		for (c = threadIdx.x; c < d; c += blockDim.x)
			o[row * d + c] /= l[row];
}

/* o_i and l_i times exp(m_i - m_all_i): partial sums brought to the global
 * row maxima (kv-split). */
__global__ void pr_attn_rescale(float *__restrict__ o, float *__restrict__ l,
				const float *__restrict__ m,
				const float *__restrict__ m_all, long rows,
				long d)
{
	long row, c;
	float f;

	for (row = blockIdx.x; row < rows; row += gridDim.x) {
		f = expf(m[row] - m_all[row]);
		for (c = threadIdx.x; c < d; c += blockDim.x)
			o[row * d + c] *= f;
		if (threadIdx.x == 0)
			l[row] *= f;
	}
}

} /* namespace */

#endif
