/* load.h - is the machine busy: /proc/stat and /proc/loadavg (parsed apart
 * from reading them), the CPU time that is not the run's, and the rule */
#ifndef PR_LOAD_H
#define PR_LOAD_H

#include <stdint.h>

/*
 * The busy rule (DESIGN 7): a launch is busy when the cores' worth of CPU
 * time other processes took during it exceeds PR_BUSY_SHARE times the
 * CPUs its ranks keep busy.
 */
#define PR_BUSY_SHARE 0.25

/* The "cpu" line of /proc/stat. */
typedef struct {
	double busy_s; /* user + nice + system + irq + softirq + steal */
	int ncpus;     /* the "cpuN" lines */
} pr_cpustat;

/*
 * Parse the text of /proc/stat (NUL-terminated), ticks of hz per second:
 * PR_OK, or PR_EINPUT (no message) when it holds no "cpu" line of at
 * least eight numbers, or hz is not positive.
 */
int pr_load_parse_stat(pr_cpustat *out, const char *text, long hz);

/* The 1-minute load average of /proc/loadavg's text: PR_OK, or PR_EINPUT
 * (no message) when it does not start with a number >= 0. */
int pr_load_parse_loadavg(double *out, const char *text);

/* The machine at one moment. */
typedef struct {
	int64_t mono_ns;
	pr_cpustat stat;
	int has_stat;	   /* /proc/stat was read and parsed */
	double load1;	   /* NAN when /proc/loadavg could not be read */
	double self_s;	   /* getrusage RUSAGE_SELF, user + system */
	double children_s; /* getrusage RUSAGE_CHILDREN, user + system */
} pr_load_sample;

/* Take a sample now. Never fails: what cannot be read is marked so. */
void pr_load_sample_take(pr_load_sample *out);

/* The figures of the interval between two samples (DESIGN 7). */
typedef struct {
	double wall_s;
	double cpu_s;	  /* busy CPU time of the whole machine */
	double run_cpu_s; /* our children's and our own */
	double other_cpu_s, other_cores;
	int ncpus;
	double load_start, load_end; /* NAN when unknown */
} pr_load_window;

/* From a to b: 1, or 0 when either lacks /proc/stat or no time passed
 * (then *out holds only the loads). */
int pr_load_between(pr_load_window *out, const pr_load_sample *a,
		    const pr_load_sample *b);

/* The CPUs ranks keep busy: 1 when packed, else min(ranks, online), and
 * at least 1. */
int pr_load_rank_cpus(int ranks, int packed, int online);

/* The other cores above which a machine is busy for rank_cpus CPUs of
 * ranks (values below 1 count as 1). */
double pr_load_threshold(double rank_cpus);

/* The rule: 1 busy, 0 not. */
int pr_load_busy(double other_cores, double rank_cpus);

#endif
