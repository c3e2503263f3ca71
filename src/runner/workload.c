/* workload.c - the table of workloads */
#include "runner/workload.h"

#include <mpi.h>
#include <string.h>

static const pr_workload *const workloads[] = {
    &pr_workload_pingpong, &pr_workload_pingpong_cold, &pr_workload_rowssweep,
    &pr_workload_rowsplit, &pr_workload_kvsplit,       &pr_workload_allreduce,
    &pr_workload_arrival,  &pr_workload_dpstep,
};

#define NWORKLOADS (sizeof(workloads) / sizeof(workloads[0]))

const pr_workload *pr_workload_find(const char *name)
{
	size_t i;

	for (i = 0; i < NWORKLOADS; i++)
		if (!strcmp(workloads[i]->name, name))
			return workloads[i];
	return NULL;
}

const char *const *pr_workload_names(void)
{
	static const char *names[NWORKLOADS + 1];
	size_t i;

	for (i = 0; i < NWORKLOADS; i++)
		names[i] = workloads[i]->name;
	return names;
}

void pr_workload_sync(const pr_plan *plan)
{
	if (plan->sync == PR_SYNC_BARRIER)
		MPI_Barrier(MPI_COMM_WORLD);
}
