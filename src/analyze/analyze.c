/* analyze.c - an experiment's analysis: its prediction and runs loaded,
 * and each run taken through the pipeline in order (DESIGN 7) */
#include "analyze/analyze-internal.h"
#include "analyze/study.h"

#include <errno.h>
#include <git2.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze/controls.h"
#include "format/archive.h"
#include "format/manifest.h"
#include "format/timings.h"
#include "format/workload.h"
#include "base/text.h"
#include "base/util.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "run/conditions.h"

static char *dup_string(const char *s)
{
	return s ? pr_strdup(s) : NULL;
}

/* Do the run's rows count the operations a sample timed (workload.h)? */
static int per_op_of(const pr_manifest *m)
{
	const pr_workload_facts *w =
	    m ? pr_workload_facts_of(m->workload.name) : NULL;

	return w && w->rows_count_ops;
}

/* The launch records of m with failed attempts before them. */
static size_t relaunched(const pr_manifest *m)
{
	json_t *rec;
	size_t i, n = 0;

	json_array_foreach(m ? m->launches : NULL, i, rec)
	{
		if (json_array_size(json_object_get(rec, "attempts")))
			n++;
	}
	return n;
}

void pr_analyze_run(pr_analysis_run *out, const pr_timings *t,
		    const pr_manifest *m, const pr_cell *cells, size_t ncells,
		    pr_rule rule)
{
	json_t *configs = m ? m->configs : NULL;
	pr_sample_set S;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (m) {
		out->run_id = dup_string(m->run_id);
		out->status = dup_string(m->status);
		out->pin_tag = dup_string(m->pin.tag);
		out->pin_commit = dup_string(m->pin.commit);
		out->as_original = dup_string(m->as_original);
		out->runner_version = dup_string(m->runner_version);
		out->prereg_version = dup_string(m->version);
		out->command = pr_workload_is_command(m->workload.name);
	}
	out->sha256_ok = out->pred_pinned = -1;
	out->nconfigs = json_array_size(configs);
	out->config_label = pr_configs_label(configs);
	out->nsamples = t->nrows;
	for (i = 0; i < t->nrows; i++)
		out->nwarmup += t->row[i].warmup ? 1 : 0;
	out->sharing = pr_calloc(out->nconfigs + 1, sizeof(pr_sharing));
	pr_analyze_sharing(out->sharing, out->nconfigs, m);
	pr_analyze_busy(&out->busy, m);
	out->nrelaunched = relaunched(m);
	pr_analyze_energy(&out->energy, t, m);
	pr_samples_load(&S, t, per_op_of(m));
	out->ops_lo = S.ops_lo;
	out->ops_hi = S.ops_hi;
	pr_row_groups(out, &S);
	pr_row_table(out, &S, cells, ncells, rule);
	pr_collective_build(out, &S, t, m);
	pr_samples_free(&S);
	pr_causes_of(out, 0);
}

void pr_analysis_run_free(pr_analysis_run *r)
{
	size_t i;

	if (!r)
		return;
	json_decref(r->pred);
	for (i = 0; i < r->nclaims; i++)
		pr_claim_result_free(&r->claim[i]);
	free(r->claim);
	pr_cells_free(r->cell, r->ncells);
	pr_study_free(r);
	free(r->run_id);
	free(r->conditions);
	free(r->status);
	free(r->pin_tag);
	free(r->as_original);
	free(r->runner_version);
	free(r->prereg_version);
	free(r->pin_commit);
	for (i = 0; i < r->nconfigs; i++)
		free(r->config_label[i]);
	free(r->config_label);
	for (i = 0; i < r->nrows; i++)
		pr_row_free(&r->row[i]);
	free(r->row);
	for (i = 0; i < r->ngroups; i++)
		pr_row_free(&r->group[i]);
	free(r->group);
	for (i = 0; i < r->narrivals; i++) {
		pr_row_free(&r->arrival[i].spread);
		pr_row_free(&r->arrival[i].after);
		pr_row_free(&r->arrival[i].total);
	}
	free(r->arrival);
	free(r->sharing);
	pr_busy_free(&r->busy);
	pr_energy_sum_free(&r->energy);
	memset(r, 0, sizeof(*r));
}

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* Add the strings of every non-empty "clamped" array of strings under v
 * to a->clamped, sorted and distinct. */
static void clamped_add(pr_analysis *a, json_t *v)
{
	json_t *x, *c = json_object_get(v, "clamped");
	const char *key;
	size_t i, k = 0;

	json_array_foreach(c, i, x) k += json_is_string(x);
	if (k && k == json_array_size(c)) {
		json_array_foreach(c, i, x)
		{
			a->clamped = pr_realloc(a->clamped, (a->nclamped + 1) *
								sizeof(char *));
			a->clamped[a->nclamped++] = json_string_value(x);
		}
	}
	if (json_is_object(v)) {
		json_object_foreach(v, key, x) clamped_add(a, x);
	} else {
		json_array_foreach(v, i, x) clamped_add(a, x);
	}
}

