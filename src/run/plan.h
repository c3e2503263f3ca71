/* plan.h - a run planned once from the spec and the pin */
#ifndef PR_PLAN_H
#define PR_PLAN_H

#include <jansson.h>

#include "run/run-internal.h"

json_t *plan_for(const run_ctx *rc, const pr_invocation *inv,
		 const char *out_prefix);
int load_pinned(run_ctx *rc);
int check_plans(const run_ctx *rc);
void warn_sharing(const run_ctx *rc);

#endif
