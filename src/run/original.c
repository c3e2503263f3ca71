/* original.c - the original code on demand: prereg-rank built at the commit
 * that made an earlier run, for `prereg repro --as-original` */
#include "run/original.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/backend.h"
#include "base/text.h"
#include "base/util.h"
#include "format/manifest.h"
#include "format/workload.h"
#include "run/clean.h"
#include "run/command.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "version.h"

/* The manifest of run_id as HEAD holds it, or NULL. */
static json_t *committed_manifest(git_repository *repo, const char *name,
				  const char *run_id)
{
	char *path = pr_path_manifest(NULL, name, run_id);
	char *spec = pr_asprintf("HEAD:%s", path);
	git_object *obj = NULL;
	json_t *m = NULL;

	if (git_revparse_single(&obj, repo, spec) == 0 &&
	    git_object_type(obj) == GIT_OBJECT_BLOB)
		m = json_loadb(git_blob_rawcontent((git_blob *)obj),
			       (size_t)git_blob_rawsize((git_blob *)obj), 0,
			       NULL);
	git_error_clear();
	git_object_free(obj);
	free(spec);
	free(path);
	return m;
}

int pr_original_first(char **out, git_repository *repo, const char *name)
{
	char **ids = NULL;
	size_t n = 0, i;

	*out = NULL;
	pr_path_list_runs(&ids, &n, pr_repo_root(repo), name, PR_RUNS_MANIFEST);
	for (i = 0; i < n; i++) {
		json_t *m =
		    *out ? NULL : committed_manifest(repo, name, ids[i]);
		const char *st =
		    json_string_value(json_object_get(m, "status"));

		if (st && !strcmp(st, "complete"))
			*out = pr_strdup(ids[i]);
		json_decref(m);
		free(ids[i]);
	}
	free(ids);
	if (!*out)
		return pr_error_code(PR_EREFUSED,
				     "cannot reproduce '%s' as original: it "
				     "has no committed complete run",
				     name);
	return PR_OK;
}

char *pr_version_rev(int *dirty, const char *v)
{
	size_t n = strlen(v), i, h;
	const char *g;

	*dirty = n > 6 && !strcmp(v + n - 6, "-dirty");
	if (*dirty)
		n -= 6;
	for (g = NULL, i = 0; i + 2 < n; i++)
		if (v[i] == '-' && v[i + 1] == 'g')
			g = v + i + 2;
	if (g) {
		for (h = 0; g + h < v + n && isxdigit((unsigned char)g[h]); h++)
			;
		if (g + h == v + n && h >= 4)
			return pr_asprintf("%.*s", (int)h, g);
	}
	if (n == 0 || (n == 7 && !strncmp(v, "unknown", 7)))
		return NULL;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)v[i]) && !strchr("._-", v[i]))
			return NULL;
	return pr_asprintf("%.*s", (int)n, v);
}

/* The commit rev names in r: a hex prefix, else a tag. *hex is its id. */
static int lookup_rev(char hex[GIT_OID_HEXSZ + 1], git_repository *r,
		      const char *rev)
{
	git_object *obj = NULL, *commit = NULL;
	git_oid oid;
	size_t n = strlen(rev), i;
	int error = -1;

	for (i = 0; i < n && isxdigit((unsigned char)rev[i]); i++)
		;
	if (i == n && n >= 4 && n <= GIT_OID_HEXSZ &&
	    git_oid_fromstrn(&oid, rev, n) == 0)
		error =
		    git_object_lookup_prefix(&obj, r, &oid, n, GIT_OBJECT_ANY);
	if (error < 0) {
		char *spec = pr_asprintf("refs/tags/%s", rev);

		error = git_revparse_single(&obj, r, spec);
		free(spec);
	}
	if (error == 0)
		error = git_object_peel(&commit, obj, GIT_OBJECT_COMMIT);
	if (error == 0)
		git_oid_tostr(hex, GIT_OID_HEXSZ + 1, git_object_id(commit));
	git_error_clear();
	git_object_free(commit);
	git_object_free(obj);
	return error;
}

