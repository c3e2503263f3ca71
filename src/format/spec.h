/* spec.h - experiments/NAME/experiment.ini, parsed and validated */
#ifndef PR_SPEC_H
#define PR_SPEC_H

#include <stddef.h>

#define PR_MAX_GROUPS 16
#define PR_MAX_FACTOR 8
#define PR_MAX_RANKS 1024
#define PR_MAX_SIZES 64
/* The most worker threads of a cpu-blocks:T device (backend.h's
 * PR_BLOCKS_THREADS_MAX). */
#define PR_SPEC_BLOCKS_THREADS_MAX 256
/* The largest [model] step_tolerance_rows. */
#define PR_SPEC_STEP_TOLERANCE_MAX 1000000

typedef enum { PR_KIND_VALIDATION, PR_KIND_CALIBRATION } pr_kind;

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

/* One rank group: `device*count`, e.g. cpu*4, cuda:0*4, hip:*2. device
 * is cpu, cpu-naive, cpu-blocks:T (T worker threads), cuda:N, hip:N,
 * cuda:* or hip:* (spread over the visible devices). Ranks are numbered in
 * group order. */
typedef struct {
	char device[32];
	int count;
} pr_group;

typedef struct pr_spec {
	char *name; /* experiment name (directory name) */
	char *path; /* experiments/NAME/experiment.ini */

	/* [experiment] */
	pr_kind kind;
	char *claim;
	char *workload; /* pingpong | pingpong-cold | allreduce | kv-split |
			   rows-sweep | row-split */
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
	 * placement x algorithm x sync, transport-major (pr_spec_config_of) */
	char *transports[PR_MAX_FACTOR];
	int ntransports;
	char *placements[PR_MAX_FACTOR];
	int nplacements;
	/* [experiment] sharing = tested: ranks sharing a core is what the
	 * experiment tests (its model prices it), not a flaw of the run */
	int sharing_tested;

	/* [schedule]; interleave: kv-split times its Allreduces' primitives
	 * in the same launch ("none" or "primitives") */
	int launches, reps, warmup;
	int interleave;

	/* [launch]: kernel launch settings (the experiment's subject in
	 * launch-geometry): threads_per_block and rows_per_block of the GPU
	 * kernels; cpu-blocks reads rows_per_block and blocks_per_thread
	 * (blocks a worker thread holds in one wave); cpu and cpu-naive
	 * ignore them */
	int threads_per_block, rows_per_block, blocks_per_thread;

	/* [slurm]: one het-job component per rank group; NULL or "" where
	 * not given. A list of one applies to every group. */
	struct {
		char *partition[PR_MAX_GROUPS];
		char *nodes[PR_MAX_GROUPS];
		char *gres[PR_MAX_GROUPS];
		int npartition, nnodes, ngres;
		int time_min; /* job time limit, minutes (default 10) */
		char *sbatch; /* extra sbatch options, split at blanks */
	} slurm;

	/* [mpi]: MPI_Allreduce algorithms (base/mca.h) and what precedes
	 * each collective: "none" or "barrier" (measured alone) */
	char *algorithms[PR_MAX_FACTOR];
	int nalgorithms;
	char *syncs[PR_MAX_FACTOR];
	int nsyncs;
	/* [shape] inner: round trips per timed block of the warm ping-pong
	 * workloads (0: chosen so a block lasts >= 20 us) */
	int inner;

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

	/* [analysis] reproduce_tolerance = compute:T, comm:T: the relative
	 * tolerance t of `prereg compare` per phase class (the acceptance
	 * region of a ratio B/A is [1/(1+t), 1+t]); the defaults above where
	 * the spec gives none */
	double reproduce_tol[PR_NCLASSES];
} pr_spec;

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
/* "vader, packed", then the algorithm and sync where the spec lists
 * more than one ("vader, packed, ring, sync barrier"); caller frees. */
char *pr_spec_config_label(const pr_spec *spec, int config);
/* The pinned pilot CV of a phase, 0 when the spec gives none. */
double pr_spec_pilot_cv(const pr_spec *spec, const char *phase);

/* Is this a known transport / placement / workload name? */
int pr_spec_transport_known(const char *name);
int pr_spec_placement_known(const char *name);
int pr_spec_workload_known(const char *name);

#endif
