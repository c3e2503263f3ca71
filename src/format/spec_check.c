/* spec_check.c - experiment.ini's checks across keys, once the whole file
 * is read */
#include "format/spec-internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/arrival.h"
#include "base/util.h"

/* max_bytes <= 1 GiB and factor >= 2 give at most 31 sizes. */
_Static_assert(PR_MAX_SIZES > 30, "PR_MAX_SIZES holds every size");

static int size_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* The exact sizes of [shape] sizes join the geometric ones, ascending. */
static int add_extra_sizes(struct parse *p)
{
	pr_spec *spec = p->spec;
	int i, j, n = spec->nsizes;

	for (i = 0; i < p->nextra_sizes; i++) {
		for (j = 0; j < n && spec->sizes[j] != p->extra_sizes[i]; j++)
			;
		if (j < n)
			continue;
		if (n == PR_MAX_SIZES)
			return pr_spec_fail(
			    p, pr_spec_line_of(p, "shape", "sizes"),
			    "[shape] gives more than %d message sizes",
			    PR_MAX_SIZES);
		spec->sizes[n++] = p->extra_sizes[i];
	}
	spec->nsizes = n;
	qsort(spec->sizes, (size_t)n, sizeof(size_t), size_cmp);
	return PR_OK;
}

/* Message sizes: min_bytes * factor^i up to max_bytes inclusive, and the
 * exact ones of `sizes`. */
int pr_spec_check_sizes(struct parse *p)
{
	int min_line = pr_spec_line_of(p, "shape", "min_bytes");
	int max_line = pr_spec_line_of(p, "shape", "max_bytes");
	int factor_line = pr_spec_line_of(p, "shape", "factor");
	long long size, factor = factor_line ? p->factor : 2;

	if (!min_line && !max_line && factor_line)
		return pr_spec_fail(
		    p, factor_line,
		    "'factor' needs 'min_bytes' and 'max_bytes' in "
		    "[shape]");
	if (!min_line && !max_line)
		return add_extra_sizes(p);
	if (!min_line)
		return pr_spec_fail(p, max_line,
				    "'max_bytes' needs 'min_bytes' in [shape]");
	if (!max_line)
		return pr_spec_fail(p, min_line,
				    "'min_bytes' needs 'max_bytes' in [shape]");
	if (p->min_bytes > p->max_bytes)
		return pr_spec_fail(
		    p, max_line,
		    "'max_bytes' (%lld) must be at least 'min_bytes' "
		    "(%lld)",
		    p->max_bytes, p->min_bytes);
	for (size = p->min_bytes; size <= p->max_bytes; size *= factor)
		p->spec->sizes[p->spec->nsizes++] = (size_t)size;
	return add_extra_sizes(p);
}

/*
 * What the workload needs of [shape] and [ranks] (format/workload.h).
 * pr_spec_check_sizes has seen to it that min_bytes and max_bytes come
 * together.
 */
int pr_spec_check_needs(struct parse *p)
{
	static const struct {
		unsigned need;
		const char *key;
	} shape[] = {{PR_NEEDS_ROWS, "rows"},
		     {PR_NEEDS_KEYS, "keys"},
		     {PR_NEEDS_D, "d"}};
	const pr_workload_facts *w = p->workload;
	const pr_spec *spec = p->spec;
	size_t i;

	if ((w->needs & PR_NEEDS_SIZES) && !spec->nsizes)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "experiment", "workload"),
		    "workload '%s' needs 'min_bytes' and 'max_bytes' "
		    "or 'sizes' in [shape]",
		    w->name);
	if ((w->needs & PR_NEEDS_TWO_RANKS) && spec->nranks < 2)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "ranks", "group"),
		    "workload '%s' needs at least 2 ranks, 'group' "
		    "gives %d",
		    w->name, spec->nranks);
	for (i = 0; i < sizeof(shape) / sizeof(shape[0]); i++)
		if ((w->needs & shape[i].need) &&
		    !pr_spec_line_of(p, "shape", shape[i].key))
			return pr_spec_fail(
			    p, pr_spec_line_of(p, "experiment", "workload"),
			    "workload '%s' needs '%s' in [shape]", w->name,
			    shape[i].key);
	if ((w->needs & PR_NEEDS_ROWS_LIST) && !spec->nrows_list &&
	    !spec->rows_list_auto)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "experiment", "workload"),
		    "workload '%s' needs 'rows_list' in [shape]", w->name);
	if ((w->needs & PR_NEEDS_KEY_PER_RANK) && spec->keys < spec->nranks)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "shape", "keys"),
		    "'keys' (%ld) must be at least the number of "
		    "ranks (%d): every rank needs a key",
		    spec->keys, spec->nranks);
	if ((w->needs & PR_NEEDS_ROW_PER_RANK) && spec->rows < spec->nranks)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "shape", "rows"),
		    "'rows' (%ld) must be at least the number of "
		    "ranks (%d)",
		    spec->rows, spec->nranks);
	return PR_OK;
}

