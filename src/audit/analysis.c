/* analysis.c - the audit's analysis check: the committed report against
 * the one 'prereg analyze' renders now from the committed runs */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze/analyze.h"
#include "analyze/report.h"
#include "audit/audit-internal.h"
#include "base/util.h"
#include "repo/git.h"
#include "repo/paths.h"

/* tmp/rel as a symbolic link to the work tree's rel, when that exists. */
static int link_in(const char *tmp, const pr_audit_ctx *ctx, const char *rel)
{
	char *from = pr_asprintf("%s%s", ctx->root, rel);
	char *to = pr_asprintf("%s/%s", tmp, rel);
	int error = PR_OK;

	if (access(from, F_OK) == 0 && symlink(from, to) < 0)
		error = pr_error("cannot link '%s': %s", to, strerror(errno));
	free(from);
	free(to);
	return error;
}

/* tmp/rel as a copy of the work tree's file rel, when that exists: a
 * file is read without following a link (pr_read_file), so it cannot be
 * one. */
static int copy_in(const char *tmp, const pr_audit_ctx *ctx, const char *rel)
{
	char *from = pr_asprintf("%s%s", ctx->root, rel);
	char *to = pr_asprintf("%s/%s", tmp, rel), *text = NULL;
	size_t len;
	int error = PR_OK;

	if (access(from, F_OK) == 0 &&
	    (error = pr_read_file(&text, &len, from, PR_READ_MAX)) == 0)
		error = pr_write_file_atomic(to, text, len);
	free(text);
	free(from);
	free(to);
	return error;
}

/* tmp/rel as a directory of the work tree's directory rel's regular files
 * (a run directory), each a hard link to it, else a copy: the readers
 * neither list a directory through a symbolic link nor open a file
 * through one. */
static int mirror_in(const char *tmp, const pr_audit_ctx *ctx, const char *rel)
{
	char *from = pr_asprintf("%s%s", ctx->root, rel);
	char *to = pr_asprintf("%s/%s", tmp, rel);
	DIR *d = opendir(from);
	struct dirent *e;
	struct stat st;
	int error = pr_mkdir_p(to);

	while (error == 0 && d && (e = readdir(d)) != NULL) {
		char *f = pr_asprintf("%s/%s", from, e->d_name);
		char *t = pr_asprintf("%s/%s", to, e->d_name);
		char *sub = pr_asprintf("%s/%s", rel, e->d_name);

		if (lstat(f, &st) == 0 && S_ISREG(st.st_mode) && link(f, t) < 0)
			error = copy_in(tmp, ctx, sub);
		free(sub);
		free(t);
		free(f);
	}
	if (d)
		closedir(d);
	free(from);
	free(to);
	return error;
}

/* tmp/.git: the repository's git directory, where analyze reads the
 * prediction pinned for a run whose prediction has changed since. */
static int link_git(const char *tmp, const pr_audit_ctx *ctx)
{
	char *to = pr_asprintf("%s/.git", tmp);
	const char *from = git_repository_path(ctx->repo);
	int error = PR_OK;

	if (from && symlink(from, to) < 0)
		error = pr_error("cannot link '%s': %s", to, strerror(errno));
	free(to);
	return error;
}

/*
 * A root below tmp holding what 'prereg analyze NAME' reads, as links into
 * the work tree (the prediction a copy, a file read only when no link;
 * the run directories made anew, their files hard links or copies: no
 * directory is listed through a link): the spec, the prediction, the git
 * directory and the run directories `runs`
 * (run ids that HEAD holds under runs/NAME). Runs not committed are left
 * out: the committed report cannot hold them, and their own rows say they
 * are not committed.
 */
/* tmp/rel as the blob at rel of commit `at`, when it holds one. */
static int blob_in(const char *tmp, const pr_audit_ctx *ctx, git_commit *at,
		   const char *rel)
{
	char *to = pr_asprintf("%s/%s", tmp, rel);
	git_tree *tree = NULL;
	git_blob *blob = NULL;
	git_oid id;
	int error = PR_OK;

	if (git_commit_tree(&tree, at) == 0 &&
	    pr_git_tree_blob(&id, tree, rel) == 1 &&
	    git_blob_lookup(&blob, ctx->repo, &id) == 0 &&
	    git_blob_rawsize(blob) <= PR_READ_MAX)
		error = pr_write_file_atomic(to, git_blob_rawcontent(blob),
					     (size_t)git_blob_rawsize(blob));
	git_error_clear();
	git_blob_free(blob);
	git_tree_free(tree);
	free(to);
	return error;
}

