/* inflation.h - what sharing does: packed over spread ratios of compute
 * and the Gatherv, the speedup they would fake, and which MPI stack each
 * config's transport resolved to (DESIGN 7) */
#ifndef PR_INFLATION_H
#define PR_INFLATION_H

#include <jansson.h>
#include <stddef.h>

#include "analyze/analyze.h"

/* What one launch's transport resolved to (its ranks' "stack" record). */
typedef struct {
	char *pml;     /* the selected pml, NULL when not recorded */
	char *btl;     /* the open btls, sorted, comma-separated */
	char *carrier; /* the btls that carry messages between ranks */
	int one_host;  /* every rank ran on one host */
} pr_stack;

/*
 * The stack of launch record rec: pml and btl from ranks.stack; the
 * carrier is, when every rank ran on one host, the open btl other than
 * self with the highest exclusivity (Open MPI's bml sends to a peer over
 * the btls of the highest exclusivity that reach it, and on one host
 * that is the shared-memory one), else every open btl but self.
 * PR_EINPUT (out zeroed) when the record has no stack.
 */
int pr_stack_of(pr_stack *out, const json_t *rec);
/* Same pml and same carrier: one stack, whatever else was opened. */
int pr_stack_same(const pr_stack *a, const pr_stack *b);
void pr_stack_free(pr_stack *s);

/* One ratio of a packed config's row over the same row of the spread
 * config with the same transport. */
typedef struct {
	int packed, spread;   /* config indices */
	const pr_select *sel; /* the packed row's */
	double measured;      /* packed statistic / spread statistic */
	double lo, hi;	      /* its 95% bootstrap interval over launches */
	double predicted;     /* packed prediction / spread prediction */
	double lo_s, hi_s;    /* predicted * (1 -/+ the cell tolerance) */
	pr_verdict verdict;   /* the interval rule on the ratio */
	const char *why;      /* INCONCLUSIVE: the reason (static) */
} pr_inflation;

/*
 * The ratio of rows p (packed) over s (spread) and its verdict: measured
 * = p->stat / s->stat, [lo, hi] the percentile bootstrap of the ratio of
 * medians of per-launch medians (pr_stats_ratio_boot, PR_COMPARE_NBOOT
 * replicates, seed); predicted the ratio of the cells' predictions, its
 * band the packed cell's relative tolerance around it; the verdict the
 * interval rule with coverage 0.95 when both rows have the 6 launches a
 * 95% interval of a median needs, else below it (INCONCLUSIVE at best).
 * Without a cell on either row: NO-PREDICTION; without samples: NO-DATA.
 */
void pr_inflation_of(pr_inflation *out, const pr_analysis_row *p,
		     const pr_analysis_row *s, uint64_t seed);

/*
 * The judge of pr_inflation_of, for any ratio of row p over row s with a
 * given prediction and band ([lo_s, hi_s], NAN predicted: NO-PREDICTION):
 * measured, its bootstrap interval (seed) and the interval rule, as
 * there. out->packed and out->spread are p's and s's configs.
 */
void pr_ratio_judge(pr_inflation *out, const pr_analysis_row *p,
		    const pr_analysis_row *s, double predicted, double lo_s,
		    double hi_s, uint64_t seed);

/*
 * The speedup a packed run fakes: the step time (compute max over ranks +
 * Gatherv) of packed over spread, per launch the sum of the two
 * per-launch medians (launches that have both), with its bootstrap
 * interval. NAN when a row lacks samples.
 */
void pr_inflation_speedup(double *ratio, double *lo, double *hi,
			  const pr_analysis_row *pc, const pr_analysis_row *pg,
			  const pr_analysis_row *sc, const pr_analysis_row *sg,
			  uint64_t seed);

/* Packed over spread of one transport: the step-time ratio a packed run
 * would report as a speedup (pr_inflation_speedup). */
typedef struct {
	int packed, spread;
	double ratio, lo, hi;
} pr_speedup;

/* A run's sharing study: every config's stack, every ratio. */
typedef struct pr_inflation_set {
	pr_stack *stack;   /* per config: its first launch's */
	int *stack_varies; /* per config: its launches recorded different */
	char **transport;  /* per config, NULL when the manifest lacks it */
	size_t nconfigs;
	pr_inflation *ratio; /* compute (a reduce over ranks) and collective
				rows, in table order of the packed config */
	size_t nratios;
	pr_speedup *speedup; /* per pair with compute and gatherv rows */
	size_t nspeedups;
} pr_inflation_set;

struct pr_manifest;

/*
 * The sharing study of run r from its manifest m (NULL without one):
 * every config's stack, and the ratios of pairs (packed, spread) of
 * configs equal in every factor but placement. Ratio i is seeded with
 * pr_compare_seed(m's run id, "inflation") + i, speedup j with that seed
 * + 1000 + j. Owned by the caller.
 */
pr_inflation_set *pr_inflation_build(const pr_analysis_run *r,
				     const struct pr_manifest *m);
void pr_inflation_set_free(pr_inflation_set *s);

/* r's sharing study, borrowed from r; NULL when it has none. */
const pr_inflation_set *pr_inflation_set_of(const pr_analysis_run *r);

#endif
