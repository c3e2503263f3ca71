/* run.c - `prereg run`: check the pin, run the schedule, archive, record */
#include "run/run.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "base/host.h"
#include "base/text.h"
#include "format/archive.h"
#include "format/ledger.h"
#include "format/manifest.h"
#include "run/envcap.h"
#include "repo/gitcheck.h"
#include "run/command.h"
#include "run/devices.h"
#include "run/launch.h"
#include "run/launcher.h"
#include "run/original.h"
#include "run/plan.h"
#include "run/machine.h"
#include "repo/lock.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "repo/pin.h"
#include "format/plancheck.h"
#include "format/predcheck.h"
#include "format/replayed.h"
#include "base/load.h"
#include "base/schedule.h"
#include "format/replayed.h"
#include "format/spec.h"
#include "format/workload.h"
#include "base/utf8.h"
#include "base/util.h"
#include "version.h"
#include "run/run-internal.h"

static volatile sig_atomic_t g_stop;

static void on_signal(int sig)
{
	(void)sig;
	g_stop = 1;
}

/* The newest run id under runs/NAME (pr_path_list_runs: sorted), NULL
 * when none. */
static char *newest_run_id(const run_ctx *rc)
{
	char **ids = NULL, *newest = NULL;
	size_t n = 0, i;

	pr_path_list_runs(&ids, &n, pr_repo_root(rc->repo), rc->spec->name, 0);
	if (n)
		newest = ids[n - 1];
	for (i = 0; i + 1 < n; i++)
		free(ids[i]);
	free(ids);
	return newest;
}

/*
 * A new run id, of a second later than the experiment's newest run's
 * (pr_run_id_second: a run that starts in that second waits, at most a
 * second, for the next), so that name order stays start order.
 */
static int make_run_id(char out[40], const run_ctx *rc)
{
	unsigned char r[3];
	char when[32], *newest = newest_run_id(rc);
	int64_t now = pr_now_unix(), at = pr_run_id_second(now, newest);
	struct timespec ts;
	time_t t;
	struct tm tm;

	free(newest);
	while (!g_stop && clock_gettime(CLOCK_REALTIME, &ts) == 0 &&
	       ts.tv_sec < at)
		pr_sleep_ms(1 + (1000000000L - ts.tv_nsec) / 1000000);
	t = (time_t)pr_now_unix();
	if (getrandom(r, sizeof(r), 0) != (ssize_t)sizeof(r))
		return pr_error("cannot read random bytes: %s",
				strerror(errno));
	gmtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y%m%dT%H%M%SZ", &tm);
	snprintf(out, 40, "%s-%02x%02x%02x", when, r[0], r[1], r[2]);
	return PR_OK;
}

/* The last `max` bytes of a log file, for a failed launch's record. */
static json_t *log_tail(const char *path, size_t max)
{
	char *buf = NULL;
	size_t len = 0;
	json_t *s;

	char *p, *end;

	if (pr_read_file(&buf, &len, path, PR_ARCHIVE_MAX_BYTES) < 0)
		return json_null();
	p = len > max ? buf + len - max : buf;
	end = buf + len;
	/* the output is any bytes: ill-formed UTF-8 (a cut character
	 * included) becomes '?', so JSON can hold it */
	while (p < end) {
		size_t ok = pr_utf8_span(p, (size_t)(end - p));

		if (p + ok == end)
			break;
		p[ok] = '?';
	}
	p = len > max ? buf + len - max : buf;
	s = json_stringn(p, (size_t)(end - p));
	free(buf);
	return s ? s : json_null();
}

static void print_tail(const char *path)
{
	json_t *t = log_tail(path, 1500);

	if (json_string_value(t))
		fprintf(stderr, "--- launch output (last lines) ---\n%s%s",
			json_string_value(t), "--- end of launch output ---\n");
	json_decref(t);
}

static void progress(const run_ctx *rc, size_t k, double wall)
{
	double done = (double)(pr_mono_ns() - rc->t_begin) * 1e-9;
	double eta =
	    done / (double)(k + 1) * (double)(rc->plan.sched.ninv - k - 1);
	const pr_invocation *inv = &rc->plan.sched.inv[k];

	if (!rc->opts->progress && !isatty(STDERR_FILENO))
		return;
	pr_progress("[%zu/%zu] launch %d, config %d (%s): %.1f s; ETA %.0f s",
		    k + 1, rc->plan.sched.ninv, inv->launch, inv->config,
		    rc->plan.config[inv->config].label, wall, eta);
}

