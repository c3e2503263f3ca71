/* arrivals.c - delays, the Allreduce and its checks for arrival and
 * dp-step */
#include "runner/arrivals.h"

#include <errno.h>
#include <math.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/arrival.h"
#include "base/schedule.h"
#include "base/util.h"

int pr_arrivals_floats(size_t size)
{
	return size < 8 ? 1 : (int)(size / 4);
}

/* Integer-valued, different per rank and element: every sum is exact
 * and the same in any order. */
static float input(int rank, int i)
{
	return (float)((rank + 1) + i % 7);
}

/* The exact sum of input over p ranks. */
static float expected(int p, int i)
{
	return (float)(p * (p + 1) / 2 + p * (i % 7));
}

int pr_arrivals_setup(pr_arrivals *ar, const pr_rank *rk)
{
	const pr_plan *plan = rk->plan;
	size_t n = 1, i, bytes;

	ar->rk = rk;
	ar->nsizes = (size_t)plan->nsizes;
	ar->order = pr_calloc(ar->nsizes, sizeof(size_t));
	pr_schedule_permute(ar->order, ar->nsizes, plan->seed);
	for (i = 0; i < ar->nsizes; i++) {
		ar->order[i] = plan->sizes[ar->order[i]];
		if ((size_t)pr_arrivals_floats(ar->order[i]) > n)
			n = (size_t)pr_arrivals_floats(ar->order[i]);
	}
	ar->nreps = plan->warmup + plan->reps;
	ar->delay = pr_calloc((size_t)ar->nreps, sizeof(int64_t));
	bytes = (n * 4 + 63) / 64 * 64;
	ar->a = aligned_alloc(64, bytes);
	ar->b = aligned_alloc(64, bytes);
	ar->ref = aligned_alloc(64, bytes);
	if (!ar->a || !ar->b || !ar->ref)
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot allocate three buffers of %zu "
				     "floats",
				     n);
	for (i = 0; i < n; i++) {
		ar->a[i] = input(rk->rank, (int)i);
		ar->b[i] = ar->ref[i] = 0.0f;
	}
	if (plan->pap && pr_pap_init(&ar->pap, MPI_COMM_WORLD) < 0)
		return pr_rank_failf(PR_EFAIL, 0,
				     "cannot set up the pap Allreduce");
	for (i = 0; ar->pap && i < ar->nsizes; i++)
		pr_pap_prepare(ar->pap, pr_arrivals_floats(ar->order[i]));
	return PR_OK;
}

void pr_arrivals_free(pr_arrivals *ar)
{
	free(ar->order);
	free(ar->a);
	free(ar->b);
	free(ar->ref);
	free(ar->delay);
	free(ar->all);
	pr_pap_free(ar->pap);
	memset(ar, 0, sizeof(*ar));
}

int64_t pr_arrivals_delay(pr_arrivals *ar, int rep)
{
	const pr_plan *plan = ar->rk->plan;
	int64_t *d = pr_calloc((size_t)ar->rk->nranks, sizeof(int64_t)), mine;

	pr_arrival_delays(d, ar->rk->nranks, plan->pattern, plan->delay_ns,
			  plan->late_rank, plan->seed, rep, plan->replay_ns,
			  plan->nreplay);
	mine = d[ar->rk->rank];
	free(d);
	if (rep >= 0 && rep < ar->nreps)
		ar->delay[rep] = mine;
	return mine;
}

void pr_arrivals_sleep(int64_t ns)
{
	struct timespec t;
	int64_t until;

	if (ns <= 0)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t);
	until = (int64_t)t.tv_sec * 1000000000 + t.tv_nsec + ns;
	t.tv_sec = (time_t)(until / 1000000000);
	t.tv_nsec = (long)(until % 1000000000);
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) ==
	       EINTR)
		;
}

int pr_arrivals_allreduce(pr_arrivals *ar, size_t size)
{
	int n = pr_arrivals_floats(size);

	if (!ar->pap) {
		MPI_Allreduce(ar->a, ar->b, n, MPI_FLOAT, MPI_SUM,
			      MPI_COMM_WORLD);
		return PR_OK;
	}
	if (pr_pap_allreduce(ar->pap, ar->a, ar->b, n, MPI_COMM_WORLD) < 0)
		return pr_rank_failf(PR_EFAIL, 0,
				     "pap Allreduce of %zu bytes failed", size);
	return PR_OK;
}

static void note_error(pr_arrivals *ar, size_t size, double e)
{
	if (!isfinite(e))
		e = INFINITY;
	if (!ar->err)
		ar->err_size = size;
	if (e > ar->err)
		ar->err = e;
}

