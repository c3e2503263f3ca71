/* original_build.c - the original code on demand, built: prereg-rank at
 * the commit that made an earlier run, with the run's build.patch when it
 * committed one, in a temporary worktree (DESIGN 2) */
#include "run/original.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend/backend.h"
#include "base/child.h"
#include "base/device.h"
#include "base/host.h"
#include "base/util.h"
#include "repo/git.h"
#include "run/clean.h"

/* The most bytes of the prereg-rank binary an --as-original build copies
 * (prereg built it; the bound is only one more guard). */
#define PR_RANK_BIN_MAX ((size_t)1 << 30)

static volatile sig_atomic_t g_stop;

static void on_signal(int sig)
{
	(void)sig;
	g_stop = 1;
}

int pr_original_gpus_off(const pr_original *o, int off[PR_DEVICE_NGPU])
{
	json_t *b = pr_host_devices_or_null(), *v;
	int built[PR_DEVICE_NGPU] = {0}, k, unused = 0;
	size_t i;

	json_array_foreach(json_object_get(b, "backends"), i, v)
	{
		if ((k = pr_device_gpu_of(json_string_value(v))) >= 0)
			built[k] = 1;
	}
	for (k = 0; k < PR_DEVICE_NGPU; k++) {
		off[k] = b && !built[k]			     ? PR_GPU_OFF_LACKED
			 : o->gpus_known && !o->gpus_used[k] ? PR_GPU_OFF_UNUSED
							     : 0;
		unused += off[k] == PR_GPU_OFF_UNUSED;
	}
	json_decref(b);
	return unused;
}

/* CUDA=0 / HIP=0 for each GPU backend pr_original_gpus_off leaves out. */
static void gpu_flags(pr_argv *argv, const pr_original *o)
{
	static const char *const flag[PR_DEVICE_NGPU] = {
	    [PR_DEVICE_CUDA] = "CUDA=0", [PR_DEVICE_HIP] = "HIP=0"};
	int off[PR_DEVICE_NGPU], k;

	pr_original_gpus_off(o, off);
	for (k = 0; k < PR_DEVICE_NGPU; k++)
		if (off[k])
			pr_argv_push(argv, flag[k]);
}

/* make bin/prereg-rank in wt, its output on our stderr; a signal stops
 * it. */
static int make_runner(const pr_original *o, const char *wt)
{
	pr_argv argv = {0}, env = {0};
	pr_child c = {0};
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int error;

	pr_argv_push(&env, "MAKEFLAGS=");
	pr_argv_push(&env, "MFLAGS=");
	/* the gits the Makefile runs (git describe --dirty) run no program
	 * of the source's config either */
	if ((error = pr_git_safe_env(&env, wt)) < 0)
		goto cleanup;
	pr_argv_push(&argv, "make");
	pr_argv_push(&argv, "-C");
	pr_argv_push(&argv, wt);
	pr_argv_pushf(&argv, "-j%ld", ncpu > 0 ? ncpu : 1);
	pr_argv_push(&argv, "BUILD=build");
	pr_argv_push(&argv, "BIN=bin");
	gpu_flags(&argv, o);
	pr_argv_push(&argv, "bin/prereg-rank");
	c.argv = argv.v;
	c.env = env.v;
	c.no_stdin = 1;
	c.out = STDERR_FILENO;
	c.own_group = 1;
	c.death_sig = SIGTERM;
	c.stop = &g_stop;
	if ((error = pr_child_run(&c)) == 0 && c.status != 0 && !g_stop)
		error = pr_error(
		    "building prereg-rank failed: make exited %d%s", c.status,
		    c.status == 127 ? " (is make on PATH?)" : "");
cleanup:
	pr_argv_free(&env);
	pr_argv_free(&argv);
	return error;
}

/* The build's own version (build/version.h), else git describe of wt. */
static char *built_version(const char *wt)
{
	char *path = pr_asprintf("%s/build/version.h", wt), *text = NULL;
	char *v = NULL, *a, *b;

	if (pr_read_file(&text, NULL, path, PR_READ_MAX) == 0 &&
	    (a = strchr(text, '"')) != NULL && (b = strrchr(text, '"')) > a)
		v = pr_asprintf("%.*s", (int)(b - a - 1), a + 1);
	free(text);
	free(path);
	if (!v) {
		char *const git[] = {"git",	    "-C",	(char *)wt,
				     "describe",    "--always", "--dirty",
				     "--abbrev=12", NULL};
		pr_argv env = {0};
		pr_child c = {.argv = git, .no_stdin = 1, .capture = 1};

		if (pr_git_safe_env(&env, wt) == 0) {
			c.env = env.v;
			if (pr_child_run(&c) == 0 && c.status == 0 &&
			    strtok(c.output, "\n"))
				v = pr_strdup(c.output);
		}
		free(c.output);
		pr_argv_free(&env);
	}
	return v ? v : pr_strdup("unknown");
}

