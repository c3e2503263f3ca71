/* finalize.c - recording a run: its archive, manifest, ledger line and
 * commit, and the end of its run-state.json (run.c and recover.c) */
#include "run/run-internal.h"

#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "format/archive.h"
#include "format/ledger.h"
#include "format/manifest.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "run/envcap.h"
#include "run/original.h"
#include "version.h"

/* runs/NAME/RUNID/launch-NNNN.EXT (caller frees). */
char *pr_run_launch_file(const run_ctx *rc, size_t k, const char *ext)
{
	return pr_asprintf("%s/launch-%04zu.%s", rc->run_dir, k, ext);
}

/* Stream the kept CSVs of the launches that completed, in schedule order,
 * into timings.csv.gz. */
static int write_archive(pr_archive_info *info, run_ctx *rc)
{
	char *path = pr_asprintf("%s/" PR_ARCHIVE_FILE, rc->run_dir);
	pr_archive_writer *w = NULL;
	size_t k;
	int error;

	if ((error = pr_archive_create(&w, path)) < 0)
		goto cleanup;
	for (k = 0; k < json_array_size(rc->invocations); k++) {
		json_t *rec = json_array_get(rc->invocations, k);
		char *csv, *buf = NULL;
		size_t len = 0;

		if (json_is_null(json_object_get(rec, "ranks")))
			continue;
		csv = pr_run_launch_file(rc, k, "csv");
		error = pr_read_file(&buf, &len, csv, PR_ARCHIVE_MAX_BYTES);
		if (error == 0)
			error = pr_archive_write_rows(w, buf, len);
		free(buf);
		free(csv);
		if (error < 0) {
			pr_archive_abort(w);
			goto cleanup;
		}
	}
	error = pr_archive_finish(w, info);
cleanup:
	free(path);
	return error;
}

/* The run's build.patch (clean.h) as the manifest records it: {path,
 * sha256[, base, files, compiled]} (the last three when this prereg wrote it; a
 * recovered run has the file only), or NULL when it has none. */
static json_t *build_patch(const run_ctx *rc)
{
	char *path = pr_asprintf("%s/" PR_CLEAN_PATCH, rc->run_dir);
	char *text = NULL, sha[65];
	size_t len = 0;
	json_t *o = NULL;

	if (access(path, F_OK) == 0 &&
	    pr_read_file(&text, &len, path, (size_t)64 << 20) == 0) {
		pr_sha256_hex(sha, text, len);
		o = json_pack("{s:s, s:s}", "path", PR_CLEAN_PATCH, "sha256",
			      sha);
		if (o && rc->clean.base)
			json_object_set_new(o, "base",
					    json_string(rc->clean.base));
		if (o && rc->clean.files)
			json_object_set(o, "files", rc->clean.files);
		if (o && rc->clean.base)
			json_object_set_new(o, "compiled",
					    json_boolean(rc->clean.compiled));
	}
	free(text);
	free(path);
	return o;
}

static int write_manifest(char sha[65], run_ctx *rc, const pr_archive_info *ai,
			  const char *ledger_prev)
{
	char t0[32], t1[32];
	char *path = pr_asprintf("%s/" PR_MANIFEST_FILE, rc->run_dir);
	char *text = NULL;
	pr_manifest_parts p = {
	    .run_id = rc->run_id,
	    .experiment = rc->spec->name,
	    .status = rc->status,
	    .started = t0,
	    .finished = t1,
	    .version = PR_VERSION,
	    .runner_version =
		rc->opts->original ? rc->opts->original->version : NULL,
	    .as_original =
		rc->opts->original ? rc->opts->original->run_id : NULL,
	    .pin = pr_manifest_pin(&rc->pin),
	    .schedule = pr_manifest_schedule(&rc->plan.sched, rc->plan.launches,
					     rc->plan.reps, rc->plan.warmup,
					     rc->opts->quick),
	    .configs = pr_manifest_configs(rc->spec),
	    .launches = rc->invocations,
	    .environment =
		pr_manifest_environment(pr_envcap_host(), rc->launcher->name),
	    .archive = pr_manifest_archive(ai),
	    .ledger = pr_manifest_ledger(ledger_prev),
	    .workload = pr_manifest_workload(rc->spec),
	    .reason = rc->reason,
	    .recovered = rc->recovered,
	    .busy_at_start = rc->busy_at_start,
	};
	int error;

	p.build_patch = build_patch(rc);
	pr_envcap_cpus(p.environment);
	/* the ranks' hosts, not prereg's, under a launcher that is not local */
	if (!rc->launcher->local)
		json_object_del(p.environment, "tcp_congestion_control");
	if (rc->plan.binary) /* workload command: what ran (run/command.h) */
		json_object_set(p.workload, "command", rc->plan.binary);
	pr_utc_iso(t0, rc->started);
	pr_utc_iso(t1, rc->finished);
	if ((error = pr_manifest_dump(&text, &p)) < 0)
		goto cleanup;
	pr_sha256_hex(sha, text, strlen(text));
	error = pr_write_file_atomic(path, text, strlen(text));
cleanup:
	json_decref(p.pin);
	json_decref(p.schedule);
	json_decref(p.configs);
	json_decref(p.environment);
	json_decref(p.archive);
	json_decref(p.ledger);
	json_decref(p.workload);
	json_decref(p.build_patch);
	free(text);
	free(path);
	return error;
}

