/* plancheck.c - the rules a plan for one prereg-rank invocation must meet
 * (no MPI: `prereg run` and prereg-rank both link it) */
#include "format/plancheck.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arrival.h"
#include "base/util.h"
#include "format/workload.h"

typedef struct {
	const json_t *plan;
	char *why;
	size_t whylen;
	long nranks; /* of the groups, once they are checked */
} checker;

static int fail(checker *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int fail(checker *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->why, c->whylen, fmt, ap);
	va_end(ap);
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
    "blocks_per_thread",
    "inner",
    "sync",
    "interleave",
    "size_order_by",
    "algorithm",
    "pattern",
    "delay_ns",
    "late_rank",
    "replay_ns",
    "dp_compute",
    "argv",
    "ops",
    "max_calls",
    "pmpi",
    "foms",
    "inputs",
    "output",
};

static int check_keys(checker *c)
{
	/* jansson's iterator takes a json_t *; it does not modify it */
	void *it = json_object_iter((json_t *)c->plan);
	size_t k, n = sizeof(known_keys) / sizeof(known_keys[0]);

	for (; it; it = json_object_iter_next((json_t *)c->plan, it)) {
		const char *key = json_object_iter_key(it);

		for (k = 0; k < n && strcmp(known_keys[k], key); k++)
			;
		if (k == n)
			return fail(c, "unknown key '%s'", key);
	}
	return PR_OK;
}

static const json_t *get(const checker *c, const char *key)
{
	return json_object_get(c->plan, key);
}

static int check_string(checker *c, const char *key)
{
	const json_t *v = get(c, key);

	if (!json_is_string(v) || !json_string_length(v))
		return fail(c, "'%s' must be a non-empty string", key);
	return PR_OK;
}

/* The seed is a decimal string: JSON numbers do not hold every uint64. */
static int check_seed(checker *c)
{
	const char *s = json_string_value(get(c, "seed"));
	char *end = NULL;

	if (!s || !*s)
		return fail(c, "'seed' must be a decimal string");
	if (strspn(s, "0123456789") != strlen(s))
		return fail(c, "'seed' must be a decimal string, not '%s'", s);
	errno = 0;
	(void)strtoull(s, &end, 10);
	if (errno == ERANGE)
		return fail(c, "'seed' %s does not fit in 64 bits", s);
	return PR_OK;
}

/* An integer in [min, max]; absent is fine when optional. */
static int check_int(checker *c, const char *key, long min, long max,
		     int optional)
{
	const json_t *v = get(c, key);

	if (!v && optional)
		return PR_OK;
	if (!json_is_integer(v))
		return fail(c, "'%s' must be an integer", key);
	if (json_integer_value(v) < min || json_integer_value(v) > max)
		return fail(c, "'%s' is %lld, outside [%ld, %ld]", key,
			    (long long)json_integer_value(v), min, max);
	return PR_OK;
}

/* The integer at key, 0 when absent (after check_int). */
static long int_of(const checker *c, const char *key)
{
	return (long)json_integer_value(get(c, key));
}

/* An optional array of at most max integers in [min, maxval]. */
static int check_ints(checker *c, const char *key, size_t max, long min,
		      long maxval)
{
	const json_t *a = get(c, key), *v;
	size_t i;

	if (!a)
		return PR_OK;
	if (!json_is_array(a) || json_array_size(a) > max)
		return fail(c, "'%s' must be an array of at most %zu integers",
			    key, max);
	json_array_foreach(a, i, v)
	{
		if (!json_is_integer(v) || json_integer_value(v) < min ||
		    json_integer_value(v) > maxval)
			return fail(c,
				    "'%s'[%zu] must be an integer in "
				    "[%ld, %ld]",
				    key, i, min, maxval);
	}
	return PR_OK;
}

