/* replayed.h - the per-rank arrival delays that pattern replay takes from
 * a committed run's archive (DESIGN 6.5) */
#ifndef PR_REPLAYED_H
#define PR_REPLAYED_H

#include <stdint.h>

#include "format/spec.h"

/*
 * The replayed delays of run RUN_ID of EXPERIMENT below root (the work
 * tree): per rank r of that run, the median over its launches of the
 * per-launch medians of rank r's `compute` samples (warmups left out),
 * minus the smallest of these, in nanoseconds, rounded. *n is the run's
 * ranks (0 .. n - 1, each with compute samples); *out_ns (n of them) is
 * the caller's to free. PR_EINPUT, naming the run, when its manifest and
 * archive are not both committed in HEAD, it is not complete, or a rank
 * has no compute sample; the archive's own errors as pr_timings_load
 * gives them.
 */
int pr_arrival_replay_load(int64_t **out_ns, int *n, const char *root,
			   const char *experiment, const char *run_id);

/* The spec's replayed delays: pr_arrival_replay_load of its `replay`,
 * each times its replay_scale, rounded; *out_ns NULL and *n 0 when the
 * spec replays nothing. What `prereg run` hands the ranks and the audit
 * rebuilds. */
int pr_arrival_replay_spec(int64_t **out_ns, int *n, const char *root,
			   const pr_spec *spec);

#endif