static void clamped_of(pr_analysis *a, json_t *params)
{
	size_t i, k = 0;

	clamped_add(a, params);
	if (a->nclamped)
		qsort(a->clamped, a->nclamped, sizeof(char *), pr_strcmp_ptr);
	for (i = 0; i < a->nclamped; i++) {
		if (k == 0 || strcmp(a->clamped[k - 1], a->clamped[i]))
			a->clamped[k++] = a->clamped[i];
	}
	a->nclamped = k;
}

/* predictions/NAME.json, its cells and its git blob id; none is fine. */
static int load_prediction(pr_analysis *out, const char *root)
{
	char *path = pr_path_prediction(root, out->name);
	char *text = NULL;
	size_t len;
	json_error_t jerr;
	git_oid oid;
	int error = PR_OK;

	if (!exists(path))
		goto cleanup;
	if ((error = pr_read_file(&text, &len, path, PR_READ_MAX)) < 0)
		goto cleanup;
	out->pred = json_loadb(text, len, 0, &jerr);
	if (!json_is_object(out->pred)) {
		error = pr_error_code(
		    PR_EINPUT, "cannot read '%s': %s (line %d)", path,
		    out->pred ? "not an object" : jerr.text, jerr.line);
		goto cleanup;
	}
	git_libgit2_init();
	if (git_odb_hash(&oid, text, len, GIT_OBJECT_BLOB) == 0)
		git_oid_tostr(out->pred_blob, sizeof(out->pred_blob), &oid);
	git_libgit2_shutdown();
	error = pr_cells_parse(&out->cell, &out->ncells, out->pred, path);
	out->rule = pr_rule_of(out->pred);
	clamped_of(out, json_object_get(json_object_get(out->pred, "model"),
					"params"));
cleanup:
	free(text);
	free(path);
	return error;
}

static int no_runs(const char *root, const char *name, int has_pred)
{
	char *spec = pr_path_spec(root, name);
	int known = has_pred || exists(spec);

	free(spec);
	if (!known)
		return pr_error_code(PR_EINPUT,
				     "no experiment '%s': no runs/%s/, "
				     "experiments/%s/ or predictions/%s.json "
				     "(see 'prereg list')",
				     name, name, name, name);
	return pr_error_code(PR_EINPUT,
			     "no complete run of '%s' under runs/%s/ (run "
			     "'prereg run %s' first)",
			     name, name, name);
}

/* The prediction of blob id hex in the repository at root, or NULL. */
static json_t *pinned_prediction(const char *root, const char *hex)
{
	size_t len;
	char *text = pr_git_blob_text(&len, root, hex);
	json_t *pred = text ? json_loadb(text, len, 0, NULL) : NULL;

	free(text);
	if (pred && !json_is_object(pred)) {
		json_decref(pred);
		pred = NULL;
	}
	return pred;
}

/* The studies of run r of a, from its timings t and manifest m; once its
 * causes are made (a study may add to them) and its run id is its
 * directory's (the arrival and launch-settings studies seed with it). */
static void studies_of(pr_analysis_run *r, const pr_analysis *a,
		       const pr_timings *t, const pr_manifest *m)
{
	pr_study_input in = {r->pred ? r->pred : a->pred, t, m};

	pr_study_compute(r, &in);
}

/* Analyze runs/NAME/ID, with its studies, into a->run[a->nruns++]. */
static int analyze_one(pr_analysis *a, const char *root, const char *id,
		       const pr_manifest *m)
{
	char *path = pr_path_archive(root, a->name, id);
	pr_archive_info info;
	pr_timings t;
	pr_analysis_run *r;
	json_t *own = NULL;
	pr_cell *cells = NULL;
	size_t ncells = 0;
	int error;

	/* it may expand to the bytes the manifest records (and the slack) */
	if ((error = pr_timings_load(&t, &info, path,
				     pr_archive_cap(m->archive.bytes))) < 0) {
		free(path);
		return error;
	}
	a->run = pr_realloc(a->run, (a->nruns + 1) * sizeof(*a->run));
	r = &a->run[a->nruns++];
	if (m->pin.prediction_blob && a->pred &&
	    strcmp(m->pin.prediction_blob, a->pred_blob) &&
	    (own = pinned_prediction(root, m->pin.prediction_blob)) != NULL &&
	    pr_cells_parse(&cells, &ncells, own, m->pin.prediction_blob) == 0) {
		pr_analysis tmp = {0};

		clamped_of(&tmp, json_object_get(json_object_get(own, "model"),
						 "params"));
		pr_analyze_run(r, &t, m, cells, ncells, pr_rule_of(own));
		if (pr_rule_counts_discriminating(own))
			pr_controls_judge(r);
		pr_causes_of(r, tmp.nclamped);
		free(tmp.clamped);
		r->pred = own;
		r->cell = cells;
		r->ncells = ncells;
		snprintf(r->pred_blob, sizeof(r->pred_blob), "%s",
			 m->pin.prediction_blob);
		own = NULL;
	} else {
		pr_analyze_run(r, &t, m, a->cell, a->ncells, a->rule);
		if (pr_rule_counts_discriminating(a->pred))
			pr_controls_judge(r);
		pr_causes_of(r, a->nclamped);
	}
	json_decref(own);
	if (r->run_id && strcmp(r->run_id, id))
		pr_warn("runs/%s/%s/manifest.json names another run id: "
			"analyzed as %s",
			a->name, id, id);
	free(r->run_id);
	r->run_id = pr_strdup(id);
	studies_of(r, a, &t, m);
	pr_claims_of(r, root, a->name, m->pin.spec_blob);
	r->conditions = pr_conditions_differ(root, r->pred ? r->pred : a->pred,
					     pr_conditions_recorded(m->json));
	memcpy(r->sha256, info.sha256, sizeof(r->sha256));
	r->sha256_ok =
	    m->archive.sha256 ? !strcmp(m->archive.sha256, info.sha256) : -1;
	if (r->sha256_ok == 0)
		pr_warn("'%s' does not hash to the manifest's sha256: the "
			"archive changed after the run (see 'prereg audit')",
			path);
	r->pred_pinned =
	    m->pin.prediction_blob && a->pred
		? r->pred || !strcmp(m->pin.prediction_blob, a->pred_blob)
		: -1;
	if (r->pred_pinned == 0)
		pr_warn("predictions/%s.json is not the prediction pinned for "
			"run %s: the verdicts judge it against the file as it "
			"is now",
			a->name, id);
	pr_timings_free(&t);
	free(path);
	return PR_OK;
}

