/* program.c - model program: a predictor program of the repository that
 * writes the prediction's cells, its git blob recorded with them (DESIGN
 * 5, "Model program") */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>
#include <jansson.h>

#include "base/child.h"
#include "base/util.h"
#include "format/predcheck.h"
#include "format/spec.h"
#include "predict/models-internal.h"
#include "predict/predict.h"
#include "repo/git.h"

/* The most bytes of the predictor read (to hash it) and of its output. */
#define PROGRAM_MAX ((uint64_t)16 << 20)
#define OUTPUT_MAX ((size_t)16 << 20)
/* The most cells it may write, and how long it may take without
 * [model] timeout_s. */
#define CELLS_MAX 100000
#define TIMEOUT_S 60.0

/* The predictor's git blob id and SHA-256 as read now (hex). */
static int fingerprint(char blob[GIT_OID_HEXSZ + 1], char sha[65],
		       const char *path, const char *rel)
{
	char *text = NULL;
	size_t len = 0;
	git_oid id;
	int error;

	if ((error = pr_read_file(&text, &len, path, PROGRAM_MAX)) < 0)
		return pr_error_code(PR_EINPUT,
				     "the predictor '%s' cannot be read", rel);
	git_libgit2_init();
	error = git_odb_hash(&id, text, len, GIT_OBJECT_BLOB);
	git_libgit2_shutdown();
	if (error == 0) {
		git_oid_tostr(blob, GIT_OID_HEXSZ + 1, &id);
		pr_sha256_hex(sha, text, len);
	}
	free(text);
	return error == 0 ? PR_OK : pr_error("cannot hash '%s'", rel);
}

/* {experiment, spec, ranks, configs [{config, transport, placement[,
 * arg]}]}: what the predictor reads on its standard input. */
static json_t *input_of(const pr_spec *spec)
{
	json_t *configs = json_array();
	int c;

	for (c = 0; c < pr_spec_nconfigs(spec); c++) {
		json_t *o = json_pack("{s:i, s:s, s:s}", "config", c,
				      "transport", pr_spec_transport(spec, c),
				      "placement", pr_spec_placement(spec, c));

		if (pr_spec_arg(spec, c))
			json_object_set_new(o, "arg",
					    json_string(pr_spec_arg(spec, c)));
		json_array_append_new(configs, o);
	}
	return json_pack("{s:s, s:s, s:i, s:s, s:o}", "experiment", spec->name,
			 "spec", spec->path, "ranks", spec->nranks, "workload",
			 spec->workload, "configs", configs);
}

/* In a new scratch directory: `input`, holding text, open for reading in
 * *in, and `output`, empty, open for writing and reading in *out. */
