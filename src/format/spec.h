/* spec.h - experiments/NAME/experiment.ini, parsed and validated */
#ifndef PR_SPEC_H
#define PR_SPEC_H

#include <stddef.h>

#define PR_MAX_GROUPS 16
#define PR_MAX_FACTOR 8
/* [schedule] relaunch: at most this many relaunches of one launch */
#define PR_MAX_RELAUNCH 3
#define PR_MAX_RANKS 1024
#define PR_MAX_SIZES 64
#define PR_MAX_ARGV 64	      /* words of [command] argv */
#define PR_MAX_FOMS 8	      /* [command] fom.NAME figures of merit */
#define PR_MAX_INPUTS 16      /* [command] inputs */
#define PR_MAX_MEDIANS 8      /* [model] median.NAME */
#define PR_MAX_VERSION_ARGS 8 /* [command] version */
/* The most bytes of experiments/NAME/experiment.ini (DESIGN 4). */
#define PR_SPEC_MAX_BYTES ((size_t)1 << 20)
/* The most worker threads of a cpu-blocks:T device (backend.h's
 * PR_BLOCKS_THREADS_MAX). */
#define PR_SPEC_BLOCKS_THREADS_MAX 256
/* The largest [model] step_tolerance_rows. */
#define PR_SPEC_STEP_TOLERANCE_MAX 1000000

typedef enum { PR_KIND_VALIDATION, PR_KIND_CALIBRATION } pr_kind;

/* [mpi] yield_when_idle = auto | yes | no */
typedef enum { PR_YIELD_AUTO, PR_YIELD_YES, PR_YIELD_NO } pr_yield;

/* The classes of phases a reproduction tolerance is given for
 * ([analysis] reproduce_tolerance, DESIGN 7): compute (work local to a
 * rank) and comm (MPI communication). */
typedef enum { PR_CLASS_COMPUTE, PR_CLASS_COMM, PR_NCLASSES } pr_phase_class;

/* The tolerances when the spec gives none: compute reproduces to ~1%,
 * communication varies up to 4x between runs (SCIENCE.md). */
#define PR_REPRODUCE_TOL_COMPUTE 0.05
#define PR_REPRODUCE_TOL_COMM 0.5
/* The largest tolerance a spec may give. */
#define PR_REPRODUCE_TOL_MAX 10.0

/* "compute", "comm"; NULL for anything else. */
const char *pr_phase_class_name(pr_phase_class c);

/* The class of a phase: compute, compute_device, reduce_local, rescale
 * and to_host are compute (work local to a rank); every other phase
 * (pingpong, sendrecv, allreduce, allreduce_small, gatherv, and any
 * phase prereg does not know) is comm. */
pr_phase_class pr_phase_class_of(const char *phase);

/* The most phases [analysis] reproduce_tolerance may name apart. */
#define PR_MAX_PHASE_TOL 16

/* The reproduction tolerances ([analysis] reproduce_tolerance): the
 * relative tolerance t of `prereg compare` per phase class (the
 * acceptance region of a ratio B/A is [1/(1+t), 1+t]), and the phases
 * given one of their own, in place of their class's. */
typedef struct {
	double cls[PR_NCLASSES];
	char *phase[PR_MAX_PHASE_TOL];
	double phase_value[PR_MAX_PHASE_TOL];
	int nphase;
} pr_tolerance;

/* The defaults above, no phase of its own. */
void pr_tolerance_init(pr_tolerance *t);

/* The index of phase among t's own, -1 when it has none. */
int pr_tolerance_index(const pr_tolerance *t, const char *phase);

/* The tolerance of phase: its own, else its class's. */
double pr_tolerance_of(const pr_tolerance *t, const char *phase);

/* dst (whose memory is released first) becomes a copy of src. */
void pr_tolerance_copy(pr_tolerance *dst, const pr_tolerance *src);

/* What t holds, released; t keeps no phase. */
void pr_tolerance_free(pr_tolerance *t);

/* One rank group: `device*count[@partition]`, e.g. cpu*4, cuda:0*4,
 * hip:*2@gpuB. device is cpu, cpu-naive, cpu-blocks:T (T worker threads),
 * cuda:N, hip:N, cuda:* or hip:* (spread over the visible devices). Ranks
 * are numbered in group order. partition ("" when not given) is the
 * Slurm partition of the group's het-job component; pr_spec_check_slurm copies
 * it to slurm.partition. */
#define PR_MAX_PARTITION 63
typedef struct {
	char device[32];
	int count;
	char partition[PR_MAX_PARTITION + 1];
} pr_group;

