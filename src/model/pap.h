/* pap.h - Hockney times of an Allreduce call under a process arrival
 * pattern: a built-in algorithm after the last arrival, and prereg's
 * PAP-aware chain (DESIGN 5); pure functions, times in seconds */
#ifndef PR_MODEL_PAP_H
#define PR_MODEL_PAP_H

/*
 * One call, from the ranks' arrivals a_i: spread = max a - min a, after =
 * last exit - max a, total = last exit - min a (= spread + after), end =
 * the last exit on the arrivals' clock (a dp-step's step time when the
 * arrivals are counted from the step's start).
 */
typedef struct {
	double spread, after, total, end;
} pr_pap_cost;

/* max - min of d[0..p-1]; 0 for p < 1. */
double pr_pap_cost_spread(const double *d, int p);

/* The binomial-tree broadcast from the chain's end: ceil(log2 p) hops of
 * `hop` seconds each; 0 for p < 2. */
double pr_pap_cost_bcast(int p, double hop);

/*
 * When the chain's last position holds the sum, for arrivals a[0..p-1]
 * given in chain order, each hop (a partial sum passed on) costing `hop`
 * and each reduction `reduce`: c_0 = a_0, c_k = max(c_{k-1} + hop, a_k) +
 * reduce. Returns c_{p-1}; a[0] for p == 1.
 */
double pr_pap_cost_chain(const double *a, int p, double hop, double reduce);

/*
 * The chain order the runner learns: the ranks sorted by the waits of an
 * earlier call, longest first, i.e. by that call's arrivals prev[]
 * ascending (the earliest waited longest), ties by rank. order[j] is the
 * rank at position j.
 */
void pr_pap_cost_order(int *order, const double *prev, int p);

/* A built-in algorithm that overlaps nothing of the wait: after = t_alg,
 * total = spread + t_alg, end = max a + t_alg. */
void pr_pap_cost_builtin(pr_pap_cost *out, const double *a, int p,
			 double t_alg);

/*
 * The PAP-aware Allreduce with arrivals a[0..p-1] (by rank) and chain
 * order order[] (pr_pap_cost_order): end = the chain over a in that
 * order, then the broadcast; after and total from it. p == 1 costs 0 after
 * its arrival.
 */
void pr_pap_cost_call(pr_pap_cost *out, const double *a, const int *order,
		      int p, double hop, double reduce);

/*
 * When p ranks whose work alone would take work[i] seconds share `cores`
 * cores unbound (a work-conserving scheduler: k ranks still working each
 * get min(1, cores / k) of a core), the time each finishes, into
 * finish[i]. With p <= cores, finish = work.
 */
void pr_pap_cost_shared(double *finish, const double *work, int p, int cores);

#endif
