/* host.h - what this host offers a launch: its physical cores and the
 * devices prereg-rank sees */
#ifndef PR_HOST_H
#define PR_HOST_H

#include <jansson.h>

/* Number of physical cores (hwloc), at least 1. */
int pr_launch_ncores(void);

/*
 * The devices prereg-rank sees: the JSON of `prereg-rank --devices
 * --threads-per-block T --keys K` (occupancy depends on both) ({backends, cuda:
 * {count, error, devices}, hip:
 * ...}), run beside this executable. PR_EFAIL with a message when it
 * cannot run.
 */
int pr_envcap_devices(json_t **out, int threads_per_block, long keys);

#endif
