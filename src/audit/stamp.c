/* stamp.c - the audit's check of a run's pin token (repo/stamp.h): the
 * authority's time before the run's, verified offline with OpenSSL */
#include "audit/audit-internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "repo/git.h"
#include "repo/stamp.h"
#include "repo/tsa.h"

static char *g_tsa_ca; /* --tsa-ca, or NULL: the system store */

void pr_audit_set_tsa_ca(const char *file)
{
	free(g_tsa_ca);
	g_tsa_ca = file ? pr_strdup(file) : NULL;
}

/* The blob of path in HEAD's tree, or NULL. */
static git_blob *head_blob(const pr_audit_ctx *ctx, const char *path)
{
	git_blob *b = NULL;
	git_oid id;

	if (pr_git_tree_blob(&id, ctx->head_tree, path) == 1)
		git_blob_lookup(&b, ctx->repo, &id);
	git_error_clear();
	return b;
}

/* What adding_message looks for, and finds. */
typedef struct {
	const char *path;
	const git_oid *id;
	char *msg;
} adding;

/* Keep c's message and stop when c's tree changed path's blob to the id
 * (from its first parent's). */
static int adding_visit(git_commit *c, void *payload)
{
	adding *a = payload;
	git_commit *parent = NULL;
	git_tree *t = NULL, *pt = NULL;
	git_tree_entry *e = NULL, *pe = NULL;

	if (git_commit_tree(&t, c) == 0 &&
	    git_tree_entry_bypath(&e, t, a->path) == 0 &&
	    git_oid_equal(git_tree_entry_id(e), a->id) &&
	    (git_commit_parentcount(c) == 0 ||
	     git_commit_parent(&parent, c, 0) < 0 ||
	     git_commit_tree(&pt, parent) < 0 ||
	     git_tree_entry_bypath(&pe, pt, a->path) < 0 ||
	     !git_oid_equal(git_tree_entry_id(pe), a->id)))
		a->msg = pr_strdup(git_commit_message(c));
	git_error_clear();
	git_tree_entry_free(e);
	git_tree_entry_free(pe);
	git_tree_free(t);
	git_tree_free(pt);
	git_commit_free(parent);
	return a->msg != NULL;
}

/* The message of the newest commit from HEAD whose tree changed path's
 * blob to `id` (the commit that added the token), or NULL (also when the
 * history breaks off before it). Caller frees. */
static char *adding_message(const pr_audit_ctx *ctx, const char *path,
			    const git_oid *id)
{
	pr_git_walk_opts opts = {0};
	adding a = {path, id, NULL};

	pr_git_walk(ctx->repo, &opts, adding_visit, &a);
	git_error_clear();
	return a.msg;
}

/* ISO 8601 UTC ("2026-12-01T08:43:52Z") to Unix seconds; -1 when not. */
static long long utc_seconds(const char *iso)
{
	struct tm tm;
	const char *end;

	memset(&tm, 0, sizeof(tm));
	if (!iso || !(end = strptime(iso, "%Y-%m-%dT%H:%M:%SZ", &tm)) || *end)
		return -1;
	return (long long)timegm(&tm);
}

void pr_audit_check_stamp(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_STAMP];
	const pr_manifest *m = &s->m;
	char *path = NULL, *statement = NULL, *msg = NULL;
	git_blob *blob = NULL;
	pr_tsa_info info = {0};
	pr_error_scope caught;
	uint64_t nonce;
	long long start;
	int has_nonce, error;

	if (!m->json || !m->pin.has_k || !m->pin.commit || !m->pin.spec_blob ||
	    !m->pin.prediction_blob || !s->ctx->name)
		return; /* omitted: the pin checks say what is missing */
	path = pr_stamp_path(NULL, s->ctx->name, (int)m->pin.k);
	if (!(blob = head_blob(s->ctx, path)))
		goto cleanup; /* omitted: the pin has no token */
	start = utc_seconds(m->started);
	pr_error_record(&caught);
	error = pr_tsa_statement(&statement, s->ctx->name, (int)m->pin.k,
				 m->pin.commit, m->pin.spec_blob,
				 m->pin.prediction_blob);
	/* the walk's message, if any, is no reason: only verify's count */
	msg =
	    error == 0 ? adding_message(s->ctx, path, git_blob_id(blob)) : NULL;
	has_nonce = pr_stamp_nonce(&nonce, msg);
	if (error == 0)
		error = pr_tsa_verify(&info, git_blob_rawcontent(blob),
				      (size_t)git_blob_rawsize(blob), statement,
				      has_nonce ? &nonce : NULL, g_tsa_ca);
	pr_error_restore(&caught);
	if (error < 0 && info.failed != PR_TSA_CHECK_NONE)
		pr_audit_set(c, PR_AUDIT_FAIL, "%s fails the %s check: %s",
			     path, pr_tsa_check_name(info.failed), caught.last);
	else if (error < 0)
		pr_audit_set(c, PR_AUDIT_FAIL, "%s: %s", path, caught.last);
	else if (start < 0)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s is valid (%s), but the manifest has no "
			     "start time to hold it against",
			     path, info.gen_time_text);
	else if (info.gen_time > start)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s: the authority's time %s is after the run's "
			     "start %s (the run host's clock): the token does "
			     "not show the prediction existed before the run",
			     path, info.gen_time_text, m->started);
	else
		pr_audit_set(
		    c, PR_AUDIT_PASS,
		    "%s: %s signed %s (the authority's clock)%s, "
		    "before the run's start %s (the run host's clock)",
		    path, info.tsa_name ? info.tsa_name : "the authority",
		    info.gen_time_text, has_nonce ? ", nonce as recorded" : "",
		    m->started);
cleanup:
	pr_tsa_info_clear(&info);
	git_blob_free(blob);
	free(path);
	free(statement);
	free(msg);
}