static int check_groups(checker *c)
{
	const json_t *a = get(c, "groups"), *g, *dev, *count;
	size_t i, max_device = sizeof(((pr_group *)0)->device) - 1;

	if (!json_is_array(a) || !json_array_size(a) ||
	    json_array_size(a) > PR_MAX_GROUPS)
		return fail(c, "'groups' must be an array of 1 to %d groups",
			    PR_MAX_GROUPS);
	c->nranks = 0;
	json_array_foreach(a, i, g)
	{
		dev = json_object_get(g, "device");
		count = json_object_get(g, "count");
		if (!json_is_string(dev) || !json_string_length(dev) ||
		    json_string_length(dev) > max_device)
			return fail(c,
				    "'groups'[%zu].device must be a name of "
				    "1 to %zu characters",
				    i, max_device);
		if (!json_is_integer(count) || json_integer_value(count) < 1 ||
		    json_integer_value(count) > PR_MAX_RANKS)
			return fail(c,
				    "'groups'[%zu].count must be an integer "
				    "in [1, %d]",
				    i, PR_MAX_RANKS);
		c->nranks += (long)json_integer_value(count);
	}
	if (c->nranks > PR_MAX_RANKS)
		return fail(c, "the groups hold %ld ranks, more than %d",
			    c->nranks, PR_MAX_RANKS);
	return PR_OK;
}

static int check_lists(checker *c)
{
	const json_t *rl = get(c, "rows_list"), *rpr = get(c, "rows_per_rank");
	int error;

	if ((error = check_ints(c, "sizes", PR_MAX_SIZES, 1, INT_MAX)) < 0 ||
	    (error = check_ints(c, "rows_list", PR_MAX_ROWS_LIST, 1,
				PR_MAX_LIST_ROWS)) < 0 ||
	    (error = check_ints(c, "rows_per_rank", PR_MAX_RANKS, 0, INT_MAX)) <
		0)
		return error;
	if (rl && !json_array_size(rl))
		return fail(c, "'rows_list' must not be empty");
	if (rpr && (long)json_array_size(rpr) != c->nranks)
		return fail(c,
			    "'rows_per_rank' has %zu counts, the groups hold "
			    "%ld ranks",
			    json_array_size(rpr), c->nranks);
	return PR_OK;
}

static int check_sync(checker *c)
{
	const char *s = json_string_value(get(c, "sync"));

	if (get(c, "sync") &&
	    (!s || (strcmp(s, "none") && strcmp(s, "barrier"))))
		return fail(c, "'sync' must be \"none\" or \"barrier\"");
	s = json_string_value(get(c, "interleave"));
	if (get(c, "interleave") &&
	    (!s || (strcmp(s, "none") && strcmp(s, "primitives"))))
		return fail(c,
			    "'interleave' must be \"none\" or \"primitives\"");
	s = json_string_value(get(c, "size_order_by"));
	if (get(c, "size_order_by") &&
	    (!s || (strcmp(s, "launch") && strcmp(s, "rep"))))
		return fail(c, "'size_order_by' must be \"launch\" or \"rep\"");
	return PR_OK;
}

static int check_numbers(checker *c)
{
	static const char *const shape[] = {"rows", "keys", "d"};
	size_t i;
	int error;

	if ((error = check_int(c, "launch", 0, INT_MAX, 0)) < 0 ||
	    (error = check_int(c, "config", 0, INT_MAX, 0)) < 0 ||
	    (error = check_int(c, "reps", 1, 1000000, 0)) < 0 ||
	    (error = check_int(c, "warmup", 0, 1000000, 0)) < 0 ||
	    (error = check_int(c, "threads_per_block", 1, PR_PLAN_LAUNCH_MAX,
			       1)) < 0 ||
	    (error = check_int(c, "rows_per_block", 1, PR_PLAN_LAUNCH_MAX, 1)) <
		0 ||
	    (error = check_int(c, "blocks_per_thread", 1, PR_PLAN_LAUNCH_MAX,
			       1)) < 0 ||
	    (error = check_int(c, "inner", 0, PR_PLAN_INNER_MAX, 1)) < 0)
		return error;
	for (i = 0; i < sizeof(shape) / sizeof(shape[0]); i++)
		if ((error = check_int(c, shape[i], 0, INT_MAX, 1)) < 0)
			return error;
	if (get(c, "verify") && !json_is_boolean(get(c, "verify")))
		return fail(c, "'verify' must be true or false");
	return check_sync(c);
}

