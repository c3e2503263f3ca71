/* machine.h - what else used the machine: a launch's `machine` record and
 * the check before a run starts (DESIGN 7) */
#ifndef PR_MACHINE_H
#define PR_MACHINE_H

#include <jansson.h>

#include "base/load.h"

/*
 * The `machine` object of a launch between samples a (just before mpirun
 * starts) and b (just after it is reaped), whose ranks keep rank_cpus
 * CPUs busy: {load_start, load_end, cpu_s, run_cpu_s, other_cpu_s,
 * wall_s, other_cores, cpus, rank_cpus}, or {recorded: false, reason}
 * when /proc/stat could not be read. A new reference.
 */
json_t *pr_machine_launch(const pr_load_sample *a, const pr_load_sample *b,
			  int rank_cpus);

/* {recorded: false, reason} for launches whose ranks the launcher runs on
 * other nodes (Slurm): their load is not this machine's. */
json_t *pr_machine_elsewhere(const char *launcher);

/* The shortest window of the first sample before a run, seconds. */
#define PR_MACHINE_START_WINDOW_S 0.5

/*
 * Before a run whose ranks keep at least rank_cpus CPUs busy: sample
 * /proc/stat from `since` (taken when the run's preparation began: its
 * CPU time is prereg's own, which the figures leave out), sleeping what
 * it lacks of PR_MACHINE_START_WINDOW_S; while the machine is busy and
 * wait_s seconds have not passed since, sample again over 1 s (a progress
 * line on stderr each time when progress). Busy at the end: a warning
 * with the figures. *out: busy_at_start, the last sample's figures (a new
 * reference).
 */
void pr_machine_check_start(json_t **out, const pr_load_sample *since,
			    int rank_cpus, int wait_s, int progress);

#endif
