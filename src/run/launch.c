/* launch.c - mpirun command lines, the launchers' programs on PATH, and
 * children through fork/exec */
#include "run/launch.h"

#include <errno.h>
#include <fcntl.h>
#include <hwloc.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "format/spec.h"
#include "base/util.h"

void pr_argv_push(pr_argv *a, const char *s)
{
	if (a->n + 2 > a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		a->v = pr_realloc(a->v, a->cap * sizeof(char *));
	}
	a->v[a->n++] = pr_strdup(s);
	a->v[a->n] = NULL;
}

void pr_argv_pushf(pr_argv *a, const char *fmt, ...)
{
	va_list ap;
	char *s = NULL;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	pr_argv_push(a, s ? s : "");
	free(s);
}

void pr_argv_free(pr_argv *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

static int needs_quotes(const char *s)
{
	if (!*s)
		return 1;
	for (; *s; s++) {
		if (!strchr(
			"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			"0123456789-_./=:,@%+",
			*s))
			return 1;
	}
	return 0;
}

char *pr_argv_join(const pr_argv *a)
{
	size_t i, len = 1;
	char *out, *p;
	const char *s;

	for (i = 0; i < a->n; i++)
		len += 4 * strlen(a->v[i]) + 3;
	out = p = pr_malloc(len);
	for (i = 0; i < a->n; i++) {
		if (i)
			*p++ = ' ';
		if (!needs_quotes(a->v[i])) {
			p = stpcpy(p, a->v[i]);
			continue;
		}
		*p++ = '\'';
		for (s = a->v[i]; *s; s++) {
			if (*s == '\'')
				p = stpcpy(p, "'\\''");
			else
				*p++ = *s;
		}
		*p++ = '\'';
	}
	*p = '\0';
	return out;
}

static const char *const vader_args[] = {"--mca", "pml",	"ob1", "--mca",
					 "btl",	  "self,vader", NULL};
static const char *const tcp_args[] = {
    "--mca", "pml",	 "ob1",	  "--mca",
    "btl",   "self,tcp", "--mca", "btl_tcp_if_include",
    "lo",    NULL};
/* Open MPI 4.1 only selects pml ucx for the devices in pml_ucx_devices
 * (default mlx*) and tls in pml_ucx_tls: "any" lets it run on shared memory */
static const char *const ucx_args[] = {"--mca",
				       "pml",
				       "ucx",
				       "--mca",
				       "pml_ucx_tls",
				       "any",
				       "--mca",
				       "pml_ucx_devices",
				       "any",
				       "-x",
				       "UCX_TLS=sm,self",
				       NULL};
static const char *const default_args[] = {NULL};

static const struct {
	const char *name;
	const char *const *args;
} transports[] = {
    {"vader", vader_args},
    {"tcp", tcp_args},
    {"ucx", ucx_args},
    {"default", default_args},
};

const char *const *pr_launch_transport_args(const char *transport)
{
	size_t i;

	for (i = 0; i < sizeof(transports) / sizeof(transports[0]); i++) {
		if (!strcmp(transports[i].name, transport))
			return transports[i].args;
	}
	return NULL;
}

void pr_launch_mpirun(pr_launch_cmd *out, const pr_spec *spec, int config,
		      const char *rank_bin, const char *plan, int ncores)
{
	const char *transport = pr_spec_transport(spec, config);
	const char *placement = pr_spec_placement(spec, config);
	const char *const *t = pr_launch_transport_args(transport);

	memset(out, 0, sizeof(*out));
	pr_argv_push(&out->argv, "mpirun");
	pr_argv_push(&out->argv, "-np");
	pr_argv_pushf(&out->argv, "%d", spec->nranks);
	if (spec->nranks > ncores)
		pr_argv_push(&out->argv, "--oversubscribe");
	out->pin_core0 = !strcmp(placement, "packed");
	pr_argv_push(&out->argv, "--bind-to");
	pr_argv_push(&out->argv, !out->pin_core0 && spec->nranks <= ncores
				     ? "core"
				     : "none");
	for (; t && *t; t++)
		pr_argv_push(&out->argv, *t);
	if (!strcmp(spec->algorithm, "ring")) {
		pr_argv_push(&out->argv, "--mca");
		pr_argv_push(&out->argv, "coll_tuned_use_dynamic_rules");
		pr_argv_push(&out->argv, "1");
		pr_argv_push(&out->argv, "--mca");
		pr_argv_push(&out->argv, "coll_tuned_allreduce_algorithm");
		pr_argv_push(&out->argv, "4");
	}
	pr_argv_push(&out->argv, rank_bin);
	pr_argv_push(&out->argv, plan);
}

static void child_exec(const pr_launch_cmd *cmd, int logfd)
{
	cpu_set_t set;

	setpgid(0, 0);
	/* the launch ends with prereg, even a killed one (SIGKILL): no
	 * orphaned mpirun goes on loading the cores of the next run */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	dup2(logfd, STDOUT_FILENO);
	dup2(logfd, STDERR_FILENO);
	close(logfd);
	if (geteuid() == 0) {
		setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
		setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
	}
	if (cmd->pin_core0) {
		CPU_ZERO(&set);
		CPU_SET(0, &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0) {
			fprintf(stderr, "prereg: cannot pin to core 0: %s\n",
				strerror(errno));
			_exit(126);
		}
	}
	execvp(cmd->argv.v[0], cmd->argv.v);
	fprintf(stderr, "prereg: cannot run '%s': %s\n", cmd->argv.v[0],
		strerror(errno));
	_exit(127);
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

/* Our children (orphaned ranks reparented to us) from /proc; kill them. */
static int kill_children(int sig)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)) != NULL) {
		char path[64], line[256];
		long pid = strtol(e->d_name, NULL, 10), ppid = -1;
		FILE *f;

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%ld/status", pid);
		if (!(f = fopen(path, "r")))
			continue;
		while (fgets(line, sizeof(line), f)) {
			if (sscanf(line, "PPid: %ld", &ppid) == 1)
				break;
		}
		fclose(f);
		if (ppid == (long)getpid()) {
			kill((pid_t)pid, sig);
			n++;
		}
	}
	if (d)
		closedir(d);
	return n;
}

