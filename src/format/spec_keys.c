/* spec_keys.c - experiment.ini's keys: one setter each, then the table of
 * every key */
#include "format/spec-internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/arrival.h"
#include "base/mca.h"
#include "base/util.h"

/* In pr_kind order. */
static const char *const kinds[] = {"validation", "calibration"};
static const char *const placements[] = {"spread", "packed"};
static const char *const syncs[] = {"none", "barrier"};
static const char *const sharings[] = {"untested", "tested"};
static const char *const bands[] = {"tolerance", "calibration"};
static const char *const interleaves[] = {"none", "primitives"};
static const char *const size_orders[] = {"launch", "rep"};
/* [mpi] yield_when_idle, in pr_yield order */
static const char *const yields[] = {"auto", "yes", "no"};
static const char *const dp_computes[] = {"rows", "pattern"};

/* The transports: base/mca.h's table, whose size is not known here. */
static struct names transport_names(void)
{
	return (struct names){pr_mca_transports, sizeof(pr_mca_transports[0]),
			      pr_mca_ntransports};
}

static struct names pattern_names(void)
{
	return (struct names){pr_arrival_kind_names,
			      sizeof(pr_arrival_kind_names[0]),
			      PR_ARRIVAL_NKINDS};
}

/* The workloads: format/workload.h's table. */
static struct names workload_names(void)
{
	return (struct names){pr_workloads, sizeof(pr_workloads[0]),
			      PR_NWORKLOADS};
}

static struct names algorithm_names(void)
{
	return (struct names){pr_mca_algorithms, sizeof(pr_mca_algorithms[0]),
			      pr_mca_nalgorithms};
}

const char *const pr_spec_sections[] = {
    "experiment", "shape",   "ranks",  "factors", "schedule",
    "mpi",	  "model",   "launch", "slurm",	  "pin",
    "analysis",	  "arrival", "dp",     "claims",  "command",
};

static int set_kind(struct parse *p, const char *key, const char *value)
{
	int kind, error;

	(void)key;
	if ((error =
		 pr_spec_get_choice(&kind, p, "kind", value, NAMES(kinds))) < 0)
		return error;
	p->spec->kind = (pr_kind)kind;
	return PR_OK;
}

static int set_claim(struct parse *p, const char *key, const char *value)
{
	(void)key;
	p->spec->claim = pr_strdup(value);
	return PR_OK;
}

static int set_workload(struct parse *p, const char *key, const char *value)
{
	int i, error;

	(void)key;
	if ((error = pr_spec_get_choice(&i, p, "workload", value,
					workload_names())) < 0)
		return error;
	p->workload = &pr_workloads[i];
	p->spec->workload = pr_strdup(pr_workloads[i].name);
	return PR_OK;
}

static int set_budget(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_num(&p->spec->budget_s, p, key, value, HUGE_VAL,
			       "a positive number");
}

static int set_rows(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_long(&p->spec->rows, p, key, value, 1, 1L << 24);
}

static int set_keys(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_long(&p->spec->keys, p, key, value, 1, 1L << 24);
}

static int set_d(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_long(&p->spec->d, p, key, value, 1, 4096);
}

static int set_min_bytes(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_int(&p->min_bytes, p, key, value, 1, MAX_BYTES);
}

static int set_max_bytes(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_int(&p->max_bytes, p, key, value, 1, MAX_BYTES);
}

static int set_factor(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_int(&p->factor, p, key, value, 2, MAX_BYTES);
}

