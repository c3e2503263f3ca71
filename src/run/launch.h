/* launch.h - the mpirun launcher: its command line for a config, and the
 * launchers' programs on PATH */
#ifndef PR_LAUNCH_H
#define PR_LAUNCH_H

#include <jansson.h>

#include "base/child.h"

struct pr_run_plan;

typedef struct {
	pr_argv argv;
	int pin_core0; /* run mpirun with CPU affinity {0} (placement packed) */
} pr_launch_cmd;

/*
 * The mpirun command that runs the plan's rank_bin PLAN for `config` on
 * this machine with the plan's ncores cores: the transport's and the
 * algorithm's MCA settings (base/mca.h), placement as DESIGN 6.4 says.
 * out->argv is owned by the caller.
 */
void pr_launch_mpirun(pr_launch_cmd *out, const struct pr_run_plan *p,
		      int config, const char *plan);

/*
 * Is prog an executable file that execvp would find: in a directory of
 * PATH (an empty entry is the current directory; no PATH: /bin:/usr/bin),
 * or at prog itself when it holds a '/'? 1 yes, 0 no.
 */
int pr_launch_on_path(const char *prog);

/* Where pr_launch_on_path finds prog (caller frees), or NULL; with
 * absolute_only, relative and empty PATH entries (the current
 * directory) are skipped. */
char *pr_launch_find(const char *prog, int absolute_only);

/* A regular file (a link followed) we may execute: 1 yes, 0 no. */
int pr_launch_executable(const char *path);

/*
 * The first program that the launcher ("mpirun" or "slurm") runs and
 * pr_launch_on_path does not find, or NULL when it finds them all (a
 * static string). mpirun needs mpirun; slurm needs sbatch, srun, squeue,
 * scontrol, sinfo and scancel. An unknown launcher: its own name.
 */
const char *pr_launch_missing(const char *launcher);

/*
 * Before anything is created: every program of the launcher is on PATH.
 * PR_EINPUT with a message naming the first missing program and the
 * Debian package that provides it (openmpi-bin, slurm-client), or the
 * unknown launcher; PR_OK otherwise.
 */
int pr_launch_check(const char *launcher);

/*
 * How config's ranks share the plan's ncores cores of this machine under the
 * mpirun placement rules above (DESIGN 6.4): {"cores", "ranks",
 * "ranks_per_core" (packed: all; spread: ceil(ranks / cores)), "bound"
 * (one rank per core, bound), "oversubscribed" (more than one rank per
 * core), "sharing_tested" (the spec says sharing is its subject)}.
 */
json_t *pr_launch_sharing(const struct pr_run_plan *p, int config);

#endif
