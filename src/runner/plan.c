/* plan.c - read the plan file that `prereg run` writes for one launch */
#include "plan.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../backend/backend.h"
#include "../core/util.h"

typedef struct {
	const char *path;
	char *why;
	size_t whylen;
} reader;

static int fail(reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int fail(reader *r, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(r->why, r->whylen, "plan '%s': ", r->path);

	if (n >= 0 && (size_t)n < r->whylen) {
		va_start(ap, fmt);
		vsnprintf(r->why + n, r->whylen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return PR_EINPUT;
}

static const char *const known_keys[] = {
    "experiment",
    "workload",
    "launch",
    "config",
    "seed",
    "reps",
    "warmup",
    "rows",
    "keys",
    "d",
    "sizes",
    "rows_list",
    "rows_per_rank",
    "groups",
    "verify",
    "out",
    "threads_per_block",
    "rows_per_block",
    NULL,
};

static int check_keys(reader *r, json_t *root)
{
	const char *key, *const *k;
	json_t *value;

	json_object_foreach(root, key, value)
	{
		for (k = known_keys; *k && strcmp(*k, key); k++)
			;
		if (!*k)
			return fail(r, "unknown key '%s'", key);
	}
	return PR_OK;
}

static int get_string(char **out, reader *r, json_t *root, const char *key)
{
	json_t *v = json_object_get(root, key);

	if (!json_is_string(v) || !json_string_length(v))
		return fail(r, "'%s' must be a non-empty string", key);
	*out = pr_strdup(json_string_value(v));
	return PR_OK;
}

/* An integer in [min, max]; absent means dflt when optional. */
static int get_long(long *out, reader *r, json_t *root, const char *key,
		    long min, long max, int optional, long dflt)
{
	json_t *v = json_object_get(root, key);
	json_int_t n;

	if (!v && optional) {
		*out = dflt;
		return PR_OK;
	}
	if (!json_is_integer(v))
		return fail(r, "'%s' must be an integer", key);
	n = json_integer_value(v);
	if (n < min || n > max)
		return fail(r, "'%s' is %lld, outside [%ld, %ld]", key,
			    (long long)n, min, max);
	*out = (long)n;
	return PR_OK;
}

static int get_int(int *out, reader *r, json_t *root, const char *key, int min,
		   int max)
{
	long v = 0;
	int error = get_long(&v, r, root, key, min, max, 0, 0);

	*out = (int)v;
	return error;
}

/* The seed is a decimal string: JSON numbers do not hold every uint64. */
static int get_seed(uint64_t *out, reader *r, json_t *root)
{
	json_t *v = json_object_get(root, "seed");
	const char *s = json_string_value(v), *p;
	unsigned long long n;
	char *end = NULL;

	if (!s || !*s)
		return fail(r, "'seed' must be a decimal string");
	for (p = s; *p; p++)
		if (*p < '0' || *p > '9')
			return fail(r,
				    "'seed' must be a decimal string, not "
				    "'%s'",
				    s);
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno == ERANGE || *end)
		return fail(r, "'seed' %s does not fit in 64 bits", s);
	*out = (uint64_t)n;
	return PR_OK;
}

static int get_sizes(pr_plan *out, reader *r, json_t *root)
{
	json_t *a = json_object_get(root, "sizes"), *v;
	size_t i;

	if (!a)
		return PR_OK;
	if (!json_is_array(a) || json_array_size(a) > PR_MAX_SIZES)
		return fail(r, "'sizes' must be an array of at most %d sizes",
			    PR_MAX_SIZES);
	json_array_foreach(a, i, v)
	{
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > INT_MAX)
			return fail(r,
				    "'sizes'[%zu] must be an integer in "
				    "[1, %d]",
				    i, INT_MAX);
		out->sizes[i] = (size_t)json_integer_value(v);
	}
	out->nsizes = (int)json_array_size(a);
	return PR_OK;
}

/* An optional array of at most max integers in [min, maxval] into dst. */
static int get_longs(long *dst, int *n, reader *r, json_t *root,
		     const char *key, int max, long min, long maxval)
{
	json_t *a = json_object_get(root, key), *v;
	size_t i;

	if (!a)
		return PR_OK;
	if (!json_is_array(a) || json_array_size(a) > (size_t)max)
		return fail(r, "'%s' must be an array of at most %d integers",
			    key, max);
	json_array_foreach(a, i, v)
	{
		if (!json_is_integer(v) || json_integer_value(v) < min ||
		    json_integer_value(v) > maxval)
			return fail(r,
				    "'%s'[%zu] must be an integer in "
				    "[%ld, %ld]",
				    key, i, min, maxval);
		dst[i] = (long)json_integer_value(v);
	}
	*n = (int)json_array_size(a);
	return PR_OK;
}

/* rows_list and rows_per_rank; after the groups, which give the ranks. */
static int get_rows_lists(pr_plan *out, reader *r, json_t *root)
{
	int error;

	if ((error = get_longs(out->rows_list, &out->nrows_list, r, root,
			       "rows_list", PR_MAX_ROWS_LIST, 1,
			       PR_MAX_LIST_ROWS)) < 0 ||
	    (error =
		 get_longs(out->rows_per_rank, &out->nrows_per_rank, r, root,
			   "rows_per_rank", PR_MAX_RANKS, 0, INT_MAX)) < 0)
		return error;
	if (json_object_get(root, "rows_list") && !out->nrows_list)
		return fail(r, "'rows_list' must not be empty");
	if (json_object_get(root, "rows_per_rank") &&
	    out->nrows_per_rank != pr_plan_nranks(out))
		return fail(r,
			    "'rows_per_rank' has %d counts, the groups hold "
			    "%d ranks",
			    out->nrows_per_rank, pr_plan_nranks(out));
	return PR_OK;
}

static int get_groups(pr_plan *out, reader *r, json_t *root)
{
	json_t *a = json_object_get(root, "groups"), *g, *dev, *count;
	long total = 0;
	size_t i;

	if (!json_is_array(a) || !json_array_size(a) ||
	    json_array_size(a) > PR_MAX_GROUPS)
		return fail(r, "'groups' must be an array of 1 to %d groups",
			    PR_MAX_GROUPS);
	json_array_foreach(a, i, g)
	{
		dev = json_object_get(g, "device");
		count = json_object_get(g, "count");
		if (!json_is_string(dev) || !json_string_length(dev) ||
		    json_string_length(dev) >= sizeof(out->groups[i].device))
			return fail(r,
				    "'groups'[%zu].device must be a name of "
				    "1 to %zu characters",
				    i, sizeof(out->groups[i].device) - 1);
		if (!json_is_integer(count) || json_integer_value(count) < 1 ||
		    json_integer_value(count) > PR_MAX_RANKS)
			return fail(r,
				    "'groups'[%zu].count must be an integer "
				    "in [1, %d]",
				    i, PR_MAX_RANKS);
		strcpy(out->groups[i].device, json_string_value(dev));
		out->groups[i].count = (int)json_integer_value(count);
		total += out->groups[i].count;
	}
	out->ngroups = (int)json_array_size(a);
	if (total > PR_MAX_RANKS)
		return fail(r, "the groups hold %ld ranks, more than %d", total,
			    PR_MAX_RANKS);
	return PR_OK;
}

static int get_verify(pr_plan *out, reader *r, json_t *root)
{
	json_t *v = json_object_get(root, "verify");

	if (!v)
		return PR_OK;
	if (!json_is_boolean(v))
		return fail(r, "'verify' must be true or false");
	out->verify = json_is_true(v);
	return PR_OK;
}

/* The GPU launch geometry; the defaults when absent. */
static int get_launch(pr_plan *out, reader *r, json_t *root)
{
	long threads = 0, rows = 0;
	int error;

	if ((error = get_long(&threads, r, root, "threads_per_block", 1,
			      PR_LAUNCH_MAX, 1, PR_THREADS_PER_BLOCK_DEFAULT)) <
		0 ||
	    (error = get_long(&rows, r, root, "rows_per_block", 1,
			      PR_LAUNCH_MAX, 1, PR_ROWS_PER_BLOCK_DEFAULT)) < 0)
		return error;
	out->threads_per_block = (int)threads;
	out->rows_per_block = (int)rows;
	return PR_OK;
}

static int get_numbers(pr_plan *out, reader *r, json_t *root)
{
	int error;

	if ((error = get_int(&out->launch, r, root, "launch", 0, INT_MAX)) <
		0 ||
	    (error = get_int(&out->config, r, root, "config", 0, INT_MAX)) <
		0 ||
	    (error = get_int(&out->reps, r, root, "reps", 1, 1000000)) < 0 ||
	    (error = get_int(&out->warmup, r, root, "warmup", 0, 1000000)) <
		0 ||
	    (error = get_long(&out->rows, r, root, "rows", 0, INT_MAX, 1, 0)) <
		0 ||
	    (error = get_long(&out->keys, r, root, "keys", 0, INT_MAX, 1, 0)) <
		0 ||
	    (error = get_long(&out->d, r, root, "d", 0, INT_MAX, 1, 0)) < 0 ||
	    (error = get_launch(out, r, root)) < 0)
		return error;
	return PR_OK;
}

int pr_plan_load(pr_plan *out, const char *path, char *why, size_t whylen)
{
	reader r = {path, why, whylen};
	json_error_t jerr;
	json_t *root = NULL;
	FILE *f = NULL;
	int error;

	memset(out, 0, sizeof(*out));
	why[0] = '\0';
	if (!(f = fopen(path, "r"))) {
		error = fail(&r, "cannot open: %s", strerror(errno));
		goto cleanup;
	}
	if (!(root = json_loadf(f, JSON_REJECT_DUPLICATES, &jerr))) {
		error = fail(&r, "line %d: %s", jerr.line, jerr.text);
		goto cleanup;
	}
	if (!json_is_object(root)) {
		error = fail(&r, "not a JSON object");
		goto cleanup;
	}
	if ((error = check_keys(&r, root)) < 0 ||
	    (error = get_string(&out->experiment, &r, root, "experiment")) <
		0 ||
	    (error = get_string(&out->workload, &r, root, "workload")) < 0 ||
	    (error = get_string(&out->out, &r, root, "out")) < 0 ||
	    (error = get_seed(&out->seed, &r, root)) < 0 ||
	    (error = get_numbers(out, &r, root)) < 0 ||
	    (error = get_sizes(out, &r, root)) < 0 ||
	    (error = get_groups(out, &r, root)) < 0 ||
	    (error = get_rows_lists(out, &r, root)) < 0 ||
	    (error = get_verify(out, &r, root)) < 0)
		goto cleanup;
	error = PR_OK;
cleanup:
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
	plan->experiment = plan->workload = plan->out = NULL;
}

int pr_plan_nranks(const pr_plan *plan)
{
	int g, n = 0;

	for (g = 0; g < plan->ngroups; g++)
		n += plan->groups[g].count;
	return n;
}