static int committed_view(const char *tmp, const pr_audit_ctx *ctx,
			  const pr_audit_names *runs, git_commit *at)
{
	char *dirs[] = {pr_asprintf("%s/runs/%s", tmp, ctx->name),
			pr_asprintf("%s/experiments", tmp),
			pr_asprintf("%s/predictions", tmp)};
	char *spec = pr_asprintf("experiments/%s", ctx->name);
	char *pred = pr_path_prediction(NULL, ctx->name);
	size_t i;
	int error = PR_OK;

	for (i = 0; i < 3 && error == 0; i++)
		error = pr_mkdir_p(dirs[i]);
	for (i = 0; i < runs->n && error == 0; i++) {
		char *rel = pr_path_run(NULL, ctx->name, runs->v[i]);

		error = mirror_in(tmp, ctx, rel);
		free(rel);
	}
	if (error == 0 && at) { /* the spec and prediction of that commit */
		char *ini = pr_asprintf("%s/experiment.ini", spec);
		char *dir = pr_asprintf("%s/%s", tmp, spec);

		if ((error = pr_mkdir_p(dir)) == 0 &&
		    (error = blob_in(tmp, ctx, at, ini)) == 0)
			error = blob_in(tmp, ctx, at, pred);
		free(ini);
		free(dir);
	} else if (error == 0 && (error = link_in(tmp, ctx, spec)) == 0)
		error = copy_in(tmp, ctx, pred);
	if (error == 0)
		error = link_git(tmp, ctx);
	for (i = 0; i < 3; i++)
		free(dirs[i]);
	free(spec);
	free(pred);
	return error;
}

/* The pages (report.md first) as 'prereg analyze NAME [RUNID]' renders
 * them now from the committed runs `runs`, into *out; on failure *why
 * (caller frees) says why, its paths relative. */
static int render_report(pr_report_pages *out, char **why,
			 const pr_audit_ctx *ctx, const pr_audit_names *runs,
			 const char *run_id, git_commit *at)
{
	pr_error_scope caught;
	char *tmp = NULL;
	char *root = NULL;
	pr_analysis a;
	int error;

	memset(out, 0, sizeof(*out));
	*why = NULL;
	pr_error_record(&caught);
	error = pr_tmp_dir(&tmp, "prereg-audit-");
	if (error < 0) {
		*why = pr_strdup(caught.last);
		pr_error_restore(&caught);
		return error;
	}
	root = pr_asprintf("%s/", tmp);
	if ((error = committed_view(tmp, ctx, runs, at)) < 0 ||
	    (error = pr_analyze(&a, root, ctx->name, run_id)) < 0)
		goto cleanup;
	/* the text only: the plots are not compared */
	error = pr_report_render_text(out, &a, root);
	pr_analysis_free(&a);
cleanup:
	if (error < 0)
		*why = pr_audit_relative(caught.last, root);
	pr_error_restore(&caught);
	pr_remove_tree(tmp);
	free(tmp);
	free(root);
	return error;
}

/* Is id in the list v of n names, sorted by pr_audit_by_string? */
static int listed(char **v, size_t n, const char *id)
{
	return n && bsearch(&id, v, n, sizeof(*v), pr_audit_by_string) != NULL;
}

/*
 * The run directories HEAD holds under runs/NAME: those the committed
 * report (text, len bytes) covers into `covered`, the others into
 * `others`. Returns 1 when it covers exactly one run, analyzed, as
 * 'prereg analyze NAME RUNID' writes it (that run may be one that
 * 'prereg analyze NAME' leaves out), else 0. A report that covers none of
 * them is compared with all of them.
 */
static int covered_runs(pr_audit_names *covered, pr_audit_names *others,
			const pr_audit_ctx *ctx, const char *text, size_t len)
{
	size_t i, n = ctx->head_runs ? git_tree_entrycount(ctx->head_runs) : 0;
	pr_report_runs rr;
	int analyzed = 0;

	pr_report_runs_read(&rr, text, len);
	if (rr.nanalyzed)
		qsort(rr.analyzed, rr.nanalyzed, sizeof(char *),
		      pr_audit_by_string);
	if (rr.nskipped)
		qsort(rr.skipped, rr.nskipped, sizeof(char *),
		      pr_audit_by_string);
	for (i = 0; i < n; i++) {
		const git_tree_entry *r =
		    git_tree_entry_byindex(ctx->head_runs, i);
		const char *id = git_tree_entry_name(r);
		int a;

		if (git_tree_entry_type(r) != GIT_OBJECT_TREE)
			continue;
		a = listed(rr.analyzed, rr.nanalyzed, id);
		pr_audit_names_add(
		    a || listed(rr.skipped, rr.nskipped, id) ? covered : others,
		    id);
		analyzed += a;
	}
	pr_report_runs_free(&rr);
	if (!covered->n) {
		*covered = *others;
		memset(others, 0, sizeof(*others));
	}
	return covered->n == 1 && analyzed == 1;
}

