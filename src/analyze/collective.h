/* collective.h - the arrival decomposition of the collective phases
 * (DESIGN 7) */
#ifndef PR_ANALYZE_COLLECTIVE_H
#define PR_ANALYZE_COLLECTIVE_H

#include "analyze/rows.h"

/*
 * Arrival decomposition of a collective (config, phase) (allreduce,
 * allreduce_small, gatherv, sendrecv) whose (launch, rep)s hold samples of
 * 2 or more ranks: per (launch, rep) the arrival spread (max t_start - min
 * t_start), the time after the last arrival (max t_end - max t_start) and
 * the total (max t_end - min t_start), each summarized as a row.
 */
typedef struct {
	pr_analysis_row spread, after, total; /* sel: config and phase */
	double share;	 /* spread.stat / total.stat; NAN when undefined */
	double clock_ns; /* largest clock uncertainty of its launches; NAN:
			    unknown (ranks on several hosts, no estimate) */
	int refused;	 /* spread below the clock uncertainty, or unknown */
} pr_arrival;

/* The collective phases the arrival decomposition covers: 1 or 0. */
int pr_collective_phase(const char *phase);

#endif
