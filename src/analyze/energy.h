/* energy.h - joules per call where a counter measured them, and why not
 * where none did (DESIGN 7) */
#ifndef PR_ANALYZE_ENERGY_H
#define PR_ANALYZE_ENERGY_H

#include <stddef.h>

/* Joules per call of one (config, phase, device) where its counter
 * measured them (DESIGN 7): the median over launches of the per-launch
 * medians, with its order-statistic interval. */
typedef struct {
	int config;
	char *phase, *device;
	double stat_j, lo_j, hi_j, coverage;
	double resolution_j; /* the devices' counters', NAN when unknown */
	size_t nlaunches;
} pr_energy_row;

/* A run's energy: what was measured, and why nothing was where nothing
 * was. */
typedef struct {
	int recorded;	    /* the manifest has the ranks' energy records */
	char *counters;	    /* the counters the ranks read, or NULL */
	char *why_not;	    /* "rapl: ...; nvml: ..." the readers' reasons */
	pr_energy_row *row; /* sorted as the archive first holds them */
	size_t nrows;
	struct {
		char *name;
		double resolution_j, min_phase_s;
	} * device; /* per device of the ranks that had a counter */
	size_t ndevices;
} pr_energy_sum;

struct pr_timings;
struct pr_manifest;

/* From t's energy_uj column and m's launch records (m may be NULL). */
void pr_analyze_energy(pr_energy_sum *out, const struct pr_timings *t,
		       const struct pr_manifest *m);
void pr_energy_sum_free(pr_energy_sum *s);

#endif
