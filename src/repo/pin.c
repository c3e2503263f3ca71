/* pin.c - pins: spec + prediction committed and tagged, through libgit2 */
#include "repo/pin.h"

#include "base/util.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "repo/pintag.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What a scan of the prereg/pin/NAME/K tags found. */
typedef struct {
	int max_k;	   /* highest K of any tag of NAME, 0 when none */
	int unreachable_k; /* highest annotated pin not reachable from HEAD */
} pin_scan;

/* One annotated or lightweight tag of NAME, as git_tag_foreach sees it. */
typedef struct {
	int k;
	git_oid id; /* what the tag ref points at */
} pin_ref;

typedef struct {
	const char *prefix; /* "refs/tags/prereg/pin/NAME/" */
	pin_ref *refs;
	size_t n, cap;
} pin_refs;

/* K of "refs/tags/prereg/pin/NAME/K", or 0 when `ref` is no such name. */
static int tag_k(const char *ref, const char *prefix)
{
	size_t len = strlen(prefix);
	const char *p;
	long k = 0;

	if (strncmp(ref, prefix, len) != 0)
		return 0;
	p = ref + len;
	if (*p < '1' || *p > '9')
		return 0;
	for (; *p; p++) {
		if (*p < '0' || *p > '9' || k > 100000000)
			return 0;
		k = k * 10 + (*p - '0');
	}
	return (int)k;
}

static int collect_ref(const char *ref, git_oid *id, void *payload)
{
	pin_refs *refs = payload;
	int k = tag_k(ref, refs->prefix);

	if (!k)
		return 0;
	if (refs->n == refs->cap) {
		refs->cap = refs->cap ? 2 * refs->cap : 8;
		refs->refs =
		    pr_realloc(refs->refs, refs->cap * sizeof(*refs->refs));
	}
	refs->refs[refs->n].k = k;
	git_oid_cpy(&refs->refs[refs->n].id, id);
	refs->n++;
	return 0;
}

static int by_k_descending(const void *a, const void *b)
{
	const pin_ref *x = a, *y = b;

	return (x->k < y->k) - (x->k > y->k);
}

int pr_pin_fill(pr_pin *out, git_commit *commit, const char *name, int k)
{
	git_tree *tree = NULL;
	char *spec = pr_path_spec(NULL, name),
	     *pred = pr_path_prediction(NULL, name);
	git_oid spec_id, pred_id;
	int error;

	if ((error = git_commit_tree(&tree, commit)) < 0) {
		error = pr_git_error("cannot read a pin's tree");
		goto cleanup;
	}
	if ((error = pr_git_tree_blob(&spec_id, tree, spec)) <= 0 ||
	    (error = pr_git_tree_blob(&pred_id, tree, pred)) <= 0)
		goto cleanup;
	memset(out, 0, sizeof(*out));
	git_oid_tostr(out->commit, sizeof(out->commit), git_commit_id(commit));
	snprintf(out->tag, sizeof(out->tag), PR_PIN_TAG_PREFIX "%s/%d", name,
		 k);
	out->k = k;
	out->commit_time = (int64_t)git_commit_time(commit);
	git_oid_tostr(out->spec_blob, sizeof(out->spec_blob), &spec_id);
	git_oid_tostr(out->pred_blob, sizeof(out->pred_blob), &pred_id);
	error = 1;
cleanup:
	git_tree_free(tree);
	free(spec);
	free(pred);
	return error;
}

/* Is `id` HEAD or an ancestor of HEAD? 1 yes, 0 no, < 0 error. */
static int reachable(git_repository *repo, const git_commit *head,
		     const git_oid *id)
{
	int r;

	if (!head)
		return 0;
	if (git_oid_equal(git_commit_id(head), id))
		return 1;
	/* libgit2 does not count a commit as its own descendant */
	r = git_graph_descendant_of(repo, git_commit_id(head), id);
	return r < 0 ? pr_git_error("cannot walk the history") : r;
}

/*
 * The annotated tag `ref` as a pin of NAME: 1 and *out filled when it is
 * one reachable from HEAD, 0 when not reachable (*unreachable set to 1 when
 * it is otherwise a pin), < 0 on error.
 */
