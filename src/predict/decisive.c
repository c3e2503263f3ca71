/* decisive.c - how many launches make a verdict decisive (DESIGN 7) */
#include "predict/decisive.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

long pr_decisive_launches(double cv, double log_half, int ratio)
{
	double k, n;

	if (!(cv > 0) || !(log_half > 0) || !isfinite(cv) ||
	    !isfinite(log_half))
		return -1;
	k = PR_DECISIVE_MEDIAN_SE * cv / log_half *
	    (ratio ? M_SQRT2 * (PR_DECISIVE_Z + PR_DECISIVE_Z_POWER)
		   : PR_DECISIVE_Z);
	n = ceil(k * k - 1e-9); /* k^2 = 9 up to rounding needs 9 */
	if (n < 6)
		return 6;
	return n > 1e6 ? 1000000 : (long)n;
}

double pr_decisive_tolerance(double cv, long launches)
{
	if (!(cv > 0) || !isfinite(cv) || launches < 6)
		return -1;
	return expm1(PR_DECISIVE_MEDIAN_SE * cv * M_SQRT2 *
		     (PR_DECISIVE_Z + PR_DECISIVE_Z_POWER) /
		     sqrt((double)launches));
}

pr_decisive_phase *pr_decisive_phase_of(pr_decisive *d, const pr_spec *spec,
					const char *phase)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (!strcmp(d->phase[i].phase, phase))
			return &d->phase[i];
	d->phase = pr_realloc(d->phase, (d->n + 1) * sizeof(*d->phase));
	memset(&d->phase[d->n], 0, sizeof(*d->phase));
	d->phase[d->n].phase = pr_strdup(phase);
	d->phase[d->n].band = -1;
	d->phase[d->n].repro = -1;
	d->phase[d->n].cv = pr_spec_pilot_cv(spec, phase);
	d->phase[d->n].tol = pr_tolerance_of(&spec->tol, phase);
	return &d->phase[d->n++];
}

/* half the width of cell c's band in log terms, or 0 */
static double band_log_half(const json_t *c)
{
	double lo = json_number_value(json_object_get(c, "lo_s"));
	double hi = json_number_value(json_object_get(c, "hi_s"));

	return lo > 0 && hi > lo ? log(hi / lo) / 2 : 0;
}

void pr_decisive_plan(pr_decisive *out, const pr_spec *spec, const json_t *pred)
{
	const json_t *cells = json_object_get(pred, "cells"), *c;
	const char *name;
	pr_decisive_phase *p;
	double half;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->launches = spec->launches;
	json_array_foreach(cells, i, c)
	{
		if (!(name = json_string_value(json_object_get(c, "phase"))))
			continue;
		p = pr_decisive_phase_of(out, spec, name);
		p->cell = 1;
		half = band_log_half(c);
		if (half > 0 && (p->log_half == 0 || half < p->log_half))
			p->log_half = half;
	}
	for (i = 0; i < out->n; i++)
		pr_decisive_set_cv(out, &out->phase[i], out->phase[i].cv,
				   out->phase[i].cv);
}

void pr_decisive_set_cv(pr_decisive *d, pr_decisive_phase *p, double cv,
			double band_cv)
{
	size_t i;

	p->cv = cv;
	p->band_cv = band_cv > 0 ? band_cv : cv;
	p->repro = pr_decisive_launches(cv, log1p(p->tol), 1);
	p->band = pr_decisive_launches(p->band_cv, p->log_half, 0);
	d->decides = 1;
	for (i = 0; i < d->n; i++)
		if (d->phase[i].band > d->launches ||
		    d->phase[i].repro > d->launches)
			d->decides = 0;
}

void pr_decisive_free(pr_decisive *d)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		free(d->phase[i].phase);
	free(d->phase);
	memset(d, 0, sizeof(*d));
}
