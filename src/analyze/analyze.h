/* analyze.h - the decision statistic, its CI and the verdict of every
 * prediction cell, recomputed from a run's raw timings (DESIGN 7) */
#ifndef PR_ANALYZE_H
#define PR_ANALYZE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "base/stats.h"
#include "format/predcheck.h"
#include "model/geometry.h"

struct pr_timings;
struct pr_manifest;

typedef enum {
	PR_PASS,
	PR_FAIL,
	PR_INCONCLUSIVE,  /* interval rule: the interval cannot decide */
	PR_NO_PREDICTION, /* no cell for the (config, phase) */
	PR_NO_DATA,	  /* a cell that no sample matches */
	PR_NVERDICTS
} pr_verdict;

/* "PASS", "FAIL", "INCONCLUSIVE", "NO-PREDICTION", "NO-DATA". */
const char *pr_verdict_name(pr_verdict v);

/*
 * How a cell's verdict is decided: the prediction's decision_rule.rule
 * "interval" selects PR_RULE_INTERVAL; anything else (the predictions
 * pinned before it existed) the point rule.
 */
typedef enum {
	PR_RULE_POINT,	  /* PASS iff lo_s <= statistic <= hi_s */
	PR_RULE_INTERVAL, /* the launch-level interval against the band */
} pr_rule;

pr_rule pr_rule_of(const json_t *pred);

/*
 * The interval rule for an interval [c_lo, c_hi] of coverage q and a band
 * [lo_s, hi_s]: FAIL when they do not overlap; PASS when they overlap, the
 * interval is no wider than the band and q >= 0.95; INCONCLUSIVE
 * otherwise, *why (may be NULL; a static string, NULL unless
 * INCONCLUSIVE) saying which.
 */
pr_verdict pr_verdict_interval(const char **why, double c_lo, double c_hi,
			       double q, double lo_s, double hi_s);

/*
 * Which non-warmup samples a row of the analysis takes: config and phase,
 * and where set (not NULL / not -1) device, bytes, rows and rank. With a
 * reduce an observation is one per (launch, rep) over the matching ranks:
 * span (and max_over_ranks) max t_end - min t_start, after_last_arrival
 * max t_end - max t_start, arrival_spread max t_start - min t_start;
 * without one every matching sample is one.
 */
typedef struct {
	int config;
	char *phase;
	char *device;
	int64_t bytes, rows;
	int rank;
	pr_reduce reduce;
} pr_select;

/* The order of the analysis' tables: config, phase, device (none first),
 * bytes, rows, rank, reduce; 0 when a and b select the same samples. */
int pr_select_cmp(const pr_select *a, const pr_select *b);

/* A prediction cell (predictions/NAME.json "cells"). */
typedef struct {
	pr_select sel;
	double predicted_s, lo_s, hi_s;
	char *formula;	  /* which model formula predicted it, or NULL */
	int negative;	  /* "control": "negative": it must FAIL */
	int extrapolated; /* its size lies outside the calibrated sizes */
} pr_cell;

/* The measured causes of a FAIL (pr_analyze_causes); a flag per cause. */
typedef struct {
	int arrival;		/* collective phase, not after_last_arrival */
	double spread_s, share; /* median arrival spread, its share */
	int sharing;		/* the config's launches oversubscribed */
	double ranks_per_core;	/* the largest of its launches */
	int clamp;		/* the model clamped parameters */
	int regime;		/* the cell is extrapolated */
	/* the run timed the Allreduce's primitives in the same launch
	 * (pr_analyze_primitives): the ring formula of those, the measured
	 * statistic over it, and it over the prediction */
	int primitives;
	double formula_s, impl_ratio, cond_ratio;
} pr_causes;

/*
 * A ring Allreduce cell against the primitives its run timed in the same
 * launches (spec interleave = primitives): the statistics of the
 * sendrecv and reduce_local samples of its segment and the ring formula
 * (p-1) [X + R] + (p-1) X built from them.
 */
