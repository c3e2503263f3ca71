/* output.c - rank 0's PREFIX.csv and PREFIX.json for `prereg run` */
#include "runner/output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "runner/rank.h"
#include "version.h"

int pr_output_csv(const char *path, const pr_plan *plan, const pr_sample *s,
		  size_t n, const pr_envinfo *env)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);
	int error, bad;

	if (!f)
		return pr_rank_failf(PR_EFAIL, 0, "cannot format '%s': %s",
				     path, strerror(errno));
	for (i = 0; i < n; i++) {
		fprintf(f, "%d,%d,%d,%d,%d,%s,%s,%s,%lld,%lld,%lld,%lld,",
			plan->launch, plan->config, s[i].rep, s[i].warmup,
			s[i].rank, env[s[i].rank].host, env[s[i].rank].device,
			pr_phase_name(s[i].phase), (long long)s[i].bytes,
			(long long)s[i].rows, (long long)s[i].t_start_ns,
			(long long)s[i].t_end_ns);
		if (s[i].energy_uj >= 0)
			fprintf(f, "%lld", (long long)s[i].energy_uj);
		fputc('\n', f);
	}
	bad = fflush(f) != 0 || ferror(f);
	if (fclose(f) != 0 || bad) {
		free(buf);
		return pr_rank_failf(PR_EFAIL, 0, "cannot format '%s': %s",
				     path, strerror(errno));
	}
	error = pr_write_file_atomic(path, buf, len);
	free(buf);
	return error;
}

static const char *staging_name(int staging)
{
	return staging == PR_STAGING_DEVICE ? "device"
	       : staging == PR_STAGING_HOST ? "host"
					    : "none";
}

/* Ranks on the same host running the same GPU (kind and index), rank r
 * included. */
static int sharing(const pr_envinfo *env, int nranks, int r)
{
	int i, n = 0;

	for (i = 0; i < nranks; i++)
		n += env[i].has_gpu && !strcmp(env[i].host, env[r].host) &&
		     !strcmp(env[i].kind, env[r].kind) &&
		     env[i].device_index == env[r].device_index;
	return n;
}

static json_t *gpu_json(const pr_envinfo *env, int nranks, int r)
{
	json_t *gpu;

	if (!env[r].has_gpu)
		return json_null();
	gpu = pr_envinfo_gpu_json(&env[r].gpu);
	json_object_set_new(gpu, "shared_by",
			    json_integer(sharing(env, nranks, r)));
	return gpu;
}

static json_t *yield_json(int32_t v)
{
	return v < 0 ? json_null() : json_boolean(v);
}

static json_t *ranks_json(const pr_envinfo *env, const pr_clocks *c, int nranks)
{
	json_t *ranks = json_array(), *rank;
	int r;

	for (r = 0; r < nranks; r++) {
		rank = json_pack(
		    "{s:i, s:s, s:s, s:s, s:i, s:s, s:o, s:s, s:s, s:I, s:I, "
		    "s:I}",
		    "rank", r, "host", env[r].host, "device", env[r].device,
		    "kind", env[r].kind, "device_index", env[r].device_index,
		    "describe", env[r].describe, "gpu",
		    gpu_json(env, nranks, r), "staging",
		    staging_name(env[r].staging), "affinity", env[r].affinity,
		    "pid", (json_int_t)env[r].pid, "clock_offset_ns",
		    (json_int_t)c->offset[r], "clock_min_rtt_ns",
		    (json_int_t)c->rtt[r]);
		json_object_set_new(
		    rank, "clock",
		    json_string(c->shared[r] ? "shared" : "estimated"));
		json_object_set_new(
		    rank, "clock_uncertainty_ns",
		    json_integer(c->shared[r] ? 0 : (json_int_t)c->rtt[r] / 2));
		json_object_set_new(rank, "mpi_yield_when_idle",
				    yield_json(env[r].yield_when_idle));
		if (env[r].timens[0])
			json_object_set_new(rank, "time_namespace",
					    json_string(env[r].timens));
		json_array_append_new(ranks, rank);
	}
	return ranks;
}

/* The launch's staging: "device" when every rank with device memory hands
 * it to MPI as it is, "host" when none does (or no rank has device
 * memory), "mixed" otherwise. */
static const char *launch_staging(const pr_envinfo *env, int nranks)
{
	int r, host = 0, device = 0;

	for (r = 0; r < nranks; r++) {
		host += env[r].staging == PR_STAGING_HOST;
		device += env[r].staging == PR_STAGING_DEVICE;
	}
	return !device ? "host" : !host ? "device" : "mixed";
}

static json_t *phases_json(const pr_sample *s, size_t n)
{
	int seen[PR_NPHASES] = {0}, p;
	json_t *phases = json_array();
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i].phase >= 0 && s[i].phase < PR_NPHASES)
			seen[s[i].phase] = 1;
	for (p = 0; p < PR_NPHASES; p++)
		if (seen[p])
			json_array_append_new(phases,
					      json_string(pr_phase_name(p)));
	return phases;
}

json_t *pr_output_report(const pr_plan *plan, const pr_envinfo *env,
			 const pr_clocks *clocks, int nranks,
			 const pr_sample *s, size_t n)
{
	char seed[24];

	snprintf(seed, sizeof(seed), "%llu", (unsigned long long)plan->seed);
	return json_pack(
	    "{s:s, s:s, s:i, s:i, s:s, s:i, s:i, s:s, s:i, s:o, "
	    "s:I, s:o, s:s, s:{s:i, s:i}, s:i, s:s}",
	    "experiment", plan->experiment, "workload", plan->workload,
	    "launch", plan->launch, "config", plan->config, "seed", seed,
	    "reps", plan->reps, "warmup", plan->warmup, "version", PR_VERSION,
	    "nranks", nranks, "ranks", ranks_json(env, clocks, nranks),
	    "samples", (json_int_t)n, "phases", phases_json(s, n), "staging",
	    launch_staging(env, nranks), "launch_geometry", "threads_per_block",
	    plan->threads_per_block, "rows_per_block", plan->rows_per_block,
	    "inner", plan->inner, "sync", pr_plan_sync_name(plan->sync));
}

int pr_output_json(const char *path, const json_t *root)
{
	char *text = json_dumps(root, JSON_INDENT(2) | JSON_SORT_KEYS);
	char *line;
	int error;

	if (!text)
		return pr_rank_failf(PR_EFAIL, 0, "cannot format '%s'", path);
	line = pr_asprintf("%s\n", text);
	error = pr_write_file_atomic(path, line, strlen(line));
	free(line);
	free(text);
	return error;
}
