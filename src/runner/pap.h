/* pap.h - prereg's own PAP-aware Allreduce: a sorted linear chain whose
 * order every rank learns from the previous calls' waits (DESIGN 6.5) */
#ifndef PR_PAP_H
#define PR_PAP_H

#include <mpi.h>
#include <stdint.h>

/*
 * A sum of floats over comm in three steps, each by blocking MPI_Send and
 * MPI_Recv with tags of its own (PR_PAP_TAG_*):
 *   1. chain: the ranks in the call's order o (o[0] expected first, o[p -
 *      1] expected last): o[0] sends its vector to o[1]; o[j], 0 < j <
 *      p - 1, receives the partial sum, adds its own and sends it on;
 *      o[p - 1] receives and adds: the whole sum. Beside each partial
 *      sum the chain carries, as a second message, the vector of p
 *      doubles of the ranks' waits of their previous call, each rank
 *      setting its own slot.
 *   2. broadcast: the sum, then the waits, from o[p - 1] down a binomial
 *      tree over the positions counted back from it (ceil(log2 p) rounds).
 *   3. learning: every rank measures its own wait of this call, its exit
 *      time minus its entry time on its own clock (an early rank waits
 *      longest), to send in its next call of the same count; the order
 *      of the next call of this count is the ranks sorted by the waits
 *      just received, longest first, ties by rank. Every rank holds the
 *      same waits and sorts them alike, so all hold the same order.
 * The order of a call thus reflects the arrivals of the call two before
 * it of the same count (the first two are in rank order). Each count has
 * its own order. The sum is added in chain order: exact for
 * integer-valued floats whose sums stay below 2^24.
 */
#define PR_PAP_TAG_CHAIN 0x5a01
#define PR_PAP_TAG_CHAIN_WAITS 0x5a02
#define PR_PAP_TAG_BCAST 0x5a03
#define PR_PAP_TAG_BCAST_WAITS 0x5a04

typedef struct pr_pap pr_pap;

/* State for calls over comm (its size and this rank's place); *out is the
 * caller's to pr_pap_free. PR_EFAIL when MPI says no. */
int pr_pap_init(pr_pap **out, MPI_Comm comm);
void pr_pap_free(pr_pap *state);

/*
 * recv = the sum over comm's ranks of send (count floats each; send and
 * recv do not overlap), by the steps above. Collective over comm, the
 * communicator of pr_pap_init, called by every rank with the same count.
 * Returns PR_OK, or PR_EFAIL when an MPI call fails or count < 1.
 */
int pr_pap_allreduce(pr_pap *state, const float *send, float *recv, int count,
		     MPI_Comm comm);

/* The order the next call of count will use: out[j] is the rank at
 * position j (p of them). For tests and reports. */
void pr_pap_order(const pr_pap *state, int count, int *out);

/* Make the order and the scratch buffer of count ahead of the first call,
 * so that no call of a prepared count allocates (the calls are timed). */
void pr_pap_prepare(pr_pap *state, int count);

#endif
