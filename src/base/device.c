/* device.c - a rank group's device string, KIND or KIND:SEL, parsed once */
#include "base/device.h"

#include <string.h>

#include "base/util.h"

const char *const pr_device_gpu_kinds[] = {[PR_DEVICE_CUDA] = "cuda",
					   [PR_DEVICE_HIP] = "hip",
					   [PR_DEVICE_NGPU] = NULL};

int pr_device_gpu_of(const char *kind)
{
	int k;

	for (k = 0; kind && k < PR_DEVICE_NGPU; k++)
		if (!strcmp(pr_device_gpu_kinds[k], kind))
			return k;
	return -1;
}

/* SEL as '*' (*n = -1) or decimal digits up to PR_DEVICE_N_MAX. */
static int parse_selector(long *n, const char *sel)
{
	*n = -1;
	if (!strcmp(sel, "*"))
		return PR_OK;
	if (!*sel)
		return PR_EINPUT;
	for (*n = 0; *sel; sel++) {
		if (*sel < '0' || *sel > '9')
			return PR_EINPUT;
		*n = *n * 10 + (*sel - '0');
		if (*n > PR_DEVICE_N_MAX)
			return PR_EINPUT;
	}
	return PR_OK;
}

int pr_device_parse(pr_device *out, const char *device)
{
	const char *colon = strchr(device, ':');
	size_t len = colon ? (size_t)(colon - device) : strlen(device);
	long n = -1;

	memset(out, 0, sizeof(*out));
	out->n = -1;
	if (len == 0 || len >= sizeof(out->kind))
		return PR_EINPUT;
	memcpy(out->kind, device, len);
	out->has_sel = colon != NULL;
	if (colon && parse_selector(&n, colon + 1) < 0)
		return PR_EINPUT;
	out->any = colon && n < 0;
	out->n = n;
	return PR_OK;
}

const char *pr_device_gpu_kind(const char *device)
{
	pr_device d;
	int k;

	if (pr_device_parse(&d, device) < 0 || !d.has_sel ||
	    (k = pr_device_gpu_of(d.kind)) < 0)
		return NULL;
	return pr_device_gpu_kinds[k];
}

int pr_device_star_is_sel(const char *entry, const char *star)
{
	return star > entry && star[-1] == ':' && strchr(entry, '*') == star;
}

int pr_device_blocks_threads(const char *device)
{
	pr_device d;

	if (pr_device_parse(&d, device) < 0 || strcmp(d.kind, "cpu-blocks") ||
	    d.n < 1)
		return 0;
	return (int)d.n;
}
