/* options.c - option parsing shared by the subcommands */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cmd.h"

int pr_cmd_usage_error(const char *cmd, const char *usage, const char *fmt, ...)
{
	const char *end = strstr(usage, "\n\n");
	va_list ap;

	fprintf(stderr, "prereg %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n%.*s\n(see --help)\n",
		(int)(end ? end - usage : (long)strlen(usage)), usage);
	return PR_EINPUT;
}

int pr_cmd_parse(int *first, int argc, char **argv, const char *usage,
		 const struct option *longopts, int nargs,
		 int (*on_opt)(int opt, const char *arg, void *data),
		 void *data)
{
	int opt, error;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (opt == 'h') {
			fputs(usage, stdout);
			return 1;
		}
		if ((opt == '?' || opt == ':') && optopt)
			return pr_cmd_usage_error(
			    argv[0], usage, "unknown option '-%c'", optopt);
		if (opt == '?' || opt == ':')
			return pr_cmd_usage_error(
			    argv[0], usage,
			    "unknown option or missing value '%s'",
			    argv[optind - 1]);
		if (on_opt && (error = on_opt(opt, optarg, data)) < 0)
			return error;
	}
	*first = optind;
	if (nargs >= 0 && argc - optind != nargs)
		return pr_cmd_usage_error(
		    argv[0], usage, "expected %d argument%s, got %d", nargs,
		    nargs == 1 ? "" : "s", argc - optind);
	return PR_OK;
}

int pr_cmd_flag(int opt, const char *arg, void *data)
{
	(void)opt;
	(void)arg;
	*(int *)data = 1;
	return PR_OK;
}

int pr_cmd_print_json(FILE *f, json_t *j, int digits)
{
	char *s =
	    j ? json_dumps(j, JSON_INDENT(2) | JSON_SORT_KEYS |
				  (digits ? JSON_REAL_PRECISION(digits) : 0))
	      : NULL;
	int error = PR_OK;

	json_decref(j);
	if (!s)
		return pr_error("cannot encode the output as JSON");
	if (fputs(s, f) == EOF || fputc('\n', f) == EOF || fflush(f) != 0)
		error = PR_EFAIL;
	free(s);
	return error;
}

int pr_cmd_int(int *out, const char *opt, const char *arg, int min)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < min || v > 1000000)
		return pr_error_code(PR_EINPUT,
				     "%s must be an integer >= %d, not '%s'",
				     opt, min, arg);
	*out = (int)v;
	return PR_OK;
}
