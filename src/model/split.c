/* split.c - the 1/t row split and the sharing of cores (DESIGN 5) */
#include "model/split.h"

#include <math.h>
#include <stdlib.h>

#include "base/util.h"

void pr_split_rows(long *rows, double *w, const double *t, int n, long R)
{
	double *frac = pr_calloc((size_t)n, sizeof(double));
	double sum = 0;
	long given = 0;
	int i;

	for (i = 0; i < n; i++)
		sum += 1.0 / t[i];
	for (i = 0; i < n; i++) {
		double share = (double)R * (1.0 / t[i]) / sum;
		rows[i] = (long)floor(share);
		frac[i] = share - (double)rows[i];
		given += rows[i];
		if (w)
			w[i] = (1.0 / t[i]) / sum;
	}
	/* largest remainders first; ties to the lower rank */
	while (given < R) {
		int best = 0;
		for (i = 1; i < n; i++) {
			if (frac[i] > frac[best])
				best = i;
		}
		rows[best]++;
		frac[best] = -1.0;
		given++;
	}
	free(frac);
}

double pr_split_sharing(int nranks, int ncores, int packed)
{
	if (packed)
		return (double)nranks;
	if (ncores < 1 || nranks <= ncores)
		return 1.0;
	return (double)nranks / ncores;
}
