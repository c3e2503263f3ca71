/* cells.c - the cells of a prediction: what each selects and predicts
 * (DESIGN 7) */
#include "analyze/cells.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* An optional integer field of a cell: -1 when absent. */
static int opt_int(int64_t *out, json_t *c, const char *key)
{
	json_t *v = json_object_get(c, key);
	double d;

	*out = -1;
	if (!v)
		return 0;
	if (json_is_integer(v)) {
		*out = json_integer_value(v);
		return *out >= 0 ? 0 : -1;
	}
	d = json_number_value(v);
	if (!json_is_real(v) || d < 0 || d > 9e15 || d != floor(d))
		return -1;
	*out = (int64_t)d;
	return 0;
}

/* "terms" {transfers_s, reductions_s, copies_s}, finite numbers, into
 * out; -1 when malformed. Absent: nothing. */
static int parse_terms(pr_cell *out, json_t *t)
{
	static const char *const keys[] = {"transfers_s", "reductions_s",
					   "copies_s"};
	double *v[] = {&out->transfers_s, &out->reductions_s, &out->copies_s};
	size_t i;

	if (!t)
		return 0;
	if (!json_is_object(t))
		return -1;
	for (i = 0; i < 3; i++) {
		json_t *x = json_object_get(t, keys[i]);

		if (!json_is_number(x) || !isfinite(json_number_value(x)))
			return -1;
		*v[i] = json_number_value(x);
	}
	if (json_object_get(t, "overhead_s")) {
		json_t *o = json_object_get(t, "overhead_s");

		if (!json_is_number(o) || !isfinite(json_number_value(o)))
			return -1;
		out->overhead_s = json_number_value(o);
	}
	out->has_terms = 1;
	return 0;
}

/* copies.count of a cell, 0 unless an integer from 0 to 16 (the count
 * prices nothing itself: what the study of the primitives a run timed
 * multiplies its own copy by) */
static int copies_of(json_t *copies)
{
	json_t *k = json_object_get(copies, "count");

	if (!json_is_integer(k) || json_integer_value(k) < 0 ||
	    json_integer_value(k) > 16)
		return 0;
	return (int)json_integer_value(k);
}

static int parse_cell(pr_cell *out, json_t *c)
{
	json_t *pred = json_object_get(c, "predicted_s");
	json_t *lo = json_object_get(c, "lo_s"),
	       *hi = json_object_get(c, "hi_s");
	json_t *device = json_object_get(c, "device");
	json_t *reduce = json_object_get(c, "reduce");
	json_t *formula = json_object_get(c, "formula");
	json_t *control = json_object_get(c, "control");
	json_t *extra = json_object_get(c, "extrapolated");
	json_t *held = json_object_get(c, "held_out");
	json_t *nul = json_object_get(c, "null_s");
	const char *phase = json_string_value(json_object_get(c, "phase"));
	int64_t config, rows, rank, bytes;
	pr_reduce r = PR_REDUCE_NONE;

	memset(out, 0, sizeof(*out));
	if (!json_is_object(c) || opt_int(&config, c, "config") < 0 ||
	    config < 0 || config > 1000000 || !phase || !*phase ||
	    !json_is_number(pred) || !json_is_number(lo) ||
	    !json_is_number(hi) || opt_int(&rows, c, "rows") < 0 ||
	    opt_int(&bytes, c, "bytes") < 0 || opt_int(&rank, c, "rank") < 0 ||
	    rank > 1000000 || (device && !json_is_string(device)) ||
	    (reduce && pr_reduce_parse(&r, json_string_value(reduce)) < 0) ||
	    (formula && !json_is_string(formula)) ||
	    (control && (!json_is_string(control) ||
			 strcmp(json_string_value(control), "negative"))) ||
	    (extra && !json_is_boolean(extra)) ||
	    (held && !json_is_boolean(held)) ||
	    (nul && !(json_is_number(nul) && json_number_value(nul) > 0)) ||
	    parse_terms(out, json_object_get(c, "terms")) < 0)
		return -1;
	out->sel.config = (int)config;
	out->sel.phase = pr_strdup(phase);
	out->sel.device = device ? pr_strdup(json_string_value(device)) : NULL;
	out->sel.bytes = bytes;
	out->sel.rows = rows;
	out->sel.rank = (int)rank;
	out->sel.reduce = r;
	out->formula = formula ? pr_strdup(json_string_value(formula)) : NULL;
	out->negative = control != NULL;
	out->extrapolated = json_is_true(extra);
	out->held_out = json_is_true(held);
	out->null_s = nul ? json_number_value(nul) : 0.0;
	out->copies = copies_of(json_object_get(c, "copies"));
	out->predicted_s = json_number_value(pred);
	out->lo_s = json_number_value(lo);
	out->hi_s = json_number_value(hi);
	return 0;
}

int pr_cells_parse(pr_cell **out, size_t *n, json_t *pred, const char *path)
{
	json_t *cells = json_object_get(pred, "cells");
	size_t i;

	*out = NULL;
	*n = 0;
	if (cells && !json_is_array(cells))
		return pr_error_code(PR_EINPUT,
				     "'%s': \"cells\" is not an array", path);
	*out = pr_calloc(json_array_size(cells) + 1, sizeof(pr_cell));
	for (i = 0; i < json_array_size(cells); i++) {
		if (parse_cell(&(*out)[i], json_array_get(cells, i)) < 0) {
			pr_cells_free(*out, i + 1);
			*out = NULL;
			return pr_error_code(
			    PR_EINPUT,
			    "'%s': cell %zu needs config (integer), phase, "
			    "predicted_s, lo_s and hi_s, and optionally rows "
			    "and rank (integers), device and formula "
			    "(strings), reduce (\"span\", "
			    "\"after_last_arrival\", \"arrival_spread\", "
			    "\"max_over_ranks\"), control (\"negative\"), "
			    "extrapolated and held_out (true or false), "
			    "null_s (seconds > 0) and terms (transfers_s, "
			    "reductions_s, copies_s)",
			    path, i);
		}
	}
	*n = i;
	return PR_OK;
}

void pr_cells_free(pr_cell *cells, size_t n)
{
	size_t i;

	for (i = 0; cells && i < n; i++) {
		free(cells[i].sel.phase);
		free(cells[i].sel.device);
		free(cells[i].formula);
	}
	free(cells);
}
