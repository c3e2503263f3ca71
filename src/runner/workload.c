/* workload.c - the runner of each workload of the facts table */
#include "runner/workload.h"

#include <mpi.h>

#include "format/workload.h"

/* The runner of each workload of format/workload.h's table. */
static const pr_workload *const workloads[PR_NWORKLOADS] = {
    [PR_WORKLOAD_PINGPONG] = &pr_workload_pingpong,
    [PR_WORKLOAD_PINGPONG_COLD] = &pr_workload_pingpong_cold,
    [PR_WORKLOAD_ALLREDUCE] = &pr_workload_allreduce,
    [PR_WORKLOAD_KV_SPLIT] = &pr_workload_kvsplit,
    [PR_WORKLOAD_ROWS_SWEEP] = &pr_workload_rowssweep,
    [PR_WORKLOAD_ROW_SPLIT] = &pr_workload_rowsplit,
    [PR_WORKLOAD_ARRIVAL] = &pr_workload_arrival,
    [PR_WORKLOAD_DP_STEP] = &pr_workload_dpstep,
};

const pr_workload *pr_workload_find(const char *name)
{
	const pr_workload_facts *w = pr_workload_facts_of(name);

	return w ? workloads[w->id] : NULL;
}

void pr_workload_sync(const pr_plan *plan)
{
	if (plan->sync == PR_SYNC_BARRIER)
		MPI_Barrier(MPI_COMM_WORLD);
}
