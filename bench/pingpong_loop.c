/* pingpong_loop.c - a plain warm ping-pong between ranks 0 and 1, the
 * yardstick prereg's warm pingpong is compared with (bench/warm-vs-loop.sh)
 *
 * usage: mpirun -n 2 pingpong_loop [MAX_BYTES]
 * For each size from 8 bytes to MAX_BYTES (default 8 MiB) by factors of
 * 2: warm-up round trips, then ITERS timed back-to-back round trips,
 * each timed on its own; rank 0 prints "SIZE MEDIAN_US MEAN_US": the
 * median one-way time (round trip / 2) and the mean (the timed span /
 * (2 ITERS), what osu_latency prints). Each
 * rank sends from one buffer and receives into another, as OSU's
 * osu_latency does: receiving into the buffer that is sent next makes
 * every large message over shared memory twice as slow here. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loop.h"

/* Round trips per size: fewer for the large sizes, where one lasts ms. */
static void counts(long size, int *warm, int *iters)
{
	if (size <= 8192) {
		*warm = 200;
		*iters = 5000;
	} else if (size <= 262144) {
		*warm = 20;
		*iters = 500;
	} else {
		*warm = 5;
		*iters = 50;
	}
}

/* n timed round trips after warm untimed ones; rank 0 prints the line */
static void measure(char *sbuf, char *rbuf, long size, int rank, double *t)
{
	int warm, iters, i;
	double t0, span;

	counts(size, &warm, &iters);
	for (i = 0; i < warm; i++)
		loop_round_trip(sbuf, rbuf, size, rank);
	span = MPI_Wtime();
	for (i = 0; i < iters; i++) {
		t0 = MPI_Wtime();
		loop_round_trip(sbuf, rbuf, size, rank);
		t[i] = MPI_Wtime() - t0;
	}
	span = MPI_Wtime() - span;
	if (rank != 0)
		return;
	qsort(t, (size_t)iters, sizeof(double), loop_cmp_double);
	printf(
	    "%ld %.3f %.3f\n", size,
	    (iters % 2 ? t[iters / 2] : (t[iters / 2 - 1] + t[iters / 2]) / 2) *
		1e6 / 2.0,
	    span * 1e6 / (2.0 * iters));
}

int main(int argc, char **argv)
{
	long max = 8L << 20, size;
	int rank, nranks;
	double *t = malloc(5000 * sizeof(double));
	char *sbuf, *rbuf;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nranks);
	if (argc > 1)
		max = atol(argv[1]);
	if (nranks < 2 || max < 8 || max > (1L << 30)) {
		if (rank == 0)
			fprintf(stderr, "usage: mpirun -n 2 pingpong_loop "
					"[MAX_BYTES in [8, 2^30]]\n");
		MPI_Finalize();
		return 2;
	}
	sbuf = malloc((size_t)max);
	rbuf = malloc((size_t)max);
	if (!sbuf || !rbuf || !t)
		MPI_Abort(MPI_COMM_WORLD, 1);
	memset(sbuf, 1, (size_t)max);
	memset(rbuf, 0, (size_t)max);
	for (size = 8; size <= max; size *= 2) {
		if (rank < 2)
			measure(sbuf, rbuf, size, rank, t);
		MPI_Barrier(MPI_COMM_WORLD);
	}
	free(t);
	free(sbuf);
	free(rbuf);
	if (fflush(stdout) || ferror(stdout))
		MPI_Abort(MPI_COMM_WORLD, 1);
	MPI_Finalize();
	return 0;
}