static int record(run_ctx *rc, char sha_out[65])
{
	char *ledger = pr_path_ledger(pr_repo_root(rc->repo), rc->spec->name);
	char prev[65], msha[65];
	pr_archive_info ai;
	int error;

	if ((error = write_archive(&ai, rc)) < 0 ||
	    (error = pr_ledger_tip(prev, ledger)) < 0 ||
	    (error = write_manifest(msha, rc, &ai, prev)) < 0 ||
	    (error = pr_ledger_append(NULL, ledger, rc->run_id, rc->status,
				      msha)) < 0)
		goto cleanup;
	memcpy(sha_out, ai.sha256, 65);
	printf("run %s: %s, %llu samples, archive %llu bytes (sha256 "
	       "%.12s...)\n",
	       rc->run_id, rc->status, (unsigned long long)ai.rows,
	       (unsigned long long)ai.gz_bytes, ai.sha256);
cleanup:
	free(ledger);
	return error;
}

int pr_run_commit(run_ctx *rc)
{
	char *paths[5];
	size_t npaths = 3;
	char *msg, *patch;
	git_oid oid;
	char hex[GIT_OID_HEXSZ + 1];
	int error;

	paths[0] = pr_asprintf("%s/" PR_MANIFEST_FILE, rc->rel_dir);
	paths[1] = pr_asprintf("%s/" PR_ARCHIVE_FILE, rc->rel_dir);
	paths[2] = pr_path_ledger(NULL, rc->spec->name);
	if (rc->script)
		paths[npaths++] =
		    pr_asprintf("%s/%s", rc->rel_dir, rc->launcher->script);
	patch = pr_asprintf("%s/" PR_CLEAN_PATCH, rc->run_dir);
	if (access(patch, F_OK) == 0)
		paths[npaths++] =
		    pr_asprintf("%s/" PR_CLEAN_PATCH, rc->rel_dir);
	free(patch);
	msg =
	    pr_asprintf("prereg run %s %s (%s)\n\npin %s %s\n", rc->spec->name,
			rc->run_id, rc->status, rc->pin.tag, rc->pin.commit);
	error = pr_git_commit_files(&oid, rc->repo, (const char *const *)paths,
				    npaths, msg);
	if (error == 0) {
		git_oid_tostr(hex, sizeof(hex), &oid);
		printf("committed %s as %.12s\n", rc->rel_dir, hex);
	}
	while (npaths > 0)
		free(paths[--npaths]);
	free(msg);
	return error;
}

/* Remove what only an unrecorded run needs from its directory: the kept
 * launches, the scratch directory, temporary files of a write that never
 * finished. manifest.json, timings.csv.gz, slurm.sh and run-state.json
 * stay. */
void pr_run_drop_scratch(const run_ctx *rc)
{
	DIR *d = opendir(rc->run_dir);
	struct dirent *e;

	while (d && (e = readdir(d)) != NULL) {
		char *path;

		if (strncmp(e->d_name, "launch-", 7) &&
		    strncmp(e->d_name, ".work-", 6) &&
		    !strstr(e->d_name, ".tmp."))
			continue;
		path = pr_asprintf("%s/%s", rc->run_dir, e->d_name);
		if (e->d_name[0] == '.')
			pr_remove_tree(path);
		else
			unlink(path);
		free(path);
	}
	if (d)
		closedir(d);
}

