/* analyze.h - the analysis of an experiment's runs: the decision
 * statistic, its CI and the verdict of every prediction cell, recomputed
 * from each run's raw timings, and what each study adds (DESIGN 7) */
#ifndef PR_ANALYZE_H
#define PR_ANALYZE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "analyze/busy.h"
#include "analyze/causes.h"
#include "analyze/claims.h"
#include "analyze/cells.h"
#include "analyze/collective.h"
#include "analyze/configs.h"
#include "analyze/energy.h"
#include "analyze/rows.h"
#include "analyze/study.h"
#include "analyze/verdict.h"

struct pr_timings;
struct pr_manifest;

typedef struct pr_analysis_run {
	char *run_id, *status;
	char *pin_tag, *pin_commit; /* NULL when the manifest lacks them */
	/* a run made --as-original: the run it reproduces, its runner's and
	 * its prereg's versions; NULL otherwise */
	char *as_original, *runner_version, *prereg_version;
	char **config_label; /* "vader/spread", per config index */
	size_t nconfigs;
	size_t nsamples, nwarmup; /* rows of the archive */
	/* where a sample timed several operations back to back (workload.h
	 * rows_count_ops), the fewest and most it held: every time of the
	 * run is then one operation's; 0 otherwise */
	int64_t ops_lo, ops_hi;
	/* workload command: a program prereg did not write, whose launches
	 * record no MPI stack, energy or load beyond the library's */
	int command;
	char sha256[65]; /* of the uncompressed archive */
	int sha256_ok;	 /* matches the manifest: 1, 0, -1 unknown */
	int pred_pinned; /* prediction blob is the run's pin's: 1, 0,
			    -1 unknown */
	/* A run pinned to another prediction than the current file's is
	 * judged against its own, read from the repository by blob id:
	 * then pred and cell are that prediction's (owned), else NULL. */
	json_t *pred;
	pr_cell *cell;
	size_t ncells;
	char pred_blob[41]; /* of pred, when set */
	/* The table: every cell, then every group of samples whose
	 * (config, phase) no cell names; sorted by selection. */
	pr_analysis_row *row;
	size_t nrows;
	/* Samples per (config, phase), split by device, bytes and rows where
	 * those vary inside it: the run-to-run variability. Sorted. */
	pr_analysis_row *group;
	size_t ngroups;
	size_t count[PR_NVERDICTS];
	pr_arrival *arrival; /* sorted by (config, phase) */
	size_t narrivals;
	pr_sharing *sharing; /* per config index */
	pr_busy busy;
	/* launches launched again after failed attempts ([schedule]
	 * relaunch: their records' `attempts`) */
	size_t nrelaunched;
	pr_energy_sum energy;
	/* What each study adds (study.h), indexed by pr_study_id: its data,
	 * NULL where it does not apply; read through the study's own
	 * accessor (pr_linearity_of, ...). */
	void *study[PR_NSTUDIES];
	/* the claims of the spec pinned for the run, judged (claims.h) */
	pr_claim_result *claim;
	size_t nclaims;
	/* a host setting the run's calibration ran under otherwise, in
	 * words (run/conditions.h), or NULL */
	char *conditions;
} pr_analysis_run;

/*
 * The widest launch-level CV of phase in run r, or 0 (pr_rows_widest_cv):
 * over the rows compare judges (the cells, each rank's of a row split
 * too, and the groups no cell names) and the finer groups of the
 * variability table, so that the noisiest decides what a tolerance can
 * be (prereg pin's plan of a decisive verdict); *which (which may be
 * NULL) the row it is of, NULL with 0 (a row first where they tie).
 */
double pr_run_widest_cv(const pr_analysis_run *r, const char *phase,
			const pr_analysis_row **which);

/*
 * The widest launch-level CV of phase among run r's rows that a cell
 * judges (its verdict's interval is of that row's launches), or 0 when no
 * such row has one; *which (which may be NULL) its row, NULL with 0. A
 * PASS or FAIL in a band needs only these rows decided: a row no cell
 * names (hpcc's Allreduces of another size) counts for compare, not for
 * the band.
 */
double pr_run_widest_cell_cv(const pr_analysis_run *r, const char *phase,
			     const pr_analysis_row **which);

typedef struct pr_analysis {
	char *name;
	json_t *pred; /* predictions/NAME.json, NULL when there is none */
	char pred_blob[41];
	pr_cell *cell;
	size_t ncells;
	pr_rule rule;
	const char **clamped; /* names under model.params' "clamped" arrays,
				 borrowed from pred, sorted, distinct */
	size_t nclamped;
	pr_analysis_run *run;
	size_t nruns;
	char **skipped; /* "RUNID (status)" of the runs not complete */
	size_t nskipped;
} pr_analysis;

/*
 * Analyze the timings of one run against cells under rule: fills out (its
 * run_id, status, pin, config labels, clocks and placement from manifest,
 * which may be NULL: then the clocks are the timings' hosts' and the
 * placement unknown). Warmups are counted, never used. out->row[i].cell
 * points into cells, which must outlive out. The studies are left to
 * pr_study_compute.
 */
void pr_analyze_run(pr_analysis_run *out, const struct pr_timings *t,
		    const struct pr_manifest *manifest, const pr_cell *cells,
		    size_t ncells, pr_rule rule);

void pr_analysis_run_free(pr_analysis_run *r);

/*
 * Analyze runs/NAME (below root, which ends in '/') against
 * predictions/NAME.json: run_id, or every run whose status is complete,
 * in run id order. Unknown experiment or run id, or no complete run:
 * PR_EINPUT with a message. Reads nothing else. Each run gets
 * what the studies that apply to it add (analyze/study.h).
 */
int pr_analyze(pr_analysis *out, const char *root, const char *name,
	       const char *run_id);
void pr_analysis_free(pr_analysis *a);

#endif
