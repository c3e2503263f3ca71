/* devices.h - the devices a run's rank groups need, against those this
 * host's prereg-rank sees, before anything is launched */
#ifndef PR_RUN_DEVICES_H
#define PR_RUN_DEVICES_H

#include <jansson.h>

#include "format/spec.h"

/*
 * The first rank group of spec that needs a GPU the devices JSON of
 * `prereg-rank --devices` (base/host.h) does not list: cuda:N and hip:N
 * need device N, cuda:* and hip:* one device of their kind. PR_OK when
 * every group's device is there (CPU groups need none); else
 * PR_EREFUSED with a message naming the group, its device, the count
 * seen and why none was seen, and how to go on (--force).
 */
int pr_run_devices_check(const pr_spec *spec, const json_t *devices);

/* pr_run_devices_check against this host: prereg-rank --devices is run
 * only when a group names a GPU. */
int pr_run_devices_here(const pr_spec *spec);

#endif
