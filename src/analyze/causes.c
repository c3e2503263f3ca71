/* causes.c - the measured causes of a cell's FAIL (DESIGN 7) */
#include "analyze/analyze-internal.h"

#include <math.h>
#include <string.h>

void pr_causes_of(pr_analysis_run *r, size_t nclamped)
{
	size_t i;

	for (i = 0; i < r->nrows; i++) {
		pr_analysis_row *x = &r->row[i];
		const pr_cell *c = x->cell;
		pr_causes *k = &x->causes;
		const pr_arrival *a;

		memset(k, 0, sizeof(*k));
		if (x->verdict != PR_FAIL || !c || c->negative)
			continue;
		a = pr_collective_find(r, &x->sel);
		if (a && !a->refused && a->spread.stat > 0 &&
		    x->sel.reduce != PR_REDUCE_AFTER_LAST_ARRIVAL) {
			k->arrival = 1;
			k->spread_s = a->spread.stat;
			k->share = x->stat > 0 ? a->spread.stat / x->stat : NAN;
		}
		if ((size_t)x->sel.config < r->nconfigs &&
		    r->sharing[x->sel.config].oversubscribed) {
			k->sharing = 1;
			k->ranks_per_core =
			    r->sharing[x->sel.config].ranks_per_core;
		}
		k->clamp = nclamped > 0;
		k->regime = c->extrapolated;
		if (c->has_terms && x->stat > 0) {
			k->unpriced = 1;
			k->unpriced_s =
			    x->stat - (c->transfers_s + c->reductions_s +
				       c->copies_s + c->overhead_s);
		}
	}
}
