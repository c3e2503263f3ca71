/* graph.h - the commits and refs of a walk of the history (pr_git_walk)
 * as a graph: the first ref that holds a commit, and which commit
 * descends from which */
#ifndef PR_GRAPH_H
#define PR_GRAPH_H

#include <git2.h>
#include <stddef.h>

typedef struct pr_graph pr_graph;

/* An empty graph (pr_graph_free frees it). */
pr_graph *pr_graph_new(void);

/* Add c, the walk's next commit, and its parents' ids. The walk must be
 * GIT_SORT_TOPOLOGICAL: every child before its parents. */
void pr_graph_add_commit(pr_graph *g, const git_commit *c);

/* A start of the walk, in the order pr_git_walk names them (its on_ref):
 * HEAD first (tip NULL when unborn), then the refs. */
void pr_graph_add_ref(pr_graph *g, const char *name, const git_oid *tip);

/* After the walk: index the commits by id and hand each ref down to the
 * commits it reaches. Nothing is added after. */
void pr_graph_index(pr_graph *g);

/* The commits added so far. */
size_t pr_graph_ncommits(const pr_graph *g);

/* Is the walked commit id reachable from HEAD? */
int pr_graph_in_head(const pr_graph *g, const git_oid *id);

/* The first ref (by the order of pr_graph_add_ref) whose history holds
 * commit, and its tip into *tip (tip may be NULL); NULL when HEAD's does
 * or none does. Borrowed. */
const char *pr_graph_where(const pr_graph *g, const git_oid *commit,
			   const git_oid **tip);

/* Does the walked commit descend from (or equal) the walked ancestor? 0
 * when either was not walked. The answer for each ancestor is kept. */
int pr_graph_descends(pr_graph *g, const git_oid *commit,
		      const git_oid *ancestor);

/* Free g (NULL allowed). */
void pr_graph_free(pr_graph *g);

#endif