/*
 * An argument as the manifest shows it: the rank binary relative to the
 * work tree when it lies inside, the plan file by its name (its content is
 * recorded beside the argv), so that no scratch path enters the record.
 */
static const char *shown_arg(const run_ctx *rc, const char *arg)
{
	const char *root = pr_repo_root(rc->repo);
	size_t n = strlen(root);

	if (!strcmp(arg, rc->plan.rank_bin) && !strncmp(arg, root, n))
		return arg + n;
	/* the original's runner lives in a scratch directory: the record
	 * names it by what it is (runner_version says which build) */
	if (!strcmp(arg, rc->plan.rank_bin) && rc->opts->original)
		return "prereg-rank (the original's build)";
	if (!strncmp(arg, rc->work_dir, strlen(rc->work_dir)) &&
	    arg[strlen(rc->work_dir)] == '/')
		return arg + strlen(rc->work_dir) + 1;
	if (rc->plan.program && !strcmp(arg, rc->plan.program) &&
	    !strncmp(arg, root, n))
		return arg + n;
	return arg;
}

/* shown_arg, also of the value of an -x NAME=VALUE: "NAME=shown". */
static json_t *shown_value(const run_ctx *rc, const char *arg)
{
	const char *eq = strchr(arg, '=');
	const char *v;

	if (!eq || eq == arg || (v = shown_arg(rc, eq + 1)) == eq + 1)
		return json_string(shown_arg(rc, arg));
	return json_sprintf("%.*s=%s", (int)(eq - arg), arg, v);
}

/*
 * Keep launch k in the run directory as soon as it is done (I3): its
 * samples (launch-NNNN.csv, moved from the scratch directory) and its
 * record (launch-NNNN.json, written last: a launch counts once its record
 * is there). A crash after this loses nothing `prereg recover` needs.
 */
static int keep_launch(const run_ctx *rc, size_t k, const json_t *rec, int ok)
{
	char *csv = pr_asprintf("%s/inv-%04zu.csv", rc->work_dir, k);
	char *kept = pr_run_launch_file(rc, k, "csv"),
	     *path = pr_run_launch_file(rc, k, "json");
	char *text = json_dumps(rec, JSON_INDENT(2) | JSON_SORT_KEYS);
	int error = PR_OK;

	if (!text)
		error = pr_error("cannot encode the record of launch %zu", k);
	else if (ok)
		error = pr_move_durable(csv, kept);
	if (error == 0)
		error = pr_write_file_atomic(path, text, strlen(text));
	free(text);
	free(csv);
	free(kept);
	free(path);
	return error;
}

/* The CPUs the ranks of config keep busy on this machine (DESIGN 7). */
static int rank_cpus(const run_ctx *rc, int config)
{
	return pr_load_rank_cpus(rc->spec->nranks,
				 rc->plan.config[config].packed,
				 (int)sysconf(_SC_NPROCESSORS_ONLN));
}

/* The launch's `machine` record: what else used the machine between
 * samples a and b, when the launcher's ranks run here. */
static json_t *machine_record(const run_ctx *rc, int config,
			      const pr_load_sample *a, const pr_load_sample *b)
{
	if (!rc->launcher->local)
		return pr_machine_elsewhere(rc->launcher->name);
	return pr_machine_launch(a, b, rank_cpus(rc, config));
}

/*
 * After an attempt of launch k that failed (its status nonzero, or timed
 * out, and no signal): when the pinned [schedule] relaunch leaves another
 * attempt, its record joins `attempts`, its output and partial files go,
 * and 1 says launch it again (DESIGN 4, [schedule] relaunch: a failed
 * launch's samples are never kept, and the spec's rule, not the data,
 * says how often it may be tried). 0 otherwise.
 */
