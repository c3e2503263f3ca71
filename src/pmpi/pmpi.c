/* pmpi.c - libprereg-pmpi.so: the MPI standard's profiling interface
 * (PMPI) times the calls of an unmodified program, preloaded
 * (LD_PRELOAD) or linked before libmpi (DESIGN 4, "the profiling
 * library's record"). Only the MPI_ functions below are exported; the
 * rest is hidden. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pmpi/record.h"

#define ROUNDS 20 /* ping-pongs per rank for its clock offset */

static pr_pmpi_record rec;
static int active; /* recording: set up, not yet finalized */
static int keyval = MPI_KEYVAL_INVALID;
static MPI_Comm clock_comm = MPI_COMM_NULL;
static int world_rank, world_size;
static char outdir[4096];

static int64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int timed(int op)
{
	return active && (rec.ops & (1u << op));
}

/* comm's id in this rank's record, numbered on first use (stored in an
 * attribute; a duplicate starts without one and gets its own id). */
static int comm_id(MPI_Comm comm)
{
	void *v = NULL;
	int flag = 0, id;

	if (PMPI_Comm_get_attr(comm, keyval, &v, &flag) == MPI_SUCCESS && flag)
		return (int)((intptr_t)v - 1);
	id = pr_pmpi_comm_new(&rec);
	PMPI_Comm_set_attr(comm, keyval, (void *)(intptr_t)(id + 1));
	return id;
}

static int64_t bytes_of(int count, MPI_Datatype dt)
{
	int size = 0;

	if (count <= 0 || PMPI_Type_size(dt, &size) != MPI_SUCCESS)
		return 0;
	return (int64_t)count * size;
}

/* The call's facts before it is timed (comm numbered, collective
 * position taken): nothing here runs inside the timed interval. */
static void begin(pr_pmpi_call *c, int op, MPI_Comm comm, int64_t bytes)
{
	memset(c, 0, sizeof(*c));
	c->op = op;
	c->comm = comm_id(comm);
	PMPI_Comm_size(comm, &c->comm_size);
	c->call =
	    pr_pmpi_op_collective(op) ? pr_pmpi_comm_next(&rec, c->comm) : -1;
	c->bytes = bytes;
}

static void end(pr_pmpi_call *c, int64_t t0)
{
	c->t_start_ns = t0;
	c->t_end_ns = now_ns();
	pr_pmpi_add(&rec, c);
}

/* A rank that cannot record says why, on stderr and in its rank-R.json. */
static void refuse(const char *msg)
{
	char why[512];

	fprintf(stderr, "prereg-pmpi: rank %d: %s\n", world_rank, msg);
	if (outdir[0] &&
	    pr_pmpi_write_error(world_rank, msg, outdir, why, sizeof(why)) < 0)
		fprintf(stderr, "prereg-pmpi: rank %d: %s\n", world_rank, why);
}

/* This rank's record set up; multiple: MPI_THREAD_MULTIPLE was provided,
 * under which threads would race on the record. 0 when it cannot record
 * (why said by refuse, or PREREG_PMPI_OUT unset: *unset). Nothing
 * collective here: every rank takes part in setup's agreement. */
