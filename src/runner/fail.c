/* fail.c - why a prereg-rank process failed, recorded and printed */
#include "runner/fail.h"

#include <stdarg.h>
#include <stdio.h>

#include "base/util.h"

static char g_why[1024];
static int g_flags; /* PR_FAIL_* of g_why */

int pr_rank_failf(int code, int flags, const char *fmt, ...)
{
	va_list ap;

	if (!g_why[0]) {
		va_start(ap, fmt);
		vsnprintf(g_why, sizeof(g_why), fmt, ap);
		va_end(ap);
		g_flags = flags;
	}
	return code;
}

int pr_rank_failed_all(void)
{
	return (g_flags & PR_FAIL_ALL) != 0;
}

void pr_rank_format_why(char *buf, size_t len, int rank)
{
	const char *why = g_why[0] ? g_why : "failed (no reason recorded)";
	int flags = g_flags;

	if ((flags & PR_FAIL_ALL) && rank != 0)
		flags &= PR_FAIL_LINE;
	if (flags & PR_FAIL_LINE)
		snprintf(buf, len, "%s", why);
	else if (flags & (PR_FAIL_ALL | PR_FAIL_NAMED))
		snprintf(buf, len, "prereg-rank: %s", why);
	else
		snprintf(buf, len, "prereg-rank: rank %d: %s", rank, why);
}

void pr_rank_print_why(int rank)
{
	char line[sizeof(g_why) + 64];

	pr_rank_format_why(line, sizeof(line), rank);
	fprintf(stderr, "%s\n", line);
	fflush(stderr);
}

void pr_rank_forget(void)
{
	g_why[0] = '\0';
	g_flags = 0;
}

static void record(void *data, int warning, const char *msg)
{
	(void)data;
	if (warning == PR_PROGRESS)
		fprintf(stderr, "prereg-rank: %s\n", msg);
	else if (warning)
		fprintf(stderr, "prereg-rank: warning: %s\n", msg);
	else
		pr_rank_failf(PR_EFAIL, 0, "%s", msg);
}

void pr_rank_route_errors(void)
{
	pr_set_error_routine((pr_error_routine){record, NULL});
}
