/* committed.c - the committed check of one run, for prereg audit: the
 * manifest and the archive (and a build.patch) as the commit that added
 * the run holds them, in HEAD and in the work tree */
#include "audit/audit-internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "format/archive.h"
#include "repo/paths.h"

/* The blob id of the work-tree file rel/file as hex, "" when it cannot be
 * read: *why then says why ("" when it does not exist; caller frees). The
 * file is read as every file of the run is (no symbolic link, a regular
 * file, bounded), the archive's bytes kept in s->gz for its check. */
static const char *work_blob_hex(char buf[GIT_OID_HEXSZ + 1], char **why,
				 pr_audit_state *s, const char *file)
{
	char *path = pr_asprintf("%s%s/%s", s->ctx->root, s->rel, file);
	int archive = !strcmp(file, PR_ARCHIVE_FILE);
	char *text = NULL;
	size_t len = 0;
	struct stat st;
	git_oid id;

	*why = NULL;
	buf[0] = '\0';
	/* the manifest's bytes are read already: hash them, not the file */
	if (s->mtext && !strcmp(file, PR_MANIFEST_FILE)) {
		text = s->mtext;
		len = s->mlen;
	} else if (pr_read_file(&text, &len, path,
				archive ? PR_ARCHIVE_MAX_BYTES : PR_READ_MAX) <
		   0) {
		*why = lstat(path, &st) < 0 && errno == ENOENT
			   ? pr_strdup("")
			   : pr_audit_relative(s->caught.last, s->ctx->root);
		free(path);
		return buf;
	}
	if (git_odb_hash(&id, text, len, GIT_OBJECT_BLOB) == 0)
		git_oid_tostr(buf, GIT_OID_HEXSZ + 1, &id);
	git_error_clear();
	if (archive && !s->gz) {
		s->gz = text;
		s->gzlen = len;
	} else if (text != s->mtext) {
		free(text);
	}
	free(path);
	return buf;
}

/* The blob `file` of tree (may be NULL) as hex into buf, "" when none. */
static const char *file_blob_hex(char buf[GIT_OID_HEXSZ + 1], git_tree *tree,
				 const char *file)
{
	const git_tree_entry *e =
	    tree ? git_tree_entry_byname(tree, file) : NULL;

	buf[0] = '\0';
	if (e && git_tree_entry_type(e) == GIT_OBJECT_BLOB)
		git_oid_tostr(buf, GIT_OID_HEXSZ + 1, git_tree_entry_id(e));
	return buf;
}

/* Compare file of the run in the run commit, HEAD and the work tree. */
static int same_files(pr_audit_state *s, const char *file)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_COMMITTED];
	char *path = pr_asprintf("%s/%s", s->rel, file);
	char run[GIT_OID_HEXSZ + 1], head[GIT_OID_HEXSZ + 1],
	    work[GIT_OID_HEXSZ + 1], commit[GIT_OID_HEXSZ + 1], *why;

	file_blob_hex(run, s->run_dir, file);
	file_blob_hex(head, s->head_dir, file);
	work_blob_hex(work, &why, s, file);
	git_oid_tostr(commit, sizeof(commit), s->run_commit);
	if (!*run)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "commit %s added %s/manifest.json without %s",
			     commit, s->rel, path);
	else if (!*head)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s was committed by %s but is not in HEAD", path,
			     commit);
	else if (strcmp(run, head))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s in HEAD (blob %.12s) is not what commit %s "
			     "added (blob %.12s)",
			     path, head, commit, run);
	else if (!*work && why && *why)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s is committed but cannot be read in the work "
			     "tree: %s",
			     path, why);
	else if (!*work)
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s is committed but missing from the work tree",
			     path);
	else if (strcmp(work, head))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s in the work tree (blob %.12s) differs from "
			     "HEAD (blob %.12s)",
			     path, work, head);
	free(why);
	free(path);
	return c->result == PR_AUDIT_FAIL;
}

/* A run made with uncommitted measuring code (--allow-dirty, DESIGN 3):
 * its build.patch committed with it, as the manifest records it, is a
 * warning that names it; a missing or changed patch fails. */
static void check_patch(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_COMMITTED];
	json_t *b = json_object_get(s->m.json, "build_patch");
	const char *want = json_string_value(json_object_get(b, "sha256"));
	const char *base = json_string_value(json_object_get(b, "base"));
	char *path = pr_asprintf("%s%s/build.patch", s->ctx->root, s->rel);
	char *text = NULL, sha[65];
	size_t len = 0;

	if (same_files(s, "build.patch"))
		goto cleanup;
	if (pr_read_file(&text, &len, path, PR_READ_MAX) < 0) {
		pr_audit_set(c, PR_AUDIT_FAIL, "cannot read %s/build.patch",
			     s->rel);
		goto cleanup;
	}
	pr_sha256_hex(sha, text, len);
	if (!want || strcmp(sha, want))
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s/build.patch has sha256 %.12s, the manifest "
			     "records %.12s",
			     s->rel, sha, want ? want : "none");
	else
		pr_audit_set(c, PR_AUDIT_WARN,
			     "made with uncommitted measuring code "
			     "(--allow-dirty): its patch %s/build.patch "
			     "against %.12s is committed with it",
			     s->rel, base ? base : "an unrecorded commit");
cleanup:
	free(text);
	free(path);
}

void pr_audit_check_committed(pr_audit_state *s)
{
	pr_audit_check *c = &s->out->check[PR_CHECK_COMMITTED];
	char commit[GIT_OID_HEXSZ + 1], when[32];

	if (!s->run_commit) {
		pr_audit_set(c, PR_AUDIT_WARN,
			     "not committed: order rests on dates only");
		return;
	}
	if (same_files(s, "manifest.json") || same_files(s, "timings.csv.gz"))
		return;
	if (json_object_get(s->m.json, "build_patch")) {
		check_patch(s);
		return;
	}
	pr_utc_iso(when, (int64_t)git_commit_time(s->run));
	pr_audit_set(c, PR_AUDIT_PASS,
		     "added by commit %s (dated %s); HEAD and the work tree "
		     "hold the same manifest.json and timings.csv.gz",
		     git_oid_tostr(commit, sizeof(commit), s->run_commit),
		     when);
}
