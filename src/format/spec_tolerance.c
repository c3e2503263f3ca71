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

double pr_spec_reproduce_tol(const pr_spec *spec, const char *phase)
{
	int i;

	for (i = 0; i < spec->ntol_phase; i++)
		if (!strcmp(spec->tol_phase[i], phase))
			return spec->tol_phase_value[i];
	return spec->reproduce_tol[pr_phase_class_of(phase)];
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
	pr_spec *spec = p->spec;
	int i;

	if (!phase_name_ok(name))
		return pr_spec_fail(p, p->line,
				    "'%s': '%s' is neither a phase class "
				    "(compute, comm) nor a phase name",
				    key, name);
	for (i = 0; i < spec->ntol_phase; i++)
		if (!strcmp(spec->tol_phase[i], name))
			return pr_spec_fail(p, p->line,
					    "'%s' lists phase '%s' twice", key,
					    name);
	if (spec->ntol_phase == PR_MAX_PHASE_TOL)
		return pr_spec_fail(p, p->line,
				    "'%s' names more than %d phases", key,
				    PR_MAX_PHASE_TOL);
	if ((i = pr_spec_get_num(&spec->tol_phase_value[spec->ntol_phase], p,
				 key, value, PR_REPRODUCE_TOL_MAX,
				 "a number in (0, 10]")) < 0)
		return i;
	spec->tol_phase[spec->ntol_phase++] = pr_strdup(name);
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
		    &p->spec->reproduce_tol[c], p, key, pr_spec_trim(colon + 1),
		    PR_REPRODUCE_TOL_MAX, "a number in (0, 10]");
	}
	free(copy);
	return error;
}
