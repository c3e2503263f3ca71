/* audit-internal.h - the parts of prereg audit (audit.h) that only the
 * audit's files and its tests use: the block check of an archive
 * (blocks.c), the walk of the history (history.c) and the checks of one
 * run directory (rundir.c: provenance, data.c: the data) */
#ifndef PR_AUDIT_INTERNAL_H
#define PR_AUDIT_INTERNAL_H

#include <git2.h>
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "audit/audit.h"
#include "base/util.h"
#include "format/ledger.h"
#include "format/manifest.h"
#include "format/timings.h"

/* ---- blocks.c: an archive's rows held against the invocations the
 * manifest says completed (I6) ---- */

/*
 * What one completed invocation must have left in the archive: one
 * contiguous block of rows of its launch and config, in which every
 * (rep, rank), rep in 0 .. warmup + reps - 1 and rank in 0 .. nranks - 1,
 * appears and nothing else, warmup == (rep < warmup), `samples` rows in
 * all. When items is not NULL, every rank that records item_phase records,
 * in each rep, the values of `items` in that order (the bytes, or the rows
 * when item_rows), and ranks below item_ranks must record them.
 */
typedef struct {
	int launch, config;
	int nranks, warmup, reps;
	uint64_t samples;
	const char *item_phase;
	int item_rows;
	int item_ranks;
	const int64_t *items;
	size_t nitems;
} pr_audit_block;

/*
 * Hold rows (an archive's data rows, in file order) against the blocks
 * the manifest expects, in schedule order. 0 when they match; 1 and
 * *reason (caller frees) when they do not: the first difference, naming
 * the launch, config, rep, rank or archive line.
 */
int pr_audit_blocks(char **reason, const pr_timing *rows, size_t nrows,
		    const pr_audit_block *blocks, size_t nblocks);

/* ---- history.c: one walk of the history from HEAD: which commit added
 * each run's manifest ---- */

typedef struct pr_history pr_history;

/*
 * Walk every commit reachable from HEAD once. A commit adds
 * runs/NAME/RUNID/manifest.json when it holds it and none of its parents
 * does; only the subtrees of runs/ that differ from the first parent's are
 * read. When several commits add the same path, the newest (the first in
 * topological order from HEAD) counts. An unborn HEAD walks nothing.
 * *out is owned by the caller (pr_history_free).
 */
int pr_history_walk(pr_history **out, git_repository *repo);
void pr_history_free(pr_history *h);

/*
 * The commit that added runs/NAME/RUNID/manifest.json, or NULL (borrowed,
 * valid as long as h); *tree (may be NULL) receives the id of the
 * runs/NAME/RUNID tree that commit holds.
 */
const git_oid *pr_history_added(const pr_history *h, const char *name,
				const char *run_id, const git_oid **tree);

/*
 * Is `commit` the same as `ancestor` or a descendant of it? 1 or 0, from
 * the walk's graph (no object is read); 0 when either was not walked.
 * The first query for an ancestor costs one pass over the walked commits,
 * later ones for it none.
 */
int pr_history_descends(pr_history *h, const git_oid *commit,
			const git_oid *ancestor);

/* ---- rundir.c and data.c: the checks of one run directory ---- */

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
 * The error messages of the functions the audit calls, caught instead of
 * printed (base's error routine, util.h): a check that needs the reason
 * of a callee's failure reads it here.
 */
typedef struct {
	char last[1024]; /* the last error caught, "" when none */
	pr_error_routine old;
} pr_audit_catch;
/* Catch messages into c (warnings are dropped) until pr_audit_catch_end
 * puts back the routine it replaced; catches nest. */
void pr_audit_catch_begin(pr_audit_catch *c);
void pr_audit_catch_end(pr_audit_catch *c);
/* msg with every occurrence of root (a directory ending in '/') cut out,
 * so that paths read relative; the caller frees it. */
char *pr_audit_relative(const char *msg, const char *root);

/*
 * Run every check of runs/NAME/RUNID into out (experiment, run_id, status
 * and checks; the grade is left to the caller). The messages of the
 * functions it calls are caught, never printed.
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
	int tag_missing; /* the pin commit is found, its tag is not */
	pr_timings t;	 /* the archive's rows, when have_rows */
	int have_rows;
	const char *ledger_status; /* of its ledger line, when no manifest */
	pr_audit_catch caught;	   /* the callees' messages */
} pr_audit_state;

/* The data checks, in data.c. */
void pr_audit_check_archive(pr_audit_state *s);
void pr_audit_check_schedule(pr_audit_state *s);
void pr_audit_check_ledger(pr_audit_state *s);
/* The pin's token (predictions/NAME.pin-K.tsr in HEAD), in stamp.c. */
void pr_audit_check_stamp(pr_audit_state *s);
/* The pin commit's SSH signature, in sign.c; omitted when unsigned. */
void pr_audit_check_signature(pr_audit_state *s);
/* Drop sign.c's verdicts by pin commit (each audit starts afresh). */
void pr_audit_sign_forget(void);

/* Set a check's result and reason (printf format). */
void pr_audit_set(pr_audit_check *c, pr_audit_result r, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* status as a row shows it: complete, failed, interrupted or unknown
 * (a static string). */
const char *pr_audit_status(const char *status);

/* The ledger lines of ctx naming run_id: their indexes into
 * ctx->ledger->line via ctx->ledger_by_id, as [*first, *first + *n). */
void pr_audit_ledger_lines(size_t *first, size_t *n, const pr_audit_ctx *ctx,
			   const char *run_id);

#endif