typedef struct {
	int config;
	const char *phase;  /* the cell's, borrowed */
	int64_t bytes, seg; /* the Allreduce's n, its segment's bytes */
	int ranks;	    /* p */
	double x_s, r_s;    /* ring step and reduction at seg */
	double formula_s;   /* the ring formula of x_s and r_s */
	double measured_s;  /* the cell's statistic */
	double predicted_s; /* the cell's prediction */
} pr_primitive;

/* One row of the analysis: a cell, or a group of samples. Times in s. */
typedef struct {
	pr_select sel;
	size_t n;	     /* observations */
	size_t nlaunches;    /* launches with at least one observation */
	int *launch;	     /* their ids, ascending */
	double *launch_med;  /* the per-launch medians, in that order */
	double stat;	     /* median of launch_med; NAN when n == 0 */
	pr_stats_ci ci;	     /* of the median, over launch_med (n > 0) */
	double cv, max_min;  /* of launch_med; NAN when undefined */
	const pr_cell *cell; /* the prediction, or NULL */
	pr_verdict verdict;
	const char *why;    /* INCONCLUSIVE: the reason (static), else NULL */
	pr_causes causes;   /* of a FAIL that is no negative control */
	int64_t only_bytes; /* a group: the bytes all its samples have */
} pr_analysis_row;

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

/* How a config's launches shared the cores (the launch records' sharing). */
typedef struct {
	int known;	       /* sharing or cores and ranks were recorded */
	int from_placement;    /* the launch records' sharing objects */
	int oversubscribed;    /* any launch of the config */
	int sharing_tested;    /* every oversubscribed launch says so */
	double ranks_per_core; /* the largest of its launches */
} pr_sharing;

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

/* From t's energy_uj column and m's launch records (m may be NULL). */
void pr_analyze_energy(pr_energy_sum *out, const struct pr_timings *t,
		       const struct pr_manifest *m);
void pr_energy_sum_free(pr_energy_sum *s);

/*
 * Linearity of one series (model linear-rows): the cells of one (config,
 * phase, device) that have rows, and the rows values where the line is
 * broken: the cell's statistic (the median of per-launch medians) lies
 * outside its band [lo_s, hi_s], whatever the verdict rule decides (under
 * the interval rule a noisy cell may be INCONCLUSIVE and still broken).
 */
typedef struct {
	pr_select sel;	      /* the series' first cell's */
	int64_t *broken_rows; /* ascending, distinct */
	double *broken_ratio; /* per broken rows value: statistic / predicted */
	size_t nbroken;
	size_t nmeasured; /* rows values with data */
	/* controls (cells predicted to break, "control": "negative") with
	 * data, and the rows values of those that held: the alarm missed */
	size_t ncontrols;
	int64_t *held_rows;
	size_t nheld;
} pr_linearity;

/*
 * Observed steps of one config (model launch-geometry): the rows where the
 * median time steps up by more than the prediction's tolerance over the
 * previous rows value measured (the first rows of a new plateau). With
 * the prediction's step_rule (DESIGN 7), the rule's detector finds them
 * and each is judged against the predicted steps (match).
 */
typedef struct {
	int config;
	const char *phase; /* "compute_device", else "compute" (static) */
	int64_t *rows;	   /* ascending */
	size_t n;
	int judged;	      /* the prediction has a step_rule */
	pr_step_match *match; /* the verdict's lines, in rows order */
	size_t nmatch;
	int pass; /* every line PASS (and at least one) */
} pr_steps;

