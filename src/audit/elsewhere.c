/* elsewhere.c - the runs that only commits off HEAD added (another branch,
 * a remote ref, a tag), written out of git and checked as HEAD's runs are,
 * for prereg audit (DESIGN 2, I3: every attempt counts) */
#include "audit/audit-internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "repo/git.h"
#include "repo/paths.h"

int pr_audit_commit_holds(git_repository *repo, const git_oid *commit,
			  const char *name, const char *run_id)
{
	char *path = pr_asprintf("runs/%s/%s/" PR_MANIFEST_FILE, name, run_id);
	git_commit *c = NULL;
	git_tree *tree = NULL;
	git_tree_entry *e = NULL;
	int holds;

	holds = git_commit_lookup(&c, repo, commit) == 0 &&
		git_commit_tree(&tree, c) == 0 &&
		git_tree_entry_bypath(&e, tree, path) == 0 &&
		git_tree_entry_type(e) == GIT_OBJECT_BLOB;
	git_error_clear();
	git_tree_entry_free(e);
	git_tree_free(tree);
	git_commit_free(c);
	free(path);
	return holds;
}

/* A tree entry name that stays inside the directory it is written to. */
static int plain_name(const char *name)
{
	return *name && strcmp(name, ".") && strcmp(name, "..") &&
	       strcmp(name, ".git") && !strchr(name, '/');
}

/* The most bytes a file of a run off HEAD may have to be written out: a
 * larger blob is refused before it is read (an honest run directory holds
 * a manifest and an archive of a few MB at most). */
#define BLOB_MAX PR_READ_MAX

/* The blob e as path, which must not exist yet (a tree naming one entry
 * twice is refused): a symbolic link where git checks one out as a link
 * (its target is the blob; the readers refuse to follow it), else a file.
 * Its size is read from the object's header first and bounded. */
static int write_blob(git_repository *repo, const git_tree_entry *e,
		      const char *path)
{
	git_odb *odb = NULL;
	git_object_t type;
	git_blob *b = NULL;
	struct stat st;
	size_t size = 0;
	char *target;
	int error = PR_OK;

	if (lstat(path, &st) == 0)
		return pr_error("cannot write '%s': the tree names it twice",
				path);
	if (git_repository_odb(&odb, repo) < 0 ||
	    git_odb_read_header(&size, &type, odb, git_tree_entry_id(e)) < 0) {
		git_odb_free(odb);
		return pr_git_error("cannot read a blob");
	}
	git_odb_free(odb);
	if (size > BLOB_MAX)
		return pr_error("cannot write '%s': its blob has %zu bytes, "
				"more than %zu",
				path, size, (size_t)BLOB_MAX);
	if (git_blob_lookup(&b, repo, git_tree_entry_id(e)) < 0)
		return pr_git_error("cannot read a blob");
	if (git_tree_entry_filemode(e) == GIT_FILEMODE_LINK) {
		target = pr_malloc((size_t)git_blob_rawsize(b) + 1);
		memcpy(target, git_blob_rawcontent(b),
		       (size_t)git_blob_rawsize(b));
		target[git_blob_rawsize(b)] = '\0';
		if (symlink(target, path) < 0)
			error = pr_error("cannot link '%s': %s", path,
					 strerror(errno));
		free(target);
	} else {
		error = pr_write_file_atomic(path, git_blob_rawcontent(b),
					     (size_t)git_blob_rawsize(b));
	}
	git_blob_free(b);
	return error;
}

/* tree's blobs into dir (created): a run directory is flat, so a subtree
 * is not written (nothing can be written through a link it names), nor is
 * an entry whose name would leave dir. */
static int write_tree(git_repository *repo, const git_tree *tree,
		      const char *dir)
{
	size_t i, n = git_tree_entrycount(tree);
	int error;

	if ((error = pr_mkdir_p(dir)) < 0)
		return error;
	for (i = 0; i < n && error == 0; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(tree, i);
		char *path;

		if (!plain_name(git_tree_entry_name(e)) ||
		    git_tree_entry_type(e) != GIT_OBJECT_BLOB)
			continue;
		path = pr_asprintf("%s/%s", dir, git_tree_entry_name(e));
		error = write_blob(repo, e, path);
		free(path);
	}
	return error;
}

/* The view of one commit: its tree, its runs/NAME, and a root below tmp
 * holding runs/NAME/RUNID and runs/NAME/ledger.jsonl as it has them, and
 * .git, a link to the repository (for the blob readers). */
typedef struct {
	git_commit *commit;
	git_tree *tree, *runs;
	char *tmp, *root;
	char pred[GIT_OID_HEXSZ + 1];
} view;

static void view_free(view *v)
{
	if (v->tmp)
		pr_remove_tree(v->tmp);
	git_tree_free(v->runs);
	git_tree_free(v->tree);
	git_commit_free(v->commit);
	free(v->tmp);
	free(v->root);
}

