/* devices.c - refuse a run whose rank groups need GPUs this host lacks
 * (DESIGN 3, `prereg run`) */
#include "run/devices.h"

#include <stdio.h>

#include "base/device.h"
#include "base/host.h"
#include "base/util.h"

/* Devices of gpu kind k that group g needs: its index + 1, or 1 for
 * KIND:*; 0 for a CPU group. */
static long needed(const pr_group *g, int *kind)
{
	pr_device d;

	*kind = -1;
	if (pr_device_parse(&d, g->device) < 0 ||
	    (*kind = pr_device_gpu_of(d.kind)) < 0)
		return 0;
	return d.any || d.n < 0 ? 1 : d.n + 1;
}

static int refuse(const pr_spec *spec, int gi, int kind, long count,
		  const char *why)
{
	const pr_group *g = &spec->groups[gi];
	const char *label = kind == PR_DEVICE_CUDA ? "CUDA" : "HIP";
	pr_device d;
	char what[64];

	if (pr_device_parse(&d, g->device) == 0 && !d.any && d.n >= 0)
		snprintf(what, sizeof(what), "%s device %ld", label, d.n);
	else
		snprintf(what, sizeof(what), "a %s device", label);
	return pr_error_code(
	    PR_EREFUSED,
	    "cannot run '%s': rank group %d (%s%s%d) needs %s, and "
	    "prereg-rank sees %ld %s device%s here (%s); run it where "
	    "'prereg env' lists the device, or pass --force to launch "
	    "anyway",
	    spec->name, gi, g->device, pr_group_star(g), g->count, what, count,
	    label, count == 1 ? "" : "s", why);
}

int pr_run_devices_check(const pr_spec *spec, const json_t *devices)
{
	const json_t *side;
	const char *why;
	long need, count;
	int g, kind;

	for (g = 0; g < spec->ngroups; g++) {
		if ((need = needed(&spec->groups[g], &kind)) == 0)
			continue;
		side = json_object_get(devices, pr_device_gpu_kinds[kind]);
		count =
		    (long)json_integer_value(json_object_get(side, "count"));
		if (count >= need)
			continue;
		why = !side ? "prereg-rank was built without this backend"
			    : json_string_value(json_object_get(side, "error"));
		return refuse(spec, g, kind, count,
			      why ? why : "no reason given");
	}
	return PR_OK;
}

int pr_run_devices_here(const pr_spec *spec)
{
	json_t *all = NULL;
	int g, kind, error;

	for (g = 0; g < spec->ngroups; g++)
		if (needed(&spec->groups[g], &kind) > 0)
			break;
	if (g == spec->ngroups)
		return PR_OK;
	if ((error = pr_host_devices(&all, spec->threads_per_block,
				     spec->keys)) < 0)
		return error;
	error = pr_run_devices_check(spec, all);
	json_decref(all);
	return error;
}
