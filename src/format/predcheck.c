/* predcheck.c - is predictions/NAME.json usable with its spec? (the check
 * of pin, run and audit) */
#include "format/predcheck.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/plancheck.h"
#include "base/util.h"
#include "format/workload.h"
#include "repo/paths.h"

static const char *const reduce_names[] = {
    "", "max_over_ranks", "span", "after_last_arrival", "arrival_spread"};

int pr_reduce_parse(pr_reduce *out, const char *s)
{
	int i;

	for (i = 1; s && i < PR_NREDUCE; i++) {
		if (!strcmp(s, reduce_names[i])) {
			*out = (pr_reduce)i;
			return 0;
		}
	}
	return -1;
}

const char *pr_reduce_name(pr_reduce r)
{
	return r < PR_NREDUCE ? reduce_names[r] : "";
}

/* One check under way: what the messages need. */
typedef struct {
	const pr_spec *spec;
	const char *what; /* "cannot pin 'x'", or NULL */
} checker;

static int bad(const checker *c, int device, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Print what is wrong (device: the advice says where to predict) and
 * return PR_EINPUT. */
static int bad(const checker *c, int device, const char *fmt, ...)
{
	const char *name = c->spec->name;
	char msg[512], *advice;
	va_list ap;
	int error;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!c->what)
		return pr_error_code(PR_EINPUT, "predictions/%s.json: %s", name,
				     msg);
	advice = pr_asprintf(" (run 'prereg predict %s'%s, then 'prereg pin "
			     "%s')",
			     name, device ? " where the device is" : "", name);
	error = pr_error_code(PR_EINPUT, "%s: predictions/%s.json: %s%s",
			      c->what, name, msg, advice);
	free(advice);
	return error;
}

/* A finite number of a cell into *out: 1, or 0 when it is none. */
static int number(double *out, json_t *cell, const char *key)
{
	json_t *v = json_object_get(cell, key);

	*out = json_number_value(v);
	return json_is_number(v) && isfinite(*out);
}

/* An integer of a cell in [lo, hi], when present: 1 ok, 0 not. */
static int opt_integer(json_t *cell, const char *key, json_int_t lo,
		       json_int_t hi)
{
	json_t *v = json_object_get(cell, key);

	return !v || (json_is_integer(v) && json_integer_value(v) >= lo &&
		      json_integer_value(v) <= hi);
}

/* Absent, or a whole number of bytes in [0, 2^40] (predictions pinned
 * before bytes were written as integers hold them as reals). */
static int opt_bytes(json_t *cell)
{
	json_t *v = json_object_get(cell, "bytes");
	double d = json_number_value(v);

	return !v || (json_is_number(v) && d >= 0 && d <= 1099511627776.0 &&
		      d == floor(d));
}

/* The seconds of cell i: predicted_s > 0, 0 <= lo_s <= predicted_s <=
 * hi_s, all finite. */
static int check_seconds(const checker *c, json_t *cell, size_t i)
{
	double p, lo, hi;

	if (!number(&p, cell, "predicted_s") || p <= 0)
		return bad(c, 0,
			   "cell %zu: predicted_s must be a finite number "
			   "> 0",
			   i);
	if (!number(&lo, cell, "lo_s") || !number(&hi, cell, "hi_s"))
		return bad(c, 0,
			   "cell %zu: lo_s and hi_s must be finite numbers", i);
	if (lo < 0 || lo > p || p > hi)
		return bad(c, 0,
			   "cell %zu: needs 0 <= lo_s <= predicted_s <= hi_s, "
			   "has %g, %g, %g",
			   i, lo, p, hi);
	return PR_OK;
}

/* Absent, or a finite number >= 0 (positive: > 0). */
static int opt_seconds(json_t *cell, const char *key, int positive)
{
	json_t *v = json_object_get(cell, key);
	double d = json_number_value(v);

	return !v || (json_is_number(v) && isfinite(d) &&
		      (positive ? d > 0 : d >= 0));
}

