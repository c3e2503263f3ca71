/* slurm.c - the slurm launcher: a heterogeneous batch job per launch */
#include "run/slurm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/mca.h"
#include "base/util.h"
#include "format/spec.h"
#include "format/workload.h"
#include "run/launch.h"
#include "run/launcher.h"
#include "run/command.h"
#include "run/plan.h"

/* A group's value of a [slurm] list: its own, the one for all, or NULL. */
static const char *per_group(char *const *v, int n, int g)
{
	const char *s = n == 1 ? v[0] : g < n ? v[g] : NULL;

	return s && *s ? s : NULL;
}

int pr_slurm_check(const pr_run_plan *plan)
{
	const pr_spec *spec = plan->spec;
	/* sinfo retries for up to a minute when it cannot reach slurmctld */
	char *argv[] = {"sinfo", "-h", "-o", "%R", NULL};
	pr_child sinfo = {.argv = argv, .capture = 1, .timeout_s = 10};
	char *out = NULL;
	int status, g, c, error;

	if ((error = pr_launch_check("slurm")) < 0)
		return error;
	for (c = 0; c < plan->nconfigs; c++)
		if (plan->config[c].packed)
			return pr_error_code(PR_EINPUT,
					     "'%s': placement packed is an "
					     "mpirun placement; under Slurm "
					     "use the [slurm] options",
					     spec->path);
	if ((error = pr_child_run(&sinfo)) < 0)
		return error;
	out = sinfo.output;
	status = sinfo.status;
	if (status != 0 || !*out) {
		free(out);
		return pr_error_code(PR_EINPUT,
				     "Slurm lists no partitions (sinfo exit "
				     "status %d): is slurmctld running?",
				     status);
	}
	for (g = 0; g < spec->ngroups && !error; g++) {
		const char *p =
		    per_group(spec->slurm.partition, spec->slurm.npartition, g);
		char *line, *save = NULL, *copy;
		int found = 0;

		if (!p)
			continue;
		copy = pr_strdup(out);
		for (line = strtok_r(copy, "\n", &save); line && !found;
		     line = strtok_r(NULL, "\n", &save))
			found = !strcmp(line, p);
		free(copy);
		if (!found) {
			char *list = pr_strdup(out), *q;
			for (q = list; *q; q++)
				if (*q == '\n')
					*q = q[1] ? ',' : '\0';
			error = pr_error_code(
			    PR_EINPUT,
			    "'%s': unknown partition '%s' for rank group %d "
			    "(%s%s%d): no such partition here (sinfo lists: "
			    "%s)",
			    spec->path, p, g, spec->groups[g].device,
			    pr_group_star(&spec->groups[g]),
			    spec->groups[g].count, list);
			free(list);
		}
	}
	free(out);
	return error;
}

/* The #SBATCH line of one het component. */
static void component(FILE *f, const pr_spec *spec, int g)
{
	const char *part =
	    per_group(spec->slurm.partition, spec->slurm.npartition, g);
	const char *nodes = per_group(spec->slurm.nodes, spec->slurm.nnodes, g);
	const char *gres = per_group(spec->slurm.gres, spec->slurm.ngres, g);

	fprintf(f, "#SBATCH --ntasks=%d --time=%d", spec->groups[g].count,
		spec->slurm.time_min);
	if (part)
		fprintf(f, " --partition=%s", part);
	if (nodes)
		fprintf(f, " --nodes=%s", nodes);
	if (gres)
		fprintf(f, " --gres=%s", gres);
	if (spec->slurm.sbatch)
		fprintf(f, " %s", spec->slurm.sbatch);
	fprintf(f, "\n");
}

/* Runs every task; an empty $RCDIR.up/$SLURM_PROCID says it started, its
 * exit status goes to $RCDIR/$SLURM_PROCID. */
static const char task[] =
    "T='export OMPI_MCA_btl_vader_backing_directory=$PMIX_SERVER_TMPDIR\n"
    ": >\"$RCDIR.up/$SLURM_PROCID\"\n"
    "\"$@\"; r=$?; echo $r >\"$RCDIR/$SLURM_PROCID\"\n"
    "trap \"exit $r\" TERM; sleep $D & wait $!; exit $r'\n";

