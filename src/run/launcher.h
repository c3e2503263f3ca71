/* launcher.h - the launchers (mpirun, slurm) behind one table: what each
 * needs, checks, keeps with a run, runs and shows in a dry run */
#ifndef PR_LAUNCHER_H
#define PR_LAUNCHER_H

#include <jansson.h>
#include <signal.h>

#include "base/child.h"

struct pr_run_plan;

/* One launch: the plan's rank_bin runs the plan file of `config`. */
typedef struct {
	const struct pr_run_plan *run; /* the run's plan (plan.h) */
	int config;
	const char *plan;
	const char *prefix; /* scratch path prefix for the launch's own files */
	const char *log;    /* the launch's output, appended */
	const char *script; /* the file `prepare` wrote for the run, or NULL */
	double timeout_s;
	volatile sig_atomic_t *stop; /* a signal handler's flag: end it */
	int progress;		     /* say on stderr how it goes */
	/* "K=V" the launch's environment adds (ompi_trim.h), or NULL */
	char *const *env;
} pr_launch_req;

/* What a launch did; pr_launch_result_free releases it. */
typedef struct {
	pr_argv argv;	/* the command as the manifest records it */
	int status;	/* 0 when it succeeded */
	int timed_out;	/* ended by req->timeout_s */
	json_t *record; /* launches[i].<launcher name> in the manifest, or
			   NULL */
} pr_launch_result;

void pr_launch_result_free(pr_launch_result *r);

typedef struct {
	const char *name;
	const char *const *progs; /* the programs it runs, NULL-terminated */
	const char *needs;	  /* where they come from, for messages */
	/* its ranks run on this machine as prereg's descendants, so what
	 * else used the machine is measured (DESIGN 7) */
	int local;
	/* the name of the file `prepare` writes in the run directory and
	 * the run commits, or NULL when it writes none */
	const char *script;
	/* Before anything is created: PR_EINPUT with a message when this
	 * machine or spec cannot run. */
	int (*check)(const struct pr_run_plan *plan);
	/* The text of `script` (caller frees); NULL when script is NULL. */
	char *(*prepare)(const struct pr_run_plan *plan);
	/* One launch; out is filled even when it fails (status nonzero).
	 * Negative when it could not be started or followed. */
	int (*run)(pr_launch_result *out, const pr_launch_req *req);
	/* Print on stdout what each launch of the schedule would run. */
	int (*dry_run)(const struct pr_run_plan *plan);
} pr_launcher;

extern const pr_launcher pr_launcher_mpirun; /* launch.c */
extern const pr_launcher pr_launcher_slurm;  /* slurm.c */

/* Every launcher, in the order "(known: ...)" lists them, NULL-ended. */
extern const pr_launcher *const pr_launchers[];

/* The launcher named name (borrowed), or NULL. */
const pr_launcher *pr_launcher_find(const char *name);

/* *out: the launcher named name. PR_EINPUT with a message listing the
 * known ones when there is none. */
int pr_launcher_lookup(const pr_launcher **out, const char *name);

#endif