static int relaunch_after(run_ctx *rc, size_t k, pr_launch_result *res,
			  json_t *attempts, const char *start, int64_t t0,
			  const char *prefix, const char *log)
{
	static const char *const partial[] = {"json", "csv", "cwd", "pmpi"};
	const pr_invocation *inv = &rc->plan.sched.inv[k];
	size_t done = json_array_size(attempts) + 1, i;
	char end[32];
	char *path;

	if ((res->status == 0 && !res->timed_out) || g_stop ||
	    done > (size_t)rc->spec->relaunch)
		return 0;
	pr_utc_iso(end, pr_now_unix());
	json_array_append_new(
	    attempts,
	    json_pack("{s:i, s:b, s:s, s:s, s:f, s:o}", "exit_status",
		      res->status, "timed_out", res->timed_out, "start", start,
		      "end", end, "wall_s", (double)(pr_mono_ns() - t0) * 1e-9,
		      "log_tail", log_tail(log, 4000)));
	pr_warn("launch %d, config %d failed (exit status %d%s): launching it "
		"again, attempt %zu of %d ([schedule] relaunch = %d; the "
		"failed attempt stays in the launch's record)",
		inv->launch, inv->config, res->status,
		res->timed_out ? ", timed out" : "", done + 1,
		rc->spec->relaunch + 1, rc->spec->relaunch);
	print_tail(log);
	/* the attempt's rank report and samples, a command's directories */
	for (i = 0; i < sizeof(partial) / sizeof(*partial); i++) {
		path = pr_asprintf("%s.%s", prefix, partial[i]);
		pr_remove_tree(path);
		free(path);
	}
	pr_launch_result_free(res);
	memset(res, 0, sizeof(*res));
	return 1;
}

/* One invocation: plan, launch (again, as [schedule] relaunch allows),
 * record. *ok = 0 when it failed. */
static int run_one(run_ctx *rc, size_t k, int *ok)
{
	const pr_invocation *inv = &rc->plan.sched.inv[k];
	char *prefix = pr_asprintf("%s/inv-%04zu", rc->work_dir, k);
	char *plan = pr_asprintf("%s.plan.json", prefix);
	char *log = pr_asprintf("%s.log", prefix);
	char *rankinfo = pr_asprintf("%s.json", prefix);
	char start[32], end[32], why[512] = "";
	int collect_failed = 0;
	pr_launch_result res = {0};
	pr_load_sample before, after;
	pr_launch_req req = {.run = &rc->plan,
			     .config = inv->config,
			     .plan = plan,
			     .prefix = prefix,
			     .log = log,
			     .script = rc->script,
			     .timeout_s = pr_run_command_timeout(rc->spec),
			     .stop = &g_stop,
			     .progress =
				 rc->opts->progress || isatty(STDERR_FILENO),
			     .env = rc->trim.env[0] ? rc->trim.env : NULL};
	json_t *pj = json_deep_copy(json_array_get(rc->plan.plans, k));
	json_t *argv = json_array(), *attempts = json_array(), *rec;
	int error;
	int64_t t0;
	size_t i;

	*ok = 0;
	json_object_set_new(pj, "out", json_string(prefix));
	if (json_dump_file(pj, plan, JSON_INDENT(2) | JSON_SORT_KEYS) < 0) {
		error = pr_error("cannot write '%s'", plan);
		goto cleanup;
	}
	do {
		t0 = pr_mono_ns();
		pr_utc_iso(start, pr_now_unix());
		if ((error = pr_run_command_prepare(&rc->plan, prefix)) < 0)
			goto cleanup;
		pr_load_sample_take(&before);
		error = rc->launcher->run(&res, &req);
		pr_load_sample_take(&after);
	} while (error == 0 &&
		 relaunch_after(rc, k, &res, attempts, start, t0, prefix, log));
	for (i = 0; i < res.argv.n; i++)
		json_array_append_new(argv, shown_value(rc, res.argv.v[i]));
	if (error < 0)
		goto cleanup;
	pr_utc_iso(end, pr_now_unix());
	if (res.status == 0 && !g_stop &&
	    pr_workload_is_command(rc->spec->workload) &&
	    pr_run_command_collect(&rc->plan, inv, prefix, why, sizeof(why)) <
		0)
		collect_failed = 1;
	*ok = res.status == 0 && !g_stop && !collect_failed &&
	      access(rankinfo, R_OK) == 0;
	rec = json_pack("{s:i, s:i, s:s, s:O, s:i, s:b, s:s, s:s, s:f}",
			"launch", inv->launch, "config", inv->config,
			"placement", rc->plan.config[inv->config].placement,
			"argv", argv, "exit_status", res.status, "timed_out",
			res.timed_out, "start", start, "end", end, "wall_s",
			(double)(pr_mono_ns() - t0) * 1e-9);
	json_object_del(pj, "out");
	json_object_set(rec, "plan", pj);
	if (res.record)
		json_object_set(rec, rc->launcher->name, res.record);
	else /* mpirun on this machine: its cores are the ranks' */
		json_object_set_new(rec, "sharing",
				    pr_launch_sharing(&rc->plan, inv->config));
	json_object_set_new(rec, "ranks",
			    *ok ? pr_json_read(rankinfo, PR_READ_MAX, NULL)
				: json_null());
	json_object_set_new(rec, "machine",
			    machine_record(rc, inv->config, &before, &after));
	if (json_array_size(attempts))
		json_object_set(rec, "attempts", attempts);
	if (rc->trim.left_out)
		json_object_set(rec, "ompi_left_out", rc->trim.left_out);
	if (!*ok) {
		json_object_set_new(rec, "log_tail", log_tail(log, 4000));
		if (g_stop) /* a signal ended it: recover reads this */
			json_object_set_new(rec, "stopped", json_true());
		if (!g_stop) {
			free(rc->reason);
			rc->reason =
			    collect_failed
				? pr_asprintf("launch %d, config %d: %s",
					      inv->launch, inv->config, why)
				: pr_asprintf(
				      "launch %d, config %d failed "
				      "(exit status %d%s)",
				      inv->launch, inv->config, res.status,
				      res.timed_out ? ", timed out" : "");
			pr_error("%s", rc->reason);
			print_tail(log);
		}
	}
	json_array_append_new(rc->invocations, rec);
	if ((error = keep_launch(rc, k, rec, *ok)) < 0)
		*ok = 0;
	progress(rc, k, (double)(pr_mono_ns() - t0) * 1e-9);
cleanup:
	json_decref(pj);
	json_decref(argv);
	json_decref(attempts);
	pr_launch_result_free(&res);
	free(prefix);
	free(plan);
	free(log);
	free(rankinfo);
	return error;
}