/* What goes between a group's device and count as the spec writes them:
 * "*" (cpu*4), or "" after a KIND:* device (cuda:*4). */
const char *pr_group_star(const pr_group *g);

/* One setting of the kernel launch ([launch], or [launch.NAME]). */
typedef struct {
	int threads_per_block, rows_per_block, blocks_per_thread;
} pr_launch_setting;

/* [claims] NAME = SOURCE [FILTER...]: TEXT - a claim the experiment
 * tests and the verdicts that decide it: every predicted cell (of phase P,
 * of config N), the launch-geometry steps, the launch-settings ratio, the
 * PAP-aware Allreduce against the best built-in (of pattern P, phase P,
 * bytes N), or the launch-to-launch variability of compute against that
 * of communication. */
#define PR_MAX_CLAIMS 16
typedef enum {
	PR_CLAIM_CELLS,
	PR_CLAIM_STEPS,
	PR_CLAIM_LAUNCH_RATIO,
	PR_CLAIM_PAP,
	PR_CLAIM_VARIABILITY
} pr_claim_source;

typedef struct {
	char *name, *text;
	pr_claim_source source;
	char *phase;	 /* cells, pap: this phase only; NULL: every phase */
	int config;	 /* cells: this config only; -1: every config */
	char *pattern;	 /* pap: this arrival pattern only; NULL: every one */
	long long bytes; /* pap: this size only; 0: every size */
} pr_claim;

/* "cells", "steps", "launch-ratio", "pap", "variability". */
const char *pr_claim_source_name(pr_claim_source s);

/* The newest edition of experiment.ini: [experiment] edition = 2 makes
 * interleave = primitives the default of a collective validation. */
#define PR_SPEC_EDITION 2

