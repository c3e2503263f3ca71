/* machine.c - what else used the machine: a launch's `machine` record and
 * the check before a run starts (DESIGN 7) */
#include "run/machine.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/util.h"

static const char no_stat[] = "/proc/stat could not be read";

static json_t *not_recorded(const char *reason)
{
	return json_pack("{s:b, s:s}", "recorded", 0, "reason", reason);
}

/* A load average, or null when unknown. */
static json_t *load(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

json_t *pr_machine_launch(const pr_load_sample *a, const pr_load_sample *b,
			  int rank_cpus)
{
	pr_load_window w;

	if (!pr_load_between(&w, a, b))
		return not_recorded(no_stat);
	return json_pack("{s:o, s:o, s:f, s:f, s:f, s:f, s:f, s:i, s:i}",
			 "load_start", load(w.load_start), "load_end",
			 load(w.load_end), "cpu_s", w.cpu_s, "run_cpu_s",
			 w.run_cpu_s, "other_cpu_s", w.other_cpu_s, "wall_s",
			 w.wall_s, "other_cores", w.other_cores, "cpus",
			 w.ncpus, "rank_cpus", rank_cpus);
}

json_t *pr_machine_elsewhere(const char *launcher)
{
	json_t *o;
	char *why = pr_asprintf(
	    "launcher %s runs the ranks on nodes whose /proc prereg does not "
	    "read, and their CPU time is not prereg's children's: nothing is "
	    "estimated",
	    launcher);

	o = not_recorded(why);
	free(why);
	return o;
}

/* Sleep s seconds, through signals that do not end us. */
static void sleep_s(double s)
{
	struct timespec t = {(time_t)s, (long)((s - floor(s)) * 1e9)};

	while (nanosleep(&t, &t) < 0 && errno == EINTR)
		;
}

/* Sample over 1 s: 1 with *w filled, 0 when /proc/stat cannot be read. */
static int sample_1s(pr_load_window *w)
{
	pr_load_sample a, b;

	pr_load_sample_take(&a);
	sleep_s(1);
	pr_load_sample_take(&b);
	return pr_load_between(w, &a, &b);
}

/* "1.7 of 2 CPUs used by other processes (busy above 0.5 for ranks on 2
 * CPUs), load average 3.2" */
static char *figures(const pr_load_window *w, int rank_cpus)
{
	char ld[32] = "unknown";

	if (isfinite(w->load_end))
		snprintf(ld, sizeof(ld), "%.2f", w->load_end);
	return pr_asprintf("%.2f of %d CPUs used by other processes (busy "
			   "above %.2f for ranks on %d CPU%s), load average %s",
			   w->other_cores, w->ncpus,
			   pr_load_threshold(rank_cpus), rank_cpus,
			   rank_cpus == 1 ? "" : "s", ld);
}

/* Sample from a, at least PR_MACHINE_START_WINDOW_S after it: 1 with *w
 * filled, 0 when /proc/stat cannot be read. */
static int sample_since(pr_load_window *w, const pr_load_sample *a)
{
	pr_load_sample b;
	double left;

	pr_load_sample_take(&b);
	left =
	    PR_MACHINE_START_WINDOW_S - (double)(b.mono_ns - a->mono_ns) * 1e-9;
	if (left > 0) {
		sleep_s(left);
		pr_load_sample_take(&b);
	}
	return pr_load_between(w, a, &b);
}

void pr_machine_check_start(json_t **out, const pr_load_sample *since,
			    int rank_cpus, int wait_s, int progress)
{
	pr_load_window w;
	int64_t t0;
	double waited = 0;
	int busy;
	char *fig;

	if (!sample_since(&w, since)) {
		*out = not_recorded(no_stat);
		return;
	}
	t0 = pr_mono_ns();
	while ((busy = pr_load_busy(w.other_cores, rank_cpus)) &&
	       waited < wait_s) {
		if (progress) {
			fig = figures(&w, rank_cpus);
			pr_progress("waiting for the machine to be quiet: %s "
				    "(%.0f of %d s)",
				    fig, waited, wait_s);
			free(fig);
		}
		if (!sample_1s(&w))
			break;
		waited = (double)(pr_mono_ns() - t0) * 1e-9;
	}
	fig = figures(&w, rank_cpus);
	if (busy && wait_s > 0)
		pr_warn("the machine is still busy after waiting %.0f s: %s; "
			"starting anyway, timings may be disturbed",
			waited, fig);
	else if (busy)
		pr_warn("the machine is busy: %s; timings may be disturbed "
			"(--wait-idle SECONDS waits for quiet)",
			fig);
	else if (waited > 0 && progress)
		pr_progress("the machine is quiet after %.0f s: %s", waited,
			    fig);
	free(fig);
	*out = json_pack("{s:f, s:f, s:f, s:i, s:o, s:i, s:b, s:i, s:f}",
			 "other_cpu_s", w.other_cpu_s, "wall_s", w.wall_s,
			 "other_cores", w.other_cores, "cpus", w.ncpus, "load",
			 load(w.load_end), "rank_cpus", rank_cpus, "busy", busy,
			 "wait_idle_s", wait_s, "waited_s", waited);
}
