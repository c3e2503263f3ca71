/* timings.h - the rows of timings.csv, parsed for analysis */
#ifndef PR_TIMINGS_H
#define PR_TIMINGS_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
	int launch, config, rep, warmup, rank;
	const char *host, *device, *phase; /* point into the table's text */
	int64_t bytes, rows;
	int64_t t_start_ns, t_end_ns;
	int64_t energy_uj; /* -1: not measured, or an older archive */
} pr_timing;

typedef struct pr_timings {
	char *text; /* the decompressed CSV, cut into fields in place */
	pr_timing *row;
	size_t nrows;
	int energy; /* the archive has the energy_uj column */
} pr_timings;

/*
 * Read runs/.../timings.csv.gz into out. The header must be exactly the
 * DESIGN 4 columns (or the twelve before energy_uj) and every row must
 * have as many well-formed fields (energy_uj empty or an integer >= 0);
 * errors name the file and line. info (may be NULL) receives the archive facts.
 * max bounds the expanded bytes as pr_archive_read's does (0: the
 * absolute maximum; callers pass the manifest's archive.bytes).
 */
struct pr_archive_info;
int pr_timings_load(pr_timings *out, struct pr_archive_info *info,
		    const char *path, uint64_t max);
/*
 * The same from the decompressed CSV text (NUL-terminated), which out takes
 * over (freed with it, also on error); path names the file in errors.
 */
int pr_timings_parse(pr_timings *out, char *text, const char *path);
void pr_timings_free(pr_timings *t);

/* Duration of a row in seconds. */
double pr_timing_seconds(const pr_timing *r);

#endif