/* rows, keys and d of the attention workloads: 1 or more (rows too when
 * with_rows). */
static int need_shape(checker *c, const char *workload, int with_rows)
{
	if ((with_rows && int_of(c, "rows") < 1) || int_of(c, "keys") < 1 ||
	    int_of(c, "d") < 1)
		return fail(c,
			    "%s needs %skeys and d of 1 or more, the plan has "
			    "rows %ld, keys %ld, d %ld",
			    workload, with_rows ? "rows, " : "",
			    int_of(c, "rows"), int_of(c, "keys"),
			    int_of(c, "d"));
	return PR_OK;
}

/* 2 ranks or more, and sizes, as the workload needs. */
static int need_pair(checker *c, const pr_workload_facts *w)
{
	if ((w->needs & PR_NEEDS_TWO_RANKS) && c->nranks < 2)
		return fail(c, "%s needs 2 ranks or more, the groups hold %ld",
			    w->name, c->nranks);
	if ((w->needs & PR_NEEDS_SIZES) && !json_array_size(get(c, "sizes")))
		return fail(c, "%s needs message sizes, 'sizes' has none",
			    w->name);
	return PR_OK;
}

/* The arrival keys of arrival and dp-step: the algorithm, the pattern
 * and what it needs. */
static int check_arrival_keys(checker *c, const char *workload)
{
	const char *pat = json_string_value(get(c, "pattern"));
	const json_t *replay = get(c, "replay_ns");
	pr_arrival_kind k;
	int error;

	if ((error = check_string(c, "algorithm")) < 0)
		return error;
	if (!pat || pr_arrival_kind_parse(&k, pat) < 0)
		return fail(c,
			    "%s needs 'pattern', one of none, one-late, "
			    "uniform, linear, replay",
			    workload);
	if ((error = check_int(c, "delay_ns", 0, PR_PLAN_DELAY_MAX_NS, 0)) <
		0 ||
	    (error = check_int(c, "late_rank", 0, c->nranks - 1, 0)) < 0 ||
	    (error = check_ints(c, "replay_ns", PR_MAX_RANKS, 0,
				PR_PLAN_DELAY_MAX_NS)) < 0)
		return error;
	if (k == PR_ARRIVAL_REPLAY && !json_array_size(replay))
		return fail(c, "pattern replay needs 'replay_ns', the replayed "
			       "delays, the plan has none");
	if (k != PR_ARRIVAL_REPLAY && replay)
		return fail(c, "'replay_ns' is for pattern replay, not '%s'",
			    pat);
	return PR_OK;
}

/* arrival and dp-step: dp_compute for dp-step only, then the arrival
 * keys. */
static int check_arrival(checker *c, const pr_workload_facts *w)
{
	if (!w->dp && get(c, "dp_compute"))
		return fail(c, "'dp_compute' is for dp-step, not %s", w->name);
	return check_arrival_keys(c, w->name);
}

/* dp-step: "dp_compute" "rows" (rows_per_rank, one count >= 1 per rank,
 * keys and d) or "pattern". */
static int check_dp(checker *c, const char *workload)
{
	const char *dc = json_string_value(get(c, "dp_compute"));
	const json_t *rpr = get(c, "rows_per_rank"), *v;
	size_t i;

	if (!dc || (strcmp(dc, "rows") && strcmp(dc, "pattern")))
		return fail(c,
			    "%s needs 'dp_compute', \"rows\" or "
			    "\"pattern\"",
			    workload);
	if (!strcmp(dc, "pattern"))
		return rpr ? fail(c, "'rows_per_rank' is for dp_compute "
				     "\"rows\", not \"pattern\"")
			   : PR_OK;
	if (!rpr)
		return fail(c,
			    "%s with dp_compute \"rows\" needs "
			    "'rows_per_rank', one count per rank",
			    workload);
	json_array_foreach(rpr, i, v) if (
	    json_integer_value(v) <
	    1) return fail(c, "'rows_per_rank'[%zu] must be 1 or more for %s",
			   i, workload);
	return need_shape(c, workload, 0);
}

