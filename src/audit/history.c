/* history.c - one walk of the history from HEAD: which commit added
 * each run's manifest, for prereg audit */
#include "audit/audit-internal.h"

#include <stdlib.h>
#include <string.h>

#include "repo/git.h"
#include "base/util.h"
#include "repo/paths.h"

#define MANIFEST PR_MANIFEST_FILE

/* runs/KEY/manifest.json was added by commit, the walk's `order`-th. */
typedef struct {
	char *key; /* "NAME/RUNID" */
	git_oid commit;
	git_oid tree; /* runs/KEY in that commit */
	size_t order;
} added;

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

struct pr_history {
	added *add;
	size_t n, cap;
	node *node; /* in walk order: every child before its parents */
	size_t ncommits, node_cap;
	git_oid *parent_ids; /* while walking: the parents of each node */
	size_t nparent_ids, parent_cap;
	node_ref *by_id; /* sorted by id */
	descent *descent;
	size_t ndescents;
};

/* The subtree `name` of tree (may be NULL) into *out, or NULL. */
static int subtree(git_tree **out, git_repository *repo, const git_tree *tree,
		   const char *name)
{
	const git_tree_entry *e;

	*out = NULL;
	if (!tree || !(e = git_tree_entry_byname(tree, name)) ||
	    git_tree_entry_type(e) != GIT_OBJECT_TREE)
		return PR_OK;
	if (git_tree_lookup(out, repo, git_tree_entry_id(e)) < 0)
		return pr_git_error("cannot read a tree");
	return PR_OK;
}

/* Does tree (may be NULL) hold the entry `name` with the same id as e? */
static int same_entry(const git_tree *tree, const git_tree_entry *e)
{
	const git_tree_entry *o;

	if (!tree || !(o = git_tree_entry_byname(tree, git_tree_entry_name(e))))
		return 0;
	return git_oid_equal(git_tree_entry_id(o), git_tree_entry_id(e));
}

/* Does tree (runs/NAME of some commit, may be NULL) hold RUNID/manifest? */
static int has_manifest(int *out, git_repository *repo, const git_tree *tree,
			const char *run_id)
{
	git_tree *run = NULL;
	const git_tree_entry *e;
	int error;

	*out = 0;
	if ((error = subtree(&run, repo, tree, run_id)) < 0 || !run)
		return error;
	e = git_tree_entry_byname(run, MANIFEST);
	*out = e && git_tree_entry_type(e) == GIT_OBJECT_BLOB;
	git_tree_free(run);
	return PR_OK;
}

static void push(pr_history *h, const char *name, const char *run_id,
		 const git_oid *commit, const git_oid *tree)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 256;
		h->add = pr_realloc(h->add, h->cap * sizeof(*h->add));
	}
	h->add[h->n].key = pr_asprintf("%s/%s", name, run_id);
	git_oid_cpy(&h->add[h->n].commit, commit);
	git_oid_cpy(&h->add[h->n].tree, tree);
	h->add[h->n].order = h->ncommits; /* the commit being visited */
	h->n++;
}

/*
 * The runs that commit adds below runs/NAME: exp is its runs/NAME tree,
 * pexp[i] the i-th parent's (NULL where the parent lacks it).
 */
static int added_runs(pr_history *h, git_repository *repo, const char *name,
		      const git_oid *commit, const git_tree *exp,
		      git_tree *const *pexp, size_t nparents)
{
	size_t i, n = git_tree_entrycount(exp), p;
	int here, there, error = PR_OK;

	for (i = 0; i < n && error == 0; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(exp, i);
		const char *run_id = git_tree_entry_name(e);

		if (git_tree_entry_type(e) != GIT_OBJECT_TREE ||
		    (nparents && same_entry(pexp[0], e)))
			continue;
		if ((error = has_manifest(&here, repo, exp, run_id)) < 0 ||
		    !here)
			continue;
		for (p = 0, there = 0; p < nparents && !there && !error; p++)
			error = has_manifest(&there, repo, pexp[p], run_id);
		if (!error && !there)
			push(h, name, run_id, commit, git_tree_entry_id(e));
	}
	return error;
}