/* Copy wt/bin/NAME to o->tmp/NAME (fsync and rename), executable. */
static int keep_file(const pr_original *o, const char *wt, const char *name)
{
	char *from = pr_asprintf("%s/bin/%s", wt, name), *buf = NULL;
	char *to = pr_asprintf("%s/%s", o->tmp, name);
	size_t len = 0;
	int error;

	if ((error = pr_read_file(&buf, &len, from, PR_RANK_BIN_MAX)) < 0 ||
	    (error = pr_write_file_atomic(to, buf, len)) < 0)
		goto cleanup;
	if (chmod(to, 0755) < 0)
		error = pr_error("cannot make '%s' executable: %s", to,
				 strerror(errno));
cleanup:
	free(buf);
	free(from);
	free(to);
	return error;
}

/* Copy the built runner out of the worktree, with the HIP backend's
 * library beside it where the commit builds one (backend.c loads it
 * from the runner's directory). */
static int keep_runner(pr_original *o, const char *wt)
{
	char *hip = pr_asprintf("%s/bin/prereg-rank-hip.so", wt);
	int error;

	o->rank_bin = pr_asprintf("%s/prereg-rank", o->tmp);
	if ((error = keep_file(o, wt, "prereg-rank")) == 0 &&
	    access(hip, F_OK) == 0)
		error = keep_file(o, wt, "prereg-rank-hip.so");
	if (error == 0)
		o->runner_version = built_version(wt);
	free(hip);
	return error;
}

/* The run's build.patch onto the worktree wt (git apply, under
 * pr_git_safe_env), from a copy in o->tmp. */
static int apply_patch(const pr_original *o, const char *wt)
{
	char *file = pr_asprintf("%s/" PR_CLEAN_PATCH, o->tmp);
	char *const git[] = {
	    "git", "-C", (char *)wt, "apply", "--whitespace=nowarn",
	    file,  NULL};
	pr_argv env = {0};
	pr_child c = {.argv = git, .no_stdin = 1, .out = STDERR_FILENO};
	int error;

	if ((error = pr_write_file_atomic(file, o->patch, o->patch_len)) < 0 ||
	    (error = pr_git_safe_env(&env, wt)) < 0)
		goto cleanup;
	c.env = env.v;
	if ((error = pr_child_run(&c)) == 0 && c.status != 0)
		error = pr_error("cannot apply %s's " PR_CLEAN_PATCH
				 " to commit %.12s: git apply exited %d",
				 o->run_id, o->commit, c.status);
	else if (error == 0)
		pr_progress("applied %s's " PR_CLEAN_PATCH
			    " (the uncommitted measuring code it ran)",
			    o->run_id);
cleanup:
	pr_argv_free(&env);
	free(file);
	return error;
}

/* git worktree remove, and whatever it leaves. */
static void remove_worktree(const pr_original *o, const char *wt)
{
	char *const rm[] = {"git",    "-C",	 o->source,  "worktree",
			    "remove", "--force", (char *)wt, NULL};
	char *const prune[] = {"git",	   "-C",    o->source,
			       "worktree", "prune", NULL};

	if (pr_git_cli("cannot remove the temporary worktree", rm) < 0) {
		pr_remove_tree(wt);
		pr_git_cli("cannot prune the temporary worktree", prune);
	}
}

int pr_original_build(pr_original *o)
{
	struct sigaction sa = {.sa_handler = on_signal}, old_int, old_term;
	const char *tmpdir = getenv("TMPDIR");
	char *prefix, *wt = NULL;
	int64_t t0 = pr_mono_ns();
	int error;

	prefix = pr_asprintf("%s/prereg-original-",
			     tmpdir && *tmpdir ? tmpdir : "/tmp");
	error = pr_mkdtemp(&o->tmp, prefix);
	free(prefix);
	if (error < 0)
		return error;
	wt = pr_asprintf("%s/src", o->tmp);
	pr_progress("building prereg-rank %s (commit %.12s of %s) in a "
		    "temporary worktree: about a minute",
		    o->version, o->commit, o->source);
	g_stop = 0;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	{
		char *const add[] = {
		    "git",	"-C",	   o->source, "worktree", "add",
		    "--detach", "--quiet", wt,	      o->commit,  NULL};

		error = pr_git_cli("cannot add a temporary worktree", add);
	}
	if (error == 0 && o->patch)
		error = apply_patch(o, wt);
	if (error == 0 && !g_stop && (error = make_runner(o, wt)) == 0 &&
	    !g_stop)
		error = keep_runner(o, wt);
	if (access(wt, F_OK) == 0)
		remove_worktree(o, wt);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	if (g_stop && error == 0)
		error = pr_error("interrupted while building prereg-rank %s: "
				 "nothing was run",
				 o->version);
	else if (error == 0)
		pr_progress("built prereg-rank %s in %.0f s; the temporary "
			    "worktree is removed",
			    o->runner_version,
			    (double)(pr_mono_ns() - t0) * 1e-9);
	free(wt);
	o->run.run_id = o->run_id;
	o->run.version = o->runner_version;
	o->run.rank_bin = o->rank_bin;
	o->run.plan_keys = o->plan_keys;
	return error;
}
