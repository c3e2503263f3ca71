/* plan.c - read the plan file that `prereg run` writes for one launch */
#include "runner/plan.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "base/util.h"
#include "runner/fail.h"

_Static_assert(PR_LAUNCH_MAX == PR_PLAN_LAUNCH_MAX,
	       "the plan's launch geometry is the backends'");

/* An integer pr_plan_check has checked, or dflt when absent. */
static long int_or(json_t *root, const char *key, long dflt)
{
	json_t *v = json_object_get(root, key);

	return v ? (long)json_integer_value(v) : dflt;
}

/* An array of integers pr_plan_check has checked into dst. */
static int ints(long *dst, json_t *root, const char *key)
{
	json_t *a = json_object_get(root, key), *v;
	size_t i;

	json_array_foreach(a, i, v) dst[i] = (long)json_integer_value(v);
	return (int)json_array_size(a);
}

/* arrival and dp-step's keys, after pr_plan_check. */
static void read_arrival(pr_plan *out, json_t *root)
{
	const char *alg = json_string_value(json_object_get(root, "algorithm"));
	const char *dc = json_string_value(json_object_get(root, "dp_compute"));
	json_t *a = json_object_get(root, "replay_ns"), *v;
	size_t i;

	out->algorithm = alg ? pr_strdup(alg) : NULL;
	out->pap = alg && !strcmp(alg, "pap");
	if (pr_arrival_kind_parse(
		&out->pattern,
		json_string_value(json_object_get(root, "pattern"))) < 0)
		out->pattern = PR_ARRIVAL_NONE;
	out->delay_ns = (int64_t)int_or(root, "delay_ns", 0);
	out->late_rank = (int)int_or(root, "late_rank", 0);
	json_array_foreach(a, i, v) out->replay_ns[i] =
	    (int64_t)json_integer_value(v);
	out->nreplay = (int)json_array_size(a);
	out->dp_compute_pattern = dc && !strcmp(dc, "pattern");
}

/* The plan's values, after pr_plan_check. */
static void read_plan(pr_plan *out, json_t *root)
{
	json_t *groups = json_object_get(root, "groups"), *g;
	long sizes[PR_MAX_SIZES];
	const char *sync;
	size_t i;

	out->experiment =
	    pr_strdup(json_string_value(json_object_get(root, "experiment")));
	out->workload =
	    pr_strdup(json_string_value(json_object_get(root, "workload")));
	out->out = pr_strdup(json_string_value(json_object_get(root, "out")));
	out->seed = strtoull(json_string_value(json_object_get(root, "seed")),
			     NULL, 10);
	out->launch = (int)int_or(root, "launch", 0);
	out->config = (int)int_or(root, "config", 0);
	out->reps = (int)int_or(root, "reps", 0);
	out->warmup = (int)int_or(root, "warmup", 0);
	out->rows = int_or(root, "rows", 0);
	out->keys = int_or(root, "keys", 0);
	out->d = int_or(root, "d", 0);
	out->threads_per_block = (int)int_or(root, "threads_per_block",
					     PR_THREADS_PER_BLOCK_DEFAULT);
	out->rows_per_block =
	    (int)int_or(root, "rows_per_block", PR_ROWS_PER_BLOCK_DEFAULT);
	out->blocks_per_thread = (int)int_or(root, "blocks_per_thread",
					     PR_BLOCKS_PER_THREAD_DEFAULT);
	out->inner = (int)int_or(root, "inner", 0);
	sync = json_string_value(json_object_get(root, "sync"));
	out->sync =
	    sync && !strcmp(sync, "barrier") ? PR_SYNC_BARRIER : PR_SYNC_NONE;
	out->interleave =
	    json_string_value(json_object_get(root, "interleave")) &&
	    !strcmp(json_string_value(json_object_get(root, "interleave")),
		    "primitives");
	out->size_order_rep =
	    json_string_value(json_object_get(root, "size_order_by")) &&
	    !strcmp(json_string_value(json_object_get(root, "size_order_by")),
		    "rep");
	out->nsizes = ints(sizes, root, "sizes");
	for (i = 0; i < (size_t)out->nsizes; i++)
		out->sizes[i] = (size_t)sizes[i];
	out->nrows_list = ints(out->rows_list, root, "rows_list");
	out->nrows_per_rank = ints(out->rows_per_rank, root, "rows_per_rank");
	json_array_foreach(groups, i, g)
	{
		strcpy(out->groups[i].device,
		       json_string_value(json_object_get(g, "device")));
		out->groups[i].count =
		    (int)json_integer_value(json_object_get(g, "count"));
	}
	out->ngroups = (int)json_array_size(groups);
	out->verify = json_is_true(json_object_get(root, "verify"));
	read_arrival(out, root);
}

int pr_plan_load(pr_plan *out, const char *path)
{
	char reason[512];
	json_error_t jerr;
	json_t *root = NULL;
	FILE *f = NULL;
	int error = PR_EINPUT;

	memset(out, 0, sizeof(*out));
	if (!(f = fopen(path, "r")))
		snprintf(reason, sizeof(reason), "cannot open: %s",
			 strerror(errno));
	else if (!(root = json_loadf(f, JSON_REJECT_DUPLICATES, &jerr)))
		snprintf(reason, sizeof(reason), "line %d: %s", jerr.line,
			 jerr.text);
	else
		error = pr_plan_check(root, reason, sizeof(reason));
	if (error < 0)
		pr_rank_failf(error, PR_FAIL_ALL, "plan '%s': %s", path,
			      reason);
	else
		read_plan(out, root);
	if (f)
		fclose(f);
	json_decref(root);
	return error;
}

void pr_plan_free(pr_plan *plan)
{
	if (!plan)
		return;
	free(plan->experiment);
	free(plan->workload);
	free(plan->out);
	free(plan->algorithm);
	plan->experiment = plan->workload = plan->out = plan->algorithm = NULL;
}

const char *pr_plan_sync_name(pr_sync sync)
{
	return sync == PR_SYNC_BARRIER ? "barrier" : "none";
}

int pr_plan_nranks(const pr_plan *plan)
{
	int g, n = 0;

	for (g = 0; g < plan->ngroups; g++)
		n += plan->groups[g].count;
	return n;
}