/* Workload command's task: the program in the launch's directory, the
 * profiling library preloaded into it alone (not into srun or bash). */
static const char command_task[] =
    "T='export OMPI_MCA_btl_vader_backing_directory=$PMIX_SERVER_TMPDIR\n"
    ": >\"$RCDIR.up/$SLURM_PROCID\"\n"
    "cd \"$CWD\" && LD_PRELOAD=$PREREG_PRELOAD \"$@\"; r=$?\n"
    "echo $r >\"$RCDIR/$SLURM_PROCID\"\n"
    "trap \"exit $r\" TERM; sleep $D & wait $!; exit $r'\n";

/* After the srun step: the watchdog (slurm-watchdog.sh says why). */
#include "slurm_watchdog.h"

char *pr_slurm_script(const pr_run_plan *p)
{
	const pr_spec *spec = p->spec;
	int command = pr_workload_is_command(spec->workload);
	char *text = NULL;
	size_t len = 0;
	FILE *f = pr_memstream_open(&text, &len);
	int g;

	fprintf(f,
		"#!/bin/bash\n"
		"# prereg: experiment %s as a Slurm job, one component per "
		"rank group,\n# one MPI_COMM_WORLD over all of them (srun "
		"--mpi=pmix).\n# usage: sbatch slurm.sh %s\n",
		spec->name,
		command ? "CWD RCDIR NENV [NAME=VALUE...] PROGRAM [ARGS...]\n"
			  "# (NENV: how many NAME=VALUE follow)"
			: "RANK_BIN PLAN RCDIR [NAME=VALUE...]");
	fprintf(f, "#SBATCH --job-name=prereg-%s\n", spec->name);
	for (g = 0; g < spec->ngroups; g++) {
		if (g)
			fprintf(f, "#SBATCH hetjob\n");
		component(f, spec, g);
	}
	if (command)
		fprintf(f,
			"CWD=$1 RCDIR=$2 NENV=$3\nshift 3\n"
			"while [ \"$NENV\" -gt 0 ]; do export \"$1\"; shift; "
			"NENV=$((NENV - 1)); done\n");
	else
		fprintf(f, "RANK=$1 PLAN=$2 RCDIR=$3\nshift 3\n"
			   "for kv in \"$@\"; do export \"$kv\"; done\n");
	/* RCDIR exported: the tasks' bash reads it from the environment */
	fprintf(f,
		"N=%d GRACE=10\nexport RCDIR\nrm -rf \"$RCDIR\" \"$RCDIR.up\"; "
		"mkdir -p \"$RCDIR\" \"$RCDIR.up\"\n%s",
		spec->nranks, command ? command_task : task);
	fprintf(f, "srun -K --mpi=pmix");
	for (g = 0; g < spec->ngroups; g++) {
		if (g)
			fprintf(f, " :");
		if (spec->ngroups > 1)
			fprintf(f, " --het-group=%d", g);
		fprintf(f, " bash -c \"D=%d; $T\" - %s", g,
			command ? "\"$@\"" : "\"$RANK\" \"$PLAN\"");
	}
	fprintf(f, " &\n%s", watchdog);
	pr_memstream_close(f);
	return text;
}

void pr_slurm_env(pr_argv *out, const pr_run_plan *p, int config)
{
	/* only when the spec says so: the nodes' hosts and cores are not
	 * known here (the test cluster's three nodes are one host) */
	if (p->spec->yield == PR_YIELD_YES)
		pr_argv_push(out, "OMPI_MCA_mpi_yield_when_idle=1");
	pr_mca_env(out, pr_mca_find(pr_mca_transports, pr_mca_ntransports,
				    p->config[config].transport));
	pr_mca_env(out, pr_mca_find(pr_mca_algorithms, pr_mca_nalgorithms,
				    p->config[config].algorithm));
}

