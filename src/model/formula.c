/* formula.c - a model written as a formula (formula.h), through GNU
 * libmatheval */
#include "model/formula.h"

#include <fenv.h>
#include <math.h>
#include <matheval.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct pr_formula {
	char *text;
	void *ev;    /* libmatheval's evaluator */
	char **vars; /* libmatheval's, freed with ev */
	int nvars;
	double *vals; /* values in the order of vars, for each evaluation */
};

const char *const pr_formula_builtins[PR_FORMULA_NBUILTINS + 1] = {
    "bytes",   "ranks",	 "P",	    "X",      "R",   "alpha_P", "beta_P",
    "alpha_X", "beta_X", "alpha_R", "beta_R", "arg", NULL};

int pr_formula_name_free(const char *name)
{
	char *copy = pr_strdup(name);
	void *ev = *name ? evaluator_create(copy) : NULL;
	char **vars = NULL;
	int n = 0, i, ok;

	free(copy);
	if (ev)
		evaluator_get_variables(ev, &vars, &n);
	ok = n == 1 && !strcmp(vars[0], name);
	if (ev)
		evaluator_destroy(ev);
	for (i = 0; ok && pr_formula_builtins[i]; i++)
		ok = strcmp(pr_formula_builtins[i], name) != 0;
	return ok;
}

int pr_formula_parse(pr_formula **out, const char *text)
{
	pr_formula *f;
	char *copy;

	*out = NULL;
	copy = pr_strdup(text); /* libmatheval takes a char * */
	f = pr_calloc(1, sizeof(*f));
	f->text = pr_strdup(text);
	f->ev = *text ? evaluator_create(copy) : NULL;
	free(copy);
	if (!f->ev) {
		pr_formula_free(f);
		return pr_error_code(PR_EINPUT,
				     "the formula '%s' does not parse", text);
	}
	evaluator_get_variables(f->ev, &f->vars, &f->nvars);
	f->vals = pr_calloc((size_t)f->nvars + 1, sizeof(*f->vals));
	*out = f;
	return 0;
}

void pr_formula_free(pr_formula *f)
{
	if (!f)
		return;
	if (f->ev)
		evaluator_destroy(f->ev);
	free(f->vals);
	free(f->text);
	free(f);
}

const char *pr_formula_text(const pr_formula *f)
{
	return f->text;
}

size_t pr_formula_nvars(const pr_formula *f)
{
	return (size_t)f->nvars;
}

const char *pr_formula_var(const pr_formula *f, size_t i)
{
	return i < (size_t)f->nvars ? f->vars[i] : NULL;
}

/* The index of name among names, or -1. */
static long find(size_t n, const char *const *names, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return (long)i;
	return -1;
}

int pr_formula_eval(double *out, const pr_formula *f, size_t n,
		    const char *const *names, const double *values)
{
	double v;
	long k;
	int i, divided;

	*out = NAN;
	for (i = 0; i < f->nvars; i++) {
		if ((k = find(n, names, f->vars[i])) < 0)
			return pr_error_code(PR_EINPUT,
					     "the formula '%s' uses '%s', "
					     "which is not defined",
					     f->text, f->vars[i]);
		if (!isfinite(values[k]))
			return pr_error_code(PR_EINPUT,
					     "the formula '%s': '%s' has no "
					     "finite value",
					     f->text, f->vars[i]);
		f->vals[i] = values[k];
	}
	feclearexcept(FE_DIVBYZERO);
	v = evaluator_evaluate(f->ev, f->nvars, f->vars, f->vals);
	divided = fetestexcept(FE_DIVBYZERO) != 0;
	if (divided)
		return pr_error_code(PR_EINPUT,
				     "the formula '%s' divides by zero (or "
				     "takes the log of 0) at these values",
				     f->text);
	if (!isfinite(v) || v <= 0)
		return pr_error_code(PR_EINPUT,
				     "the formula '%s' gives %g, no finite "
				     "time > 0",
				     f->text, v);
	*out = v;
	return 0;
}
