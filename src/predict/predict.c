/* predict.c - evaluate an experiment's model, write predictions/NAME.json */
#include "predict/predict.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/spec.h"
#include "predict/calib.h"
#include "predict/models.h"
#include "repo/git.h"

static int spec_blob(char out[GIT_OID_HEXSZ + 1], git_repository *repo,
		     const pr_spec *spec)
{
	git_oid oid;
	char *path = pr_asprintf("%s%s", pr_repo_root(repo), spec->path);
	int rc = git_odb_hashfile(&oid, path, GIT_OBJECT_BLOB);

	free(path);
	if (rc < 0)
		return pr_git_error("cannot hash the spec");
	git_oid_tostr(out, GIT_OID_HEXSZ + 1, &oid);
	return PR_OK;
}

static json_t *plan_json(const pr_spec *spec)
{
	json_t *sizes = json_array(), *tr = json_array(), *pl = json_array();
	int i;

	for (i = 0; i < spec->nsizes; i++)
		json_array_append_new(sizes,
				      json_integer((json_int_t)spec->sizes[i]));
	for (i = 0; i < spec->ntransports; i++)
		json_array_append_new(tr, json_string(spec->transports[i]));
	for (i = 0; i < spec->nplacements; i++)
		json_array_append_new(pl, json_string(spec->placements[i]));
	return json_pack("{s:s, s:i, s:o, s:o, s:o, s:i, s:i, s:i}", "workload",
			 spec->workload, "ranks", spec->nranks, "sizes_bytes",
			 sizes, "transports", tr, "placements", pl, "launches",
			 spec->launches, "reps", spec->reps, "warmup",
			 spec->warmup);
}

/*
 * The model's cells and parameters, from the calibration runs it needs
 * (loaded here, after the model's own checks of the spec).
 */
static int predict_model(json_t *pred, git_repository *repo,
			 const pr_spec *spec)
{
	const pr_model *m = pr_model_lookup(spec->model);
	json_t *model = json_object_get(pred, "model");
	pr_calib cal = {0}, comm = {0};
	int error;

	if (!m)
		return pr_error_code(PR_EINPUT,
				     "'%s': model '%s' has no "
				     "predictor yet",
				     spec->path, spec->model);
	if (!m->predict)
		return PR_OK;
	if ((m->check && (error = m->check(spec)) < 0) ||
	    (m->needs_calibration &&
	     (error = pr_calib_load(&cal, repo, spec->calibration)) < 0) ||
	    (m->needs_comm_calibration &&
	     (error = pr_calib_load(&comm, repo, spec->comm_calibration)) <
		 0) ||
	    (error = m->predict(pred, spec, m->needs_calibration ? &cal : NULL,
				m->needs_comm_calibration ? &comm : NULL)) < 0)
		goto cleanup;
	if (m->needs_calibration)
		json_object_set_new(model, "calibration", pr_calib_json(&cal));
	if (m->needs_comm_calibration)
		json_object_set_new(model, "comm_calibration",
				    pr_calib_json(&comm));
	if (m->formula)
		json_object_set_new(model, "formula", json_string(m->formula));
cleanup:
	pr_calib_free(&cal);
	pr_calib_free(&comm);
	return error;
}

int pr_predict_build(json_t **out, git_repository *repo, const pr_spec *spec)
{
	char blob[GIT_OID_HEXSZ + 1], created[32];
	json_t *pred = NULL;
	int error;

	*out = NULL;
	if ((error = spec_blob(blob, repo, spec)) < 0)
		return error;
	pr_utc_iso(created, pr_now_unix());
	pred = json_pack(
	    "{s:s, s:s, s:s, s:s, s:s, s:{s:s}, s:[], s:{s:s, s:s, s:f}}",
	    "experiment", spec->name, "created", created, "spec_blob", blob,
	    "kind",
	    spec->kind == PR_KIND_CALIBRATION ? "calibration" : "validation",
	    "claim", spec->claim, "model", "name", spec->model, "cells",
	    "decision_rule", "statistic",
	    "median over launches of the per-launch medians (warmups "
	    "excluded)",
	    "pass",
	    "lo_s <= statistic <= hi_s, lo/hi = predicted_s * (1 "
	    "-/+ tolerance)",
	    "tolerance", spec->tolerance);
	if (spec->kind == PR_KIND_CALIBRATION)
		json_object_set_new(pred, "plan", plan_json(spec));
	else
		error = predict_model(pred, repo, spec);
	if (error < 0) {
		json_decref(pred);
		return error;
	}
	*out = pred;
	return PR_OK;
}

int pr_predict_write(git_repository *repo, const pr_spec *spec, int quiet)
{
	json_t *pred = NULL;
	char *text = NULL, *dir = NULL, *path = NULL;
	int error;

	if ((error = pr_predict_build(&pred, repo, spec)) < 0)
		return error;
	text = json_dumps(pred, JSON_INDENT(2) | JSON_SORT_KEYS |
				    JSON_REAL_PRECISION(10));
	dir = pr_asprintf("%spredictions", pr_repo_root(repo));
	path = pr_asprintf("%s/%s.json", dir, spec->name);
	if (!text) {
		error = pr_error("cannot encode the prediction of '%s'",
				 spec->name);
		goto cleanup;
	}
	text = pr_realloc(text, strlen(text) + 2);
	strcat(text, "\n");
	if ((error = pr_mkdir_p(dir)) < 0 ||
	    (error = pr_write_file_atomic(path, text, strlen(text))) < 0)
		goto cleanup;
	if (!quiet)
		printf("wrote predictions/%s.json (%zu cells); pin it with "
		       "'prereg pin %s'\n",
		       spec->name,
		       json_array_size(json_object_get(pred, "cells")),
		       spec->name);
cleanup:
	json_decref(pred);
	free(text);
	free(dir);
	free(path);
	return error;
}