static int pin_try(pr_pin *out, int *unreachable, git_repository *repo,
		   const git_commit *head, const char *name, const pin_ref *ref)
{
	git_tag *tag = NULL;
	git_commit *commit = NULL;
	int error;

	*unreachable = 0;
	if (git_tag_lookup(&tag, repo, &ref->id) < 0 ||
	    git_tag_target_type(tag) != GIT_OBJECT_COMMIT ||
	    git_commit_lookup(&commit, repo, git_tag_target_id(tag)) < 0) {
		error = 0; /* lightweight, or not pointing at a commit */
		goto cleanup;
	}
	if ((error = pr_pin_fill(out, commit, name, ref->k)) <= 0)
		goto cleanup;
	error = reachable(repo, head, git_commit_id(commit));
	*unreachable = error == 0;
cleanup:
	git_error_clear();
	git_commit_free(commit);
	git_tag_free(tag);
	return error;
}

int pr_pin_summary_k(const char *summary, const char *name)
{
	char *want = pr_asprintf("prereg pin %s (", name);
	size_t len = strlen(want);
	const char *p;
	long k = 0;

	if (!summary || strncmp(summary, want, len) != 0) {
		free(want);
		return 0;
	}
	free(want);
	p = summary + len;
	if (*p < '1' || *p > '9')
		return 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (k > 100000000)
			return 0;
		k = k * 10 + (*p - '0');
	}
	return p[0] == ')' && p[1] == '\0' ? (int)k : 0;
}

/* What a walk from HEAD finds of NAME's pin commits, by their summaries. */
typedef struct {
	int found;     /* newest is set */
	pr_pin newest; /* the newest commit that changes the spec or the
			  prediction or is a pin commit of NAME, when it is a
			  pin commit of NAME holding both files */
	int max_k;     /* highest K of a pin commit of NAME (full walks) */
} pin_history;

/* The blobs of the spec and the prediction in c (zero where absent). */
static int pin_blobs(git_oid ids[2], const git_commit *c, const char *spec,
		     const char *pred)
{
	git_tree *tree = NULL;
	int error;

	memset(ids, 0, 2 * sizeof(*ids));
	if (git_commit_tree(&tree, c) < 0)
		return pr_git_error("cannot read a commit's tree");
	if ((error = pr_git_tree_blob(&ids[0], tree, spec)) >= 0)
		error = pr_git_tree_blob(&ids[1], tree, pred);
	git_tree_free(tree);
	return error < 0 ? error : PR_OK;
}

/* Does c change the spec or the prediction: differ from every parent
 * (hold either, when it has none)? 1, 0, or < 0. */
static int pin_touches(const git_commit *c, const char *spec, const char *pred)
{
	git_oid mine[2], theirs[2], zero;
	unsigned i, np = git_commit_parentcount(c);
	int error;

	if ((error = pin_blobs(mine, c, spec, pred)) < 0)
		return error;
	memset(&zero, 0, sizeof(zero));
	if (!np)
		return !git_oid_equal(&mine[0], &zero) ||
		       !git_oid_equal(&mine[1], &zero);
	for (i = 0; i < np; i++) {
		git_commit *parent = NULL;

		if (git_commit_parent(&parent, c, i) < 0)
			return pr_git_error("cannot read a parent commit");
		error = pin_blobs(theirs, parent, spec, pred);
		git_commit_free(parent);
		if (error < 0)
			return error;
		if (git_oid_equal(&mine[0], &theirs[0]) &&
		    git_oid_equal(&mine[1], &theirs[1]))
			return 0;
	}
	return 1;
}

/* What pin_walk carries from commit to commit. */
typedef struct {
	pin_history *h;
	const char *name, *spec, *pred;
	int full, decided;
} pin_walker;

/* Visit c: the newest candidate (once) and the highest K. 1 when the walk
 * may stop (not full and the newest is decided). */
static int pin_visit(git_commit *c, void *payload)
{
	pin_walker *w = payload;
	pin_history *h = w->h;
	int k = pr_pin_summary_k(git_commit_summary(c), w->name), error;

	if (k > h->max_k)
		h->max_k = k;
	if (w->decided)
		return !w->full;
	if (!k && (error = pin_touches(c, w->spec, w->pred)) <= 0)
		return error;
	w->decided = 1;
	if (k && (error = pr_pin_fill(&h->newest, c, w->name, k)) < 0)
		return error;
	h->found = k && error > 0;
	return !w->full;
}

