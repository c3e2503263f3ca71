/* devices.c - `prereg-rank --devices`: the backends built in and the GPUs
 * this process sees, as JSON */
#include "runner/devices.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "backend/backend.h"
#include "base/device.h"
#include "base/util.h"
#include "runner/envinfo.h"
#include "runner/rank.h"

static json_t *versions_or_null(int v)
{
	return v >= 0 ? json_integer(v) : json_null();
}

/* Device i as --devices prints it, or why device_info refused it. */
static json_t *device_json(const struct pr_backend *be, int i, int threads,
			   long keys, pr_device_info *d)
{
	char why[512] = "";

	if (be->device_info(d, i, threads, keys, why, sizeof(why)) < 0)
		return json_pack("{s:i, s:s}", "index", i, "error", why);
	return pr_envinfo_gpu_json(d);
}

static json_t *kind_json(const char *kind, int threads, long keys)
{
	const struct pr_backend *be = pr_backend_find(kind);
	json_t *devices = NULL, *first;
	pr_device_info d;
	char why[512] = "";
	int n = 0, i, error;

	error = be->device_count(&n, why, sizeof(why));
	/* device 0 even when there is none: device_info fills the versions
	 * all the same */
	first = device_json(be, 0, threads, keys, &d);
	devices = json_array();
	if (n > 0)
		json_array_append_new(devices, first);
	else
		json_decref(first);
	for (i = 1; i < n; i++)
		json_array_append_new(devices,
				      device_json(be, i, threads, keys, &d));
	return json_pack("{s:i, s:o, s:o, s:o, s:o}", "count", n, "error",
			 error < 0 ? json_string(why) : json_null(),
			 "driver_version", versions_or_null(d.driver_version),
			 "runtime_version", versions_or_null(d.runtime_version),
			 "devices", devices);
}

int pr_devices_print(FILE *out, int threads_per_block, long keys)
{
	json_t *root = json_object(), *names = json_array();
	json_t *missing = json_array();
	const char *const *n;
	char why[256];
	int bad;

	for (n = pr_backend_names(); *n; n++)
		json_array_append_new(names, json_string(*n));
	json_object_set_new(root, "backends", names);
	for (n = pr_device_gpu_kinds; *n; n++) {
		if (pr_backend_find(*n)) {
			json_object_set_new(
			    root, *n, kind_json(*n, threads_per_block, keys));
			continue;
		}
		if (pr_backend_built(*n)) { /* built, its library not loaded */
			json_object_set_new(
			    root, *n,
			    json_pack("{s:i, s:s, s:n, s:n, s:[]}", "count", 0,
				      "error", pr_backend_why_not(*n),
				      "driver_version", "runtime_version",
				      "devices"));
			continue;
		}
		pr_rank_not_built(why, sizeof(why), *n);
		json_array_append_new(missing, json_string(why));
	}
	json_object_set_new(root, "not_built", missing);
	bad = json_dumpf(root, out, JSON_INDENT(2) | JSON_SORT_KEYS) < 0 ||
	      fputc('\n', out) == EOF || fflush(out) != 0 || ferror(out);
	json_decref(root);
	return bad ? PR_EFAIL : PR_OK;
}