static int prepare(int multiple, int *unset)
{
	const char *dir = getenv("PREREG_PMPI_OUT");
	const char *ops = getenv("PREREG_PMPI_OPS");
	const char *max = getenv("PREREG_PMPI_MAX_CALLS");
	char bad[64], msg[512], *end_p = NULL;
	unsigned long long cap = PR_PMPI_DEFAULT_MAX_CALLS;
	unsigned mask;

	*unset = !dir || !*dir;
	if (*unset)
		return 0;
	if (snprintf(outdir, sizeof(outdir), "%s", dir) >=
	    (int)sizeof(outdir)) {
		outdir[0] = 0;
		refuse("PREREG_PMPI_OUT is too long: no call is recorded");
		return 0;
	}
	if (multiple) {
		refuse("MPI_THREAD_MULTIPLE: calls from several threads at "
		       "once are not recorded: no call is recorded");
		return 0;
	}
	if (pr_pmpi_ops_parse(&mask, ops, bad, sizeof(bad)) < 0) {
		snprintf(msg, sizeof(msg),
			 "PREREG_PMPI_OPS names no operation '%s': no call is "
			 "recorded",
			 bad);
		refuse(msg);
		return 0;
	}
	if (max && *max &&
	    ((cap = strtoull(max, &end_p, 10)) == 0 || *end_p ||
	     cap > 100000000ull)) {
		snprintf(msg, sizeof(msg),
			 "PREREG_PMPI_MAX_CALLS '%s' is not a count from 1 to "
			 "100000000: no call is recorded",
			 max);
		refuse(msg);
		return 0;
	}
	if (pr_pmpi_record_init(&rec, (size_t)cap, mask) < 0) {
		snprintf(msg, sizeof(msg),
			 "no memory for %llu calls: no call is recorded", cap);
		refuse(msg);
		return 0;
	}
	return 1;
}

/*
 * Set the record up on every rank or on none. The recording ranks meet in
 * collectives (the clock's communicator, the clock offsets at the end),
 * so a rank that cannot record (its PREREG_PMPI_OUT unset: an MPMD launch
 * whose environment reached one program only; or refused) must stop the
 * others from recording, or they would wait for it forever. One
 * Allreduce, of every rank that loaded the library, decides (a program
 * of the launch without the library would meet it with its own first
 * collective: the library goes into every program or none).
 */
static void setup(int multiple)
{
	int unset, mine[2], all[2];
	char msg[512];

	PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
	PMPI_Comm_size(MPI_COMM_WORLD, &world_size);
	mine[0] = prepare(multiple, &unset);
	mine[1] = !unset;
	if (PMPI_Allreduce(mine, all, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD) !=
	    MPI_SUCCESS)
		all[0] = -1;
	if (all[0] != world_size) {
		if (mine[0]) {
			pr_pmpi_record_free(&rec);
			snprintf(msg, sizeof(msg),
				 "%d of %d ranks can record (%d have "
				 "PREREG_PMPI_OUT): no call is recorded on "
				 "any rank",
				 all[0] < 0 ? 0 : all[0], world_size, all[1]);
			refuse(msg);
		} else if (unset && all[1] == 0 && world_rank == 0) {
			fprintf(stderr, "prereg-pmpi: PREREG_PMPI_OUT is not "
					"set: no call is recorded\n");
		} else if (unset && all[1] > 0) {
			snprintf(msg, sizeof(msg),
				 "PREREG_PMPI_OUT is not set here but on %d "
				 "of %d ranks (an MPMD launch gives each "
				 "program its own environment): no call is "
				 "recorded on any rank",
				 all[1], world_size);
			refuse(msg);
		}
		return;
	}
	PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN,
				&keyval, NULL);
	comm_id(MPI_COMM_WORLD); /* id 0 */
	PMPI_Comm_dup(MPI_COMM_WORLD, &clock_comm);
	active = 1;
}

int MPI_Init(int *argc, char ***argv)
{
	int rc = PMPI_Init(argc, argv);

	if (rc == MPI_SUCCESS)
		setup(0);
	return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
	int rc = PMPI_Init_thread(argc, argv, required, provided);

	if (rc == MPI_SUCCESS)
		setup(*provided == MPI_THREAD_MULTIPLE);
	return rc;
}

/* The kernel's boot id: ranks on one kernel share CLOCK_MONOTONIC. */
static void boot_id(char *out, size_t len)
{
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "re");

	out[0] = 0;
	if (f) {
		if (fgets(out, (int)len, f))
			out[strcspn(out, "\n")] = 0;
		fclose(f);
	}
}

/* The files this process maps executable, into rec (none when
 * /proc/self/maps cannot be read: the record's list is then empty). */
