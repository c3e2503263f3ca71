/* meter.h - a rank's energy counter over one launch and its timed events,
 * and what every rank's said, for rank 0's report */
#ifndef PR_METER_H
#define PR_METER_H

#include <jansson.h>
#include <stdint.h>

#include "runner/rank.h"
#include "runner/timing.h"

/* One rank's energy facts; fixed size, gathered to rank 0 as bytes. */
typedef struct {
	char reader[16];   /* pr_energy_reader_name of the device's reader */
	char counter[160]; /* pr_energy_name; "" when there is none */
	char reason[300];  /* why there is none, or why it stopped */
	double resolution_j, period_s;
	int64_t min_phase_ns;
	int64_t launch_uj, launch_ns; /* over the timing loop; -1 unmeasured */
	uint64_t e0;
	int64_t t0;
} pr_meter;

/*
 * Open the counter of the rank's device into buf->energy: RAPL for the
 * host backends, NVML for cuda (by pci_bus_id when not empty), ROCm SMI
 * for hip (by the rank's device index). Never fails: a rank without one
 * has buf->energy NULL and the reason in m.
 */
void pr_meter_open(pr_meter *m, pr_samples *buf, const pr_rank *rk,
		   const char *pci_bus_id);

/* Read just before the timing loop and just after it (launch_uj,
 * launch_ns). */
void pr_meter_launch_start(pr_meter *m, pr_samples *buf);
void pr_meter_launch_end(pr_meter *m, pr_samples *buf);

/* Collective: every rank's pr_meter to rank 0 (an array of nranks owned
 * by the caller; NULL on other ranks). */
pr_meter *pr_meter_gather(const pr_meter *mine, int nranks);

/*
 * A rank's "energy" object of PREFIX.json: {reader, counter (null when
 * none), reason (when none, or when it stopped), resolution_j,
 * update_period_s, min_phase_s, launch_j and launch_s (null when not
 * measured)}. A new object.
 */
json_t *pr_meter_json(const pr_meter *m);

/* Every reader on this host, opened and closed: {"rapl": {counter,
 * resolution_j, update_period_s} or {reason}, "nvml": ..., "rocm_smi":
 * ...}. A new object. */
json_t *pr_meter_readers(void);

/* Close buf->energy (NULL is fine). */
void pr_meter_close(pr_samples *buf);

#endif
