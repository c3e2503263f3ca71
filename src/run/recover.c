/* recover.c - record the runs whose prereg ended before recording them */
#include "run/run.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "format/ledger.h"
#include "format/manifest.h"
#include "repo/git.h"
#include "repo/gitcheck.h"
#include "repo/paths.h"
#include "run/original.h"
#include "run/run-internal.h"

/* The run ids under runs/NAME/ whose directory holds run-state.json,
 * sorted; returns how many. */
static size_t unfinished(char ***out, const char *root, const char *name)
{
	size_t n, i, k = 0;

	pr_path_list_runs(out, &n, root, name, 0);
	for (i = 0; i < n; i++) {
		char *dir = pr_path_run(root, name, (*out)[i]);
		char *st = pr_asprintf("%s/" RUN_STATE, dir);

		if (access(st, F_OK) == 0)
			(*out)[k++] = (*out)[i];
		else
			free((*out)[i]);
		free(st);
		free(dir);
	}
	return k;
}

/* The spec as pinned (from the pin's blob, whatever the work tree holds). */
static int pinned_spec(pr_spec **out, git_repository *repo, const pr_pin *pin,
		       const char *name)
{
	git_blob *blob = NULL;
	git_oid id;
	char *text = NULL, *path = pr_path_spec(NULL, name);
	int error;

	if (git_oid_fromstr(&id, pin->spec_blob) < 0 ||
	    git_blob_lookup(&blob, repo, &id) < 0) {
		error = pr_git_error("cannot read the pinned spec");
		goto cleanup;
	}
	text = pr_malloc((size_t)git_blob_rawsize(blob) + 1);
	memcpy(text, git_blob_rawcontent(blob), (size_t)git_blob_rawsize(blob));
	text[git_blob_rawsize(blob)] = '\0';
	error = pr_spec_parse(out, text, path, name);
cleanup:
	git_blob_free(blob);
	free(text);
	free(path);
	return error;
}

/* Has runs/NAME/ledger.jsonl a line for run_id? 1 or 0; an unreadable
 * ledger is an error (printed): nothing may be rebuilt then. */
static int in_ledger(const run_ctx *rc)
{
	char *rel = pr_path_ledger(NULL, rc->spec->name);
	char *path = pr_path_ledger(pr_repo_root(rc->repo), rc->spec->name);
	pr_ledger_read l;
	size_t i;
	int found;

	if ((found = pr_ledger_load(&l, path, rel)) == 0) {
		for (i = 0; i < l.n && !found; i++)
			found = l.line[i].run_id &&
				!strcmp(l.line[i].run_id, rc->run_id);
	}
	pr_ledger_read_free(&l);
	free(path);
	free(rel);
	return found;
}

/* Does HEAD hold the run's manifest (committed before the crash)? */
static int committed(const run_ctx *rc)
{
	char *path = pr_asprintf("%s/" PR_MANIFEST_FILE, rc->rel_dir);
	git_object *obj = NULL;
	char *spec = pr_asprintf("HEAD:%s", path);
	int yes = git_revparse_single(&obj, rc->repo, spec) == 0;

	git_error_clear();
	git_object_free(obj);
	free(spec);
	free(path);
	return yes;
}

/*
 * The pin check of `prereg run` (I1) holds at HEAD and finds the pin the
 * run was made under: a commit on HEAD then holds the spec and the
 * prediction the run used, as its pin's descendant. Else PR_EREFUSED
 * (a pin, a change of either file or a switch of branch since the run
 * began): nothing is committed, the run directory stays as it is.
 */
static int pin_still_holds(const run_ctx *rc)
{
	pr_pin now;
	int error;

	if ((error = pr_pin_check(&now, rc->repo, rc->spec->name)) < 0)
		return pr_error_code(PR_EREFUSED,
				     "cannot recover %s: the pin check fails "
				     "on HEAD (above); the run stays "
				     "unrecorded in its directory",
				     rc->rel_dir);
	if (strcmp(now.commit, rc->pin.commit))
		return pr_error_code(
		    PR_EREFUSED,
		    "cannot recover %s: it ran under %s (%.12s), HEAD's pin "
		    "of %s is now %s (%.12s), so a commit here would not hold "
		    "what it ran with; move HEAD back to a commit whose newest "
		    "pin is %s, or move the directory away",
		    rc->rel_dir, rc->pin.tag, rc->pin.commit, rc->spec->name,
		    now.tag, now.commit, rc->pin.tag);
	return PR_OK;
}

