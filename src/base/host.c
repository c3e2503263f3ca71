/* host.c - what this host offers a launch: its physical cores and the
 * devices prereg-rank sees */
#include "base/host.h"

#include <hwloc.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/child.h"
#include "base/util.h"

int pr_host_ncores(void)
{
	hwloc_topology_t topo;
	int n;

	if (hwloc_topology_init(&topo) < 0)
		return 1;
	if (hwloc_topology_load(topo) < 0) {
		hwloc_topology_destroy(topo);
		return 1;
	}
	n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
	hwloc_topology_destroy(topo);
	return n > 0 ? n : 1;
}

/*
 * prereg-rank --devices beside this executable, its options left out when
 * threads_per_block is 0: *out its JSON, NULL without a message when it
 * fails or prints none; *bin its path (owned, NULL when not found).
 */
static int run_devices(json_t **out, char **bin, int threads_per_block,
		       long keys)
{
	char *dir = NULL, tpb[16], nkeys[24], *text = NULL;
	json_error_t jerr;
	int status, error;

	*out = NULL;
	*bin = NULL;
	if ((error = pr_exe_dir(&dir)) < 0)
		return error;
	*bin = pr_asprintf("%s/prereg-rank", dir);
	free(dir);
	snprintf(tpb, sizeof(tpb), "%d", threads_per_block);
	snprintf(nkeys, sizeof(nkeys), "%ld", keys);
	{
		char *argv[] = {*bin, "--devices", "--threads-per-block",
				tpb,  "--keys",	   nkeys,
				NULL};

		if (!threads_per_block)
			argv[2] = NULL;
		error = pr_child_capture(&text, &status, argv);
	}
	if (error == 0 && status == 0)
		*out = json_loads(text, 0, &jerr);
	free(text);
	return error;
}

int pr_host_devices(json_t **out, int threads_per_block, long keys)
{
	char *bin;
	int error = run_devices(out, &bin, threads_per_block, keys);

	if (error == 0 && !*out)
		error = pr_error("'%s --devices' failed (run 'make')", bin);
	free(bin);
	return error;
}

json_t *pr_host_devices_or_null(void)
{
	json_t *out;
	char *bin;

	run_devices(&out, &bin, 0, 0);
	free(bin);
	return out;
}