/* Absent, or the string the spec gives config c for this factor. */
static int opt_factor(json_t *cell, const char *key, const char *want)
{
	json_t *v = json_object_get(cell, key);

	return !v || (json_is_string(v) && want &&
		      !strcmp(json_string_value(v), want));
}

/*
 * What an arrival-pattern cell (models pap-hockney, pap-dp-step) adds:
 * its config's algorithm and pattern, the one-way time of one message of
 * its size (t_msg_s > 0, what the imbalance factor divides by) and the
 * priced terms, seconds >= 0.
 */
static int check_arrival_cell(const checker *c, json_t *cell, size_t i)
{
	static const char *const terms[] = {"spread_s", "t_alg_s", "hop_s",
					    "reduce_s"};
	const pr_spec *s = c->spec;
	int config = (int)json_integer_value(json_object_get(cell, "config"));
	size_t k;

	if (!opt_factor(cell, "pattern", pr_spec_pattern(s, config)))
		return bad(c, 0,
			   "cell %zu: pattern must be \"%s\", config %d's", i,
			   pr_spec_pattern(s, config), config);
	if (!opt_factor(cell, "algorithm", pr_spec_algorithm(s, config)))
		return bad(c, 0,
			   "cell %zu: algorithm must be \"%s\", config %d's", i,
			   pr_spec_algorithm(s, config), config);
	if (!opt_seconds(cell, "t_msg_s", 1))
		return bad(c, 0,
			   "cell %zu: t_msg_s must be a finite number > 0", i);
	for (k = 0; k < sizeof(terms) / sizeof(*terms); k++)
		if (!opt_seconds(cell, terms[k], 0))
			return bad(c, 0,
				   "cell %zu: %s must be a finite number >= 0",
				   i, terms[k]);
	return PR_OK;
}

/* A ratio's cell: {config (a config of the spec), phase, ...}. */
static int ratio_cell_ok(const checker *c, const json_t *sel)
{
	return json_is_object(sel) && json_object_get(sel, "config") &&
	       opt_integer((json_t *)sel, "config", 0,
			   pr_spec_nconfigs(c->spec) - 1) &&
	       json_is_string(json_object_get(sel, "phase"));
}

static double finite_or_nan(const json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_number(v) && isfinite(json_number_value(v))
		   ? json_number_value(v)
		   : NAN;
}

/* "ratios" (optional): each {name, numerator, denominator, predicted >
 * 0, lo <= predicted <= hi, lo >= 0}. */
static int check_ratios(const checker *c, json_t *pred)
{
	json_t *all = json_object_get(pred, "ratios"), *r;
	size_t i;

	if (!all)
		return PR_OK;
	if (!json_is_array(all))
		return bad(c, 0, "\"ratios\" must be an array");
	json_array_foreach(all, i, r)
	{
		double p = finite_or_nan(r, "predicted");
		double lo = finite_or_nan(r, "lo"), hi = finite_or_nan(r, "hi");

		if (!json_is_string(json_object_get(r, "name")) ||
		    !ratio_cell_ok(c, json_object_get(r, "numerator")) ||
		    !ratio_cell_ok(c, json_object_get(r, "denominator")))
			return bad(c, 0,
				   "ratio %zu needs a name and numerator and "
				   "denominator cells (config, phase)",
				   i);
		if (!(p > 0) || !(lo >= 0) || !(lo <= p) || !(p <= hi))
			return bad(c, 0,
				   "ratio %zu: predicted must be > 0 and lie "
				   "in [lo, hi], lo >= 0",
				   i);
	}
	return PR_OK;
}

/* A cell's "terms": {transfers_s, reductions_s, copies_s}, finite. */
static int terms_ok(json_t *t)
{
	static const char *const keys[] = {"transfers_s", "reductions_s",
					   "copies_s"};
	size_t i;

	for (i = 0; json_is_object(t) && i < 3; i++) {
		json_t *x = json_object_get(t, keys[i]);

		if (!json_is_number(x) || !isfinite(json_number_value(x)))
			return 0;
	}
	return json_is_object(t);
}

