/* verdict.c - the verdict of a cell: its rule, the interval rule and
 * the verdicts' names (DESIGN 7) */
#include "analyze/verdict.h"

#include <string.h>

static const char *const verdict_names[] = {"PASS", "FAIL", "INCONCLUSIVE",
					    "NO-PREDICTION", "NO-DATA"};

const char *pr_verdict_name(pr_verdict v)
{
	return v < PR_NVERDICTS ? verdict_names[v] : "?";
}

pr_rule pr_rule_of(const json_t *pred)
{
	const char *rule = json_string_value(
	    json_object_get(json_object_get(pred, "decision_rule"), "rule"));

	return rule && !strcmp(rule, "interval") ? PR_RULE_INTERVAL
						 : PR_RULE_POINT;
}

pr_verdict pr_verdict_interval(const char **why, double c_lo, double c_hi,
			       double q, double lo_s, double hi_s)
{
	const char *reason = NULL;
	pr_verdict v = PR_PASS;

	if (c_hi < lo_s || c_lo > hi_s)
		v = PR_FAIL;
	else if (q < 0.95)
		reason = "fewer than 6 launches: no 95% interval";
	else if (c_hi - c_lo > hi_s - lo_s)
		reason = "interval wider than the band";
	if (reason)
		v = PR_INCONCLUSIVE;
	if (why)
		*why = reason;
	return v;
}