/* Walk from head (may be NULL: nothing) newest first for NAME's pin commits; a
 * full walk also finds max_k. Tag states are not looked at. */
static int pin_walk(pin_history *out, git_repository *repo,
		    const git_commit *head, const char *name, int full)
{
	pin_walker w = {out, name, NULL, NULL, full, 0};
	pr_git_walk_opts opts = {0};
	int error;

	memset(out, 0, sizeof(*out));
	if (!head)
		return PR_OK;
	w.spec = pr_path_spec(NULL, name);
	w.pred = pr_path_prediction(NULL, name);
	opts.from = git_commit_id(head);
	opts.sorting = GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME;
	error = pr_git_walk(repo, &opts, pin_visit, &w);
	free((char *)w.spec);
	free((char *)w.pred);
	return error;
}

/* The newest pin commit of NAME, found without its tag: 1 with *out
 * (tag_missing set when its tag does not exist), 0 when the newest commit
 * that changes the spec or prediction is no pin commit. */
static int pin_untagged(pr_pin *out, git_repository *repo,
			const git_commit *head, const char *name)
{
	pin_history h;
	git_oid id;
	int error;

	if ((error = pin_walk(&h, repo, head, name, 0)) < 0)
		return error;
	if (!h.found)
		return 0;
	*out = h.newest;
	git_oid_fromstr(&id, out->commit);
	out->tag_missing = pr_pin_tag_state(NULL, repo, name, out->k, &id) ==
			   PR_PIN_TAG_MISSING;
	return 1;
}

/* Is the untagged pin u newer than the tagged pin found (when found)? */
static int untagged_first(const pr_pin *u, int u_found, const pr_pin *tagged,
			  int found)
{
	return u_found && u->tag_missing &&
	       (!found || strcmp(u->commit, tagged->commit) != 0);
}

/*
 * Newest pin of NAME reachable from head (which may be NULL): 1 with *out
 * filled, 0 when none; scan says what else exists. < 0 on error.
 */
static int pin_find(pr_pin *out, pin_scan *scan, git_repository *repo,
		    const git_commit *head, const char *name)
{
	pin_refs refs = {0};
	size_t i;
	int unreachable, error;

	memset(scan, 0, sizeof(*scan));
	refs.prefix = pr_asprintf("refs/tags/" PR_PIN_TAG_PREFIX "%s/", name);
	if ((error = git_tag_foreach(repo, collect_ref, &refs)) < 0) {
		error = pr_git_error("cannot list the pin tags");
		goto cleanup;
	}
	if (refs.n)
		qsort(refs.refs, refs.n, sizeof(*refs.refs), by_k_descending);
	for (i = 0; i < refs.n; i++) {
		if (refs.refs[i].k > scan->max_k)
			scan->max_k = refs.refs[i].k;
	}
	for (i = 0; i < refs.n; i++) {
		error =
		    pin_try(out, &unreachable, repo, head, name, &refs.refs[i]);
		if (error != 0)
			goto cleanup;
		if (unreachable && !scan->unreachable_k)
			scan->unreachable_k = refs.refs[i].k;
	}
cleanup:
	free((char *)refs.prefix);
	free(refs.refs);
	return error;
}

/* Print why there is no pin of NAME reachable from HEAD. */
static int no_pin(const pin_scan *scan, const char *name)
{
	if (scan->unreachable_k)
		return pr_error_code(
		    PR_EREFUSED,
		    "cannot run '%s': the pin " PR_PIN_TAG_PREFIX
		    "%s/%d is not reachable from HEAD (run "
		    "'prereg pin %s')",
		    name, name, scan->unreachable_k, name);
	return pr_error_code(PR_EREFUSED,
			     "cannot run '%s': no pin reachable from HEAD "
			     "(run 'prereg pin %s')",
			     name, name);
}

