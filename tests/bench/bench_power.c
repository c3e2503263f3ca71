/* bench_power.c - the reproduction rule's power by simulation: for a
 * launch-level CV and a tolerance, the launches pin plans for a decisive
 * REPRODUCED (predict/decisive.c, 80%), and at those launches the share
 * of 200 pairs of runs of one law found REPRODUCED, and of pairs whose B
 * is 1 + 2t times A found DIFFERENT (analyze/compare.c); also at 6 */
#include <math.h>
#include <stdio.h>

#include "analyze/compare.h"
#include "predict/decisive.h"

int main(void)
{
	static const double cvs[] = {0.02, 0.05, 0.1, 0.2};
	static const double tols[] = {0.05, 0.25, 0.5};
	double r, d, r6, d6;
	size_t i, j;
	long n;

	printf("%-6s %-6s %9s %12s %14s %12s %14s\n", "tol", "cv", "launches",
	       "same: REPR", "1+2t: DIFF", "6: REPR", "6, 1+2t: DIFF");
	for (i = 0; i < sizeof(tols) / sizeof(*tols); i++) {
		for (j = 0; j < sizeof(cvs) / sizeof(*cvs); j++) {
			n = pr_decisive_launches(cvs[j], log1p(tols[i]), 1);
			pr_compare_power(&r6, &d, cvs[j], tols[i], 6, 1, 200,
					 2 * j + 1);
			pr_compare_power(&r, &d6, cvs[j], tols[i], 6,
					 1 + 2 * tols[i], 200, 2 * j + 2);
			if (n > 200) {
				printf(
				    "%-6g %-6g %9ld %12s %14s %12.2f %14.2f\n",
				    tols[i], cvs[j], n, "(not run)",
				    "(not run)", r6, d6);
				continue;
			}
			pr_compare_power(&r, &d, cvs[j], tols[i], (size_t)n, 1,
					 200, 2 * j + 3);
			printf("%-6g %-6g %9ld %12.2f", tols[i], cvs[j], n, r);
			pr_compare_power(&r, &d, cvs[j], tols[i], (size_t)n,
					 1 + 2 * tols[i], 200, 2 * j + 4);
			printf(" %14.2f %12.2f %14.2f\n", d, r6, d6);
		}
	}
	return 0;
}
