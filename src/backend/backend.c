/* backend.c - the table of device backends built into this binary; the
 * one place that knows which were */
#include "backend/backend.h"

#include <string.h>

#include "base/device.h"

/* The Makefile says why a GPU backend was left out (CUDA=0, no nvcc). */
#ifndef PR_CUDA_WHY_NOT
#define PR_CUDA_WHY_NOT "not built"
#endif
#ifndef PR_HIP_WHY_NOT
#define PR_HIP_WHY_NOT "not built"
#endif

extern const struct pr_backend pr_backend_cpu;
extern const struct pr_backend pr_backend_cpu_naive;
extern const struct pr_backend pr_backend_cpu_blocks;
#ifdef PR_HAVE_CUDA
extern const struct pr_backend pr_backend_cuda;
#endif
#ifdef PR_HAVE_HIP
extern const struct pr_backend pr_backend_hip;
#endif

static const struct pr_backend *const backends[] = {
    &pr_backend_cpu,  &pr_backend_cpu_naive, &pr_backend_cpu_blocks,
#ifdef PR_HAVE_CUDA
    &pr_backend_cuda,
#endif
#ifdef PR_HAVE_HIP
    &pr_backend_hip,
#endif
};

/* Why this build lacks each GPU kind of pr_device_gpu_kinds, NULL when
 * it has it. */
static const char *const why_not[PR_DEVICE_NGPU] = {
#ifndef PR_HAVE_CUDA
    [PR_DEVICE_CUDA] = PR_CUDA_WHY_NOT,
#endif
#ifndef PR_HAVE_HIP
    [PR_DEVICE_HIP] = PR_HIP_WHY_NOT,
#endif
};

#define NBACKENDS (sizeof(backends) / sizeof(backends[0]))

const struct pr_backend *pr_backend_find(const char *kind)
{
	size_t i;

	for (i = 0; i < NBACKENDS; i++)
		if (!strcmp(backends[i]->name, kind))
			return backends[i];
	return NULL;
}

const char *const *pr_backend_names(void)
{
	static const char *names[NBACKENDS + 1];
	size_t i;

	for (i = 0; i < NBACKENDS; i++)
		names[i] = backends[i]->name;
	return names;
}

const char *pr_backend_why_not(const char *kind)
{
	int k = pr_device_gpu_of(kind);

	return k < 0 ? NULL : why_not[k];
}
