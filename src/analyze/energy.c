/* energy.c - joules per call where a counter measured them, and why not
 * where none did, from the archive and the manifest (DESIGN 7) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "base/stats.h"
#include "base/util.h"
#include "format/manifest.h"
#include "format/timings.h"

/* s += sep text, unless text is in s already. */
static void add_once(char **s, const char *sep, const char *text)
{
	char *n;

	if (*s && strstr(*s, text))
		return;
	n = *s ? pr_asprintf("%s%s%s", *s, sep, text) : pr_strdup(text);
	free(*s);
	*s = n;
}

/* The coarsest resolution and longest minimum phase of device's ranks. */
static void device_facts(pr_energy_sum *out, const char *device, json_t *e)
{
	double res = json_number_value(json_object_get(e, "resolution_j"));
	double min = json_number_value(json_object_get(e, "min_phase_s"));
	size_t i;

	for (i = 0; i < out->ndevices; i++)
		if (!strcmp(out->device[i].name, device))
			break;
	if (i == out->ndevices) {
		out->device =
		    pr_realloc(out->device, (i + 1) * sizeof(*out->device));
		memset(&out->device[i], 0, sizeof(*out->device));
		out->device[i].name = pr_strdup(device);
		out->ndevices++;
	}
	if (res > out->device[i].resolution_j)
		out->device[i].resolution_j = res;
	if (min > out->device[i].min_phase_s)
		out->device[i].min_phase_s = min;
}

static void reasons(pr_energy_sum *out, json_t *readers)
{
	const char *name, *why;
	json_t *r;
	char *line;

	json_object_foreach(readers, name, r)
	{
		if (!(why = json_string_value(json_object_get(r, "reason"))))
			continue;
		line = pr_asprintf("%s: %s", name, why);
		add_once(&out->why_not, "; ", line);
		free(line);
	}
}

/* The ranks' energy records and the hosts' readers, from the manifest. */
static void records(pr_energy_sum *out, const pr_manifest *m)
{
	json_t *rec, *rk, *e, *report;
	const char *counter, *device;
	size_t i, j;

	json_array_foreach(m ? m->launches : NULL, i, rec)
	{
		report = json_object_get(rec, "ranks");
		reasons(out, json_object_get(report, "energy_readers"));
		json_array_foreach(json_object_get(report, "ranks"), j, rk)
		{
			if (!(e = json_object_get(rk, "energy")))
				continue;
			out->recorded = 1;
			counter =
			    json_string_value(json_object_get(e, "counter"));
			device =
			    json_string_value(json_object_get(rk, "device"));
			if (counter && device) {
				add_once(&out->counters, ", ", counter);
				device_facts(out, device, e);
			}
		}
	}
}

static double resolution_of(const pr_energy_sum *s, const char *device)
{
	size_t i;

	for (i = 0; i < s->ndevices; i++)
		if (!strcmp(s->device[i].name, device))
			return s->device[i].resolution_j;
	return NAN;
}

static int same_group(const pr_timing *a, const pr_timing *b)
{
	return a->config == b->config && !strcmp(a->phase, b->phase) &&
	       !strcmp(a->device, b->device);
}

/* One (config, phase, device): the median over launches of each
 * launch's median joules per event, with its interval. */
static void summarise(pr_energy_sum *out, const pr_timings *t,
		      const pr_timing *first, char *done)
{
	double *x = pr_calloc(t->nrows, sizeof(double));
	double *med = pr_calloc(t->nrows, sizeof(double));
	size_t i, n = 0, nl = 0;
	pr_energy_row *row;
	pr_stats_ci ci;
	int launch;

	for (;;) {
		launch = -1;
		n = 0;
		for (i = 0; i < t->nrows; i++) {
			const pr_timing *r = &t->row[i];

			if (done[i] || !same_group(r, first) ||
			    (launch >= 0 && r->launch != launch))
				continue;
			launch = r->launch;
			x[n++] = (double)r->energy_uj * 1e-6;
			done[i] = 1;
		}
		if (!n)
			break;
		med[nl++] = pr_stats_median(x, n);
	}
	out->row = pr_realloc(out->row, (out->nrows + 1) * sizeof(*out->row));
	row = &out->row[out->nrows++];
	memset(row, 0, sizeof(*row));
	row->config = first->config;
	row->phase = pr_strdup(first->phase);
	row->device = pr_strdup(first->device);
	row->nlaunches = nl;
	row->resolution_j = resolution_of(out, first->device);
	row->stat_j = pr_stats_median(med, nl);
	pr_stats_median_ci(&ci, med, nl);
	row->lo_j = ci.lo;
	row->hi_j = ci.hi;
	row->coverage = ci.coverage;
	free(x);
	free(med);
}

void pr_analyze_energy(pr_energy_sum *out, const pr_timings *t,
		       const pr_manifest *m)
{
	char *done = pr_calloc(t->nrows + 1, 1);
	size_t i;

	memset(out, 0, sizeof(*out));
	records(out, m);
	for (i = 0; i < t->nrows; i++)
		done[i] = t->row[i].warmup || t->row[i].energy_uj < 0;
	for (i = 0; i < t->nrows; i++)
		if (!done[i])
			summarise(out, t, &t->row[i], done);
	free(done);
}

void pr_energy_sum_free(pr_energy_sum *s)
{
	size_t i;

	for (i = 0; i < s->nrows; i++) {
		free(s->row[i].phase);
		free(s->row[i].device);
	}
	for (i = 0; i < s->ndevices; i++)
		free(s->device[i].name);
	free(s->row);
	free(s->device);
	free(s->why_not);
	free(s->counters);
	memset(s, 0, sizeof(*s));
}
