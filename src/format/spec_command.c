/* spec_command.c - [command]: the program of workload command, what the
 * profiling library records of it, and how long a launch may take */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "format/fom.h"
#include "model/formula.h"
#include "format/spec-internal.h"

/* The profiling library's operations: format/workload.h's table. */
#define PMPI_OPS                                                               \
	((struct names){pr_pmpi_ops, sizeof(pr_pmpi_ops[0]), pr_pmpi_nops})

/* argv = PROGRAM ARGS...: words split at blanks, as written (no quoting:
 * a word holds no blank). */
/* value's words (split at blanks) into out, at most max: their count,
 * or PR_EINPUT naming key when there are more (*n: those kept, for the
 * spec's free). */
static int words(char **out, int *n, int max, struct parse *p, const char *key,
		 const char *value)
{
	char *copy = pr_strdup(value), *save = NULL, *w;

	*n = 0;
	for (w = strtok_r(copy, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		if (*n == max) {
			free(copy);
			return pr_spec_fail(p, p->line,
					    "'%s' has more than %d words", key,
					    max);
		}
		out[(*n)++] = pr_strdup(w);
	}
	free(copy);
	return *n;
}

int pr_spec_set_command_argv(struct parse *p, const char *key,
			     const char *value)
{
	pr_spec *spec = p->spec;
	int n = words(spec->command_argv, &spec->command_argc, PR_MAX_ARGV, p,
		      key, value);

	if (n < 0)
		return n;
	if (!n)
		return pr_spec_fail(p, p->line,
				    "'argv' names no program (argv = PROGRAM "
				    "ARGS...)");
	return PR_OK;
}

/* version = ARGS...: 1 to PR_MAX_VERSION_ARGS words. */
int pr_spec_set_command_version(struct parse *p, const char *key,
				const char *value)
{
	pr_spec *spec = p->spec;
	int n = words(spec->command_version, &spec->command_nversion,
		      PR_MAX_VERSION_ARGS, p, key, value);

	if (n == 0)
		return pr_spec_fail(p, p->line,
				    "'version' names no argument (version = "
				    "ARGS..., e.g. --version)");
	return n < 0 ? n : PR_OK;
}

/* ops = allreduce, bcast, ...: the profiling library's names, each once. */
int pr_spec_set_command_ops(struct parse *p, const char *key, const char *value)
{
	char *copy = pr_strdup(value), *items[PR_MAX_ARGV];
	size_t len = 0;
	int n, i, j, error = PR_OK;

	if ((n = pr_spec_split_list(items, PR_MAX_ARGV, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && error == 0; i++) {
		if (pr_spec_lookup(PMPI_OPS, items[i]) < 0)
			error = pr_spec_fail_unknown(p, "operation", items[i],
						     PMPI_OPS);
		for (j = 0; j < i && error == 0; j++)
			if (!strcmp(items[i], items[j]))
				error = pr_spec_fail(p, p->line,
						     "'ops' lists '%s' twice",
						     items[i]);
		len += strlen(items[i]) + 1;
	}
	if (error == 0) {
		p->spec->command_ops = pr_calloc(len + 1, 1);
		for (i = 0; i < n; i++) {
			if (i)
				strcat(p->spec->command_ops, ",");
			strcat(p->spec->command_ops, items[i]);
		}
	}
	free(copy);
	return error;
}

int pr_spec_set_command_max_calls(struct parse *p, const char *key,
				  const char *value)
{
	return pr_spec_get_long(&p->spec->command_max_calls, p, key, value, 1,
				100000000L);
}

int pr_spec_set_command_timeout(struct parse *p, const char *key,
				const char *value)
{
	return pr_spec_get_num(&p->spec->command_timeout_s, p, key, value,
			       86400.0, "a number of seconds in (0, 86400]");
}

static const char *const yes_no[] = {"no", "yes"};

/* A relative path inside the repository: no empty, "." or ".." part, no
 * leading '/', at most 255 bytes. */
static int repo_path_ok(const char *path)
{
	const char *part = path, *slash;
	size_t len;

	if (!*path || path[0] == '/' || strlen(path) > 255)
		return 0;
	for (; part; part = slash ? slash + 1 : NULL) {
		slash = strchr(part, '/');
		len = slash ? (size_t)(slash - part) : strlen(part);
		if (!len || (len == 1 && part[0] == '.') ||
		    (len == 2 && !strncmp(part, "..", 2)))
			return 0;
	}
	return 1;
}

/* inputs = a/b.txt, c.dat: repository files, each copied by its last
 * part's name, so no two may share one. */
int pr_spec_set_command_inputs(struct parse *p, const char *key,
			       const char *value)
{
	pr_spec *spec = p->spec;
	char *copy = pr_strdup(value), *items[PR_MAX_INPUTS];
	int n, i, j, error = PR_OK;

	if ((n = pr_spec_split_list(items, PR_MAX_INPUTS, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && error == 0; i++) {
		const char *base = strrchr(items[i], '/');

		base = base ? base + 1 : items[i];
		if (!repo_path_ok(items[i]))
			error = pr_spec_fail(p, p->line,
					     "input '%s' is no relative path "
					     "inside the repository",
					     items[i]);
		for (j = 0; j < i && error == 0; j++) {
			const char *other = strrchr(items[j], '/');

			other = other ? other + 1 : items[j];
			if (!strcmp(base, other))
				error = pr_spec_fail(
				    p, p->line,
				    "inputs '%s' and '%s' would both be '%s' "
				    "in the launch's directory",
				    items[j], items[i], base);
		}
	}
	for (i = 0; i < n && error == 0; i++)
		spec->command_inputs[spec->ninputs++] = pr_strdup(items[i]);
	free(copy);
	return error;
}

/* output = FILE: a name in the launch's directory (no '/'). */
int pr_spec_set_command_output(struct parse *p, const char *key,
			       const char *value)
{
	(void)key;
	if (strchr(value, '/') || !strcmp(value, ".") || !strcmp(value, "..") ||
	    strlen(value) > 255)
		return pr_spec_fail(p, p->line,
				    "'output' is a file name in the launch's "
				    "directory, not '%s'",
				    value);
	p->spec->command_output = pr_strdup(value);
	return PR_OK;
}

int pr_spec_set_command_pmpi(struct parse *p, const char *key,
			     const char *value)
{
	(void)key;
	return pr_spec_get_choice(&p->spec->command_pmpi, p, "pmpi", value,
				  NAMES(yes_no));
}

int pr_spec_set_command_fom(struct parse *p, const char *name,
			    const char *pattern)
{
	pr_spec *spec = p->spec;
	pr_error_scope scope;
	pr_fom *f = NULL;
	int i, error;

	if (!pr_spec_launch_name_ok(name))
		return pr_spec_fail(p, p->line,
				    "'fom.%s': a figure's name is 1 to 32 "
				    "letters, digits, '_' or '-'",
				    name);
	for (i = 0; i < spec->nfoms; i++)
		if (!strcmp(spec->fom_name[i], name))
			return pr_spec_fail(p, p->line,
					    "duplicate figure 'fom.%s'", name);
	if (spec->nfoms == PR_MAX_FOMS)
		return pr_spec_fail(p, p->line, "more than %d figures of merit",
				    PR_MAX_FOMS);
	pr_error_record(&scope);
	error = pr_fom_compile(&f, name, pattern);
	pr_error_restore(&scope);
	pr_fom_free(f);
	if (error < 0)
		return pr_spec_fail(p, p->line, "%s", scope.last);
	spec->fom_name[spec->nfoms] = pr_strdup(name);
	spec->fom_pattern[spec->nfoms++] = pr_strdup(pattern);
	return PR_OK;
}

/* arg = a, b: words (no blank) put for "{arg}" in argv, each once. */
int pr_spec_set_args(struct parse *p, const char *key, const char *value)
{
	pr_spec *spec = p->spec;
	char *copy = pr_strdup(value), *items[PR_MAX_FACTOR];
	int n, i, j, error = PR_OK;

	if ((n = pr_spec_split_list(items, PR_MAX_FACTOR, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && error == 0; i++) {
		if (strpbrk(items[i], " \t"))
			error = pr_spec_fail(p, p->line,
					     "'arg' value '%s' holds a blank: "
					     "it is one word of argv",
					     items[i]);
		for (j = 0; j < i && error == 0; j++)
			if (!strcmp(items[i], items[j]))
				error = pr_spec_fail(p, p->line,
						     "'arg' lists '%s' twice",
						     items[i]);
	}
	for (i = 0; i < n && error == 0; i++)
		spec->args[spec->nargs++] = pr_strdup(items[i]);
	free(copy);
	return error;
}

/* Does a word of argv hold "{arg}"? */
static int argv_takes_arg(const pr_spec *spec)
{
	int i;

	for (i = 0; i < spec->command_argc; i++)
		if (strstr(spec->command_argv[i], "{arg}"))
			return 1;
	return 0;
}

/* formula = TEXT: one libmatheval parses (its message names the line). */
int pr_spec_set_formula(struct parse *p, const char *key, const char *value)
{
	pr_error_scope scope;
	pr_formula *f = NULL;
	int error;

	(void)key;
	pr_error_record(&scope);
	error = pr_formula_parse(&f, value);
	pr_error_restore(&scope);
	pr_formula_free(f);
	if (error < 0)
		return pr_spec_fail(p, p->line, "%s", scope.last);
	p->spec->formula = pr_strdup(value);
	return PR_OK;
}

/* cells = PHASE:BYTES, ...: a phase (no blank, ':' or ','), bytes 0 to
 * 2^30, each pair once. */
int pr_spec_set_formula_cells(struct parse *p, const char *key,
			      const char *value)
{
	pr_spec *spec = p->spec;
	char *copy = pr_strdup(value), *items[PR_MAX_SIZES], *colon;
	long long bytes;
	int n, i, j, error = PR_OK;

	if ((n = pr_spec_split_list(items, PR_MAX_SIZES, p, key, copy)) < 0) {
		free(copy);
		return n;
	}
	for (i = 0; i < n && error == 0; i++) {
		if ((error = pr_spec_split_pair(&colon, p, key, items[i],
						"PHASE:BYTES")) < 0)
			break;
		if (strpbrk(items[i], " \t") ||
		    pr_spec_parse_ll(&bytes, colon + 1) < 0 || bytes < 0 ||
		    bytes > (1LL << 30)) {
			error =
			    pr_spec_fail(p, p->line,
					 "'cells': '%s:%s' is no PHASE:BYTES "
					 "(bytes 0 to 2^30)",
					 items[i], colon + 1);
			break;
		}
		for (j = 0; j < spec->nfcells; j++)
			if (!strcmp(spec->fcell_phase[j], items[i]) &&
			    spec->fcell_bytes[j] == bytes)
				error = pr_spec_fail(p, p->line,
						     "'cells' lists %s:%lld "
						     "twice",
						     items[i], bytes);
		if (error == 0) {
			spec->fcell_phase[spec->nfcells] = pr_strdup(items[i]);
			spec->fcell_bytes[spec->nfcells++] = (long)bytes;
		}
	}
	free(copy);
	return error;
}

int pr_spec_set_program(struct parse *p, const char *key, const char *value)
{
	(void)key;
	if (!repo_path_ok(value) || strpbrk(value, " \t\\"))
		return pr_spec_fail(p, p->line,
				    "'program = %s': name the predictor by a "
				    "path relative to the repository's root "
				    "(no blank, '\\', empty, '.' or '..' "
				    "part, at most 255 bytes)",
				    value);
	p->spec->predictor = pr_strdup(value);
	return PR_OK;
}

/* timeout_s (model program): how long the predictor may run. */
int pr_spec_set_program_timeout(struct parse *p, const char *key,
				const char *value)
{
	return pr_spec_get_num(&p->spec->predictor_timeout_s, p, key, value,
			       3600.0, "a number of seconds in (0, 3600]");
}

/* A variable name of ours: a letter, then letters, digits or '_', 1 to
 * 32 in all. */
static int median_name_ok(const char *name)
{
	size_t n = strlen(name), i;

	if (n < 1 || n > 32 || !isalpha((unsigned char)name[0]))
		return 0;
	for (i = 1; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_')
			return 0;
	return 1;
}

int pr_spec_set_median(struct parse *p, const char *name, const char *value)
{
	pr_spec *spec = p->spec;
	char *copy, *colon;
	long long bytes = -1;
	int i;

	if (!median_name_ok(name) || !pr_formula_name_free(name))
		return pr_spec_fail(
		    p, p->line,
		    "'median.%s': a median's name is a letter, then letters, "
		    "digits or '_' (at most 32), and none of the formula's "
		    "own names (bytes, ranks, P, X, R, alpha_P, beta_P, "
		    "alpha_X, beta_X, alpha_R, beta_R, arg, and libmatheval's "
		    "constants and functions: e, pi, exp, ...)",
		    name);
	for (i = 0; i < spec->nmedians; i++)
		if (!strcmp(spec->median_name[i], name))
			return pr_spec_fail(
			    p, p->line, "duplicate median 'median.%s'", name);
	if (spec->nmedians == PR_MAX_MEDIANS)
		return pr_spec_fail(p, p->line, "more than %d medians",
				    PR_MAX_MEDIANS);
	copy = pr_strdup(value);
	colon = strchr(copy, ':');
	if (colon)
		*colon = '\0';
	if (!*copy || strpbrk(copy, " \t,") ||
	    (colon && (pr_spec_parse_ll(&bytes, colon + 1) < 0 || bytes < 0 ||
		       bytes > (1LL << 30)))) {
		free(copy);
		return pr_spec_fail(p, p->line,
				    "'median.%s = %s' is no PHASE or "
				    "PHASE:BYTES (a phase without blank, ',' "
				    "or ':', bytes 0 to 2^30)",
				    name, value);
	}
	if (!p->median_line)
		p->median_line = p->line;
	spec->median_name[spec->nmedians] = pr_strdup(name);
	spec->median_phase[spec->nmedians] = copy;
	spec->median_bytes[spec->nmedians++] = (long)bytes;
	return PR_OK;
}

/* Workload command needs [command] argv, runs on cpu ranks (prereg places
 * no device for a program it did not write) and takes no [shape],
 * [schedule] reps (the program decides how many calls it makes) or
 * [model] (no model prices an outside program yet); [command] belongs to
 * it alone. */
int pr_spec_check_command(struct parse *p)
{
	pr_spec *spec = p->spec;
	int line, g;

	if ((line = pr_spec_line_of(p, "model", "formula")) ||
	    (line = pr_spec_line_of(p, "model", "cells"))) {
		if (strcmp(spec->model, "formula"))
			return pr_spec_fail(p, line,
					    "'formula' and 'cells' are for "
					    "model 'formula'");
	}
	if (((line = pr_spec_line_of(p, "model", "program")) ||
	     (line = pr_spec_line_of(p, "model", "timeout_s"))) &&
	    strcmp(spec->model, "program"))
		return pr_spec_fail(p, line,
				    "'program' and 'timeout_s' in [model] "
				    "are for model 'program'");
	if (!strcmp(spec->model, "program") && !spec->predictor)
		return pr_spec_fail(p, pr_spec_line_of(p, "model", "name"),
				    "model 'program' needs 'program' in "
				    "[model] (the predictor's path in the "
				    "repository)");
	if (!strcmp(spec->model, "program") && p->workload->splits_rows)
		return pr_spec_fail(p, pr_spec_line_of(p, "model", "name"),
				    "model 'program' is not for workload "
				    "'%s': prereg places its rows' split",
				    p->workload->name);
	if (p->median_line && strcmp(spec->model, "formula"))
		return pr_spec_fail(p, p->median_line,
				    "'median.NAME' is for model 'formula'");
	if (!strcmp(spec->model, "formula") &&
	    (!spec->formula || !spec->nfcells))
		return pr_spec_fail(p, pr_spec_line_of(p, "model", "name"),
				    "model 'formula' needs 'formula' and "
				    "'cells' (PHASE:BYTES, ...) in [model]");
	if (!strcmp(spec->model, "formula") && !p->workload->command)
		return pr_spec_fail(p, pr_spec_line_of(p, "model", "name"),
				    "model 'formula' is for workload "
				    "'command' so far");
	if ((line = pr_spec_line_of(p, "factors", "arg")) &&
	    !p->workload->command)
		return pr_spec_fail(p, line,
				    "'arg' in [factors] is for workload "
				    "'command' (its argv's \"{arg}\")");
	if (!p->workload->command) {
		if ((line = pr_spec_section_used(p, "command")))
			return pr_spec_fail(p, line,
					    "[command] is for workload "
					    "'command', not '%s'",
					    p->workload->name);
		return PR_OK;
	}
	line = pr_spec_line_of(p, "experiment", "workload");
	if (!spec->command_argc)
		return pr_spec_fail(p, line,
				    "workload 'command' needs 'argv' in "
				    "[command] (argv = PROGRAM ARGS...)");
	if (spec->nargs && !argv_takes_arg(spec))
		return pr_spec_fail(p, pr_spec_line_of(p, "factors", "arg"),
				    "'arg' in [factors], but no word of argv "
				    "holds \"{arg}\" to put it in");
	if (!spec->nargs && argv_takes_arg(spec))
		return pr_spec_fail(p, pr_spec_line_of(p, "command", "argv"),
				    "argv holds \"{arg}\", but [factors] has "
				    "no 'arg' to put in it");
	if (!spec->command_pmpi && !spec->nfoms)
		return pr_spec_fail(p, pr_spec_line_of(p, "command", "pmpi"),
				    "'pmpi = no' and no fom.NAME: nothing "
				    "would yield samples");
	if ((line = pr_spec_line_of(p, "command", "output")) && !spec->nfoms)
		return pr_spec_fail(p, line,
				    "'output' names the file the figures of "
				    "merit read, and there is no fom.NAME");
	if (!spec->command_pmpi &&
	    ((line = pr_spec_line_of(p, "command", "ops")) ||
	     (line = pr_spec_line_of(p, "command", "max_calls"))))
		return pr_spec_fail(p, line,
				    "'ops' and 'max_calls' are the profiling "
				    "library's, which 'pmpi = no' turns off");
	for (g = 0; g < spec->ngroups; g++)
		if (strcmp(spec->groups[g].device, "cpu"))
			return pr_spec_fail(
			    p, pr_spec_line_of(p, "ranks", "group"),
			    "workload 'command' runs on 'cpu' ranks only, "
			    "not '%s': the program chooses its own devices",
			    spec->groups[g].device);
	if ((line = pr_spec_section_used(p, "shape")))
		return pr_spec_fail(p, line,
				    "[shape] is not for workload 'command': "
				    "its arguments are in [command] argv");
	if ((line = pr_spec_line_of(p, "schedule", "reps")))
		return pr_spec_fail(p, line,
				    "'reps' is not for workload 'command': "
				    "the program decides how many calls it "
				    "makes");
	if (strcmp(spec->model, "none") && strcmp(spec->model, "formula") &&
	    strcmp(spec->model, "program"))
		return pr_spec_fail(p, pr_spec_line_of(p, "model", "name"),
				    "workload 'command' takes model "
				    "'formula', 'program' or none, not '%s': "
				    "the other "
				    "models price prereg's own workloads",
				    spec->model);
	spec->reps = 1; /* a launch runs the program once */
	return PR_OK;
}

void pr_spec_command_free(pr_spec *spec)
{
	int i;

	for (i = 0; i < spec->command_argc; i++)
		free(spec->command_argv[i]);
	for (i = 0; i < spec->command_nversion; i++)
		free(spec->command_version[i]);
	free(spec->command_ops);
	for (i = 0; i < spec->nfoms; i++) {
		free(spec->fom_name[i]);
		free(spec->fom_pattern[i]);
	}
	for (i = 0; i < spec->ninputs; i++)
		free(spec->command_inputs[i]);
	free(spec->command_output);
	free(spec->formula);
	free(spec->predictor);
	for (i = 0; i < spec->nargs; i++)
		free(spec->args[i]);
	for (i = 0; i < spec->nfcells; i++)
		free(spec->fcell_phase[i]);
	for (i = 0; i < spec->nmedians; i++) {
		free(spec->median_name[i]);
		free(spec->median_phase[i]);
	}
}