static int dry_run(const run_ctx *rc)
{
	printf("experiment %s, pin %s (%s)\n", rc->spec->name, rc->pin.tag,
	       rc->pin.commit);
	if (rc->spec->relaunch)
		printf("a launch that fails is launched again, at most %d "
		       "time%s ([schedule] relaunch = %d)\n",
		       rc->spec->relaunch, rc->spec->relaunch > 1 ? "s" : "",
		       rc->spec->relaunch);
	if (rc->spec->interleave)
		printf("after each rep the primitives of its Allreduces are "
		       "timed in the same launch ([schedule] interleave = "
		       "primitives%s)\n",
		       rc->spec->interleave_by_edition
			   ? ", the default of [experiment] edition = 2"
			   : "");
	if (rc->spec->size_order_rep)
		printf("each timed rep visits the sizes in a new seeded order, "
		       "the first the launch's ([schedule] size_order = "
		       "rep)\n");
	return rc->launcher->dry_run(&rc->plan);
}

static int setup(run_ctx *rc, const char *name)
{
	const pr_run_opts *o = rc->opts;
	int error;

	if ((error = pr_spec_load(&rc->spec, pr_repo_root(rc->repo), name)) <
		0 ||
	    (error = pr_pin_check(&rc->pin, rc->repo, name)) < 0)
		return error;
	if (o->original && pr_workload_is_command(rc->spec->workload))
		return pr_error_code(PR_EREFUSED,
				     "cannot run '%s' --as-original: its "
				     "workload is a program prereg did not "
				     "write, which prereg cannot rebuild",
				     name);
	pr_run_plan_init(&rc->plan, rc->spec, o);
	/* the launcher before the pinned prediction, whose check warns
	 * about the calibration's host only when the ranks run here */
	if ((error = pr_launcher_lookup(&rc->launcher,
					o->launcher ? o->launcher
					: rc->spec->groups[0].partition[0]
					    ? "slurm"
					    : "mpirun")) < 0 ||
	    (error = pr_run_load_pinned(rc)) < 0 ||
	    (!o->dry_run && (error = rc->launcher->check(&rc->plan)) < 0))
		return error;
	/* mpirun launches here; Slurm's nodes see their own devices */
	if (!o->dry_run && !o->force && !strcmp(rc->launcher->name, "mpirun") &&
	    (error = pr_run_devices_here(rc->spec)) < 0)
		return error;
	if ((error = pr_run_plan_settle(&rc->plan, o, rc->pin.commit)) < 0 ||
	    (error =
		 pr_run_command_resolve(&rc->plan, pr_repo_root(rc->repo))) < 0)
		return error;
	pr_run_warn_sharing(rc);
	if ((error = pr_run_check_plans(rc)) < 0 || o->dry_run)
		return error;
	/* the measuring code: this prereg's own, unless an original's */
	if (!o->original &&
	    (error = pr_clean_check(&rc->clean, rc->repo, name, PR_VERSION,
				    o->allow_dirty)) < 0)
		return error;
	if (rc->plan.program)
		return pr_run_command_ready(&rc->plan);
	if (access(rc->plan.rank_bin, X_OK) < 0)
		return pr_error("cannot run '%s': %s (run 'make')",
				rc->plan.rank_bin, strerror(errno));
	return PR_OK;
}

