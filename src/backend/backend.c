/* backend.c - the table of device backends built into this binary; the
 * one place that knows which were */
#include "backend.h"

#include <string.h>

extern const struct pr_backend pr_backend_cpu;
extern const struct pr_backend pr_backend_cpu_naive;
#ifdef PR_HAVE_CUDA
extern const struct pr_backend pr_backend_cuda;
#endif
#ifdef PR_HAVE_HIP
extern const struct pr_backend pr_backend_hip;
#endif

static const struct pr_backend *const backends[] = {
    &pr_backend_cpu,
    &pr_backend_cpu_naive,
#ifdef PR_HAVE_CUDA
    &pr_backend_cuda,
#endif
#ifdef PR_HAVE_HIP
    &pr_backend_hip,
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