typedef struct pr_spec {
	char *name; /* experiment name (directory name) */
	char *path; /* experiments/NAME/experiment.ini */

	/* [experiment]; edition: which defaults apply to what the file does
	 * not say (1, the default, or PR_SPEC_EDITION; spec_check.c's
	 * apply_edition) */
	pr_kind kind;
	int edition;
	char *claim;
	char *workload; /* pingpong | pingpong-cold | allreduce | kv-split |
			   rows-sweep | row-split | arrival | dp-step |
			   command */
	double budget_s;

	/* [shape]: attention rows (queries), keys, head dim; message sizes
	 * min_bytes..max_bytes by factor, with the exact `sizes` added,
	 * ascending, each once */
	long rows, keys, d;
	size_t sizes[PR_MAX_SIZES];
	int nsizes;
	/* rows-sweep: the row counts of the sweep, in the file's order */
	long rows_list[PR_MAX_SIZES];
	int nrows_list;
	int rows_list_auto; /* rows_list = auto: the prediction places them */

	/* [ranks] */
	pr_group groups[PR_MAX_GROUPS];
	int ngroups;
	int nranks;

	/* [factors] and the lists of [mpi]: configs are transport x
	 * placement x algorithm x sync x launch setting x arrival pattern,
	 * transport-major (pr_spec_nconfigs) */
	char *transports[PR_MAX_FACTOR];
	int ntransports;
	char *placements[PR_MAX_FACTOR];
	int nplacements;
	/* [experiment] sharing = tested: ranks sharing a core is what the
	 * experiment tests (its model prices it), not a flaw of the run */
	int sharing_tested;

	/* [schedule]; interleave: kv-split times its Allreduces' primitives
	 * in the same launch ("none" or "primitives"); relaunch: how many
	 * times a launch that fails is launched again (0 to 3, default 0);
	 * size_order_rep: the sizes in a new seeded order each timed rep
	 * (size_order = rep) rather than the launch's in all of them */
	int launches, reps, warmup;
	int interleave;
	int interleave_by_edition; /* not stated: edition 2's default */
	int size_order_rep;
	int relaunch;

	/* [launch]: kernel launch settings (the experiment's subject in
	 * launch-geometry): threads_per_block and rows_per_block of the GPU
	 * kernels; cpu-blocks reads rows_per_block and blocks_per_thread
	 * (blocks a worker thread holds in one wave); cpu and cpu-naive
	 * ignore them */
	int threads_per_block, rows_per_block, blocks_per_thread;
	/* [factors] launch = a, b: named launch settings, each from its
	 * [launch.NAME] section (keys not set there are [launch]'s), a factor
	 * of the grid; without it one setting, NULL-named, [launch]'s own */
	char *launch_names[PR_MAX_FACTOR];
	pr_launch_setting launch_settings[PR_MAX_FACTOR];
	int nlaunch_settings;

	/* [slurm]: one het-job component per rank group; NULL or "" where
	 * not given. A list of one applies to every group. The partitions
	 * are those of [slurm] partition or, one per group, of the groups'
	 * @PARTITION (never both). */
	struct {
		char *partition[PR_MAX_GROUPS];
		char *nodes[PR_MAX_GROUPS];
		char *gres[PR_MAX_GROUPS];
		int npartition, nnodes, ngres;
		int time_min; /* job time limit, minutes (default 10) */
		char *sbatch; /* extra sbatch options, split at blanks */
	} slurm;

	/* [mpi]: MPI_Allreduce algorithms (base/mca.h; "pap" is prereg's
	 * own, runner/pap.h, for arrival and dp-step) and what precedes
	 * each collective: "none" or "barrier" (measured alone) */
	char *algorithms[PR_MAX_FACTOR];
	int nalgorithms;
	char *syncs[PR_MAX_FACTOR];
	int nsyncs;
	/* [mpi] yield_when_idle: whether waiting ranks yield their core
	 * (Open MPI's mpi_yield_when_idle); auto: prereg decides (mpirun:
	 * when ranks share a core; Slurm: never, since it cannot see that
	 * ranks of different nodes share one host's cores) */
	pr_yield yield;
	/* [shape] inner: round trips per timed block of the warm ping-pong
	 * workloads (0: chosen so a block lasts >= 20 us) */
	int inner;

	/* [arrival] (workloads arrival and dp-step): the arrival patterns
	 * (base/arrival.h names), the innermost factor of the grid; without
	 * the section one, "none". delay_us: D of one-late, uniform and
	 * linear (0 when none of them is listed); late_rank: the late rank
	 * of one-late (default the last); replay = EXPERIMENT RUNID: the
	 * committed run whose per-rank compute times pattern replay
	 * replays (NULL without it), each delay times replay_scale
	 * (default 1) */
	char *patterns[PR_MAX_FACTOR];
	int npatterns;
	double delay_us;
	int late_rank;
	char *replay_experiment, *replay_run;
	double replay_scale;

	/* [dp] (workload dp-step): what a rank computes in a step. rows:
	 * dp_rows[i] rows of rank i on its device's attention kernel
	 * ([shape] keys and d), ndp_rows = nranks; compute = pattern
	 * (dp_compute_pattern): it sleeps its arrival delay instead */
	long *dp_rows;
	int ndp_rows;
	int dp_compute_pattern;

	/* [model] */
	char *model;	   /* "none", "hockney-ring", ... */
	char *calibration; /* name of the calibration experiment or NULL */
	/* models with compute and communication parameters: the calibration
	 * of the communication (Hockney) side, or NULL */
	char *comm_calibration;
	double tolerance;
	/* launch-geometry: how far (rows) an observed step may lie from its
	 * predicted row and still PASS (DESIGN 7, the step verdict) */
	int step_tolerance_rows;
	/* band = calibration (resampled calibration launches, widened by
	 * the pilot CV of the phase) or tolerance (predicted * (1 -/+
	 * tolerance)); pilot_cv = phase:cv, ... */
	char *band;
	/* [pin] tsa: the time-stamping authority `prereg pin` asks, or NULL */
	char *tsa;
	char *pilot_phase[PR_MAX_FACTOR];
	double pilot_cv[PR_MAX_FACTOR];
	int npilot;
	/* [model] holdout = SIZES (hockney-allreduce): sizes of [shape]
	 * whose cells the calibration fit must not see (DESIGN 5, held-out
	 * validation) */
	size_t holdout[PR_MAX_SIZES];
	int nholdout;
	/* [model] calibration_busy = exclude: the calibration's launches
	 * that ran on a busy machine are left out of its fits */
	int calibration_busy_exclude;

	/* [analysis] reproduce_tolerance = compute:T, comm:T, PHASE:T...;
	 * the defaults above where the spec gives none */
	pr_tolerance tol;
	/* [analysis] busy = flag | exclude: the launches that ran on a busy
	 * machine count toward a reproduction verdict (flag, the default)
	 * or are left out of its ratio and interval (exclude) */
	int busy_exclude;

	/* [claims] */
	pr_claim claims[PR_MAX_CLAIMS];
	int nclaims;

	/* [command] (workload command): the program and its arguments as
	 * written (split at blanks, no quoting), the profiling library's
	 * operations ("allreduce,bcast": PREREG_PMPI_OPS; NULL: all) and
	 * calls per rank (0: its default), and a launch's time limit in
	 * seconds (0: the default, 2 budget_s + 60) */
	char *command_argv[PR_MAX_ARGV];
	int command_argc;
	/* [command] version = ARGS: what makes the program print its version
	 * (run once per run, recorded in the manifest), or none */
	char *command_version[PR_MAX_VERSION_ARGS];
	int command_nversion;
	char *command_ops;
	long command_max_calls;
	double command_timeout_s;
	/* [command] pmpi = yes | no (default yes): the profiling library
	 * times the program's MPI calls; fom.NAME = PATTERN: figures of
	 * merit read from its output (format/fom.h), in the file's order */
	int command_pmpi;
	char *fom_name[PR_MAX_FOMS], *fom_pattern[PR_MAX_FOMS];
	int nfoms;
	/* [command] inputs: files of the repository (paths relative to its
	 * root) copied into each launch's working directory, where the
	 * program runs; output: the file there the figures read (NULL: the
	 * program's stdout and stderr) */
	char *command_inputs[PR_MAX_INPUTS];
	int ninputs;
	char *command_output;
	/* [model] formula (model formula): the text, and its cells = PHASE:
	 * BYTES, ...: the (phase, bytes) it prices in every config */
	char *formula;
	/* [factors] arg = a, b (workload command): the innermost factor of
	 * the grid, each value put for "{arg}" in [command] argv */
	char *args[PR_MAX_FACTOR];
	int nargs;
	char *fcell_phase[PR_MAX_SIZES];
	long fcell_bytes[PR_MAX_SIZES];
	int nfcells;
	/* [model] program (model program): the predictor, a path relative to
	 * the repository's root */
	char *predictor;
	double predictor_timeout_s; /* [model] timeout_s; 0: 60 s */
	/* [model] median.NAME = PHASE[:BYTES] (model formula): the formula's
	 * variable NAME is the calibration run's median time of PHASE (at
	 * BYTES; -1: its one size) */
	char *median_name[PR_MAX_MEDIANS], *median_phase[PR_MAX_MEDIANS];
	long median_bytes[PR_MAX_MEDIANS];
	int nmedians;
} pr_spec;

