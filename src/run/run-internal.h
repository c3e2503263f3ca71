/* run-internal.h - what run.c and recover.c share: the run's context and
 * the steps that record a run (finalize.c) */
#ifndef PR_RUN_INTERNAL_H
#define PR_RUN_INTERNAL_H

#include <git2.h>
#include <jansson.h>
#include <stdint.h>

#include "base/load.h"
#include "base/schedule.h"
#include "format/spec.h"
#include "repo/pin.h"
#include "run/launcher.h"
#include "run/plan.h"
#include "run/clean.h"
#include "run/ompi_trim.h"
#include "run/run.h"

/* Written when a run starts, removed once it is committed (I3). */
#define RUN_STATE "run-state.json"

/* The reason of a run a signal stopped, as run and recover record it. */
#define RUN_SIGNAL_REASON "interrupted by a signal (SIGINT or SIGTERM)"

/* Everything one run carries from start to commit. */
typedef struct {
	git_repository *repo;
	const pr_run_opts *opts;
	pr_spec *spec;
	pr_pin pin;
	pr_run_plan plan; /* from spec and pin, once (plan.h) */
	char run_id[40];
	char *run_dir;	     /* absolute runs/NAME/RUNID */
	char *rel_dir;	     /* runs/NAME/RUNID */
	char *work_dir;	     /* scratch for plans, logs and per-launch output */
	pr_ompi_trim trim;   /* Open MPI components left out (ompi_trim.h) */
	json_t *invocations; /* manifest records, one per launch done */
	const char *status;
	char *reason;		 /* why the run is not complete, or NULL */
	json_t *recovered;	 /* set when `prereg recover` records the run */
	json_t *busy_at_start;	 /* the machine before the run (DESIGN 7) */
	pr_load_sample prepared; /* when the run's preparation began */
	const pr_launcher *launcher; /* --launcher */
	char *script;	/* the launcher's file in the run directory, or NULL */
	pr_clean clean; /* the measuring code, when not committed (clean.h) */
	int64_t started, finished;
	int64_t t_begin; /* CLOCK_MONOTONIC at the first launch */
	/* HEAD when the run began (its commit and the branch it names, NULL
	 * when detached); has_head 0 when not taken (a recovered run) */
	int has_head;
	git_oid head;
	char *head_ref;
} run_ctx;

/* runs/NAME/RUNID/launch-NNNN.EXT (caller frees). */
char *pr_run_launch_file(const run_ctx *rc, size_t k, const char *ext);

/*
 * Archive, manifest, ledger line, then the commit (unless no_commit);
 * run-state.json goes last, so that whatever stops this midway leaves a
 * directory that `prereg recover` completes. Says what is kept on failure.
 * When HEAD was marked (pr_run_head_mark) and has moved since (a pin or a
 * commit made during the run), nothing is committed: PR_EREFUSED, the run
 * recorded and left to `prereg recover`.
 */
int pr_run_finalize(run_ctx *rc);

/*
 * Take HEAD as the run begins (rc->head, rc->head_ref), for
 * pr_run_finalize to refuse a commit on a HEAD that moved meanwhile.
 */
int pr_run_head_mark(run_ctx *rc);

/* Commit the run's files and the ledger as a child of HEAD. */
int pr_run_commit(run_ctx *rc);

/* Remove what only an unrecorded run needs from its directory. */
void pr_run_drop_scratch(const run_ctx *rc);

/* Remove run-state.json: the run is recorded (and committed). */
void pr_run_state_done(const run_ctx *rc);

/*
 * What the run reads of the pinned prediction and spec blobs (rows per
 * rank, rows_list = auto, replayed delays) into rc->plan; a pinned
 * prediction the run cannot use is refused (I1); under a local launcher
 * (rc->launcher set first) a warning when its calibration recorded
 * another TCP congestion control than this host's. plan.c.
 */
int pr_run_load_pinned(run_ctx *rc);

/* rc->plan.plans built, each checked against prereg-rank's rules (and the
 * original's, --as-original): PR_EINPUT or PR_EREFUSED. plan.c. */
int pr_run_check_plans(run_ctx *rc);

/* Warn of the configs whose ranks share cores under mpirun. plan.c. */
void pr_run_warn_sharing(const run_ctx *rc);

/* Free what rc owns (and its scratch directory once a run id exists). */
void pr_run_ctx_free(run_ctx *rc);

#endif