/* Does commit hex of r hold prereg's source (its Makefile, src/runner)? */
static int holds_prereg(git_repository *r, const char *hex)
{
	git_object *obj = NULL;
	char *spec = pr_asprintf("%s:src/runner/main.c", hex);
	int yes = git_revparse_single(&obj, r, spec) == 0;

	git_object_free(obj);
	free(spec);
	spec = pr_asprintf("%s:Makefile", hex);
	obj = NULL;
	yes = yes && git_revparse_single(&obj, r, spec) == 0;
	git_object_free(obj);
	free(spec);
	git_error_clear();
	return yes;
}

/* Does ref name vouch for the commits it holds: a prereg release tag
 * (refs/tags/v[0-9]*, as the Makefile's git describe --match) or the
 * source's main branch (main, origin/main, origin/HEAD)? */
static int vouches(const char *ref)
{
	return (!strncmp(ref, "refs/tags/v", 11) &&
		isdigit((unsigned char)ref[11])) ||
	       !strcmp(ref, "refs/heads/main") ||
	       !strcmp(ref, "refs/remotes/origin/main") ||
	       !strcmp(ref, "refs/remotes/origin/HEAD");
}

/* Does ref's commit equal id or descend from it? 0 for a ref that names
 * no commit. */
static int holds(git_repository *r, git_reference *ref, const git_oid *id)
{
	git_object *tip = NULL;
	int yes = 0;

	if (git_reference_peel(&tip, ref, GIT_OBJECT_COMMIT) == 0)
		yes = git_oid_equal(git_object_id(tip), id) ||
		      git_graph_descendant_of(r, git_object_id(tip), id) == 1;
	git_error_clear();
	git_object_free(tip);
	return yes;
}

/* qsort order of ref names: those that vouch first, then by name. */
static int cmp_refs(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;

	if (vouches(x) != vouches(y))
		return vouches(y) - vouches(x);
	return strcmp(x, y);
}

/*
 * o->refs and o->nrefs: the refs of r (branches, remote branches, tags)
 * that hold o->commit, those that vouch() for it first, then by name;
 * o->vouched when one does.
 */
static int find_refs(pr_original *o, git_repository *r)
{
	git_reference_iterator *it = NULL;
	git_reference *ref = NULL;
	git_oid id;
	int error;

	if (git_oid_fromstr(&id, o->commit) < 0 ||
	    git_reference_iterator_new(&it, r) < 0)
		return pr_git_error("cannot list the source's refs");
	while ((error = git_reference_next(&ref, it)) == 0) {
		const char *name = git_reference_name(ref);

		if (holds(r, ref, &id)) {
			o->refs = pr_realloc(o->refs,
					     (o->nrefs + 1) * sizeof(*o->refs));
			o->refs[o->nrefs++] = pr_strdup(name);
			o->vouched |= vouches(name);
		}
		git_reference_free(ref);
	}
	git_reference_iterator_free(it);
	if (error != GIT_ITEROVER)
		return pr_git_error("cannot list the source's refs");
	git_error_clear();
	if (o->nrefs)
		qsort(o->refs, o->nrefs, sizeof(*o->refs), cmp_refs);
	return PR_OK;
}

/*
 * o->commit and o->source: from `source` or $PREREG_SOURCE when given,
 * else from repo when it holds prereg's source at that commit.
 */
static int find_source(pr_original *o, git_repository *repo, const char *rev,
		       const char *source)
{
	char hex[GIT_OID_HEXSZ + 1];
	git_repository *r = NULL;
	const char *from = "--source";
	int error = PR_OK;

	if (!source && (source = getenv("PREREG_SOURCE")) && *source)
		from = "PREREG_SOURCE";
	else if (source == NULL || !*source)
		source = NULL;
	if (!source) {
		if (lookup_rev(hex, repo, rev) < 0 || !holds_prereg(repo, hex))
			return pr_error_code(
			    PR_EINPUT,
			    "cannot reproduce %s as original: its "
			    "prereg_version '%s' names a commit of prereg's "
			    "source, which this repository does not hold; "
			    "name a prereg clone that does with --source DIR "
			    "or PREREG_SOURCE",
			    o->run_id, o->version);
		o->source = pr_strdup(pr_repo_root(repo));
		o->commit = pr_strdup(hex);
		return find_refs(o, repo);
	} else if (git_repository_open(&r, source) < 0) {
		git_error_clear();
		return pr_error_code(PR_EINPUT,
				     "'%s' (%s) is no git repository: name "
				     "a clone of prereg's source",
				     source, from);
	} else if (lookup_rev(hex, r, rev) < 0)
		error = pr_error_code(PR_EINPUT,
				      "cannot reproduce %s as original: '%s' "
				      "(%s) holds no commit '%s' (its "
				      "prereg_version '%s'); fetch it there, "
				      "or name a prereg clone that holds it",
				      o->run_id, source, from, rev, o->version);
	else if (!holds_prereg(r, hex))
		error = pr_error_code(PR_EINPUT,
				      "commit %.12s of '%s' (%s) is no prereg "
				      "source (no Makefile, src/runner/main.c)",
				      hex, source, from);
	else {
		o->source = pr_strdup(source);
		o->commit = pr_strdup(hex);
		error = find_refs(o, r);
	}
	git_repository_free(r);
	return error;
}

