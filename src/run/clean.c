/* clean.c - measuring code only from committed code (DESIGN 3): the build
 * inputs of the work tree against the commit prereg was built from */
#include "run/clean.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "repo/git.h"
#include "run/original.h"

/* What the build of prereg and prereg-rank reads (the Makefile compiles
 * every source under src/). */
static char *build_inputs[] = {"src", "Makefile"};

/* The commit rev names in repo, or NULL when repo does not hold it. */
static git_commit *commit_of(git_repository *repo, const char *rev)
{
	git_object *obj = NULL, *peeled = NULL;

	if (git_revparse_single(&obj, repo, rev) == 0)
		git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT);
	git_object_free(obj);
	return (git_commit *)peeled;
}

/* The build inputs of the work tree (with the index, untracked files
 * included) against commit c's. */
static int inputs_diff(git_diff **out, git_repository *repo, git_commit *c)
{
	git_diff_options o;
	git_tree *tree = NULL;
	int rc;

	git_diff_options_init(&o, GIT_DIFF_OPTIONS_VERSION);
	o.pathspec.strings = build_inputs;
	o.pathspec.count = sizeof(build_inputs) / sizeof(build_inputs[0]);
	o.flags = GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS |
		  GIT_DIFF_SHOW_UNTRACKED_CONTENT;
	if (git_commit_tree(&tree, c) < 0)
		return pr_git_error(
		    "cannot read the tree prereg was built from");
	rc = git_diff_tree_to_workdir_with_index(out, repo, tree, &o);
	git_tree_free(tree);
	return rc < 0 ? pr_git_error("cannot compare the measuring code")
		      : PR_OK;
}

/* "a, b, c" of the diff's paths, each with how it differs. */
static char *files_of(git_diff *d, json_t *list)
{
	size_t i, n = git_diff_num_deltas(d);
	char *out = NULL, *was;

	for (i = 0; i < n; i++) {
		const git_diff_delta *x = git_diff_get_delta(d, i);
		const char *path =
		    x->new_file.path ? x->new_file.path : x->old_file.path;
		const char *how = x->status == GIT_DELTA_ADDED	   ? "added"
				  : x->status == GIT_DELTA_DELETED ? "deleted"
				  : x->status == GIT_DELTA_UNTRACKED
				      ? "untracked"
				      : "modified";

		was = out;
		out = was ? pr_asprintf("%s, %s (%s)", was, path, how)
			  : pr_asprintf("%s (%s)", path, how);
		free(was);
		json_array_append_new(list, json_string(path));
	}
	return out;
}

static int patch_of(pr_clean *out, git_diff *d)
{
	git_buf buf = GIT_BUF_INIT;

	if (git_diff_to_buf(&buf, d, GIT_DIFF_FORMAT_PATCH) < 0)
		return pr_git_error("cannot write the measuring code's patch");
	out->patch = pr_strdup(buf.ptr ? buf.ptr : "");
	out->len = buf.size;
	git_buf_dispose(&buf);
	return PR_OK;
}

int pr_clean_check(pr_clean *out, git_repository *repo, const char *name,
		   const char *version, int allow)
{
	int dirty = 0, error = PR_OK;
	char *rev = pr_version_rev(&dirty, version), *files = NULL;
	git_commit *c = rev ? commit_of(repo, rev) : NULL;
	git_diff *d = NULL;

	memset(out, 0, sizeof(*out));
	if (!c) /* built from a source this repository does not hold */
		goto cleanup;
	out->files = json_array();
	if ((error = inputs_diff(&d, repo, c)) < 0)
		goto cleanup;
	files = files_of(d, out->files);
	if (!files && !dirty)
		goto cleanup;
	if (!allow) {
		char *why = pr_asprintf(
		    "%s%s%s",
		    dirty ? " was built from a modified work tree" : "",
		    files && dirty ? ", and" : "",
		    files ? " was built from a commit whose src/ and Makefile "
			    "the work tree changes: "
			  : "");

		error = pr_error_code(
		    PR_EREFUSED,
		    "cannot run '%s': the measuring code is not the committed "
		    "code: prereg %s%s%s; commit, then 'make', or run with "
		    "--allow-dirty to commit the patch with the run",
		    name, version, why, files ? files : "");
		free(why);
		goto cleanup;
	}
	if ((error = patch_of(out, d)) < 0)
		goto cleanup;
	pr_warn("running '%s' with measuring code that is not committed "
		"(--allow-dirty): prereg %s%s; the patch against it is "
		"committed with the run as " PR_CLEAN_PATCH,
		name, version,
		dirty ? ", built from a modified work tree (the patch, the "
			"work tree's changes now, is the best record of what "
			"it compiled)"
		      : " (built from that commit: the patch, what the work "
			"tree holds beside it, is not what runs)");
	out->dirty = 1;
	out->compiled = dirty;
	out->base = pr_strdup(git_oid_tostr_s(git_commit_id(c)));
cleanup:
	if (error < 0 || !out->dirty)
		pr_clean_free(out);
	git_diff_free(d);
	git_commit_free(c);
	free(files);
	free(rev);
	return error;
}

void pr_clean_free(pr_clean *c)
{
	free(c->patch);
	free(c->base);
	json_decref(c->files);
	memset(c, 0, sizeof(*c));
}
