/* alternate_loop.c - a plain ping-pong of one size in blocks, alone or
 * with each block after round trips of another size: what the order of
 * sizes alone does to a warm block (bench/alternate.sh)
 *
 * usage: mpirun -n 2 alternate_loop SIZE [OTHER]
 * 20 blocks: 5 untimed round trips of SIZE, 20 timed ones (the block),
 * then, with OTHER > 0, 25 untimed round trips of OTHER bytes. Rank 0
 * prints "SIZE OTHER MEDIAN_US": the median over blocks of the block's
 * one-way time (its span / 40). Buffers as in pingpong_loop.c. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loop.h"

#define BLOCKS 20
#define WARM 5
#define TIMED 20
#define BETWEEN 25

int main(int argc, char **argv)
{
	long size, other = 0, max;
	double t[BLOCKS], t0;
	int rank, nranks, b, i;
	char *sbuf, *rbuf;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nranks);
	size = argc > 1 ? atol(argv[1]) : 0;
	if (argc > 2)
		other = atol(argv[2]);
	if (nranks < 2 || size < 1 || size > (1L << 30) || other < 0 ||
	    other > (1L << 30)) {
		if (rank == 0)
			fprintf(stderr, "usage: mpirun -n 2 alternate_loop "
					"SIZE [OTHER] (bytes, at most 2^30)\n");
		MPI_Finalize();
		return 2;
	}
	max = size > other ? size : other;
	sbuf = malloc((size_t)max);
	rbuf = malloc((size_t)max);
	if (!sbuf || !rbuf)
		MPI_Abort(MPI_COMM_WORLD, 1);
	memset(sbuf, 1, (size_t)max);
	memset(rbuf, 0, (size_t)max);
	for (b = 0; b < BLOCKS; b++) {
		for (i = 0; i < WARM; i++)
			loop_round_trip(sbuf, rbuf, size, rank);
		t0 = MPI_Wtime();
		for (i = 0; i < TIMED; i++)
			loop_round_trip(sbuf, rbuf, size, rank);
		t[b] = (MPI_Wtime() - t0) / (2.0 * TIMED);
		for (i = 0; other > 0 && i < BETWEEN; i++)
			loop_round_trip(sbuf, rbuf, other, rank);
	}
	if (rank == 0) {
		qsort(t, BLOCKS, sizeof(double), loop_cmp_double);
		printf("%ld %ld %.3f\n", size, other,
		       (t[BLOCKS / 2 - 1] + t[BLOCKS / 2]) / 2 * 1e6);
	}
	free(sbuf);
	free(rbuf);
	if (fflush(stdout) || ferror(stdout))
		MPI_Abort(MPI_COMM_WORLD, 1);
	MPI_Finalize();
	return 0;
}