/*
 * Ranks that outlive mpirun (it exits once it has signalled them) are
 * reparented to us, the subreaper: reap them, and after 5 s kill what is
 * left, so that no rank of one launch runs into the next.
 */
static void reap_orphans(void)
{
	int64_t t0 = pr_mono_ns();
	int st;

	for (;;) {
		pid_t got = waitpid(-1, &st, WNOHANG);
		if (got < 0 && errno == ECHILD)
			return;
		if (got > 0)
			continue;
		if (pr_mono_ns() - t0 > 5000000000LL)
			kill_children(SIGKILL);
		sleep_ms(20);
	}
}

int pr_launch_run(int *status, int *timed_out, const pr_launch_cmd *cmd,
		  const char *log_path, double timeout_s,
		  volatile sig_atomic_t *stop)
{
	int logfd, wstatus = 0;
	int64_t t0 = pr_mono_ns(), term_at = 0;
	pid_t pid, got;

	*status = -1;
	*timed_out = 0;
	logfd = open(log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	if (logfd < 0)
		return pr_error("cannot create '%s': %s", log_path,
				strerror(errno));
	fflush(NULL);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	pid = fork();
	if (pid < 0) {
		close(logfd);
		return pr_error("cannot fork: %s", strerror(errno));
	}
	if (pid == 0)
		child_exec(cmd, logfd);
	close(logfd);
	setpgid(pid, pid);
	for (;;) {
		got = waitpid(pid, &wstatus, WNOHANG);
		if (got == pid)
			break;
		if (got < 0 && errno != EINTR)
			return pr_error("cannot wait for mpirun: %s",
					strerror(errno));
		if (!term_at &&
		    ((stop && *stop) ||
		     (timeout_s > 0 &&
		      (double)(pr_mono_ns() - t0) * 1e-9 > timeout_s))) {
			*timed_out = !(stop && *stop);
			kill(-pid, SIGTERM);
			term_at = pr_mono_ns();
		} else if (term_at && pr_mono_ns() - term_at > 5000000000LL) {
			kill(-pid, SIGKILL);
		}
		sleep_ms(20);
	}
	reap_orphans();
	if (WIFEXITED(wstatus))
		*status = WEXITSTATUS(wstatus);
	else if (WIFSIGNALED(wstatus))
		*status = 128 + WTERMSIG(wstatus);
	return PR_OK;
}

int pr_launch_capture(char **out, int *status, char *const argv[])
{
	size_t len = 0, cap = 0;
	char *buf = NULL;
	int fds[2], ws = 0;
	ssize_t n;
	pid_t pid;

	*out = NULL;
	*status = -1;
	if (pipe(fds) < 0)
		return pr_error("cannot run '%s': %s", argv[0],
				strerror(errno));
	fflush(NULL);
	if ((pid = fork()) < 0) {
		close(fds[0]);
		close(fds[1]);
		return pr_error("cannot fork: %s", strerror(errno));
	}
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	do {
		if (cap - len < 4096)
			buf = pr_realloc(buf, cap = cap * 2 + 4096);
		n = read(fds[0], buf + len, cap - len - 1);
		if (n > 0)
			len += (size_t)n;
	} while (n > 0 || (n < 0 && errno == EINTR));
	close(fds[0]);
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	buf[len] = '\0';
	*out = buf;
	*status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
	return PR_OK;
}

/* The programs each launcher runs itself, and where Debian has them. */
static const char *const mpirun_progs[] = {"mpirun", NULL};
static const char *const slurm_progs[] = {
    "sbatch", "srun", "squeue", "scontrol", "sinfo", "scancel", NULL};
static const struct {
	const char *name;
	const char *const *progs; /* NULL-terminated */
	const char *needs;	  /* what the message says it needs */
} launchers[] = {
    {"mpirun", mpirun_progs, "Open MPI's mpirun (Debian: openmpi-bin)"},
    {"slurm", slurm_progs,
     "Slurm's client commands (Debian: slurm-client), or use --launcher "
     "mpirun"},
};

#define NLAUNCHERS (sizeof(launchers) / sizeof(launchers[0]))

static int is_executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, X_OK) == 0;
}

