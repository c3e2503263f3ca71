/* graph.c - the commits and refs of a walk of the history (pr_git_walk)
 * as a graph: the first ref that holds a commit, and which commit
 * descends from which */
#include "repo/graph.h"

#include "base/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A walked commit and its parents, by walk index. */
typedef struct {
	git_oid id;
	size_t *parent;
	size_t nparents;
} node;

/* The walk index of a commit id, for lookups. */
typedef struct {
	git_oid id;
	size_t index;
} node_ref;

/* Which walked commits descend from `ancestor` (or are it). */
typedef struct {
	git_oid ancestor;
	unsigned char *below;
} descent;

/* A walked ref: HEAD (the first) or a branch, tag or remote ref, and the
 * commit it names (peeled). */
typedef struct {
	char *name;
	git_oid tip;
} walked_ref;

struct pr_graph {
	node *node; /* in walk order: every child before its parents */
	size_t ncommits, node_cap;
	git_oid *parent_ids; /* while walking: the parents of each node */
	size_t nparent_ids, parent_cap;
	node_ref *by_id; /* sorted by id */
	descent *descent;
	size_t ndescents;
	walked_ref *ref; /* ref[0] is HEAD (no tip when unborn) */
	size_t nrefs;
	int head_born;
	size_t *first_ref; /* per walked commit: the first ref whose history
			      holds it (0: HEAD's) */
};

pr_graph *pr_graph_new(void)
{
	return pr_calloc(1, sizeof(pr_graph));
}

void pr_graph_add_commit(pr_graph *g, const git_commit *c)
{
	size_t np = git_commit_parentcount(c), i;
	node *n;

	if (g->ncommits == g->node_cap) {
		g->node_cap = g->node_cap ? 2 * g->node_cap : 256;
		g->node = pr_realloc(g->node, g->node_cap * sizeof(*g->node));
	}
	n = &g->node[g->ncommits++];
	git_oid_cpy(&n->id, git_commit_id(c));
	n->nparents = np;
	n->parent = np ? pr_calloc(np, sizeof(size_t)) : NULL;
	for (i = 0; i < np; i++) {
		if (g->nparent_ids == g->parent_cap) {
			g->parent_cap = g->parent_cap ? 2 * g->parent_cap : 256;
			g->parent_ids = pr_realloc(
			    g->parent_ids, g->parent_cap * sizeof(git_oid));
		}
		git_oid_cpy(&g->parent_ids[g->nparent_ids++],
			    git_commit_parent_id(c, (unsigned)i));
	}
}

static int by_id(const void *a, const void *b)
{
	return git_oid_cmp(&((const node_ref *)a)->id,
			   &((const node_ref *)b)->id);
}

/* Walk index of id, or ncommits when it was not walked. */
static size_t index_of(const pr_graph *g, const git_oid *id)
{
	node_ref key, *found;

	if (!g->ncommits)
		return 0;
	git_oid_cpy(&key.id, id);
	found = bsearch(&key, g->by_id, g->ncommits, sizeof(key), by_id);
	return found ? found->index : g->ncommits;
}

/* Sort the ids and resolve every parent id into a walk index. */
static void index_graph(pr_graph *g)
{
	size_t i, k, p = 0;

	g->by_id = pr_calloc(g->ncommits, sizeof(*g->by_id));
	for (i = 0; i < g->ncommits; i++) {
		git_oid_cpy(&g->by_id[i].id, &g->node[i].id);
		g->by_id[i].index = i;
	}
	if (g->ncommits)
		qsort(g->by_id, g->ncommits, sizeof(*g->by_id), by_id);
	for (i = 0; i < g->ncommits; i++) {
		for (k = 0; k < g->node[i].nparents; k++)
			g->node[i].parent[k] = index_of(g, &g->parent_ids[p++]);
	}
	free(g->parent_ids);
	g->parent_ids = NULL;
}

int pr_graph_in_head(const pr_graph *g, const git_oid *id)
{
	size_t i = index_of(g, id);

	return i < g->ncommits && g->first_ref[i] == 0;
}

