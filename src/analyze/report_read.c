/* report_read.c - the runs a report.md covers, read back from its text */
#include "analyze/report-internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static void add_id(char ***v, size_t *n, const char *s, size_t len)
{
	*v = pr_realloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = pr_asprintf("%.*s", (int)len, s);
}

/* The ids of the "RUNID (status)" items of a "not analyzed" list that
 * runs from at to eol. */
static void add_skipped(pr_report_runs *out, const char *at, const char *eol)
{
	const char *end, *paren;

	while (at < eol) {
		end = memmem(at, (size_t)(eol - at), ", ", 2);
		if (!end)
			end = eol;
		paren = memmem(at, (size_t)(end - at), " (", 2);
		if (paren && paren > at)
			add_id(&out->skipped, &out->nskipped, at,
			       (size_t)(paren - at));
		at = end == eol ? eol : end + 2;
	}
}

void pr_report_runs_read(pr_report_runs *out, const char *text, size_t len)
{
	const char *line = text, *end = text + len, *nl, *eol, *list;
	size_t nh = strlen(RUN_HEADING), nr = strlen(RUNS_LINE),
	       nn = strlen(NOT_ANALYZED);
	int intro = 1; /* before the first run's section */

	memset(out, 0, sizeof(*out));
	for (; line < end; line = nl ? nl + 1 : end) {
		nl = memchr(line, '\n', (size_t)(end - line));
		eol = nl ? nl : end;
		if ((size_t)(eol - line) > nh &&
		    !memcmp(line, RUN_HEADING, nh)) {
			add_id(&out->analyzed, &out->nanalyzed, line + nh,
			       (size_t)(eol - line) - nh);
			intro = 0;
		} else if (intro && (size_t)(eol - line) >= nr &&
			   !memcmp(line, RUNS_LINE, nr) &&
			   (list = memmem(line, (size_t)(eol - line),
					  NOT_ANALYZED, nn))) {
			add_skipped(out, list + nn, eol);
		}
	}
}

void pr_report_runs_free(pr_report_runs *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->nanalyzed; i++)
		free(r->analyzed[i]);
	for (i = 0; i < r->nskipped; i++)
		free(r->skipped[i]);
	free(r->analyzed);
	free(r->skipped);
	memset(r, 0, sizeof(*r));
}