/* Every key of the plans the original run's launches recorded ("out" is
 * not recorded but always there), or NULL when none was recorded. */
static json_t *plan_keys(const json_t *manifest)
{
	json_t *keys = NULL, *rec, *v;
	const char *k;
	size_t i;

	json_array_foreach(json_object_get(manifest, "launches"), i, rec)
	{
		json_t *plan = json_object_get(rec, "plan");

		if (!json_is_object(plan))
			continue;
		if (!keys)
			keys = json_pack("{s:b}", "out", 1);
		json_object_foreach(plan, k, v)
		    json_object_set_new(keys, k, json_true());
	}
	return keys;
}

/* The GPU kinds the original run's plans' rank groups name (o->gpus_used),
 * known when every launch recorded a plan whose groups each name a
 * device. */
static void plan_gpus(pr_original *o, const json_t *manifest)
{
	json_t *launches = json_object_get(manifest, "launches"), *rec, *g;
	size_t i, j;
	int k;

	o->gpus_known = json_array_size(launches) > 0;
	json_array_foreach(launches, i, rec)
	{
		json_t *groups =
		    json_object_get(json_object_get(rec, "plan"), "groups");
		const char *device;

		if (!json_is_array(groups) || json_array_size(groups) == 0)
			o->gpus_known = 0;
		json_array_foreach(groups, j, g)
		{
			device =
			    json_string_value(json_object_get(g, "device"));
			if (!device) {
				o->gpus_known = 0;
				continue;
			}
			if ((k = pr_device_gpu_of(
				 pr_device_gpu_kind(device))) >= 0)
				o->gpus_used[k] = 1;
		}
	}
}

/* Does v hold only what git describe writes (so that it can be printed
 * and put in a message as it is)? */
static int version_chars(const char *v)
{
	for (; *v; v++)
		if (!isalnum((unsigned char)*v) && !strchr(".-_+", *v))
			return 0;
	return 1;
}

/*
 * A run of workload command: prereg cannot rebuild a program it did not
 * write, so --as-original is refused (PR_EREFUSED), saying so and what a
 * check of the recorded SHA-256 against the program here finds.
 */
static int command_original(git_repository *repo, const json_t *m,
			    const char *run_id)
{
	json_t *c = pr_manifest_command(m);
	const char *path = json_string_value(json_object_get(c, "path"));
	const char *sha = json_string_value(json_object_get(c, "sha256"));
	char hex[65], *here;
	int same;

	if (!path || !sha)
		return pr_error_code(PR_EREFUSED,
				     "cannot reproduce %s as original: its "
				     "workload is a program prereg did not "
				     "write, which prereg cannot rebuild (and "
				     "the run records no SHA-256 of it to "
				     "check)",
				     run_id);
	here = path[0] == '/' ? pr_strdup(path)
			      : pr_asprintf("%s%s", pr_repo_root(repo), path);
	same = pr_run_command_sha256(hex, here) == 0 && !strcmp(hex, sha);
	free(here);
	return pr_error_code(
	    PR_EREFUSED,
	    "cannot reproduce %s as original: its workload is a program "
	    "prereg did not write, which prereg cannot rebuild; the program "
	    "here, %s, %s (sha256 %.12s): %s",
	    run_id, path, same ? "is the one it ran" : "is not the one it ran",
	    sha,
	    same ? "'prereg repro' reruns it as it is"
		 : "a rerun would measure another binary");
}

/* The run's build.patch (--allow-dirty, clean.h) into o->patch: a regular
 * file of the run directory, bounded, its sha256 the one b records. */
