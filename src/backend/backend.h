/* backend.h - one vtable per device kind (cpu always; cuda, hip when built) */
#ifndef PR_BACKEND_H
#define PR_BACKEND_H

#include <stddef.h>

/*
 * Attention problem for one rank: q is rows x d (all queries), k and v are
 * keys x d (this rank's slice). run_rows computes, for every query row i,
 *   s_ij = q_i . k_j / sqrt(d),  m_i = max_j s_ij,
 *   p_ij = exp(s_ij - m_i),      l_i = sum_j p_ij,
 *   o_i  = sum_j p_ij v_j        (not divided by l_i)
 * writing o (rows x d), m (rows) and l (rows). All pointers are the
 * backend's own (device) buffers.
 */
typedef struct {
	const float *q, *k, *v;
	float *o, *m, *l;
	long rows, keys, d;
} pr_attention;

struct pr_backend {
	/* the device kind, matched whole: "cpu", "cpu-naive", "cuda" */
	const char *name;
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
	int (*run_rows)(void *ctx, const pr_attention *a);
	/* One line describing the device, e.g. "cpu: Intel Xeon ..., 2 cores".
	 */
	int (*describe)(void *ctx, char *buf, size_t len);
};

/* The backend for a device kind ("cpu", "cpu-naive"), compared as a
 * whole string, or NULL when not built. */
const struct pr_backend *pr_backend_find(const char *kind);

/* Names of the backends built into this binary, NULL-terminated. */
const char *const *pr_backend_names(void);

#endif