/* Record c and its parents' ids in the graph; indexes come later. */
static void add_node(pr_history *h, git_commit *c)
{
	size_t np = git_commit_parentcount(c), i;
	node *n;

	if (h->ncommits == h->node_cap) {
		h->node_cap = h->node_cap ? 2 * h->node_cap : 256;
		h->node = pr_realloc(h->node, h->node_cap * sizeof(*h->node));
	}
	n = &h->node[h->ncommits++];
	git_oid_cpy(&n->id, git_commit_id(c));
	n->nparents = np;
	n->parent = np ? pr_calloc(np, sizeof(size_t)) : NULL;
	for (i = 0; i < np; i++) {
		if (h->nparent_ids == h->parent_cap) {
			h->parent_cap = h->parent_cap ? 2 * h->parent_cap : 256;
			h->parent_ids = pr_realloc(
			    h->parent_ids, h->parent_cap * sizeof(git_oid));
		}
		git_oid_cpy(&h->parent_ids[h->nparent_ids++],
			    git_commit_parent_id(c, (unsigned)i));
	}
}

/* The runs commit c adds: descend only where runs/ differs from the first
 * parent's. */
static int visit(pr_history *h, git_repository *repo, git_commit *c)
{
	size_t np = git_commit_parentcount(c), i, j, n;
	git_tree *tree = NULL, *runs = NULL, *exp = NULL;
	git_tree **pruns = pr_calloc(np + 1, sizeof(git_tree *));
	git_tree **pexp = pr_calloc(np + 1, sizeof(git_tree *));
	int error;

	if ((error = git_commit_tree(&tree, c)) < 0) {
		error = pr_git_error("cannot read a commit's tree");
		goto cleanup;
	}
	if ((error = subtree(&runs, repo, tree, "runs")) < 0 || !runs)
		goto cleanup;
	for (i = 0; i < np && error == 0; i++) {
		git_commit *parent = NULL;
		git_tree *ptree = NULL;

		if (git_commit_parent(&parent, c, (unsigned)i) < 0 ||
		    git_commit_tree(&ptree, parent) < 0)
			error = pr_git_error("cannot read a parent commit");
		else
			error = subtree(&pruns[i], repo, ptree, "runs");
		git_tree_free(ptree);
		git_commit_free(parent);
	}
	if (error < 0 ||
	    (np && pruns[0] &&
	     git_oid_equal(git_tree_id(runs), git_tree_id(pruns[0]))))
		goto cleanup;
	n = git_tree_entrycount(runs);
	for (i = 0; i < n && error == 0; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(runs, i);
		const char *name = git_tree_entry_name(e);

		if (git_tree_entry_type(e) != GIT_OBJECT_TREE ||
		    (np && same_entry(pruns[0], e)))
			continue;
		for (j = 0; j < np && error == 0; j++)
			error = subtree(&pexp[j], repo, pruns[j], name);
		if (error == 0 &&
		    (error = subtree(&exp, repo, runs, name)) == 0)
			error = added_runs(h, repo, name, git_commit_id(c), exp,
					   pexp, np);
		git_tree_free(exp);
		exp = NULL;
		for (j = 0; j < np; j++) {
			git_tree_free(pexp[j]);
			pexp[j] = NULL;
		}
	}
cleanup:
	for (i = 0; i < np; i++)
		git_tree_free(pruns[i]);
	free(pruns);
	free(pexp);
	git_tree_free(runs);
	git_tree_free(tree);
	return error;
}

static int by_id(const void *a, const void *b)
{
	return git_oid_cmp(&((const node_ref *)a)->id,
			   &((const node_ref *)b)->id);
}

/* Walk index of id, or ncommits when it was not walked. */
static size_t index_of(const pr_history *h, const git_oid *id)
{
	node_ref key, *found;

	if (!h->ncommits)
		return 0;
	git_oid_cpy(&key.id, id);
	found = bsearch(&key, h->by_id, h->ncommits, sizeof(key), by_id);
	return found ? found->index : h->ncommits;
}

/* Sort the ids and resolve every parent id into a walk index. */
static void index_graph(pr_history *h)
{
	size_t i, k, p = 0;

	h->by_id = pr_calloc(h->ncommits, sizeof(*h->by_id));
	for (i = 0; i < h->ncommits; i++) {
		git_oid_cpy(&h->by_id[i].id, &h->node[i].id);
		h->by_id[i].index = i;
	}
	if (h->ncommits)
		qsort(h->by_id, h->ncommits, sizeof(*h->by_id), by_id);
	for (i = 0; i < h->ncommits; i++) {
		for (k = 0; k < h->node[i].nparents; k++)
			h->node[i].parent[k] = index_of(h, &h->parent_ids[p++]);
	}
	free(h->parent_ids);
	h->parent_ids = NULL;
}

