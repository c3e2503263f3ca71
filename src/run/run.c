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
#include "format/archive.h"
#include "format/ledger.h"
#include "format/manifest.h"
#include "run/envcap.h"
#include "repo/gitcheck.h"
#include "run/launch.h"
#include "run/launcher.h"
#include "run/original.h"
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

static int make_run_id(char out[40])
{
	unsigned char r[3];
	char when[32];
	int64_t now = pr_now_unix();
	time_t t = (time_t)now;
	struct tm tm;

	if (getrandom(r, sizeof(r), 0) != (ssize_t)sizeof(r))
		return pr_error("cannot read random bytes: %s",
				strerror(errno));
	gmtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y%m%dT%H%M%SZ", &tm);
	snprintf(out, 40, "%s-%02x%02x%02x", when, r[0], r[1], r[2]);
	return PR_OK;
}

/* arrival and dp-step: the config's algorithm and pattern, and dp-step's
 * compute (plancheck.h). */
static void plan_arrival(json_t *plan, const run_ctx *rc, int config)
{
	const pr_spec *s = rc->spec;
	const char *pattern = pr_spec_pattern(s, config);
	json_t *rows;
	int i;

	if (strcmp(s->workload, "arrival") && strcmp(s->workload, "dp-step"))
		return;
	json_object_set_new(plan, "algorithm",
			    json_string(pr_spec_algorithm(s, config)));
	json_object_set_new(plan, "pattern", json_string(pattern));
	json_object_set_new(
	    plan, "delay_ns",
	    json_integer((json_int_t)llround(s->delay_us * 1000.0)));
	json_object_set_new(plan, "late_rank", json_integer(s->late_rank));
	if (!strcmp(pattern, "replay") && rc->replay_ns)
		json_object_set(plan, "replay_ns", rc->replay_ns);
	if (strcmp(s->workload, "dp-step"))
		return;
	json_object_set_new(
	    plan, "dp_compute",
	    json_string(s->dp_compute_pattern ? "pattern" : "rows"));
	if (s->dp_compute_pattern)
		return;
	rows = json_array();
	for (i = 0; i < s->ndp_rows; i++)
		json_array_append_new(rows, json_integer(s->dp_rows[i]));
	json_object_set_new(plan, "rows_per_rank", rows);
}

static json_t *plan_for(const run_ctx *rc, const pr_invocation *inv,
			const char *out_prefix)
{
	const pr_spec *s = rc->spec;
	const pr_launch_setting *ls = pr_spec_launch(s, inv->config);
	json_t *sizes = json_array(), *groups = json_array(), *plan;
	char seed[24];
	int i;

	for (i = 0; i < s->nsizes; i++)
		json_array_append_new(sizes,
				      json_integer((json_int_t)s->sizes[i]));
	for (i = 0; i < s->ngroups; i++)
		json_array_append_new(groups,
				      json_pack("{s:s, s:i}", "device",
						s->groups[i].device, "count",
						s->groups[i].count));
	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)inv->seed);
	plan = json_pack("{s:s, s:s, s:i, s:i, s:s, s:i, s:i, s:I, s:I, s:I, "
			 "s:o, s:o, s:b, s:s}",
			 "experiment", s->name, "workload", s->workload,
			 "launch", inv->launch, "config", inv->config, "seed",
			 seed, "reps", rc->reps, "warmup", rc->warmup, "rows",
			 (json_int_t)s->rows, "keys", (json_int_t)s->keys, "d",
			 (json_int_t)s->d, "sizes", sizes, "groups", groups,
			 "verify", inv->launch == 0, "out", out_prefix);
	json_object_set_new(plan, "threads_per_block",
			    json_integer(ls->threads_per_block));
	json_object_set_new(plan, "rows_per_block",
			    json_integer(ls->rows_per_block));
	json_object_set_new(plan, "blocks_per_thread",
			    json_integer(ls->blocks_per_thread));
	json_object_set_new(plan, "inner", json_integer(s->inner));
	json_object_set_new(plan, "interleave",
			    json_string(s->interleave ? "primitives" : "none"));
	json_object_set_new(plan, "sync",
			    json_string(pr_spec_sync(s, inv->config)));
	if (rc->rows_list)
		json_object_set(plan, "rows_list", rc->rows_list);
	if (s->nrows_list) {
		json_t *rl = json_array();
		for (i = 0; i < s->nrows_list; i++)
			json_array_append_new(rl,
					      json_integer(s->rows_list[i]));
		json_object_set_new(plan, "rows_list", rl);
	}
	if (rc->rows_per_rank)
		json_object_set(plan, "rows_per_rank", rc->rows_per_rank);
	plan_arrival(plan, rc, inv->config);
	if (rc->opts->original)
		pr_run_original_adapt(plan, rc->opts->original);
	return plan;
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
	double eta = done / (double)(k + 1) * (double)(rc->sched.ninv - k - 1);
	const pr_invocation *inv = &rc->sched.inv[k];
	char *label;

	if (!rc->opts->progress && !isatty(STDERR_FILENO))
		return;
	label = pr_spec_config_label(rc->spec, inv->config);
	fprintf(stderr,
		"prereg: [%zu/%zu] launch %d, config %d (%s): %.1f s; ETA %.0f "
		"s\n",
		k + 1, rc->sched.ninv, inv->launch, inv->config, label, wall,
		eta);
	free(label);
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

	if (!strcmp(arg, rc->rank_bin) && !strncmp(arg, root, n))
		return arg + n;
	/* the original's runner lives in a scratch directory: the record
	 * names it by what it is (runner_version says which build) */
	if (!strcmp(arg, rc->rank_bin) && rc->opts->original)
		return "prereg-rank (the original's build)";
	if (!strncmp(arg, rc->work_dir, strlen(rc->work_dir)) &&
	    arg[strlen(rc->work_dir)] == '/')
		return arg + strlen(rc->work_dir) + 1;
	return arg;
}