typedef struct pr_analysis_run {
	char *run_id, *status;
	char *pin_tag, *pin_commit; /* NULL when the manifest lacks them */
	/* a run made --as-original: the run it reproduces, its runner's and
	 * its prereg's versions; NULL otherwise */
	char *as_original, *runner_version, *prereg_version;
	char **config_label; /* "vader/spread", per config index */
	size_t nconfigs;
	size_t nsamples, nwarmup; /* rows of the archive */
	char sha256[65];	  /* of the uncompressed archive */
	int sha256_ok;		  /* matches the manifest: 1, 0, -1 unknown */
	int pred_pinned;	  /* prediction blob is the run's pin's: 1, 0,
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
	pr_energy_sum energy;
	/* What the model's post_analyze hook adds (predict/models.h); the
	 * has_ flags say whether the model computes them at all. */
	int has_linearity, has_steps;
	pr_linearity *linearity; /* per series, in table order */
	size_t nlinearity;
	pr_steps *steps; /* per config with samples of the phase */
	size_t nsteps;
	/* the sharing study (inflation.h), NULL without a manifest */
	struct pr_inflation_set *inflation;
	int has_primitives;
	pr_primitive *primitive; /* per ring cell with both primitives */
	size_t nprimitives;
	/* model launch-settings (settings.h): the ratio, NULL otherwise */
	struct pr_launch_ratio *launch_ratio;
	/* a run with arrival patterns or the PAP-aware Allreduce
	 * (analyze/arrival.h), NULL otherwise */
	struct pr_pap_study *pap;
} pr_analysis_run;

typedef struct {
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
 * The cells of a prediction; errors name path and the cell's index
 * (PR_EINPUT). *out is owned by the caller (pr_cells_free).
 */
int pr_cells_parse(pr_cell **out, size_t *n, json_t *pred, const char *path);
void pr_cells_free(pr_cell *cells, size_t n);

/*
 * Analyze the timings of one run against cells under rule: fills out (its
 * run_id, status, pin, config labels, clocks and placement from manifest,
 * which may be NULL: then the clocks are the timings' hosts' and the
 * placement unknown). Warmups are counted, never used. out->row[i].cell
 * points into cells, which must outlive out.
 */
void pr_analyze_run(pr_analysis_run *out, const struct pr_timings *t,
		    const struct pr_manifest *manifest, const pr_cell *cells,
		    size_t ncells, pr_rule rule);

/*
 * The measured causes of every FAIL of r that is no negative control
 * (row.causes), nclamped being how many parameters the model clamped.
 */
void pr_analyze_causes(pr_analysis_run *r, size_t nclamped);

/*
 * How the launches of manifest m shared cores, per config (out: nconfigs
 * entries): each launch record's sharing object {ranks_per_core,
 * oversubscribed, sharing_tested}, or where a run lacks them workload.ranks
 * over environment.cores.
 */
void pr_analyze_sharing(pr_sharing *out, size_t nconfigs,
			const struct pr_manifest *m);

/*
 * What else used the machine during the launches of manifest m (may be
 * NULL): busy launches by the rule of base/load.h applied to each launch
 * record's machine {other_cores, rank_cpus}; a record without them is not
 * recorded, never idle. Free with pr_busy_free.
 */
void pr_analyze_busy(pr_busy *out, const struct pr_manifest *m);
void pr_busy_free(pr_busy *b);

/* The collective phases the arrival decomposition covers: 1 or 0. */
int pr_phase_collective(const char *phase);
void pr_analysis_run_free(pr_analysis_run *r);

/*
 * The post_analyze hooks of the models (predict/models.h): linear-rows'
 * breaks and launch-geometry's observed steps, computed from r's table
 * (tolerance: pred's decision_rule, 0.15 when it has none).
 */
void pr_analyze_linearity(pr_analysis_run *r, const json_t *pred);
void pr_analyze_steps(pr_analysis_run *r, const json_t *pred);
/* The post_analyze hook of hockney-ring: r's ring cells against the
 * primitives timed in the same launches (analyze/primitives.c). */
void pr_analyze_primitives(pr_analysis_run *r, const json_t *pred);

/*
 * Analyze runs/NAME (below root, which ends in '/') against
 * predictions/NAME.json: run_id, or every run whose status is complete,
 * in run id order. Unknown experiment or run id, or no complete run:
 * PR_EINPUT with a message. Reads nothing else. Each run gets
 * what the prediction's model adds (its post_analyze hook).
 */
int pr_analyze(pr_analysis *out, const char *root, const char *name,
	       const char *run_id);
void pr_analysis_free(pr_analysis *a);

#endif