int pr_pin_latest(pr_pin *out, git_repository *repo, const char *name,
		  int quiet)
{
	git_commit *head = NULL;
	pin_scan scan;
	pr_pin pin, untagged;
	int found, error;

	if ((error = pr_name_check(name)) < 0 ||
	    (error = pr_git_head(&head, repo)) < 0 ||
	    (error = pin_find(&pin, &scan, repo, head, name)) < 0)
		goto cleanup;
	found = error;
	if ((error = pin_untagged(&untagged, repo, head, name)) < 0)
		goto cleanup;
	if (untagged_first(&untagged, error, &pin, found)) {
		*out = untagged;
		error = PR_OK;
		goto cleanup;
	}
	if (!found) {
		error = quiet ? PR_EREFUSED : no_pin(&scan, name);
		goto cleanup;
	}
	*out = pin;
	error = PR_OK;
cleanup:
	git_commit_free(head);
	return error;
}

/* Refuse unless `path` is in HEAD's tree (its blob into *out) and clean. */
static int check_file(git_oid *out, git_repository *repo, git_tree *tree,
		      const char *name, const char *path)
{
	unsigned int flags = 0;
	char *abs = pr_asprintf("%s%s", pr_repo_root(repo), path);
	int exists = access(abs, F_OK) == 0;
	int error;

	free(abs);
	error = pr_git_tree_blob(out, tree, path);
	if (error < 0)
		return error;
	if (!error && !exists)
		return pr_error_code(PR_EREFUSED,
				     "cannot run '%s': %s does not exist "
				     "(run 'prereg predict %s', then 'prereg "
				     "pin %s')",
				     name, path, name, name);
	if (!error)
		return pr_error_code(PR_EREFUSED,
				     "cannot run '%s': %s is not committed "
				     "(run 'prereg pin %s')",
				     name, path, name);
	if (git_status_file(&flags, repo, path) < 0)
		return pr_git_error("cannot read the status of the work tree");
	if (flags & (GIT_STATUS_INDEX_NEW | GIT_STATUS_INDEX_MODIFIED |
		     GIT_STATUS_INDEX_DELETED | GIT_STATUS_INDEX_RENAMED |
		     GIT_STATUS_INDEX_TYPECHANGE | GIT_STATUS_CONFLICTED))
		return pr_error_code(PR_EREFUSED,
				     "cannot run '%s': %s has staged changes "
				     "that are not committed (run 'prereg pin "
				     "%s' to pin the new version, or 'git "
				     "checkout HEAD -- %s' to drop the change)",
				     name, path, name, path);
	if (flags & GIT_STATUS_WT_DELETED)
		return pr_error_code(PR_EREFUSED,
				     "cannot run '%s': %s is deleted in the "
				     "work tree (run 'git checkout -- %s' to "
				     "restore it)",
				     name, path, path);
	if (flags & (GIT_STATUS_WT_MODIFIED | GIT_STATUS_WT_TYPECHANGE |
		     GIT_STATUS_WT_RENAMED | GIT_STATUS_WT_UNREADABLE))
		return pr_error_code(PR_EREFUSED,
				     "cannot run '%s': %s is modified (run "
				     "'prereg pin %s' to pin the new version, "
				     "or 'git checkout -- %s' to drop the "
				     "change)",
				     name, path, name, path);
	return PR_OK;
}

/* Refuse when HEAD's blob of `path` is not the pin's. */
static int check_same(const char *name, const char *path, const git_oid *head,
		      const char *pinned)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), head);
	if (strcmp(hex, pinned) == 0)
		return PR_OK;
	return pr_error_code(PR_EREFUSED,
			     "cannot run '%s': %s was committed after its "
			     "last pin without 'prereg pin' (run 'prereg pin "
			     "%s')",
			     name, path, name);
}

