/* plan.c - a run planned once from the spec and the pin: the plans of its
 * launches and what they read of the pinned prediction */
#include "run/plan.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/host.h"
#include "base/util.h"
#include "format/plancheck.h"
#include "format/predcheck.h"
#include "format/replayed.h"
#include "format/spec.h"
#include "format/workload.h"
#include "repo/git.h"
#include "run/command.h"
#include "run/conditions.h"
#include "run/envcap.h"
#include "run/launch.h"
#include "run/original.h"
#include "run/run-internal.h"

/* arrival and dp-step: the config's algorithm and pattern, and dp-step's
 * compute (plancheck.h). */
static void plan_arrival(json_t *plan, const pr_run_plan *p, int config)
{
	const pr_spec *s = p->spec;
	const char *pattern = p->config[config].pattern;
	json_t *rows;
	int i;

	if (!pr_workload_has_arrival(s->workload))
		return;
	json_object_set_new(plan, "algorithm",
			    json_string(p->config[config].algorithm));
	json_object_set_new(plan, "pattern", json_string(pattern));
	json_object_set_new(
	    plan, "delay_ns",
	    json_integer((json_int_t)llround(s->delay_us * 1000.0)));
	json_object_set_new(plan, "late_rank", json_integer(s->late_rank));
	if (!strcmp(pattern, "replay") && p->replay_ns)
		json_object_set(plan, "replay_ns", p->replay_ns);
	if (!pr_workload_has_dp(s->workload))
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

/* prereg-rank's plan of invocation inv, writing under out_prefix. */
static json_t *plan_for(const pr_run_plan *p, const pr_invocation *inv,
			const char *out_prefix)
{
	const pr_spec *s = p->spec;
	const pr_launch_setting *ls = p->config[inv->config].launch;
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
			 seed, "reps", p->reps, "warmup", p->warmup, "rows",
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
	/* only when not the launch's: a plan without it reads as before */
	if (s->size_order_rep)
		json_object_set_new(plan, "size_order_by", json_string("rep"));
	json_object_set_new(plan, "sync",
			    json_string(p->config[inv->config].sync));
	if (p->rows_list)
		json_object_set(plan, "rows_list", p->rows_list);
	if (s->nrows_list) {
		json_t *rl = json_array();
		for (i = 0; i < s->nrows_list; i++)
			json_array_append_new(rl,
					      json_integer(s->rows_list[i]));
		json_object_set_new(plan, "rows_list", rl);
	}
	if (p->rows_per_rank)
		json_object_set(plan, "rows_per_rank", p->rows_per_rank);
	plan_arrival(plan, p, inv->config);
	pr_run_command_plan(plan, p, inv->config);
	if (p->original)
		pr_run_original_adapt(plan, p->original);
	return plan;
}

/* row-split: rows per rank from the pinned prediction's split (the 1/t
 * split), which the check has found to fit the spec. */
static void load_split(run_ctx *rc, json_t *pred)
{
	rc->plan.rows_per_rank = json_incref(
	    json_object_get(json_object_get(pred, "split"), "rows_per_rank"));
}

/* rows_list = auto: the rows the pinned prediction placed around its
 * predicted steps, which the check has found to be there. */
static void load_sweep(run_ctx *rc, json_t *pred)
{
	rc->plan.rows_list = json_incref(
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
	rc->plan.replay_ns = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(rc->plan.replay_ns,
				      json_integer((json_int_t)ns[i]));
	free(ns);
	return PR_OK;
}

/* Before a run whose ranks run here: warn when its calibration recorded
 * another TCP congestion control than this host's (the report lists it
 * too, analyze.h). */
static void warn_conditions(const run_ctx *rc, const json_t *pred)
{
	char *own, *why;

	if (!rc->launcher->local)
		return;
	own = pr_envcap_tcp_congestion_control();
	if ((why = pr_conditions_differ(pr_repo_root(rc->repo), pred, own)))
		pr_warn("%s", why);
	free(why);
	free(own);
}

/*
 * The pin's own blobs of the prediction and the spec (not the work tree's)
 * must pass pr_prediction_check; then what the workload reads is taken
 * from them. A pinned prediction the run cannot use is refused (I1), never
 * replaced by a default.
 */
int pr_run_load_pinned(run_ctx *rc)
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
	warn_conditions(rc, pred);
	if (pr_workload_splits_rows(rc->spec->workload))
		load_split(rc, pred);
	if (rc->spec->rows_list_auto)
		load_sweep(rc, pred);
	error = load_replay(rc);
cleanup:
	json_decref(pred);
	free(what);
	return error;
}

/* Every invocation's plan (rc->plan.plans, built here once) meets
 * prereg-rank's rules (plancheck.h), so a plan it would reject is refused
 * (PR_EINPUT) before anything runs. */
int pr_run_check_plans(run_ctx *rc)
{
	const pr_run_plan *p = &rc->plan;
	char why[512];
	size_t k;
	int error = PR_OK;

	json_decref(rc->plan.plans);
	rc->plan.plans = json_array();
	for (k = 0; k < p->sched.ninv && error == 0; k++) {
		const pr_invocation *inv = &p->sched.inv[k];
		json_t *plan = plan_for(p, inv, "PLAN");

		if (pr_plan_check(plan, why, sizeof(why)) < 0)
			error = pr_error_code(PR_EINPUT,
					      "cannot run '%s': launch %d, "
					      "config %d: %s",
					      p->spec->name, inv->launch,
					      inv->config, why);
		else if (p->original &&
			 pr_run_original_check(plan, p->original, why,
					       sizeof(why)) < 0)
			error =
			    pr_error_code(PR_EREFUSED,
					  "cannot run '%s' as %s: launch "
					  "%d, config %d: %s; nothing was "
					  "run",
					  p->spec->name, p->original->run_id,
					  inv->launch, inv->config, why);
		json_array_append_new(rc->plan.plans, plan);
	}
	return error;
}

/* Configs whose ranks share cores, unless sharing is the experiment's
 * subject: said before the run, recorded per launch ("sharing"), flagged
 * by the report and `prereg list`. */
void pr_run_warn_sharing(const run_ctx *rc)
{
	const pr_run_plan *p = &rc->plan;
	int c;

	if (strcmp(rc->launcher->name, "mpirun") || p->spec->sharing_tested)
		return;
	for (c = 0; c < p->nconfigs; c++) {
		json_t *sh = pr_launch_sharing(p, c);
		json_int_t per =
		    json_integer_value(json_object_get(sh, "ranks_per_core"));
		char where[96];

		if (p->config[c].packed) /* all on core 0 */
			snprintf(where, sizeof(where),
				 "its %lld ranks on one core", (long long)per);
		else
			snprintf(where, sizeof(where),
				 "up to %lld ranks on each of %d cores",
				 (long long)per, p->ncores);
		if (json_is_true(json_object_get(sh, "oversubscribed")))
			pr_warn(
			    "config %d (%s) puts %s: times include sharing, "
			    "which '%s' does not say it tests ('sharing = "
			    "tested' in [experiment]); the run and its report "
			    "are flagged",
			    c, p->config[c].label, where, p->spec->name);
		json_decref(sh);
	}
}

void pr_run_plan_init(pr_run_plan *p, const pr_spec *spec, const pr_run_opts *o)
{
	int c;

	p->spec = spec;
	p->original = o ? o->original : NULL;
	p->quick = o ? o->quick : 0;
	p->nconfigs = pr_spec_nconfigs(spec);
	p->config = pr_calloc((size_t)p->nconfigs, sizeof(*p->config));
	for (c = 0; c < p->nconfigs; c++) {
		pr_plan_config *pc = &p->config[c];

		pc->transport = pr_spec_transport(spec, c);
		pc->placement = pr_spec_placement(spec, c);
		pc->algorithm = pr_spec_algorithm(spec, c);
		pc->sync = pr_spec_sync(spec, c);
		pc->pattern = pr_spec_pattern(spec, c);
		pc->launch = pr_spec_launch(spec, c);
		pc->label = pr_spec_config_label(spec, c);
		pc->packed = !strcmp(pc->placement, "packed");
	}
	p->launches = spec->launches;
	p->reps = spec->reps;
	p->warmup = spec->warmup;
}

int pr_run_plan_settle(pr_run_plan *p, const pr_run_opts *o,
		       const char *pin_commit)
{
	char *exe_dir = NULL;
	int error;

	if (o->quick) {
		p->launches = 2;
		p->reps = 3;
		p->warmup = 1;
	}
	if (o->launches > 0)
		p->launches = o->launches;
	if (o->reps > 0)
		p->reps = o->reps;
	if (o->warmup >= 0)
		p->warmup = o->warmup;
	if (pr_workload_is_command(p->spec->workload))
		p->reps = 1; /* a launch runs the program once */
	if ((error = pr_run_plan_schedule(p, pin_commit)) < 0 ||
	    (error = pr_exe_dir(&exe_dir)) < 0)
		return error;
	p->rank_bin = o->original && o->original->rank_bin
			  ? pr_strdup(o->original->rank_bin)
			  : pr_asprintf("%s/prereg-rank", exe_dir);
	free(exe_dir);
	p->ncores = pr_host_ncores();
	return PR_OK;
}

int pr_run_plan_schedule(pr_run_plan *p, const char *pin_commit)
{
	return pr_schedule_build(&p->sched,
				 pr_schedule_seed(p->spec->name, pin_commit),
				 p->launches, p->nconfigs);
}

void pr_run_plan_free(pr_run_plan *p)
{
	int c;

	for (c = 0; c < p->nconfigs; c++)
		free(p->config[c].label);
	free(p->config);
	pr_schedule_free(&p->sched);
	json_decref(p->rows_per_rank);
	json_decref(p->rows_list);
	json_decref(p->replay_ns);
	json_decref(p->plans);
	free(p->rank_bin);
	free(p->program);
	free(p->pmpi_lib);
	free(p->root);
	json_decref(p->binary);
	memset(p, 0, sizeof(*p));
}