/* "a, b, c" of a list of names; caller frees. */
static char *names_join(const pr_audit_names *l)
{
	char *s = pr_strdup(""), *t;
	size_t i;

	for (i = 0; i < l->n; i++) {
		t = pr_asprintf("%s%s%s", s, i ? ", " : "", l->v[i]);
		free(s);
		s = t;
	}
	return s;
}

/* Is the committed blob at analysis/NAME/FILE (dir: "analysis/NAME")
 * the page p? 1 yes, 0 it differs, -1 it is not committed as a file. */
static int same_page(const pr_audit_ctx *ctx, const char *dir,
		     const pr_report_page *p)
{
	char *path = pr_asprintf("%s/%s", dir, p->file);
	git_tree_entry *e = NULL;
	git_blob *blob = NULL;
	int same = -1;

	if (ctx->head_tree &&
	    git_tree_entry_bypath(&e, ctx->head_tree, path) == 0 &&
	    git_tree_entry_type(e) == GIT_OBJECT_BLOB &&
	    git_blob_lookup(&blob, ctx->repo, git_tree_entry_id(e)) == 0)
		same = (size_t)git_blob_rawsize(blob) == p->len &&
		       !memcmp(git_blob_rawcontent(blob), p->text, p->len);
	git_error_clear();
	git_blob_free(blob);
	git_tree_entry_free(e);
	free(path);
	return same;
}

/* The committed report against the one computed now from the runs it
 * covers, and each run page it links: the same bytes pass, with a
 * warning when HEAD holds runs it does not cover (stale, not wrong);
 * other bytes, or a linked page not committed, fail. */
/* The walk for report_commit: the path, its blob in HEAD, what it found. */
typedef struct {
	const char *path;
	const git_oid *blob;
	git_oid found;
	int have;
} intro;

/* Does commit c hold blob x->blob at x->path? */
static int holds(git_commit *c, const intro *x)
{
	git_tree *t = NULL;
	git_oid id;
	int yes = git_commit_tree(&t, c) == 0 &&
		  pr_git_tree_blob(&id, t, x->path) == 1 &&
		  git_oid_equal(&id, x->blob);

	git_tree_free(t);
	git_error_clear();
	return yes;
}

static int intro_cb(git_commit *c, void *payload)
{
	intro *x = payload;
	git_commit *parent = NULL;
	int before;

	if (!holds(c, x))
		return 0;
	before = git_commit_parentcount(c) > 0 &&
		 git_commit_parent(&parent, c, 0) == 0 && holds(parent, x);
	git_commit_free(parent);
	git_error_clear();
	if (before)
		return 0;
	git_oid_cpy(&x->found, git_commit_id(c));
	x->have = 1;
	return 1;
}

/* The commit that made HEAD's report what it is (the newest that holds
 * its blob while its first parent does not), or NULL; caller frees. */
static git_commit *report_commit(const pr_audit_ctx *ctx, const char *path,
				 const git_blob *blob)
{
	intro x = {.path = path, .blob = git_blob_id(blob)};
	pr_git_walk_opts o = {.sorting = GIT_SORT_TOPOLOGICAL};
	git_commit *c = NULL;
	pr_error_scope quiet;

	pr_error_record(&quiet);
	if (pr_git_walk(ctx->repo, &o, intro_cb, &x) == 0 && x.have &&
	    git_commit_lookup(&c, ctx->repo, &x.found) < 0)
		c = NULL;
	pr_error_restore(&quiet);
	git_error_clear();
	return c;
}

static int same_text(const pr_report_pages *p, const char *text, size_t len)
{
	return p->page[0].len == len && !memcmp(p->page[0].text, text, len);
}

/* When `now` is not the committed text: the report as its commit `at`
 * would render it, with the spec and prediction that commit holds (a
 * later pin changed them); into *now when that is the committed text. */
static int as_committed(pr_report_pages *now, const pr_audit_ctx *ctx,
			const pr_audit_names *covered, const char *run_id,
			git_commit *at, const char *text, size_t len)
{
	pr_report_pages then;
	char *why = NULL;
	int same = render_report(&then, &why, ctx, covered, run_id, at) == 0 &&
		   same_text(&then, text, len);

	free(why);
	if (!same) {
		pr_report_pages_free(&then);
		return 0;
	}
	pr_report_pages_free(now);
	*now = then;
	return 1;
}