/* The arrival keys belong to arrival and dp-step only. */
static int check_arrival_scope(checker *c, const pr_workload_facts *w)
{
	static const char *const own[] = {"algorithm", "pattern",
					  "delay_ns",  "late_rank",
					  "replay_ns", "dp_compute"};
	size_t i;

	if (w->arrival)
		return PR_OK;
	for (i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (get(c, own[i]))
			return fail(c,
				    "'%s' is for workloads arrival and "
				    "dp-step, not %s",
				    own[i], w->name);
	return PR_OK;
}

/* rows_per_rank of a row split: present, then adding up to rows. */
static int check_split(checker *c, const pr_workload_facts *w, int present)
{
	const json_t *rpr = get(c, "rows_per_rank"), *v;
	long long sum = 0;
	size_t i;

	if (present)
		return rpr ? PR_OK
			   : fail(c,
				  "%s needs 'rows_per_rank', one count per "
				  "rank, the plan has none",
				  w->name);
	json_array_foreach(rpr, i, v) sum += json_integer_value(v);
	if (sum != int_of(c, "rows"))
		return fail(c,
			    "'rows_per_rank' adds up to %lld rows, 'rows' "
			    "is %ld",
			    sum, int_of(c, "rows"));
	return PR_OK;
}

/* What an attention workload needs: its rows list or split, the shape,
 * a key per rank, and rows that one collective can carry. */
static int check_rows(checker *c, const pr_workload_facts *w)
{
	int error;

	if ((w->needs & PR_NEEDS_ROWS_LIST) && !get(c, "rows_list"))
		return fail(c, "%s needs 'rows_list', the plan has none",
			    w->name);
	if ((w->splits_rows && (error = check_split(c, w, 1)) < 0) ||
	    (error = need_shape(c, w->name, w->needs & PR_NEEDS_ROWS)) < 0 ||
	    (w->splits_rows && (error = check_split(c, w, 0)) < 0))
		return error;
	if ((w->needs & PR_NEEDS_KEY_PER_RANK) && int_of(c, "keys") < c->nranks)
		return fail(c,
			    "%s needs a key per rank at least: %ld keys, %ld "
			    "ranks",
			    w->name, int_of(c, "keys"), c->nranks);
	if (!pr_workload_fits(w, int_of(c, "rows"), int_of(c, "d")))
		return fail(c,
			    "%s's rows * %s (%ld * %ld) is more than one %s "
			    "can carry",
			    w->name, w->collective_extra ? "(d + 1)" : "d",
			    int_of(c, "rows"),
			    int_of(c, "d") + w->collective_extra,
			    w->collective);
	return PR_OK;
}

/* The workload's rules (format/workload.h), in the order its message has
 * always listed the names. */
static const pr_workload_id known_order[] = {
    PR_WORKLOAD_PINGPONG,  PR_WORKLOAD_PINGPONG_COLD, PR_WORKLOAD_ROWS_SWEEP,
    PR_WORKLOAD_ROW_SPLIT, PR_WORKLOAD_KV_SPLIT,      PR_WORKLOAD_ALLREDUCE,
    PR_WORKLOAD_ARRIVAL,   PR_WORKLOAD_DP_STEP,	      PR_WORKLOAD_COMMAND,
};

/* workload command: argv, 1 to 64 non-empty strings, the program first;
 * ops, when given, a non-empty string; max_calls 1 to 10^8; pmpi a
 * boolean; foms an object of 1 to 8 non-empty pattern strings. None of
 * them belongs to another workload. */
static int check_command(checker *c, const pr_workload_facts *w)
{
	const json_t *argv = get(c, "argv"), *v;
	size_t i;

	const json_t *foms = get(c, "foms"), *pmpi = get(c, "pmpi");
	const char *name;

	if (!w->command) {
		if (argv || get(c, "ops") || get(c, "max_calls") || pmpi ||
		    foms || get(c, "inputs") || get(c, "output"))
			return fail(c, "'argv', 'ops', 'max_calls', 'pmpi', "
				       "'foms', 'inputs' and 'output' are for "
				       "workload command");
		return PR_OK;
	}
	if (get(c, "output") && check_string(c, "output") < 0)
		return PR_EINPUT;
	if (get(c, "inputs")) {
		const json_t *in = get(c, "inputs");

		if (!json_is_array(in) || json_array_size(in) > 16)
			return fail(c, "'inputs' must be an array of at most "
				       "16 paths");
		json_array_foreach(
		    in, i, v) if (!json_is_string(v) ||
				  !json_string_length(
				      v)) return fail(c, "'inputs' must hold "
							 "non-empty strings");
	}
	if (pmpi && !json_is_boolean(pmpi))
		return fail(c, "'pmpi' must be true or false");
	if (foms && (!json_is_object(foms) || json_object_size(foms) < 1 ||
		     json_object_size(foms) > 8))
		return fail(c, "'foms' must be an object of 1 to 8 patterns");
	json_object_foreach(
	    (json_t *)foms, name,
	    v) if (!json_is_string(v) ||
		   !json_string_length(
		       v)) return fail(c, "'foms' must hold non-empty "
					  "pattern strings");
	if (!json_is_array(argv) || json_array_size(argv) < 1 ||
	    json_array_size(argv) > 64)
		return fail(c, "'argv' must be an array of 1 to 64 strings");
	json_array_foreach(
	    argv, i,
	    v) if (!json_is_string(v) ||
		   !json_string_length(
		       v)) return fail(c, "'argv' must hold non-empty strings");
	if (get(c, "ops") && check_string(c, "ops") < 0)
		return PR_EINPUT;
	if (get(c, "max_calls"))
		return check_int(c, "max_calls", 1, 100000000, 1);
	return PR_OK;
}

static int check_workload(checker *c)
{
	const char *name = json_string_value(get(c, "workload"));
	const pr_workload_facts *w = pr_workload_facts_of(name);
	size_t i, n = sizeof(known_order) / sizeof(known_order[0]);
	char known[256] = "";
	int error;

	if (!w) {
		for (i = 0; i < n; i++) {
			if (i)
				strcat(known, ", ");
			strcat(known, pr_workloads[known_order[i]].name);
		}
		return fail(c, "unknown workload '%s' (known: %s)", name,
			    known);
	}
	if ((error = check_arrival_scope(c, w)) < 0 ||
	    (error = check_command(c, w)) < 0 ||
	    (error = need_pair(c, w)) < 0 ||
	    (w->arrival && (error = check_arrival(c, w)) < 0) ||
	    (w->dp && (error = check_dp(c, w->name)) < 0))
		return error;
	return w->needs & (PR_NEEDS_KEYS | PR_NEEDS_D) ? check_rows(c, w)
						       : PR_OK;
}

int pr_plan_check(const json_t *plan, char *why, size_t whylen)
{
	checker c = {plan, why, whylen, 0};
	int error;

	if (whylen)
		why[0] = '\0';
	if (!json_is_object(plan))
		return fail(&c, "not a JSON object");
	if ((error = check_keys(&c)) < 0 ||
	    (error = check_string(&c, "experiment")) < 0 ||
	    (error = check_string(&c, "workload")) < 0 ||
	    (error = check_string(&c, "out")) < 0 ||
	    (error = check_seed(&c)) < 0 || (error = check_numbers(&c)) < 0 ||
	    (error = check_groups(&c)) < 0 || (error = check_lists(&c)) < 0 ||
	    (error = check_workload(&c)) < 0)
		return error;
	return PR_OK;
}
