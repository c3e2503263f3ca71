/* rank.c - one prereg-rank process: place, backend, agreed failures */
#include "runner/rank.h"

#include <ctype.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/device.h"
#include "base/util.h"
#include "runner/envinfo.h"

static int world_rank(void)
{
	int rank = 0;

	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	return rank;
}

int pr_rank_agree(int error)
{
	int rank = world_rank();
	int all = pr_rank_failed_all();
	int mine[2], worst[2];

	if (error > 0)
		error = PR_OK;
	/* [1]: rank 0's failure, when it is the launch's (printed once) */
	mine[0] = error;
	mine[1] = rank == 0 && error < 0 && all ? error : 0;
	MPI_Allreduce(mine, worst, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (error < 0 && (!all || rank == 0 || worst[1] == 0))
		pr_rank_print_why(rank);
	pr_rank_forget();
	return worst[0];
}

void pr_rank_abort(void)
{
	pr_rank_print_why(world_rank());
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

/* "CUDA" for "cuda", for messages. */
static void label(char *buf, size_t len, const char *kind)
{
	size_t i;

	for (i = 0; kind[i] && i + 1 < len; i++)
		buf[i] = (char)toupper((unsigned char)kind[i]);
	buf[i] = '\0';
}

void pr_rank_not_built(char *buf, size_t len, const char *kind)
{
	char up[32];
	const char *why = pr_backend_why_not(kind);

	label(up, sizeof(up), kind);
	if (pr_backend_built(kind))
		snprintf(buf, len, "prereg-rank's %s backend did not load (%s)",
			 up, why ? why : "unknown");
	else
		snprintf(buf, len,
			 "prereg-rank was built without the %s backend (%s)",
			 up, why ? why : "not built");
}

/* KIND:N of a backend whose N is a parameter (cpu-blocks:T); d parsed
 * as ok says. */
static int check_param(const struct pr_backend *be, const char *device,
		       const pr_device *d, int ok)
{
	if (!ok || !d->has_sel || d->n < 1 || d->n > be->param_max)
		return pr_rank_failf(PR_EINPUT, PR_FAIL_ALL,
				     "device '%s': the %s backend takes its "
				     "%s after ':', 1 to %d",
				     device, be->name, be->param,
				     be->param_max);
	return PR_OK;
}

static int check_device(const char *device)
{
	const struct pr_backend *be;
	char why[256], built[128];
	pr_device d;
	int ok = pr_device_parse(&d, device) == PR_OK;

	if (!(be = pr_backend_find(d.kind))) {
		if (pr_backend_why_not(d.kind)) {
			pr_rank_not_built(why, sizeof(why), d.kind);
			return pr_rank_failf(
			    PR_EFAIL, PR_FAIL_ALL | PR_FAIL_LINE, "%s", why);
		}
		list_backends(built, sizeof(built));
		return pr_rank_failf(PR_EINPUT, PR_FAIL_ALL,
				     "device '%s' has no backend in this "
				     "build (built: %s)",
				     device, built);
	}
	if (be->param)
		return check_param(be, device, &d, ok);
	if (d.has_sel && !be->device_count)
		return pr_rank_failf(PR_EINPUT, PR_FAIL_ALL,
				     "device '%s': the %s backend takes no "
				     "device index",
				     device, d.kind);
	if (!ok)
		return pr_rank_failf(PR_EINPUT, PR_FAIL_ALL,
				     "device '%s': after ':' comes a device "
				     "index or '*'",
				     device);
	return PR_OK;
}

int pr_rank_check_devices(const pr_plan *plan)
{
	int g, error;

	for (g = 0; g < plan->ngroups; g++)
		if ((error = check_device(plan->groups[g].device)) < 0)
			return error;
	return PR_OK;
}

/*
 * The GPU this rank runs on: the group's index, or with "*" (index -1)
 * its node index modulo the devices it sees; it must be there.
 */
static int pick_device(pr_rank *rk, int index)
{
	char why[512] = "", up[32];
	int n = 0;

	label(up, sizeof(up), rk->kind);
	if (rk->backend->device_count(&n, why, sizeof(why)) < 0)
		return pr_rank_failf(PR_EFAIL, PR_FAIL_NAMED,
				     "no %s device visible to rank %d "
				     "(%s)",
				     up, rk->rank, why);
	if (n < 1)
		return pr_rank_failf(PR_EFAIL, PR_FAIL_NAMED,
				     "no %s device visible to rank %d "
				     "(0 visible)",
				     up, rk->rank);
	if (index >= n)
		return pr_rank_failf(PR_EFAIL, PR_FAIL_NAMED,
				     "no %s device %d visible to rank %d "
				     "(%d visible)",
				     up, index, rk->rank, n);
	rk->device_index = index >= 0 ? index : rk->device_index % n;
	return PR_OK;
}

/* Device buffers go to MPI as they are only where MPI can read them. */
static pr_staging staging(const struct pr_backend *be)
{
	if (be->host_memory)
		return PR_STAGING_NONE;
	if (pr_device_gpu_of(be->name) == PR_DEVICE_CUDA &&
	    pr_envinfo_cuda_aware())
		return PR_STAGING_DEVICE;
	return PR_STAGING_HOST;
}

int pr_rank_setup(pr_rank *out, const pr_plan *plan)
{
	const char *device;
	char why[512] = "";
	pr_device d;
	int error;

	memset(out, 0, sizeof(*out));
	out->plan = plan;
	MPI_Comm_rank(MPI_COMM_WORLD, &out->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &out->nranks);
	out->group = find_group(plan, out->rank);
	if (out->group < 0)
		return pr_rank_failf(PR_EINPUT, 0,
				     "no group of the plan holds it");
	out->device_index = node_index(out->group, out->rank);
	device = plan->groups[out->group].device;
	pr_device_parse(&d, device);
	snprintf(out->kind, sizeof(out->kind), "%s", d.kind);
	if ((error = check_device(device)) < 0)
		return error;
	out->backend = pr_backend_find(out->kind);
	if (out->backend->device_count &&
	    (error = pick_device(out, (int)d.n)) < 0)
		return error;
	if (out->backend->param)
		out->device_index = (int)d.n;
	out->staging = staging(out->backend);
	if (out->backend->init(&out->bctx, out->device_index, why,
			       sizeof(why)) < 0) {
		out->bctx = NULL;
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot initialise %s device %d: %s",
				     out->kind, out->device_index,
				     why[0] ? why : "unknown error");
	}
	return PR_OK;
}

void pr_rank_cleanup(pr_rank *rk)
{
	if (rk->backend && rk->bctx)
		rk->backend->fini(rk->bctx);
	rk->bctx = NULL;
}

int pr_rank_fail_backend(const pr_rank *rk, const char *what)
{
	const struct pr_backend *be = rk->backend;
	const char *why = be->error && rk->bctx ? be->error(rk->bctx) : NULL;

	return pr_rank_failf(PR_EFAIL, 0, "%s: %s failed%s%s", be->name, what,
			     why && *why ? ": " : "", why ? why : "");
}