/* The value of key=... in a scontrol -o line (caller frees), or "". */
static char *field(const char *line, const char *key)
{
	size_t k = strlen(key);
	const char *p = line;

	while ((p = strstr(p, key)) != NULL) {
		if ((p == line || p[-1] == ' ') && p[k] == '=') {
			size_t n = strcspn(p + k + 1, " \n");
			char *v = pr_malloc(n + 1);
			memcpy(v, p + k + 1, n);
			v[n] = '\0';
			return v;
		}
		p += k;
	}
	return pr_strdup("");
}

/* How long squeue or scontrol may fail in a row before prereg gives up on
 * the job (s): slurmctld restarting or overloaded makes them fail for a
 * while (each try of squeue waits about 18 s for a controller that is
 * down), and the job runs on meanwhile. */
#define SLURM_ANSWER_S 90.0

/* `scontrol -o show job JOB` (caller frees), asked again while it fails,
 * for up to SLURM_ANSWER_S; NULL when it never answered. */
static char *show_job(const char *job)
{
	char *argv[] = {"scontrol", "-o", "show", "job", (char *)job, NULL};
	int64_t t0 = pr_mono_ns();

	for (;;) {
		char *out = NULL;
		int status;

		if (pr_child_capture(&out, &status, argv) == 0 && status == 0)
			return out;
		free(out);
		if ((double)(pr_mono_ns() - t0) * 1e-9 > SLURM_ANSWER_S)
			return NULL;
		pr_sleep_ms(1000);
	}
}

/* Every component of the job from `scontrol -o show job`. */
static json_t *components(const char *job, int *all_ok)
{
	char *out = show_job(job), *line, *save = NULL;
	json_t *a = json_array();

	*all_ok = 0;
	if (!out)
		return a;
	*all_ok = 1;
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *off = field(line, "HetJobOffset");
		char *state = field(line, "JobState");
		char *code = field(line, "ExitCode");
		char *part = field(line, "Partition");
		char *nodes = field(line, "NodeList");
		char *reason = field(line, "Reason");

		*all_ok &= !strcmp(state, "COMPLETED") && !strcmp(code, "0:0");
		json_array_append_new(
		    a, json_pack("{s:i, s:s, s:s, s:s, s:s, s:s}", "index",
				 *off ? atoi(off) : 0, "partition", part,
				 "nodes", nodes, "state", state, "exit_code",
				 code, "reason", reason));
		free(off);
		free(state);
		free(code);
		free(part);
		free(nodes);
		free(reason);
	}
	if (json_array_size(a) == 0)
		*all_ok = 0;
	free(out);
	return a;
}

/* A warning that says how each component of a failed job ended. */
static void say_components(const char *job, const json_t *a)
{
	char *text = NULL;
	size_t len = 0, i;
	FILE *f = pr_memstream_open(&text, &len);
	json_t *c;

	json_array_foreach(a, i, c)
	{
		fprintf(f, "%scomponent %d (%s on %s) %s, exit code %s",
			i ? "; " : "",
			(int)json_integer_value(json_object_get(c, "index")),
			json_string_value(json_object_get(c, "partition")),
			json_string_value(json_object_get(c, "nodes")),
			json_string_value(json_object_get(c, "state")),
			json_string_value(json_object_get(c, "exit_code")));
		if (strcmp(json_string_value(json_object_get(c, "reason")),
			   "None"))
			fprintf(
			    f, ", reason %s",
			    json_string_value(json_object_get(c, "reason")));
	}
	if (!json_array_size(a))
		fprintf(f, "scontrol did not show it");
	pr_memstream_close(f);
	pr_warn("Slurm job %s did not complete: %s", job, text);
	free(text);
}

static void cancel(const char *job)
{
	char *argv[] = {"scancel", (char *)job, NULL}, *out = NULL;
	int status;

	pr_child_capture(&out, &status, argv);
	free(out);
}

/* The job's state from squeue, "" once it left the queue, or NULL when
 * squeue failed (*status: its exit status): a job that ended is listed
 * no more, but squeue exits 0; it fails when slurmctld does not answer. */
static char *queue_state(const char *job, int *status)
{
	char *argv[] = {"squeue", "-h", "-j", (char *)job, "-o", "%T", NULL};
	char *out = NULL;

	if (pr_child_capture(&out, status, argv) < 0 || *status != 0) {
		free(out);
		return NULL;
	}
	out[strcspn(out, "\n")] = '\0';
	return out;
}

