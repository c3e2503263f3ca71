/* timing.c - the one timing loop, its samples and their way to rank 0 */
#include "runner/timing.h"

#include <limits.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "runner/rank.h"
#include "runner/workload.h"

static const char *const phase_names[PR_NPHASES] = {
    [PR_PHASE_PINGPONG] = "pingpong",
    [PR_PHASE_COMPUTE] = "compute",
    [PR_PHASE_GATHERV] = "gatherv",
    [PR_PHASE_ALLREDUCE] = "allreduce",
    [PR_PHASE_ALLREDUCE_SMALL] = "allreduce_small",
    [PR_PHASE_REDUCE_LOCAL] = "reduce_local",
    [PR_PHASE_RESCALE] = "rescale",
    [PR_PHASE_TO_HOST] = "to_host",
    [PR_PHASE_COMPUTE_DEVICE] = "compute_device",
    [PR_PHASE_SENDRECV] = "sendrecv",
    [PR_PHASE_STEP] = "step",
    [PR_PHASE_COPY] = "copy",
};

const char *pr_phase_name(int phase)
{
	if (phase < 0 || phase >= PR_NPHASES)
		return "unknown";
	return phase_names[phase];
}

int pr_samples_init(pr_samples *out, size_t cap, int rank)
{
	memset(out, 0, sizeof(*out));
	out->rank = rank;
	out->pending_uj = -1;
	if (cap > (size_t)INT_MAX / sizeof(pr_sample))
		return pr_rank_failf(PR_EINPUT, 0,
				     "the plan asks for %zu samples on one "
				     "rank, more than one gather can carry",
				     cap);
	out->s = calloc(cap ? cap : 1, sizeof(pr_sample));
	if (!out->s)
		return pr_rank_failf(
		    PR_EFAIL, 0, "cannot allocate room for %zu samples", cap);
	/* calloc may hand out untouched zero pages: fault them in now */
	memset(out->s, 0, (cap ? cap : 1) * sizeof(pr_sample));
	out->cap = cap;
	return PR_OK;
}

void pr_samples_free(pr_samples *buf)
{
	free(buf->s);
	buf->s = NULL;
	buf->n = buf->cap = 0;
}

int pr_timing_loop(pr_samples *buf, const pr_workload *w, void *ctx, int warmup,
		   int reps)
{
	int rep;

	for (rep = 0; rep < warmup + reps; rep++) {
		buf->rep = rep;
		buf->warmup = rep < warmup;
		MPI_Barrier(MPI_COMM_WORLD);
		if (w->run(ctx, rep, rep < warmup, buf) < 0)
			pr_rank_abort();
	}
	if (buf->overflow)
		return pr_rank_failf(PR_EFAIL, 0,
				     "workload '%s' took more samples than "
				     "the %zu it asked room for",
				     pr_workloads[w->id].name, buf->cap);
	return PR_OK;
}

/*
 * Rank 0's view after MPI_Gatherv: each rank's samples in rep order, one
 * block per rank. Merge them into (rep, rank, order) in one pass.
 */
static void order_by_rep(pr_sample *out, const pr_sample *in, const int *count,
			 const int *displ, int nranks)
{
	size_t *next = pr_calloc((size_t)nranks, sizeof(size_t));
	size_t k = 0, i, total = 0;
	int32_t rep, last = -1;
	int r;

	for (r = 0; r < nranks; r++)
		total += (size_t)count[r];
	for (i = 0; i < total; i++)
		if (in[i].rep > last)
			last = in[i].rep;
	for (rep = 0; rep <= last; rep++) {
		for (r = 0; r < nranks; r++) {
			const pr_sample *s = in + displ[r];

			while (next[r] < (size_t)count[r] &&
			       s[next[r]].rep == rep)
				out[k++] = s[next[r]++];
		}
	}
	free(next);
}

int pr_samples_gather(pr_sample **out, size_t *nout, const pr_samples *buf,
		      int nranks, const int64_t *offset)
{
	long long mine = (long long)buf->n, total = 0;
	int rank, r, nbytes, *count = NULL, *displ = NULL;
	pr_sample *raw = NULL, *all = NULL;
	size_t i;

	*out = NULL;
	*nout = 0;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Allreduce(&mine, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
	if (total > INT_MAX / (long long)sizeof(pr_sample))
		return pr_rank_failf(PR_EFAIL, PR_FAIL_ALL,
				     "%lld samples are too many for one "
				     "gather",
				     total);
	nbytes = (int)(buf->n * sizeof(pr_sample));
	if (rank == 0) {
		count = pr_calloc((size_t)nranks, sizeof(int));
		displ = pr_calloc((size_t)nranks, sizeof(int));
		raw = pr_calloc((size_t)total, sizeof(pr_sample));
	}
	MPI_Gather(&nbytes, 1, MPI_INT, count, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (rank == 0)
		for (r = 1; r < nranks; r++)
			displ[r] = displ[r - 1] + count[r - 1];
	MPI_Gatherv(buf->s, nbytes, MPI_BYTE, raw, count, displ, MPI_BYTE, 0,
		    MPI_COMM_WORLD);
	if (rank != 0)
		return PR_OK;
	for (i = 0; i < (size_t)total; i++) {
		raw[i].t_start_ns -= offset[raw[i].rank];
		raw[i].t_end_ns -= offset[raw[i].rank];
	}
	for (r = 0; r < nranks; r++) {
		count[r] /= (int)sizeof(pr_sample);
		displ[r] /= (int)sizeof(pr_sample);
	}
	all = pr_calloc((size_t)total, sizeof(pr_sample));
	order_by_rep(all, raw, count, displ, nranks);
	*out = all;
	*nout = (size_t)total;
	free(raw);
	free(count);
	free(displ);
	return PR_OK;
}
