/* spec.c - experiments/NAME/experiment.ini, parsed and validated */
#include "format/spec.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/arrival.h"
#include "base/mca.h"
#include "base/utf8.h"
#include "base/util.h"
#include "format/workload.h"
#include "repo/paths.h"
#include "predict/models.h"

/*
 * Name tables: arrays of structs whose first member is the name, or plain
 * arrays of names. Every list of accepted values lives in one table, so
 * lookups and "(known: ...)" in messages cannot drift apart.
 */
struct names {
	const void *base;
	size_t stride;
	size_t n;
};

#define NAMES(t)                                                               \
	((struct names){(t), sizeof((t)[0]), sizeof(t) / sizeof((t)[0])})

struct parse;

struct device {
	const char *name; /* as a [ranks] group names it */
};

static int fail(struct parse *p, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int line_of(const struct parse *p, const char *section,
		   const char *name);
static const struct device devices[] = {
    {"cpu"},
    {"cpu-naive"},    /* the same kernel, deliberately slower: a speed class */
    {"cpu-blocks:T"}, /* the cpu kernel as a grid of blocks over T threads */
    {"cuda:N"},	      /* CUDA device N, or cuda:* (spread over the visible) */
    {"hip:N"},	      /* HIP device N, or hip:* */
};

/* cpu-blocks:T, T worker threads in 1..PR_SPEC_BLOCKS_THREADS_MAX. */
static int blocks_device_ok(const char *device)
{
	char *end;
	long n;

	if (strncmp(device, "cpu-blocks:", 11) ||
	    !isdigit((unsigned char)device[11]))
		return 0;
	n = strtol(device + 11, &end, 10);
	return !*end && n >= 1 && n <= PR_SPEC_BLOCKS_THREADS_MAX;
}

/* cuda:N / hip:N (N in 0..63) or cuda:* / hip:*. */
static int gpu_device_ok(const char *device)
{
	const char *colon = strchr(device, ':');
	char *end;
	long n;

	if (!colon ||
	    (strncmp(device, "cuda:", 5) && strncmp(device, "hip:", 4)))
		return 0;
	if (!strcmp(colon + 1, "*"))
		return 1;
	if (!isdigit((unsigned char)colon[1]))
		return 0;
	n = strtol(colon + 1, &end, 10);
	return !*end && n >= 0 && n < 64;
}

/* In pr_kind order. */
static const char *const kinds[] = {"validation", "calibration"};
static const char *const placements[] = {"spread", "packed"};
static const char *const syncs[] = {"none", "barrier"};
static const char *const sharings[] = {"untested", "tested"};
static const char *const bands[] = {"tolerance", "calibration"};
static const char *const interleaves[] = {"none", "primitives"};
/* [mpi] yield_when_idle, in pr_yield order */
static const char *const yields[] = {"auto", "yes", "no"};
static const char *const dp_computes[] = {"rows", "pattern"};
static const char *const phase_classes[PR_NCLASSES] = {
    [PR_CLASS_COMPUTE] = "compute", [PR_CLASS_COMM] = "comm"};

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

#define MAX_BYTES (1L << 30)
#define MAX_NAME 64

typedef int (*setter)(struct parse *p, const char *key, const char *value);

enum { OPTIONAL, REQUIRED };

struct key {
	const char *section;
	const char *name;
	setter set;
	int required;
};

static int set_kind(struct parse *p, const char *key, const char *value);
static int set_claim(struct parse *p, const char *key, const char *value);
static int set_workload(struct parse *p, const char *key, const char *value);
static int set_budget(struct parse *p, const char *key, const char *value);
static int set_rows(struct parse *p, const char *key, const char *value);
static int set_keys(struct parse *p, const char *key, const char *value);
static int set_d(struct parse *p, const char *key, const char *value);
static int set_min_bytes(struct parse *p, const char *key, const char *value);
static int set_max_bytes(struct parse *p, const char *key, const char *value);
static int set_factor(struct parse *p, const char *key, const char *value);
static int set_rows_list(struct parse *p, const char *key, const char *value);
static int set_group(struct parse *p, const char *key, const char *value);
static int set_transport(struct parse *p, const char *key, const char *value);
static int set_placement(struct parse *p, const char *key, const char *value);
static int set_launch_factor(struct parse *p, const char *key,
			     const char *value);
static int set_launches(struct parse *p, const char *key, const char *value);
static int set_reps(struct parse *p, const char *key, const char *value);
static int set_warmup(struct parse *p, const char *key, const char *value);
static int set_algorithm(struct parse *p, const char *key, const char *value);
static int set_sync(struct parse *p, const char *key, const char *value);
static int set_yield(struct parse *p, const char *key, const char *value);
static int set_interleave(struct parse *p, const char *key, const char *value);
static int set_sizes(struct parse *p, const char *key, const char *value);
static int set_inner(struct parse *p, const char *key, const char *value);
static int set_sharing(struct parse *p, const char *key, const char *value);
static int set_band(struct parse *p, const char *key, const char *value);
static int set_pilot_cv(struct parse *p, const char *key, const char *value);
static int set_tsa(struct parse *p, const char *key, const char *value);
static int set_reproduce_tol(struct parse *p, const char *key,
			     const char *value);
static int set_model(struct parse *p, const char *key, const char *value);
static int set_calibration(struct parse *p, const char *key, const char *value);
static int set_comm_calibration(struct parse *p, const char *key,
				const char *value);
static int set_tolerance(struct parse *p, const char *key, const char *value);
static int set_step_tolerance(struct parse *p, const char *key,
			      const char *value);
static int set_threads_per_block(struct parse *p, const char *key,
				 const char *value);
static int set_slurm_list(struct parse *p, const char *key, const char *value);
static int set_slurm_time(struct parse *p, const char *key, const char *value);
static int set_slurm_sbatch(struct parse *p, const char *key,
			    const char *value);
static int set_rows_per_block(struct parse *p, const char *key,
			      const char *value);
static int set_blocks_per_thread(struct parse *p, const char *key,
				 const char *value);
static int set_pattern(struct parse *p, const char *key, const char *value);
static int set_delay_us(struct parse *p, const char *key, const char *value);
static int set_late_rank(struct parse *p, const char *key, const char *value);
static int set_replay(struct parse *p, const char *key, const char *value);
static int set_replay_scale(struct parse *p, const char *key,
			    const char *value);
static int set_dp_rows(struct parse *p, const char *key, const char *value);
static int set_dp_compute(struct parse *p, const char *key, const char *value);

static const char *const sections[] = {
    "experiment", "shape", "ranks", "factors",	"schedule", "mpi", "model",
    "launch",	  "slurm", "pin",   "analysis", "arrival",  "dp",
};

/* Every key of experiment.ini; anything else is an error. */
static const struct key keys[] = {
    {"experiment", "kind", set_kind, REQUIRED},
    {"experiment", "claim", set_claim, REQUIRED},
    {"experiment", "workload", set_workload, REQUIRED},
    {"experiment", "budget_s", set_budget, OPTIONAL},
    {"experiment", "sharing", set_sharing, OPTIONAL},
    {"shape", "rows", set_rows, OPTIONAL},
    {"shape", "keys", set_keys, OPTIONAL},
    {"shape", "d", set_d, OPTIONAL},
    {"shape", "min_bytes", set_min_bytes, OPTIONAL},
    {"shape", "max_bytes", set_max_bytes, OPTIONAL},
    {"shape", "factor", set_factor, OPTIONAL},
    {"shape", "rows_list", set_rows_list, OPTIONAL},
    {"shape", "sizes", set_sizes, OPTIONAL},
    {"shape", "inner", set_inner, OPTIONAL},
    {"ranks", "group", set_group, REQUIRED},
    {"factors", "transport", set_transport, OPTIONAL},
    {"factors", "placement", set_placement, OPTIONAL},
    {"factors", "launch", set_launch_factor, OPTIONAL},
    {"schedule", "launches", set_launches, OPTIONAL},
    {"schedule", "reps", set_reps, OPTIONAL},
    {"schedule", "warmup", set_warmup, OPTIONAL},
    {"schedule", "interleave", set_interleave, OPTIONAL},
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
    {"launch", "threads_per_block", set_threads_per_block, OPTIONAL},
    {"launch", "rows_per_block", set_rows_per_block, OPTIONAL},
    {"launch", "blocks_per_thread", set_blocks_per_thread, OPTIONAL},
    {"slurm", "partition", set_slurm_list, OPTIONAL},
    {"slurm", "nodes", set_slurm_list, OPTIONAL},
    {"slurm", "gres", set_slurm_list, OPTIONAL},
    {"slurm", "time", set_slurm_time, OPTIONAL},
    {"slurm", "sbatch", set_slurm_sbatch, OPTIONAL},
    {"pin", "tsa", set_tsa, OPTIONAL},
    {"analysis", "reproduce_tolerance", set_reproduce_tol, OPTIONAL},
    {"arrival", "pattern", set_pattern, OPTIONAL},
    {"arrival", "delay_us", set_delay_us, OPTIONAL},
    {"arrival", "late_rank", set_late_rank, OPTIONAL},
    {"arrival", "replay", set_replay, OPTIONAL},
    {"arrival", "replay_scale", set_replay_scale, OPTIONAL},
    {"dp", "rows", set_dp_rows, OPTIONAL},
    {"dp", "compute", set_dp_compute, OPTIONAL},
};

/* The keys of a [launch.NAME] section, in pr_launch_setting's order. */
static const char *const launch_keys[] = {"threads_per_block", "rows_per_block",
					  "blocks_per_thread"};
#define NLAUNCH_KEYS 3
#define LAUNCH_PREFIX "launch."

/* A [launch.NAME] section as read: its keys' values and lines. */
struct launch_section {
	char *name;
	int line;
	int value[NLAUNCH_KEYS];
	int key_line[NLAUNCH_KEYS];
};

#define NKEYS (sizeof(keys) / sizeof(keys[0]))
#define NSECTIONS (sizeof(sections) / sizeof(sections[0]))

struct parse {
	pr_spec *spec;
	const char *path;
	const char *next; /* the input not yet handed to inih */
	const char *end;  /* the end of the input (it may hold NUL bytes) */
	int line;	  /* the line last handed to inih (1-based) */
	int nul_line;	  /* the first line holding a NUL byte, or 0 */
	int key_line[NKEYS];
	int section_line[NSECTIONS];
	long long min_bytes, max_bytes, factor;
	size_t extra_sizes[PR_MAX_SIZES]; /* [shape] sizes */
	int nextra_sizes;
	const pr_workload_facts *workload;
	const pr_model *model;
	struct launch_section lsec[PR_MAX_FACTOR]; /* [launch.NAME] */
	int nlsec;
	char *error; /* the first error: "path:line: message" */
	int error_line;
};

static const char *name_at(struct names t, size_t i)
{
	return *(const char *const *)((const char *)t.base + i * t.stride);
}

static int lookup(struct names t, const char *name)
{
	size_t i;

	for (i = 0; i < t.n; i++)
		if (!strcmp(name_at(t, i), name))
			return (int)i;
	return -1;
}

/* "a, b, c", owned by the caller. */
static char *join(struct names t)
{
	size_t i, len = 1;
	char *s;

	for (i = 0; i < t.n; i++)
		len += strlen(name_at(t, i)) + 2;
	s = pr_malloc(len);
	s[0] = '\0';
	for (i = 0; i < t.n; i++) {
		if (i)
			strcat(s, ", ");
		strcat(s, name_at(t, i));
	}
	return s;
}

/*
 * Record an error at a line. Only the earliest error is kept: inih reports
 * syntax errors after the whole file is read, handler errors come in order.
 */
static int fail(struct parse *p, int line, const char *fmt, ...)
{
	char msg[1024]; /* values are shorter than a line (inih: 200) */
	va_list ap;

	if (p->error && line >= p->error_line)
		return PR_EINPUT;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	free(p->error);
	p->error = pr_asprintf("%s:%d: %s", p->path, line, msg);
	p->error_line = line;
	return PR_EINPUT;
}

static int fail_unknown(struct parse *p, const char *what, const char *value,
			struct names known)
{
	char *list = join(known);

	fail(p, p->line, "unknown %s '%s' (known: %s)", what, value, list);
	free(list);
	return PR_EINPUT;
}

/* Integer syntax: optional sign, then decimal digits only. */
static int parse_ll(long long *out, const char *s)
{
	char *end;

	if (!isdigit((unsigned char)s[s[0] == '-' || s[0] == '+']))
		return -1;
	errno = 0;
	*out = strtoll(s, &end, 10);
	if (*end)
		return -1;
	return errno == ERANGE ? -2 : 0;
}

static int get_int(long long *out, struct parse *p, const char *key,
		   const char *value, long long lo, long long hi)
{
	const char *what = lo > 0    ? "a positive integer"
			   : lo == 0 ? "a non-negative integer"
				     : "an integer";
	int rc = parse_ll(out, value);

	if (rc == -1)
		return fail(p, p->line, "'%s' must be %s, not '%s'", key, what,
			    value);
	if (rc == -2 || *out < lo || *out > hi)
		return fail(p, p->line,
			    "'%s' must be between %lld and %lld, not '%s'", key,
			    lo, hi, value);
	return PR_OK;
}

static int get_long(long *out, struct parse *p, const char *key,
		    const char *value, long lo, long hi)
{
	long long v;
	int error = get_int(&v, p, key, value, lo, hi);

	if (!error)
		*out = (long)v;
	return error;
}

static int get_small(int *out, struct parse *p, const char *key,
		     const char *value, int lo, int hi)
{
	long long v;
	int error = get_int(&v, p, key, value, lo, hi);

	if (!error)
		*out = (int)v;
	return error;
}

/* A number in (0, hi]; `what` describes that range in messages. */
static int get_num(double *out, struct parse *p, const char *key,
		   const char *value, double hi, const char *what)
{
	char *end;

	if (value[strspn(value, "0123456789+-.eE")] != '\0')
		goto bad;
	errno = 0;
	*out = strtod(value, &end);
	if (end == value || *end || errno == ERANGE || !isfinite(*out) ||
	    *out <= 0 || *out > hi)
		goto bad;
	return PR_OK;
bad:
	return fail(p, p->line, "'%s' must be %s, not '%s'", key, what, value);
}

static int get_choice(int *out, struct parse *p, const char *what,
		      const char *value, struct names known)
{
	if ((*out = lookup(known, value)) < 0)
		return fail_unknown(p, what, value, known);
	return PR_OK;
}

static char *trim(char *s)
{
	char *end = s + strlen(s);

	while (isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	*end = '\0';
	return s;
}

/*
 * Split a comma-separated list in place into trimmed items. Returns the
 * number of items, or PR_EINPUT (recorded) for an empty item or too many.
 */
static int split_list(char **items, int max, struct parse *p, const char *key,
		      char *list)
{
	char *item, *comma;
	int n = 0;

	for (item = list; item; item = comma) {
		if ((comma = strchr(item, ',')))
			*comma++ = '\0';
		if (n == max)
			return fail(p, p->line, "'%s' has more than %d entries",
				    key, max);
		if (!*(items[n++] = trim(item)))
			return fail(p, p->line, "empty entry in '%s'", key);
	}
	return n;
}

static int set_kind(struct parse *p, const char *key, const char *value)
{
	int kind, error;

	(void)key;
	if ((error = get_choice(&kind, p, "kind", value, NAMES(kinds))) < 0)
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
	if ((error = get_choice(&i, p, "workload", value, workload_names())) <
	    0)
		return error;
	p->workload = &pr_workloads[i];
	p->spec->workload = pr_strdup(pr_workloads[i].name);
	return PR_OK;
}

static int set_budget(struct parse *p, const char *key, const char *value)
{
	return get_num(&p->spec->budget_s, p, key, value, HUGE_VAL,
		       "a positive number");
}

static int set_rows(struct parse *p, const char *key, const char *value)
{
	return get_long(&p->spec->rows, p, key, value, 1, 1L << 24);
}

static int set_keys(struct parse *p, const char *key, const char *value)
{
	return get_long(&p->spec->keys, p, key, value, 1, 1L << 24);
}

static int set_d(struct parse *p, const char *key, const char *value)
{
	return get_long(&p->spec->d, p, key, value, 1, 4096);
}

static int set_min_bytes(struct parse *p, const char *key, const char *value)
{
	return get_int(&p->min_bytes, p, key, value, 1, MAX_BYTES);
}

static int set_max_bytes(struct parse *p, const char *key, const char *value)
{
	return get_int(&p->max_bytes, p, key, value, 1, MAX_BYTES);
}

static int set_factor(struct parse *p, const char *key, const char *value)
{
	return get_int(&p->factor, p, key, value, 2, MAX_BYTES);
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

	if ((n = split_list(items, PR_MAX_SIZES, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && !error; i++) {
		error = get_long(&p->spec->rows_list[i], p, key, items[i], 1,
				 1L << 24);
		for (j = 0; j < i && !error; j++)
			if (p->spec->rows_list[j] == p->spec->rows_list[i])
				error = fail(p, p->line, "'%s' lists %ld twice",
					     key, p->spec->rows_list[i]);
	}
	p->spec->nrows_list = error ? 0 : n;
	free(copy);
	return error;
}

const char *pr_group_star(const pr_group *g)
{
	size_t n = strlen(g->device);

	return n && g->device[n - 1] == '*' ? "" : "*";
}

/*
 * Is this a Slurm partition name the batch script can carry as it is:
 * 1 to PR_MAX_PARTITION letters, digits, '_', '-' or '.'?
 */
static int partition_ok(const char *name)
{
	size_t n = strlen(name);

	return n >= 1 && n <= PR_MAX_PARTITION &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_-.") == n;
}

/* The `@PARTITION` of a [ranks] group entry, cut off the entry. */
static int group_partition(struct parse *p, const char *key, char *entry,
			   pr_group *g)
{
	char *at = strchr(entry, '@');
	const char *part;

	g->partition[0] = '\0';
	if (!at)
		return PR_OK;
	*at = '\0';
	part = trim(at + 1);
	if (!partition_ok(part))
		return fail(p, p->line,
			    "partition '%s' of '%s' entry '%s' must be 1 to %d "
			    "letters, digits, '_', '-' or '.'",
			    part, key, trim(entry), PR_MAX_PARTITION);
	snprintf(g->partition, sizeof(g->partition), "%s", part);
	return PR_OK;
}

/* One `device*count[@partition]` entry of [ranks] group. */
static int add_group(struct parse *p, const char *key, char *entry)
{
	char *star, devbuf[40];
	pr_group *g = &p->spec->groups[p->spec->ngroups];
	const char *device, *count_s;
	long long count;
	char *list;
	int rc;

	if ((rc = group_partition(p, key, entry, g)) < 0)
		return rc;
	star = strrchr(entry, '*');
	if (!star)
		return fail(
		    p, p->line,
		    "'%s' entry '%s' must be DEVICE*COUNT, e.g. 'cpu*4'", key,
		    entry);
	/* cuda:*4 is four ranks on cuda:* (as is cuda:**4) */
	if (star > entry && star[-1] == ':' && strchr(entry, '*') == star) {
		size_t len = (size_t)(star - entry) + 1;

		if (len >= sizeof(devbuf))
			len = sizeof(devbuf) - 1;
		memcpy(devbuf, entry, len);
		devbuf[len] = '\0';
		device = trim(devbuf);
	} else {
		*star = '\0';
		device = trim(entry);
	}
	count_s = trim(star + 1);
	if ((strchr(device, ':') || lookup(NAMES(devices), device) < 0) &&
	    !gpu_device_ok(device) && !blocks_device_ok(device)) {
		list = join(NAMES(devices));
		fail(p, p->line, "unknown device '%s' in '%s' (known: %s)",
		     device, key, list);
		free(list);
		return PR_EINPUT;
	}
	rc = parse_ll(&count, count_s);
	if (rc == -1)
		return fail(p, p->line,
			    "count of '%s' in '%s' must be a positive "
			    "integer, not '%s'",
			    device, key, count_s);
	if (rc == -2 || count < 1 || count > PR_MAX_RANKS)
		return fail(p, p->line,
			    "count of '%s' in '%s' must be between 1 and %d, "
			    "not '%s'",
			    device, key, PR_MAX_RANKS, count_s);
	snprintf(g->device, sizeof(g->device), "%s", device);
	g->count = (int)count;
	p->spec->ngroups++;
	p->spec->nranks += (int)count;
	return PR_OK;
}

static int set_group(struct parse *p, const char *key, const char *value)
{
	char *items[PR_MAX_GROUPS];
	char *copy = pr_strdup(value);
	int i, n, error = PR_OK;

	if ((n = split_list(items, PR_MAX_GROUPS, p, key, copy)) < 0) {
		error = n;
		goto cleanup;
	}
	for (i = 0; i < n; i++)
		if ((error = add_group(p, key, items[i])) < 0)
			goto cleanup;
	if (p->spec->nranks > PR_MAX_RANKS)
		error = fail(p, p->line,
			     "'%s' must give between 1 and %d ranks, not %d",
			     key, PR_MAX_RANKS, p->spec->nranks);
cleanup:
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

	if ((n = split_list(items, PR_MAX_FACTOR, p, key, copy)) < 0) {
		error = n;
		goto cleanup;
	}
	for (i = 0; i < n; i++) {
		if (lookup(known, items[i]) < 0) {
			error = fail_unknown(p, key, items[i], known);
			goto cleanup;
		}
		for (j = 0; j < i; j++) {
			if (!strcmp(items[i], items[j])) {
				error =
				    fail(p, p->line, "'%s' lists '%s' twice",
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

/* A launch setting's name: 1 to 32 of [A-Za-z0-9_-]. */
static int launch_name_ok(const char *name)
{
	size_t n = strlen(name);

	return n >= 1 && n <= 32 &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == n;
}

/* [factors] launch = a, b: names, each once; their sections are checked
 * when the whole file is read (check_launch). */
static int set_launch_factor(struct parse *p, const char *key,
			     const char *value)
{
	char *items[PR_MAX_FACTOR];
	char *copy = pr_strdup(value);
	int i, j, n, error = PR_OK;

	if ((n = split_list(items, PR_MAX_FACTOR, p, key, copy)) < 0) {
		error = n;
		goto cleanup;
	}
	for (i = 0; i < n; i++) {
		if (!launch_name_ok(items[i])) {
			error = fail(p, p->line,
				     "'%s': '%s' is no launch setting name "
				     "(1 to 32 letters, digits, '_', '-')",
				     key, items[i]);
			goto cleanup;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(items[i], items[j])) {
				error =
				    fail(p, p->line, "'%s' lists '%s' twice",
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
	return get_small(&p->spec->launches, p, key, value, 1, 1000);
}

static int set_reps(struct parse *p, const char *key, const char *value)
{
	return get_small(&p->spec->reps, p, key, value, 1, 1000000);
}

static int set_warmup(struct parse *p, const char *key, const char *value)
{
	return get_small(&p->spec->warmup, p, key, value, 0, 1000000);
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

	if ((error = get_choice(&i, p, key, value, NAMES(yields))) < 0)
		return error;
	p->spec->yield = (pr_yield)i;
	return PR_OK;
}

static int set_interleave(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error = get_choice(&i, p, key, value, NAMES(interleaves))) < 0)
		return error;
	p->spec->interleave = i == 1;
	return PR_OK;
}

/* tsa = http://...: an RFC 3161 authority, http or https. */
static int set_tsa(struct parse *p, const char *key, const char *value)
{
	if (strncmp(value, "http://", 7) && strncmp(value, "https://", 8))
		return fail(p, p->line,
			    "'%s' must be an http:// or https:// URL, not '%s'",
			    key, value);
	free(p->spec->tsa);
	p->spec->tsa = pr_strdup(value);
	return PR_OK;
}

/* sizes = 8192, 4210688: exact message sizes, each listed once. */
static int set_sizes(struct parse *p, const char *key, const char *value)
{
	char *copy = pr_strdup(value), *items[PR_MAX_SIZES];
	int n, i, j, error = PR_OK;

	if ((n = split_list(items, PR_MAX_SIZES, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && !error; i++) {
		long long v;

		error = get_int(&v, p, key, items[i], 1, MAX_BYTES);
		p->extra_sizes[i] = (size_t)v;
		for (j = 0; j < i && !error; j++)
			if (p->extra_sizes[j] == p->extra_sizes[i])
				error = fail(p, p->line, "'%s' lists %zu twice",
					     key, p->extra_sizes[i]);
	}
	p->nextra_sizes = error ? 0 : n;
	free(copy);
	return error;
}

static int set_inner(struct parse *p, const char *key, const char *value)
{
	return get_small(&p->spec->inner, p, key, value, 0, 100000);
}

static int set_sharing(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error = get_choice(&i, p, key, value, NAMES(sharings))) < 0)
		return error;
	p->spec->sharing_tested = i == 1;
	return PR_OK;
}

static int set_band(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error = get_choice(&i, p, key, value, NAMES(bands))) < 0)
		return error;
	free(p->spec->band);
	p->spec->band = pr_strdup(bands[i]);
	return PR_OK;
}

/* A list entry NAME:NUMBER of key: *colon at the ':', which is cut to
 * '\0' (the name before, the number after); an entry without a name
 * and a colon is an error saying it must be `form`. */
static int split_pair(char **colon, struct parse *p, const char *key,
		      char *item, const char *form)
{
	*colon = strchr(item, ':');
	if (!*colon || *colon == item)
		return fail(p, p->line, "'%s' entry '%s' must be %s", key, item,
			    form);
	**colon = '\0';
	return PR_OK;
}

/* pilot_cv = allreduce:0.05, allreduce_small:0.3 */
static int set_pilot_cv(struct parse *p, const char *key, const char *value)
{
	char *copy = pr_strdup(value), *items[PR_MAX_FACTOR];
	int n, i, j, error = PR_OK;

	if ((n = split_list(items, PR_MAX_FACTOR, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && !error; i++) {
		char *colon;

		if ((error = split_pair(&colon, p, key, items[i],
					"PHASE:CV, e.g. 'allreduce:0.05'")) < 0)
			break;
		for (j = 0; j < i && !error; j++)
			if (!strcmp(p->spec->pilot_phase[j], trim(items[i])))
				error = fail(p, p->line,
					     "'%s' lists phase '%s' twice", key,
					     trim(items[i]));
		if (!error)
			error = get_num(&p->spec->pilot_cv[i], p, key,
					trim(colon + 1), 10.0,
					"a number in (0, 10]");
		p->spec->pilot_phase[i] = pr_strdup(trim(items[i]));
		p->spec->npilot = i + 1;
	}
	free(copy);
	return error;
}

const char *pr_phase_class_name(pr_phase_class c)
{
	return (unsigned)c < PR_NCLASSES ? phase_classes[c] : NULL;
}

/* reproduce_tolerance = compute:0.05, comm:0.5 (either may be left out) */
static int set_reproduce_tol(struct parse *p, const char *key,
			     const char *value)
{
	char *copy = pr_strdup(value), *items[PR_NCLASSES + 1];
	int seen[PR_NCLASSES] = {0};
	int n, i, c, error = PR_OK;

	if ((n = split_list(items, PR_NCLASSES, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && !error; i++) {
		char *colon;

		if ((error = split_pair(&colon, p, key, items[i],
					"CLASS:TOLERANCE, e.g. 'compute:0.05' "
					"(classes: compute, comm)")) < 0)
			break;
		if ((error = get_choice(&c, p, "phase class", trim(items[i]),
					NAMES(phase_classes))) < 0)
			break;
		if (seen[c]) {
			error = fail(p, p->line, "'%s' lists class '%s' twice",
				     key, phase_classes[c]);
			break;
		}
		seen[c] = 1;
		error =
		    get_num(&p->spec->reproduce_tol[c], p, key, trim(colon + 1),
			    PR_REPRODUCE_TOL_MAX, "a number in (0, 10]");
	}
	free(copy);
	return error;
}

static int set_model(struct parse *p, const char *key, const char *value)
{
	int i, error;

	(void)key;
	if ((error = get_choice(
		 &i, p, "model", value,
		 (struct names){pr_models, sizeof(pr_model), pr_nmodels})) < 0)
		return error;
	p->model = &pr_models[i];
	free(p->spec->model);
	p->spec->model = pr_strdup(p->model->name);
	return PR_OK;
}

/* The rules of pr_name_check, without its message (ours names the line). */
static int name_ok(const char *name)
{
	size_t len = strlen(name);

	return len > 0 && len <= MAX_NAME && name[0] != '.' && name[0] != '-' &&
	       !strstr(name, "..") &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789-_.") == len;
}

/* A calibration experiment's name into *out (I5: another experiment). */
static int get_calibration(char **out, struct parse *p, const char *key,
			   const char *value)
{
	if (!name_ok(value))
		return fail(p, p->line,
			    "'%s' must be an experiment name (letters, "
			    "digits, '-', '_' and '.'; no '/' or '..'; at "
			    "most %d characters), not '%s'",
			    key, MAX_NAME, value);
	if (p->spec->name && !strcmp(value, p->spec->name))
		return fail(p, p->line,
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

/*
 * [slurm] partition / nodes / gres: one value per rank group, or one for
 * all; an empty entry (gres = , gpu:1) means none for that group. Checked
 * against the groups once the file is read (check_slurm).
 */
static int set_slurm_list(struct parse *p, const char *key, const char *value)
{
	char **out = !strcmp(key, "partition") ? p->spec->slurm.partition
		     : !strcmp(key, "nodes")   ? p->spec->slurm.nodes
					       : p->spec->slurm.gres;
	char *copy = pr_strdup(value), *item, *comma;
	int n = 0;

	for (item = copy; item; item = comma) {
		if ((comma = strchr(item, ',')))
			*comma++ = '\0';
		if (n == PR_MAX_GROUPS) {
			free(copy);
			return fail(p, p->line, "'%s' has more than %d entries",
				    key, PR_MAX_GROUPS);
		}
		item = trim(item);
		if (!strcmp(key, "partition") && *item && !partition_ok(item)) {
			fail(p, p->line,
			     "'partition' entry '%s' must be 1 to %d letters, "
			     "digits, '_', '-' or '.'",
			     item, PR_MAX_PARTITION);
			free(copy);
			return PR_EINPUT;
		}
		if (!strcmp(key, "nodes") && *item &&
		    strspn(item, "0123456789") != strlen(item)) {
			fail(p, p->line,
			     "'nodes' entries must be positive integers, not "
			     "'%s'",
			     item);
			free(copy);
			return PR_EINPUT;
		}
		out[n++] = pr_strdup(item);
	}
	if (!strcmp(key, "partition"))
		p->spec->slurm.npartition = n;
	else if (!strcmp(key, "nodes"))
		p->spec->slurm.nnodes = n;
	else
		p->spec->slurm.ngres = n;
	free(copy);
	return PR_OK;
}

static int set_slurm_time(struct parse *p, const char *key, const char *value)
{
	return get_small(&p->spec->slurm.time_min, p, key, value, 1, 100000);
}

static int set_slurm_sbatch(struct parse *p, const char *key, const char *value)
{
	(void)key;
	free(p->spec->slurm.sbatch);
	p->spec->slurm.sbatch = pr_strdup(value);
	return PR_OK;
}

/*
 * The groups' @PARTITION: every group names one or none does, and not
 * beside [slurm] partition; they become slurm.partition.
 */
static int group_partitions(struct parse *p)
{
	pr_spec *s = p->spec;
	int g, named = 0;

	for (g = 0; g < s->ngroups; g++)
		named += s->groups[g].partition[0] != '\0';
	if (named == 0)
		return PR_OK;
	if (s->slurm.npartition > 0)
		return fail(p, line_of(p, "slurm", "partition"),
			    "partitions given twice: in [ranks] group "
			    "(@PARTITION) and in [slurm] partition (keep "
			    "one)");
	for (g = 0; g < s->ngroups; g++)
		if (!s->groups[g].partition[0])
			return fail(p, line_of(p, "ranks", "group"),
				    "rank group %d ('%s%s%d') names no "
				    "partition while another does (give "
				    "every group its @PARTITION, or none)",
				    g, s->groups[g].device,
				    pr_group_star(&s->groups[g]),
				    s->groups[g].count);
	for (g = 0; g < s->ngroups; g++)
		s->slurm.partition[g] = pr_strdup(s->groups[g].partition);
	s->slurm.npartition = s->ngroups;
	return PR_OK;
}

/* [slurm] lists name one entry per rank group, or one for all. */
static int check_slurm(struct parse *p)
{
	static const char *const keys_[] = {"partition", "nodes", "gres"};
	int n[3] = {p->spec->slurm.npartition, p->spec->slurm.nnodes,
		    p->spec->slurm.ngres};
	size_t i;
	int error;

	if ((error = group_partitions(p)) < 0)
		return error;
	for (i = 0; i < 3; i++)
		if (n[i] > 1 && n[i] != p->spec->ngroups)
			return fail(p, line_of(p, "slurm", keys_[i]),
				    "'%s' has %d entries for %d rank groups "
				    "(give one per group, or one for all)",
				    keys_[i], n[i], p->spec->ngroups);
	return PR_OK;
}

static int set_threads_per_block(struct parse *p, const char *key,
				 const char *value)
{
	return get_small(&p->spec->threads_per_block, p, key, value, 1, 1024);
}

static int set_rows_per_block(struct parse *p, const char *key,
			      const char *value)
{
	return get_small(&p->spec->rows_per_block, p, key, value, 1, 1024);
}

static int set_blocks_per_thread(struct parse *p, const char *key,
				 const char *value)
{
	return get_small(&p->spec->blocks_per_thread, p, key, value, 1, 1024);
}

/* pattern = none, one-late, ...: the arrival patterns, a factor. */
static int set_pattern(struct parse *p, const char *key, const char *value)
{
	return set_factor_list(p->spec->patterns, &p->spec->npatterns, p, key,
			       value, pattern_names());
}

static int set_delay_us(struct parse *p, const char *key, const char *value)
{
	return get_num(&p->spec->delay_us, p, key, value, PR_SPEC_DELAY_US_MAX,
		       "a number of microseconds in (0, 1e7]");
}

/* Checked against the ranks once the file is read (check_arrival_keys). */
static int set_late_rank(struct parse *p, const char *key, const char *value)
{
	return get_small(&p->spec->late_rank, p, key, value, 0,
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
	if (!exp || !run || rest || !name_ok(exp) || !name_ok(run))
		error = fail(p, p->line,
			     "'%s' must be 'EXPERIMENT RUNID' (an experiment "
			     "name and one of its run ids), not '%s'",
			     key, value);
	else if (p->spec->name && !strcmp(exp, p->spec->name))
		error = fail(p, p->line,
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
	return get_num(&p->spec->replay_scale, p, key, value, 1000.0,
		       "a number in (0, 1000]");
}

/* rows = r0, r1, ...: one positive row count per rank (checked against
 * the ranks once the file is read). */
static int set_dp_rows(struct parse *p, const char *key, const char *value)
{
	char *copy = pr_strdup(value), **items;
	int n, i, error = PR_OK;

	items = pr_calloc(PR_MAX_RANKS, sizeof(*items));
	if ((n = split_list(items, PR_MAX_RANKS, p, key, copy)) < 0) {
		error = n;
		goto cleanup;
	}
	p->spec->dp_rows = pr_calloc((size_t)n, sizeof(long));
	for (i = 0; i < n && !error; i++)
		error = get_long(&p->spec->dp_rows[i], p, key, items[i], 1,
				 1L << 24);
	p->spec->ndp_rows = error ? 0 : n;
cleanup:
	free(items);
	free(copy);
	return error;
}

static int set_dp_compute(struct parse *p, const char *key, const char *value)
{
	int i, error;

	if ((error = get_choice(&i, p, key, value, NAMES(dp_computes))) < 0)
		return error;
	p->spec->dp_compute_pattern = i == 1;
	return PR_OK;
}

static int set_step_tolerance(struct parse *p, const char *key,
			      const char *value)
{
	return get_small(&p->spec->step_tolerance_rows, p, key, value, 0,
			 PR_SPEC_STEP_TOLERANCE_MAX);
}

static int set_tolerance(struct parse *p, const char *key, const char *value)
{
	return get_num(&p->spec->tolerance, p, key, value, 1.0,
		       "a number in (0, 1]");
}

static struct launch_section *launch_section(struct parse *p, const char *name)
{
	int i;

	for (i = 0; i < p->nlsec; i++)
		if (!strcmp(p->lsec[i].name, name))
			return &p->lsec[i];
	return NULL;
}

/* [launch.NAME]: one setting of the launch factor. */
static void enter_launch_section(struct parse *p, const char *name)
{
	struct launch_section *ls = launch_section(p, name);

	if (!launch_name_ok(name)) {
		fail(p, p->line,
		     "[" LAUNCH_PREFIX "%s]: '%s' is no launch setting name "
		     "(1 to 32 letters, digits, '_', '-')",
		     name, name);
		return;
	}
	if (ls) {
		fail(p, p->line,
		     "duplicate section [" LAUNCH_PREFIX "%s] (first on line "
		     "%d)",
		     name, ls->line);
		return;
	}
	if (p->nlsec == PR_MAX_FACTOR) {
		fail(p, p->line,
		     "more than %d [" LAUNCH_PREFIX "NAME] sections",
		     PR_MAX_FACTOR);
		return;
	}
	ls = &p->lsec[p->nlsec++];
	ls->name = pr_strdup(name);
	ls->line = p->line;
}

static void enter_section(struct parse *p, const char *name, size_t len)
{
	char *copy = pr_malloc(len + 1);
	int idx;

	memcpy(copy, name, len);
	copy[len] = '\0';
	if (!strncmp(copy, LAUNCH_PREFIX, strlen(LAUNCH_PREFIX)))
		enter_launch_section(p, copy + strlen(LAUNCH_PREFIX));
	else if ((idx = lookup(NAMES(sections), copy)) < 0)
		fail_unknown(p, "section", copy, NAMES(sections));
	else if (!p->section_line[idx])
		p->section_line[idx] = p->line;
	free(copy);
}

/*
 * inih's reader: hands over one line per call, so p->line is the line of
 * the key inih passes to the handler next. Leading blanks are dropped (an
 * indented key is a key, not an inih multi-line continuation), section
 * headers are checked here because inih reports empty ones to nobody. A
 * NUL byte ends the line for inih; its line is noted for set_key.
 */
static char *read_line(char *str, int num, void *stream)
{
	struct parse *p = stream;
	const char *s = p->next, *nl, *end;
	size_t len;

	if (s == p->end)
		return NULL;
	nl = memchr(s, '\n', (size_t)(p->end - s));
	p->next = nl ? nl + 1 : p->end;
	p->line++;
	if (!p->nul_line && memchr(s, '\0', (size_t)(p->next - s)))
		p->nul_line = p->line;
	if (p->line == 1 && !strncmp(s, "\xEF\xBB\xBF", 3))
		s += 3;
	while (s < p->next && *s != '\n' && isspace((unsigned char)*s))
		s++;
	len = (size_t)(p->next - s);
	if (len + 1 > (size_t)num) {
		fail(p, p->line, "line longer than %d characters", num - 2);
		len = 0;
	}
	memcpy(str, s, len);
	str[len] = '\0';
	if (str[0] == '[' && (end = strchr(str, ']')))
		enter_section(p, str + 1, (size_t)(end - str - 1));
	return str;
}

static int key_index(const char *section, const char *name)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (!strcmp(keys[i].section, section) &&
		    !strcmp(keys[i].name, name))
			return (int)i;
	return -1;
}

/* Line of a key, 0 when the file does not set it. */
static int line_of(const struct parse *p, const char *section, const char *name)
{
	return p->key_line[key_index(section, name)];
}

static int fail_unknown_key(struct parse *p, const char *section,
			    const char *name)
{
	const char *known[NKEYS];
	size_t i, n = 0;
	char *list;

	for (i = 0; i < NKEYS; i++)
		if (!strcmp(keys[i].section, section))
			known[n++] = keys[i].name;
	list = join((struct names){known, sizeof(known[0]), n});
	fail(p, p->line, "unknown key '%s' in [%s] (known: %s)", name, section,
	     list);
	free(list);
	return PR_EINPUT;
}

/*
 * Every value may end up in JSON (jansson takes UTF-8 only), in report.md
 * or in a batch script: it must be well-formed UTF-8 without control
 * characters other than tab.
 */
static int check_text(struct parse *p, const char *name, const char *value)
{
	size_t len = strlen(value), at = pr_utf8_span(value, len);
	const unsigned char *u = (const unsigned char *)value;

	if (at < len)
		return fail(p, p->line,
			    "'%s' is not valid UTF-8 (byte %zu of the value is "
			    "0x%02x)",
			    name, at + 1, u[at]);
	for (at = 0; at < len; at++)
		if ((u[at] < 0x20 && u[at] != '\t') || u[at] == 0x7f)
			return fail(p, p->line,
				    "'%s' holds a control character (byte "
				    "%zu of the value is 0x%02x)",
				    name, at + 1, u[at]);
	return PR_OK;
}

/* A key of [launch.NAME]: threads_per_block, rows_per_block or
 * blocks_per_thread, 1 to 1024 as in [launch]. */
static int set_launch_key(struct parse *p, const char *section,
			  const char *name, const char *value)
{
	struct launch_section *ls =
	    launch_section(p, section + strlen(LAUNCH_PREFIX));
	int k, error;

	if (!ls)
		return PR_EINPUT; /* reported at its header */
	if ((k = lookup(NAMES(launch_keys), name)) < 0) {
		char *list = join(NAMES(launch_keys));

		fail(p, p->line, "unknown key '%s' in [%s] (known: %s)", name,
		     section, list);
		free(list);
		return PR_EINPUT;
	}
	if (ls->key_line[k])
		return fail(p, p->line,
			    "duplicate key '%s' in [%s] (first on line %d)",
			    name, section, ls->key_line[k]);
	ls->key_line[k] = p->line;
	if (p->line == p->nul_line)
		return fail(p, p->line, "'%s' holds a NUL byte", name);
	if (!value || !*value)
		return fail(p, p->line, "'%s' has no value", name);
	if ((error = check_text(p, name, value)) < 0)
		return error;
	return get_small(&ls->value[k], p, name, value, 1, 1024);
}

static int set_key(struct parse *p, const char *section, const char *name,
		   const char *value)
{
	int k, error;

	if (!*section)
		return fail(p, p->line, "key '%s' is outside any [section]",
			    name);
	if (!strncmp(section, LAUNCH_PREFIX, strlen(LAUNCH_PREFIX)))
		return set_launch_key(p, section, name, value);
	if (lookup(NAMES(sections), section) < 0)
		return PR_EINPUT; /* reported at its header */
	if ((k = key_index(section, name)) < 0)
		return fail_unknown_key(p, section, name);
	if (p->key_line[k])
		return fail(p, p->line,
			    "duplicate key '%s' in [%s] (first on line %d)",
			    name, section, p->key_line[k]);
	p->key_line[k] = p->line;
	if (p->line == p->nul_line)
		return fail(p, p->line, "'%s' holds a NUL byte", name);
	if (!value || !*value)
		return fail(p, p->line, "'%s' has no value", name);
	if ((error = check_text(p, name, value)) < 0)
		return error;
	return keys[k].set(p, name, value);
}

static int on_key(void *user, const char *section, const char *name,
		  const char *value)
{
	return set_key(user, section, name, value) == PR_OK;
}

/* Where a missing key belongs: its section's header, else the end. */
static int missing_line(const struct parse *p, const char *section)
{
	int idx = lookup(NAMES(sections), section);

	if (p->section_line[idx])
		return p->section_line[idx];
	return p->line > 0 ? p->line : 1;
}

static int check_required(struct parse *p)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (keys[i].required && !p->key_line[i])
			return fail(p, missing_line(p, keys[i].section),
				    "missing key '%s' in [%s]", keys[i].name,
				    keys[i].section);
	return PR_OK;
}

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
			return fail(p, line_of(p, "shape", "sizes"),
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
static int check_sizes(struct parse *p)
{
	int min_line = line_of(p, "shape", "min_bytes");
	int max_line = line_of(p, "shape", "max_bytes");
	int factor_line = line_of(p, "shape", "factor");
	long long size, factor = factor_line ? p->factor : 2;

	if (!min_line && !max_line && factor_line)
		return fail(p, factor_line,
			    "'factor' needs 'min_bytes' and 'max_bytes' in "
			    "[shape]");
	if (!min_line && !max_line)
		return add_extra_sizes(p);
	if (!min_line)
		return fail(p, max_line,
			    "'max_bytes' needs 'min_bytes' in [shape]");
	if (!max_line)
		return fail(p, min_line,
			    "'min_bytes' needs 'max_bytes' in [shape]");
	if (p->min_bytes > p->max_bytes)
		return fail(p, max_line,
			    "'max_bytes' (%lld) must be at least 'min_bytes' "
			    "(%lld)",
			    p->max_bytes, p->min_bytes);
	for (size = p->min_bytes; size <= p->max_bytes; size *= factor)
		p->spec->sizes[p->spec->nsizes++] = (size_t)size;
	return add_extra_sizes(p);
}

/*
 * What the workload needs of [shape] and [ranks] (format/workload.h).
 * check_sizes has seen to it that min_bytes and max_bytes come together.
 */
static int check_needs(struct parse *p)
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
		return fail(p, line_of(p, "experiment", "workload"),
			    "workload '%s' needs 'min_bytes' and 'max_bytes' "
			    "or 'sizes' in [shape]",
			    w->name);
	if ((w->needs & PR_NEEDS_TWO_RANKS) && spec->nranks < 2)
		return fail(p, line_of(p, "ranks", "group"),
			    "workload '%s' needs at least 2 ranks, 'group' "
			    "gives %d",
			    w->name, spec->nranks);
	for (i = 0; i < sizeof(shape) / sizeof(shape[0]); i++)
		if ((w->needs & shape[i].need) &&
		    !line_of(p, "shape", shape[i].key))
			return fail(p, line_of(p, "experiment", "workload"),
				    "workload '%s' needs '%s' in [shape]",
				    w->name, shape[i].key);
	if ((w->needs & PR_NEEDS_ROWS_LIST) && !spec->nrows_list &&
	    !spec->rows_list_auto)
		return fail(p, line_of(p, "experiment", "workload"),
			    "workload '%s' needs 'rows_list' in [shape]",
			    w->name);
	if ((w->needs & PR_NEEDS_KEY_PER_RANK) && spec->keys < spec->nranks)
		return fail(p, line_of(p, "shape", "keys"),
			    "'keys' (%ld) must be at least the number of "
			    "ranks (%d): every rank needs a key",
			    spec->keys, spec->nranks);
	if ((w->needs & PR_NEEDS_ROW_PER_RANK) && spec->rows < spec->nranks)
		return fail(p, line_of(p, "shape", "rows"),
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
static int section_used(const struct parse *p, const char *section)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (!strcmp(keys[i].section, section) && p->key_line[i])
			return p->key_line[i];
	return p->section_line[lookup(NAMES(sections), section)];
}

/* The keys of [arrival], each needing the patterns it is for. */
static int check_arrival_keys(struct parse *p)
{
	pr_spec *spec = p->spec;
	int delayed = lists_pattern(spec, PR_ARRIVAL_ONE_LATE) ||
		      lists_pattern(spec, PR_ARRIVAL_UNIFORM) ||
		      lists_pattern(spec, PR_ARRIVAL_LINEAR);
	int replay = lists_pattern(spec, PR_ARRIVAL_REPLAY);

	if (delayed && !line_of(p, "arrival", "delay_us"))
		return fail(p, line_of(p, "arrival", "pattern"),
			    "patterns one-late, uniform and linear need "
			    "'delay_us' in [arrival]");
	if (!delayed && line_of(p, "arrival", "delay_us"))
		return fail(p, line_of(p, "arrival", "delay_us"),
			    "'delay_us' is for patterns one-late, uniform and "
			    "linear, which 'pattern' does not list");
	if (line_of(p, "arrival", "late_rank") &&
	    !lists_pattern(spec, PR_ARRIVAL_ONE_LATE))
		return fail(p, line_of(p, "arrival", "late_rank"),
			    "'late_rank' is for pattern 'one-late', which "
			    "'pattern' does not list");
	if (spec->late_rank < 0)
		spec->late_rank = spec->nranks - 1;
	if (spec->late_rank >= spec->nranks)
		return fail(p, line_of(p, "arrival", "late_rank"),
			    "'late_rank' (%d) must be a rank, 0 to %d",
			    spec->late_rank, spec->nranks - 1);
	if (replay && !spec->replay_run)
		return fail(p, line_of(p, "arrival", "pattern"),
			    "pattern 'replay' needs 'replay = EXPERIMENT "
			    "RUNID' in [arrival]: the committed run it "
			    "replays");
	if (!replay && line_of(p, "arrival", "replay"))
		return fail(p, line_of(p, "arrival", "replay"),
			    "'replay' is for pattern 'replay', which "
			    "'pattern' does not list");
	if (!replay && line_of(p, "arrival", "replay_scale"))
		return fail(p, line_of(p, "arrival", "replay_scale"),
			    "'replay_scale' is for pattern 'replay', which "
			    "'pattern' does not list");
	return PR_OK;
}

/*
 * What belongs to workloads arrival and dp-step only: [arrival], [dp]
 * (dp-step) and algorithm pap, prereg's own Allreduce, which only their
 * runner calls.
 */
static int check_arrival_scope(struct parse *p)
{
	const char *w = p->workload->name;
	int ours = p->workload->arrival;
	int line;
	int i;

	if (!ours && (line = section_used(p, "arrival")))
		return fail(p, line,
			    "[arrival] is for workloads 'arrival' and "
			    "'dp-step', not '%s'",
			    w);
	if (!p->workload->dp && (line = section_used(p, "dp")))
		return fail(p, line, "[dp] is for workload 'dp-step', not '%s'",
			    w);
	for (i = 0; !ours && i < p->spec->nalgorithms; i++)
		if (!strcmp(p->spec->algorithms[i], "pap"))
			return fail(p, line_of(p, "mpi", "algorithm"),
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
static int check_dp(struct parse *p)
{
	pr_spec *spec = p->spec;
	int i;

	if (!p->workload->dp)
		return PR_OK;
	if (spec->dp_compute_pattern) {
		if (spec->ndp_rows)
			return fail(p, line_of(p, "dp", "rows"),
				    "'rows' is for 'compute = rows', not "
				    "'compute = pattern'");
		if (!spec->npatterns)
			return fail(p, line_of(p, "dp", "compute"),
				    "'compute = pattern' needs 'pattern' in "
				    "[arrival]");
		return PR_OK;
	}
	if (!spec->ndp_rows)
		return fail(p, line_of(p, "experiment", "workload"),
			    "workload 'dp-step' needs 'rows' in [dp] (one row "
			    "count per rank) or 'compute = pattern'");
	if (spec->ndp_rows != spec->nranks)
		return fail(p, line_of(p, "dp", "rows"),
			    "'rows' has %d entries for %d ranks (give one per "
			    "rank)",
			    spec->ndp_rows, spec->nranks);
	if ((line_of(p, "arrival", "pattern")))
		return fail(p, line_of(p, "arrival", "pattern"),
			    "'pattern' is for 'compute = pattern' in [dp]: "
			    "with 'compute = rows' the kernel's time makes "
			    "the arrivals");
	for (i = 0; i < 2; i++)
		if (!line_of(p, "shape", i ? "d" : "keys"))
			return fail(p, line_of(p, "dp", "rows"),
				    "'compute = rows' needs '%s' in [shape]",
				    i ? "d" : "keys");
	return PR_OK;
}

static int check_model(struct parse *p)
{
	if (p->spec->interleave && !p->workload->interleave)
		return fail(p, line_of(p, "schedule", "interleave"),
			    "'interleave = primitives' is for workload "
			    "'kv-split' (the primitives of its Allreduces)");
	if (p->spec->rows_list_auto && (!p->model || !p->model->places_rows))
		return fail(p, line_of(p, "shape", "rows_list"),
			    "'rows_list = auto' needs model 'launch-geometry': "
			    "it places the rows around the predicted steps");
	if (p->model && p->model->needs_comm_calibration &&
	    !p->spec->comm_calibration)
		return fail(p, line_of(p, "model", "name"),
			    "model '%s' needs 'comm_calibration' in [model]: "
			    "the ping-pong calibration its Gatherv "
			    "parameters come from",
			    p->model->name);
	if (p->model && p->model->needs_calibration && !p->spec->calibration)
		return fail(p, line_of(p, "model", "name"),
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
static int check_launch(struct parse *p)
{
	pr_spec *spec = p->spec;
	int factor_line = line_of(p, "factors", "launch");
	pr_launch_setting base = {spec->threads_per_block, spec->rows_per_block,
				  spec->blocks_per_thread};
	struct launch_section *ls;
	int i, k;

	if (!factor_line && p->nlsec)
		return fail(p, p->lsec[0].line,
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
			return fail(p, p->lsec[i].line,
				    "unknown launch setting '%s': 'launch' in "
				    "[factors] does not list it",
				    p->lsec[i].name);
	}
	for (i = 0; i < spec->nlaunch_settings; i++) {
		int *v = &spec->launch_settings[i].threads_per_block;

		if (!(ls = launch_section(p, spec->launch_names[i])))
			return fail(p, factor_line,
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

/* Defaults for what the file does not set; budget_s 0 means none stated. */
static pr_spec *spec_new(const char *path, const char *name)
{
	pr_spec *spec = pr_calloc(1, sizeof(*spec));

	spec->name = name ? pr_strdup(name) : NULL;
	spec->path = pr_strdup(path);
	spec->launches = 5;
	spec->threads_per_block = 256;
	spec->slurm.time_min = 10;
	spec->rows_per_block = 1;
	spec->blocks_per_thread = 1;
	spec->nlaunch_settings = 1;
	spec->launch_settings[0] =
	    (pr_launch_setting){spec->threads_per_block, 1, 1};
	spec->reps = 20;
	spec->warmup = 3;
	spec->late_rank = -1; /* the last rank (check_arrival_keys) */
	spec->replay_scale = 1.0;
	spec->model = pr_strdup("none");
	spec->band = pr_strdup("tolerance");
	spec->tolerance = 0.15;
	spec->reproduce_tol[PR_CLASS_COMPUTE] = PR_REPRODUCE_TOL_COMPUTE;
	spec->reproduce_tol[PR_CLASS_COMM] = PR_REPRODUCE_TOL_COMM;
	return spec;
}

static void default_factors(pr_spec *spec)
{
	if (!spec->ntransports)
		spec->transports[spec->ntransports++] = pr_strdup("default");
	if (!spec->nplacements)
		spec->placements[spec->nplacements++] = pr_strdup("spread");
	if (!spec->nalgorithms)
		spec->algorithms[spec->nalgorithms++] = pr_strdup("default");
	if (!spec->nsyncs)
		spec->syncs[spec->nsyncs++] = pr_strdup("none");
	if (!spec->npatterns)
		spec->patterns[spec->npatterns++] = pr_strdup("none");
}

/* pr_spec_parse of len bytes, which may hold NUL bytes. */
static int parse_text(pr_spec **out, const char *text, size_t len,
		      const char *path, const char *name)
{
	struct parse p = {0};
	int error = PR_OK, rc, i;

	*out = NULL;
	p.spec = spec_new(path, name);
	p.path = path;
	p.next = text;
	p.end = text + len;
	if ((rc = ini_parse_stream(read_line, &p, on_key, &p)) < 0) {
		error = pr_error("cannot parse '%s'", path);
		goto cleanup;
	}
	if (p.nul_line) /* in a value, set_key has said so for its key */
		fail(&p, p.nul_line, "line holds a NUL byte");
	if (rc > 0)
		fail(&p, rc,
		     "expected '[section]', 'key = value' or a ';' comment");
	if (p.error || (error = check_required(&p)) < 0 ||
	    (error = check_sizes(&p)) < 0 || (error = check_launch(&p)) < 0 ||
	    (error = check_needs(&p)) < 0 || (error = check_dp(&p)) < 0 ||
	    (error = check_arrival_scope(&p)) < 0 ||
	    (error = check_model(&p)) < 0 || (error = check_slurm(&p)) < 0) {
		error = pr_error_code(PR_EINPUT, "%s", p.error);
		goto cleanup;
	}
	default_factors(p.spec);
	*out = p.spec;
	p.spec = NULL;
cleanup:
	pr_spec_free(p.spec);
	for (i = 0; i < p.nlsec; i++)
		free(p.lsec[i].name);
	free(p.error);
	return error;
}

int pr_spec_parse(pr_spec **out, const char *text, const char *path,
		  const char *name)
{
	return parse_text(out, text, strlen(text), path, name);
}

/* Relative path in messages, as the user types it from the work tree. */
int pr_spec_load(pr_spec **out, const char *root, const char *name)
{
	char *rel = NULL, *full = NULL, *text = NULL;
	size_t len;
	int error;

	*out = NULL;
	if ((error = pr_name_check(name)) < 0)
		return error;
	rel = pr_path_spec(NULL, name);
	full = pr_asprintf("%s/%s", root && *root ? root : ".", rel);
	if (access(full, F_OK) < 0 && (errno == ENOENT || errno == ENOTDIR)) {
		error = pr_error_code(PR_EINPUT, "no experiment '%s' (%s: %s)",
				      name, rel, strerror(errno));
		goto cleanup;
	}
	if ((error = pr_read_file(&text, &len, full, PR_SPEC_MAX_BYTES)) < 0)
		goto cleanup;
	error = parse_text(out, text, len, rel, name);
cleanup:
	free(rel);
	free(full);
	free(text);
	return error;
}

void pr_spec_free(pr_spec *spec)
{
	int i;

	if (!spec)
		return;
	free(spec->name);
	free(spec->path);
	free(spec->claim);
	free(spec->workload);
	for (i = 0; i < spec->ntransports; i++)
		free(spec->transports[i]);
	for (i = 0; i < spec->nplacements; i++)
		free(spec->placements[i]);
	for (i = 0; i < spec->nalgorithms; i++)
		free(spec->algorithms[i]);
	for (i = 0; i < spec->nsyncs; i++)
		free(spec->syncs[i]);
	for (i = 0; i < spec->npatterns; i++)
		free(spec->patterns[i]);
	free(spec->replay_experiment);
	free(spec->replay_run);
	free(spec->dp_rows);
	for (i = 0; i < PR_MAX_FACTOR; i++)
		free(spec->launch_names[i]);
	for (i = 0; i < spec->npilot; i++)
		free(spec->pilot_phase[i]);
	free(spec->band);
	free(spec->tsa);
	free(spec->model);
	free(spec->calibration);
	free(spec->comm_calibration);
	for (i = 0; i < PR_MAX_GROUPS; i++) {
		free(spec->slurm.partition[i]);
		free(spec->slurm.nodes[i]);
		free(spec->slurm.gres[i]);
	}
	free(spec->slurm.sbatch);
	free(spec);
}

/*
 * Config c of the grid transport x placement x algorithm x sync x launch
 * setting x arrival pattern, transport-major: c = ((((t * P + p) * A + a)
 * * S + s) * L + l) * N + n. With one algorithm, one sync, one launch
 * setting and one pattern this is the transport x placement grid of older
 * specs.
 */
static int nlaunch(const pr_spec *spec)
{
	return spec->nlaunch_settings > 0 ? spec->nlaunch_settings : 1;
}

static int npattern(const pr_spec *spec)
{
	return spec->npatterns > 0 ? spec->npatterns : 1;
}

int pr_spec_nconfigs(const pr_spec *spec)
{
	return spec->ntransports * spec->nplacements * spec->nalgorithms *
	       spec->nsyncs * nlaunch(spec) * npattern(spec);
}

static int in_grid(const pr_spec *spec, int config)
{
	return config >= 0 && config < pr_spec_nconfigs(spec);
}

/* The config without its launch setting and pattern: the index of the
 * older grid. */
static int outer(const pr_spec *spec, int config)
{
	return config / (nlaunch(spec) * npattern(spec));
}

const char *pr_spec_transport(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->transports[outer(spec, config) /
				(spec->nplacements * spec->nalgorithms *
				 spec->nsyncs)];
}

const char *pr_spec_placement(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->placements[outer(spec, config) /
				(spec->nalgorithms * spec->nsyncs) %
				spec->nplacements];
}

const char *pr_spec_algorithm(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->algorithms[outer(spec, config) / spec->nsyncs %
				spec->nalgorithms];
}

const char *pr_spec_sync(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->syncs[outer(spec, config) % spec->nsyncs];
}

const pr_launch_setting *pr_spec_launch(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return &spec->launch_settings[config / npattern(spec) % nlaunch(spec)];
}

const char *pr_spec_launch_name(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->launch_names[config / npattern(spec) % nlaunch(spec)];
}

const char *pr_spec_pattern(const pr_spec *spec, int config)
{
	if (!in_grid(spec, config))
		return NULL;
	return spec->npatterns ? spec->patterns[config % npattern(spec)]
			       : "none";
}

int pr_spec_launch_config(const pr_spec *spec, const char *name)
{
	int l;

	for (l = 0; name && l < nlaunch(spec); l++)
		if (spec->launch_names[l] &&
		    !strcmp(spec->launch_names[l], name))
			return l;
	return -1;
}

char *pr_spec_config_label(const pr_spec *spec, int config)
{
	const char *launch;
	int pat;

	if (!in_grid(spec, config))
		return pr_strdup("?");
	launch = pr_spec_launch_name(spec, config);
	pat = spec->npatterns > 1;
	return pr_asprintf(
	    "%s, %s%s%s%s%s%s%s%s%s", pr_spec_transport(spec, config),
	    pr_spec_placement(spec, config), spec->nalgorithms > 1 ? ", " : "",
	    spec->nalgorithms > 1 ? pr_spec_algorithm(spec, config) : "",
	    spec->nsyncs > 1 ? ", sync " : "",
	    spec->nsyncs > 1 ? pr_spec_sync(spec, config) : "",
	    launch ? ", launch " : "", launch ? launch : "",
	    pat ? ", pattern " : "", pat ? pr_spec_pattern(spec, config) : "");
}

double pr_spec_pilot_cv(const pr_spec *spec, const char *phase)
{
	int i;

	for (i = 0; i < spec->npilot; i++)
		if (!strcmp(spec->pilot_phase[i], phase))
			return spec->pilot_cv[i];
	return 0.0;
}

int pr_spec_transport_known(const char *name)
{
	return lookup(transport_names(), name) >= 0;
}

int pr_spec_placement_known(const char *name)
{
	return lookup(NAMES(placements), name) >= 0;
}

int pr_spec_workload_known(const char *name)
{
	return pr_workload_facts_of(name) != NULL;
}
