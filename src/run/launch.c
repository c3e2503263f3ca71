/* launch.c - the mpirun launcher, and the launchers' programs on PATH */
#include "run/launch.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/device.h"
#include "base/mca.h"
#include "base/util.h"
#include "format/spec.h"
#include "format/workload.h"
#include "run/command.h"
#include "run/launcher.h"
#include "run/plan.h"

/* Workloads whose ranks wait for one another on purpose (arrival
 * patterns): their waiting ranks must not spin. */
static int waits_idle(const pr_spec *spec)
{
	return pr_workload_has_arrival(spec->workload);
}

/* Does a group run worker threads (cpu-blocks:T)? Its ranks need more
 * than the one core --bind-to core gives. */
static int has_threads(const pr_spec *spec)
{
	int g;

	for (g = 0; g < spec->ngroups; g++)
		if (pr_device_blocks_threads(spec->groups[g].device))
			return 1;
	return 0;
}

void pr_launch_mpirun(pr_launch_cmd *out, const pr_run_plan *p, int config,
		      const char *plan)
{
	const pr_spec *spec = p->spec;
	int ncores = p->ncores;

	memset(out, 0, sizeof(*out));
	pr_argv_push(&out->argv, "mpirun");
	pr_argv_push(&out->argv, "-np");
	pr_argv_pushf(&out->argv, "%d", spec->nranks);
	if (spec->nranks > ncores)
		pr_argv_push(&out->argv, "--oversubscribe");
	out->pin_core0 = p->config[config].packed;
	pr_argv_push(&out->argv, "--bind-to");
	pr_argv_push(&out->argv, !out->pin_core0 && spec->nranks <= ncores &&
					 !has_threads(spec)
				     ? "core"
				     : "none");
	/* Ranks that share a core must yield when they wait, as Open MPI
	 * makes them when it knows it oversubscribes: it cannot know under
	 * the taskset of packed, and a spinning rank then holds the core for
	 * its whole time slice (8 ms a round trip here instead of 12 us).
	 * The ranks of arrival and dp-step yield too (auto): their early
	 * ranks wait in MPI for the late ones, which must have the cores. */
	if (spec->yield == PR_YIELD_YES ||
	    (spec->yield == PR_YIELD_AUTO &&
	     (out->pin_core0 || spec->nranks > ncores || waits_idle(spec)))) {
		pr_argv_push(&out->argv, "--mca");
		pr_argv_push(&out->argv, "mpi_yield_when_idle");
		pr_argv_push(&out->argv, "1");
	}
	pr_mca_mpirun_args(&out->argv,
			   pr_mca_find(pr_mca_transports, pr_mca_ntransports,
				       p->config[config].transport));
	pr_mca_mpirun_args(&out->argv,
			   pr_mca_find(pr_mca_algorithms, pr_mca_nalgorithms,
				       p->config[config].algorithm));
	if (pr_workload_is_command(spec->workload)) {
		/* the launch's own files share the plan's prefix */
		size_t n = strlen(plan);
		char *prefix = pr_strdup(plan);

		if (n > 10 && !strcmp(plan + n - 10, ".plan.json"))
			prefix[n - 10] = '\0';
		else if (n > 5 && !strcmp(plan + n - 5, ".json"))
			prefix[n - 5] = '\0';
		pr_run_command_argv(&out->argv, p, config, prefix);
		free(prefix);
		return;
	}
	pr_argv_push(&out->argv, p->rank_bin);
	pr_argv_push(&out->argv, plan);
}

/* Placement packed on CPU: mpirun and so its ranks on core 0 (DESIGN
 * 6.4). In the child, before exec. */