/* Follow job with squeue until it leaves the queue (cancelling it on *stop
 * or after timeout_s: *timed_out); a failing squeue is asked again, for up
 * to SLURM_ANSWER_S. 0 when the job left the queue, -1 when squeue never
 * answered again. */
static int follow(const char *job, int64_t t0, double timeout_s,
		  volatile sig_atomic_t *stop, int progress, int *timed_out)
{
	char *last = pr_strdup("");
	double failing = -1; /* when squeue began failing, or -1 */
	int cancelled = 0, gone = -1;

	while (gone < 0) {
		int qs;
		char *state = queue_state(job, &qs);
		double t = (double)(pr_mono_ns() - t0) * 1e-9;

		if (state && !*state) {
			gone = 0;
		} else if (!state && failing < 0) {
			/* slurmctld did not answer: the job runs on */
			failing = t;
			pr_warn("squeue failed (exit status %d) while job %s "
				"ran; asking again",
				qs, job);
		} else if (!state && t - failing > SLURM_ANSWER_S) {
			pr_warn("squeue has failed for %.0f s (exit status "
				"%d): job %s's end is unknown, so its launch "
				"failed; it may still be running (squeue -j "
				"%s)",
				t - failing, qs, job, job);
			cancel(job);
			gone = 1;
		} else if (state) {
			if (failing >= 0 && progress)
				pr_progress("squeue answers again after %.0f s",
					    t - failing);
			failing = -1;
			if (progress && strcmp(state, last))
				pr_progress("job %s %s (%.1f s)", job, state,
					    t);
			free(last);
			last = pr_strdup(state);
		}
		free(state);
		if (gone < 0 && !cancelled &&
		    ((stop && *stop) || t > timeout_s)) {
			*timed_out = !(stop && *stop);
			cancel(job);
			cancelled = 1;
		}
		if (gone < 0)
			pr_sleep_ms(200);
	}
	free(last);
	return gone ? -1 : 0;
}

int pr_slurm_run(json_t **rec, int *status, int *timed_out, const char *script,
		 char *const *args, const char *log_path, double timeout_s,
		 volatile sig_atomic_t *stop, int progress)
{
	pr_argv sb = {0};
	char *out = NULL, *job;
	int64_t t0 = pr_mono_ns();
	int rc, ok = 0, unanswered, error;

	*rec = NULL;
	*status = 1;
	*timed_out = 0;
	pr_argv_push(&sb, "sbatch");
	pr_argv_push(&sb, "--parsable");
	pr_argv_pushf(&sb, "--output=%s", log_path);
	pr_argv_push(&sb, script);
	for (; args && *args; args++)
		pr_argv_push(&sb, *args);
	error = pr_child_capture(&out, &rc, sb.v);
	pr_argv_free(&sb);
	if (error < 0 || rc != 0) {
		free(out);
		return pr_error("sbatch refused the job (exit status %d)", rc);
	}
	out[strcspn(out, ";\n")] = '\0';
	job = out;
	if (progress)
		pr_progress("submitted Slurm job %s", job);
	unanswered = follow(job, t0, timeout_s, stop, progress, timed_out) < 0;
	*rec =
	    json_pack("{s:s, s:o, s:f}", "job_id", job, "components",
		      unanswered ? json_array() : components(job, &ok),
		      "submit_to_done_s", (double)(pr_mono_ns() - t0) * 1e-9);
	if (unanswered)
		json_object_set_new(*rec, "unanswered", json_true());
	else if (!ok)
		say_components(job, json_object_get(*rec, "components"));
	*status = ok ? 0 : 1;
	free(job);
	return PR_OK;
}

/* Workload command's arguments of slurm.sh: CWD RCDIR NENV, the MCA
 * settings and the profiling library's (PREREG_PRELOAD: what the task
 * preloads), then the program and its words for config. */