static void mapped_files(void)
{
	static char text[1 << 20];
	FILE *f = fopen("/proc/self/maps", "re");
	size_t len = 0;

	if (!f)
		return;
	len = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[len] = 0;
	if (len == sizeof(text) - 1 && strrchr(text, '\n'))
		strrchr(text, '\n')[1] = 0; /* a cut last line: left out */
	if (pr_pmpi_maps_parse(&rec.files, &rec.nfiles, text) < 0)
		fprintf(stderr,
			"prereg-pmpi: rank %d: no memory to list the "
			"mapped files\n",
			world_rank);
}

/* Rank 0's side of the ping-pongs with rank r: r's clock minus 0's at the
 * exchange of smallest round trip (as prereg-rank's, DESIGN 7). */
static void clock_leader(int64_t *offset, int64_t *rtt, int r)
{
	int64_t t_send, t_recv, t_r, best = INT64_MAX;
	int i;

	*offset = 0;
	for (i = 0; i < ROUNDS; i++) {
		t_send = now_ns();
		PMPI_Send(&t_send, 1, MPI_INT64_T, r, 0, clock_comm);
		PMPI_Recv(&t_r, 1, MPI_INT64_T, r, 0, clock_comm,
			  MPI_STATUS_IGNORE);
		t_recv = now_ns();
		if (t_recv - t_send < best) {
			best = t_recv - t_send;
			*offset = t_r - (t_send + best / 2);
		}
	}
	*rtt = best;
}

static void clock_of(pr_pmpi_clock *clk)
{
	char leader[96], ns[48], mine[sizeof(leader)];
	int64_t t, got[2];
	ssize_t n;
	int r, i;

	boot_id(clk->boot_id, sizeof(clk->boot_id));
	/* one kernel and one time namespace (unshare --time gives a
	 * process CLOCK_MONOTONIC of its own): one clock */
	n = readlink("/proc/self/ns/time", ns, sizeof(ns) - 1);
	ns[n > 0 ? n : 0] = 0;
	snprintf(mine, sizeof(mine), "%.40s %.40s", clk->boot_id, ns);
	memcpy(leader, mine, sizeof(leader));
	PMPI_Bcast(leader, (int)sizeof(leader), MPI_CHAR, 0, clock_comm);
	clk->shared = clk->boot_id[0] && !strcmp(leader, mine);
	if (world_rank == 0) {
		for (r = 1; r < world_size; r++) {
			clock_leader(&got[0], &got[1], r);
			PMPI_Send(got, 2, MPI_INT64_T, r, 1, clock_comm);
		}
		return;
	}
	for (i = 0; i < ROUNDS; i++) {
		PMPI_Recv(&t, 1, MPI_INT64_T, 0, 0, clock_comm,
			  MPI_STATUS_IGNORE);
		t = now_ns();
		PMPI_Send(&t, 1, MPI_INT64_T, 0, 0, clock_comm);
	}
	PMPI_Recv(got, 2, MPI_INT64_T, 0, 1, clock_comm, MPI_STATUS_IGNORE);
	clk->offset_ns = clk->shared ? 0 : got[0];
	clk->min_rtt_ns = got[1];
}

int MPI_Finalize(void)
{
	pr_pmpi_clock clk;
	char why[512];

	if (active) {
		active = 0; /* nothing from here on is the program's */
		memset(&clk, 0, sizeof(clk));
		clk.rank = world_rank;
		clk.nranks = world_size;
		if (gethostname(clk.host, sizeof(clk.host) - 1) < 0)
			snprintf(clk.host, sizeof(clk.host), "unknown");
		clock_of(&clk);
		mapped_files();
		if (pr_pmpi_write(&rec, &clk, outdir, why, sizeof(why)) < 0)
			fprintf(stderr, "prereg-pmpi: rank %d: %s\n",
				world_rank, why);
		PMPI_Comm_free(&clock_comm);
		PMPI_Comm_free_keyval(&keyval);
		pr_pmpi_record_free(&rec);
	}
	return PMPI_Finalize();
}

