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
 * when item_rows), and ranks below item_ranks must record them; with
 * items_per_rep (size_order = rep), items holds 1 + reps orders of
 * nitems: the launch's, which the warmup reps keep, then timed rep t's at
 * items + (t + 1) * nitems. When
 * open (workload command: the program decides how many calls it makes),
 * reps bounds nothing and no (rep, rank) is required: every row is of a
 * rank below nranks, warmup == (rep < warmup), `samples` rows in all.
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
	int items_per_rep;
	int open;
} pr_audit_block;

/*
 * Hold rows (an archive's data rows, in file order) against the blocks
 * the manifest expects, in schedule order. 0 when they match; 1 and
 * *reason (caller frees) when they do not: the first difference, naming
 * the launch, config, rep, rank or archive line.
 */
int pr_audit_blocks(char **reason, const pr_timing *rows, size_t nrows,
		    const pr_audit_block *blocks, size_t nblocks);

/* ---- history.c: one walk of the history from HEAD and every ref: which
 * commit added each run's manifest, and where it is ---- */

typedef struct pr_history pr_history;

/*
 * Walk every commit reachable from HEAD or from a branch, remote ref or
 * tag (refs/heads, refs/remotes, refs/tags) once, in one topological
 * walk. A commit adds runs/NAME/RUNID/manifest.json when it holds it and
 * none of its parents does; only the subtrees of runs/ that differ from
 * the first parent's are read. When several commits add the same path,
 * the newest reachable from HEAD counts, else the newest of all (the
 * first in topological order). An unborn HEAD walks the refs alone.
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
 * Where a walked commit is when HEAD does not reach it: the name of the
 * first ref whose history holds it (branches, then remote refs, then
 * tags, each by name; borrowed), *tip (may be NULL) the commit that ref
 * names. NULL when HEAD reaches it (or it was not walked).
 */
const char *pr_history_where(const pr_history *h, const git_oid *commit,
			     const git_oid **tip);

/*
 * Is `commit` the same as `ancestor` or a descendant of it? 1 or 0, from
 * the walk's graph (no object is read); 0 when either was not walked.
 * The first query for an ancestor costs one pass over the walked commits,
 * later ones for it none.
 */
int pr_history_descends(pr_history *h, const git_oid *commit,
			const git_oid *ancestor);

/*
 * The pin commits of every experiment that the walk met, found by their
 * summary "prereg pin NAME (K)" (I1), tag or no tag: the i-th of n, its
 * NAME (borrowed), K and commit. NULL when i >= n.
 */
size_t pr_history_npins(const pr_history *h);
const char *pr_history_pin_at(const pr_history *h, size_t i, int *k,
			      const git_oid **commit);

/* The i-th run manifest added (see pr_history_added), as "NAME/RUNID"
 * (borrowed), with its commit. NULL when i >= n. */
size_t pr_history_nadded(const pr_history *h);
const char *pr_history_added_at(const pr_history *h, size_t i,
				const git_oid **commit);

/*
 * A line a commit took out of runs/NAME/ledger.jsonl: its number in the
 * parent's ledger and its run id ("" when it names none). The walk keeps
 * the first line lost of each ledger in each commit that loses one.
 */
typedef struct {
	char *name, *run_id;
	size_t line;
	git_oid commit;
} pr_history_loss;
size_t pr_history_nlosses(const pr_history *h);
const pr_history_loss *pr_history_loss_at(const pr_history *h, size_t i);

/*
 * The ledger is append-only: does a child commit's ledger (child, clen
 * bytes) keep every line of a parent's (parent, plen bytes)? With one
 * parent the parent's lines must be the child's first lines, byte for
 * byte; with several (merge 1), each parent's lines must each be some
 * line of the child. 0 when they are kept, else the number (1-based) of
 * the first line of the parent that is not.
 */
size_t pr_audit_ledger_lost(const char *parent, size_t plen, const char *child,
			    size_t clen, int merge);

/* ---- replay.c: the samples of runs that repeat another run's ---- */

/*
 * The print of one rank in one block of an archive (the rows of one
 * launch and config, contiguous in file order): SHA-256 (its first 128
 * bits) of the rank's non-warmup durations t_end - t_start, sorted. So it
 * survives what a forger who replays a run under another pin must do:
 * move the block to another launch and config, shift every t_start, and
 * reorder the rows into the new seeds' item order. A rank's samples make
 * a print only when they hold at least PR_REPLAY_MIN distinct durations
 * and their resolution (the gcd of the durations) is finer than
 * PR_REPLAY_COARSE_NS: the ns clocks of two honest runs do not give the
 * same 8 distinct durations, and constant or coarse durations (a synthetic
 * archive, a coarse clock) are left out rather than risk a false match.
 */
#define PR_REPLAY_MIN 8
#define PR_REPLAY_COARSE_NS 1000
typedef struct {
	uint64_t h[2];
	int launch, config, rank;
	size_t nsamples;
	size_t run; /* the caller's index of the run */
} pr_audit_print;

/* The prints of an archive's rows (file order) into *out (caller frees);
 * returns their number. `run` is left 0. */
size_t pr_audit_prints(pr_audit_print **out, const pr_timing *rows,
		       size_t nrows);

/* Print `second` repeats print `first` (indexes into the prints), of
 * another run, first < second. */
typedef struct {
	size_t first, second;
} pr_audit_replay;