/* pr_pin_check once: *missing set when a pin commit lacks its tag. */
static int check_once(pr_pin *out, int *missing, git_repository *repo,
		      const char *name)
{
	git_commit *head = NULL;
	git_tree *tree = NULL;
	char *spec = NULL, *pred = NULL;
	git_oid spec_id, pred_id;
	pin_scan scan;
	pr_pin pin, untagged;
	int found, error;

	if ((error = pr_name_check(name)) < 0 ||
	    (error = pr_git_head(&head, repo)) < 0)
		goto cleanup;
	if (head && git_commit_tree(&tree, head) < 0) {
		error = pr_git_error("cannot read HEAD's tree");
		goto cleanup;
	}
	spec = pr_path_spec(NULL, name);
	pred = pr_path_prediction(NULL, name);
	if ((error = check_file(&spec_id, repo, tree, name, spec)) < 0 ||
	    (error = check_file(&pred_id, repo, tree, name, pred)) < 0 ||
	    (error = pin_find(&pin, &scan, repo, head, name)) < 0)
		goto cleanup;
	found = error;
	if ((error = pin_untagged(&untagged, repo, head, name)) < 0)
		goto cleanup;
	if (untagged_first(&untagged, error, &pin, found)) {
		*out = untagged;
		*missing = 1; /* the caller says it, or recreates the tag */
		error = PR_EREFUSED;
		goto cleanup;
	}
	if (!found) {
		error = no_pin(&scan, name);
		goto cleanup;
	}
	if ((error = check_same(name, spec, &spec_id, pin.spec_blob)) < 0 ||
	    (error = check_same(name, pred, &pred_id, pin.pred_blob)) < 0)
		goto cleanup;
	*out = pin;
cleanup:
	git_tree_free(tree);
	git_commit_free(head);
	free(spec);
	free(pred);
	return error;
}

int pr_pin_check(pr_pin *out, git_repository *repo, const char *name)
{
	int missing = 0, error = check_once(out, &missing, repo, name);

	if (!missing)
		return error;
	/* tags are derived data: recreate them, then look once more */
	if (pr_pin_tags_derive(repo, name) == 0) {
		missing = 0;
		error = check_once(out, &missing, repo, name);
		if (!missing)
			return error;
	}
	return pr_error_code(PR_EREFUSED,
			     "cannot run '%s': pin tag %s is missing and "
			     "cannot be recreated from its pin commit ('prereg "
			     "pin --restore-tags' names what stands in the "
			     "way)",
			     name, out->tag);
}

/* Both files of pin `have` (blob ids hex) are `spec` and `pred`? */
static int pin_holds(const pr_pin *have, const git_oid *spec,
		     const git_oid *pred)
{
	char s[GIT_OID_HEXSZ + 1], p[GIT_OID_HEXSZ + 1];

	git_oid_tostr(s, sizeof(s), spec);
	git_oid_tostr(p, sizeof(p), pred);
	return !strcmp(have->spec_blob, s) && !strcmp(have->pred_blob, p);
}

/* Does HEAD (may be NULL) already hold blobs spec and pred at the paths? */
static int head_holds(int *out, git_commit *head, const char *spec_path,
		      const git_oid *spec, const char *pred_path,
		      const git_oid *pred)
{
	git_tree *tree = NULL;
	git_oid s, p;
	int error = 0;

	*out = 0;
	if (!head)
		return PR_OK;
	if (git_commit_tree(&tree, head) < 0)
		return pr_git_error("cannot read HEAD's tree");
	if ((error = pr_git_tree_blob(&s, tree, spec_path)) > 0 &&
	    (error = pr_git_tree_blob(&p, tree, pred_path)) > 0)
		*out = git_oid_equal(&s, spec) && git_oid_equal(&p, pred);
	git_tree_free(tree);
	return error < 0 ? error : PR_OK;
}