static int view_open(view *v, git_repository *repo, const git_oid *commit,
		     const char *name, const char *run_id)
{
	char *dir = NULL, *git = NULL, *runs_rel = pr_asprintf("runs/%s", name);
	char *pred = pr_path_prediction(NULL, name);
	const git_tree_entry *e;
	git_tree_entry *pe = NULL;
	git_tree *run = NULL;
	int error;

	memset(v, 0, sizeof(*v));
	if (git_commit_lookup(&v->commit, repo, commit) < 0 ||
	    git_commit_tree(&v->tree, v->commit) < 0 ||
	    git_tree_entry_bypath(&pe, v->tree, runs_rel) < 0 ||
	    git_tree_lookup(&v->runs, repo, git_tree_entry_id(pe)) < 0 ||
	    !(e = git_tree_entry_byname(v->runs, run_id)) ||
	    git_tree_lookup(&run, repo, git_tree_entry_id(e)) < 0) {
		error = pr_git_error("cannot read the run's tree");
		goto cleanup;
	}
	git_tree_entry_free(pe);
	pe = NULL;
	if (git_tree_entry_bypath(&pe, v->tree, pred) == 0 &&
	    git_tree_entry_type(pe) == GIT_OBJECT_BLOB)
		git_oid_tostr(v->pred, sizeof(v->pred), git_tree_entry_id(pe));
	git_error_clear();
	if ((error = pr_tmp_dir(&v->tmp, "prereg-audit-")) < 0)
		goto cleanup;
	v->root = pr_asprintf("%s/", v->tmp);
	dir = pr_asprintf("%s%s/%s", v->root, runs_rel, run_id);
	git = pr_asprintf("%s.git", v->root);
	if ((error = write_tree(repo, run, dir)) < 0)
		goto cleanup;
	if ((e = git_tree_entry_byname(v->runs, "ledger.jsonl")) &&
	    git_tree_entry_type(e) == GIT_OBJECT_BLOB) {
		free(dir);
		dir = pr_asprintf("%s%s/ledger.jsonl", v->root, runs_rel);
		if ((error = write_blob(repo, e, dir)) < 0)
			goto cleanup;
	}
	if (symlink(git_repository_path(repo), git) < 0)
		error = pr_error("cannot link '%s': %s", git, strerror(errno));
cleanup:
	git_tree_entry_free(pe);
	git_tree_free(run);
	free(dir);
	free(git);
	free(runs_rel);
	free(pred);
	return error;
}

/* The committed check of a run off HEAD says where it is. */
static void say_where(pr_audit_check *c, const char *where, int at_tip,
		      const git_oid *added)
{
	char id[GIT_OID_HEXSZ + 1],
	    *was = pr_strdup(c->reason ? c->reason : "");
	const char *gone = at_tip ? "" : " (gone from its tip)";

	git_oid_tostr(id, sizeof(id), added);
	if (c->result == PR_AUDIT_PASS) {
		pr_audit_set(c, PR_AUDIT_WARN,
			     "on %s%s, not in HEAD: added by commit %s, which "
			     "HEAD does not descend from; HEAD's analysis does "
			     "not count this attempt",
			     where, gone, id);
		c->advisory = 1;
	} else {
		pr_audit_set(c, c->result, "on %s%s, not in HEAD: %s", where,
			     gone, was);
	}
	free(was);
}

/* Check runs/NAME/RUNID as the commit `at` holds it into row. */
static void audit_at(pr_audit_run *row, pr_audit_ctx *ctx, const char *run_id,
		     const git_oid *at)
{
	pr_audit_ctx v = *ctx;
	pr_ledger_read ledger;
	view w;

	if (view_open(&w, ctx->repo, at, ctx->name, run_id) < 0) {
		row->experiment = pr_strdup(ctx->name);
		row->run_id = pr_strdup(run_id);
		row->status = pr_strdup("unknown");
		pr_audit_set(&row->check[PR_CHECK_MANIFEST], PR_AUDIT_FAIL,
			     "cannot write runs/%s/%s out of git to check it",
			     ctx->name, run_id);
		view_free(&w);
		return;
	}
	v.root = w.root;
	v.head = w.commit;
	v.head_tree = w.tree;
	v.head_runs = w.runs;
	v.head_pred = w.pred;
	v.newest_pin_pred = NULL; /* the newest pin is HEAD's */
	pr_audit_read_ledger(&v, &ledger);
	pr_audit_run_dir(row, &v, run_id);
	pr_ledger_read_free(&ledger);
	free(v.ledger_by_id);
	view_free(&w);
}

/* A run whose directory name could not be written below the temporary
 * root (".", "..", ".git"): a row that says so, nothing written. */
static void not_plain(pr_audit_run *row, const char *name, const char *run_id)
{
	row->experiment = pr_strdup(name);
	row->run_id = pr_strdup(run_id);
	row->status = pr_strdup("unknown");
	pr_audit_set(&row->check[PR_CHECK_MANIFEST], PR_AUDIT_FAIL,
		     "runs/%s/%s is not a plain directory name: not checked",
		     name, run_id);
}

void pr_audit_elsewhere(pr_audit_run **rows, size_t *n, size_t *cap,
			pr_audit_ctx *ctx)
{
	size_t i, len = strlen(ctx->name);
	size_t nadded = pr_history_nadded(ctx->history);
	pr_error_scope caught;

	pr_error_record(&caught);
	for (i = 0; i < nadded; i++) {
		const git_oid *commit, *tip = NULL;
		const char *key = pr_history_added_at(ctx->history, i, &commit);
		const char *where, *run_id = key + len + 1;
		pr_audit_run *row;
		int at_tip;

		if (strncmp(key, ctx->name, len) || key[len] != '/' ||
		    !(where = pr_history_where(ctx->history, commit, &tip)))
			continue;
		if (*n == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*rows = pr_realloc(*rows, *cap * sizeof(**rows));
		}
		row = &(*rows)[(*n)++];
		memset(row, 0, sizeof(*row));
		at_tip =
		    pr_audit_commit_holds(ctx->repo, tip, ctx->name, run_id);
		if (plain_name(ctx->name) && plain_name(run_id))
			audit_at(row, ctx, run_id, at_tip ? tip : commit);
		else
			not_plain(row, ctx->name, run_id);
		row->where = pr_strdup(where);
		say_where(&row->check[PR_CHECK_COMMITTED], where, at_tip,
			  commit);
	}
	pr_error_restore(&caught);
}
