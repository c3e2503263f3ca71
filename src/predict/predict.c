/* predict.c - evaluate an experiment's model, write predictions/NAME.json */
#include "predict/predict.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/device.h"
#include "base/seed.h"
#include "base/util.h"
#include "format/replayed.h"
#include "format/spec.h"
#include "model/registry.h"
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

/* The first rank group on a GPU (cuda:N, hip:N), or NULL. */
static const char *gpu_group(const pr_spec *spec)
{
	int g;

	for (g = 0; g < spec->ngroups; g++) {
		const char *dev = spec->groups[g].device;

		if (pr_device_gpu_kind(dev))
			return dev;
	}
	return NULL;
}

/*
 * A calibration of GPU ranks with no committed run (it needs devices this
 * machine may not have): the prediction is pinned without cells and says
 * what it waits for ("unavailable"); `prereg run` refuses it until the
 * calibration has run and the experiment is predicted and pinned again.
 * The same spec with CPU ranks only gets the calibration's refusal.
 */
static int mark_unavailable(json_t *pred, const pr_spec *spec)
{
	char *why = pr_asprintf(
	    "no committed run of calibration '%s', which needs the GPUs of "
	    "rank groups such as %s: every cell of model '%s' depends on it",
	    spec->calibration, gpu_group(spec), spec->model);

	json_object_set_new(pred, "unavailable",
			    json_pack("{s:s, s:s}", "calibration",
				      spec->calibration, "why", why));
	pr_warn("'%s': %s; the prediction is written without cells "
		"(run 'prereg pin %s && prereg run %s' where the devices are, "
		"then 'prereg pin %s' again)",
		spec->name, why, spec->calibration, spec->calibration,
		spec->name);
	free(why);
	return PR_OK;
}

/* The spec's calibration into out: PR_OK; 1 when it has no run and the
 * prediction is marked unavailable (a GPU calibration); or an error. */
static int load_calibration(pr_calib *out, json_t *pred, git_repository *repo,
			    const pr_spec *spec)
{
	pr_error_scope quiet;
	int error;

	if (!gpu_group(spec))
		return pr_calib_load(out, repo, spec->calibration);
	pr_error_record(&quiet);
	error = pr_calib_load(out, repo, spec->calibration);
	pr_error_restore(&quiet);
	if (error == PR_EREFUSED)
		return mark_unavailable(pred, spec) < 0 ? PR_EFAIL : 1;
	if (error < 0)
		pr_error_code(error, "%s", quiet.last);
	return error;
}

/*
 * Pattern replay: the replayed delays (format/replayed.h) recorded in
 * pred as "arrival": {"replay": {experiment, run, scale}, "replay_ns"},
 * what the model prices the pattern with. Nothing without a replay.
 */
static int replayed(json_t *pred, git_repository *repo, const pr_spec *spec)
{
	int64_t *ns = NULL;
	json_t *v;
	int n = 0, i, error;

	if (!spec->replay_experiment)
		return PR_OK;
	if ((error =
		 pr_arrival_replay_spec(&ns, &n, pr_repo_root(repo), spec)) < 0)
		return error;
	v = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(v, json_integer((json_int_t)ns[i]));
	json_object_set_new(pred, "arrival",
			    json_pack("{s:{s:s, s:s, s:f}, s:o}", "replay",
				      "experiment", spec->replay_experiment,
				      "run", spec->replay_run, "scale",
				      spec->replay_scale, "replay_ns", v));
	free(ns);
	return PR_OK;
}

/*
 * The model's cells and parameters, from the calibration runs it needs
 * (loaded here, after the model's own checks of the spec).
 */