void pr_arrivals_verify(pr_arrivals *ar, size_t size, int rep)
{
	int n = pr_arrivals_floats(size), p = ar->rk->nranks, i;
	float want;

	for (i = 0; i < n; i++) {
		want = expected(p, i);
		if (ar->b[i] != want)
			note_error(ar, size,
				   fabs((double)ar->b[i] - want) / want);
	}
	if (rep != 0)
		return;
	MPI_Allreduce(ar->a, ar->ref, n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
	for (i = 0; i < n; i++)
		if (ar->b[i] != ar->ref[i]) {
			ar->ref_bad = 1;
			note_error(ar, size,
				   fabs((double)ar->b[i] - ar->ref[i]) /
				       fabs((double)ar->ref[i]));
		}
}

int pr_arrivals_check(pr_arrivals *ar)
{
	int p = ar->rk->nranks;

	if (ar->rk->rank == 0)
		ar->all =
		    pr_calloc((size_t)ar->nreps * (size_t)p, sizeof(int64_t));
	/* rank-major as gathered: all[rank * nreps + rep] */
	MPI_Gather(ar->delay, ar->nreps, MPI_INT64_T, ar->all, ar->nreps,
		   MPI_INT64_T, 0, MPI_COMM_WORLD);
	MPI_Allreduce(&ar->err, &ar->max_err, 1, MPI_DOUBLE, MPI_MAX,
		      MPI_COMM_WORLD);
	ar->checked = 1;
	if (ar->err)
		return pr_rank_failf(PR_EFAIL, 0,
				     "%s of %zu bytes: the sum is not exact "
				     "(relative error %.3g)%s",
				     ar->pap ? "pap Allreduce"
					     : "MPI_Allreduce",
				     ar->err_size, ar->err,
				     ar->ref_bad ? ", and it differs from "
						   "MPI_Allreduce's"
						 : "");
	return ar->max_err ? PR_EFAIL : PR_OK;
}

static json_t *int_array(const int64_t *v, int n)
{
	json_t *a = json_array();
	int i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_integer((json_int_t)v[i]));
	return a;
}

/* The delays as [[d of rank 0 .. p - 1] per rep]. */
static json_t *delays_json(const pr_arrivals *ar)
{
	json_t *reps = json_array(), *row;
	int p = ar->rk->nranks, r, k;

	for (r = 0; ar->all && r < ar->nreps; r++) {
		row = json_array();
		for (k = 0; k < p; k++)
			json_array_append_new(
			    row,
			    json_integer(
				(json_int_t)ar
				    ->all[(size_t)k * ar->nreps + (size_t)r]));
		json_array_append_new(reps, row);
	}
	return reps;
}

/* pap's orders for the next call of each size: {"SIZE": [ranks]}. */
static json_t *pap_orders(const pr_arrivals *ar)
{
	json_t *o = json_object();
	int *order = pr_calloc((size_t)ar->rk->nranks, sizeof(int));
	char key[32];
	size_t i;
	int k;

	for (i = 0; i < ar->nsizes; i++) {
		json_t *a = json_array();

		pr_pap_order(ar->pap, pr_arrivals_floats(ar->order[i]), order);
		for (k = 0; k < ar->rk->nranks; k++)
			json_array_append_new(a, json_integer(order[k]));
		snprintf(key, sizeof(key), "%zu", ar->order[i]);
		json_object_set_new(o, key, a);
	}
	free(order);
	return o;
}

int pr_arrivals_report(const pr_arrivals *ar, json_t *root)
{
	const pr_plan *plan = ar->rk->plan;
	json_t *order = json_array(), *arr;
	size_t i;

	for (i = 0; i < ar->nsizes; i++)
		json_array_append_new(order,
				      json_integer((json_int_t)ar->order[i]));
	json_object_set_new(root, "size_order", order);
	json_object_set_new(
	    root, "verify",
	    json_pack(
		"{s:b, s:o, s:b, s:f, s:s}", "done", ar->checked, "max_rel_err",
		isfinite(ar->max_err) ? json_real(ar->max_err) : json_null(),
		"ok", ar->checked && ar->max_err == 0.0, "tolerance", 0.0,
		"reference",
		"every result against the exact sum; on rep 0 also "
		"against MPI_Allreduce of the same input"));
	arr = json_pack("{s:s, s:s, s:I, s:i, s:o}", "pattern",
			pr_arrival_kind_name(plan->pattern), "algorithm",
			plan->algorithm ? plan->algorithm : "default",
			"delay_ns", (json_int_t)plan->delay_ns, "late_rank",
			plan->late_rank, "delays_ns", delays_json(ar));
	if (plan->nreplay)
		json_object_set_new(arr, "replay_ns",
				    int_array(plan->replay_ns, plan->nreplay));
	json_object_set_new(arr, "wait",
			    json_string("clock_nanosleep to a deadline on "
					"CLOCK_MONOTONIC (no spin); waiting "
					"in MPI under mpi_yield_when_idle 1"));
	if (ar->pap)
		json_object_set_new(arr, "pap_next_order", pap_orders(ar));
	json_object_set_new(root, "arrival", arr);
	return PR_OK;
}
