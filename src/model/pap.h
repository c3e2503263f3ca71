/* pap.h - Hockney times of Allreduce under process arrival patterns: the
 * built-in algorithms after the last arrival and prereg's PAP-aware chain
 * (DESIGN 5); pure functions, times in seconds */
#ifndef PR_PAP_H
#define PR_PAP_H

/*
 * The times of one Allreduce call measured from the arrivals: total =
 * last exit - first arrival, after = last exit - last arrival, spread =
 * last arrival - first arrival (so total = spread + after).
 */
typedef struct {
	double spread, after, total;
} pr_pap_times;

/* The expected range max - min of p delays drawn uniform on [0, D]:
 * D (p - 1) / (p + 1); 0 for p < 2. */
double pr_pap_uniform_spread(int p, double delay);

/* max - min of d[0..p-1]; 0 for p < 1. */
double pr_pap_spread(const double *d, int p);

/* The binomial-tree broadcast of the sum from the chain's end:
 * ceil(log2 p) one-way messages, ceil(log2 p) P. 0 for p < 2. */
double pr_pap_bcast(int p, double p2p);

/*
 * When the chain's last position holds the sum, for arrivals a[0..p-1]
 * given in chain order, each message costing P and each reduction R:
 * c_0 = a_0 (position 0 sends its own buffer), c_k = max(c_{k-1} + P,
 * a_k) + R (position k receives the partial sum, adds its own and sends
 * it on). Returns c_{p-1}; a[0] for p == 1.
 */
double pr_pap_chain(const double *a, int p, double p2p, double reduce);

/*
 * A built-in algorithm taking t_alg after the last arrival (it overlaps
 * nothing of the wait): spread = the arrivals' range, after = t_alg,
 * total = spread + t_alg.
 */
void pr_pap_builtin(pr_pap_times *out, const double *a, int p, double t_alg);

/*
 * The PAP-aware Allreduce whose learned order is the arrival order (the
 * pattern repeats from call to call): the chain over a sorted ascending,
 * then the broadcast; total = c_{p-1} + B - min a, after = c_{p-1} + B -
 * max a. p == 1 costs 0.
 */
void pr_pap_ordered(pr_pap_times *out, const double *a, int p, double p2p,
		    double reduce);

/*
 * The PAP-aware Allreduce under delays drawn uniform on [0, D] afresh each
 * call, so that the order learned from the previous call is a random
 * permutation of this call's: the expected times. c_{p-1} is
 * max_k (a_k + s_k), s_0 = (p-1)(P+R), s_k = (p-1-k) P + (p-k) R, with
 * the a_k iid uniform, whose expectation s_0 + integral over [s_0, s_0 +
 * D] of 1 - prod_k F_k(t) is integrated exactly piecewise; minus the
 * expected first arrival D/(p+1) (total) or last D p/(p+1) (after).
 */
void pr_pap_uniform(pr_pap_times *out, int p, double delay, double p2p,
		    double reduce);

#endif
