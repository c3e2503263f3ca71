/* claims.h - each claim of the spec pinned for a run, judged by the
 * verdicts it names (DESIGN 7, "Claims") */
#ifndef PR_ANALYZE_CLAIMS_H
#define PR_ANALYZE_CLAIMS_H

#include <jansson.h>
#include <stddef.h>

#include "analyze/verdict.h"
#include "format/spec.h"

struct pr_analysis_run;

/* A claim's verdict on one run: PASS, FAIL or INCONCLUSIVE, and why. */
typedef struct {
	char *name, *text;
	pr_claim_source source;
	char *phase; /* the claim's filters (cells): NULL every phase */
	int config;  /* -1 every config */
	pr_verdict verdict;
	char *reason; /* "8 of 8 cells PASS", "steps of config 0 FAIL", ... */
	/* cells: of its measured cells with a pinned null (no negative
	 * control), how many, and in how many the model is closer */
	size_t null_cells, null_closer;
} pr_claim_result;

/*
 * Judge claim c on run r: cells, those of the prediction's cells matching
 * its phase and config: FAIL when one FAILs, else INCONCLUSIVE when one
 * is INCONCLUSIVE or NO-DATA or none matches, else PASS; steps, the
 * judged steps of every config (FAIL when one config's FAIL, PASS when
 * all PASS, INCONCLUSIVE when none was judged); launch-ratio, the ratio's
 * verdict (INCONCLUSIVE with its reason when it has none); pap, the
 * arrival study's comparisons of the PAP-aware Allreduce with the best
 * built-in matching its pattern, phase and bytes (PASS when it beat the
 * best in all, FAIL when it lost one, else INCONCLUSIVE); variability,
 * the CVs of the per-launch medians of the run's groups of at least
 * PR_CLAIM_VAR_LAUNCHES launches by phase class (PASS when every compute
 * group's is below the median communication group's, FAIL when the
 * compute median is not below it, else INCONCLUSIVE). out's strings are
 * owned (pr_claim_result_free).
 */
#define PR_CLAIM_VAR_LAUNCHES 3
void pr_claim_judge(pr_claim_result *out, const pr_claim *c,
		    const struct pr_analysis_run *r);
void pr_claim_result_free(pr_claim_result *x);

/* The claims of the spec whose git blob is spec_blob below root (the one
 * pinned for the run), each judged on r, into r->claim (none when the
 * blob cannot be read or parsed, or states no claim). */
void pr_claims_of(struct pr_analysis_run *r, const char *root, const char *name,
		  const char *spec_blob);

/* [{name, text, source, verdict, reason}] of r's claims. */
json_t *pr_claims_json(const struct pr_analysis_run *r);

#endif
