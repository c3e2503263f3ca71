/* arrival.h - process arrival patterns: the delays each rank waits before
 * entering a collective, rebuilt alike by the runner and the audit */
#ifndef PR_ARRIVAL_H
#define PR_ARRIVAL_H

#include <stdint.h>

typedef enum {
	PR_ARRIVAL_NONE,
	PR_ARRIVAL_ONE_LATE,
	PR_ARRIVAL_UNIFORM,
	PR_ARRIVAL_LINEAR,
	PR_ARRIVAL_REPLAY
} pr_arrival_kind;

#define PR_ARRIVAL_NKINDS 5

/* The names in pr_arrival_kind order ("none", "one-late", "uniform",
 * "linear", "replay"): spec.c's name table. */
extern const char *const pr_arrival_kind_names[PR_ARRIVAL_NKINDS];

/* The kind named name; PR_EINPUT (printing nothing) for an unknown name. */
int pr_arrival_kind_parse(pr_arrival_kind *out, const char *name);
/* The kind's name; "?" out of range. */
const char *pr_arrival_kind_name(pr_arrival_kind k);

/*
 * d_ns[0..p-1]: the delays of rep `rep` (the rep index of the timing loop,
 * warmups counted) of an invocation with seed `seed`. none: all 0;
 * one-late: d[late_rank] = delay_ns, the others 0; uniform: each uniform
 * on [0, delay_ns], drawn from a splitmix64 stream (base/schedule.h)
 * started at (seed, rep, rank) alone, so any rep is rebuilt without the
 * others; linear: d[i] = i * delay_ns / (p - 1)
 * (integer division; 0 for p = 1); replay: d[i] = replay_ns[i mod
 * n_replay] (0 without replayed delays). Pure and deterministic.
 */
void pr_arrival_delays(int64_t *d_ns, int p, pr_arrival_kind k,
		       int64_t delay_ns, int late_rank, uint64_t seed, int rep,
		       const int64_t *replay_ns, int n_replay);

#endif