static int pin_core0(void *arg)
{
	cpu_set_t set;

	(void)arg;
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		fprintf(stderr, "prereg: cannot pin to core 0: %s\n",
			strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * mpirun in its own process group with its output appended to the log;
 * as root with Open MPI's root variables. The launch ends with prereg,
 * even a killed one (SIGKILL): no orphaned mpirun goes on loading the
 * cores of the next run; ranks that outlive mpirun are reaped.
 */
static int mpirun_run(pr_launch_result *out, const pr_launch_req *req)
{
	pr_argv env = {0};
	pr_launch_cmd cmd;
	pr_child c = {0};
	int logfd, error;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->status = -1;
	pr_launch_mpirun(&cmd, req->run, req->config, req->plan);
	out->argv = cmd.argv;
	logfd = open(req->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
	if (logfd < 0)
		return pr_error("cannot create '%s': %s", req->log,
				strerror(errno));
	c.argv = cmd.argv.v;
	if (geteuid() == 0) {
		pr_argv_push(&env, "OMPI_ALLOW_RUN_AS_ROOT=1");
		pr_argv_push(&env, "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1");
	}
	for (i = 0; req->env && req->env[i]; i++)
		pr_argv_push(&env, req->env[i]);
	c.env = env.v;
	c.out = c.err = logfd;
	c.own_group = 1;
	c.death_sig = SIGTERM;
	c.reap_orphans = 1;
	c.timeout_s = req->timeout_s;
	c.stop = req->stop;
	c.pre_exec = cmd.pin_core0 ? pin_core0 : NULL;
	error = pr_child_run(&c);
	close(logfd);
	pr_argv_free(&env);
	out->status = c.status;
	out->timed_out = c.timed_out;
	return error;
}

static int mpirun_check(const pr_run_plan *p)
{
	(void)p;
	return pr_launch_check("mpirun");
}

static int mpirun_dry_run(const pr_run_plan *p)
{
	size_t k;

	if (pr_workload_is_command(p->spec->workload))
		printf("schedule seed %llu: %d launches x %d configs, each one "
		       "run of the program (its first %d calls of each "
		       "operation and matches of each figure warm up)\n",
		       (unsigned long long)p->sched.seed, p->launches,
		       p->nconfigs, p->warmup);
	else
		printf("schedule seed %llu: %d launches x %d configs, each %d "
		       "warmup + %d reps\n",
		       (unsigned long long)p->sched.seed, p->launches,
		       p->nconfigs, p->warmup, p->reps);
	for (k = 0; k < p->sched.ninv; k++) {
		const pr_invocation *inv = &p->sched.inv[k];
		pr_launch_cmd cmd;
		char *line;

		pr_launch_mpirun(&cmd, p, inv->config, "PLAN.json");
		line = pr_argv_join(&cmd.argv);
		printf("[%zu] launch %d config %d (%s) seed %llu:\n  %s%s\n", k,
		       inv->launch, inv->config, p->config[inv->config].label,
		       (unsigned long long)inv->seed,
		       cmd.pin_core0 ? "taskset -c 0 " : "", line);
		free(line);
		pr_argv_free(&cmd.argv);
	}
	return PR_OK;
}

static const char *const mpirun_progs[] = {"mpirun", NULL};

const pr_launcher pr_launcher_mpirun = {
    .name = "mpirun",
    .progs = mpirun_progs,
    .needs = "Open MPI's mpirun (Debian: openmpi-bin)",
    .local = 1,
    .check = mpirun_check,
    .run = mpirun_run,
    .dry_run = mpirun_dry_run,
};
int pr_launch_executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, X_OK) == 0;
}

char *pr_launch_find(const char *prog, int absolute_only)
{
	const char *path = getenv("PATH"), *dir, *colon;
	char *found = NULL;

	if (strchr(prog, '/'))
		return pr_launch_executable(prog) ? pr_strdup(prog) : NULL;
	if (!path)
		path = "/bin:/usr/bin";
	for (dir = path; dir && !found; dir = colon ? colon + 1 : NULL) {
		size_t len;
		char *p;

		colon = strchr(dir, ':');
		len = colon ? (size_t)(colon - dir) : strlen(dir);
		if (absolute_only && (!len || dir[0] != '/'))
			continue;
		p = len ? pr_asprintf("%.*s/%s", (int)len, dir, prog)
			: pr_strdup(prog);
		if (pr_launch_executable(p))
			found = p;
		else
			free(p);
	}
	return found;
}

int pr_launch_on_path(const char *prog)
{
	char *p = pr_launch_find(prog, 0);

	free(p);
	return p != NULL;
}

const char *pr_launch_missing(const char *launcher)
{
	const pr_launcher *l = pr_launcher_find(launcher);
	const char *const *p;

	if (!l)
		return launcher;
	for (p = l->progs; *p; p++)
		if (!pr_launch_on_path(*p))
			return *p;
	return NULL;
}

int pr_launch_check(const char *launcher)
{
	const pr_launcher *l;
	const char *missing;
	int error;

	if ((error = pr_launcher_lookup(&l, launcher)) < 0)
		return error;
	if (!(missing = pr_launch_missing(launcher)))
		return PR_OK;
	return pr_error_code(PR_EINPUT,
			     "'%s' not found on PATH: --launcher %s needs %s",
			     missing, launcher, l->needs);
}

json_t *pr_launch_sharing(const pr_run_plan *p, int config)
{
	int packed = p->config[config].packed, ncores = p->ncores;
	int n = p->spec->nranks, per_core;

	if (ncores < 1)
		ncores = 1;
	per_core = packed ? n : (n + ncores - 1) / ncores;
	return json_pack("{s:i, s:i, s:i, s:b, s:b, s:b}", "cores", ncores,
			 "ranks", n, "ranks_per_core", per_core, "bound",
			 !packed && n <= ncores, "oversubscribed", per_core > 1,
			 "sharing_tested", p->spec->sharing_tested);
}