/* Cell i: what the analysis matches samples with, and its seconds. */
static int check_cell(const checker *c, json_t *cell, size_t i)
{
	const pr_spec *s = c->spec;
	json_t *phase = json_object_get(cell, "phase");
	json_t *device = json_object_get(cell, "device");
	json_t *reduce = json_object_get(cell, "reduce");
	json_t *formula = json_object_get(cell, "formula");
	json_t *control = json_object_get(cell, "control");
	json_t *extra = json_object_get(cell, "extrapolated");
	json_t *held = json_object_get(cell, "held_out");
	json_t *nul = json_object_get(cell, "null_s");
	pr_reduce r;
	int error;

	if (!json_is_object(cell))
		return bad(c, 0, "cell %zu is not an object", i);
	if (!json_object_get(cell, "config") ||
	    !opt_integer(cell, "config", 0, pr_spec_nconfigs(s) - 1))
		return bad(c, 0,
			   "cell %zu: config must be an integer in [0, %d] "
			   "(the spec has %d configs)",
			   i, pr_spec_nconfigs(s) - 1, pr_spec_nconfigs(s));
	if (!json_is_string(phase) || !json_string_length(phase))
		return bad(c, 0, "cell %zu: phase must be a non-empty string",
			   i);
	if (!opt_integer(cell, "rows", 0, PR_MAX_LIST_ROWS))
		return bad(c, 0,
			   "cell %zu: rows must be an integer in [0, %ld]", i,
			   PR_MAX_LIST_ROWS);
	if (!opt_bytes(cell))
		return bad(c, 0,
			   "cell %zu: bytes must be a whole number in [0, "
			   "2^40]",
			   i);
	if (!opt_integer(cell, "rank", 0, s->nranks - 1))
		return bad(c, 0,
			   "cell %zu: rank must be an integer in [0, %d] (the "
			   "spec has %d ranks)",
			   i, s->nranks - 1, s->nranks);
	if (device && !json_is_string(device))
		return bad(c, 0, "cell %zu: device must be a string", i);
	if (reduce && pr_reduce_parse(&r, json_string_value(reduce)) < 0)
		return bad(c, 0,
			   "cell %zu: reduce must be \"span\", "
			   "\"after_last_arrival\", \"arrival_spread\" or "
			   "\"max_over_ranks\"",
			   i);
	if (formula && !json_is_string(formula))
		return bad(c, 0, "cell %zu: formula must be a string", i);
	if (control && (!json_is_string(control) ||
			strcmp(json_string_value(control), "negative")))
		return bad(c, 0, "cell %zu: control must be \"negative\"", i);
	if (extra && !json_is_boolean(extra))
		return bad(c, 0, "cell %zu: extrapolated must be true or false",
			   i);
	if (held && !json_is_boolean(held))
		return bad(c, 0, "cell %zu: held_out must be true or false", i);
	if (nul && !(json_is_number(nul) && json_number_value(nul) > 0 &&
		     isfinite(json_number_value(nul))))
		return bad(c, 0,
			   "cell %zu: null_s must be a positive number of "
			   "seconds",
			   i);
	if (json_object_get(cell, "terms") &&
	    !terms_ok(json_object_get(cell, "terms")))
		return bad(c, 0,
			   "cell %zu: terms must be an object of finite "
			   "numbers transfers_s, reductions_s and copies_s",
			   i);
	if (pr_workload_has_arrival(s->workload) &&
	    (error = check_arrival_cell(c, cell, i)) < 0)
		return error;
	return check_seconds(c, cell, i);
}

static int check_cells(const checker *c, json_t *pred)
{
	json_t *cells = json_object_get(pred, "cells"), *cell;
	size_t i;
	int error;

	if (!json_is_array(cells))
		return bad(c, 0, "\"cells\" must be an array");
	json_array_foreach(cells, i, cell)
	{
		if ((error = check_cell(c, cell, i)) < 0)
			return error;
	}
	return PR_OK;
}