static int predict_model(json_t *pred, git_repository *repo,
			 const pr_spec *spec)
{
	const pr_model *m = pr_model_lookup(spec->model);
	const pr_model_info *info = pr_model_registry_lookup(spec->model);
	json_t *model = json_object_get(pred, "model");
	pr_calib cal = {0}, comm = {0};
	int error;

	if (!m || !info)
		return pr_error_code(PR_EINPUT,
				     "'%s': model '%s' has no "
				     "predictor yet",
				     spec->path, spec->model);
	if (m->predict_in) {
		if ((error = m->predict_in(pred, spec, pr_repo_root(repo))) < 0)
			return error;
		return pr_predict_bands(pred, spec, NULL, NULL);
	}
	if (!m->predict)
		return PR_OK;
	if ((m->check && (error = m->check(spec)) < 0) ||
	    (error = replayed(pred, repo, spec)) < 0)
		goto cleanup;
	if (info->needs_calibration &&
	    (error = load_calibration(&cal, pred, repo, spec)) != PR_OK) {
		if (error > 0 && info->formula)
			json_object_set_new(model, "formula",
					    json_string(info->formula));
		goto cleanup;
	}
	if (info->needs_calibration && spec->calibration_busy_exclude) {
		json_t *busy;
		size_t n = pr_calib_exclude_busy(&cal, &busy);

		json_object_set_new(model, "calibration_busy", busy);
		if (n)
			pr_warn("calibration run '%s': %zu launch%s ran on a "
				"busy machine and %s left out of its fits "
				"([model] calibration_busy = exclude)",
				cal.run_id, n, n == 1 ? "" : "es",
				n == 1 ? "is" : "are");
	}
	if (info->needs_calibration && spec->nholdout) {
		cal.held = spec->holdout;
		cal.nheld = spec->nholdout;
		cal.held_ranks = spec->nranks;
		json_object_set_new(model, "holdout", pr_calib_held_json(&cal));
	}
	if ((info->needs_comm_calibration &&
	     (error = pr_calib_load(&comm, repo, spec->comm_calibration)) <
		 0) ||
	    (error =
		 m->predict(pred, spec, info->needs_calibration ? &cal : NULL,
			    info->needs_comm_calibration ? &comm : NULL)) < 0 ||
	    (error = pr_predict_bands(
		 pred, spec, info->needs_calibration ? &cal : NULL,
		 info->needs_comm_calibration ? &comm : NULL)) < 0)
		goto cleanup;
	if (info->needs_calibration)
		json_object_set_new(model, "calibration", pr_calib_json(&cal));
	if (info->needs_comm_calibration)
		json_object_set_new(model, "comm_calibration",
				    pr_calib_json(&comm));
	if (info->formula)
		json_object_set_new(model, "formula",
				    json_string(info->formula));
cleanup:
	pr_calib_free(&cal);
	pr_calib_free(&comm);
	return error < 0 ? error : PR_OK;
}

/* How a run is judged against the cells' bands. */
static json_t *decision_rule(const pr_spec *spec)
{
	json_t *r = json_pack(
	    "{s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "rule", "interval",
	    "statistic",
	    "median over launches of the per-launch medians (warmups "
	    "excluded)",
	    "interval",
	    "order-statistic interval of that median over the per-launch "
	    "medians, coverage >= 95% (needs >= 6 launches)",
	    "pass",
	    "the interval overlaps [lo_s, hi_s] and is no wider than it",
	    "fail", "the interval and [lo_s, hi_s] do not overlap",
	    "inconclusive",
	    "otherwise (interval wider than the band, or fewer than 6 "
	    "launches)",
	    "band", spec->band ? spec->band : "tolerance");

	if (!spec->band || !strcmp(spec->band, "tolerance"))
		json_object_set_new(r, "tolerance", json_real(spec->tolerance));
	json_object_set_new(
	    r, "controls",
	    json_string("discriminating: a negative control counts only "
			"where the right formula is closer to the measurement "
			"than the control's by more than both bands "
			"(|ln(measured / predicted)|); elsewhere it is "
			"INCONCLUSIVE"));
	return r;
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
	    "{s:s, s:s, s:s, s:s, s:s, s:{s:s}, s:[], s:o}", "experiment",
	    spec->name, "created", created, "spec_blob", blob, "kind",
	    spec->kind == PR_KIND_CALIBRATION ? "calibration" : "validation",
	    "claim", spec->claim, "model", "name", spec->model, "cells",
	    "decision_rule", decision_rule(spec));
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
	return pr_predict_write_derived(repo, spec, quiet, NULL);
}

int pr_predict_write_derived(git_repository *repo, const pr_spec *spec,
			     int quiet, json_t *derived)
{
	json_t *pred = NULL;
	char *text = NULL, *dir = NULL, *path = NULL;
	int error;

	if ((error = pr_predict_build(&pred, repo, spec)) < 0) {
		json_decref(derived);
		return error;
	}
	if (derived)
		json_object_set_new(pred, "derived_from", derived);
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
