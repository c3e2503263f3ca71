/* audit_history.h - one walk of the history from HEAD: which commit added
 * each run's manifest, for prereg audit */
#ifndef PR_AUDIT_HISTORY_H
#define PR_AUDIT_HISTORY_H

#include <git2.h>
#include <stddef.h>

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

/* Commits the walk visited. */
size_t pr_history_ncommits(const pr_history *h);

#endif