void pr_graph_add_ref(pr_graph *g, const char *name, const git_oid *tip)
{

	g->ref = pr_realloc(g->ref, (g->nrefs + 1) * sizeof(*g->ref));
	g->ref[g->nrefs].name = pr_strdup(name);
	if (tip)
		git_oid_cpy(&g->ref[g->nrefs].tip, tip);
	else
		memset(&g->ref[g->nrefs].tip, 0, sizeof(git_oid));
	g->nrefs++;
	if (g->nrefs == 1)
		g->head_born = tip != NULL;
}

/* Each walked commit's first ref: in walk order every child comes before
 * its parents, so one pass hands each ref down to all it reaches. */
static void label_refs(pr_graph *g)
{
	size_t i, k, r;

	g->first_ref = pr_calloc(g->ncommits + 1, sizeof(size_t));
	for (i = 0; i < g->ncommits; i++)
		g->first_ref[i] = SIZE_MAX;
	for (r = g->head_born ? 0 : 1; r < g->nrefs; r++) {
		i = index_of(g, &g->ref[r].tip);
		if (i < g->ncommits && r < g->first_ref[i])
			g->first_ref[i] = r;
	}
	for (i = 0; i < g->ncommits; i++) {
		for (k = 0; k < g->node[i].nparents; k++) {
			size_t p = g->node[i].parent[k];

			if (p < g->ncommits &&
			    g->first_ref[i] < g->first_ref[p])
				g->first_ref[p] = g->first_ref[i];
		}
	}
}

void pr_graph_index(pr_graph *g)
{
	index_graph(g);
	label_refs(g);
}

size_t pr_graph_ncommits(const pr_graph *g)
{
	return g->ncommits;
}

const char *pr_graph_where(const pr_graph *g, const git_oid *commit,
			   const git_oid **tip)
{
	size_t i = index_of(g, commit), r;

	r = i < g->ncommits ? g->first_ref[i] : SIZE_MAX;
	if (r == 0 || r >= g->nrefs)
		return NULL;
	if (tip)
		*tip = &g->ref[r].tip;
	return g->ref[r].name;
}

/* The descent of ancestor (walk index a): in reverse walk order every
 * parent comes before its children. */
static const unsigned char *descent_of(pr_graph *g, const git_oid *ancestor,
				       size_t a)
{
	unsigned char *below;
	size_t i, k;

	for (i = 0; i < g->ndescents; i++) {
		if (git_oid_equal(&g->descent[i].ancestor, ancestor))
			return g->descent[i].below;
	}
	below = pr_calloc(g->ncommits, 1);
	for (i = g->ncommits; i-- > 0;) {
		below[i] = i == a;
		for (k = 0; k < g->node[i].nparents && !below[i]; k++) {
			size_t p = g->node[i].parent[k];

			below[i] = p < g->ncommits && below[p];
		}
	}
	g->descent =
	    pr_realloc(g->descent, (g->ndescents + 1) * sizeof(*g->descent));
	git_oid_cpy(&g->descent[g->ndescents].ancestor, ancestor);
	g->descent[g->ndescents++].below = below;
	return below;
}

int pr_graph_descends(pr_graph *g, const git_oid *commit,
		      const git_oid *ancestor)
{
	size_t c = index_of(g, commit), a = index_of(g, ancestor);

	if (c == g->ncommits || a == g->ncommits)
		return 0;
	return descent_of(g, ancestor, a)[c];
}

void pr_graph_free(pr_graph *g)
{
	size_t i;

	if (!g)
		return;
	for (i = 0; i < g->ncommits; i++)
		free(g->node[i].parent);
	for (i = 0; i < g->ndescents; i++)
		free(g->descent[i].below);
	for (i = 0; i < g->nrefs; i++)
		free(g->ref[i].name);
	free(g->node);
	free(g->parent_ids);
	free(g->by_id);
	free(g->descent);
	free(g->ref);
	free(g->first_ref);
	free(g);
}
