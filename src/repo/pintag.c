/* pintag.c - pin tags: where a tag stands, making one, and restoring the
 * missing tags of the pin commits reachable from HEAD */
#include "repo/pintag.h"

#include "base/util.h"
#include "repo/git.h"
#include "repo/pin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pr_pin_tag_state(git_oid *target, git_repository *repo, const char *name,
		     int k, const git_oid *id)
{
	char *refname =
	    pr_asprintf("refs/tags/" PR_PIN_TAG_PREFIX "%s/%d", name, k);
	git_reference *ref = NULL;
	git_object *obj = NULL, *peeled = NULL;
	int state = PR_PIN_TAG_ELSEWHERE, annotated = 0;

	if (target)
		memset(target, 0, sizeof(*target));
	if (git_reference_lookup(&ref, repo, refname) < 0) {
		state = PR_PIN_TAG_MISSING;
		goto cleanup;
	}
	if (git_reference_type(ref) == GIT_REFERENCE_DIRECT &&
	    git_object_lookup(&obj, repo, git_reference_target(ref),
			      GIT_OBJECT_ANY) == 0)
		annotated = git_object_type(obj) == GIT_OBJECT_TAG;
	if (git_reference_peel(&peeled, ref, GIT_OBJECT_COMMIT) == 0) {
		if (target)
			git_oid_cpy(target, git_object_id(peeled));
		if (annotated && git_oid_equal(git_object_id(peeled), id))
			state = PR_PIN_TAG_ON_PIN;
	}
cleanup:
	git_error_clear();
	git_object_free(peeled);
	git_object_free(obj);
	git_reference_free(ref);
	free(refname);
	return state;
}

int pr_pin_tag_create(pr_pin *out, git_repository *repo, const git_oid *id,
		      const char *name, int k)
{
	git_commit *commit = NULL;
	git_signature *sig = NULL;
	char *tag = pr_asprintf(PR_PIN_TAG_PREFIX "%s/%d", name, k);
	char *msg = NULL;
	git_oid tag_id;
	int error;

	if (git_commit_lookup(&commit, repo, id) < 0) {
		error = pr_git_error("cannot read the pin commit");
		goto cleanup;
	}
	if ((error = pr_pin_fill(out, commit, name, k)) <= 0) {
		if (!error)
			error = pr_error("the pin commit lacks its files");
		goto cleanup;
	}
	if ((error = pr_git_signature(&sig, repo)) < 0)
		goto cleanup;
	msg = pr_asprintf("prereg pin %s %d\n\nspec %s\nprediction %s\n", name,
			  k, out->spec_blob, out->pred_blob);
	error = PR_OK;
	if (git_tag_create(&tag_id, repo, tag, (const git_object *)commit, sig,
			   msg, 0) < 0)
		error = pr_git_error("cannot create the pin tag");
cleanup:
	git_signature_free(sig);
	git_commit_free(commit);
	free(tag);
	free(msg);
	return error;
}

/* Is name a valid experiment name? Says nothing. */
static int name_ok(const char *name)
{
	return pr_name_valid(name);
}

/* One pin commit as its summary claims it: NAME/K on commit id. */
typedef struct {
	char name[65];
	int k;
	git_oid id;
} pin_claim;

static int by_name_k(const void *a, const void *b)
{
	const pin_claim *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->k > y->k) - (x->k < y->k);
}

/* The pin commits found so far. */
typedef struct {
	pin_claim *v;
	size_t n, cap;
} pin_claims_found;

/* Note c when it is a pin commit: its summary and its tree say so. */
static int pin_claim_visit(git_commit *c, void *payload)
{
	pin_claims_found *f = payload;
	const char *summary = git_commit_summary(c);
	char name[65];
	int k = 0;
	pr_pin pin;

	if (!summary || sscanf(summary, "prereg pin %64s (", name) != 1 ||
	    !name_ok(name) || (k = pr_pin_summary_k(summary, name)) <= 0 ||
	    pr_pin_fill(&pin, c, name, k) <= 0)
		return 0;
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 16;
		f->v = pr_realloc(f->v, f->cap * sizeof(*f->v));
	}
	snprintf(f->v[f->n].name, sizeof(f->v[f->n].name), "%s", name);
	f->v[f->n].k = k;
	git_oid_cpy(&f->v[f->n++].id, git_commit_id(c));
	return 0;
}

