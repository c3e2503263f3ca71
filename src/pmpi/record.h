/* record.h - one rank's record in the profiling library: its timed MPI
 * calls in a buffer allocated once, the requests of non-blocking calls
 * until their wait, and the two files written at the end (DESIGN 4, "the
 * profiling library's record"). Nothing here calls MPI: pmpi.c does, and
 * the unit tests link this alone. */
#ifndef PR_PMPI_RECORD_H
#define PR_PMPI_RECORD_H

#include <stddef.h>
#include <stdint.h>

/* The operations timed, in the order of the record's "op" names; the
 * non-blocking ones are timed in their wait (MPI_Wait, MPI_Waitall). */
typedef enum {
	PR_PMPI_ALLREDUCE,
	PR_PMPI_GATHERV,
	PR_PMPI_BCAST,
	PR_PMPI_REDUCE,
	PR_PMPI_SENDRECV,
	PR_PMPI_SEND,
	PR_PMPI_RECV,
	PR_PMPI_BARRIER,
	PR_PMPI_IALLREDUCE,
	PR_PMPI_IGATHERV,
	PR_PMPI_IBCAST,
	PR_PMPI_IREDUCE,
	PR_PMPI_ISEND,
	PR_PMPI_IRECV,
	PR_PMPI_IBARRIER,
	PR_PMPI_NOPS
} pr_pmpi_op;

/* Communicators numbered past this share the last id, and their calls
 * carry call -1 (no position to align across ranks). */
#define PR_PMPI_MAX_COMMS 64
#define PR_PMPI_DEFAULT_MAX_CALLS 100000
#define PR_PMPI_PENDING_BITS 12
/* requests awaiting their wait */
#define PR_PMPI_PENDING (1 << PR_PMPI_PENDING_BITS)

/* "allreduce", ..., "ibarrier"; NULL out of range. */
const char *pr_pmpi_op_name(int op);

/* Whether op is a collective (its calls are numbered per communicator). */
int pr_pmpi_op_collective(int op);

/*
 * The operations a comma-separated list names into *mask (bit op); NULL,
 * "" or "all": every one. -1 with the first unknown name in bad (NUL
 * terminated, cut to badlen) on an unknown name or an empty item.
 */
int pr_pmpi_ops_parse(unsigned *mask, const char *list, char *bad,
		      size_t badlen);

/* One timed call: times are the rank's CLOCK_MONOTONIC in ns; call is the
 * collective's position on its communicator (-1 for point-to-point). */
typedef struct {
	int32_t op, comm, comm_size, reserved;
	int64_t call, bytes, t_start_ns, t_end_ns;
} pr_pmpi_call;

/* A posted non-blocking call, keyed by its request. */
typedef struct {
	uintptr_t key; /* 0: free */
	int32_t op, comm, comm_size, reserved;
	int64_t call, bytes;
} pr_pmpi_pending;

typedef struct {
	unsigned ops; /* the operations timed */
	pr_pmpi_call *calls;
	size_t n, cap;
	uint64_t dropped;	  /* calls past cap, not recorded */
	pr_pmpi_pending *pending; /* PR_PMPI_PENDING slots */
	pr_pmpi_call *taken;	  /* Waitall's scratch, PR_PMPI_PENDING */
	uint64_t lost;		  /* posts the full table could not hold */
	int64_t ncalls[PR_PMPI_MAX_COMMS];
	int ncomms;
	char **files; /* mapped executable at the end (pr_pmpi_maps_parse) */
	size_t nfiles;
} pr_pmpi_record;

/* Room for cap calls and the request table, every page touched so that
 * recording never allocates or faults; -1 when memory runs out. */
int pr_pmpi_record_init(pr_pmpi_record *r, size_t cap, unsigned ops);
void pr_pmpi_record_free(pr_pmpi_record *r);

/* A new communicator's id (the last one for every one past the limit). */
int pr_pmpi_comm_new(pr_pmpi_record *r);

/* The next collective position on communicator comm (-1 past the limit). */
int64_t pr_pmpi_comm_next(pr_pmpi_record *r, int comm);

/* Record one call (counted in dropped when the buffer is full). */
void pr_pmpi_add(pr_pmpi_record *r, const pr_pmpi_call *c);

/* Remember a posted call under key (a request); one already under key is
 * replaced (its request was completed where no wait saw it). */
void pr_pmpi_post(pr_pmpi_record *r, uintptr_t key, const pr_pmpi_call *c);

/* Take the call posted under key into *out: 1 found, 0 not. */
int pr_pmpi_take(pr_pmpi_record *r, uintptr_t key, pr_pmpi_call *out);

/*
 * The files a process maps executable, from the text of its
 * /proc/PID/maps: each path once, in the order first mapped (the program,
 * then its libraries and the plugins opened so far); anonymous and
 * special mappings ([vdso], ...) left out. Into *out (an array of n
 * strings, the caller frees each and it); -1 when memory runs out.
 */
int pr_pmpi_maps_parse(char ***out, size_t *n, const char *text);

/* What the end of a rank knows of its clock against rank 0's (DESIGN 7). */
typedef struct {
	int rank, nranks, shared;
	int64_t offset_ns, min_rtt_ns;
	char host[256], boot_id[64];
} pr_pmpi_clock;

/*
 * Write dir/rank-R.csv (the calls, times moved to rank 0's clock:
 * t - offset) and then dir/rank-R.json (the clock, counts, the operations
 * and the mapped files), each through a temporary file, fsync and rename.
 * -1 with a message in why when a file cannot be written.
 */
int pr_pmpi_write(const pr_pmpi_record *r, const pr_pmpi_clock *clk,
		  const char *dir, char *why, size_t whylen);

/* Write dir/rank-R.json holding only {"rank": R, "error": msg}: a rank
 * that could not record says why. -1 with why filled on failure. */
int pr_pmpi_write_error(int rank, const char *msg, const char *dir, char *why,
			size_t whylen);

#endif
