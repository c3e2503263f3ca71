/* history.c - one walk of the history from HEAD and every branch, tag and
 * remote ref: which commit added each run's manifest (and on which ref it
 * is when HEAD does not hold it), the pin commits, and the ledger lines a
 * commit took out, for prereg audit */
#include "audit/audit-internal.h"

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/git.h"
#include "repo/graph.h"
#include "base/util.h"
#include "repo/paths.h"
#include "repo/pin.h"

#define MANIFEST PR_MANIFEST_FILE
#define LEDGER "ledger.jsonl"

/* runs/KEY/manifest.json was added by commit, the walk's `order`-th. */
typedef struct {
	char *key; /* "NAME/RUNID" */
	git_oid commit;
	git_oid tree; /* runs/KEY in that commit */
	size_t order;
} added;

/* A pin commit by its summary. */
typedef struct {
	char *name;
	int k;
	git_oid commit;
} pin_commit;

/* HEAD's runs/NAME/ledger.jsonl (blob NULL when HEAD has none). */
typedef struct {
	char *name;
	git_blob *blob;
} head_ledger;

struct pr_history {
	git_repository *repo; /* while walking */
	added *add;
	size_t n, cap;
	pin_commit *pin;
	size_t npins, pin_cap;
	pr_history_loss *loss;
	size_t nlosses, loss_cap;
	git_blob *last_ledger; /* the parent's ledger last read: the next
				  commit's own */
	git_odb *odb;
	struct {
		git_oid id;	/* a blob head_prefix judged */
		char name[256]; /* of runs/NAME */
		size_t len;
		int same, valid;
	} prefix[2]; /* the last two: a parent's ledger is the next commit's,
			judged once */
	int prefix_next;     /* the slot to fill next */
	git_tree *head_runs; /* HEAD's runs/, or NULL */
	head_ledger *head;   /* HEAD's ledgers, as they are asked for */
	size_t nheads;
	pr_graph *graph; /* the walked commits and refs */
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
	h->add[h->n].order = pr_graph_ncommits(h->graph); /* being visited */
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

/* ---- pins and ledgers ---- */

/* Note c when its summary is the pin summary of some NAME. */
static void note_pin(pr_history *h, git_commit *c)
{
	const char *summary = git_commit_summary(c);
	char name[256];
	int k;

	if (!summary || sscanf(summary, "prereg pin %255s (", name) != 1 ||
	    (k = pr_pin_summary_k(summary, name)) <= 0)
		return;
	if (h->npins == h->pin_cap) {
		h->pin_cap = h->pin_cap ? 2 * h->pin_cap : 16;
		h->pin = pr_realloc(h->pin, h->pin_cap * sizeof(*h->pin));
	}
	h->pin[h->npins].name = pr_strdup(name);
	h->pin[h->npins].k = k;
	git_oid_cpy(&h->pin[h->npins++].commit, git_commit_id(c));
}

size_t pr_audit_ledger_lost(const char *parent, size_t plen, const char *child,
			    size_t clen, int merge)
{
	size_t d = 0, line = 1, i;

	if (merge) {
		const char *p = parent, *end = parent + plen, *nl;

		for (; p < end; p = nl ? nl + 1 : end, line++) {
			const char *c = child, *cend = child + clen, *cnl;
			size_t n;
			int found = 0;

			nl = memchr(p, '\n', (size_t)(end - p));
			n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
			for (; c < cend && !found; c = cnl ? cnl + 1 : cend) {
				cnl = memchr(c, '\n', (size_t)(cend - c));
				found =
				    (size_t)((cnl ? cnl + 1 : cend) - c) == n &&
				    !memcmp(c, p, n);
			}
			if (!found)
				return line;
		}
		return 0;
	}
	while (d < plen && d < clen && parent[d] == child[d])
		d++;
	if (d == plen && (plen == clen || !plen || parent[plen - 1] == '\n'))
		return 0;
	for (i = 0; i < d; i++)
		line += parent[i] == '\n';
	return line;
}

/* HEAD's ledger of NAME, read once; NULL when HEAD has none. */
static const git_blob *head_ledger_of(pr_history *h, git_repository *repo,
				      const char *name)
{
	git_tree *exp = NULL;
	const git_tree_entry *e;
	head_ledger *x;
	size_t i;

	for (i = 0; i < h->nheads; i++) {
		if (!strcmp(h->head[i].name, name))
			return h->head[i].blob;
	}
	h->head = pr_realloc(h->head, (h->nheads + 1) * sizeof(*h->head));
	x = &h->head[h->nheads++];
	x->name = pr_strdup(name);
	x->blob = NULL;
	if (subtree(&exp, repo, h->head_runs, name) == 0 && exp &&
	    (e = git_tree_entry_byname(exp, LEDGER)) &&
	    git_tree_entry_type(e) == GIT_OBJECT_BLOB &&
	    git_blob_lookup(&x->blob, repo, git_tree_entry_id(e)) < 0)
		x->blob = NULL;
	git_error_clear();
	git_tree_free(exp);
	return x->blob;
}

/*
 * Is the blob `id` the first whole lines of HEAD's ledger of NAME? 1 with
 * its length in *len, else 0. Only the object's header is read: the id of
 * HEAD's first *len bytes, hashed as git hashes a blob, is compared with
 * id (git's own identity of contents).
 */
static int head_prefix_judge(size_t *len, pr_history *h, git_repository *repo,
			     const char *name, const git_oid *id);

static int head_prefix(size_t *len, pr_history *h, git_repository *repo,
		       const char *name, const git_oid *id)
{
	int k;

	for (k = 0; k < 2; k++) {
		if (h->prefix[k].valid && git_oid_equal(&h->prefix[k].id, id) &&
		    !strcmp(h->prefix[k].name, name)) {
			*len = h->prefix[k].len;
			return h->prefix[k].same;
		}
	}
	k = h->prefix_next;
	h->prefix_next = !k;
	h->prefix[k].same =
	    head_prefix_judge(&h->prefix[k].len, h, repo, name, id);
	h->prefix[k].valid = strlen(name) < sizeof(h->prefix[k].name);
	if (h->prefix[k].valid) {
		git_oid_cpy(&h->prefix[k].id, id);
		strcpy(h->prefix[k].name, name);
	}
	*len = h->prefix[k].len;
	return h->prefix[k].same;
}

static int head_prefix_judge(size_t *len, pr_history *h, git_repository *repo,
			     const char *name, const git_oid *id)
{
	const git_blob *head = head_ledger_of(h, repo, name);
	const char *text;
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	git_object_t type;
	char hdr[64];
	EVP_MD_CTX *ctx;
	int n, same;

	if (!head || !h->odb)
		return 0;
	text = git_blob_rawcontent(head);
	if (git_oid_equal(git_blob_id(head), id)) {
		*len = (size_t)git_blob_rawsize(head);
		return 1;
	}
	if (git_odb_read_header(len, &type, h->odb, id) < 0) {
		git_error_clear();
		return 0;
	}
	if (type != GIT_OBJECT_BLOB || *len > (size_t)git_blob_rawsize(head) ||
	    (*len && text[*len - 1] != '\n'))
		return 0;
	n = snprintf(hdr, sizeof(hdr), "blob %zu", *len) + 1;
	ctx = EVP_MD_CTX_new();
	same = ctx && EVP_DigestInit_ex(ctx, EVP_sha1(), NULL) == 1 &&
	       EVP_DigestUpdate(ctx, hdr, (size_t)n) == 1 &&
	       EVP_DigestUpdate(ctx, text, *len) == 1 &&
	       EVP_DigestFinal_ex(ctx, md, &mdlen) == 1 &&
	       mdlen == GIT_OID_RAWSZ && !memcmp(md, id->id, GIT_OID_RAWSZ);
	EVP_MD_CTX_free(ctx);
	return same;
}

/* The blob id into *out, reusing the one read last. */
static int ledger_blob(git_blob **out, pr_history *h, git_repository *repo,
		       const git_oid *id)
{
	if (h->last_ledger && git_oid_equal(git_blob_id(h->last_ledger), id))
		return git_blob_dup(out, h->last_ledger);
	if (git_blob_lookup(out, repo, id) < 0)
		return pr_git_error("cannot read a ledger");
	return PR_OK;
}

static void push_loss(pr_history *h, const char *name, size_t line,
		      const git_blob *parent, const git_oid *commit)
{
	pr_ledger_read l;
	pr_history_loss *x;

	pr_ledger_read_buf(&l, git_blob_rawcontent(parent),
			   (size_t)git_blob_rawsize(parent), LEDGER);
	if (h->nlosses == h->loss_cap) {
		h->loss_cap = h->loss_cap ? 2 * h->loss_cap : 16;
		h->loss = pr_realloc(h->loss, h->loss_cap * sizeof(*h->loss));
	}
	x = &h->loss[h->nlosses++];
	x->name = pr_strdup(name);
	x->run_id = pr_strdup(line <= l.n && l.line[line - 1].run_id
				  ? l.line[line - 1].run_id
				  : "");
	x->line = line;
	git_oid_cpy(&x->commit, commit);
	pr_ledger_read_free(&l);
}

/*
 * Does commit keep every line of the parent's runs/NAME/ledger.jsonl?
 * pexp is the parent's runs/NAME, exp the commit's (NULL when it has
 * none). Only ledgers whose blob ids differ are read.
 */
static int ledger_kept(pr_history *h, git_repository *repo,
		       const git_oid *commit, const char *name,
		       const git_tree *pexp, const git_tree *exp, int merge)
{
	const git_tree_entry *pl = git_tree_entry_byname(pexp, LEDGER), *cl;
	git_blob *pb = NULL, *cb = NULL;
	size_t lost, plen, clen;
	int error;

	cl = exp ? git_tree_entry_byname(exp, LEDGER) : NULL;
	if (!pl || git_tree_entry_type(pl) != GIT_OBJECT_BLOB ||
	    (cl && git_oid_equal(git_tree_entry_id(cl), git_tree_entry_id(pl))))
		return PR_OK;
	/* both the first lines of HEAD's ledger, the parent's no more of
	 * them: kept, and nothing read */
	if (!merge && cl &&
	    head_prefix(&plen, h, repo, name, git_tree_entry_id(pl)) &&
	    head_prefix(&clen, h, repo, name, git_tree_entry_id(cl)) &&
	    plen <= clen)
		return PR_OK;
	if (cl && git_tree_entry_type(cl) == GIT_OBJECT_BLOB &&
	    (error = ledger_blob(&cb, h, repo, git_tree_entry_id(cl))) < 0)
		goto cleanup;
	if ((error = ledger_blob(&pb, h, repo, git_tree_entry_id(pl))) < 0)
		goto cleanup;
	lost = pr_audit_ledger_lost(
	    git_blob_rawcontent(pb), (size_t)git_blob_rawsize(pb),
	    cb ? git_blob_rawcontent(cb) : "",
	    cb ? (size_t)git_blob_rawsize(cb) : 0, merge);
	if (lost)
		push_loss(h, name, lost, pb, commit);
	git_blob_free(h->last_ledger);
	h->last_ledger = pb;
	pb = NULL;
cleanup:
	git_blob_free(pb);
	git_blob_free(cb);
	return error;
}

/* ledger_kept for the parent's runs/NAME entry pe and the commit's runs
 * tree (may be NULL). */
static int ledger_kept_entry(pr_history *h, git_repository *repo,
			     const git_oid *commit, const git_tree *runs,
			     const git_tree_entry *pe, int merge)
{
	git_tree *pexp = NULL, *exp = NULL;
	int error;

	if (git_tree_lookup(&pexp, repo, git_tree_entry_id(pe)) < 0)
		error = pr_git_error("cannot read a tree");
	else if ((error = subtree(&exp, repo, runs, git_tree_entry_name(pe))) ==
		 0)
		error = ledger_kept(h, repo, commit, git_tree_entry_name(pe),
				    pexp, exp, merge);
	git_tree_free(exp);
	git_tree_free(pexp);
	return error;
}

/* The ledger lines that commit c (runs tree `runs`, may be NULL) takes out
 * of its parents' (runs trees pruns, NULL where a parent has none), but
 * for the experiments that both c and its first parent hold, which visit
 * checks with the trees it reads anyway. */
static int ledger_losses(pr_history *h, git_repository *repo, git_commit *c,
			 const git_tree *runs, git_tree *const *pruns,
			 size_t np)
{
	size_t p, i, n;
	int error = PR_OK;

	for (p = 0; p < np && error == 0; p++) {
		if (!pruns[p] || (runs && git_oid_equal(git_tree_id(runs),
							git_tree_id(pruns[p]))))
			continue;
		n = git_tree_entrycount(pruns[p]);
		for (i = 0; i < n && error == 0; i++) {
			const git_tree_entry *e =
			    git_tree_entry_byindex(pruns[p], i);

			const git_tree_entry *ce =
			    runs ? git_tree_entry_byname(runs,
							 git_tree_entry_name(e))
				 : NULL;

			if (git_tree_entry_type(e) != GIT_OBJECT_TREE ||
			    same_entry(runs, e) ||
			    (p == 0 && ce &&
			     git_tree_entry_type(ce) == GIT_OBJECT_TREE))
				continue;
			error = ledger_kept_entry(h, repo, git_commit_id(c),
						  runs, e, np > 1);
		}
	}
	return error;
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
	if ((error = subtree(&runs, repo, tree, "runs")) < 0)
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
	if (error == 0)
		error = ledger_losses(h, repo, c, runs, pruns, np);
	if (error < 0 || !runs ||
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
		    (error = subtree(&exp, repo, runs, name)) == 0 && np &&
		    pexp[0])
			error = ledger_kept(h, repo, git_commit_id(c), name,
					    pexp[0], exp, np > 1);
		if (error == 0)
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

static int by_key_then_order(const void *a, const void *b)
{
	const added *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	return (x->order > y->order) - (x->order < y->order);
}

/* Sort by key and keep, of each, the newest addition reachable from
 * HEAD, else the newest of all. */
static void index_added(pr_history *h)
{
	size_t i = 0, j, end, keep, n = 0;

	if (h->n)
		qsort(h->add, h->n, sizeof(*h->add), by_key_then_order);
	while (i < h->n) {
		for (end = i + 1;
		     end < h->n && !strcmp(h->add[end].key, h->add[i].key);
		     end++)
			;
		for (keep = i;
		     keep < end &&
		     !pr_graph_in_head(h->graph, &h->add[keep].commit);
		     keep++)
			;
		if (keep == end)
			keep = i;
		for (j = i; j < end; j++) {
			if (j != keep)
				free(h->add[j].key);
		}
		h->add[n++] = h->add[keep];
		i = end;
	}
	h->n = n;
}

/* HEAD's runs/ into h->head_runs, NULL when there is none. */
static void head_runs(pr_history *h, git_repository *repo)
{
	git_object *head = NULL;
	git_tree *tree = NULL;

	if (git_revparse_single(&head, repo, "HEAD^{tree}") == 0) {
		tree = (git_tree *)head;
		if (subtree(&h->head_runs, repo, tree, "runs") < 0)
			h->head_runs = NULL;
	}
	git_error_clear();
	git_tree_free(tree);
}

/* A start of the walk: HEAD, then every branch, remote ref and tag (a
 * clone of a bundle holds the bundle's branches as
 * refs/remotes/origin/NAME). */
static void walk_ref(const char *name, const git_oid *tip, void *payload)
{
	pr_history *h = payload;

	pr_graph_add_ref(h->graph, name, tip);
}

/* One walked commit: the graph, a pin commit, the runs and ledgers. */
static int walk_commit(git_commit *c, void *payload)
{
	pr_history *h = payload;

	pr_graph_add_commit(h->graph, c);
	note_pin(h, c);
	return visit(h, h->repo, c);
}

int pr_history_walk(pr_history **out, git_repository *repo)
{
	pr_history *h = pr_calloc(1, sizeof(*h));
	pr_git_walk_opts opts = {0};
	int error;

	*out = NULL;
	h->repo = repo;
	h->graph = pr_graph_new();
	if (git_repository_odb(&h->odb, repo) < 0)
		h->odb = NULL; /* no shortcut: every ledger is read */
	head_runs(h, repo);
	opts.every_ref = 1;
	opts.sorting = GIT_SORT_TOPOLOGICAL;
	opts.on_ref = walk_ref;
	if ((error = pr_git_walk(repo, &opts, walk_commit, h)) < 0)
		goto cleanup;
	pr_graph_index(h->graph);
	index_added(h);
	*out = h;
	h = NULL;
cleanup:
	pr_history_free(h);
	return error;
}

const char *pr_history_where(const pr_history *h, const git_oid *commit,
			     const git_oid **tip)
{
	return pr_graph_where(h->graph, commit, tip);
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

size_t pr_history_nadded(const pr_history *h)
{
	return h->n;
}

const char *pr_history_added_at(const pr_history *h, size_t i,
				const git_oid **commit)
{
	if (i >= h->n)
		return NULL;
	*commit = &h->add[i].commit;
	return h->add[i].key;
}

size_t pr_history_npins(const pr_history *h)
{
	return h->npins;
}

const char *pr_history_pin_at(const pr_history *h, size_t i, int *k,
			      const git_oid **commit)
{
	if (i >= h->npins)
		return NULL;
	*k = h->pin[i].k;
	*commit = &h->pin[i].commit;
	return h->pin[i].name;
}

size_t pr_history_nlosses(const pr_history *h)
{
	return h->nlosses;
}

const pr_history_loss *pr_history_loss_at(const pr_history *h, size_t i)
{
	return i < h->nlosses ? &h->loss[i] : NULL;
}

int pr_history_descends(pr_history *h, const git_oid *commit,
			const git_oid *ancestor)
{
	return pr_graph_descends(h->graph, commit, ancestor);
}

void pr_history_free(pr_history *h)
{
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->n; i++)
		free(h->add[i].key);
	for (i = 0; i < h->npins; i++)
		free(h->pin[i].name);
	for (i = 0; i < h->nlosses; i++) {
		free(h->loss[i].name);
		free(h->loss[i].run_id);
	}
	free(h->pin);
	free(h->loss);
	git_blob_free(h->last_ledger);
	for (i = 0; i < h->nheads; i++) {
		free(h->head[i].name);
		git_blob_free(h->head[i].blob);
	}
	free(h->head);
	git_tree_free(h->head_runs);
	git_odb_free(h->odb);
	free(h->add);
	pr_graph_free(h->graph);
	free(h);
}