/* runs/NAME/RUNID/launch-NNNN.EXT (caller frees). */
char *pr_run_launch_file(const run_ctx *rc, size_t k, const char *ext)
{
	return pr_asprintf("%s/launch-%04zu.%s", rc->run_dir, k, ext);
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
	return pr_load_rank_cpus(
	    rc->spec->nranks,
	    !strcmp(pr_spec_placement(rc->spec, config), "packed"),
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

/* One invocation: plan, launch, record. *ok = 0 when it failed. */
static int run_one(run_ctx *rc, size_t k, int *ok)
{
	const pr_invocation *inv = &rc->sched.inv[k];
	char *prefix = pr_asprintf("%s/inv-%04zu", rc->work_dir, k);
	char *plan = pr_asprintf("%s.plan.json", prefix);
	char *log = pr_asprintf("%s.log", prefix);
	char *rankinfo = pr_asprintf("%s.json", prefix);
	char start[32], end[32];
	pr_launch_result res = {0};
	pr_load_sample before, after;
	pr_launch_req req = {.spec = rc->spec,
			     .config = inv->config,
			     .rank_bin = rc->rank_bin,
			     .plan = plan,
			     .prefix = prefix,
			     .log = log,
			     .script = rc->script,
			     .ncores = rc->ncores,
			     .timeout_s = 2 * rc->spec->budget_s + 60,
			     .stop = &g_stop,
			     .progress =
				 rc->opts->progress || isatty(STDERR_FILENO)};
	json_t *pj = plan_for(rc, inv, prefix), *argv = json_array(), *rec;
	int error;
	int64_t t0 = pr_mono_ns(), u0 = pr_now_unix();
	size_t i;

	*ok = 0;
	if (json_dump_file(pj, plan, JSON_INDENT(2) | JSON_SORT_KEYS) < 0) {
		error = pr_error("cannot write '%s'", plan);
		goto cleanup;
	}
	pr_load_sample_take(&before);
	error = rc->launcher->run(&res, &req);
	pr_load_sample_take(&after);
	for (i = 0; i < res.argv.n; i++)
		json_array_append_new(
		    argv, json_string(shown_arg(rc, res.argv.v[i])));
	if (error < 0)
		goto cleanup;
	pr_utc_iso(start, u0);
	pr_utc_iso(end, pr_now_unix());
	*ok = res.status == 0 && !g_stop && access(rankinfo, R_OK) == 0;
	rec = json_pack("{s:i, s:i, s:s, s:O, s:i, s:b, s:s, s:s, s:f}",
			"launch", inv->launch, "config", inv->config,
			"placement", pr_spec_placement(rc->spec, inv->config),
			"argv", argv, "exit_status", res.status, "timed_out",
			res.timed_out, "start", start, "end", end, "wall_s",
			(double)(pr_mono_ns() - t0) * 1e-9);
	json_object_del(pj, "out");
	json_object_set(rec, "plan", pj);
	if (res.record)
		json_object_set(rec, rc->launcher->name, res.record);
	else /* mpirun on this machine: its cores are the ranks' */
		json_object_set_new(
		    rec, "sharing",
		    pr_launch_sharing(rc->spec, inv->config, rc->ncores));
	json_object_set_new(rec, "ranks",
			    *ok ? pr_json_read(rankinfo, PR_READ_MAX, NULL)
				: json_null());
	json_object_set_new(rec, "machine",
			    machine_record(rc, inv->config, &before, &after));
	if (!*ok) {
		json_object_set_new(rec, "log_tail", log_tail(log, 4000));
		if (g_stop) /* a signal ended it: recover reads this */
			json_object_set_new(rec, "stopped", json_true());
		if (!g_stop) {
			free(rc->reason);
			rc->reason = pr_asprintf(
			    "launch %d, config %d failed (exit status %d%s)",
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
	pr_launch_result_free(&res);
	free(prefix);
	free(plan);
	free(log);
	free(rankinfo);
	return error;
}

static int dry_run(const run_ctx *rc)
{
	pr_launch_plan plan = {.spec = rc->spec,
			       .sched = &rc->sched,
			       .rank_bin = rc->rank_bin,
			       .ncores = rc->ncores,
			       .launches = rc->launches,
			       .reps = rc->reps,
			       .warmup = rc->warmup};

	printf("experiment %s, pin %s (%s)\n", rc->spec->name, rc->pin.tag,
	       rc->pin.commit);
	return rc->launcher->dry_run(&plan);
}

/* Stream the kept CSVs of the launches that completed, in schedule order,
 * into timings.csv.gz. */
static int write_archive(pr_archive_info *info, run_ctx *rc)
{
	char *path = pr_asprintf("%s/" PR_ARCHIVE_FILE, rc->run_dir);
	pr_archive_writer *w = NULL;
	size_t k;
	int error;

	if ((error = pr_archive_create(&w, path)) < 0)
		goto cleanup;
	for (k = 0; k < json_array_size(rc->invocations); k++) {
		json_t *rec = json_array_get(rc->invocations, k);
		char *csv, *buf = NULL;
		size_t len = 0;

		if (json_is_null(json_object_get(rec, "ranks")))
			continue;
		csv = pr_run_launch_file(rc, k, "csv");
		error = pr_read_file(&buf, &len, csv, PR_ARCHIVE_MAX_BYTES);
		if (error == 0)
			error = pr_archive_write_rows(w, buf, len);
		free(buf);
		free(csv);
		if (error < 0) {
			pr_archive_abort(w);
			goto cleanup;
		}
	}
	error = pr_archive_finish(w, info);
cleanup:
	free(path);
	return error;
}

static int write_manifest(char sha[65], run_ctx *rc, const pr_archive_info *ai,
			  const char *ledger_prev)
{
	char t0[32], t1[32];
	char *path = pr_asprintf("%s/" PR_MANIFEST_FILE, rc->run_dir);
	char *text = NULL;
	pr_manifest_parts p = {
	    .run_id = rc->run_id,
	    .experiment = rc->spec->name,
	    .status = rc->status,
	    .started = t0,
	    .finished = t1,
	    .version = PR_VERSION,
	    .runner_version =
		rc->opts->original ? rc->opts->original->version : NULL,
	    .as_original =
		rc->opts->original ? rc->opts->original->run_id : NULL,
	    .pin = pr_manifest_pin(&rc->pin),
	    .schedule = pr_manifest_schedule(&rc->sched, rc->launches, rc->reps,
					     rc->warmup, rc->opts->quick),
	    .configs = pr_manifest_configs(rc->spec),
	    .launches = rc->invocations,
	    .environment =
		pr_manifest_environment(pr_envcap_host(), rc->launcher->name),
	    .archive = pr_manifest_archive(ai),
	    .ledger = pr_manifest_ledger(ledger_prev),
	    .workload = pr_manifest_workload(rc->spec),
	    .reason = rc->reason,
	    .recovered = rc->recovered,
	    .busy_at_start = rc->busy_at_start,
	};
	int error;

	pr_envcap_cpus(p.environment);
	pr_utc_iso(t0, rc->started);
	pr_utc_iso(t1, rc->finished);
	if ((error = pr_manifest_dump(&text, &p)) < 0)
		goto cleanup;
	pr_sha256_hex(sha, text, strlen(text));
	error = pr_write_file_atomic(path, text, strlen(text));
cleanup:
	json_decref(p.pin);
	json_decref(p.schedule);
	json_decref(p.configs);
	json_decref(p.environment);
	json_decref(p.archive);
	json_decref(p.ledger);
	json_decref(p.workload);
	free(text);
	free(path);
	return error;
}

/* row-split: rows per rank from the pinned prediction's split (the 1/t
 * split), which the check has found to fit the spec. */
static void load_split(run_ctx *rc, json_t *pred)
{
	rc->rows_per_rank = json_incref(
	    json_object_get(json_object_get(pred, "split"), "rows_per_rank"));
}

/* rows_list = auto: the rows the pinned prediction placed around its
 * predicted steps, which the check has found to be there. */
static void load_sweep(run_ctx *rc, json_t *pred)
{
	rc->rows_list = json_incref(
	    json_object_get(json_object_get(pred, "sweep"), "rows_list"));
}

/* [arrival] replay: the delays of the committed run the spec names
 * (format/replayed.h); a run that is not there, committed and complete is
 * refused (PR_EINPUT). */
static int load_replay(run_ctx *rc)
{
	int64_t *ns = NULL;
	int n = 0, i, error;

	if ((error = pr_arrival_replay_spec(&ns, &n, pr_repo_root(rc->repo),
					    rc->spec)) < 0) {
		pr_error("cannot run '%s': [arrival] replay names run '%s' of "
			 "'%s', which cannot be replayed",
			 rc->spec->name, rc->spec->replay_run,
			 rc->spec->replay_experiment);
		return error;
	}
	if (!ns)
		return PR_OK;
	rc->replay_ns = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(rc->replay_ns,
				      json_integer((json_int_t)ns[i]));
	free(ns);
	return PR_OK;
}

/*
 * The pin's own blobs of the prediction and the spec (not the work tree's)
 * must pass pr_prediction_check; then what the workload reads is taken
 * from them. A pinned prediction the run cannot use is refused (I1), never
 * replaced by a default.
 */
static int load_pinned(run_ctx *rc)
{
	char *what = pr_asprintf("cannot run '%s'", rc->spec->name);
	json_t *pred = NULL;
	git_oid spec, p;
	int error;

	if (git_oid_fromstr(&spec, rc->pin.spec_blob) < 0 ||
	    git_oid_fromstr(&p, rc->pin.pred_blob) < 0) {
		error = pr_git_error("cannot read the pin's blob ids");
		goto cleanup;
	}
	error = pr_prediction_check_blobs(&pred, rc->repo, rc->spec->name,
					  &spec, &p, what);
	if (error == PR_EINPUT)
		error = PR_EREFUSED;
	if (error < 0)
		goto cleanup;
	if (json_object_get(pred, "unavailable")) {
		json_t *u = json_object_get(pred, "unavailable");
		const char *cal =
		    json_string_value(json_object_get(u, "calibration"));

		error = pr_error_code(
		    PR_EREFUSED,
		    "%s: its pinned prediction has no cells: %s (run 'prereg "
		    "pin %s && prereg run %s' where the devices are, then "
		    "'prereg pin %s' again)",
		    what, json_string_value(json_object_get(u, "why")), cal,
		    cal, rc->spec->name);
		goto cleanup;
	}
	if (!strcmp(rc->spec->workload, "row-split"))
		load_split(rc, pred);
	if (rc->spec->rows_list_auto)
		load_sweep(rc, pred);
	error = load_replay(rc);
cleanup:
	json_decref(pred);
	free(what);
	return error;
}

/* Every invocation's plan meets prereg-rank's rules (plancheck.h), so a
 * plan it would reject is refused (PR_EINPUT) before anything runs. */
static int check_plans(const run_ctx *rc)
{
	char why[512];
	size_t k;
	int error = PR_OK;

	for (k = 0; k < rc->sched.ninv && error == 0; k++) {
		json_t *plan = plan_for(rc, &rc->sched.inv[k], "PLAN");

		if (pr_plan_check(plan, why, sizeof(why)) < 0)
			error = pr_error_code(PR_EINPUT,
					      "cannot run '%s': launch %d, "
					      "config %d: %s",
					      rc->spec->name,
					      rc->sched.inv[k].launch,
					      rc->sched.inv[k].config, why);
		else if (rc->opts->original &&
			 pr_run_original_check(plan, rc->opts->original, why,
					       sizeof(why)) < 0)
			error = pr_error_code(PR_EREFUSED,
					      "cannot run '%s' as %s: launch "
					      "%d, config %d: %s; nothing was "
					      "run",
					      rc->spec->name,
					      rc->opts->original->run_id,
					      rc->sched.inv[k].launch,
					      rc->sched.inv[k].config, why);
		json_decref(plan);
	}
	return error;
}

/* Configs whose ranks share cores, unless sharing is the experiment's
 * subject: said before the run, recorded per launch ("sharing"), flagged
 * by the report and `prereg list`. */
static void warn_sharing(const run_ctx *rc)
{
	int c;

	if (strcmp(rc->launcher->name, "mpirun") || rc->spec->sharing_tested)
		return;
	for (c = 0; c < pr_spec_nconfigs(rc->spec); c++) {
		json_t *sh = pr_launch_sharing(rc->spec, c, rc->ncores);
		json_int_t per =
		    json_integer_value(json_object_get(sh, "ranks_per_core"));

		if (json_is_true(json_object_get(sh, "oversubscribed"))) {
			char *label = pr_spec_config_label(rc->spec, c);

			pr_warn("config %d (%s) puts %lld ranks on each of %d "
				"cores: times include sharing, which '%s' does "
				"not say it tests ('sharing = tested' in "
				"[experiment]); the run and its report are "
				"flagged",
				c, label, (long long)per, rc->ncores,
				rc->spec->name);
			free(label);
		}
		json_decref(sh);
	}
}

static int setup(run_ctx *rc, const char *name)
{
	const pr_run_opts *o = rc->opts;
	char *exe_dir = NULL;
	int error;

	if ((error = pr_spec_load(&rc->spec, pr_repo_root(rc->repo), name)) <
		0 ||
	    (error = pr_pin_check(&rc->pin, rc->repo, name)) < 0)
		return error;
	if ((error = load_pinned(rc)) < 0)
		return error;
	if ((error = pr_launcher_lookup(&rc->launcher,
					o->launcher ? o->launcher
					: rc->spec->groups[0].partition[0]
					    ? "slurm"
					    : "mpirun")) < 0 ||
	    (!o->dry_run && (error = rc->launcher->check(rc->spec)) < 0))
		return error;
	rc->launches = o->quick ? 2 : rc->spec->launches;
	rc->reps = o->quick ? 3 : rc->spec->reps;
	rc->warmup = o->quick ? 1 : rc->spec->warmup;
	if (o->launches > 0)
		rc->launches = o->launches;
	if (o->reps > 0)
		rc->reps = o->reps;
	if (o->warmup >= 0)
		rc->warmup = o->warmup;
	if ((error = pr_schedule_build(
		 &rc->sched, pr_schedule_seed(rc->spec->name, rc->pin.commit),
		 rc->launches, pr_spec_nconfigs(rc->spec))) < 0 ||
	    (error = pr_exe_dir(&exe_dir)) < 0)
		return error;
	rc->rank_bin = o->original && o->original->rank_bin
			   ? pr_strdup(o->original->rank_bin)
			   : pr_asprintf("%s/prereg-rank", exe_dir);
	free(exe_dir);
	rc->ncores = pr_launch_ncores();
	warn_sharing(rc);
	if ((error = check_plans(rc)) < 0 || o->dry_run)
		return error;
	if (access(rc->rank_bin, X_OK) < 0)
		return pr_error("cannot run '%s': %s (run 'make')",
				rc->rank_bin, strerror(errno));
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
	if (rc->rows_list)
		items = (uint64_t)json_array_size(rc->rows_list);
	rows = (uint64_t)rc->sched.ninv * (uint64_t)(rc->warmup + rc->reps) *
	       (uint64_t)s->nranks * items * 4;
	return rows * 100 * 3 / 2 + (uint64_t)rc->sched.ninv * (64 << 10) +
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

	if ((error = make_run_id(rc->run_id)) < 0)
		return error;
	/* the run writes under runs/NAME, never through a link */
	path = pr_path_runs(NULL, rc->spec->name);
	error = pr_no_links(pr_repo_root(rc->repo), path, 1);
	free(path);
	path = NULL;
	if (error < 0)
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
		       "commit", rc->pin.commit, "launches", rc->launches,
		       "reps", rc->reps, "warmup", rc->warmup, "quick",
		       rc->opts->quick, "launcher", rc->launcher->name,
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
	if (error == 0 && rc->launcher->script) {
		char *script = rc->launcher->prepare(rc->spec);

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

static int record(run_ctx *rc, char sha_out[65])
{
	char *ledger = pr_path_ledger(pr_repo_root(rc->repo), rc->spec->name);
	char prev[65], msha[65];
	pr_archive_info ai;
	int error;

	if ((error = write_archive(&ai, rc)) < 0 ||
	    (error = pr_ledger_tip(prev, ledger)) < 0 ||
	    (error = write_manifest(msha, rc, &ai, prev)) < 0 ||
	    (error = pr_ledger_append(NULL, ledger, rc->run_id, rc->status,
				      msha)) < 0)
		goto cleanup;
	memcpy(sha_out, ai.sha256, 65);
	printf("run %s: %s, %llu samples, archive %llu bytes (sha256 "
	       "%.12s...)\n",
	       rc->run_id, rc->status, (unsigned long long)ai.rows,
	       (unsigned long long)ai.gz_bytes, ai.sha256);
cleanup:
	free(ledger);
	return error;
}

int pr_run_commit(run_ctx *rc)
{
	char *paths[4];
	size_t npaths = 3;
	char *msg;
	git_oid oid;
	char hex[GIT_OID_HEXSZ + 1];
	int error;

	paths[0] = pr_asprintf("%s/" PR_MANIFEST_FILE, rc->rel_dir);
	paths[1] = pr_asprintf("%s/" PR_ARCHIVE_FILE, rc->rel_dir);
	paths[2] = pr_path_ledger(NULL, rc->spec->name);
	if (rc->script)
		paths[npaths++] =
		    pr_asprintf("%s/%s", rc->rel_dir, rc->launcher->script);
	msg =
	    pr_asprintf("prereg run %s %s (%s)\n\npin %s %s\n", rc->spec->name,
			rc->run_id, rc->status, rc->pin.tag, rc->pin.commit);
	error = pr_git_commit_files(&oid, rc->repo, (const char *const *)paths,
				    npaths, msg);
	if (error == 0) {
		git_oid_tostr(hex, sizeof(hex), &oid);
		printf("committed %s as %.12s\n", rc->rel_dir, hex);
	}
	while (npaths > 0)
		free(paths[--npaths]);
	free(msg);
	return error;
}

/* Remove what only an unrecorded run needs from its directory: the kept
 * launches, the scratch directory, temporary files of a write that never
 * finished. manifest.json, timings.csv.gz, slurm.sh and run-state.json
 * stay. */
void pr_run_drop_scratch(const run_ctx *rc)
{
	DIR *d = opendir(rc->run_dir);
	struct dirent *e;

	while (d && (e = readdir(d)) != NULL) {
		char *path;

		if (strncmp(e->d_name, "launch-", 7) &&
		    strncmp(e->d_name, ".work-", 6) &&
		    !strstr(e->d_name, ".tmp."))
			continue;
		path = pr_asprintf("%s/%s", rc->run_dir, e->d_name);
		if (e->d_name[0] == '.')
			pr_remove_tree(path);
		else
			unlink(path);
		free(path);
	}
	if (d)
		closedir(d);
}

void pr_run_state_done(const run_ctx *rc)
{
	char *path = pr_asprintf("%s/" RUN_STATE, rc->run_dir);

	unlink(path);
	free(path);
}

/* HEAD's commit into *id and the branch it names into *ref (caller
 * frees; NULL when detached). */
static int head_now(git_oid *id, char **ref, git_repository *repo)
{
	git_reference *head = NULL;
	const char *target;

	*ref = NULL;
	if (git_reference_lookup(&head, repo, "HEAD") < 0 ||
	    git_reference_name_to_id(id, repo, "HEAD") < 0) {
		git_reference_free(head);
		return pr_git_error("cannot read HEAD");
	}
	target = git_reference_type(head) == GIT_REFERENCE_SYMBOLIC
		     ? git_reference_symbolic_target(head)
		     : NULL;
	*ref = target ? pr_strdup(target) : NULL;
	git_reference_free(head);
	return PR_OK;
}

int pr_run_head_mark(run_ctx *rc)
{
	int error;

	free(rc->head_ref);
	if ((error = head_now(&rc->head, &rc->head_ref, rc->repo)) == 0)
		rc->has_head = 1;
	return error;
}

/* HEAD is still what it was when the run began, or PR_EREFUSED saying
 * what moved it: the run's commit would not be on the line it ran on. */
static int head_unmoved(const run_ctx *rc)
{
	char was[GIT_OID_HEXSZ + 1], now[GIT_OID_HEXSZ + 1], *ref = NULL;
	git_oid id;
	int error;

	if (!rc->has_head)
		return PR_OK;
	if ((error = head_now(&id, &ref, rc->repo)) < 0)
		return error;
	if (!git_oid_equal(&id, &rc->head) || (!ref) != (!rc->head_ref) ||
	    (ref && strcmp(ref, rc->head_ref)))
		error = pr_error_code(
		    PR_EREFUSED,
		    "cannot commit run %s: HEAD moved during the run (%.12s "
		    "on %s when it began, %.12s on %s now): a pin or a commit "
		    "was made meanwhile",
		    rc->run_id, git_oid_tostr(was, sizeof(was), &rc->head),
		    rc->head_ref ? rc->head_ref : "a detached HEAD",
		    git_oid_tostr(now, sizeof(now), &id),
		    ref ? ref : "a detached HEAD");
	free(ref);
	return error;
}

/*
 * Archive, manifest, ledger line, then the commit; run-state.json goes
 * last, so that whatever stops this midway leaves a directory that
 * `prereg recover` completes.
 */
int pr_run_finalize(run_ctx *rc)
{
	char sha[65];
	int error;

	if ((error = record(rc, sha)) < 0) {
		pr_error("the %zu launches done are kept in %s; once the cause "
			 "is fixed, 'prereg recover %s' records them",
			 json_array_size(rc->invocations), rc->rel_dir,
			 rc->spec->name);
		return error;
	}
	pr_run_drop_scratch(rc);
	if (!rc->opts->no_commit && ((error = head_unmoved(rc)) < 0 ||
				     (error = pr_run_commit(rc)) < 0)) {
		pr_error("run %s is recorded in %s and in the ledger but not "
			 "committed; once the cause is fixed, 'prereg recover "
			 "%s' commits it",
			 rc->run_id, rc->rel_dir, rc->spec->name);
		return error;
	}
	pr_run_state_done(rc);
	return PR_OK;
}

void pr_run_ctx_free(run_ctx *rc)
{
	if (rc->work_dir && rc->run_id[0])
		pr_remove_tree(rc->work_dir);
	pr_spec_free(rc->spec);
	pr_schedule_free(&rc->sched);
	json_decref(rc->invocations);
	json_decref(rc->rows_per_rank);
	json_decref(rc->rows_list);
	json_decref(rc->replay_ns);
	json_decref(rc->recovered);
	json_decref(rc->busy_at_start);
	free(rc->reason);
	free(rc->run_dir);
	free(rc->rel_dir);
	free(rc->work_dir);
	free(rc->rank_bin);
	free(rc->script);
	free(rc->head_ref);
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
	for (c = 0; c < pr_spec_nconfigs(rc->spec); c++)
		if (c == 0 || rank_cpus(rc, c) < least)
			least = rank_cpus(rc, c);
	pr_machine_check_start(&rc->busy_at_start, least, rc->opts->wait_idle,
			       rc->opts->progress || isatty(STDERR_FILENO));
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
	for (k = 0; k < rc->sched.ninv && ok && !g_stop; k++) {
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
		rc->reason = pr_strdup("interrupted by a signal (SIGINT or "
				       "SIGTERM)");
		pr_error("interrupted: recording the %zu launches done",
			 json_array_size(rc->invocations));
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
