/* workload.c - the one table of workload facts */
#include "format/workload.h"

#include <limits.h>
#include <stddef.h>
#include <string.h>

#define PAIR (PR_NEEDS_SIZES | PR_NEEDS_TWO_RANKS)
#define SHAPE (PR_NEEDS_ROWS | PR_NEEDS_KEYS | PR_NEEDS_D)
#define SIZES_BY(phase, pair)                                                  \
	{                                                                      \
		(phase), "sizes", "size_order", (pair), 0                      \
	}

const pr_workload_facts pr_workloads[PR_NWORKLOADS] = {
    [PR_WORKLOAD_PINGPONG] = {.name = "pingpong",
			      .id = PR_WORKLOAD_PINGPONG,
			      .needs = PAIR,
			      .rows_count_ops = 1,
			      .items = SIZES_BY("pingpong", 1)},
    [PR_WORKLOAD_PINGPONG_COLD] = {.name = "pingpong-cold",
				   .id = PR_WORKLOAD_PINGPONG_COLD,
				   .needs = PAIR,
				   .items = SIZES_BY("pingpong", 1)},
    [PR_WORKLOAD_ALLREDUCE] = {.name = "allreduce",
			       .id = PR_WORKLOAD_ALLREDUCE,
			       .needs = PAIR,
			       .interleave = 1,
			       .size_order = 1,
			       .items = SIZES_BY("allreduce", 0)},
    [PR_WORKLOAD_KV_SPLIT] = {.name = "kv-split",
			      .id = PR_WORKLOAD_KV_SPLIT,
			      .needs = SHAPE | PR_NEEDS_KEY_PER_RANK,
			      .interleave = 1,
			      .collective = "MPI_Allreduce",
			      .collective_extra = 1},
    [PR_WORKLOAD_ROWS_SWEEP] = {.name = "rows-sweep",
				.id = PR_WORKLOAD_ROWS_SWEEP,
				.needs = PR_NEEDS_KEYS | PR_NEEDS_D |
					 PR_NEEDS_ROWS_LIST,
				.items = {"compute", "rows_list", "rows_order",
					  0, 1}},
    [PR_WORKLOAD_ROW_SPLIT] = {.name = "row-split",
			       .id = PR_WORKLOAD_ROW_SPLIT,
			       .needs = SHAPE | PR_NEEDS_ROW_PER_RANK,
			       .splits_rows = 1,
			       .collective = "MPI_Gatherv"},
    [PR_WORKLOAD_ARRIVAL] = {.name = "arrival",
			     .id = PR_WORKLOAD_ARRIVAL,
			     .needs = PAIR,
			     .arrival = 1,
			     .items = SIZES_BY("allreduce", 0)},
    [PR_WORKLOAD_DP_STEP] = {.name = "dp-step",
			     .id = PR_WORKLOAD_DP_STEP,
			     .needs = PAIR,
			     .arrival = 1,
			     .dp = 1,
			     .items = SIZES_BY("allreduce", 0)},
    [PR_WORKLOAD_COMMAND] = {.name = "command",
			     .id = PR_WORKLOAD_COMMAND,
			     .command = 1},
};

const pr_workload_facts *pr_workload_facts_of(const char *name)
{
	int i;

	for (i = 0; name && i < PR_NWORKLOADS; i++)
		if (!strcmp(pr_workloads[i].name, name))
			return &pr_workloads[i];
	return NULL;
}

int pr_workload_is(const char *name, pr_workload_id id)
{
	const pr_workload_facts *w = pr_workload_facts_of(name);

	return w && w->id == id;
}

int pr_workload_has_arrival(const char *name)
{
	const pr_workload_facts *w = pr_workload_facts_of(name);

	return w && w->arrival;
}

int pr_workload_has_dp(const char *name)
{
	const pr_workload_facts *w = pr_workload_facts_of(name);

	return w && w->dp;
}

int pr_workload_is_command(const char *name)
{
	const pr_workload_facts *w = pr_workload_facts_of(name);

	return w && w->command;
}

const pr_pmpi_op pr_pmpi_ops[] = {
    {"allreduce", 1},  {"gatherv", 1},	{"bcast", 1},	 {"reduce", 1},
    {"sendrecv", 0},   {"send", 0},	{"recv", 0},	 {"barrier", 1},
    {"iallreduce", 1}, {"igatherv", 1}, {"ibcast", 1},	 {"ireduce", 1},
    {"isend", 0},      {"irecv", 0},	{"ibarrier", 1},
};
const size_t pr_pmpi_nops = sizeof(pr_pmpi_ops) / sizeof(pr_pmpi_ops[0]);

int pr_pmpi_collective(const char *phase)
{
	size_t i, n = strcspn(phase, ".");

	for (i = 0; i < pr_pmpi_nops; i++)
		if (strlen(pr_pmpi_ops[i].name) == n &&
		    !strncmp(pr_pmpi_ops[i].name, phase, n))
			return pr_pmpi_ops[i].collective;
	return 0;
}

int pr_workload_splits_rows(const char *name)
{
	const pr_workload_facts *w = pr_workload_facts_of(name);

	return w && w->splits_rows;
}

int pr_workload_fits(const pr_workload_facts *w, long rows, long d)
{
	return !w->collective || rows <= INT_MAX / (d + w->collective_extra);
}
