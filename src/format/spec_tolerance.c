/* spec_tolerance.c - [analysis] reproduce_tolerance: the phase classes,
 * a tolerance per class and per phase named apart (DESIGN 7) */
#include "format/spec-internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static const char *const phase_classes[PR_NCLASSES] = {
    [PR_CLASS_COMPUTE] = "compute", [PR_CLASS_COMM] = "comm"};

pr_phase_class pr_phase_class_of(const char *phase)
{
	static const char *const compute[] = {"compute",      "compute_device",
					      "reduce_local", "rescale",
					      "to_host",      "copy"};
	size_t i;

	for (i = 0; i < sizeof(compute) / sizeof(*compute); i++) {
		if (!strcmp(phase, compute[i]))
			return PR_CLASS_COMPUTE;
	}
	return PR_CLASS_COMM;
}

const char *pr_phase_class_name(pr_phase_class c)
{
	return (unsigned)c < PR_NCLASSES ? phase_classes[c] : NULL;
}

void pr_tolerance_init(pr_tolerance *t)
{
	memset(t, 0, sizeof(*t));
	t->cls[PR_CLASS_COMPUTE] = PR_REPRODUCE_TOL_COMPUTE;
	t->cls[PR_CLASS_COMM] = PR_REPRODUCE_TOL_COMM;
}

int pr_tolerance_index(const pr_tolerance *t, const char *phase)
{
	int i;

	for (i = 0; i < t->nphase; i++)
		if (!strcmp(t->phase[i], phase))
			return i;
	return -1;
}

double pr_tolerance_of(const pr_tolerance *t, const char *phase)
{
	int i = pr_tolerance_index(t, phase);

	return i >= 0 ? t->phase_value[i] : t->cls[pr_phase_class_of(phase)];
}

void pr_tolerance_copy(pr_tolerance *dst, const pr_tolerance *src)
{
	int i;

	pr_tolerance_free(dst);
	*dst = *src;
	for (i = 0; i < src->nphase; i++)
		dst->phase[i] = pr_strdup(src->phase[i]);
}

void pr_tolerance_free(pr_tolerance *t)
{
	int i;

	for (i = 0; i < t->nphase; i++) {
		free(t->phase[i]);
		t->phase[i] = NULL;
	}
	t->nphase = 0;
}

/* A phase name: a lower-case letter, then letters, digits, '_' or '.',
 * at most 64 characters. */
static int phase_name_ok(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_.");

	return s[0] >= 'a' && s[0] <= 'z' && n == strlen(s) && n <= 64;
}

/* One PHASE:T of reproduce_tolerance, a phase that is no class name. */
static int set_phase_tol(struct parse *p, const char *key, const char *name,
			 const char *value)
{
	pr_tolerance *t = &p->spec->tol;
	int i;

	if (!phase_name_ok(name))
		return pr_spec_fail(p, p->line,
				    "'%s': '%s' is neither a phase class "
				    "(compute, comm) nor a phase name",
				    key, name);
	if (pr_tolerance_index(t, name) >= 0)
		return pr_spec_fail(p, p->line, "'%s' lists phase '%s' twice",
				    key, name);
	if (t->nphase == PR_MAX_PHASE_TOL)
		return pr_spec_fail(p, p->line,
				    "'%s' names more than %d phases", key,
				    PR_MAX_PHASE_TOL);
	if ((i = pr_spec_get_num(&t->phase_value[t->nphase], p, key, value,
				 PR_REPRODUCE_TOL_MAX, "a number in (0, 10]")) <
	    0)
		return i;
	t->phase[t->nphase++] = pr_strdup(name);
	return PR_OK;
}

/* reproduce_tolerance = compute:0.05, comm:0.5, sendrecv:2 (either class
 * may be left out; a phase named apart takes its own) */
int pr_spec_set_reproduce_tol(struct parse *p, const char *key,
			      const char *value)
{
	char *copy = pr_strdup(value),
	     *items[PR_NCLASSES + PR_MAX_PHASE_TOL + 1];
	int seen[PR_NCLASSES] = {0};
	int n, i, c, error = PR_OK;

	if ((n = pr_spec_split_list(items, PR_NCLASSES + PR_MAX_PHASE_TOL, p,
				    key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && !error; i++) {
		char *colon, *name;

		if ((error = pr_spec_split_pair(
			 &colon, p, key, items[i],
			 "CLASS:TOLERANCE or PHASE:TOLERANCE, e.g. "
			 "'compute:0.05' (classes: compute, comm)")) < 0)
			break;
		name = pr_spec_trim(items[i]);
		for (c = 0; c < PR_NCLASSES; c++)
			if (!strcmp(name, phase_classes[c]))
				break;
		if (c == PR_NCLASSES) {
			error = set_phase_tol(p, key, name,
					      pr_spec_trim(colon + 1));
			continue;
		}
		if (seen[c]) {
			error = pr_spec_fail(p, p->line,
					     "'%s' lists class '%s' twice", key,
					     phase_classes[c]);
			break;
		}
		seen[c] = 1;
		error = pr_spec_get_num(
		    &p->spec->tol.cls[c], p, key, pr_spec_trim(colon + 1),
		    PR_REPRODUCE_TOL_MAX, "a number in (0, 10]");
	}
	free(copy);
	return error;
}