/* The blocking operations: their facts, then the call between two clock
 * readings. */
#define TIMED(op_, comm_, bytes_, call_)                                       \
	do {                                                                   \
		pr_pmpi_call c_;                                               \
		int64_t t0_;                                                   \
		int rc_;                                                       \
		if (!timed(op_))                                               \
			return call_;                                          \
		begin(&c_, op_, comm_, bytes_);                                \
		t0_ = now_ns();                                                \
		rc_ = call_;                                                   \
		end(&c_, t0_);                                                 \
		return rc_;                                                    \
	} while (0)

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count,
		  MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
	TIMED(PR_PMPI_ALLREDUCE, comm, bytes_of(count, dt),
	      PMPI_Allreduce(sendbuf, recvbuf, count, dt, op, comm));
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype dt,
	       MPI_Op op, int root, MPI_Comm comm)
{
	TIMED(PR_PMPI_REDUCE, comm, bytes_of(count, dt),
	      PMPI_Reduce(sendbuf, recvbuf, count, dt, op, root, comm));
}

int MPI_Bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
	TIMED(PR_PMPI_BCAST, comm, bytes_of(count, dt),
	      PMPI_Bcast(buf, count, dt, root, comm));
}

int MPI_Barrier(MPI_Comm comm)
{
	TIMED(PR_PMPI_BARRIER, comm, 0, PMPI_Barrier(comm));
}

/* A Gatherv's bytes: this rank's contribution (the root's own block when
 * it gathers in place). */
static int64_t gatherv_bytes(const void *sendbuf, int sendcount,
			     MPI_Datatype sendtype, const int recvcounts[],
			     MPI_Datatype recvtype, MPI_Comm comm)
{
	int rank = 0;

	if (sendbuf != MPI_IN_PLACE)
		return bytes_of(sendcount, sendtype);
	PMPI_Comm_rank(comm, &rank);
	return recvcounts ? bytes_of(recvcounts[rank], recvtype) : 0;
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
		void *recvbuf, const int recvcounts[], const int displs[],
		MPI_Datatype recvtype, int root, MPI_Comm comm)
{
	TIMED(PR_PMPI_GATHERV, comm,
	      gatherv_bytes(sendbuf, sendcount, sendtype, recvcounts, recvtype,
			    comm),
	      PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
			   displs, recvtype, root, comm));
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
		 int dest, int sendtag, void *recvbuf, int recvcount,
		 MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
		 MPI_Status *status)
{
	TIMED(PR_PMPI_SENDRECV, comm, bytes_of(sendcount, sendtype),
	      PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag,
			    recvbuf, recvcount, recvtype, source, recvtag, comm,
			    status));
}

int MPI_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
	     MPI_Comm comm)
{
	TIMED(PR_PMPI_SEND, comm, bytes_of(count, dt),
	      PMPI_Send(buf, count, dt, dest, tag, comm));
}

/* A Recv records the bytes it received (its status, ours when the
 * program ignores it). */
int MPI_Recv(void *buf, int count, MPI_Datatype dt, int source, int tag,
	     MPI_Comm comm, MPI_Status *status)
{
	MPI_Status mine;
	pr_pmpi_call c;
	int64_t t0, t1;
	int rc, got = MPI_UNDEFINED;

	if (!timed(PR_PMPI_RECV))
		return PMPI_Recv(buf, count, dt, source, tag, comm, status);
	if (status == MPI_STATUS_IGNORE)
		status = &mine;
	begin(&c, PR_PMPI_RECV, comm, bytes_of(count, dt));
	t0 = now_ns();
	rc = PMPI_Recv(buf, count, dt, source, tag, comm, status);
	t1 = now_ns();
	if (rc == MPI_SUCCESS &&
	    PMPI_Get_count(status, dt, &got) == MPI_SUCCESS &&
	    got != MPI_UNDEFINED)
		c.bytes = bytes_of(got, dt);
	c.t_start_ns = t0;
	c.t_end_ns = t1;
	pr_pmpi_add(&rec, &c);
	return rc;
}