/* row-split: the split prereg run hands to the ranks. */
static int check_split(const checker *c, json_t *pred)
{
	const pr_spec *s = c->spec;
	json_t *rows =
	    json_object_get(json_object_get(pred, "split"), "rows_per_rank");
	json_t *v;
	json_int_t sum = 0;
	size_t i;

	if (!json_is_array(rows))
		return bad(c, 0,
			   "workload row-split needs \"split\": "
			   "{\"rows_per_rank\": [...]}, one count per rank "
			   "(model split-gatherv writes it)");
	if (json_array_size(rows) != (size_t)s->nranks)
		return bad(c, 0,
			   "split.rows_per_rank has %zu counts, the spec has "
			   "%d ranks",
			   json_array_size(rows), s->nranks);
	json_array_foreach(rows, i, v)
	{
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) > s->rows)
			return bad(c, 0,
				   "split.rows_per_rank[%zu] must be an "
				   "integer in [0, %ld]",
				   i, s->rows);
		sum += json_integer_value(v);
	}
	if (sum != s->rows)
		return bad(c, 0,
			   "split.rows_per_rank adds up to %lld rows, the "
			   "spec has %ld",
			   (long long)sum, s->rows);
	return PR_OK;
}

/* rows_list = auto: the rows the prediction placed, as a plan holds them. */
static int check_sweep(const checker *c, json_t *pred)
{
	json_t *rows =
		   json_object_get(json_object_get(pred, "sweep"), "rows_list"),
	       *v;
	size_t i;

	if (rows && !json_is_array(rows))
		return bad(c, 0,
			   "sweep.rows_list must be an array of row counts");
	if (!json_array_size(rows))
		return bad(c, 1,
			   "places no rows (sweep.rows_list is missing or "
			   "empty: was there no device when it was "
			   "predicted?)");
	if (json_array_size(rows) > PR_MAX_ROWS_LIST)
		return bad(c, 0,
			   "sweep.rows_list has %zu row counts, at most %d "
			   "run",
			   json_array_size(rows), PR_MAX_ROWS_LIST);
	json_array_foreach(rows, i, v)
	{
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > PR_MAX_LIST_ROWS)
			return bad(c, 0,
				   "sweep.rows_list[%zu] must be an integer "
				   "in [1, %ld]",
				   i, PR_MAX_LIST_ROWS);
	}
	return PR_OK;
}

/* A model waiting for a GPU calibration (predict.c): which, and why. */
static int check_unavailable(const checker *c, json_t *pred)
{
	json_t *u = json_object_get(pred, "unavailable");

	if (!u)
		return PR_OK;
	if (!json_is_object(u) ||
	    !json_is_string(json_object_get(u, "calibration")) ||
	    !json_is_string(json_object_get(u, "why")))
		return bad(c, 0,
			   "\"unavailable\" must be {\"calibration\": "
			   "NAME, \"why\": TEXT}");
	return PR_OK;
}

/* Pattern replay: the replayed delays the prediction priced, where it
 * records them ("arrival": {"replay_ns": [...]}: integers >= 0). */
static int check_replay(const checker *c, json_t *pred)
{
	json_t *arrival = json_object_get(pred, "arrival");
	json_t *v = json_object_get(arrival, "replay_ns"), *x;
	size_t i;

	if (arrival && !json_is_object(arrival))
		return bad(c, 0, "\"arrival\" must be an object");
	if (v && !json_is_array(v))
		return bad(c, 0, "arrival.replay_ns must be an array");
	json_array_foreach(v, i, x)
	{
		if (!json_is_integer(x) || json_integer_value(x) < 0)
			return bad(c, 0,
				   "arrival.replay_ns[%zu] must be an "
				   "integer >= 0",
				   i);
	}
	return PR_OK;
}