static void compare_report(pr_audit_check *c, const pr_audit_ctx *ctx,
			   const char *path, const git_blob *blob)
{
	const char *text = git_blob_rawcontent(blob);
	size_t len = (size_t)git_blob_rawsize(blob), i;
	pr_audit_names covered = {0}, others = {0};
	pr_report_pages now;
	char *why = NULL, *list, *dir = pr_path_analysis(NULL, ctx->name);
	int one = covered_runs(&covered, &others, ctx, text, len), same = 1;
	int by_pin = 0;
	git_commit *at = NULL;

	if (render_report(&now, &why, ctx, &covered, one ? covered.v[0] : NULL,
			  NULL) < 0) {
		char *msg = pr_audit_relative(why, ctx->root);

		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s is committed, but 'prereg analyze %s' fails "
			     "now: %s",
			     path, ctx->name, msg);
		free(msg);
		goto cleanup;
	}
	if (!same_text(&now, text, len) &&
	    (at = report_commit(ctx, path, blob)) != NULL)
		by_pin = as_committed(&now, ctx, &covered,
				      one ? covered.v[0] : NULL, at, text, len);
	if (!same_text(&now, text, len)) {
		pr_audit_set(c, PR_AUDIT_FAIL,
			     "%s differs from what 'prereg analyze %s' "
			     "computes now%s",
			     path, ctx->name,
			     others.n ? " from the runs it covers" : "");
		goto cleanup;
	}
	for (i = 1; i < now.n && same == 1; i++) {
		same = same_page(ctx, dir, &now.page[i]);
		if (same < 0)
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "%s links %s/%s, which is not committed",
				     path, dir, now.page[i].file);
		else if (same == 0)
			pr_audit_set(c, PR_AUDIT_FAIL,
				     "%s/%s, which %s links, differs from what "
				     "'prereg analyze %s' computes now",
				     dir, now.page[i].file, path, ctx->name);
	}
	if (same != 1)
		goto cleanup;
	if (by_pin) {
		char hex[GIT_OID_HEXSZ + 1];

		list = names_join(&others);
		git_oid_tostr(hex, sizeof(hex), git_commit_id(at));
		pr_audit_set(c, PR_AUDIT_WARN,
			     "%s is what 'prereg analyze %s' computed at its "
			     "commit %.12s, with the spec and prediction that "
			     "commit holds, but it is stale: a later pin "
			     "changed them%s%s (run 'prereg analyze %s' and "
			     "commit the report)",
			     path, ctx->name, hex,
			     others.n ? ", and it does not cover " : "", list,
			     ctx->name);
		free(list);
	} else if (others.n) {
		list = names_join(&others);
		pr_audit_set(c, PR_AUDIT_WARN,
			     "%s is what 'prereg analyze %s' computes from the "
			     "%zu run%s it covers, but it is stale: it does "
			     "not cover run%s %s (run 'prereg analyze %s' and "
			     "commit the report)",
			     path, ctx->name, covered.n,
			     covered.n == 1 ? "" : "s",
			     others.n == 1 ? "" : "s", list, ctx->name);
		free(list);
	} else {
		pr_audit_set(c, PR_AUDIT_PASS,
			     "%s is what 'prereg analyze %s' computes now",
			     path, ctx->name);
	}
cleanup:
	git_commit_free(at);
	pr_report_pages_free(&now);
	free(why);
	free(dir);
	pr_audit_names_free(&covered);
	pr_audit_names_free(&others);
}

/* Does HEAD hold a run directory of the experiment? */
static int has_runs(const pr_audit_ctx *ctx)
{
	size_t i, n = ctx->head_runs ? git_tree_entrycount(ctx->head_runs) : 0;

	for (i = 0; i < n; i++)
		if (git_tree_entry_type(git_tree_entry_byindex(
			ctx->head_runs, i)) == GIT_OBJECT_TREE)
			return 1;
	return 0;
}

void pr_audit_check_analysis(pr_audit_check *c, const pr_audit_ctx *ctx)
{
	char *path = pr_path_report(NULL, ctx->name);
	git_tree_entry *e = NULL;
	git_blob *blob = NULL;

	if (!ctx->head_tree ||
	    git_tree_entry_bypath(&e, ctx->head_tree, path) < 0 ||
	    git_tree_entry_type(e) != GIT_OBJECT_BLOB) {
		/* no run, no report: listed once, not warned about */
		if (has_runs(ctx))
			pr_audit_set(c, PR_AUDIT_WARN, "%s is not committed",
				     path);
		else
			pr_audit_set(c, PR_AUDIT_OMITTED,
				     "no committed run: nothing to report");
	} else if (git_blob_lookup(&blob, ctx->repo, git_tree_entry_id(e)) < 0)
		pr_audit_set(c, PR_AUDIT_FAIL, "cannot read %s in HEAD", path);
	else
		compare_report(c, ctx, path, blob);
	git_error_clear();
	git_blob_free(blob);
	git_tree_entry_free(e);
	free(path);
}
