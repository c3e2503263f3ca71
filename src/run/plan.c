/* plan.c - a run planned once from the spec and the pin: the plans of its
 * launches and what they read of the pinned prediction */
#include "run/plan.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/plancheck.h"
#include "format/predcheck.h"
#include "format/replayed.h"
#include "format/spec.h"
#include "repo/git.h"
#include "run/launch.h"
#include "run/original.h"

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

json_t *plan_for(const run_ctx *rc, const pr_invocation *inv,
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
int load_pinned(run_ctx *rc)
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
int check_plans(const run_ctx *rc)
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
void warn_sharing(const run_ctx *rc)
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
