/* formula.h - a model written as a formula over named calibration
 * parameters and shape variables, parsed and evaluated by GNU libmatheval
 * (DESIGN 5, "formulas") */
#ifndef PR_FORMULA_H
#define PR_FORMULA_H

#include <stddef.h>

typedef struct pr_formula pr_formula;

/* The variables model formula gives every formula (NULL-terminated):
 * bytes, ranks, P, X, R, alpha_P, beta_P, alpha_X, beta_X, alpha_R,
 * beta_R, arg (DESIGN 5). */
extern const char *const pr_formula_builtins[];
#define PR_FORMULA_NBUILTINS 12

/* Is name one a spec may give a variable of its own: libmatheval reads it
 * as one variable of that name (not a constant such as e or pi_2, not a
 * function, not a number) and it is none of pr_formula_builtins? */
int pr_formula_name_free(const char *name);

/* Parse text (+ - * / ^, parentheses, numbers, the constants e and pi,
 * libmatheval's functions, and variables): PR_EINPUT naming the formula
 * when it does not parse. */
int pr_formula_parse(pr_formula **out, const char *text);
void pr_formula_free(pr_formula *f);

/* The formula as written, and its variables (borrowed, in the order
 * libmatheval lists them). */
const char *pr_formula_text(const pr_formula *f);
size_t pr_formula_nvars(const pr_formula *f);
const char *pr_formula_var(const pr_formula *f, size_t i);

/*
 * The formula's value with names[i] = values[i] (n of them; names may
 * list more than it uses). PR_EINPUT naming the formula and the variable
 * when it uses one that names lacks or whose value is not finite, when
 * its evaluation divides by zero (a log of 0 too: the floating-point
 * division-by-zero flag), or when the value is not a finite time > 0.
 */
int pr_formula_eval(double *out, const pr_formula *f, size_t n,
		    const char *const *names, const double *values);

#endif
