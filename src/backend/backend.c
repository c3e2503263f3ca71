/* backend.c - the table of device backends built into this binary; the
 * one place that knows which were, and where the HIP one is loaded from */
#include "backend/backend.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/device.h"

/* The Makefile says why a GPU backend was left out (CUDA=0, no nvcc). */
#ifndef PR_CUDA_WHY_NOT
#define PR_CUDA_WHY_NOT "not built"
#endif
#ifndef PR_HIP_WHY_NOT
#define PR_HIP_WHY_NOT "not built"
#endif
/* The HIP backend's library, in the directory of prereg-rank (the
 * Makefile's $(BIN)/prereg-rank-hip.so). */
#define PR_HIP_PLUGIN "prereg-rank-hip.so"

extern const struct pr_backend pr_backend_cpu;
extern const struct pr_backend pr_backend_cpu_naive;
extern const struct pr_backend pr_backend_cpu_blocks;
#ifdef PR_HAVE_CUDA
extern const struct pr_backend pr_backend_cuda;
#endif

static const struct pr_backend *const backends[] = {
    &pr_backend_cpu,
    &pr_backend_cpu_naive,
    &pr_backend_cpu_blocks,
#ifdef PR_HAVE_CUDA
    &pr_backend_cuda,
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

#ifdef PR_HAVE_HIP
/* Why the HIP backend did not load, "" until it was tried or when it did. */
static char hip_why[PATH_MAX + 256];

/*
 * The HIP backend, from PR_HIP_PLUGIN beside this binary, loaded on its
 * first use. It is a library of its own because ROCm's runtime does work
 * when it is loaded (libhsa-runtime64's constructors time the clock in a
 * loop: 20 ms of CPU in every process, a CPU-only rank's included); NULL
 * with hip_why set when it cannot be loaded.
 */
static const struct pr_backend *hip_backend(void)
{
	static const struct pr_backend *be;
	static int tried;
	char exe[PATH_MAX], path[PATH_MAX + 64];
	ssize_t n;
	char *slash;
	void *h;

	if (tried)
		return be;
	tried = 1;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = '\0';
	if (!(slash = strrchr(exe, '/'))) {
		snprintf(hip_why, sizeof(hip_why),
			 "cannot find this binary's directory to load %s",
			 PR_HIP_PLUGIN);
		return NULL;
	}
	snprintf(path, sizeof(path), "%.*s/%s", (int)(slash - exe), exe,
		 PR_HIP_PLUGIN);
	if (!(h = dlopen(path, RTLD_NOW | RTLD_LOCAL)))
		snprintf(hip_why, sizeof(hip_why), "cannot load %s: %s", path,
			 dlerror());
	else if (!(be = (const struct pr_backend *)dlsym(h, "pr_backend_hip")))
		snprintf(hip_why, sizeof(hip_why), "%s holds no pr_backend_hip",
			 path);
	return be;
}
#endif

const struct pr_backend *pr_backend_find(const char *kind)
{
	size_t i;

	for (i = 0; i < NBACKENDS; i++)
		if (!strcmp(backends[i]->name, kind))
			return backends[i];
#ifdef PR_HAVE_HIP
	if (!strcmp(kind, "hip"))
		return hip_backend();
#endif
	return NULL;
}

const char *const *pr_backend_names(void)
{
	static const char *names[NBACKENDS + 2];
	size_t i;

	for (i = 0; i < NBACKENDS; i++)
		names[i] = backends[i]->name;
#ifdef PR_HAVE_HIP
	names[i] = "hip";
#endif
	return names;
}

int pr_backend_built(const char *kind)
{
	const char *const *n;

	for (n = pr_backend_names(); *n; n++)
		if (!strcmp(*n, kind))
			return 1;
	return 0;
}

const char *pr_backend_why_not(const char *kind)
{
	int k = pr_device_gpu_of(kind);

#ifdef PR_HAVE_HIP
	if (k == PR_DEVICE_HIP)
		return hip_why[0] ? hip_why : NULL;
#endif
	return k < 0 ? NULL : why_not[k];
}
