/* pmpi_overhead.c - the profiling library's cost per call: ROUNDS rounds
 * of CALLS back-to-back calls of one operation on 2 ranks, each round's
 * mean per call on rank 0; the same binary runs with and without
 * libprereg-pmpi.so preloaded (bench/pmpi-overhead.sh).
 *
 * usage: mpirun -n 2 pmpi_overhead allreduce|barrier|sendrecv ROUNDS CALLS
 * Rank 0 prints one line: OP MEDIAN_NS MIN_NS MAX_NS (per call, over the
 * rounds). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void call(const char *op, int rank)
{
	static double in = 1, out;
	int peer = 1 - rank;

	if (!strcmp(op, "allreduce"))
		MPI_Allreduce(&in, &out, 1, MPI_DOUBLE, MPI_SUM,
			      MPI_COMM_WORLD);
	else if (!strcmp(op, "barrier"))
		MPI_Barrier(MPI_COMM_WORLD);
	else
		MPI_Sendrecv(&in, 1, MPI_DOUBLE, peer, 0, &out, 1, MPI_DOUBLE,
			     peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
	int rank, size, rounds, calls, r, i;
	double *per, t0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc != 4 || size != 2 || (rounds = atoi(argv[2])) < 1 ||
	    (calls = atoi(argv[3])) < 1) {
		if (rank == 0)
			fprintf(stderr, "usage: mpirun -n 2 pmpi_overhead "
					"allreduce|barrier|sendrecv ROUNDS "
					"CALLS\n");
		MPI_Finalize();
		return 2;
	}
	per = calloc((size_t)rounds, sizeof(*per));
	for (i = 0; i < calls; i++) /* warm-up */
		call(argv[1], rank);
	for (r = 0; r < rounds; r++) {
		MPI_Barrier(MPI_COMM_WORLD);
		t0 = MPI_Wtime();
		for (i = 0; i < calls; i++)
			call(argv[1], rank);
		per[r] = (MPI_Wtime() - t0) / calls * 1e9;
	}
	qsort(per, (size_t)rounds, sizeof(*per), cmp);
	if (rank == 0)
		printf("%s %.0f %.0f %.0f\n", argv[1], per[rounds / 2], per[0],
		       per[rounds - 1]);
	free(per);
	MPI_Finalize();
	return 0;
}