static int scratch_files(char **dir, int *in, int *out, const char *text)
{
	char *path;
	int error;

	*in = *out = -1;
	if ((error = pr_tmp_dir(dir, "prereg-predictor.")) < 0)
		return error;
	path = pr_asprintf("%s/input", *dir);
	if ((error = pr_write_file_atomic(path, text, strlen(text))) == 0 &&
	    (*in = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		error = pr_error("cannot open '%s': %s", path, strerror(errno));
	free(path);
	if (error < 0)
		return error;
	path = pr_asprintf("%s/output", *dir);
	if ((*out = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) <
	    0)
		error =
		    pr_error("cannot create '%s': %s", path, strerror(errno));
	free(path);
	return error;
}

/* Run the predictor (cwd root, argv PATH NAME, the input on stdin, stdout
 * into a file) and read what it wrote, at most OUTPUT_MAX bytes. */
static int run_predictor(char **out, size_t *len, const pr_spec *spec,
			 const char *root, const char *path)
{
	json_t *input = input_of(spec);
	char *in_text = json_dumps(input, JSON_COMPACT);
	char *argv[] = {(char *)path, spec->name, NULL};
	pr_child c = {0};
	char *dir = NULL;
	int in = -1, outfd = -1, error;
	struct stat st;
	double timeout = spec->predictor_timeout_s > 0
			     ? spec->predictor_timeout_s
			     : TIMEOUT_S;

	*out = NULL;
	if ((error = scratch_files(&dir, &in, &outfd, in_text)) < 0)
		goto cleanup;
	c.argv = argv;
	c.dir = root;
	c.in = in;
	c.out = outfd;
	c.own_group = 1;
	c.timeout_s = timeout;
	if ((error = pr_child_run(&c)) < 0)
		goto cleanup;
	if (c.timed_out) {
		error = pr_error_code(PR_EINPUT,
				      "'%s': the predictor '%s' ran past %g s "
				      "(timeout_s) and was stopped",
				      spec->path, spec->predictor, timeout);
		goto cleanup;
	}
	if (c.status != 0) {
		error = pr_error_code(PR_EINPUT,
				      "'%s': the predictor '%s' exited with "
				      "status %d",
				      spec->path, spec->predictor, c.status);
		goto cleanup;
	}
	if (fstat(outfd, &st) < 0 || (uint64_t)st.st_size > OUTPUT_MAX) {
		error = pr_error_code(PR_EINPUT,
				      "'%s': the predictor '%s' wrote more "
				      "than %zu bytes",
				      spec->path, spec->predictor, OUTPUT_MAX);
		goto cleanup;
	}
	*len = (size_t)st.st_size;
	*out = pr_malloc(*len + 1);
	if (pread(outfd, *out, *len, 0) != (ssize_t)*len) {
		error = pr_error("cannot read the predictor's output: %s",
				 strerror(errno));
		free(*out);
		*out = NULL;
		goto cleanup;
	}
	(*out)[*len] = '\0';
cleanup:
	if (in >= 0)
		close(in);
	if (outfd >= 0)
		close(outfd);
	if (dir)
		pr_remove_tree(dir);
	free(dir);
	free(in_text);
	json_decref(input);
	return error;
}

/* A cell the predictor wrote, as pr_model_cell makes it: PR_EINPUT
 * naming the cell and what is wrong. */
static int cell_of(json_t **out, const pr_spec *spec, const json_t *w, size_t i)
{
	static const char *const ints[] = {"bytes", "rows", "rank"};
	const char *key, *phase;
	json_t *v, *x;
	double t;
	size_t k;
	int config;

	*out = NULL;
	if (!json_is_object(w))
		return pr_error_code(PR_EINPUT, "cell %zu is no object", i);
	json_object_foreach((json_t *)w, key, v)
	{
		for (k = 0; k < 3 && strcmp(key, ints[k]); k++)
			;
		if (k == 3 && strcmp(key, "config") && strcmp(key, "phase") &&
		    strcmp(key, "predicted_s") && strcmp(key, "reduce"))
			return pr_error_code(
			    PR_EINPUT,
			    "cell %zu has key '%s', none of config, phase, "
			    "predicted_s, bytes, rows, rank, reduce",
			    i, key);
	}
	v = json_object_get(w, "config");
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) >= pr_spec_nconfigs(spec))
		return pr_error_code(PR_EINPUT,
				     "cell %zu: 'config' is no integer from 0 "
				     "to %d",
				     i, pr_spec_nconfigs(spec) - 1);
	config = (int)json_integer_value(v);
	phase = json_string_value(json_object_get(w, "phase"));
	if (!phase || !*phase || strlen(phase) > 64)
		return pr_error_code(PR_EINPUT,
				     "cell %zu: 'phase' is no string of 1 to "
				     "64 bytes",
				     i);
	v = json_object_get(w, "predicted_s");
	t = json_is_number(v) ? json_number_value(v) : NAN;
	if (!isfinite(t) || t <= 0)
		return pr_error_code(PR_EINPUT,
				     "cell %zu: 'predicted_s' is no finite "
				     "time > 0",
				     i);
	x = pr_model_cell(spec, config, phase, t);
	for (k = 0; k < 3; k++) {
		if (!(v = json_object_get(w, ints[k])))
			continue;
		if (!json_is_integer(v) || json_integer_value(v) < 0) {
			json_decref(x);
			return pr_error_code(PR_EINPUT,
					     "cell %zu: '%s' is no integer "
					     ">= 0",
					     i, ints[k]);
		}
		json_object_set(x, ints[k], v);
	}
	if ((v = json_object_get(w, "reduce")))
		json_object_set(x, "reduce", v); /* pin's check reads it */
	*out = x;
	return PR_OK;
}