static void command_args(pr_argv *args, const pr_run_plan *p, int config,
			 const char *prefix)
{
	const pr_spec *s = p->spec;
	pr_argv env = {0};
	size_t i;
	int w;

	pr_argv_pushf(args, "%s.cwd", prefix);
	pr_argv_pushf(args, "%s.rc", prefix);
	pr_slurm_env(&env, p, config);
	if (s->command_pmpi) {
		pr_argv_pushf(&env, "PREREG_PRELOAD=%s",
			      p->pmpi_lib ? p->pmpi_lib : "libprereg-pmpi.so");
		pr_argv_pushf(&env, "PREREG_PMPI_OUT=%s.pmpi", prefix);
		if (s->command_ops)
			pr_argv_pushf(&env, "PREREG_PMPI_OPS=%s",
				      s->command_ops);
		if (s->command_max_calls)
			pr_argv_pushf(&env, "PREREG_PMPI_MAX_CALLS=%ld",
				      s->command_max_calls);
	}
	pr_argv_pushf(args, "%zu", env.n);
	for (i = 0; i < env.n; i++)
		pr_argv_push(args, env.v[i]);
	pr_argv_free(&env);
	pr_argv_push(args, p->program ? p->program : s->command_argv[0]);
	for (w = 1; w < s->command_argc; w++) {
		char *word = pr_run_command_word(s, w, config);

		pr_argv_push(args, word);
		free(word);
	}
}

/* One launch as one job: slurm.sh RANK_BIN PLAN RCDIR and the MCA
 * settings (workload command: command_args); the manifest records
 * `sbatch slurm.sh ARGS...`. */
static int slurm_launch(pr_launch_result *out, const pr_launch_req *req)
{
	pr_argv args = {0};
	size_t i;
	int error;

	memset(out, 0, sizeof(*out));
	out->status = -1;
	if (pr_workload_is_command(req->run->spec->workload)) {
		command_args(&args, req->run, req->config, req->prefix);
	} else {
		pr_argv_push(&args, req->run->rank_bin);
		pr_argv_push(&args, req->plan);
		pr_argv_pushf(&args, "%s.rc", req->prefix);
		pr_slurm_env(&args, req->run, req->config);
	}
	error = pr_slurm_run(&out->record, &out->status, &out->timed_out,
			     req->script, args.v, req->log, req->timeout_s,
			     req->stop, req->progress);
	pr_argv_push(&out->argv, "sbatch");
	pr_argv_push(&out->argv, "slurm.sh");
	for (i = 0; i < args.n; i++)
		pr_argv_push(&out->argv, args.v[i]);
	pr_argv_free(&args);
	return error;
}

/* The batch script, then the sbatch line of each launch. */
static int slurm_dry_run(const pr_run_plan *p)
{
	char *script = pr_slurm_script(p);
	size_t k, i;

	printf("--- slurm.sh (kept in the run directory) ---\n%s---\n", script);
	for (k = 0; k < p->sched.ninv; k++) {
		const pr_invocation *inv = &p->sched.inv[k];
		pr_argv env = {0};

		printf("[%zu] launch %d config %d (%s): sbatch --parsable "
		       "slurm.sh",
		       k, inv->launch, inv->config,
		       p->config[inv->config].transport);
		if (pr_workload_is_command(p->spec->workload)) {
			command_args(&env, p, inv->config, "PREFIX");
		} else {
			printf(" %s PLAN RCDIR", p->rank_bin);
			pr_slurm_env(&env, p, inv->config);
		}
		for (i = 0; i < env.n; i++)
			printf(" %s", env.v[i]);
		printf("\n");
		pr_argv_free(&env);
	}
	free(script);
	return PR_OK;
}

static const char *const slurm_progs[] = {
    "sbatch", "srun", "squeue", "scontrol", "sinfo", "scancel", NULL};

const pr_launcher pr_launcher_slurm = {
    .name = "slurm",
    .progs = slurm_progs,
    .needs = "Slurm's client commands (Debian: slurm-client), or use "
	     "--launcher mpirun",
    .script = "slurm.sh",
    .check = pr_slurm_check,
    .prepare = pr_slurm_script,
    .run = slurm_launch,
    .dry_run = slurm_dry_run,
};