/* Does the spec list arrival pattern k? */
static int lists_pattern(const pr_spec *spec, pr_arrival_kind k)
{
	int i;

	for (i = 0; i < spec->npatterns; i++)
		if (!strcmp(spec->patterns[i], pr_arrival_kind_name(k)))
			return 1;
	return 0;
}

/* The line of the first key of section `section` the file sets, else its
 * header's; 0 when the file has neither. */
int pr_spec_section_used(const struct parse *p, const char *section)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (!strcmp(pr_spec_keys[i].section, section) && p->key_line[i])
			return p->key_line[i];
	return p
	    ->section_line[pr_spec_lookup(NAMES(pr_spec_sections), section)];
}

/* The keys of [arrival], each needing the patterns it is for. */
static int check_arrival_keys(struct parse *p)
{
	pr_spec *spec = p->spec;
	int delayed = lists_pattern(spec, PR_ARRIVAL_ONE_LATE) ||
		      lists_pattern(spec, PR_ARRIVAL_UNIFORM) ||
		      lists_pattern(spec, PR_ARRIVAL_LINEAR);
	int replay = lists_pattern(spec, PR_ARRIVAL_REPLAY);

	if (delayed && !pr_spec_line_of(p, "arrival", "delay_us"))
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "arrival", "pattern"),
		    "patterns one-late, uniform and linear need "
		    "'delay_us' in [arrival]");
	if (!delayed && pr_spec_line_of(p, "arrival", "delay_us"))
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "arrival", "delay_us"),
		    "'delay_us' is for patterns one-late, uniform and "
		    "linear, which 'pattern' does not list");
	if (pr_spec_line_of(p, "arrival", "late_rank") &&
	    !lists_pattern(spec, PR_ARRIVAL_ONE_LATE))
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "arrival", "late_rank"),
		    "'late_rank' is for pattern 'one-late', which "
		    "'pattern' does not list");
	if (spec->late_rank < 0)
		spec->late_rank = spec->nranks - 1;
	if (spec->late_rank >= spec->nranks)
		return pr_spec_fail(p,
				    pr_spec_line_of(p, "arrival", "late_rank"),
				    "'late_rank' (%d) must be a rank, 0 to %d",
				    spec->late_rank, spec->nranks - 1);
	if (replay && !spec->replay_run)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "arrival", "pattern"),
		    "pattern 'replay' needs 'replay = EXPERIMENT "
		    "RUNID' in [arrival]: the committed run it "
		    "replays");
	if (!replay && pr_spec_line_of(p, "arrival", "replay"))
		return pr_spec_fail(p, pr_spec_line_of(p, "arrival", "replay"),
				    "'replay' is for pattern 'replay', which "
				    "'pattern' does not list");
	if (!replay && pr_spec_line_of(p, "arrival", "replay_scale"))
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "arrival", "replay_scale"),
		    "'replay_scale' is for pattern 'replay', which "
		    "'pattern' does not list");
	return PR_OK;
}

/*
 * What belongs to workloads arrival and dp-step only: [arrival], [dp]
 * (dp-step) and algorithm pap, prereg's own Allreduce, which only their
 * runner calls.
 */
