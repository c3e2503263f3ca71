/* verdict.h - the verdict of a cell: its rule, the interval rule and
 * the verdicts' names (DESIGN 7) */
#ifndef PR_ANALYZE_VERDICT_H
#define PR_ANALYZE_VERDICT_H

#include <jansson.h>

typedef enum {
	PR_PASS,
	PR_FAIL,
	PR_INCONCLUSIVE,  /* interval rule: the interval cannot decide */
	PR_NO_PREDICTION, /* no cell for the (config, phase) */
	PR_NO_DATA,	  /* a cell that no sample matches */
	PR_NVERDICTS
} pr_verdict;

/* "PASS", "FAIL", "INCONCLUSIVE", "NO-PREDICTION", "NO-DATA". */
const char *pr_verdict_name(pr_verdict v);

/*
 * How a cell's verdict is decided: the prediction's decision_rule.rule
 * "interval" selects PR_RULE_INTERVAL; anything else (the predictions
 * pinned before it existed) the point rule.
 */
typedef enum {
	PR_RULE_POINT,	  /* PASS iff lo_s <= statistic <= hi_s */
	PR_RULE_INTERVAL, /* the launch-level interval against the band */
} pr_rule;

pr_rule pr_rule_of(const json_t *pred);

/*
 * The interval rule for an interval [c_lo, c_hi] of coverage q and a band
 * [lo_s, hi_s]: FAIL when they do not overlap; PASS when they overlap, the
 * interval is no wider than the band and q >= 0.95; INCONCLUSIVE
 * otherwise, *why (may be NULL; a static string, NULL unless
 * INCONCLUSIVE) saying which.
 */
pr_verdict pr_verdict_interval(const char **why, double c_lo, double c_hi,
			       double q, double lo_s, double hi_s);

#endif