/* The non-blocking operations: their facts at the post (a collective's
 * position is its post's), timed in the wait that completes them. */
#define POSTED(op_, comm_, bytes_, req_, call_)                                \
	do {                                                                   \
		pr_pmpi_call c_;                                               \
		int rc_;                                                       \
		if (!timed(op_))                                               \
			return call_;                                          \
		begin(&c_, op_, comm_, bytes_);                                \
		rc_ = call_;                                                   \
		if (rc_ == MPI_SUCCESS)                                        \
			pr_pmpi_post(&rec, (uintptr_t) * (req_), &c_);         \
		return rc_;                                                    \
	} while (0)

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count,
		   MPI_Datatype dt, MPI_Op op, MPI_Comm comm,
		   MPI_Request *request)
{
	POSTED(PR_PMPI_IALLREDUCE, comm, bytes_of(count, dt), request,
	       PMPI_Iallreduce(sendbuf, recvbuf, count, dt, op, comm, request));
}

int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype dt,
		MPI_Op op, int root, MPI_Comm comm, MPI_Request *request)
{
	POSTED(
	    PR_PMPI_IREDUCE, comm, bytes_of(count, dt), request,
	    PMPI_Ireduce(sendbuf, recvbuf, count, dt, op, root, comm, request));
}

int MPI_Ibcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm,
	       MPI_Request *request)
{
	POSTED(PR_PMPI_IBCAST, comm, bytes_of(count, dt), request,
	       PMPI_Ibcast(buf, count, dt, root, comm, request));
}

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
	POSTED(PR_PMPI_IBARRIER, comm, 0, request,
	       PMPI_Ibarrier(comm, request));
}

int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
		 void *recvbuf, const int recvcounts[], const int displs[],
		 MPI_Datatype recvtype, int root, MPI_Comm comm,
		 MPI_Request *request)
{
	POSTED(PR_PMPI_IGATHERV, comm,
	       gatherv_bytes(sendbuf, sendcount, sendtype, recvcounts, recvtype,
			     comm),
	       request,
	       PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
			     displs, recvtype, root, comm, request));
}

int MPI_Isend(const void *buf, int count, MPI_Datatype dt, int dest, int tag,
	      MPI_Comm comm, MPI_Request *request)
{
	POSTED(PR_PMPI_ISEND, comm, bytes_of(count, dt), request,
	       PMPI_Isend(buf, count, dt, dest, tag, comm, request));
}

int MPI_Irecv(void *buf, int count, MPI_Datatype dt, int source, int tag,
	      MPI_Comm comm, MPI_Request *request)
{
	POSTED(PR_PMPI_IRECV, comm, bytes_of(count, dt), request,
	       PMPI_Irecv(buf, count, dt, source, tag, comm, request));
}

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
	pr_pmpi_call c;
	int64_t t0;
	int rc;

	if (!active || !pr_pmpi_take(&rec, (uintptr_t)*request, &c))
		return PMPI_Wait(request, status);
	t0 = now_ns();
	rc = PMPI_Wait(request, status);
	end(&c, t0);
	return rc;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
	int64_t t0, t1;
	int i, k = 0, rc;

	if (!active)
		return PMPI_Waitall(count, requests, statuses);
	for (i = 0; i < count && k < PR_PMPI_PENDING; i++)
		k += pr_pmpi_take(&rec, (uintptr_t)requests[i], &rec.taken[k]);
	t0 = now_ns();
	rc = PMPI_Waitall(count, requests, statuses);
	t1 = now_ns();
	for (i = 0; i < k; i++) {
		rec.taken[i].t_start_ns = t0;
		rec.taken[i].t_end_ns = t1;
		pr_pmpi_add(&rec, &rec.taken[i]);
	}
	return rc;
}