static int by_key_then_order(const void *a, const void *b)
{
	const added *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	return (x->order > y->order) - (x->order < y->order);
}

/* Sort by key and keep the newest addition of each. */
static void index_added(pr_history *h)
{
	size_t i, n = 0;

	if (h->n)
		qsort(h->add, h->n, sizeof(*h->add), by_key_then_order);
	for (i = 0; i < h->n; i++) {
		if (n && !strcmp(h->add[n - 1].key, h->add[i].key)) {
			free(h->add[i].key);
			continue;
		}
		h->add[n++] = h->add[i];
	}
	h->n = n;
}

int pr_history_walk(pr_history **out, git_repository *repo)
{
	pr_history *h = pr_calloc(1, sizeof(*h));
	git_revwalk *walk = NULL;
	git_oid id;
	int error;

	*out = NULL;
	if (git_revwalk_new(&walk, repo) < 0 ||
	    git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL) < 0) {
		error = pr_git_error("cannot walk the history");
		goto cleanup;
	}
	error = git_revwalk_push_head(walk);
	if (error == GIT_EUNBORNBRANCH || error == GIT_ENOTFOUND) {
		git_error_clear();
		error = PR_OK;
		goto done;
	}
	if (error < 0) {
		error = pr_git_error("cannot walk the history from HEAD");
		goto cleanup;
	}
	while ((error = git_revwalk_next(&id, walk)) == 0) {
		git_commit *c = NULL;

		if (git_commit_lookup(&c, repo, &id) < 0) {
			error = pr_git_error("cannot read a commit");
			goto cleanup;
		}
		add_node(h, c);
		error = visit(h, repo, c);
		git_commit_free(c);
		if (error < 0)
			goto cleanup;
	}
	if (error != GIT_ITEROVER) {
		error = pr_git_error("cannot walk the history");
		goto cleanup;
	}
	error = PR_OK;
done:
	index_added(h);
	index_graph(h);
	*out = h;
	h = NULL;
cleanup:
	git_revwalk_free(walk);
	pr_history_free(h);
	return error;
}

static int by_key(const void *k, const void *a)
{
	return strcmp(k, ((const added *)a)->key);
}

const git_oid *pr_history_added(const pr_history *h, const char *name,
				const char *run_id, const git_oid **tree)
{
	char *key = pr_asprintf("%s/%s", name, run_id);
	const added *a =
	    h->n ? bsearch(key, h->add, h->n, sizeof(*h->add), by_key) : NULL;

	free(key);
	if (tree)
		*tree = a ? &a->tree : NULL;
	return a ? &a->commit : NULL;
}

/* The descent of ancestor (walk index a): in reverse walk order every
 * parent comes before its children. */
static const unsigned char *descent_of(pr_history *h, const git_oid *ancestor,
				       size_t a)
{
	unsigned char *below;
	size_t i, k;

	for (i = 0; i < h->ndescents; i++) {
		if (git_oid_equal(&h->descent[i].ancestor, ancestor))
			return h->descent[i].below;
	}
	below = pr_calloc(h->ncommits, 1);
	for (i = h->ncommits; i-- > 0;) {
		below[i] = i == a;
		for (k = 0; k < h->node[i].nparents && !below[i]; k++) {
			size_t p = h->node[i].parent[k];

			below[i] = p < h->ncommits && below[p];
		}
	}
	h->descent =
	    pr_realloc(h->descent, (h->ndescents + 1) * sizeof(*h->descent));
	git_oid_cpy(&h->descent[h->ndescents].ancestor, ancestor);
	h->descent[h->ndescents++].below = below;
	return below;
}

int pr_history_descends(pr_history *h, const git_oid *commit,
			const git_oid *ancestor)
{
	size_t c = index_of(h, commit), a = index_of(h, ancestor);

	if (c == h->ncommits || a == h->ncommits)
		return 0;
	return descent_of(h, ancestor, a)[c];
}

void pr_history_free(pr_history *h)
{
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->n; i++)
		free(h->add[i].key);
	for (i = 0; i < h->ncommits; i++)
		free(h->node[i].parent);
	for (i = 0; i < h->ndescents; i++)
		free(h->descent[i].below);
	free(h->add);
	free(h->node);
	free(h->parent_ids);
	free(h->by_id);
	free(h->descent);
	free(h);
}
