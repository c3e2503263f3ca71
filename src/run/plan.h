/* plan.h - a run planned once from the spec and the pin: what every
 * launch reads (configs, schedule, counts, runner, the plans' JSON) */
#ifndef PR_PLAN_H
#define PR_PLAN_H

#include <jansson.h>

#include "base/schedule.h"
#include "format/spec.h"
#include "run/run.h"

/* One config of the run as the launches read it; the strings are the
 * spec's (borrowed), label is owned. */
typedef struct {
	const char *transport, *placement, *algorithm, *sync, *pattern;
	const pr_launch_setting *launch;
	char *label;
	int packed; /* placement packed */
} pr_plan_config;

/* The run's plan: pr_run_plan_free releases what it owns. */
typedef struct pr_run_plan {
	/* the fixed facts: name, path, ranks, groups, [slurm] (borrowed) */
	const pr_spec *spec;
	int nconfigs;
	pr_plan_config *config;
	pr_schedule sched;
	int launches, reps, warmup, quick;
	int ncores;	/* this machine's cores (mpirun's placement) */
	char *rank_bin; /* the runner every launch runs */
	/* workload command (run/command.h): the program of [command] argv
	 * as found, and the profiling library that times it */
	char *program, *pmpi_lib;
	char *root; /* the work tree's root, where [command] inputs are */
	/* the record of what ran (run/command.h): the program's path,
	 * SHA-256 and Debian package, and the libraries its ranks mapped */
	json_t *binary;
	json_t *rows_per_rank; /* row-split: from the pinned prediction */
	json_t *rows_list;     /* rows_list = auto: from the prediction */
	json_t *replay_ns;     /* [arrival] replay: the replayed delays */
	const pr_run_original *original; /* NULL: this prereg's runner */
	/* prereg-rank's plan of each invocation, in schedule order, its
	 * "out" still "PLAN" (pr_run_plan_launches) */
	json_t *plans;
} pr_run_plan;

/* The configs of spec (borrowed for the plan's life), the spec's counts,
 * and o's original runner and --quick (o NULL: none); nothing scheduled
 * yet. */
void pr_run_plan_init(pr_run_plan *p, const pr_spec *spec,
		      const pr_run_opts *o);

/* What the run's options make of the plan: the counts of --quick and
 * --launches, --reps, --warmup over the spec's, the schedule
 * (pr_run_plan_schedule), the runner (the original's, else prereg-rank
 * beside this program) and this machine's cores. */
int pr_run_plan_settle(pr_run_plan *p, const pr_run_opts *o,
		       const char *pin_commit);

/* The schedule of p->launches launches of every config, seeded by the
 * spec's name and the pin's commit (I6). */
int pr_run_plan_schedule(pr_run_plan *p, const char *pin_commit);

/* Free what p owns; a zeroed p is a no-op. */
void pr_run_plan_free(pr_run_plan *p);

#endif