/* Every print of p that repeats an earlier print of another run: one
 * pair each, matched to the first such print, in the order of p, into
 * *out (caller frees); returns their number. */
size_t pr_audit_replays(pr_audit_replay **out, const pr_audit_print *p,
			size_t n);

/* ---- findings.c: what the audit sees across runs (DESIGN 2, audit) ---- */

/* What the findings need of the audited runs, collected as each is
 * checked. */
typedef struct pr_audit_seen pr_audit_seen;
pr_audit_seen *pr_audit_seen_new(void);
void pr_audit_seen_free(pr_audit_seen *seen);

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
	pr_audit_seen *seen; /* for the findings */
	int runs_only;	     /* pr_audit_runs: no analysis check */
} pr_audit_ctx;

/* msg with every occurrence of root (a directory ending in '/') cut out,
 * so that paths read relative; the caller frees it. */
char *pr_audit_relative(const char *msg, const char *root);

/*
 * Run every check of runs/NAME/RUNID into out (experiment, run_id, status
 * and checks; the grade is left to the caller). The messages of the
 * functions it calls are recorded in a scope, never shown.
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
	char *gz; /* timings.csv.gz's bytes, read once for the committed
		     and archive checks, or NULL */
	size_t gzlen;
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
	pr_error_scope caught;	   /* the callees' errors, recorded */
} pr_audit_state;

/* The committed check: the run's files as its commit, HEAD and the work
 * tree hold them (the archive's bytes kept in gz), in committed.c. */
void pr_audit_check_committed(pr_audit_state *s);
/* The data checks, in data.c. */
void pr_audit_check_archive(pr_audit_state *s);
void pr_audit_check_schedule(pr_audit_state *s);
void pr_audit_check_ledger(pr_audit_state *s);
/* The arrival delays of workloads arrival and dp-step, rebuilt from each
 * launch's seed and the pinned spec (and the replayed run), in
 * arrivals.c; omitted for the other workloads. */
void pr_audit_check_delays(pr_audit_state *s);
/* The pin's token (predictions/NAME.pin-K.tsr in HEAD), in stamp.c. */
void pr_audit_check_stamp(pr_audit_state *s);
/* The pin commit's SSH signature, in sign.c; omitted when unsigned. */
void pr_audit_check_signature(pr_audit_state *s);
/* Drop sign.c's verdicts by pin commit (each audit starts afresh). */
void pr_audit_sign_forget(void);

/*
 * The runs of experiment ctx->name that only commits off HEAD added (on
 * another branch, a remote ref or a tag), in elsewhere.c: each checked as
 * pr_audit_run_dir checks a run of HEAD, against the tip of the first ref
 * that holds it (else the commit that added it), its files written out of
 * git into a temporary root; `where` names the ref, the committed check
 * says it (an advisory WARN when it passed). Rows are appended to
 * *rows (*n of them, *cap allocated).
 */
void pr_audit_elsewhere(pr_audit_run **rows, size_t *n, size_t *cap,
			pr_audit_ctx *ctx);
/* Does the commit `commit` hold runs/NAME/RUNID/manifest.json? */
int pr_audit_commit_holds(git_repository *repo, const git_oid *commit,
			  const char *name, const char *run_id);

/* Keep what the findings need of the run s (its pin, its commit, the
 * prints of its rows), in findings.c. */
void pr_audit_seen_run(pr_audit_seen *seen, const pr_audit_state *s);

/*
 * The findings of the audit a (every row audited, not yet graded) into
 * a->finding, sorted; each failing finding that names a run sets its
 * row's `found_broken`. Reads the history and the repository of ctx.
 */
void pr_audit_find(pr_audit *a, pr_audit_ctx *ctx);
/* a->finding as the JSON array of `prereg audit --json` "findings". */
json_t *pr_audit_findings_json(const pr_audit *a);
/* Free a->finding and empty it. */
void pr_audit_findings_free(pr_audit *a);

/* Set a check's result and reason (printf format). */
void pr_audit_set(pr_audit_check *c, pr_audit_result r, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* status as a row shows it: complete, failed, interrupted or unknown
 * (a static string). */
const char *pr_audit_status(const char *status);

/* Read runs/NAME/ledger.jsonl below ctx->root into *l (the caller frees it
 * and ctx->ledger_by_id) and index it by run id into ctx, in audit.c. */
void pr_audit_read_ledger(pr_audit_ctx *ctx, pr_ledger_read *l);

/* The ledger lines of ctx naming run_id: their indexes into
 * ctx->ledger->line via ctx->ledger_by_id, as [*first, *first + *n). */
void pr_audit_ledger_lines(size_t *first, size_t *n, const pr_audit_ctx *ctx,
			   const char *run_id);

/* ---- the lists of names audit.c and analysis.c share ---- */

/* A list of names (experiments, run ids), sorted when done. */
typedef struct {
	char **v;
	size_t n, cap;
} pr_audit_names;
/* Add a copy of s to l. */
void pr_audit_names_add(pr_audit_names *l, const char *s);
/* strcmp for qsort and bsearch over an array of char *. */
int pr_audit_by_string(const void *a, const void *b);
/* Free l's names and array (l itself is the caller's). */
void pr_audit_names_free(pr_audit_names *l);

/* The analysis check of ctx's experiment, in analysis.c: the committed
 * report against the one 'prereg analyze' renders now from the
 * committed runs it covers. */
void pr_audit_check_analysis(pr_audit_check *c, const pr_audit_ctx *ctx);

#endif