/* The predictor's output: {"cells": [...][, "params": {...}]}. */
static int read_output(json_t *pred, const pr_spec *spec, const char *text,
		       size_t len)
{
	json_error_t jerr;
	json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	json_t *cells = json_object_get(o, "cells"), *w, *x;
	const char *key;
	json_t *v;
	size_t i;
	int error = PR_OK;
	pr_error_scope scope;

	if (!json_is_object(o)) {
		error = pr_error_code(
		    PR_EINPUT,
		    "'%s': the predictor '%s' wrote no JSON object (%s)",
		    spec->path, spec->predictor,
		    o ? "not an object" : jerr.text);
		goto cleanup;
	}
	json_object_foreach(o, key, v)
	{
		if (strcmp(key, "cells") && strcmp(key, "params")) {
			error = pr_error_code(PR_EINPUT,
					      "'%s': the predictor '%s' wrote "
					      "key '%s', neither cells nor "
					      "params",
					      spec->path, spec->predictor, key);
			goto cleanup;
		}
	}
	if (!json_is_array(cells) || !json_array_size(cells) ||
	    json_array_size(cells) > CELLS_MAX) {
		error = pr_error_code(PR_EINPUT,
				      "'%s': the predictor '%s' wrote no "
				      "'cells' array of 1 to %d cells",
				      spec->path, spec->predictor, CELLS_MAX);
		goto cleanup;
	}
	if ((v = json_object_get(o, "params")) && !json_is_object(v)) {
		error = pr_error_code(PR_EINPUT,
				      "'%s': the predictor '%s' wrote "
				      "'params' that is no object",
				      spec->path, spec->predictor);
		goto cleanup;
	}
	json_array_foreach(cells, i, w)
	{
		pr_error_record(&scope);
		error = cell_of(&x, spec, w, i);
		pr_error_restore(&scope);
		if (error < 0) {
			error = pr_error_code(
			    PR_EINPUT, "'%s': the predictor '%s': %s",
			    spec->path, spec->predictor, scope.last);
			goto cleanup;
		}
		pr_model_add_cell(pred, x);
	}
	if (v)
		pr_model_set(pred, "params", json_incref(v));
cleanup:
	json_decref(o);
	return error;
}

int pr_model_program_predict(json_t *pred, const pr_spec *spec,
			     const char *root)
{
	char *path = pr_asprintf("%s/%s", root, spec->predictor);
	char blob[GIT_OID_HEXSZ + 1], sha[65], blob2[GIT_OID_HEXSZ + 1],
	    sha2[65];
	char *out = NULL;
	size_t len = 0;
	int error;

	if (access(path, X_OK) < 0) {
		error =
		    pr_error_code(PR_EINPUT,
				  "'%s': the predictor '%s' is no "
				  "executable file of the repository (%s)",
				  spec->path, spec->predictor, strerror(errno));
		goto cleanup;
	}
	if ((error = fingerprint(blob, sha, path, spec->predictor)) < 0 ||
	    (error = run_predictor(&out, &len, spec, root, path)) < 0 ||
	    (error = fingerprint(blob2, sha2, path, spec->predictor)) < 0)
		goto cleanup;
	if (strcmp(blob, blob2)) {
		error = pr_error_code(PR_EINPUT,
				      "'%s': the predictor '%s' changed while "
				      "it ran",
				      spec->path, spec->predictor);
		goto cleanup;
	}
	if ((error = read_output(pred, spec, out, len)) < 0)
		goto cleanup;
	pr_model_set(pred, "program",
		     json_pack("{s:s, s:s, s:s}", "path", spec->predictor,
			       "blob", blob, "sha256", sha));
cleanup:
	free(out);
	free(path);
	return error;
}

/* A prediction of model program: HEAD's tree (what the pin commit will
 * hold beside the prediction) has the predictor at the blob it records. */
static int predictor_committed(git_repository *repo, const json_t *pred,
			       const char *what)
{
	json_t *prog =
	    json_object_get(json_object_get(pred, "model"), "program");
	const char *path = json_string_value(json_object_get(prog, "path"));
	const char *blob = json_string_value(json_object_get(prog, "blob"));
	char hex[GIT_OID_HEXSZ + 1] = "";
	git_commit *head = NULL;
	git_tree *tree = NULL;
	git_oid id;
	int error;

	if (!prog)
		return PR_OK;
	if (!path || !blob)
		return pr_error_code(PR_EINPUT,
				     "%s: its model.program lacks the "
				     "predictor's path or blob",
				     what);
	if ((error = pr_git_head(&head, repo)) < 0)
		return error;
	if (head && git_commit_tree(&tree, head) < 0)
		error = pr_git_error("cannot read HEAD's tree");
	else if (tree && (error = pr_git_tree_blob(&id, tree, path)) > 0)
		git_oid_tostr(hex, sizeof(hex), &id);
	if (error >= 0 && strcmp(hex, blob))
		error = pr_error_code(
		    PR_EREFUSED,
		    "%s: the predictor '%s' that made the prediction (blob "
		    "%.12s) is %s (commit it, then run 'prereg predict' "
		    "again if it changed, so that the pin holds what "
		    "predicted)",
		    what, path, blob,
		    *hex ? "not the one committed in HEAD" : "not committed");
	git_tree_free(tree);
	git_commit_free(head);
	return error < 0 ? error : PR_OK;
}

int pr_predict_pinnable(git_repository *repo, const char *name,
			const git_oid *spec, const git_oid *pred,
			const char *what)
{
	json_t *p = NULL;
	int error;

	if ((error = pr_prediction_check_blobs(&p, repo, name, spec, pred,
					       what)) == 0)
		error = predictor_committed(repo, p, what);
	json_decref(p);
	return error;
}