static int read_patch(pr_original *o, git_repository *repo, const char *name,
		      const char *run_id, json_t *b)
{
	char *rel = pr_path_run(NULL, name, run_id);
	char *path =
	    pr_asprintf("%s%s/" PR_CLEAN_PATCH, pr_repo_root(repo), rel);
	const char *want = json_string_value(json_object_get(b, "sha256"));
	char sha[65];
	int error;

	if ((error = pr_no_links(pr_repo_root(repo), rel, 0)) < 0 ||
	    (error =
		 pr_read_file(&o->patch, &o->patch_len, path, PR_READ_MAX)) < 0)
		goto cleanup;
	pr_sha256_hex(sha, o->patch, o->patch_len);
	if (!want || strcmp(sha, want)) {
		error = pr_error_code(PR_EREFUSED,
				      "cannot reproduce %s as original: its "
				      "%s has sha256 %.12s, its manifest "
				      "records %.12s",
				      run_id, PR_CLEAN_PATCH, sha,
				      want ? want : "none");
		free(o->patch);
		o->patch = NULL;
	}
cleanup:
	free(rel);
	free(path);
	return error;
}

int pr_original_resolve(pr_original *out, git_repository *repo,
			const char *name, const char *run_id,
			const char *source, int force)
{
	char *path = pr_path_manifest(pr_repo_root(repo), name, run_id);
	char *rev = NULL;
	json_t *m = pr_json_read(path, PR_READ_MAX, NULL);
	const char *v = json_string_value(json_object_get(m, "prereg_version"));
	int error;

	memset(out, 0, sizeof(*out));
	out->run_id = pr_strdup(run_id);
	if (!m) {
		error = pr_error_code(PR_EINPUT,
				      "cannot reproduce %s as original: no run "
				      "%s of '%s' (%s is unreadable)",
				      run_id, run_id, name, path);
		goto cleanup;
	}
	if (pr_workload_is_command(json_string_value(
		json_object_get(json_object_get(m, "workload"), "name")))) {
		error = command_original(repo, m, run_id);
		goto cleanup;
	}
	if (v && !version_chars(v)) {
		char *shown = pr_text_escape(v);

		error = pr_error_code(PR_EINPUT,
				      "cannot reproduce %s as original: its "
				      "prereg_version '%s' is no version "
				      "prereg writes (git describe: letters, "
				      "digits, '.', '-', '_', '+')",
				      run_id, shown);
		free(shown);
		goto cleanup;
	}
	out->version = pr_strdup(v ? v : "unknown");
	rev = pr_version_rev(&out->dirty, out->version);
	if (!rev) {
		error = pr_error_code(
		    PR_EREFUSED,
		    "cannot reproduce %s as original: its prereg_version is "
		    "'%s', which names no commit (prereg was built outside "
		    "git): the code that made it cannot be rebuilt",
		    run_id, out->version);
		goto cleanup;
	}
	/* a -dirty prereg compiled its work tree: the run's patch is the
	 * record of it (a clean one ran its commit: nothing to apply) */
	if (out->dirty && json_object_get(m, "build_patch") &&
	    (error = read_patch(out, repo, name, run_id,
				json_object_get(m, "build_patch"))) < 0)
		goto cleanup;
	if (out->dirty && !force && !out->patch) {
		error = pr_error_code(
		    PR_EREFUSED,
		    "cannot reproduce %s as original exactly: its "
		    "prereg_version '%s' was built from a tree with "
		    "uncommitted changes, which no commit holds; --force "
		    "builds commit %s as it is committed",
		    run_id, out->version, rev);
		goto cleanup;
	}
	if ((error = find_source(out, repo, rev, source)) < 0)
		goto cleanup;
	out->plan_keys = plan_keys(m);
	plan_gpus(out, m);
	if (out->dirty && !out->patch)
		pr_warn("%s was made by prereg %s, whose tree had uncommitted "
			"changes: building commit %.12s, which differs from it",
			run_id, out->version, out->commit);
cleanup:
	json_decref(m);
	free(rev);
	free(path);
	return error;
}