/* The largest [arrival] delay_us: 10 s. */
#define PR_SPEC_DELAY_US_MAX 1e7

/*
 * Parse and validate experiments/NAME/experiment.ini below root (the work
 * tree). Every error names file, line and key and returns PR_EINPUT; a
 * missing experiment also returns PR_EINPUT. Every value must be
 * well-formed UTF-8 without NUL bytes or control characters other than
 * tab (values go into JSON, report.md and batch scripts); a NUL byte
 * outside a value is an error of its line. *out is owned by the caller.
 */
int pr_spec_load(pr_spec **out, const char *root, const char *name);
/* Parse from a string (tests); path is used in messages only. */
int pr_spec_parse(pr_spec **out, const char *text, const char *path,
		  const char *name);
void pr_spec_free(pr_spec *spec);

/* Number of configs of the factor grid, and the factor values of one. */
int pr_spec_nconfigs(const pr_spec *spec);
const char *pr_spec_transport(const pr_spec *spec, int config);
const char *pr_spec_placement(const pr_spec *spec, int config);
const char *pr_spec_algorithm(const pr_spec *spec, int config);
const char *pr_spec_sync(const pr_spec *spec, int config);
/* The arrival pattern of a config ("none" without [arrival]); NULL out of
 * the grid. */
const char *pr_spec_pattern(const pr_spec *spec, int config);
/* The argv factor of a config ([factors] arg), NULL without one or out
 * of the grid. */
const char *pr_spec_arg(const pr_spec *spec, int config);
/* The launch setting of a config (NULL out of the grid), and its name
 * (NULL without a [factors] launch). */
const pr_launch_setting *pr_spec_launch(const pr_spec *spec, int config);
const char *pr_spec_launch_name(const pr_spec *spec, int config);
/* The config index of launch setting `name` with every other factor at
 * its first value; -1 when no setting has that name. */
int pr_spec_launch_config(const pr_spec *spec, const char *name);
/* "vader, packed", then the algorithm, sync, launch setting and arrival
 * pattern where the spec lists more than one ("vader, packed, ring, sync
 * barrier, launch a, pattern uniform"); caller frees. */
char *pr_spec_config_label(const pr_spec *spec, int config);
/* The pinned pilot CV of a phase, 0 when the spec gives none. */
double pr_spec_pilot_cv(const pr_spec *spec, const char *phase);

/* Is this a known transport / placement / workload name? */
int pr_spec_transport_known(const char *name);
int pr_spec_placement_known(const char *name);
int pr_spec_workload_known(const char *name);

#endif