int pr_pin_create(pr_pin *out, int *created, git_repository *repo,
		  const char *name, const pr_signer *sign,
		  pr_pin_blob_check check)
{
	git_commit *head = NULL;
	char *spec = NULL, *pred = NULL, *msg = NULL, *hint = NULL;
	char s[GIT_OID_HEXSZ + 1], p[GIT_OID_HEXSZ + 1];
	const char *paths[2];
	git_oid spec_id, pred_id, commit_id;
	pin_scan scan;
	pr_pin pin;
	pin_history hist;
	int found, same, k, error;

	*created = PR_PIN_EXISTED;
	if ((error = pr_name_check(name)) < 0)
		return error;
	spec = pr_path_spec(NULL, name);
	pred = pr_path_prediction(NULL, name);
	msg = pr_asprintf("cannot pin '%s'", name);
	hint = pr_asprintf(" (run 'prereg predict %s')", name);
	if ((error = pr_git_workdir_file(repo, spec, msg, "")) < 0 ||
	    (error = pr_git_workdir_file(repo, pred, msg, hint)) < 0)
		goto cleanup;
	if (git_blob_create_from_workdir(&spec_id, repo, spec) < 0 ||
	    git_blob_create_from_workdir(&pred_id, repo, pred) < 0) {
		error = pr_git_error(msg);
		goto cleanup;
	}
	/* what is pinned must be what run will use: check those blobs */
	if (check && (error = check(repo, name, &spec_id, &pred_id, msg)) < 0)
		goto cleanup;
	if ((error = pr_git_head(&head, repo)) < 0 ||
	    (error = pin_find(&pin, &scan, repo, head, name)) < 0)
		goto cleanup;
	found = error;
	if ((error = head_holds(&same, head, spec, &spec_id, pred, &pred_id)) <
	    0)
		goto cleanup;
	if ((error = pin_walk(&hist, repo, head, name, 1)) < 0)
		goto cleanup;
	if (hist.found && same && pin_holds(&hist.newest, &spec_id, &pred_id)) {
		if ((error = pin_untagged(&hist.newest, repo, head, name)) < 0)
			goto cleanup;
		if (untagged_first(&hist.newest, error, &pin, found)) {
			git_oid_fromstr(&commit_id, hist.newest.commit);
			error = pr_pin_tag_create(out, repo, &commit_id, name,
						  hist.newest.k);
			if (error == 0)
				*created = PR_PIN_RESTORED;
			goto cleanup;
		}
	}
	if (found && same && pin_holds(&pin, &spec_id, &pred_id)) {
		*out = pin;
		error = PR_OK;
		goto cleanup;
	}
	k = (scan.max_k > hist.max_k ? scan.max_k : hist.max_k) + 1;
	free(msg);
	git_oid_tostr(s, sizeof(s), &spec_id);
	git_oid_tostr(p, sizeof(p), &pred_id);
	msg = pr_asprintf("prereg pin %s (%d)\n\nspec %s %s\nprediction %s "
			  "%s\n",
			  name, k, spec, s, pred, p);
	paths[0] = spec;
	paths[1] = pred;
	if ((error = pr_git_commit_files_signed(&commit_id, repo, paths, 2, msg,
						sign ? pr_sign_data : NULL,
						(void *)sign)) < 0 ||
	    (error = pr_pin_tag_create(out, repo, &commit_id, name, k)) < 0)
		goto cleanup;
	*created = PR_PIN_CREATED;
cleanup:
	git_commit_free(head);
	free(spec);
	free(pred);
	free(msg);
	free(hint);
	return error;
}

int pr_pin_lookup(pr_pin *out, git_repository *repo, const char *name, int k)
{
	char *ref =
	    pr_asprintf("refs/tags/" PR_PIN_TAG_PREFIX "%s/%d", name, k);
	git_object *tag = NULL, *obj = NULL;
	int error;

	if (git_revparse_single(&tag, repo, ref) < 0) {
		/* tags are derived data: recreate the missing ones once */
		git_error_clear();
		if (pr_pin_tags_derive(repo, name) == 0 &&
		    git_revparse_single(&tag, repo, ref) < 0)
			git_error_clear();
	}
	if (!tag || git_object_peel(&obj, tag, GIT_OBJECT_COMMIT) < 0) {
		git_error_clear();
		error =
		    pr_error_code(PR_EREFUSED,
				  "no pin " PR_PIN_TAG_PREFIX "%s/%d (its tag "
				  "is missing: 'prereg pin --restore-tags' "
				  "recreates pin tags)",
				  name, k);
		goto cleanup;
	}
	if ((error = pr_pin_fill(out, (git_commit *)obj, name, k)) == 0)
		error = pr_error_code(PR_EREFUSED,
				      PR_PIN_TAG_PREFIX
				      "%s/%d names a commit "
				      "without the spec and the prediction",
				      name, k);
	else if (error > 0)
		error = PR_OK;
cleanup:
	git_object_free(obj);
	git_object_free(tag);
	free(ref);
	return error;
}
