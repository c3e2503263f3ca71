/* split.h - the 1/t row split and the sharing of cores (DESIGN 5); pure
 * functions */
#ifndef PR_SPLIT_H
#define PR_SPLIT_H

/*
 * rows_i for R rows over n ranks with per-row times t_i > 0: w_i ∝ 1/t_i,
 * rows_i = round(R * w_i) by largest remainders, so that the rows sum to
 * exactly R. w (may be NULL) receives the weights (summing to 1).
 */
void pr_split_rows(long *rows, double *w, const double *t, int n, long R);

/*
 * How many ranks share one core (the factor compute times are multiplied
 * by): packed puts every rank on one core (nranks); spread shares only
 * when ranks outnumber cores (nranks / ncores, at least 1).
 */
double pr_split_sharing(int nranks, int ncores, int packed);

#endif
