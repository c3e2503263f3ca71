/* fuzz_spec.c - experiments/NAME/experiment.ini through pr_spec_parse, and
 * what a run then derives from the spec: its configs and its schedule */
#include <stdlib.h>

#include "base/schedule.h"
#include "format/spec.h"
#include "base/util.h"
#include "harness.h"

/* What every accepted spec promises the run. */
static void check_spec(const pr_spec *spec)
{
	pr_schedule sched = {0};
	int n = pr_spec_nconfigs(spec), i, ranks = 0;

	if (n < 1 || n > PR_MAX_FACTOR * PR_MAX_FACTOR)
		pr_fuzz_fail("an accepted spec has %d configs", n);
	for (i = 0; i < n; i++) {
		if (!pr_spec_transport(spec, i) || !pr_spec_placement(spec, i))
			pr_fuzz_fail("config %d has no transport or placement",
				     i);
	}
	for (i = 0; i < spec->ngroups; i++)
		ranks += spec->groups[i].count;
	if (spec->ngroups < 1 || ranks != spec->nranks ||
	    spec->nranks > PR_MAX_RANKS)
		pr_fuzz_fail("%d groups hold %d ranks, the spec says %d",
			     spec->ngroups, ranks, spec->nranks);
	if (!pr_spec_workload_known(spec->workload))
		pr_fuzz_fail("accepted workload '%s' is not known",
			     spec->workload);
	if (pr_schedule_build(&sched, 1, spec->launches, n) < 0 ||
	    sched.ninv != (size_t)spec->launches * (size_t)n)
		pr_fuzz_fail("%d launches of %d configs make no schedule",
			     spec->launches, n);
	pr_schedule_free(&sched);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = pr_fuzz_text(data, size);
	pr_spec *spec = NULL;

	if (pr_spec_parse(&spec, text, "experiments/fz/experiment.ini", "fz") ==
	    0)
		check_spec(spec);
	pr_spec_free(spec);
	free(text);
	return 0;
}