/* The kept launch records, in schedule order, up to the first missing. */
static int load_launches(run_ctx *rc, int64_t *last)
{
	size_t k;

	rc->invocations = json_array();
	*last = rc->started;
	for (k = 0; k < rc->plan.sched.ninv; k++) {
		char *path = pr_run_launch_file(rc, k, "json");
		json_error_t jerr;
		struct stat st;
		json_t *rec = NULL;

		if (stat(path, &st) == 0)
			rec = pr_json_read(path, PR_READ_MAX, &jerr);
		free(path);
		if (!rec)
			break;
		if ((int64_t)st.st_mtime > *last)
			*last = (int64_t)st.st_mtime;
		json_array_append_new(rc->invocations, rec);
	}
	return PR_OK;
}

/* Status and reason of a run recovered from its kept launches. */
static void recovered_status(run_ctx *rc, const json_t *state)
{
	size_t k, n = json_array_size(rc->invocations);

	rc->status = "complete";
	for (k = 0; k < n; k++) {
		json_t *rec = json_array_get(rc->invocations, k);

		if (json_is_true(json_object_get(rec, "stopped"))) {
			rc->status = "interrupted";
			rc->reason = pr_strdup(RUN_SIGNAL_REASON);
			return;
		}
		if (json_is_null(json_object_get(rec, "ranks"))) {
			rc->status = "failed";
			rc->reason = pr_asprintf(
			    "launch %d, config %d failed (exit status %d)",
			    (int)json_integer_value(
				json_object_get(rec, "launch")),
			    (int)json_integer_value(
				json_object_get(rec, "config")),
			    (int)json_integer_value(
				json_object_get(rec, "exit_status")));
			return;
		}
	}
	if (json_is_true(json_object_get(state, "stopped"))) {
		/* the signal came between launches (run.c mark_stopped) */
		rc->status = "interrupted";
		rc->reason = pr_strdup(RUN_SIGNAL_REASON);
		return;
	}
	if (n < rc->plan.sched.ninv) {
		rc->status = "interrupted";
		rc->reason = pr_asprintf(
		    "prereg (pid %lld on %s) ended after %zu of %zu launches "
		    "without recording the run (killed, out of space, or the "
		    "machine stopped)",
		    (long long)json_integer_value(
			json_object_get(state, "pid")),
		    json_string_value(json_object_get(state, "host")), n,
		    rc->plan.sched.ninv);
	}
}

/* Fill rc from runs/NAME/RUNID/run-state.json and the pin it names. */
static int recover_ctx(run_ctx *rc, pr_run_opts *o, json_t **state,
		       const char *name, const char *run_id)
{
	const char *launcher, *commit;
	json_error_t jerr;
	json_t *pin;
	char *path;
	int error;

	snprintf(rc->run_id, sizeof(rc->run_id), "%s", run_id);
	rc->rel_dir = pr_path_run(NULL, name, run_id);
	rc->run_dir = pr_asprintf("%s%s", pr_repo_root(rc->repo), rc->rel_dir);
	path = pr_asprintf("%s/" RUN_STATE, rc->run_dir);
	*state = pr_json_read(path, PR_READ_MAX, &jerr);
	pin = json_object_get(*state, "pin");
	launcher = json_string_value(json_object_get(*state, "launcher"));
	if (!json_is_object(pin) || !launcher ||
	    !json_is_integer(json_object_get(*state, "started"))) {
		error = pr_error("cannot recover %s: '%s' is unreadable (%s); "
				 "move the directory away to go on without it",
				 rc->rel_dir, path,
				 *state ? "fields missing" : jerr.text);
		free(path);
		return error;
	}
	free(path);
	o->launcher = launcher;
	o->quick = json_is_true(json_object_get(*state, "quick"));
	o->no_commit = json_is_true(json_object_get(*state, "no_commit"));
	o->detached = json_is_true(json_object_get(*state, "detached"));
	rc->launcher = pr_launcher_find(launcher);
	if (rc->launcher && rc->launcher->script)
		rc->script =
		    pr_asprintf("%s/%s", rc->run_dir, rc->launcher->script);
	rc->started = json_integer_value(json_object_get(*state, "started"));
	rc->busy_at_start =
	    json_incref(json_object_get(*state, "busy_at_start"));
	if ((error = pr_pin_lookup(
		 &rc->pin, rc->repo, name,
		 (int)json_integer_value(json_object_get(pin, "k")))) < 0)
		return error;
	commit = json_string_value(json_object_get(pin, "commit"));
	if (!commit || strcmp(rc->pin.commit, commit))
		return pr_error("cannot recover %s: its pin %s now names "
				"commit %.12s, the run was made under %.12s",
				rc->rel_dir, rc->pin.tag, rc->pin.commit,
				commit ? commit : "an unnamed commit");
	if ((error = pinned_spec(&rc->spec, rc->repo, &rc->pin, name)) < 0)
		return error;
	pr_run_plan_init(&rc->plan, rc->spec, NULL);
	rc->plan.quick = o->quick;
	rc->plan.launches =
	    (int)json_integer_value(json_object_get(*state, "launches"));
	rc->plan.reps =
	    (int)json_integer_value(json_object_get(*state, "reps"));
	rc->plan.warmup =
	    (int)json_integer_value(json_object_get(*state, "warmup"));
	return pr_run_plan_schedule(&rc->plan, rc->pin.commit);
}

