/* pap.c - the PAP-aware Allreduce: a sorted linear chain, self-learning */
#include "runner/pap.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* What one message count has learnt: its order and this rank's wait in
 * its last call. */
typedef struct {
	int count;
	int *order; /* position -> rank */
	double wait_ns;
} pap_entry;

struct pr_pap {
	int rank, size;
	pap_entry *entry;
	int nentry;
	float *scratch; /* a received partial sum */
	int scratch_n;
	double *waits, *in_waits; /* p each */
};

int pr_pap_init(pr_pap **out, MPI_Comm comm)
{
	pr_pap *s = pr_calloc(1, sizeof(*s));

	*out = NULL;
	if (MPI_Comm_rank(comm, &s->rank) != MPI_SUCCESS ||
	    MPI_Comm_size(comm, &s->size) != MPI_SUCCESS) {
		free(s);
		return PR_EFAIL;
	}
	s->waits = pr_calloc((size_t)s->size, sizeof(double));
	s->in_waits = pr_calloc((size_t)s->size, sizeof(double));
	*out = s;
	return PR_OK;
}

void pr_pap_free(pr_pap *s)
{
	int i;

	if (!s)
		return;
	for (i = 0; i < s->nentry; i++)
		free(s->entry[i].order);
	free(s->entry);
	free(s->scratch);
	free(s->waits);
	free(s->in_waits);
	free(s);
}

/* The entry of count, made in rank order on its first call. */
static pap_entry *entry_of(pr_pap *s, int count)
{
	pap_entry *e;
	int i;

	for (i = 0; i < s->nentry; i++)
		if (s->entry[i].count == count)
			return &s->entry[i];
	s->entry = pr_realloc(s->entry, (size_t)(s->nentry + 1) * sizeof(*e));
	e = &s->entry[s->nentry++];
	e->count = count;
	e->wait_ns = 0;
	e->order = pr_calloc((size_t)s->size, sizeof(int));
	for (i = 0; i < s->size; i++)
		e->order[i] = i;
	return e;
}

void pr_pap_order(const pr_pap *s, int count, int *out)
{
	int i, j;

	for (i = 0; i < s->size; i++)
		out[i] = i;
	for (j = 0; j < s->nentry; j++)
		if (s->entry[j].count == count)
			memcpy(out, s->entry[j].order,
			       (size_t)s->size * sizeof(int));
}

/* 1. The chain: the whole sum ends at position p - 1, with the waits. */
static int chain(pr_pap *s, const pap_entry *e, int pos, const float *send,
		 float *recv, int count, MPI_Comm comm)
{
	int p = s->size, i, rc = MPI_SUCCESS;
	const float *out = send;

	if (pos > 0) {
		rc = MPI_Recv(s->scratch, count, MPI_FLOAT, e->order[pos - 1],
			      PR_PAP_TAG_CHAIN, comm, MPI_STATUS_IGNORE);
		if (rc == MPI_SUCCESS)
			rc = MPI_Recv(s->waits, p, MPI_DOUBLE,
				      e->order[pos - 1], PR_PAP_TAG_CHAIN_WAITS,
				      comm, MPI_STATUS_IGNORE);
		if (rc != MPI_SUCCESS)
			return rc;
		for (i = 0; i < count; i++)
			recv[i] = s->scratch[i] + send[i];
		out = recv;
	} else {
		memset(s->waits, 0, (size_t)p * sizeof(double));
	}
	s->waits[s->rank] = e->wait_ns;
	if (pos == p - 1) {
		if (pos == 0)
			memcpy(recv, send, (size_t)count * sizeof(float));
		return rc;
	}
	rc = MPI_Send(out, count, MPI_FLOAT, e->order[pos + 1],
		      PR_PAP_TAG_CHAIN, comm);
	if (rc == MPI_SUCCESS)
		rc = MPI_Send(s->waits, p, MPI_DOUBLE, e->order[pos + 1],
			      PR_PAP_TAG_CHAIN_WAITS, comm);
	return rc;
}

/* 2. The binomial broadcast from position p - 1: relative position v =
 * p - 1 - pos, v's parent v - mask (mask its lowest set bit), its
 * children v + mask for the masks below that bit. */
static int broadcast(pr_pap *s, const pap_entry *e, int pos, float *recv,
		     int count, MPI_Comm comm)
{
	int p = s->size, v = p - 1 - pos, mask = 1, rc = MPI_SUCCESS, peer;

	while (mask < p) {
		if (v & mask) {
			peer = e->order[p - 1 - (v - mask)];
			rc =
			    MPI_Recv(recv, count, MPI_FLOAT, peer,
				     PR_PAP_TAG_BCAST, comm, MPI_STATUS_IGNORE);
			if (rc == MPI_SUCCESS)
				rc = MPI_Recv(s->waits, p, MPI_DOUBLE, peer,
					      PR_PAP_TAG_BCAST_WAITS, comm,
					      MPI_STATUS_IGNORE);
			break;
		}
		mask <<= 1;
	}
	for (mask >>= 1; mask > 0 && rc == MPI_SUCCESS; mask >>= 1) {
		if (v + mask >= p)
			continue;
		peer = e->order[p - 1 - (v + mask)];
		rc = MPI_Send(recv, count, MPI_FLOAT, peer, PR_PAP_TAG_BCAST,
			      comm);
		if (rc == MPI_SUCCESS)
			rc = MPI_Send(s->waits, p, MPI_DOUBLE, peer,
				      PR_PAP_TAG_BCAST_WAITS, comm);
	}
	return rc;
}

/* Ranks by their waits, longest first, ties by rank. */
static int by_wait(const void *a, const void *b, void *arg)
{
	const double *w = arg;
	int x = *(const int *)a, y = *(const int *)b;

	if (w[x] != w[y])
		return w[x] > w[y] ? -1 : 1;
	return (x > y) - (x < y);
}

/* 3. The next call's order: longest wait first, ties by rank. */
static void learn(pr_pap *s, pap_entry *e)
{
	int i;

	for (i = 0; i < s->size; i++)
		e->order[i] = i;
	qsort_r(e->order, (size_t)s->size, sizeof(int), by_wait, s->waits);
}

void pr_pap_prepare(pr_pap *s, int count)
{
	(void)entry_of(s, count);
	if (count > s->scratch_n) {
		free(s->scratch);
		s->scratch = pr_calloc((size_t)count, sizeof(float));
		s->scratch_n = count;
	}
}

int pr_pap_allreduce(pr_pap *s, const float *send, float *recv, int count,
		     MPI_Comm comm)
{
	int64_t t_in = pr_mono_ns();
	pap_entry *e;
	int pos, rc;

	if (count < 1)
		return PR_EFAIL;
	pr_pap_prepare(s, count);
	e = entry_of(s, count);
	for (pos = 0; e->order[pos] != s->rank; pos++)
		;
	if ((rc = chain(s, e, pos, send, recv, count, comm)) != MPI_SUCCESS ||
	    (rc = broadcast(s, e, pos, recv, count, comm)) != MPI_SUCCESS)
		return PR_EFAIL;
	learn(s, e);
	e->wait_ns = (double)(pr_mono_ns() - t_in);
	return PR_OK;
}
