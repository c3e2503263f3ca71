/* host.h - what this host offers a launch: its physical cores and the
 * devices prereg-rank sees */
#ifndef PR_HOST_H
#define PR_HOST_H

#include <jansson.h>

/* Number of physical cores (hwloc), at least 1. */
int pr_host_ncores(void);

/*
 * The devices prereg-rank sees: the JSON of `prereg-rank --devices
 * --threads-per-block T --keys K` (occupancy depends on both) ({backends, cuda:
 * {count, error, devices}, hip:
 * ...}), run beside this executable. PR_EFAIL with a message when it
 * cannot run.
 */
int pr_host_devices(json_t **out, int threads_per_block, long keys);

/*
 * The same JSON with prereg-rank's own T and K, owned by the caller; NULL
 * without a message where pr_host_devices says it failed (a message still
 * when this executable or the child cannot be found or started).
 */
json_t *pr_host_devices_or_null(void);

#endif
