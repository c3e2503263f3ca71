/* rank.c - one prereg-rank process: place, backend, agreed failures */
#include "rank.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/util.h"

static char g_why[1024];
static int g_why_all; /* the reason is the launch's, not this rank's */

static int vfail(int code, int all, const char *fmt, va_list ap)
{
	if (!g_why[0]) {
		vsnprintf(g_why, sizeof(g_why), fmt, ap);
		g_why_all = all;
	}
	return code;
}

int pr_rank_fail(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(code, 0, fmt, ap);
	va_end(ap);
	return code;
}

int pr_rank_fail_all(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(code, 1, fmt, ap);
	va_end(ap);
	return code;
}

static int world_rank(void)
{
	int rank = 0;

	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	return rank;
}

static void print_why(int with_rank)
{
	const char *why = g_why[0] ? g_why : "failed (no reason recorded)";

	if (with_rank)
		fprintf(stderr, "prereg-rank: rank %d: %s\n", world_rank(),
			why);
	else
		fprintf(stderr, "prereg-rank: %s\n", why);
	fflush(stderr);
}

int pr_rank_agree(int error)
{
	int rank = world_rank();
	int mine[2], worst[2];

	if (error > 0)
		error = PR_OK;
	/* [1]: rank 0's failure, when it is the launch's (printed once) */
	mine[0] = error;
	mine[1] = rank == 0 && error < 0 && g_why_all ? error : 0;
	MPI_Allreduce(mine, worst, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (error < 0) {
		if (!g_why_all)
			print_why(1);
		else if (rank == 0)
			print_why(0);
		else if (worst[1] == 0)
			print_why(1);
	}
	g_why[0] = '\0';
	g_why_all = 0;
	return worst[0];
}

void pr_rank_abort(void)
{
	print_why(!g_why_all || world_rank() != 0);
	MPI_Abort(MPI_COMM_WORLD, 1);
	abort();
}

/* This rank's group: ranks are numbered in group order. */
static int find_group(const pr_plan *plan, int rank)
{
	int g, first = 0;

	for (g = 0; g < plan->ngroups; g++) {
		if (rank < first + plan->groups[g].count)
			return g;
		first += plan->groups[g].count;
	}
	return -1;
}

/* Position among the ranks of the same group on the same node. */
static int node_index(int group, int rank)
{
	MPI_Comm node = MPI_COMM_NULL, peers = MPI_COMM_NULL;
	int index = 0;

	MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank,
			    MPI_INFO_NULL, &node);
	MPI_Comm_split(node, group, rank, &peers);
	MPI_Comm_rank(peers, &index);
	MPI_Comm_free(&peers);
	MPI_Comm_free(&node);
	return index;
}

static void list_backends(char *buf, size_t len)
{
	const char *const *n;
	size_t used = 0;

	buf[0] = '\0';
	for (n = pr_backend_names(); *n && used < len; n++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 used ? ", " : "", *n);
}

int pr_rank_setup(pr_rank *out, const pr_plan *plan)
{
	const char *device;
	char why[512] = "", built[128];

	memset(out, 0, sizeof(*out));
	out->plan = plan;
	MPI_Comm_rank(MPI_COMM_WORLD, &out->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &out->nranks);
	out->group = find_group(plan, out->rank);
	if (out->group < 0)
		return pr_rank_fail(PR_EINPUT, "no group of the plan holds it");
	out->device_index = node_index(out->group, out->rank);
	device = plan->groups[out->group].device;
	out->backend = pr_backend_find(device);
	if (!out->backend) {
		list_backends(built, sizeof(built));
		return pr_rank_fail(PR_EINPUT,
				    "device '%s' has no backend in this build "
				    "(built: %s)",
				    device, built);
	}
	if (out->backend->init(&out->bctx, out->device_index, why,
			       sizeof(why)) < 0) {
		out->bctx = NULL;
		return pr_rank_fail(
		    PR_EFAIL, "cannot initialise %s device %d: %s", device,
		    out->device_index, why[0] ? why : "unknown error");
	}
	return PR_OK;
}

void pr_rank_cleanup(pr_rank *rk)
{
	if (rk->backend && rk->bctx)
		rk->backend->fini(rk->bctx);
	rk->bctx = NULL;
}
