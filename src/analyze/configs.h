/* configs.h - what a run's manifest says of each config: its label and
 * how its launches shared the cores (DESIGN 7) */
#ifndef PR_ANALYZE_CONFIGS_H
#define PR_ANALYZE_CONFIGS_H

#include <jansson.h>
#include <stddef.h>

/* How a config's launches shared the cores (the launch records' sharing). */
typedef struct {
	int known;	       /* sharing or cores and ranks were recorded */
	int from_placement;    /* the launch records' sharing objects */
	int oversubscribed;    /* any launch of the config */
	int sharing_tested;    /* every oversubscribed launch says so */
	double ranks_per_core; /* the largest of its launches */
} pr_sharing;

struct pr_manifest;

/*
 * The label of every config of a manifest's configs: "vader/spread",
 * transport, placement, then the other factors that vary over the
 * configs; a run of one algorithm is not labelled by it. nconfigs + 1
 * entries, the last NULL, owned by the caller.
 */
char **pr_configs_label(json_t *configs);

/*
 * How the launches of manifest m shared cores, per config (out: nconfigs
 * entries): each launch record's sharing object {ranks_per_core,
 * oversubscribed, sharing_tested}, or where a run lacks them workload.ranks
 * over environment.cores.
 */
void pr_analyze_sharing(pr_sharing *out, size_t nconfigs,
			const struct pr_manifest *m);

#endif