int pr_spec_check_arrival_scope(struct parse *p)
{
	const char *w = p->workload->name;
	int ours = p->workload->arrival;
	int line;
	int i;

	if (!ours && (line = pr_spec_section_used(p, "arrival")))
		return pr_spec_fail(p, line,
				    "[arrival] is for workloads 'arrival' and "
				    "'dp-step', not '%s'",
				    w);
	if (!p->workload->dp && (line = pr_spec_section_used(p, "dp")))
		return pr_spec_fail(
		    p, line, "[dp] is for workload 'dp-step', not '%s'", w);
	for (i = 0; !ours && i < p->spec->nalgorithms; i++)
		if (!strcmp(p->spec->algorithms[i], "pap"))
			return pr_spec_fail(
			    p, pr_spec_line_of(p, "mpi", "algorithm"),
			    "algorithm 'pap' (prereg's own Allreduce) "
			    "is for workloads 'arrival' and "
			    "'dp-step', not '%s'",
			    w);
	return ours ? check_arrival_keys(p) : PR_OK;
}

/*
 * The workload with [dp] (dp-step): a compute, rows (one row count per
 * rank on the attention kernel of [shape] keys and d, no [arrival]) or
 * pattern (the [arrival] pattern's delays, no rows).
 */
int pr_spec_check_dp(struct parse *p)
{
	pr_spec *spec = p->spec;
	int i;

	if (!p->workload->dp)
		return PR_OK;
	if (spec->dp_compute_pattern) {
		if (spec->ndp_rows)
			return pr_spec_fail(
			    p, pr_spec_line_of(p, "dp", "rows"),
			    "'rows' is for 'compute = rows', not "
			    "'compute = pattern'");
		if (!spec->npatterns)
			return pr_spec_fail(
			    p, pr_spec_line_of(p, "dp", "compute"),
			    "'compute = pattern' needs 'pattern' in "
			    "[arrival]");
		return PR_OK;
	}
	if (!spec->ndp_rows)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "experiment", "workload"),
		    "workload 'dp-step' needs 'rows' in [dp] (one row "
		    "count per rank) or 'compute = pattern'");
	if (spec->ndp_rows != spec->nranks)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "dp", "rows"),
		    "'rows' has %d entries for %d ranks (give one per "
		    "rank)",
		    spec->ndp_rows, spec->nranks);
	if ((pr_spec_line_of(p, "arrival", "pattern")))
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "arrival", "pattern"),
		    "'pattern' is for 'compute = pattern' in [dp]: "
		    "with 'compute = rows' the kernel's time makes "
		    "the arrivals");
	for (i = 0; i < 2; i++)
		if (!pr_spec_line_of(p, "shape", i ? "d" : "keys"))
			return pr_spec_fail(
			    p, pr_spec_line_of(p, "dp", "rows"),
			    "'compute = rows' needs '%s' in [shape]",
			    i ? "d" : "keys");
	return PR_OK;
}

/* [model] holdout: model hockney-allreduce, sizes of [shape], and at
 * least one size left to fit on. */
static int check_holdout(struct parse *p)
{
	const pr_spec *spec = p->spec;
	int line = pr_spec_line_of(p, "model", "holdout"), i, j;

	if (!line)
		return PR_OK;
	if (strcmp(spec->model, "hockney-allreduce"))
		return pr_spec_fail(p, line,
				    "'holdout' is for model "
				    "'hockney-allreduce'");
	for (i = 0; i < spec->nholdout; i++) {
		for (j = 0;
		     j < spec->nsizes && spec->sizes[j] != spec->holdout[i];
		     j++)
			;
		if (j == spec->nsizes)
			return pr_spec_fail(p, line,
					    "'holdout' lists %zu, which is "
					    "not a size of [shape]",
					    spec->holdout[i]);
	}
	if (spec->nholdout >= spec->nsizes)
		return pr_spec_fail(p, line,
				    "'holdout' holds out every size of "
				    "[shape]: none is left to judge the "
				    "fitted ones");
	return PR_OK;
}

/*
 * The defaults of edition 2 for what the file does not say: a collective
 * validation whose workload can time its Allreduces' primitives in the
 * same launches (allreduce, kv-split) does, interleave = primitives.
 * Edition 1 (no edition key: every spec pinned before editions) keeps
 * interleave = none, so an older pin still means what it meant.
 */
