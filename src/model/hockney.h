/* hockney.h - Hockney cost models of point-to-point and collectives
 * (DESIGN 5); pure functions, times in seconds, sizes in bytes */
#ifndef PR_HOCKNEY_H
#define PR_HOCKNEY_H

#include <stddef.h>

/* T(m) = alpha + beta * m for one protocol regime of one transport. */
typedef struct {
	double alpha; /* s */
	double beta;  /* s/byte */
} pr_hockney;

/* Protocol regimes of a fit: eager (m <= 4 KiB), rendezvous (m > 32 KiB). */
#define PR_HOCKNEY_EAGER_MAX 4096
#define PR_HOCKNEY_RNDV_MIN 32768

typedef struct {
	pr_hockney eager;
	pr_hockney rndv;
	double gamma; /* reduction cost, s/byte */
} pr_hockney_params;

/* The regime that prices a message of m bytes: eager at or below 4 KiB,
 * rendezvous above (messages between 4 and 32 KiB use rendezvous: the
 * nearer fit is a choice the prediction file states). */
const pr_hockney *pr_hockney_regime(const pr_hockney_params *p, double m);

/* One-way time of an m-byte message. */
double pr_hockney_p2p(const pr_hockney_params *p, double m);

/*
 * Ring Allreduce of n bytes over p ranks:
 * 2(p-1) alpha + 2((p-1)/p) n beta + ((p-1)/p) n gamma, priced with the
 * regime of its n/p-byte segments. p == 1 costs 0.
 */
double pr_hockney_ring_allreduce(const pr_hockney_params *hp, int p, double n);

/* Linear Gatherv: (p-1) alpha + sum(m_i, i != root) beta. */
double pr_hockney_linear_gatherv(const pr_hockney_params *hp, int p,
				 const double *m, int root);

/*
 * Fit one regime on (size, one-way seconds) points whose size lies in
 * [lo, hi]: least squares on relative residuals (weights 1/t^2, so an 8 MiB
 * message does not drown a 128 KiB one), alpha constrained to be >= 0 (a
 * negative latency is refitted through the origin). PR_EINPUT when fewer
 * than two distinct sizes.
 */
int pr_hockney_fit(pr_hockney *out, const double *size, const double *t,
		   size_t n, double lo, double hi);

#endif
