/* load.c - is the machine busy: /proc/stat and /proc/loadavg, the CPU time
 * that is not the run's, and the rule */
#include "base/load.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/util.h"

/* The numbers of the "cpu" line: user nice system idle iowait irq softirq
 * steal (then guest and guest_nice, which user and nice include). */
enum { F_USER, F_NICE, F_SYSTEM, F_IDLE, F_IOWAIT, F_IRQ, F_SOFTIRQ, F_STEAL };
#define STAT_FIELDS 8

/* Up to max unsigned decimal numbers of the line at p (up to '\n' or the
 * end), separated by blanks: how many were read before anything else. */
static int line_numbers(unsigned long long *v, int max, const char *p)
{
	int n = 0;

	while (n < max) {
		char *end;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!isdigit((unsigned char)*p))
			break;
		errno = 0;
		v[n] = strtoull(p, &end, 10);
		if (errno || (*end && !strchr(" \t\n", *end)))
			break;
		n++;
		p = end;
	}
	return n;
}

int pr_load_parse_stat(pr_cpustat *out, const char *text, long hz)
{
	unsigned long long v[STAT_FIELDS];
	const char *line;
	int found = 0;

	memset(out, 0, sizeof(*out));
	if (hz <= 0)
		return PR_EINPUT;
	for (line = text; line && *line;
	     line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		if (strncmp(line, "cpu", 3))
			continue;
		if (isdigit((unsigned char)line[3])) {
			out->ncpus++;
			continue;
		}
		if (found || (line[3] != ' ' && line[3] != '\t') ||
		    line_numbers(v, STAT_FIELDS, line + 3) < STAT_FIELDS)
			continue;
		found = 1;
		out->busy_s = (double)(v[F_USER] + v[F_NICE] + v[F_SYSTEM] +
				       v[F_IRQ] + v[F_SOFTIRQ] + v[F_STEAL]) /
			      (double)hz;
	}
	return found ? PR_OK : PR_EINPUT;
}

int pr_load_parse_loadavg(double *out, const char *text)
{
	char *end;
	double v;

	*out = NAN;
	if (!isdigit((unsigned char)text[0]))
		return PR_EINPUT;
	errno = 0;
	v = strtod(text, &end);
	if (errno || !isfinite(v) || v < 0 ||
	    (*end && !isspace((unsigned char)*end)))
		return PR_EINPUT;
	*out = v;
	return PR_OK;
}

/* A small /proc file into buf, NUL-terminated: 1, or 0 when unreadable.
 * Silent: a missing /proc makes a sample without it. */
static int read_small(char *buf, size_t size, const char *path)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return 0;
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
	return n > 0;
}

static double rusage_s(int who)
{
	struct rusage ru;

	if (getrusage(who, &ru) < 0)
		return 0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
	       ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) *
		   1e-6;
}

void pr_load_sample_take(pr_load_sample *out)
{
	/* /proc/stat: the cpu line, one line per CPU, then more; a machine
	 * of 1000 CPUs fits */
	size_t size = 1 << 17;
	char *buf = pr_malloc(size);

	memset(out, 0, sizeof(*out));
	out->load1 = NAN;
	if (read_small(buf, size, "/proc/loadavg"))
		pr_load_parse_loadavg(&out->load1, buf);
	out->children_s = rusage_s(RUSAGE_CHILDREN);
	out->self_s = rusage_s(RUSAGE_SELF);
	out->mono_ns = pr_mono_ns();
	out->has_stat =
	    read_small(buf, size, "/proc/stat") &&
	    pr_load_parse_stat(&out->stat, buf, sysconf(_SC_CLK_TCK)) == 0;
	free(buf);
}

int pr_load_between(pr_load_window *out, const pr_load_sample *a,
		    const pr_load_sample *b)
{
	memset(out, 0, sizeof(*out));
	out->load_start = a->load1;
	out->load_end = b->load1;
	out->wall_s = (double)(b->mono_ns - a->mono_ns) * 1e-9;
	if (!a->has_stat || !b->has_stat || !(out->wall_s > 0))
		return 0;
	out->ncpus = b->stat.ncpus;
	out->cpu_s = b->stat.busy_s - a->stat.busy_s;
	out->run_cpu_s =
	    (b->children_s - a->children_s) + (b->self_s - a->self_s);
	out->other_cpu_s = out->cpu_s - out->run_cpu_s;
	if (!(out->other_cpu_s > 0))
		out->other_cpu_s = 0;
	out->other_cores = out->other_cpu_s / out->wall_s;
	return 1;
}

int pr_load_rank_cpus(int ranks, int packed, int online)
{
	int n = packed ? 1 : ranks < online ? ranks : online;

	return n > 1 ? n : 1;
}

double pr_load_threshold(double rank_cpus)
{
	return PR_BUSY_SHARE * (rank_cpus > 1 ? rank_cpus : 1);
}

int pr_load_busy(double other_cores, double rank_cpus)
{
	return other_cores > pr_load_threshold(rank_cpus);
}
