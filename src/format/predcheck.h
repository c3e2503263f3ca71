/* predcheck.h - is predictions/NAME.json usable with its spec? The check
 * that pin makes before it commits and run and audit make of the pin
 * (DESIGN 2, I1) */
#ifndef PR_PREDCHECK_H
#define PR_PREDCHECK_H

#include <git2.h>
#include <jansson.h>
#include <stddef.h>

#include "format/spec.h"

/* What a cell measures per (launch, rep) over its ranks (its "reduce"). */
typedef enum {
	PR_REDUCE_NONE,		      /* no reduce: every sample is one */
	PR_REDUCE_MAX_OVER_RANKS,     /* legacy name of the span */
	PR_REDUCE_SPAN,		      /* max t_end - min t_start */
	PR_REDUCE_AFTER_LAST_ARRIVAL, /* max t_end - max t_start */
	PR_REDUCE_ARRIVAL_SPREAD,     /* max t_start - min t_start */
	PR_NREDUCE
} pr_reduce;

/* The reduce named s ("max_over_ranks", "span", "after_last_arrival",
 * "arrival_spread") into *out: 0, or -1 when s names none. */
int pr_reduce_parse(pr_reduce *out, const char *s);
/* The name of r; "" for PR_REDUCE_NONE. */
const char *pr_reduce_name(pr_reduce r);

/*
 * Check the bytes of predictions/NAME.json (text, len; need not end in a
 * NUL) against spec (NAME = spec->name) and the git blob id of its
 * experiment.ini (spec_blob, 40 hex digits). The prediction must be:
 * - JSON without duplicate keys, an object;
 * - "experiment" == spec->name and "spec_blob" == spec_blob;
 * - "cells" an array of objects, each with "config" an integer in
 *   [0, configs of the spec), "phase" a non-empty string, "predicted_s",
 *   "lo_s" and "hi_s" finite numbers with 0 < predicted_s and
 *   0 <= lo_s <= predicted_s <= hi_s, and where present "rows" an integer
 *   >= 0, "rank" an integer in [0, spec->nranks), "device" a string,
 *   "reduce" one of pr_reduce_parse's names, "formula" a string,
 *   "control" "negative", "extrapolated" true or false; workloads
 *   arrival and dp-step: where present "pattern" and "algorithm" the
 *   config's, "t_msg_s" a finite number > 0, "spread_s", "t_alg_s",
 *   "hop_s" and "reduce_s" finite numbers >= 0;
 * - where present "arrival.replay_ns" an array of integers >= 0;
 * - workload row-split: "split.rows_per_rank" spec->nranks integers >= 0
 *   that sum to spec->rows;
 * - rows_list = auto: "sweep.rows_list" 1 to 64 integers in [1, 2^24]
 *   (what prereg-rank accepts in a plan).
 * On success PR_OK and, when out is not NULL, the parsed prediction in
 * *out (the caller decrefs). Otherwise PR_EINPUT and a message
 * "WHAT: predictions/NAME.json: what is wrong (run 'prereg predict NAME',
 * then 'prereg pin NAME')" (without "WHAT: " and the advice when what is
 * NULL); *out is NULL.
 */
int pr_prediction_check(json_t **out, const char *text, size_t len,
			const pr_spec *spec, const char *spec_blob,
			const char *what);

/*
 * pr_prediction_check of the blobs `spec` (experiments/NAME/experiment.ini,
 * parsed from the blob) and `pred` of repo: what a pin commit holds, or is
 * about to. A blob that cannot be read is PR_EFAIL; a spec that does not
 * parse PR_EINPUT, with the parser's message.
 */
int pr_prediction_check_blobs(json_t **out, git_repository *repo,
			      const char *name, const git_oid *spec,
			      const git_oid *pred, const char *what);

#endif
