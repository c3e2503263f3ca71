/* launch.h - mpirun command lines for a config, the launchers' programs on
 * PATH, and children run through fork/exec (never a shell) */
#ifndef PR_LAUNCH_H
#define PR_LAUNCH_H

#include <signal.h>
#include <stddef.h>

struct pr_spec;

/* A growable, NULL-terminated argv. */
typedef struct {
	char **v;
	size_t n, cap;
} pr_argv;

void pr_argv_push(pr_argv *a, const char *s);
void pr_argv_pushf(pr_argv *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void pr_argv_free(pr_argv *a);
/* The argv as one shell-quoted line (caller frees), for --dry-run and
 * manifests. */
char *pr_argv_join(const pr_argv *a);

/* MCA arguments of a transport (DESIGN 6.4); NULL for an unknown one. */
const char *const *pr_launch_transport_args(const char *transport);

typedef struct {
	pr_argv argv;
	int pin_core0; /* run mpirun with CPU affinity {0} (placement packed) */
} pr_launch_cmd;

/*
 * The mpirun command that runs rank_bin PLAN for `config` of spec on this
 * machine with `ncores` cores. out->argv is owned by the caller.
 */
void pr_launch_mpirun(pr_launch_cmd *out, const struct pr_spec *spec,
		      int config, const char *rank_bin, const char *plan,
		      int ncores);

/*
 * Run cmd with stdout and stderr appended to log_path. Open MPI's root
 * variables are set in the child when running as root. The child runs in
 * its own process group; when *stop becomes nonzero (a signal handler) or
 * timeout_s passes, it gets SIGTERM, then SIGKILL 5 s later.
 * *status receives the exit code (128+signal when killed); *timed_out is
 * set when the timeout fired.
 */
int pr_launch_run(int *status, int *timed_out, const pr_launch_cmd *cmd,
		  const char *log_path, double timeout_s,
		  volatile sig_atomic_t *stop);

/*
 * Run argv (no shell) and capture its standard output (NUL-terminated,
 * caller frees) and exit status; stderr goes to ours. PR_EFAIL when it
 * cannot be started.
 */
int pr_launch_capture(char **out, int *status, char *const argv[]);

/*
 * Is prog an executable file that execvp would find: in a directory of
 * PATH (an empty entry is the current directory; no PATH: /bin:/usr/bin),
 * or at prog itself when it holds a '/'? 1 yes, 0 no.
 */
int pr_launch_on_path(const char *prog);

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

/* Number of physical cores (hwloc), at least 1. */
int pr_launch_ncores(void);

#endif