static void apply_edition(struct parse *p)
{
	if (p->spec->edition >= 2 && p->spec->kind == PR_KIND_VALIDATION &&
	    p->workload->interleave &&
	    !pr_spec_line_of(p, "schedule", "interleave"))
		p->spec->interleave = p->spec->interleave_by_edition = 1;
}

int pr_spec_check_model(struct parse *p)
{
	int error;

	apply_edition(p);
	if ((error = check_holdout(p)) < 0)
		return error;
	if (pr_spec_line_of(p, "model", "calibration_busy") &&
	    !p->spec->calibration)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "model", "calibration_busy"),
		    "'calibration_busy' needs 'calibration' in "
		    "[model]");
	if (p->spec->interleave && !p->workload->interleave)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "schedule", "interleave"),
		    "'interleave = primitives' is for workloads "
		    "'kv-split' and 'allreduce' (the primitives of their "
		    "Allreduces)");
	if (p->spec->size_order_rep && !p->workload->size_order)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "schedule", "size_order"),
		    "'size_order = rep' is for workload 'allreduce' (its "
		    "sizes in a new seeded order each rep)");
	if (p->spec->rows_list_auto && (!p->model || !p->model->places_rows))
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "shape", "rows_list"),
		    "'rows_list = auto' needs model 'launch-geometry': "
		    "it places the rows around the predicted steps");
	if (p->model && p->model->needs_comm_calibration &&
	    !p->spec->comm_calibration)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "model", "name"),
		    "model '%s' needs 'comm_calibration' in [model]: "
		    "the ping-pong calibration its Gatherv "
		    "parameters come from",
		    p->model->name);
	if (p->model && p->model->needs_calibration && !p->spec->calibration)
		return pr_spec_fail(
		    p, pr_spec_line_of(p, "model", "name"),
		    "model '%s' needs 'calibration' in [model]: the "
		    "calibration experiment its parameters come from",
		    p->model->name);
	return PR_OK;
}

/*
 * The launch settings: without [factors] launch, one, [launch]'s, and no
 * [launch.NAME] section; with it, every listed name has its section and
 * every section is listed, each setting [launch]'s with its section's keys
 * over it.
 */
int pr_spec_check_launch(struct parse *p)
{
	pr_spec *spec = p->spec;
	int factor_line = pr_spec_line_of(p, "factors", "launch");
	pr_launch_setting base = {spec->threads_per_block, spec->rows_per_block,
				  spec->blocks_per_thread};
	struct launch_section *ls;
	int i, k;

	if (!factor_line && p->nlsec)
		return pr_spec_fail(p, p->lsec[0].line,
				    "[" LAUNCH_PREFIX "%s] needs 'launch' in "
				    "[factors] listing it",
				    p->lsec[0].name);
	if (!factor_line) {
		spec->nlaunch_settings = 1;
		spec->launch_settings[0] = base;
		return PR_OK;
	}
	for (i = 0; i < p->nlsec; i++) {
		for (k = 0; k < spec->nlaunch_settings; k++)
			if (!strcmp(spec->launch_names[k], p->lsec[i].name))
				break;
		if (k == spec->nlaunch_settings)
			return pr_spec_fail(
			    p, p->lsec[i].line,
			    "unknown launch setting '%s': 'launch' in "
			    "[factors] does not list it",
			    p->lsec[i].name);
	}
	for (i = 0; i < spec->nlaunch_settings; i++) {
		int *v = &spec->launch_settings[i].threads_per_block;

		if (!(ls = pr_spec_launch_section(p, spec->launch_names[i])))
			return pr_spec_fail(p, factor_line,
					    "launch setting '%s' has no "
					    "[" LAUNCH_PREFIX "%s] section",
					    spec->launch_names[i],
					    spec->launch_names[i]);
		spec->launch_settings[i] = base;
		for (k = 0; k < NLAUNCH_KEYS; k++)
			if (ls->key_line[k])
				v[k] = ls->value[k];
	}
	return PR_OK;
}
