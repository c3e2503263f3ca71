/* timings.c - the rows of timings.csv, parsed for analysis */
#include "format/timings.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "format/archive.h"
#include "base/util.h"

#define NFIELDS 13 /* 12 in archives older than energy_uj */

/* A field as strtoll reads it; a field of at most 18 digits (every field
 * prereg writes but a negative one) without it: strtoll's locale and sign
 * handling were a fifth of reading an archive. */
static int parse_i64(int64_t *out, const char *s)
{
	const char *p = s;
	int64_t v = 0;
	char *end;

	while (*p >= '0' && *p <= '9' && p - s < 18)
		v = v * 10 + (*p++ - '0');
	if (p != s && !*p) {
		*out = v;
		return 0;
	}
	errno = 0;
	*out = strtoll(s, &end, 10);
	return (errno || end == s || *end) ? -1 : 0;
}

static int parse_row(pr_timing *r, char **f, int nfields)
{
	int64_t v[5];
	int i;

	for (i = 0; i < 5; i++) {
		if (parse_i64(&v[i], f[i]) < 0 || v[i] < 0 || v[i] > INT32_MAX)
			return -1;
	}
	r->launch = (int)v[0];
	r->config = (int)v[1];
	r->rep = (int)v[2];
	r->warmup = (int)v[3];
	r->rank = (int)v[4];
	r->host = f[5];
	r->device = f[6];
	r->phase = f[7];
	if (parse_i64(&r->bytes, f[8]) < 0 || parse_i64(&r->rows, f[9]) < 0 ||
	    parse_i64(&r->t_start_ns, f[10]) < 0 ||
	    parse_i64(&r->t_end_ns, f[11]) < 0)
		return -1;
	r->energy_uj = -1;
	if (nfields == 13 && *f[12] &&
	    (parse_i64(&r->energy_uj, f[12]) < 0 || r->energy_uj < 0))
		return -1;
	return (r->warmup == 0 || r->warmup == 1) && *r->phase ? 0 : -1;
}

/* Split line in place at commas into exactly nfields fields. */
static int split(char **f, char *line, int nfields)
{
	int n = 0;
	char *p = line;

	f[n++] = p;
	while ((p = strchr(p, ',')) != NULL) {
		if (n == nfields)
			return -1;
		*p++ = '\0';
		f[n++] = p;
	}
	return n == nfields ? 0 : -1;
}

static int is_header(const char *p, const char *nl, const char *header)
{
	return (size_t)(nl - p) == strlen(header) &&
	       strncmp(p, header, (size_t)(nl - p)) == 0;
}

int pr_timings_parse(pr_timings *out, char *text, const char *path)
{
	char *p, *nl, *f[NFIELDS];
	size_t cap = 0, line = 1;
	int nfields = 0;

	memset(out, 0, sizeof(*out));
	out->text = text;
	p = out->text;
	nl = strchr(p, '\n');
	if (nl && is_header(p, nl, PR_ARCHIVE_HEADER))
		nfields = 13;
	else if (nl && is_header(p, nl, PR_ARCHIVE_HEADER_12))
		nfields = 12;
	out->energy = nfields == 13;
	if (!nfields) {
		pr_timings_free(out);
		return pr_error("'%s': the header is not '%s'", path,
				PR_ARCHIVE_HEADER);
	}
	for (p = nl + 1; *p; p = nl + 1) {
		line++;
		nl = strchr(p, '\n');
		if (!nl) {
			pr_timings_free(out);
			return pr_error("'%s':%zu: the last line is cut short",
					path, line);
		}
		*nl = '\0';
		if (out->nrows == cap) {
			cap = cap ? cap * 2 : 4096;
			out->row =
			    pr_realloc(out->row, cap * sizeof(pr_timing));
		}
		if (split(f, p, nfields) < 0 ||
		    parse_row(&out->row[out->nrows], f, nfields) < 0) {
			pr_timings_free(out);
			return pr_error("'%s':%zu: malformed row", path, line);
		}
		out->nrows++;
	}
	return PR_OK;
}

int pr_timings_load(pr_timings *out, struct pr_archive_info *info,
		    const char *path, uint64_t max)
{
	pr_archive_info scratch;
	char *text = NULL;
	int error;

	memset(out, 0, sizeof(*out));
	if (!info)
		info = &scratch;
	if ((error = pr_archive_read(&text, info, path, max)) < 0)
		return error;
	return pr_timings_parse(out, text, path);
}

void pr_timings_free(pr_timings *t)
{
	if (!t)
		return;
	free(t->text);
	free(t->row);
	memset(t, 0, sizeof(*t));
}

double pr_timing_seconds(const pr_timing *r)
{
	int64_t d;

	/* a row read back may hold any two int64 times */
	if (__builtin_sub_overflow(r->t_end_ns, r->t_start_ns, &d))
		return ((double)r->t_end_ns - (double)r->t_start_ns) * 1e-9;
	return (double)d * 1e-9;
}
