/* hockney.h - Hockney cost models of point-to-point and collectives
 * (DESIGN 5); pure functions, times in seconds, sizes in bytes */
#ifndef PR_HOCKNEY_H
#define PR_HOCKNEY_H

#include <stddef.h>

/*
 * T(m) = alpha + beta * m for one protocol regime, with what the fit that
 * made it saw: the sizes (min, max, how many) and whether a negative
 * intercept was clamped to 0. Zeroed fit facts (a hand-made curve) mean
 * "not recorded"; missing marks a regime with no fit (too few sizes).
 */
typedef struct {
	double alpha;  /* s */
	double beta;   /* s/byte */
	double lo, hi; /* smallest and largest size fitted on, bytes */
	int npoints;   /* distinct sizes fitted on */
	int clamped;   /* the unconstrained intercept was negative */
	int flat;      /* the slope was negative: beta 0, alpha the mean */
	int missing;   /* no fit: fewer than two sizes in the regime */
} pr_hockney;

/*
 * The three protocol regimes, split at two edges: regime 0 holds m <
 * edge[0], regime 1 edge[0] <= m < edge[1], regime 2 m >= edge[1]. An
 * edge is an eager limit: ob1 sends m bytes eagerly only when m plus its
 * header fits the btl's eager limit, so a message of exactly the limit
 * is already a rendezvous. The default edges are Open MPI's default
 * eager limits, 4 KiB (vader) and 64 KiB (tcp); a calibration replaces
 * its transport's one with the limit in force in its launches.
 */
#define PR_HOCKNEY_NREGIMES 3
#define PR_HOCKNEY_EAGER_MAX 4096
#define PR_HOCKNEY_MID_MAX 65536

/* The regime (0, 1, 2) of an m-byte message under the default edges. */
int pr_hockney_regime_of(double m);

/* A cost that is linear in m per regime. */
typedef struct {
	pr_hockney regime[PR_HOCKNEY_NREGIMES];
	double edge[PR_HOCKNEY_NREGIMES - 1]; /* 0, 0: the default edges */
} pr_hockney_curve;

/* The regime (0, 1, 2) of an m-byte message under c's edges. */
int pr_hockney_regime_in(const pr_hockney_curve *c, double m);

/*
 * The regime that prices m bytes: its own, or, when that one is missing,
 * the nearest present one (lower first on a tie). NULL when all are
 * missing.
 */
const pr_hockney *pr_hockney_pick(const pr_hockney_curve *c, double m);

/* alpha + beta * m of the regime pr_hockney_pick chooses (0 if none). */
double pr_hockney_eval(const pr_hockney_curve *c, double m);

/*
 * Is m outside the sizes measured for the regime that prices it (or is
 * that regime missing, so that a neighbour prices it)? 0 for a curve
 * without recorded fit facts.
 */
int pr_hockney_extrapolated(const pr_hockney_curve *c, double m);

/*
 * The measured costs an Allreduce model composes: P(m) one-way
 * point-to-point (ping-pong / 2), X(m) one ring exchange step
 * (MPI_Sendrecv to r+1 and from r-1 on every rank at once), R(m) the
 * local reduction of m bytes (c_r + gamma * m, alpha and beta of R).
 */
typedef struct {
	pr_hockney_curve p2p;	   /* P */
	pr_hockney_curve exchange; /* X */
	pr_hockney_curve reduce;   /* R */
	/* C: the local copy of m bytes (memcpy), when the calibration timed
	 * one (has_copy), else none */
	pr_hockney_curve copy;
	int has_copy;
} pr_hockney_params;

/* One-way time of an m-byte message: P(m). */
double pr_hockney_p2p(const pr_hockney_params *p, double m);

/* The MPI_Allreduce algorithms with a formula (Open MPI coll tuned). */
typedef enum {
	PR_ALLREDUCE_RING,		 /* algorithm 4 */
	PR_ALLREDUCE_RECURSIVE_DOUBLING, /* algorithm 3 */
	PR_ALLREDUCE_RABENSEIFNER,	 /* algorithm 6 */
	PR_ALLREDUCE_REDUCE_BCAST,	 /* algorithm 1, basic linear */
	PR_ALLREDUCE_NFORMULAS
} pr_allreduce_formula;

/*
 * The formula of an [mpi] algorithm name (ring, recursive_doubling,
 * rabenseifner, reduce_bcast); -1 for default (Open MPI's own choice has
 * no formula) and unknown names.
 */
int pr_hockney_formula_of(const char *algorithm);

/* The formula's name as cells carry it ("ring", "reduce+bcast", ...). */
const char *pr_hockney_formula_name(pr_allreduce_formula f);

/* Does the formula need p to be a power of two? */
int pr_hockney_formula_pow2(pr_allreduce_formula f);

/* The primitives a formula is built of: P, X and R above. */
typedef enum {
	PR_PRIM_P2P,
	PR_PRIM_EXCHANGE,
	PR_PRIM_REDUCE
} pr_primitive_kind;