/* The bytes a run of rc's schedule may write, from its plan: every
 * (launch, rep, rank) with every item (size or rows value) in up to four
 * phases, ~100 bytes a row, held once as CSV and once compressed; plus
 * each launch's plan, log and rank report. An overestimate on purpose. */
static uint64_t space_needed(const run_ctx *rc)
{
	const pr_spec *s = rc->spec;
	uint64_t items = 1, rows;

	if (s->nsizes > 0)
		items = (uint64_t)s->nsizes;
	if (s->nrows_list > 0)
		items = (uint64_t)s->nrows_list;
	if (rc->plan.rows_list)
		items = (uint64_t)json_array_size(rc->plan.rows_list);
	rows = (uint64_t)rc->plan.sched.ninv *
	       (uint64_t)(rc->plan.warmup + rc->plan.reps) *
	       (uint64_t)s->nranks * items * 4;
	return rows * 100 * 3 / 2 + (uint64_t)rc->plan.sched.ninv * (64 << 10) +
	       (1 << 20);
}

/* Refuse before launching when the run's file system cannot hold it. */
static int check_space(const run_ctx *rc)
{
	char *dir = pr_asprintf("%sruns", pr_repo_root(rc->repo));
	uint64_t need = space_needed(rc), have;
	struct statvfs fs;
	int error = PR_OK;

	if (statvfs(access(dir, F_OK) == 0 ? dir : pr_repo_root(rc->repo),
		    &fs) == 0) {
		have = (uint64_t)fs.f_bavail * (uint64_t)fs.f_frsize;
		if (have < need)
			error = pr_error("cannot run '%s': no space left on "
					 "device: '%s' has %llu KiB free, the "
					 "run needs about %llu KiB",
					 rc->spec->name, dir,
					 (unsigned long long)(have >> 10),
					 (unsigned long long)(need >> 10));
	}
	free(dir);
	return error;
}

/*
 * Create runs/NAME/RUNID with its run-state.json: what `prereg recover`
 * needs to record the run if this process ends before it does (the pin,
 * the effective schedule, the launcher). The file stays until the run is
 * committed. Then the scratch directory (plans, logs, rank output) inside
 * the run directory, so that a launch's samples reach the run directory
 * by a rename, and under Slurm the compute nodes see them.
 */