/* rows_list = 1, 2, 4, ...: positive row counts, each listed once. */
static int set_rows_list(struct parse *p, const char *key, const char *value)
{
	char *copy, *items[PR_MAX_SIZES];
	int n, i, j, error = PR_OK;

	if (!strcmp(value, "auto")) {
		p->spec->rows_list_auto = 1;
		return PR_OK;
	}
	copy = pr_strdup(value);

	if ((n = pr_spec_split_list(items, PR_MAX_SIZES, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && !error; i++) {
		error = pr_spec_get_long(&p->spec->rows_list[i], p, key,
					 items[i], 1, 1L << 24);
		for (j = 0; j < i && !error; j++)
			if (p->spec->rows_list[j] == p->spec->rows_list[i])
				error = pr_spec_fail(
				    p, p->line, "'%s' lists %ld twice", key,
				    p->spec->rows_list[i]);
	}
	p->spec->nrows_list = error ? 0 : n;
	free(copy);
	return error;
}

/* A factor's list of values, each known and listed once. */
static int set_factor_list(char **out, int *nout, struct parse *p,
			   const char *key, const char *value,
			   struct names known)
{
	char *items[PR_MAX_FACTOR];
	char *copy = pr_strdup(value);
	int i, j, n, error = PR_OK;

	if ((n = pr_spec_split_list(items, PR_MAX_FACTOR, p, key, copy)) < 0) {
		error = n;
		goto cleanup;
	}
	for (i = 0; i < n; i++) {
		if (pr_spec_lookup(known, items[i]) < 0) {
			error = pr_spec_fail_unknown(p, key, items[i], known);
			goto cleanup;
		}
		for (j = 0; j < i; j++) {
			if (!strcmp(items[i], items[j])) {
				error = pr_spec_fail(p, p->line,
						     "'%s' lists '%s' twice",
						     key, items[i]);
				goto cleanup;
			}
		}
	}
	for (i = 0; i < n; i++)
		out[i] = pr_strdup(items[i]);
	*nout = n;
cleanup:
	free(copy);
	return error;
}

static int set_transport(struct parse *p, const char *key, const char *value)
{
	return set_factor_list(p->spec->transports, &p->spec->ntransports, p,
			       key, value, transport_names());
}

static int set_placement(struct parse *p, const char *key, const char *value)
{
	return set_factor_list(p->spec->placements, &p->spec->nplacements, p,
			       key, value, NAMES(placements));
}

/* [factors] launch = a, b: names, each once; their sections are checked
 * when the whole file is read (pr_spec_check_launch). */
static int set_launch_factor(struct parse *p, const char *key,
			     const char *value)
{
	char *items[PR_MAX_FACTOR];
	char *copy = pr_strdup(value);
	int i, j, n, error = PR_OK;

	if ((n = pr_spec_split_list(items, PR_MAX_FACTOR, p, key, copy)) < 0) {
		error = n;
		goto cleanup;
	}
	for (i = 0; i < n; i++) {
		if (!pr_spec_launch_name_ok(items[i])) {
			error =
			    pr_spec_fail(p, p->line,
					 "'%s': '%s' is no launch setting name "
					 "(1 to 32 letters, digits, '_', '-')",
					 key, items[i]);
			goto cleanup;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(items[i], items[j])) {
				error = pr_spec_fail(p, p->line,
						     "'%s' lists '%s' twice",
						     key, items[i]);
				goto cleanup;
			}
	}
	for (i = 0; i < n; i++)
		p->spec->launch_names[i] = pr_strdup(items[i]);
	p->spec->nlaunch_settings = n;
cleanup:
	free(copy);
	return error;
}

static int set_launches(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_small(&p->spec->launches, p, key, value, 1, 1000);
}

static int set_reps(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_small(&p->spec->reps, p, key, value, 1, 1000000);
}

static int set_warmup(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_small(&p->spec->warmup, p, key, value, 0, 1000000);
}

static int set_relaunch(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_small(&p->spec->relaunch, p, key, value, 0,
				 PR_MAX_RELAUNCH);
}

static int set_algorithm(struct parse *p, const char *key, const char *value)
{
	return set_factor_list(p->spec->algorithms, &p->spec->nalgorithms, p,
			       key, value, algorithm_names());
}

static int set_sync(struct parse *p, const char *key, const char *value)
{
	return set_factor_list(p->spec->syncs, &p->spec->nsyncs, p, key, value,
			       NAMES(syncs));
}

static int set_yield(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error = pr_spec_get_choice(&i, p, key, value, NAMES(yields))) < 0)
		return error;
	p->spec->yield = (pr_yield)i;
	return PR_OK;
}