int pr_launch_on_path(const char *prog)
{
	const char *path = getenv("PATH"), *dir, *colon;
	int found = 0;

	if (strchr(prog, '/'))
		return is_executable(prog);
	if (!path)
		path = "/bin:/usr/bin";
	for (dir = path; dir && !found; dir = colon ? colon + 1 : NULL) {
		size_t len;
		char *p;

		colon = strchr(dir, ':');
		len = colon ? (size_t)(colon - dir) : strlen(dir);
		p = len ? pr_asprintf("%.*s/%s", (int)len, dir, prog)
			: pr_strdup(prog);
		found = is_executable(p);
		free(p);
	}
	return found;
}

static int launcher_index(const char *launcher)
{
	size_t i;

	for (i = 0; i < NLAUNCHERS; i++)
		if (!strcmp(launchers[i].name, launcher))
			return (int)i;
	return -1;
}

const char *pr_launch_missing(const char *launcher)
{
	int i = launcher_index(launcher);
	const char *const *p;

	if (i < 0)
		return launcher;
	for (p = launchers[i].progs; *p; p++)
		if (!pr_launch_on_path(*p))
			return *p;
	return NULL;
}

int pr_launch_check(const char *launcher)
{
	const char *missing;
	int i = launcher_index(launcher);

	if (i < 0) {
		char known[64] = "";
		size_t k;

		for (k = 0; k < NLAUNCHERS; k++) {
			strcat(known, k ? ", " : "");
			strcat(known, launchers[k].name);
		}
		return pr_error_code(PR_EINPUT,
				     "unknown launcher '%s' (known: %s)",
				     launcher, known);
	}
	if (!(missing = pr_launch_missing(launcher)))
		return PR_OK;
	return pr_error_code(PR_EINPUT,
			     "'%s' not found on PATH: --launcher %s needs %s",
			     missing, launcher, launchers[i].needs);
}

int pr_launch_ncores(void)
{
	hwloc_topology_t topo;
	int n;

	if (hwloc_topology_init(&topo) < 0)
		return 1;
	if (hwloc_topology_load(topo) < 0) {
		hwloc_topology_destroy(topo);
		return 1;
	}
	n = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
	hwloc_topology_destroy(topo);
	return n > 0 ? n : 1;
}