static int begin(run_ctx *rc)
{
	char started[32], host[256] = "", *path = NULL, *prefix = NULL;
	char *text = NULL;
	json_t *st;
	int error;

	/* the run writes under runs/NAME, never through a link, and reads
	 * its run ids (make_run_id) only once that holds */
	path = pr_path_runs(NULL, rc->spec->name);
	error = pr_no_links(pr_repo_root(rc->repo), path, 1);
	free(path);
	path = NULL;
	if (error < 0 || (error = make_run_id(rc->run_id, rc)) < 0)
		return error;
	rc->started = pr_now_unix();
	pr_utc_iso(started, rc->started);
	rc->rel_dir = pr_path_run(NULL, rc->spec->name, rc->run_id);
	rc->run_dir = pr_asprintf("%s%s", pr_repo_root(rc->repo), rc->rel_dir);
	st = json_pack("{s:s, s:s, s:I, s:s, s:I, s:s, s:{s:s, s:i, s:s}, "
		       "s:i, s:i, s:i, s:b, s:s, s:b}",
		       "run_id", rc->run_id, "experiment", rc->spec->name,
		       "pid", (json_int_t)getpid(), "host",
		       gethostname(host, sizeof(host) - 1) == 0 ? host : "",
		       "started", (json_int_t)rc->started, "started_utc",
		       started, "pin", "tag", rc->pin.tag, "k", rc->pin.k,
		       "commit", rc->pin.commit, "launches", rc->plan.launches,
		       "reps", rc->plan.reps, "warmup", rc->plan.warmup,
		       "quick", rc->opts->quick, "launcher", rc->launcher->name,
		       "no_commit", rc->opts->no_commit);
	if (st)
		json_object_set_new(st, "detached",
				    json_boolean(rc->opts->detached));
	if (st && rc->opts->original)
		pr_run_original_note(st, rc->opts->original);
	if (st && rc->busy_at_start)
		json_object_set(st, "busy_at_start", rc->busy_at_start);
	text = st ? json_dumps(st, JSON_INDENT(2) | JSON_SORT_KEYS) : NULL;
	json_decref(st);
	path = pr_asprintf("%s/" RUN_STATE, rc->run_dir);
	prefix = pr_asprintf("%s/.work-", rc->run_dir);
	if (!text)
		error = pr_error("cannot encode '%s'", path);
	else if ((error = pr_mkdir_p(rc->run_dir)) == 0 &&
		 (error = pr_write_file_atomic(path, text, strlen(text))) == 0)
		error = pr_mkdtemp(&rc->work_dir, prefix);
	if (error == 0 && rc->clean.dirty) {
		free(path);
		path = pr_asprintf("%s/" PR_CLEAN_PATCH, rc->run_dir);
		error =
		    pr_write_file_atomic(path, rc->clean.patch, rc->clean.len);
	}
	if (error == 0 && rc->launcher->script) {
		char *script = rc->launcher->prepare(&rc->plan);

		rc->script =
		    pr_asprintf("%s/%s", rc->run_dir, rc->launcher->script);
		error =
		    pr_write_file_atomic(rc->script, script, strlen(script));
		free(script);
	}
	if (error < 0) {
		/* nothing ran: leave no directory that looks like a run */
		pr_remove_tree(rc->run_dir);
		free(rc->work_dir);
		rc->work_dir = NULL;
	}
	free(text);
	free(path);
	free(prefix);
	return error;
}

/* ---- the run ---- */

/*
 * Is the machine already busy before anything of the run runs (DESIGN 7)?
 * Warn with the figures, after waiting up to --wait-idle seconds for
 * quiet; busy_at_start records them either way.
 */
static void check_idle(run_ctx *rc)
{
	int c, least = 0;

	if (!rc->launcher->local) {
		if (rc->opts->wait_idle > 0)
			pr_warn("--wait-idle has no effect under --launcher "
				"%s: its ranks run on nodes prereg does not "
				"read",
				rc->launcher->name);
		rc->busy_at_start = pr_machine_elsewhere(rc->launcher->name);
		return;
	}
	for (c = 0; c < rc->plan.nconfigs; c++)
		if (c == 0 || rank_cpus(rc, c) < least)
			least = rank_cpus(rc, c);
	pr_machine_check_start(&rc->busy_at_start, &rc->prepared, least,
			       rc->opts->wait_idle,
			       rc->opts->progress || isatty(STDERR_FILENO));
}

/* Under a local launcher, leave out of the launches the Open MPI
 * components no hardware here can use (ompi_trim.h), unless
 * --all-components, and say so. */
static void trim_components(run_ctx *rc)
{
	char names[256] = "";
	size_t i;

	if (!rc->launcher->local || rc->opts->all_components)
		return;
	pr_ompi_trim_prepare(&rc->trim, rc->work_dir);
	if (!rc->trim.left_out)
		return;
	for (i = 0; i < json_array_size(rc->trim.left_out); i++)
		snprintf(
		    names + strlen(names), sizeof(names) - strlen(names),
		    "%s%s", i ? ", " : "",
		    json_string_value(json_array_get(rc->trim.left_out, i)));
	pr_progress("Open MPI components left out of the launches: %s (no "
		    "hardware here drives them; PSM's and PSM2's libraries "
		    "take 0.1 s each to load; --all-components keeps them)",
		    names);
}

