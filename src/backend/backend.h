/* backend.h - one vtable per device kind (cpu always; cuda, hip when built) */
#ifndef PR_BACKEND_H
#define PR_BACKEND_H

#include <stddef.h>
#include <stdint.h>

/* Launch settings a device backend uses when pr_attention leaves them 0. */
#define PR_THREADS_PER_BLOCK_DEFAULT 256
#define PR_ROWS_PER_BLOCK_DEFAULT 1
#define PR_BLOCKS_PER_THREAD_DEFAULT 1
#define PR_LAUNCH_MAX 1024 /* the largest of any */
/* The most worker threads of cpu-blocks:T. */
#define PR_BLOCKS_THREADS_MAX 256

/*
 * Attention problem for one rank: q is rows x d (all queries), k and v are
 * keys x d (this rank's slice). run_rows computes, for every query row i,
 *   s_ij = q_i . k_j / sqrt(d),  m_i = max_j s_ij,
 *   p_ij = exp(s_ij - m_i),      l_i = sum_j p_ij,
 *   o_i  = sum_j p_ij v_j        (not divided by l_i)
 * writing o (rows x d), m (rows) and l (rows). All pointers are the
 * backend's own (device) buffers.
 *
 * threads_per_block and rows_per_block are the launch geometry of device
 * backends: ceil(rows / rows_per_block) blocks of threads_per_block
 * threads, each block taking rows_per_block query rows one after another.
 * cpu-blocks reads rows_per_block and blocks_per_thread (the blocks each
 * of its worker threads holds in one wave) and ignores threads_per_block.
 * Each in [1, PR_LAUNCH_MAX], or 0 for the defaults above; cpu and
 * cpu-naive ignore them all.
 */
typedef struct {
	const float *q, *k, *v;
	float *o, *m, *l;
	long rows, keys, d;
	int threads_per_block, rows_per_block, blocks_per_thread;
} pr_attention;

/*
 * What a device is, for PREFIX.json and `prereg-rank --devices`. Strings
 * are "" and numbers -1 where the runtime did not say.
 */
typedef struct {
	char name[256];
	char arch[64];	     /* "sm_90", "gfx90a:sramecc+:xnack-" */
	char uuid[48];	     /* "GPU-5c4c...", "" when there is none */
	char pci_bus_id[32]; /* "0000:3b:00.0" */
	int32_t index;
	int32_t sm_count; /* streaming multiprocessors or compute units */
	int32_t max_threads_per_sm;
	int32_t threads_per_block; /* max_blocks_per_sm is for this block */
	int32_t shared_bytes;	   /* and this much dynamic shared memory */
	int32_t max_blocks_per_sm; /* of the attention kernel (occupancy) */
	int32_t driver_version, runtime_version; /* as the runtime encodes */
	int32_t clock_khz;
	int32_t mps; /* contexts go through MPS: 1 yes, 0 no, -1 unknown */
	int64_t memory_bytes;
} pr_device_info;

struct pr_backend {
	/* the device kind, matched whole: "cpu", "cpu-naive", "cuda" */
	const char *name;
	/* What N means in "KIND:N" when it is a parameter of the backend,
	 * not a device index ("worker threads" for cpu-blocks:T): then N is
	 * required, an integer in [1, param_max], and init gets it as its
	 * index. NULL for the others. */
	const char *param;
	int param_max;
	/* Buffers from alloc are ordinary host memory: MPI may use them
	 * directly and need not stage them through to_host. */
	int host_memory;
	/* Select device `index` (-1: none/any); fill why on failure. */
	int (*init)(void **ctx, int index, char *why, size_t whylen);
	void (*fini)(void *ctx);
	void *(*alloc)(void *ctx, size_t bytes);
	void (*free)(void *ctx, void *p);
	int (*to_device)(void *ctx, void *dst, const void *src, size_t bytes);
	int (*to_host)(void *ctx, void *dst, const void *src, size_t bytes);
	int (*sync)(void *ctx);
	/* Queue the computation; it is done after sync. */
	int (*run_rows)(void *ctx, const pr_attention *a);
	/* One line describing the device, e.g. "cpu: Intel Xeon ..., 2 cores".
	 */
	int (*describe)(void *ctx, char *buf, size_t len);

	/*
	 * The rest is for device backends; host backends leave it NULL.
	 *
	 * device_count: devices this process sees; no context needed, and
	 * safe before MPI_Init. On failure *out is 0 and why holds the
	 * runtime's words: "cudaGetDeviceCount: cudaErrorNoDevice: no
	 * CUDA-capable device is detected".
	 */
	int (*device_count)(int *out, char *why, size_t whylen);
	/* device_info: facts about device index, with the occupancy of the
	 * attention kernel at threads_per_block (0: default) for `keys`
	 * keys. No context needed; the parts the runtime refuses stay
	 * unknown. It fails when the device is not there, with
	 * driver_version and runtime_version filled all the same. */
	int (*device_info)(pr_device_info *out, int index,
			   int threads_per_block, long keys, char *why,
			   size_t whylen);
	/* device_ns: the attention kernel of the last run_rows as timed by
	 * the device's own events, in nanoseconds; call it after sync. */
	int (*device_ns)(void *ctx, int64_t *out);
	/* normalise: o_i /= l_i for every row, in device memory. */
	int (*normalise)(void *ctx, float *o, const float *l, long rows,
			 long d);
	/* rescale: o_i and l_i times exp(m_i - m_all_i), in device memory. */
	int (*rescale)(void *ctx, float *o, float *l, const float *m,
		       const float *m_all, long rows, long d);
	/* error: why the last call on ctx failed, "" when unknown. Borrowed,
	 * valid until the next call on ctx. */
	const char *(*error)(void *ctx);
};

/* The backend for a device kind ("cpu", "cpu-naive"), compared as a
 * whole string, or NULL when not built, or (hip) when its library
 * (PR_HIP_PLUGIN beside the binary) cannot be loaded: pr_backend_why_not
 * says why then. */
const struct pr_backend *pr_backend_find(const char *kind);

/* Names of the backends built into this binary, NULL-terminated. */
const char *const *pr_backend_names(void);

/* Is kind among pr_backend_names (built, whether or not it loads)? */
int pr_backend_built(const char *kind);

/*
 * Why a GPU kind (base/device.h's pr_device_gpu_kinds) is not in this
 * build: "nvcc not found at build time", "CUDA=0 at build time", or why
 * its library did not load ("cannot load .../prereg-rank-hip.so: ...").
 * NULL for a kind that is built (and loaded, once pr_backend_find tried)
 * or that no build of prereg has.
 */
const char *pr_backend_why_not(const char *kind);

#endif
