/* busy.h - which launches of a run ran on a busy machine, from the
 * manifest's recorded numbers only (DESIGN 7) */
#ifndef PR_ANALYZE_BUSY_H
#define PR_ANALYZE_BUSY_H

#include <stddef.h>

/* A launch that ran on a busy machine (DESIGN 7). */
typedef struct {
	int launch, config;
	double other_cores, rank_cpus;
	double load_start, load_end; /* NAN when not recorded */
} pr_busy_launch;

/* What else used the machine during a run, from its manifest's records
 * only (DESIGN 7). */
typedef struct {
	size_t nlaunches; /* launch records */
	size_t nrecorded; /* those with figures; the rest: not recorded */
	double other_median, other_max; /* other_cores of those; NAN: none */
	pr_busy_launch *busy;		/* the busy ones, in record order */
	size_t nbusy;
	char *why_not; /* the first unrecorded launch's reason, or NULL */
	/* busy_at_start: known when recorded with figures */
	int start_known, start_busy;
	double start_other_cores, start_rank_cpus, start_load, start_waited_s;
} pr_busy;

struct pr_manifest;

/*
 * What else used the machine during the launches of manifest m (may be
 * NULL): busy launches by the rule of base/load.h applied to each launch
 * record's machine {other_cores, rank_cpus}; a record without them is not
 * recorded, never idle. Free with pr_busy_free.
 */
void pr_analyze_busy(pr_busy *out, const struct pr_manifest *m);
void pr_busy_free(pr_busy *b);

/* The warning `prereg repro` ends with when b (of run run_id of
 * experiment name) has busy launches, owned by the caller; NULL when it
 * has none. */
char *pr_busy_warning(const pr_busy *b, const char *run_id, const char *name);

#endif