/* Record (or only commit) one unfinished run; prints what it did. */
static int recover_one(git_repository *repo, const char *name,
		       const char *run_id)
{
	pr_run_opts o = {.launches = -1, .reps = -1, .warmup = -1};
	run_ctx rc = {.repo = repo, .opts = &o};
	pr_run_original orig;
	json_t *state = NULL;
	char when[32], *manifest = NULL, *what = NULL;
	pr_manifest m = {0};
	int64_t last = 0;
	int error, recorded;

	if ((error = recover_ctx(&rc, &o, &state, name, run_id)) < 0)
		goto cleanup;
	if (pr_run_original_read(&orig, state))
		o.original = &orig;
	what = pr_asprintf("cannot recover %s", rc.rel_dir);
	if ((!o.no_commit &&
	     (error = pr_git_ready(repo, o.detached, what)) < 0) ||
	    (error = recorded = in_ledger(&rc)) < 0)
		goto cleanup;
	manifest = pr_asprintf("%s/" PR_MANIFEST_FILE, rc.run_dir);
	if (recorded && access(manifest, F_OK) < 0) {
		error = pr_error("cannot recover %s: the ledger records it but "
				 "its manifest is gone; restore it (git "
				 "checkout, a backup) or move the directory "
				 "away",
				 rc.rel_dir);
		goto cleanup;
	}
	if (recorded) {
		/* recorded; only the commit (or the cleanup) was missing */
		if ((error = pr_manifest_read(&m, manifest)) < 0)
			goto cleanup;
		rc.status = m.status ? m.status : "unknown";
		if (!o.no_commit && !committed(&rc) &&
		    (error = pin_still_holds(&rc)) < 0)
			goto cleanup;
		pr_run_drop_scratch(&rc);
		if (!o.no_commit && !committed(&rc) &&
		    (error = pr_run_commit(&rc)) < 0)
			goto cleanup;
		pr_run_state_done(&rc);
		printf("recovered %s: recorded before, now committed\n",
		       rc.rel_dir);
		goto cleanup;
	}
	/* a manifest without its ledger line was never recorded: rebuilt
	 * from the kept launches below */
	if (!o.no_commit && (error = pin_still_holds(&rc)) < 0)
		goto cleanup;
	unlink(manifest);
	load_launches(&rc, &last);
	recovered_status(&rc, state);
	rc.finished = last;
	pr_utc_iso(when, pr_now_unix());
	rc.recovered = pr_manifest_recovered(
	    when, json_object_get(state, "pid"), json_object_get(state, "host"),
	    json_array_size(rc.invocations));
	pr_progress("recovering %s: %zu of %zu launches kept, recording it as "
		    "%s",
		    rc.rel_dir, json_array_size(rc.invocations),
		    rc.plan.sched.ninv, rc.status);
	error = pr_run_finalize(&rc);
cleanup:
	json_decref(state);
	free(manifest);
	free(what);
	pr_manifest_free(&m);
	pr_run_ctx_free(&rc);
	return error;
}

int pr_run_recover(size_t *recovered, git_repository *repo, const char *name)
{
	char **ids = NULL;
	size_t n = unfinished(&ids, pr_repo_root(repo), name), i;
	int error = PR_OK;

	if (recovered)
		*recovered = 0;
	for (i = 0; i < n; i++) {
		if (error == 0 &&
		    (error = recover_one(repo, name, ids[i])) == 0 && recovered)
			++*recovered;
		free(ids[i]);
	}
	free(ids);
	return error;
}

int pr_run_unfinished(char ***run_ids, size_t *n, git_repository *repo,
		      const char *name)
{
	*n = unfinished(run_ids, pr_repo_root(repo), name);
	return PR_OK;
}