int pr_original_consent(const pr_original *o, int trust)
{
	if (o->vouched && !o->patch)
		return PR_OK;
	if (trust) {
		if (o->vouched)
			pr_warn("--trust-source: building and running commit "
				"%s of '%s' with the run's " PR_CLEAN_PATCH
				", which no release holds",
				o->commit, o->source);
		else
			pr_warn("--trust-source: building and running commit "
				"%s of '%s', which no prereg release tag and "
				"no main branch of it holds",
				o->commit, o->source);
		return PR_OK;
	}
	if (o->vouched)
		return pr_error_code(
		    PR_EREFUSED,
		    "cannot reproduce %s as original: it was made with "
		    "uncommitted measuring code, its " PR_CLEAN_PATCH
		    " against commit %.12s, which no release vouches for; "
		    "read it, then build and run it with --trust-source",
		    o->run_id, o->commit);
	return pr_error_code(
	    PR_EREFUSED,
	    "cannot reproduce %s as original: commit %s of '%s' is on no "
	    "prereg release tag (v[0-9]*) and not on the source's main branch "
	    "(main, origin/main, origin/HEAD): no release vouches for the "
	    "Makefile and code it would build and run; read them, then "
	    "build and run it with --trust-source",
	    o->run_id, o->commit, o->source);
}

void pr_original_free(pr_original *o)
{
	if (o->tmp)
		pr_remove_tree(o->tmp);
	free(o->run_id);
	free(o->version);
	free(o->patch);
	free(o->commit);
	free(o->source);
	while (o->nrefs)
		free(o->refs[--o->nrefs]);
	free(o->refs);
	free(o->tmp);
	free(o->rank_bin);
	free(o->runner_version);
	json_decref(o->plan_keys);
	memset(o, 0, sizeof(*o));
}

/* Is value what the current runner assumes when key is absent? */
static int implied(const char *key, const json_t *value)
{
	static const struct {
		const char *key;
		json_int_t n;
		const char *s;
	} dflt[] = {
	    {"threads_per_block", PR_THREADS_PER_BLOCK_DEFAULT, NULL},
	    {"rows_per_block", PR_ROWS_PER_BLOCK_DEFAULT, NULL},
	    {"blocks_per_thread", PR_BLOCKS_PER_THREAD_DEFAULT, NULL},
	    {"inner", 0, NULL},
	    {"interleave", 0, "none"},
	    {"size_order_by", 0, "launch"},
	    {"sync", 0, "none"},
	};
	size_t i;

	for (i = 0; i < sizeof(dflt) / sizeof(dflt[0]); i++)
		if (!strcmp(key, dflt[i].key))
			return dflt[i].s
				   ? json_is_string(value) &&
					 !strcmp(json_string_value(value),
						 dflt[i].s)
				   : json_is_integer(value) &&
					 json_integer_value(value) == dflt[i].n;
	return 0;
}

void pr_run_original_adapt(json_t *plan, const pr_run_original *o)
{
	const char *key;
	json_t *value;
	void *tmp;

	if (!o->plan_keys)
		return;
	json_object_foreach_safe(plan, tmp, key, value)
	{
		if (!json_object_get(o->plan_keys, key) && implied(key, value))
			json_object_del(plan, key);
	}
}

int pr_run_original_check(const json_t *plan, const pr_run_original *o,
			  char *why, size_t n)
{
	const char *key;
	json_t *value;

	if (!o->plan_keys)
		return 0;
	json_object_foreach((json_t *)plan, key, value)
	{
		if (json_object_get(o->plan_keys, key))
			continue;
		snprintf(why, n,
			 "the plan holds '%s', which the plans of %s (made by "
			 "prereg-rank %s) do not: the plan format changed "
			 "between prereg-rank %s and prereg %s",
			 key, o->run_id, o->version ? o->version : "?",
			 o->version ? o->version : "?", PR_VERSION);
		return -1;
	}
	return 0;
}

void pr_run_original_note(json_t *state, const pr_run_original *o)
{
	json_object_set_new(state, "original",
			    json_pack("{s:s, s:s}", "run_id", o->run_id,
				      "runner_version",
				      o->version ? o->version : "unknown"));
}

int pr_run_original_read(pr_run_original *out, const json_t *state)
{
	json_t *o = json_object_get(state, "original");

	memset(out, 0, sizeof(*out));
	out->run_id = json_string_value(json_object_get(o, "run_id"));
	out->version = json_string_value(json_object_get(o, "runner_version"));
	return out->run_id && out->version;
}