/* The pin commits reachable from HEAD, each once, sorted by NAME and K. */
static int pin_claims(pin_claim **out, size_t *n, git_repository *repo)
{
	pr_git_walk_opts opts = {0};
	pin_claims_found f = {NULL, 0, 0};
	int error;

	*out = NULL;
	*n = 0;
	opts.what = "cannot walk the history from HEAD";
	if ((error = pr_git_walk(repo, &opts, pin_claim_visit, &f)) < 0) {
		free(f.v); /* a part of the history is no answer */
		return error;
	}
	if (f.n)
		qsort(f.v, f.n, sizeof(*f.v), by_name_k);
	*out = f.v;
	*n = f.n;
	return PR_OK;
}

/* Restore the tag of claim c, alone on its NAME/K, or report why not. */
static int restore_one(int *restored, int *conflicts, git_repository *repo,
		       const pin_claim *c, FILE *out)
{
	char hex[GIT_OID_HEXSZ + 1], other[GIT_OID_HEXSZ + 1];
	git_oid target;
	pr_pin pin;
	int error;

	git_oid_tostr(hex, sizeof(hex), &c->id);
	switch (pr_pin_tag_state(&target, repo, c->name, c->k, &c->id)) {
	case PR_PIN_TAG_ON_PIN:
		return PR_OK;
	case PR_PIN_TAG_ELSEWHERE:
		git_oid_tostr(other, sizeof(other), &target);
		pr_error("cannot restore " PR_PIN_TAG_PREFIX
			 "%s/%d on pin commit %.12s: the tag exists and is "
			 "not an annotated tag of it (it names %s); existing "
			 "tags are never moved",
			 c->name, c->k, hex, other);
		(*conflicts)++;
		return PR_OK;
	}
	if ((error = pr_pin_tag_create(&pin, repo, &c->id, c->name, c->k)) < 0)
		return error;
	if (out)
		fprintf(out, "restored %s on %.12s\n", pin.tag, pin.commit);
	(*restored)++;
	return PR_OK;
}

int pr_pin_restore_tags(int *restored, int *conflicts, git_repository *repo,
			FILE *out)
{
	pin_claim *v = NULL;
	size_t n, i, j;
	int error;

	*restored = 0;
	*conflicts = 0;
	if ((error = pin_claims(&v, &n, repo)) < 0)
		return error;
	for (i = 0; i < n && error == 0; i = j) {
		char a[GIT_OID_HEXSZ + 1], b[GIT_OID_HEXSZ + 1];

		for (j = i + 1; j < n && !by_name_k(&v[i], &v[j]); j++)
			;
		if (j - i == 1) {
			error =
			    restore_one(restored, conflicts, repo, &v[i], out);
			continue;
		}
		git_oid_tostr(a, sizeof(a), &v[i].id);
		git_oid_tostr(b, sizeof(b), &v[i + 1].id);
		pr_error("cannot restore " PR_PIN_TAG_PREFIX
			 "%s/%d: %zu pin commits claim it (%.12s, %.12s%s); "
			 "none is tagged",
			 v[i].name, v[i].k, j - i, a, b,
			 j - i > 2 ? ", ..." : "");
		(*conflicts)++;
	}
	free(v);
	return error;
}

int pr_pin_tags_derive(git_repository *repo, const char *name)
{
	int restored = 0, conflicts = 0, error;

	if ((error = pr_pin_restore_tags(&restored, &conflicts, repo, NULL)) <
	    0)
		return error;
	if (restored > 0)
		fprintf(stderr,
			"prereg: recreated %d pin tag%s from the pin commits "
			"(tags are derived: a copy without them is complete)\n",
			restored, restored == 1 ? "" : "s");
	if (conflicts > 0)
		return pr_error_code(PR_EREFUSED,
				     "cannot use the pins of '%s': %d pin "
				     "tag%s could not be recreated (see above; "
				     "existing tags are never moved)",
				     name, conflicts,
				     conflicts == 1 ? "" : "s");
	return PR_OK;
}
