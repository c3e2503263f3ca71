/* pap_check.c - runner/pap.c against MPI_Allreduce under many arrival
 * orders, run by tests/e2e/run/t0037 under mpirun: every result must equal
 * MPI_Allreduce's exactly, and a rank that is late call after call must
 * end up last in the learnt order.
 * Usage: pap_check ORDERS SEED; exit 0 when every check held. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/schedule.h"
#include "runner/pap.h"

static const int counts[] = {1, 3, 250, 4096, 70000};
#define NCOUNTS (int)(sizeof(counts) / sizeof(counts[0]))
#define MAXCOUNT 70000

static void sleep_ns(int64_t ns)
{
	struct timespec ts = {(time_t)(ns / 1000000000),
			      (long)(ns % 1000000000)};

	while (ns > 0 && clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts))
		;
}

/* Integer-valued, different per rank, element and call: sums are exact. */
static void fill(float *a, int n, int rank, int call)
{
	int i;

	for (i = 0; i < n; i++)
		a[i] = (float)((rank + 1) * 10 + (i + call) % 7);
}

/* One call of pap under delays d (ns, per rank): 0 when it equals
 * MPI_Allreduce exactly, else the number of floats that differ. */
static int one(pr_pap *pap, float *a, float *b, float *ref, int n, int rank,
	       int call, const int64_t *d)
{
	int i, bad = 0;

	fill(a, n, rank, call);
	b[0] = b[n - 1] = -1.0f;
	MPI_Barrier(MPI_COMM_WORLD);
	sleep_ns(d[rank]);
	if (pr_pap_allreduce(pap, a, b, n, MPI_COMM_WORLD) != 0)
		return n;
	MPI_Allreduce(a, ref, n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
	for (i = 0; i < n; i++)
		bad += b[i] != ref[i];
	return bad;
}

/* The delays of order k: together (all 0) for every fourth, else a
 * random permutation of the ranks arriving 0..p-1 steps of up to 300 us
 * apart, or one random rank late. */
static void delays(int64_t *d, int p, uint64_t seed, int k)
{
	size_t perm[64];
	uint64_t st = seed ^ (uint64_t)k * 0x9e3779b97f4a7c15ULL;
	int64_t step = (int64_t)(pr_splitmix64(&st) % 300000);
	int i;

	pr_schedule_permute(perm, (size_t)p, pr_splitmix64(&st));
	for (i = 0; i < p; i++)
		d[i] = 0;
	if (k % 4 == 0)
		return;
	if (k % 4 == 1) {
		d[perm[0]] = step * 3;
		return;
	}
	for (i = 0; i < p; i++)
		d[perm[i]] = (int64_t)i * step;
}

int main(int argc, char **argv)
{
	int rank, p, k, bad = 0, all_bad = 0, orders, late, c;
	int order[64], learnt_ok = 1, all_learnt;
	int64_t d[64];
	float *a, *b, *ref;
	uint64_t seed;
	pr_pap *pap = NULL;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &p);
	if (argc != 3 || p > 64) {
		if (!rank)
			fprintf(stderr, "usage: pap_check ORDERS SEED (at most "
					"64 ranks)\n");
		MPI_Finalize();
		return 2;
	}
	orders = atoi(argv[1]);
	seed = strtoull(argv[2], NULL, 10);
	a = malloc(MAXCOUNT * sizeof(float));
	b = malloc(MAXCOUNT * sizeof(float));
	ref = malloc(MAXCOUNT * sizeof(float));
	if (!a || !b || !ref || pr_pap_init(&pap, MPI_COMM_WORLD) != 0)
		MPI_Abort(MPI_COMM_WORLD, 1);
	for (k = 0; k < orders; k++) {
		delays(d, p, seed, k);
		c = counts[k % NCOUNTS];
		if ((bad = one(pap, a, b, ref, c, rank, k, d)) > 0)
			fprintf(stderr,
				"pap_check: rank %d of %d, order %d, count %d: "
				"%d floats differ from MPI_Allreduce\n",
				rank, p, k, c, bad);
		all_bad += bad;
	}
	/* learning: rank 0 late by 50 ms (far above what a busy machine
	 * deschedules a rank for: 5 ms was not), three calls of a count of its
	 * own; the order of the next call puts it last */
	for (k = 0; k < p; k++)
		d[k] = k == 0 ? 50000000 : 0;
	for (k = 0; k < 3; k++)
		all_bad += one(pap, a, b, ref, 5, rank, k, d);
	pr_pap_order(pap, 5, order);
	if (p > 1 && order[p - 1] != 0) {
		learnt_ok = 0;
		fprintf(stderr,
			"pap_check: rank %d of %d: rank 0 came late three "
			"times, yet the learnt order ends with rank %d\n",
			rank, p, order[p - 1]);
	}
	MPI_Allreduce(&all_bad, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	MPI_Allreduce(&learnt_ok, &all_learnt, 1, MPI_INT, MPI_MIN,
		      MPI_COMM_WORLD);
	late = bad == 0 && all_learnt;
	if (!rank)
		printf("pap_check: %d ranks, %d orders: %s\n", p, orders,
		       late ? "every sum equals MPI_Allreduce's, the late "
			      "rank is learnt last"
			    : "FAILED");
	pr_pap_free(pap);
	free(a);
	free(b);
	free(ref);
	MPI_Finalize();
	return late ? 0 : 1;
}
