/* audit_run.h - the checks of one run directory, for prereg audit
 * (internal: audit.c calls them; audit_run.c holds the provenance checks,
 * audit_data.c those of the data) */
#ifndef PR_AUDIT_RUN_H
#define PR_AUDIT_RUN_H

#include <git2.h>
#include <jansson.h>

#include "audit/audit.h"
#include "audit/audit_history.h"
#include "format/ledger.h"
#include "format/manifest.h"
#include "format/timings.h"

/* Tag lookups, cached across the runs of an audit. */
typedef struct pr_audit_tags pr_audit_tags;
pr_audit_tags *pr_audit_tags_new(void);
void pr_audit_tags_free(pr_audit_tags *t);

/* What the runs of one experiment share; the audit fills it once. */
typedef struct {
	git_repository *repo;
	const char *root;	      /* the work tree, ending in '/' */
	git_commit *head;	      /* NULL when HEAD is unborn */
	git_tree *head_tree;	      /* NULL when HEAD is unborn */
	pr_history *history;	      /* one walk from HEAD */
	pr_audit_tags *tags;	      /* the cache */
	const char *name;	      /* the experiment */
	git_tree *head_runs;	      /* HEAD's runs/NAME, or NULL */
	const pr_ledger_read *ledger; /* runs/NAME/ledger.jsonl */
	int ledger_exists;
	size_t *ledger_by_id; /* indexes of ledger lines with a run_id,
				 sorted by it */
	size_t nledger_by_id;
	/* predictions/NAME.json: HEAD's blob and the newest pin's, hex
	 * ("" when HEAD lacks it; NULL when there is no pin) */
	const char *head_pred;
	const char *newest_pin_pred;
} pr_audit_ctx;

/*
 * Run every check of runs/NAME/RUNID into out (experiment, run_id, status
 * and checks; the grade is left to the caller). Messages of the functions
 * it calls are expected to be silenced (pr_set_quiet) by the caller.
 */
void pr_audit_run_dir(pr_audit_run *out, pr_audit_ctx *ctx, const char *run_id);

/* One run being checked; each check reads what the earlier ones found. */
typedef struct {
	pr_audit_ctx *ctx;
	pr_audit_run *out;
	const char *run_id;
	char *rel;     /* runs/NAME/RUNID */
	pr_manifest m; /* the manifest; m.json NULL when unreadable */
	char *mtext;
	size_t mlen;
	const git_oid *run_commit; /* the commit that added it, or NULL */
	git_commit *run;
	git_tree *run_tree; /* its root tree */
	git_tree *run_dir;  /* its runs/NAME/RUNID */
	git_tree *head_dir; /* HEAD's runs/NAME/RUNID, or NULL */
	git_commit *pin;    /* the manifest's pin commit, or NULL */
	git_tree *pin_tree;
	pr_timings t; /* the archive's rows, when have_rows */
	int have_rows;
	const char *ledger_status; /* of its ledger line, when no manifest */
} pr_audit_state;

/* The data checks, in audit_data.c. */
void pr_audit_check_archive(pr_audit_state *s);
void pr_audit_check_schedule(pr_audit_state *s);
void pr_audit_check_ledger(pr_audit_state *s);

/* Set a check's result and reason (printf format). */
void pr_audit_set(pr_audit_check *c, pr_audit_result r, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The last error message (pr_last_error) with every occurrence of root
 * (a directory ending in '/') cut out, so that paths read relative; the
 * caller frees it. */
char *pr_audit_error(const char *root);
/* status as a row shows it: complete, failed, interrupted or unknown
 * (a static string). */
const char *pr_audit_status(const char *status);

/* The ledger lines of ctx naming run_id: their indexes into
 * ctx->ledger->line via ctx->ledger_by_id, as [*first, *first + *n). */
void pr_audit_ledger_lines(size_t *first, size_t *n, const pr_audit_ctx *ctx,
			   const char *run_id);

#endif
