/* busy.c - which launches of a run ran on a busy machine, from the
 * manifest's recorded numbers only (DESIGN 7) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "base/load.h"
#include "base/stats.h"
#include "base/util.h"
#include "format/manifest.h"

/* o.key as a finite number >= 0, or NAN. */
static double figure(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	double d = json_is_number(v) ? json_number_value(v) : NAN;

	return isfinite(d) && d >= 0 ? d : NAN;
}

/* o.key as an int, or -1. */
static int index_of(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_integer(v) && json_integer_value(v) >= 0 &&
		       json_integer_value(v) <= 1000000000
		   ? (int)json_integer_value(v)
		   : -1;
}

/* A record's figures: 1 when other_cores and rank_cpus are there. */
static int figures(double *other, double *cpus, json_t *machine)
{
	*other = figure(machine, "other_cores");
	*cpus = figure(machine, "rank_cpus");
	return !isnan(*other) && !isnan(*cpus);
}

static void at_start(pr_busy *out, json_t *s)
{
	double other, cpus;

	if (!figures(&other, &cpus, s))
		return;
	out->start_known = 1;
	out->start_other_cores = other;
	out->start_rank_cpus = cpus;
	out->start_busy = pr_load_busy(other, cpus);
	out->start_load = figure(s, "load");
	out->start_waited_s = figure(s, "waited_s");
}

void pr_analyze_busy(pr_busy *out, const pr_manifest *m)
{
	json_t *launches = m ? m->launches : NULL, *rec;
	double *others;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->other_median = out->other_max = NAN;
	out->nlaunches = json_array_size(launches);
	others = pr_calloc(out->nlaunches + 1, sizeof(double));
	out->busy = pr_calloc(out->nlaunches + 1, sizeof(pr_busy_launch));
	json_array_foreach(launches, i, rec)
	{
		json_t *mach = json_object_get(rec, "machine");
		const char *why =
		    json_string_value(json_object_get(mach, "reason"));
		pr_busy_launch *b = &out->busy[out->nbusy];
		double other, cpus;

		if (!figures(&other, &cpus, mach)) {
			if (why && !out->why_not)
				out->why_not = pr_strdup(why);
			continue;
		}
		others[out->nrecorded++] = other;
		if (!(other <= out->other_max))
			out->other_max = other;
		if (!pr_load_busy(other, cpus))
			continue;
		b->launch = index_of(rec, "launch");
		b->config = index_of(rec, "config");
		b->other_cores = other;
		b->rank_cpus = cpus;
		b->load_start = figure(mach, "load_start");
		b->load_end = figure(mach, "load_end");
		out->nbusy++;
	}
	if (out->nrecorded)
		out->other_median = pr_stats_median(others, out->nrecorded);
	free(others);
	at_start(out, m ? json_object_get(m->json, "busy_at_start") : NULL);
}

void pr_busy_free(pr_busy *b)
{
	free(b->busy);
	free(b->why_not);
	memset(b, 0, sizeof(*b));
}

char *pr_busy_warning(const pr_busy *b, const char *run_id, const char *name)
{
	if (!b->nbusy)
		return NULL;
	return pr_asprintf(
	    "%zu of %zu launches of run %s ran on a busy machine (other "
	    "processes above %g x the CPUs their ranks used): its timings may "
	    "be disturbed, and a DIFFERENT or FAIL may be the load's; rerun "
	    "on a quiet machine (--wait-idle SECONDS) before reading it as "
	    "the code's (analysis/%s/report.md lists them)",
	    b->nbusy, b->nrecorded, run_id, PR_BUSY_SHARE, name);
}
