/* loop.h - what the plain MPI loops of make bench share (pingpong_loop.c,
 * alternate_loop.c): one round trip between ranks 0 and 1, sent from one
 * buffer and received into another as osu_latency does, and the order of
 * doubles for qsort */
#ifndef PR_BENCH_LOOP_H
#define PR_BENCH_LOOP_H

#include <mpi.h>

/* Rank 0: MPI_Send then MPI_Recv; rank 1: MPI_Recv then MPI_Send; other
 * ranks nothing. */
static inline void loop_round_trip(char *sbuf, char *rbuf, long size, int rank)
{
	int peer = 1 - rank;

	if (rank == 0) {
		MPI_Send(sbuf, (int)size, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
		MPI_Recv(rbuf, (int)size, MPI_BYTE, peer, 0, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
	} else if (rank == 1) {
		MPI_Recv(rbuf, (int)size, MPI_BYTE, peer, 0, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
		MPI_Send(sbuf, (int)size, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
	}
}

static inline int loop_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

#endif