/* A signal stopped the run: say so in run-state.json, so that `prereg
 * recover` names the signal even when it came between two launches (no
 * launch record then says "stopped") and the run cannot be recorded. A
 * failure here is warned only: the run is still recorded if it can be. */
static void mark_stopped(const run_ctx *rc)
{
	char *path = pr_asprintf("%s/" RUN_STATE, rc->run_dir), *text = NULL;
	json_t *st = pr_json_read(path, PR_READ_MAX, NULL);

	if (st && json_object_set_new(st, "stopped", json_true()) == 0)
		text = json_dumps(st, JSON_INDENT(2) | JSON_SORT_KEYS);
	if (!text || pr_write_file_atomic(path, text, strlen(text)) < 0)
		pr_warn("cannot mark '%s' as stopped by a signal", path);
	free(text);
	json_decref(st);
	free(path);
}

/* Launch the schedule's invocations in order until one fails or a signal
 * stops the run; set status and reason. */
static void launch_all(run_ctx *rc)
{
	struct sigaction sa = {.sa_handler = on_signal}, old_int, old_term;
	size_t k;
	int ok = 1;

	rc->invocations = json_array();
	g_stop = 0;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	rc->t_begin = pr_mono_ns();
	for (k = 0; k < rc->plan.sched.ninv && ok && !g_stop; k++) {
		if (run_one(rc, k, &ok) < 0) {
			ok = 0;
			if (!rc->reason)
				rc->reason = pr_strdup(pr_last_error());
		}
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	rc->finished = pr_now_unix();
	rc->status = g_stop ? "interrupted" : ok ? "complete" : "failed";
	if (g_stop) {
		free(rc->reason);
		rc->reason = pr_strdup(RUN_SIGNAL_REASON);
		pr_error("interrupted: recording the %zu launches done",
			 json_array_size(rc->invocations));
		mark_stopped(rc);
	}
}

int pr_run(char **run_id, git_repository *repo, const char *name,
	   const pr_run_opts *opts)
{
	run_ctx rc = {.repo = repo, .opts = opts};
	char *what = NULL;
	size_t nrec = 0;
	int locked = 0, error;

	if (run_id)
		*run_id = NULL;
	/* the lock first: a pin made while this run waited is the one
	 * setup checks (pin takes the lock too) */
	if (!opts->dry_run) {
		what = pr_asprintf("run '%s'", name);
		if ((error = pr_lock_acquire(repo, opts->wait, what)) < 0)
			goto cleanup;
		locked = 1;
		free(what);
		what = NULL;
	}
	/* the machine's first sample spans the preparation (DESIGN 7) */
	pr_load_sample_take(&rc.prepared);
	if ((error = setup(&rc, name)) < 0 || opts->dry_run) {
		if (error == 0)
			error = dry_run(&rc);
		goto cleanup;
	}
	what = pr_asprintf("cannot run '%s'", name);
	if ((!opts->no_commit &&
	     (error = pr_git_ready(repo, opts->detached, what)) < 0) ||
	    (error = pr_run_recover(&nrec, repo, name)) < 0 ||
	    (error = check_space(&rc)) < 0 ||
	    (error = pr_run_head_mark(&rc)) < 0)
		goto cleanup;
	check_idle(&rc);
	if ((error = begin(&rc)) < 0)
		goto cleanup;
	trim_components(&rc);
	free(what);
	what = pr_asprintf("run '%s' %s", name, rc.run_id);
	pr_lock_note(what);
	launch_all(&rc);
	if ((error = pr_run_finalize(&rc)) < 0)
		goto cleanup;
	if (run_id)
		*run_id = pr_strdup(rc.run_id);
	error = strcmp(rc.status, "complete") ? PR_EFAIL : PR_OK;
cleanup:
	if (locked)
		pr_lock_release();
	free(what);
	pr_run_ctx_free(&rc);
	return error;
}
