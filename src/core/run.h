/* run.h - `prereg run`: check the pin, run the schedule, archive, record */
#ifndef PR_RUN_H
#define PR_RUN_H

#include <git2.h>

typedef struct {
	int launches, reps, warmup; /* < 0: from the spec */
	int quick;		    /* 2 launches x (1 warmup + 3 reps) */
	int no_commit;		    /* leave the run in the work tree */
	int dry_run;	      /* print mpirun lines and the schedule only */
	int progress;	      /* progress on stderr even when not a tty */
	const char *launcher; /* "mpirun" */
} pr_run_opts;

/*
 * Run experiment name in repo (I1 checked first: PR_EREFUSED and nothing
 * launched when the pin does not hold). A run whose launch failed is
 * archived, recorded in the ledger and committed like a complete one, and
 * returns PR_EFAIL. *run_id (may be NULL) receives the run id (caller frees).
 */
int pr_run(char **run_id, git_repository *repo, const char *name,
	   const pr_run_opts *opts);

#endif