/* The time of primitive k at m bytes into *out; < 0 (an error code) when
 * it has none. */
typedef int (*pr_primitive_price)(double *out, void *ctx, pr_primitive_kind k,
				  double m);

/*
 * The formula of pr_hockney_allreduce with each primitive priced by
 * price(ctx, k, m) instead of a curve (the primitives a run timed, say);
 * PR_EINPUT as pr_hockney_allreduce, or the first error of price.
 */
int pr_hockney_allreduce_priced(double *out, pr_allreduce_formula f, int p,
				double n, pr_primitive_price price, void *ctx);

/*
 * MPI_Allreduce of n bytes over p ranks, each term from its regime at m:
 *   ring:               (p-1) [X(n/p) + R(n/p)] + (p-1) X(n/p)
 *   recursive doubling: lg p [X(n) + R(n)]
 *   Rabenseifner:       sum_{k=1..lg p} [X(n/2^k) + R(n/2^k)]
 *                       + sum_{k=1..lg p} X(n/2^k)
 *   reduce+bcast:       (p-1) [P(n) + R(n)] + (p-1) P(n)
 * p == 1 costs 0. PR_EINPUT with a message when the formula needs p to be
 * a power of two and it is not, or p < 1.
 */
int pr_hockney_allreduce(double *out, const pr_hockney_params *hp,
			 pr_allreduce_formula f, int p, double n);

/*
 * The message sizes the formula prices (each of its terms' m), at most
 * max of them; returns how many (0 when p < 2 or p is refused).
 */
int pr_hockney_allreduce_sizes(double *m, int max, pr_allreduce_formula f,
			       int p, double n);

/*
 * The null model of an Allreduce (DESIGN 7, "Skill"): its formula's
 * transfers alone, no reduction, each priced by link(ctx, m), the
 * calibration's raw time of the primitive at m (X for ring, recursive
 * doubling and Rabenseifner, P for reduce+bcast):
 *   ring 2(p-1) link(n/p); recursive doubling lg p link(n);
 *   Rabenseifner 2 sum_{k=1..lg p} link(n/2^k); reduce+bcast 2(p-1)
 *   link(n).
 * PR_EINPUT as pr_hockney_allreduce, or the first error of link.
 */
int pr_hockney_allreduce_null(double *out, pr_allreduce_formula f, int p,
			      double n, int (*link)(double *, void *, double),
			      void *ctx);

/*
 * The null model of transfers (DESIGN 7, "Skill"): `bytes` over the
 * curve's calibrated bandwidth, no latency: bytes x beta of its highest
 * regime with a fit and a positive slope. 0 (no null) when none has.
 */
double pr_hockney_bandwidth_null(const pr_hockney_curve *c, double bytes);

/*
 * The local copies of the whole n-byte message an algorithm of Open MPI's
 * coll/base makes, on the rank that makes the most (the one the Allreduce
 * waits for), over p >= 2 ranks:
 *   ring (ompi_coll_base_allreduce_intra_ring): sbuf into rbuf, unless
 *     in place: 1, 0;
 *   recursive doubling (..._intra_recursivedoubling): sbuf (or rbuf in
 *     place) into a temporary buffer, and back into rbuf on the ranks
 *     whose result ends there: 2 either way;
 *   Rabenseifner (..._intra_redscat_allgather): sbuf into rbuf unless in
 *     place: 1, 0;
 *   reduce+bcast (..._intra_basic_linear): root 0 receives rank p-1's
 *     data into rbuf and reduces its own sbuf into it: 0.
 */
int pr_hockney_allreduce_copies(pr_allreduce_formula f, int in_place);

/* Linear Gatherv: sum over i != root of P(m_i). */
double pr_hockney_linear_gatherv(const pr_hockney_params *hp, int p,
				 const double *m, int root);

/*
 * Fit one regime on (size, seconds) points whose size lies in [lo, hi]:
 * least squares on relative residuals (weights 1/t^2, so an 8 MiB
 * message does not drown a 128 KiB one), alpha >= 0 (a negative
 * intercept is refitted through the origin and out->clamped set), beta
 * >= 0 (a negative slope, which noise gives a regime of nearly flat
 * times, becomes beta 0 and alpha the weighted mean time, out->flat set:
 * extrapolated, a negative slope would price a larger message below 0).
 * Records
 * the sizes fitted on. PR_EINPUT when fewer than two distinct sizes (out
 * then has missing set and the sizes it saw).
 */
int pr_hockney_fit(pr_hockney *out, const double *size, const double *t,
		   size_t n, double lo, double hi);

/* Fit every regime of a curve at the default edges; regimes with too
 * few sizes are missing. PR_EINPUT when all are missing. */
int pr_hockney_fit_curve(pr_hockney_curve *out, const double *size,
			 const double *t, size_t n);

/* The same at edge[0], edge[1] (NULL: the default edges), which the
 * curve keeps. */
int pr_hockney_fit_curve_at(pr_hockney_curve *out, const double *edge,
			    const double *size, const double *t, size_t n);

#endif