void pr_run_state_done(const run_ctx *rc)
{
	char *path = pr_asprintf("%s/" RUN_STATE, rc->run_dir);

	unlink(path);
	free(path);
}

/* HEAD's commit into *id and the branch it names into *ref (caller
 * frees; NULL when detached). */
static int head_now(git_oid *id, char **ref, git_repository *repo)
{
	git_reference *head = NULL;
	const char *target;

	*ref = NULL;
	if (git_reference_lookup(&head, repo, "HEAD") < 0 ||
	    git_reference_name_to_id(id, repo, "HEAD") < 0) {
		git_reference_free(head);
		return pr_git_error("cannot read HEAD");
	}
	target = git_reference_type(head) == GIT_REFERENCE_SYMBOLIC
		     ? git_reference_symbolic_target(head)
		     : NULL;
	*ref = target ? pr_strdup(target) : NULL;
	git_reference_free(head);
	return PR_OK;
}

int pr_run_head_mark(run_ctx *rc)
{
	int error;

	free(rc->head_ref);
	if ((error = head_now(&rc->head, &rc->head_ref, rc->repo)) == 0)
		rc->has_head = 1;
	return error;
}

/* HEAD is still what it was when the run began, or PR_EREFUSED saying
 * what moved it: the run's commit would not be on the line it ran on. */
static int head_unmoved(const run_ctx *rc)
{
	char was[GIT_OID_HEXSZ + 1], now[GIT_OID_HEXSZ + 1], *ref = NULL;
	git_oid id;
	int error;

	if (!rc->has_head)
		return PR_OK;
	if ((error = head_now(&id, &ref, rc->repo)) < 0)
		return error;
	if (!git_oid_equal(&id, &rc->head) || (!ref) != (!rc->head_ref) ||
	    (ref && strcmp(ref, rc->head_ref)))
		error = pr_error_code(
		    PR_EREFUSED,
		    "cannot commit run %s: HEAD moved during the run (%.12s "
		    "on %s when it began, %.12s on %s now): a pin or a commit "
		    "was made meanwhile",
		    rc->run_id, git_oid_tostr(was, sizeof(was), &rc->head),
		    rc->head_ref ? rc->head_ref : "a detached HEAD",
		    git_oid_tostr(now, sizeof(now), &id),
		    ref ? ref : "a detached HEAD");
	free(ref);
	return error;
}

/*
 * Archive, manifest, ledger line, then the commit; run-state.json goes
 * last, so that whatever stops this midway leaves a directory that
 * `prereg recover` completes.
 */
int pr_run_finalize(run_ctx *rc)
{
	char sha[65];
	int error;

	if ((error = record(rc, sha)) < 0) {
		pr_error("the %zu launches done are kept in %s; once the cause "
			 "is fixed, 'prereg recover %s' records them",
			 json_array_size(rc->invocations), rc->rel_dir,
			 rc->spec->name);
		return error;
	}
	pr_run_drop_scratch(rc);
	if (!rc->opts->no_commit && ((error = head_unmoved(rc)) < 0 ||
				     (error = pr_run_commit(rc)) < 0)) {
		pr_error("run %s is recorded in %s and in the ledger but not "
			 "committed; once the cause is fixed, 'prereg recover "
			 "%s' commits it",
			 rc->run_id, rc->rel_dir, rc->spec->name);
		return error;
	}
	pr_run_state_done(rc);
	return PR_OK;
}

void pr_run_ctx_free(run_ctx *rc)
{
	if (rc->work_dir && rc->run_id[0])
		pr_remove_tree(rc->work_dir);
	pr_run_plan_free(&rc->plan);
	pr_spec_free(rc->spec);
	json_decref(rc->invocations);
	json_decref(rc->recovered);
	json_decref(rc->busy_at_start);
	free(rc->reason);
	free(rc->run_dir);
	free(rc->rel_dir);
	free(rc->work_dir);
	free(rc->script);
	pr_clean_free(&rc->clean);
	pr_ompi_trim_free(&rc->trim);
	free(rc->head_ref);
}