static int set_interleave(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error =
		 pr_spec_get_choice(&i, p, key, value, NAMES(interleaves))) < 0)
		return error;
	p->spec->interleave = i == 1;
	return PR_OK;
}

static int set_edition(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_small(&p->spec->edition, p, key, value, 1,
				 PR_SPEC_EDITION);
}

static int set_size_order(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error =
		 pr_spec_get_choice(&i, p, key, value, NAMES(size_orders))) < 0)
		return error;
	p->spec->size_order_rep = i == 1;
	return PR_OK;
}

/* tsa = http://...: an RFC 3161 authority, http or https. */
static int set_tsa(struct parse *p, const char *key, const char *value)
{
	if (strncmp(value, "http://", 7) && strncmp(value, "https://", 8))
		return pr_spec_fail(
		    p, p->line,
		    "'%s' must be an http:// or https:// URL, not '%s'", key,
		    value);
	free(p->spec->tsa);
	p->spec->tsa = pr_strdup(value);
	return PR_OK;
}

/* A list of exact message sizes into out[0..*n), each listed once; *n
 * is 0 on error. */
static int size_list(size_t *out, int *n, struct parse *p, const char *key,
		     const char *value)
{
	char *copy = pr_strdup(value), *items[PR_MAX_SIZES];
	int k, i, j, error = PR_OK;

	*n = 0;
	if ((k = pr_spec_split_list(items, PR_MAX_SIZES, p, key, copy)) < 0) {
		free(copy);
		return k;
	}
	for (i = 0; i < k && !error; i++) {
		long long v;

		error = pr_spec_get_int(&v, p, key, items[i], 1, MAX_BYTES);
		out[i] = (size_t)v;
		for (j = 0; j < i && !error; j++)
			if (out[j] == out[i])
				error = pr_spec_fail(p, p->line,
						     "'%s' lists %zu twice",
						     key, out[i]);
	}
	*n = error ? 0 : k;
	free(copy);
	return error;
}

/* sizes = 8192, 4210688: exact message sizes, each listed once. */
static int set_sizes(struct parse *p, const char *key, const char *value)
{
	return size_list(p->extra_sizes, &p->nextra_sizes, p, key, value);
}

/* holdout = 65536, 1048576: sizes of [shape] held out of the fit. */
static int set_holdout(struct parse *p, const char *key, const char *value)
{
	return size_list(p->spec->holdout, &p->spec->nholdout, p, key, value);
}

static int set_inner(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_small(&p->spec->inner, p, key, value, 0, 100000);
}

static int set_sharing(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error = pr_spec_get_choice(&i, p, key, value, NAMES(sharings))) <
	    0)
		return error;
	p->spec->sharing_tested = i == 1;
	return PR_OK;
}

/* busy = flag | exclude: what a launch that ran on a busy machine does to
 * a reproduction verdict */
static const char *const busy_rules[] = {"flag", "exclude"};

static int set_busy(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error = pr_spec_get_choice(&i, p, key, value, NAMES(busy_rules))) <
	    0)
		return error;
	p->spec->busy_exclude = i == 1;
	return PR_OK;
}

/* calibration_busy = keep | exclude: the calibration's busy launches */
static int set_calibration_busy(struct parse *p, const char *key,
				const char *value)
{
	static const char *const rules[] = {"keep", "exclude"};
	int i, error;

	if ((error = pr_spec_get_choice(&i, p, key, value, NAMES(rules))) < 0)
		return error;
	p->spec->calibration_busy_exclude = i == 1;
	return PR_OK;
}

static int set_band(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error = pr_spec_get_choice(&i, p, key, value, NAMES(bands))) < 0)
		return error;
	free(p->spec->band);
	p->spec->band = pr_strdup(bands[i]);
	return PR_OK;
}

