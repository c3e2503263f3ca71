/* pmpi_check.c - an MPI program that knows nothing of prereg, for the
 * profiling library's tests (t0064): N rounds of the operations the
 * library times, each timed by the program itself (CLOCK_MONOTONIC around
 * the call, or around the wait of a non-blocking one), written to
 * PREFIX.rank-R as "op bytes t0 t1" lines.
 * Usage: pmpi_check PREFIX N [multiple] (at least 2 ranks; multiple:
 * MPI_Init_thread asking for MPI_THREAD_MULTIPLE) */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static FILE *out;

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void line(const char *op, long long bytes, long long t0, long long t1)
{
	fprintf(out, "%s %lld %lld %lld\n", op, bytes, t0, t1);
}

/* One round on comm (world): every operation once, some twice. */
static void round_of(MPI_Comm comm, MPI_Comm dup, int rank, int size)
{
	static double small[1], big[1024], red[64], sum[1024];
	static char bytes[256], ring_out[100], ring_in[100], p2p[512];
	static int mine[64], all[64 * 64], counts[64], displs[64];
	MPI_Request req[2];
	long long t0, t1;
	int i, next = (rank + 1) % size, prev = (rank + size - 1) % size;

	t0 = now_ns();
	MPI_Allreduce(small, sum, 1, MPI_DOUBLE, MPI_SUM, comm);
	line("allreduce", 8, t0, now_ns());
	t0 = now_ns();
	MPI_Allreduce(big, sum, 1024, MPI_DOUBLE, MPI_SUM, comm);
	line("allreduce", 8192, t0, now_ns());
	t0 = now_ns();
	MPI_Bcast(bytes, 256, MPI_CHAR, 0, comm);
	line("bcast", 256, t0, now_ns());
	t0 = now_ns();
	MPI_Reduce(red, sum, 64, MPI_DOUBLE, MPI_SUM, 0, comm);
	line("reduce", 512, t0, now_ns());
	for (i = 0; i < size; i++) {
		counts[i] = i + 1;
		displs[i] = i * 64;
	}
	t0 = now_ns();
	MPI_Gatherv(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, 0,
		    comm);
	line("gatherv", 4LL * (rank + 1), t0, now_ns());
	t0 = now_ns();
	MPI_Barrier(comm);
	line("barrier", 0, t0, now_ns());
	t0 = now_ns();
	MPI_Sendrecv(ring_out, 100, MPI_CHAR, next, 1, ring_in, 100, MPI_CHAR,
		     prev, 1, comm, MPI_STATUS_IGNORE);
	line("sendrecv", 100, t0, now_ns());
	if (rank == 0) {
		t0 = now_ns();
		MPI_Send(p2p, 512, MPI_CHAR, 1, 2, comm);
		line("send", 512, t0, now_ns());
	} else if (rank == 1) {
		/* room for more than arrives: the record has what arrived */
		static char room[2048];

		t0 = now_ns();
		MPI_Recv(room, 2048, MPI_CHAR, 0, 2, comm, MPI_STATUS_IGNORE);
		line("recv", 512, t0, now_ns());
	}
	MPI_Iallreduce(small, sum, 1, MPI_DOUBLE, MPI_SUM, comm, &req[0]);
	t0 = now_ns();
	MPI_Wait(&req[0], MPI_STATUS_IGNORE);
	line("iallreduce", 8, t0, now_ns());
	MPI_Irecv(ring_in, 100, MPI_CHAR, prev, 3, comm, &req[0]);
	MPI_Isend(ring_out, 100, MPI_CHAR, next, 3, comm, &req[1]);
	t0 = now_ns();
	MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
	t1 = now_ns();
	line("irecv", 100, t0, t1);
	line("isend", 100, t0, t1);
	/* a second communicator: its collectives are numbered apart */
	t0 = now_ns();
	MPI_Barrier(dup);
	line("barrier-dup", 0, t0, now_ns());
}

int main(int argc, char **argv)
{
	char path[4096];
	MPI_Comm dup;
	int rank, size, n, i, provided;

	if (argc == 4 && !strcmp(argv[3], "multiple")) {
		MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
		MPI_Comm_rank(MPI_COMM_WORLD, &rank);
		if (rank == 0)
			printf("provided %s\n", provided == MPI_THREAD_MULTIPLE
						    ? "multiple"
						    : "less");
		fflush(stdout);
		argc = 3;
	} else {
		MPI_Init(&argc, &argv);
	}
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc != 3 || (n = atoi(argv[2])) < 1 || size < 2 || size > 64) {
		if (rank == 0)
			fprintf(stderr, "usage: pmpi_check PREFIX N (2 to 64 "
					"ranks)\n");
		MPI_Finalize();
		return 2;
	}
	snprintf(path, sizeof(path), "%s.rank-%d", argv[1], rank);
	if (!(out = fopen(path, "w"))) {
		perror(path);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	MPI_Comm_dup(MPI_COMM_WORLD, &dup);
	for (i = 0; i < n; i++)
		round_of(MPI_COMM_WORLD, dup, rank, size);
	MPI_Comm_free(&dup);
	if (fclose(out) != 0) {
		perror(path);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	MPI_Finalize();
	return 0;
}
