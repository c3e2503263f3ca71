/* arrival.c - the Allreduce after each rank's arrival delay: MPI's under
 * the MCA's algorithm, or prereg's pap (see workload.h) */
#include <mpi.h>
#include <stdlib.h>

#include "runner/arrivals.h"
#include "runner/workload.h"

static int arr_setup(void **out, size_t *nsamples, const pr_rank *rk)
{
	pr_arrivals *ar = pr_calloc(1, sizeof(*ar));
	int error;

	*out = ar;
	/* pr_plan_check saw to 2 ranks or more, the sizes and the pattern */
	if ((error = pr_arrivals_setup(ar, rk)) < 0)
		return error;
	*nsamples = ar->nsizes;
	return PR_OK;
}

static int arr_run(void *ctx, int rep, int warmup, pr_samples *out)
{
	pr_arrivals *ar = ctx;
	int64_t d = pr_arrivals_delay(ar, rep), t0, t1;
	size_t i, size;

	(void)warmup;
	for (i = 0; i < ar->nsizes; i++) {
		size = ar->order[i];
		/* a result that was never written must not pass */
		ar->b[0] = ar->b[pr_arrivals_floats(size) - 1] = -1.0f;
		MPI_Barrier(MPI_COMM_WORLD);
		pr_arrivals_sleep(d);
		t0 = pr_timing_begin(out, PR_PHASE_ALLREDUCE);
		if (pr_arrivals_allreduce(ar, size) < 0)
			return PR_EFAIL;
		t1 = pr_timing_end(out);
		pr_samples_add(out, PR_PHASE_ALLREDUCE, (int64_t)size, 0, t0,
			       t1);
		pr_arrivals_verify(ar, size, rep);
	}
	return PR_OK;
}

static int arr_check(void *ctx)
{
	return pr_arrivals_check(ctx);
}

static int arr_report(void *ctx, json_t *root)
{
	return pr_arrivals_report(ctx, root);
}

static void arr_teardown(void *ctx)
{
	pr_arrivals *ar = ctx;

	if (!ar)
		return;
	pr_arrivals_free(ar);
	free(ar);
}

const pr_workload pr_workload_arrival = {
    .id = PR_WORKLOAD_ARRIVAL,
    .setup = arr_setup,
    .run = arr_run,
    .check = arr_check,
    .report = arr_report,
    .teardown = arr_teardown,
};