/* pilot_cv = allreduce:0.05, allreduce_small:0.3 */
static int set_pilot_cv(struct parse *p, const char *key, const char *value)
{
	char *copy = pr_strdup(value), *items[PR_MAX_FACTOR];
	int n, i, j, error = PR_OK;

	if ((n = pr_spec_split_list(items, PR_MAX_FACTOR, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && !error; i++) {
		char *colon;

		if ((error = pr_spec_split_pair(
			 &colon, p, key, items[i],
			 "PHASE:CV, e.g. 'allreduce:0.05'")) < 0)
			break;
		for (j = 0; j < i && !error; j++)
			if (!strcmp(p->spec->pilot_phase[j],
				    pr_spec_trim(items[i])))
				error = pr_spec_fail(
				    p, p->line, "'%s' lists phase '%s' twice",
				    key, pr_spec_trim(items[i]));
		if (!error)
			error = pr_spec_get_num(&p->spec->pilot_cv[i], p, key,
						pr_spec_trim(colon + 1), 10.0,
						"a number in (0, 10]");
		p->spec->pilot_phase[i] = pr_strdup(pr_spec_trim(items[i]));
		p->spec->npilot = i + 1;
	}
	free(copy);
	return error;
}

static int set_model(struct parse *p, const char *key, const char *value)
{
	int i, error;

	(void)key;
	if ((error = pr_spec_get_choice(
		 &i, p, "model", value,
		 (struct names){pr_model_registry, sizeof(pr_model_info),
				pr_model_registry_size})) < 0)
		return error;
	p->model = &pr_model_registry[i];
	free(p->spec->model);
	p->spec->model = pr_strdup(p->model->name);
	return PR_OK;
}

/* A calibration experiment's name into *out (I5: another experiment). */
static int get_calibration(char **out, struct parse *p, const char *key,
			   const char *value)
{
	if (!pr_spec_name_ok(value))
		return pr_spec_fail(
		    p, p->line,
		    "'%s' must be an experiment name (letters, "
		    "digits, '-', '_' and '.'; no '/' or '..'; at "
		    "most %d characters), not '%s'",
		    key, MAX_NAME, value);
	if (p->spec->name && !strcmp(value, p->spec->name))
		return pr_spec_fail(
		    p, p->line,
		    "'%s' names this experiment: a calibration is "
		    "another, pinned experiment",
		    key);
	*out = pr_strdup(value);
	return PR_OK;
}

static int set_calibration(struct parse *p, const char *key, const char *value)
{
	return get_calibration(&p->spec->calibration, p, key, value);
}

static int set_comm_calibration(struct parse *p, const char *key,
				const char *value)
{
	return get_calibration(&p->spec->comm_calibration, p, key, value);
}

static int set_threads_per_block(struct parse *p, const char *key,
				 const char *value)
{
	return pr_spec_get_small(&p->spec->threads_per_block, p, key, value, 1,
				 1024);
}

static int set_rows_per_block(struct parse *p, const char *key,
			      const char *value)
{
	return pr_spec_get_small(&p->spec->rows_per_block, p, key, value, 1,
				 1024);
}

static int set_blocks_per_thread(struct parse *p, const char *key,
				 const char *value)
{
	return pr_spec_get_small(&p->spec->blocks_per_thread, p, key, value, 1,
				 1024);
}

/* pattern = none, one-late, ...: the arrival patterns, a factor. */
static int set_pattern(struct parse *p, const char *key, const char *value)
{
	return set_factor_list(p->spec->patterns, &p->spec->npatterns, p, key,
			       value, pattern_names());
}

static int set_delay_us(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_num(&p->spec->delay_us, p, key, value,
			       PR_SPEC_DELAY_US_MAX,
			       "a number of microseconds in (0, 1e7]");
}

/* Checked against the ranks once the file is read (check_arrival_keys). */
static int set_late_rank(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_small(&p->spec->late_rank, p, key, value, 0,
				 PR_MAX_RANKS - 1);
}

/* replay = EXPERIMENT RUNID: another experiment's committed run. */
static int set_replay(struct parse *p, const char *key, const char *value)
{
	char *copy = pr_strdup(value), *exp, *run, *rest, *save = NULL;
	int error = PR_OK;

	exp = strtok_r(copy, " \t", &save);
	run = exp ? strtok_r(NULL, " \t", &save) : NULL;
	rest = run ? strtok_r(NULL, " \t", &save) : NULL;
	if (!exp || !run || rest || !pr_spec_name_ok(exp) ||
	    !pr_spec_name_ok(run))
		error = pr_spec_fail(
		    p, p->line,
		    "'%s' must be 'EXPERIMENT RUNID' (an experiment "
		    "name and one of its run ids), not '%s'",
		    key, value);
	else if (p->spec->name && !strcmp(exp, p->spec->name))
		error = pr_spec_fail(
		    p, p->line,
		    "'%s' names this experiment: a replayed run is "
		    "another experiment's",
		    key);
	if (!error) {
		p->spec->replay_experiment = pr_strdup(exp);
		p->spec->replay_run = pr_strdup(run);
	}
	free(copy);
	return error;
}

static int set_replay_scale(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_num(&p->spec->replay_scale, p, key, value, 1000.0,
			       "a number in (0, 1000]");
}

/* rows = r0, r1, ...: one positive row count per rank (checked against
 * the ranks once the file is read). */
static int set_dp_rows(struct parse *p, const char *key, const char *value)
{
	char *copy = pr_strdup(value), **items;
	int n, i, error = PR_OK;

	items = pr_calloc(PR_MAX_RANKS, sizeof(*items));
	if ((n = pr_spec_split_list(items, PR_MAX_RANKS, p, key, copy)) < 0) {
		error = n;
		goto cleanup;
	}
	p->spec->dp_rows = pr_calloc((size_t)n, sizeof(long));
	for (i = 0; i < n && !error; i++)
		error = pr_spec_get_long(&p->spec->dp_rows[i], p, key, items[i],
					 1, 1L << 24);
	p->spec->ndp_rows = error ? 0 : n;
cleanup:
	free(items);
	free(copy);
	return error;
}

static int set_dp_compute(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error =
		 pr_spec_get_choice(&i, p, key, value, NAMES(dp_computes))) < 0)
		return error;
	p->spec->dp_compute_pattern = i == 1;
	return PR_OK;
}