static void skip(pr_analysis *a, const char *id, const char *status)
{
	a->skipped = pr_realloc(a->skipped, (a->nskipped + 1) * sizeof(char *));
	a->skipped[a->nskipped++] =
	    pr_asprintf("%s (%s)", id, status ? status : "no status");
}

/* Does runs/NAME/ID still hold run-state.json? A recorded run never does:
 * it is a run in progress or left to 'prereg recover', or a run directory
 * committed with one, which the audit fails. */
static int unrecorded(const char *root, const char *name, const char *id)
{
	char *run = pr_path_run(root, name, id);
	char *st = pr_asprintf("%s/run-state.json", run);
	int held = access(st, F_OK) == 0;

	free(st);
	free(run);
	return held;
}

/* Leave out runs/NAME/ID, which holds run-state.json: an error when it
 * was asked for (run_id), else a warning and a skipped run. */
static int skip_unrecorded(pr_analysis *a, const char *id, const char *run_id)
{
	static const char why[] = "runs/%s/%s holds run-state.json: not a "
				  "recorded run, not analyzed (see 'prereg "
				  "recover' and 'prereg audit')";

	if (run_id)
		return pr_error_code(PR_EINPUT, why, a->name, id);
	pr_warn(why, a->name, id);
	skip(a, id, "holds run-state.json");
	return PR_OK;
}

int pr_analyze(pr_analysis *out, const char *root, const char *name,
	       const char *run_id)
{
	char **ids = NULL;
	size_t nids = 0, i;
	int error;

	memset(out, 0, sizeof(*out));
	if ((error = pr_name_check(name)) < 0)
		return error;
	if (run_id && (error = pr_run_id_check(run_id)) < 0)
		return error;
	out->name = pr_strdup(name);
	if ((error = load_prediction(out, root)) < 0)
		goto cleanup;
	if (pr_path_list_runs(&ids, &nids, root, name, PR_RUNS_MANIFEST) < 0 &&
	    !run_id) {
		error = no_runs(root, name, out->pred != NULL);
		goto cleanup;
	}
	for (i = 0; i < nids && !error; i++) {
		char *mpath;
		pr_manifest m;

		if (run_id && strcmp(ids[i], run_id))
			continue;
		if (unrecorded(root, name, ids[i])) {
			error = skip_unrecorded(out, ids[i], run_id);
			continue;
		}
		mpath = pr_path_manifest(root, name, ids[i]);
		error = pr_manifest_read(&m, mpath);
		if (!error &&
		    (run_id || (m.status && !strcmp(m.status, "complete"))))
			error = analyze_one(out, root, ids[i], &m);
		else if (!error)
			skip(out, ids[i], m.status);
		pr_manifest_free(&m);
		free(mpath);
	}
	if (!error && out->nruns == 0) {
		if (run_id)
			error = pr_error_code(PR_EINPUT,
					      "no run '%s' under runs/%s/ (see "
					      "'prereg list')",
					      run_id, name);
		else
			error = no_runs(root, name, out->pred != NULL);
	}
cleanup:
	for (i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
	if (error < 0)
		pr_analysis_free(out);
	return error;
}

void pr_analysis_free(pr_analysis *a)
{
	size_t i;

	if (!a)
		return;
	for (i = 0; i < a->nruns; i++)
		pr_analysis_run_free(&a->run[i]);
	free(a->run);
	for (i = 0; i < a->nskipped; i++)
		free(a->skipped[i]);
	free(a->skipped);
	pr_cells_free(a->cell, a->ncells);
	free(a->clamped);
	json_decref(a->pred);
	free(a->name);
	memset(a, 0, sizeof(*a));
}
