/* run.h - `prereg run`: check the pin, run the schedule, archive, record */
#ifndef PR_RUN_H
#define PR_RUN_H

#include <git2.h>
#include <jansson.h>

/*
 * A run made with the measuring code of an earlier run (`prereg repro
 * --as-original`, original.h): prereg-rank as built at the commit that
 * made that run. Everything is borrowed.
 */
typedef struct {
	const char *run_id;   /* the run it reproduces */
	const char *version;  /* that prereg-rank's git describe */
	const char *rank_bin; /* its path; NULL when recovering */
	const json_t
	    *plan_keys; /* object: the keys the original's plans hold */
} pr_run_original;

typedef struct {
	int launches, reps, warmup; /* < 0: from the spec */
	int quick;		    /* 2 launches x (1 warmup + 3 reps) */
	int no_commit;		    /* leave the run in the work tree */
	int dry_run;  /* print mpirun lines and the schedule only */
	int progress; /* progress on stderr even when not a tty */
	/* "mpirun", "slurm"; NULL: slurm when the spec's rank groups name
	 * their partitions ([ranks] group = cpu*4@PART), else mpirun */
	const char *launcher;
	int wait;     /* wait for the run lock instead of refusing */
	int detached; /* allow a run commit on a detached HEAD */
	const pr_run_original *original; /* NULL: this prereg's runner */
	int wait_idle; /* seconds to wait for a quiet machine */
	/* launch even when mpirun's rank groups need GPUs that this host's
	 * prereg-rank does not see (devices.h) */
	int force;
	/* run with uncommitted measuring code, committing its patch
	 * (clean.h) */
	int allow_dirty;
	/* keep the Open MPI components ompi_trim.h leaves out */
	int all_components;
} pr_run_opts;

/*
 * Run experiment name in repo (I1 checked first: PR_EREFUSED and nothing
 * launched when the pin does not hold). Holds the repository's run lock
 * (lock.h) from the checks to the commit: PR_EREFUSED when another run
 * holds it, unless opts->wait. Refuses (PR_EREFUSED) a repository that
 * cannot take the commit (gitcheck.h), records the experiment's unfinished
 * runs first (pr_run_recover), and refuses (PR_EFAIL) when the file system
 * cannot hold the run. Each launch is kept in the run directory as it
 * completes. A run whose launch failed is archived, recorded in the ledger
 * and committed like a complete one, and returns PR_EFAIL. *run_id (may be
 * NULL) receives the run id (caller frees).
 */
int pr_run(char **run_id, git_repository *repo, const char *name,
	   const pr_run_opts *opts);

/*
 * Record the runs of NAME that a prereg ended before recording (killed,
 * power lost, out of space, a failed commit): each directory that still
 * holds run-state.json gets its manifest (status complete, failed or
 * interrupted, with the reason and a "recovered" note), its archive of the
 * launches kept, its ledger line and its commit, as the run itself would
 * have. The caller holds the run lock. *recovered (may be NULL) counts
 * them.
 */
int pr_run_recover(size_t *recovered, git_repository *repo, const char *name);

/* The run ids of NAME whose directory holds run-state.json (a run in
 * progress, or one to recover), sorted; the caller frees each and the
 * array. */
int pr_run_unfinished(char ***run_ids, size_t *n, git_repository *repo,
		      const char *name);

#endif