static int set_step_tolerance(struct parse *p, const char *key,
			      const char *value)
{
	return pr_spec_get_small(&p->spec->step_tolerance_rows, p, key, value,
				 0, PR_SPEC_STEP_TOLERANCE_MAX);
}

static int set_tolerance(struct parse *p, const char *key, const char *value)
{
	return pr_spec_get_num(&p->spec->tolerance, p, key, value, 1.0,
			       "a number in (0, 1]");
}

int pr_spec_transport_known(const char *name)
{
	return pr_spec_lookup(transport_names(), name) >= 0;
}

int pr_spec_placement_known(const char *name)
{
	return pr_spec_lookup(NAMES(placements), name) >= 0;
}

int pr_spec_workload_known(const char *name)
{
	return pr_workload_facts_of(name) != NULL;
}

/* Every key of experiment.ini; anything else is an error. */
const struct key pr_spec_keys[] = {
    {"experiment", "kind", set_kind, REQUIRED},
    {"experiment", "claim", set_claim, REQUIRED},
    {"experiment", "workload", set_workload, REQUIRED},
    {"experiment", "budget_s", set_budget, OPTIONAL},
    {"experiment", "sharing", set_sharing, OPTIONAL},
    {"experiment", "edition", set_edition, OPTIONAL},
    {"shape", "rows", set_rows, OPTIONAL},
    {"shape", "keys", set_keys, OPTIONAL},
    {"shape", "d", set_d, OPTIONAL},
    {"shape", "min_bytes", set_min_bytes, OPTIONAL},
    {"shape", "max_bytes", set_max_bytes, OPTIONAL},
    {"shape", "factor", set_factor, OPTIONAL},
    {"shape", "rows_list", set_rows_list, OPTIONAL},
    {"shape", "sizes", set_sizes, OPTIONAL},
    {"shape", "inner", set_inner, OPTIONAL},
    {"ranks", "group", pr_spec_set_group, REQUIRED},
    {"factors", "transport", set_transport, OPTIONAL},
    {"factors", "placement", set_placement, OPTIONAL},
    {"factors", "launch", set_launch_factor, OPTIONAL},
    {"factors", "arg", pr_spec_set_args, OPTIONAL},
    {"schedule", "launches", set_launches, OPTIONAL},
    {"schedule", "reps", set_reps, OPTIONAL},
    {"schedule", "warmup", set_warmup, OPTIONAL},
    {"schedule", "interleave", set_interleave, OPTIONAL},
    {"schedule", "size_order", set_size_order, OPTIONAL},
    {"schedule", "relaunch", set_relaunch, OPTIONAL},
    {"mpi", "algorithm", set_algorithm, OPTIONAL},
    {"mpi", "sync", set_sync, OPTIONAL},
    {"mpi", "yield_when_idle", set_yield, OPTIONAL},
    {"model", "name", set_model, OPTIONAL},
    {"model", "calibration", set_calibration, OPTIONAL},
    {"model", "comm_calibration", set_comm_calibration, OPTIONAL},
    {"model", "tolerance", set_tolerance, OPTIONAL},
    {"model", "step_tolerance_rows", set_step_tolerance, OPTIONAL},
    {"model", "band", set_band, OPTIONAL},
    {"model", "pilot_cv", set_pilot_cv, OPTIONAL},
    {"model", "holdout", set_holdout, OPTIONAL},
    {"model", "calibration_busy", set_calibration_busy, OPTIONAL},
    {"model", "formula", pr_spec_set_formula, OPTIONAL},
    {"model", "cells", pr_spec_set_formula_cells, OPTIONAL},
    {"model", "program", pr_spec_set_program, OPTIONAL},
    {"model", "timeout_s", pr_spec_set_program_timeout, OPTIONAL},
    {"launch", "threads_per_block", set_threads_per_block, OPTIONAL},
    {"launch", "rows_per_block", set_rows_per_block, OPTIONAL},
    {"launch", "blocks_per_thread", set_blocks_per_thread, OPTIONAL},
    {"slurm", "partition", pr_spec_set_slurm_list, OPTIONAL},
    {"slurm", "nodes", pr_spec_set_slurm_list, OPTIONAL},
    {"slurm", "gres", pr_spec_set_slurm_list, OPTIONAL},
    {"slurm", "time", pr_spec_set_slurm_time, OPTIONAL},
    {"slurm", "sbatch", pr_spec_set_slurm_sbatch, OPTIONAL},
    {"pin", "tsa", set_tsa, OPTIONAL},
    {"analysis", "reproduce_tolerance", pr_spec_set_reproduce_tol, OPTIONAL},
    {"analysis", "busy", set_busy, OPTIONAL},
    {"arrival", "pattern", set_pattern, OPTIONAL},
    {"arrival", "delay_us", set_delay_us, OPTIONAL},
    {"arrival", "late_rank", set_late_rank, OPTIONAL},
    {"arrival", "replay", set_replay, OPTIONAL},
    {"arrival", "replay_scale", set_replay_scale, OPTIONAL},
    {"dp", "rows", set_dp_rows, OPTIONAL},
    {"dp", "compute", set_dp_compute, OPTIONAL},
    {"command", "argv", pr_spec_set_command_argv, OPTIONAL},
    {"command", "ops", pr_spec_set_command_ops, OPTIONAL},
    {"command", "max_calls", pr_spec_set_command_max_calls, OPTIONAL},
    {"command", "timeout_s", pr_spec_set_command_timeout, OPTIONAL},
    {"command", "version", pr_spec_set_command_version, OPTIONAL},
    {"command", "pmpi", pr_spec_set_command_pmpi, OPTIONAL},
    {"command", "inputs", pr_spec_set_command_inputs, OPTIONAL},
    {"command", "output", pr_spec_set_command_output, OPTIONAL},
};

_Static_assert(sizeof(pr_spec_sections) / sizeof(pr_spec_sections[0]) ==
		   NSECTIONS,
	       "NSECTIONS counts the sections");
_Static_assert(sizeof(pr_spec_keys) / sizeof(pr_spec_keys[0]) == NKEYS,
	       "NKEYS counts the keys");
