/* options.c - option parsing shared by the subcommands */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cmd.h"

/* The synopsis: the usage text up to its first blank line. */
static void synopsis(const char *usage)
{
	const char *end = strstr(usage, "\n\n");

	fprintf(stderr, "%.*s\n(see --help)\n",
		(int)(end ? end - usage : (long)strlen(usage)), usage);
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
		if (opt == '?' || opt == ':') {
			if (optopt)
				fprintf(stderr,
					"prereg %s: unknown option '-%c'\n",
					argv[0], optopt);
			else
				fprintf(stderr,
					"prereg %s: unknown option or missing "
					"value '%s'\n",
					argv[0], argv[optind - 1]);
			synopsis(usage);
			return PR_EINPUT;
		}
		if (on_opt && (error = on_opt(opt, optarg, data)) < 0)
			return error;
	}
	*first = optind;
	if (nargs >= 0 && argc - optind != nargs) {
		fprintf(stderr, "prereg %s: expected %d argument%s, got %d\n",
			argv[0], nargs, nargs == 1 ? "" : "s", argc - optind);
		synopsis(usage);
		return PR_EINPUT;
	}
	return PR_OK;
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