/* Whose prediction it is: the experiment and the spec it was made from. */
static int check_origin(const checker *c, json_t *pred, const char *spec_blob)
{
	const char *exp =
	    json_string_value(json_object_get(pred, "experiment"));
	const char *blob =
	    json_string_value(json_object_get(pred, "spec_blob"));

	if (!exp)
		return bad(c, 0, "\"experiment\" must be a string");
	if (strcmp(exp, c->spec->name))
		return bad(c, 0, "is the prediction of '%s', not '%s'", exp,
			   c->spec->name);
	if (!blob)
		return bad(c, 0, "\"spec_blob\" must be a string");
	if (strcmp(blob, spec_blob))
		return bad(c, 0,
			   "was predicted from spec blob %.12s, not from %s "
			   "(blob %.12s)",
			   blob, c->spec->path, spec_blob);
	return PR_OK;
}

int pr_prediction_check(json_t **out, const char *text, size_t len,
			const pr_spec *spec, const char *spec_blob,
			const char *what)
{
	const pr_workload_facts *w = pr_workload_facts_of(spec->workload);
	checker c = {spec, what};
	json_error_t jerr;
	json_t *pred;
	int error;

	if (out)
		*out = NULL;
	pred = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!pred)
		return bad(&c, 0, "not JSON (line %d, column %d: %s)",
			   jerr.line, jerr.column, jerr.text);
	if (!json_is_object(pred)) {
		error = bad(&c, 0, "not a JSON object");
		goto cleanup;
	}
	if ((error = check_origin(&c, pred, spec_blob)) < 0 ||
	    (error = check_cells(&c, pred)) < 0 ||
	    (error = check_unavailable(&c, pred)) < 0 ||
	    (error = check_replay(&c, pred)) < 0 ||
	    (error = check_ratios(&c, pred)) < 0)
		goto cleanup;
	if (json_object_get(pred, "unavailable")) {
		/* no split or sweep: `prereg run` refuses it (run.c) */
		if (json_array_size(json_object_get(pred, "cells"))) {
			error = bad(&c, 0,
				    "marks its model unavailable and has "
				    "cells");
			goto cleanup;
		}
	} else if ((w && w->splits_rows &&
		    (error = check_split(&c, pred)) < 0) ||
		   (spec->rows_list_auto &&
		    (error = check_sweep(&c, pred)) < 0))
		goto cleanup;
	if (out) {
		*out = pred;
		pred = NULL;
	}
cleanup:
	json_decref(pred);
	return error;
}

/* A blob's bytes, NUL-terminated, into *out (caller frees). */
static int blob_text(char **out, size_t *len, git_repository *repo,
		     const git_oid *id, const char *path)
{
	git_blob *blob = NULL;

	*out = NULL;
	if (git_blob_lookup(&blob, repo, id) < 0) {
		const git_error *e = git_error_last();

		return pr_error("cannot read '%s' from git: %s", path,
				e && e->message ? e->message : "unknown error");
	}
	*len = (size_t)git_blob_rawsize(blob);
	*out = pr_malloc(*len + 1);
	memcpy(*out, git_blob_rawcontent(blob), *len);
	(*out)[*len] = '\0';
	git_blob_free(blob);
	return PR_OK;
}

int pr_prediction_check_blobs(json_t **out, git_repository *repo,
			      const char *name, const git_oid *spec,
			      const git_oid *pred, const char *what)
{
	char *spec_path = pr_path_spec(NULL, name);
	char *pred_path = pr_path_prediction(NULL, name);
	char *spec_text = NULL, *pred_text = NULL;
	char blob[GIT_OID_HEXSZ + 1];
	pr_spec *parsed = NULL;
	size_t spec_len, pred_len;
	int error;

	if (out)
		*out = NULL;
	git_oid_tostr(blob, sizeof(blob), spec);
	if ((error = blob_text(&spec_text, &spec_len, repo, spec, spec_path)) <
		0 ||
	    (error = blob_text(&pred_text, &pred_len, repo, pred, pred_path)) <
		0 ||
	    (error = pr_spec_parse(&parsed, spec_text, spec_path, name)) < 0)
		goto cleanup;
	error =
	    pr_prediction_check(out, pred_text, pred_len, parsed, blob, what);
cleanup:
	pr_spec_free(parsed);
	free(spec_text);
	free(pred_text);
	free(spec_path);
	free(pred_path);
	return error;
}
