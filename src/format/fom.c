/* fom.c - figures of merit read from a program's output (fom.h), through
 * PCRE2 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "format/fom.h"

#include <errno.h>
#include <math.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct pr_fom {
	char *name, *pattern;
	pcre2_code *re;
	uint32_t value, unit, size, config; /* group numbers, 0: none */
};

static const struct unit {
	const char *name;
	double factor;
	pr_fom_kind kind;
} units[] = {{"s", 1, PR_FOM_TIME},
	     {"ms", 1e-3, PR_FOM_TIME},
	     {"us", 1e-6, PR_FOM_TIME},
	     {"ns", 1e-9, PR_FOM_TIME},
	     {"B/s", 1, PR_FOM_RATE},
	     {"KB/s", 1e3, PR_FOM_RATE},
	     {"MB/s", 1e6, PR_FOM_RATE},
	     {"GB/s", 1e9, PR_FOM_RATE},
	     {"KiB/s", 1024, PR_FOM_RATE},
	     {"MiB/s", 1048576, PR_FOM_RATE},
	     {"GiB/s", 1073741824, PR_FOM_RATE}};

int pr_fom_unit(double *factor, pr_fom_kind *kind, const char *unit, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strlen(units[i].name) == len &&
		    !memcmp(units[i].name, unit, len)) {
			*factor = units[i].factor;
			*kind = units[i].kind;
			return 0;
		}
	return -1;
}

void pr_fom_free(pr_fom *f)
{
	if (!f)
		return;
	pcre2_code_free(f->re);
	free(f->name);
	free(f->pattern);
	free(f);
}

const char *pr_fom_name(const pr_fom *f)
{
	return f->name;
}

const char *pr_fom_pattern(const pr_fom *f)
{
	return f->pattern;
}

/* The number of the group named name, 0 when there is none. */
static uint32_t group(const pcre2_code *re, const char *name)
{
	int g = pcre2_substring_number_from_name(re, (PCRE2_SPTR)name);

	return g > 0 ? (uint32_t)g : 0;
}

int pr_fom_compile(pr_fom **out, const char *name, const char *pattern)
{
	PCRE2_UCHAR msg[256];
	PCRE2_SIZE at;
	pr_fom *f;
	int code;

	*out = NULL;
	f = pr_calloc(1, sizeof(*f));
	f->name = pr_strdup(name);
	f->pattern = pr_strdup(pattern);
	f->re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
			      PCRE2_MULTILINE, &code, &at, NULL);
	if (!f->re) {
		pcre2_get_error_message(code, msg, sizeof(msg));
		pr_fom_free(f);
		return pr_error_code(PR_EINPUT,
				     "fom.%s: the pattern '%s' does not "
				     "compile: %s at offset %zu",
				     name, pattern, (const char *)msg,
				     (size_t)at);
	}
	f->value = group(f->re, "value");
	f->unit = group(f->re, "unit");
	f->size = group(f->re, "size");
	f->config = group(f->re, "config");
	if (!f->value || !f->unit) {
		const char *missing = !f->value ? "value" : "unit";

		pr_fom_free(f);
		return pr_error_code(PR_EINPUT,
				     "fom.%s: the pattern '%s' has no group "
				     "named %s ((?<%s>...))",
				     name, pattern, missing, missing);
	}
	*out = f;
	return 0;
}

/* The line (from 1) of byte off of text. */
static size_t line_of(const char *text, size_t off)
{
	size_t line = 1, i;

	for (i = 0; i < off; i++)
		line += text[i] == '\n';
	return line;
}

/* Group g of the match as a NUL-terminated copy in buf: 0, or -1 when it
 * did not take part or is longer than the buffer. */
static int group_text(char *buf, size_t room, const char *text,
		      const PCRE2_SIZE *ov, uint32_t g)
{
	PCRE2_SIZE a = ov[2 * g], b = ov[2 * g + 1];

	if (a == PCRE2_UNSET || b < a || b - a >= room)
		return -1;
	memcpy(buf, text + a, b - a);
	buf[b - a] = 0;
	return 0;
}

/* One sample from the match whose ovector is ov. The line is counted
 * only for a message: counting it for every match would make a long
 * output quadratic. */
static int sample_of(pr_fom_sample *out, const pr_fom *f, const char *text,
		     const PCRE2_SIZE *ov)
{
	char v[64], u[32], z[32], *end;
	double factor;
	long long size;

	memset(out, 0, sizeof(*out));
	out->offset = ov[0];
	out->size = -1;
	if (group_text(v, sizeof(v), text, ov, f->value) < 0 ||
	    group_text(u, sizeof(u), text, ov, f->unit) < 0)
		return pr_error("fom.%s: line %zu: a match of '%s' without "
				"its value or unit (or one too long)",
				f->name, line_of(text, ov[0]), f->pattern);
	errno = 0;
	out->value = strtod(v, &end);
	if (end == v || *end || errno || !isfinite(out->value) ||
	    out->value < 0)
		return pr_error("fom.%s: line %zu: the value '%s' is no "
				"finite number >= 0",
				f->name, line_of(text, ov[0]), v);
	if (pr_fom_unit(&factor, &out->kind, u, strlen(u)) < 0)
		return pr_error("fom.%s: line %zu: the unit '%s' is none of "
				"s, ms, us, ns, B/s, KB/s, MB/s, GB/s, "
				"KiB/s, MiB/s, GiB/s",
				f->name, line_of(text, ov[0]), u);
	out->value *= factor;
	if (!f->size)
		return 0;
	if (group_text(z, sizeof(z), text, ov, f->size) < 0)
		return pr_error("fom.%s: line %zu: a match of '%s' without "
				"its size",
				f->name, line_of(text, ov[0]), f->pattern);
	errno = 0;
	size = strtoll(z, &end, 10);
	if (end == z || *end || errno || size < 0)
		return pr_error("fom.%s: line %zu: the size '%s' is no "
				"integer >= 0",
				f->name, line_of(text, ov[0]), z);
	out->size = size;
	return 0;
}

/* Is the match's config group (when the pattern has one) config? A
 * match without the group's text is an error naming its line. */
static int for_config(int *yes, const pr_fom *f, const char *text,
		      const PCRE2_SIZE *ov, const char *config)
{
	char c[80];

	*yes = 1;
	if (!f->config || !config)
		return 0;
	if (group_text(c, sizeof(c), text, ov, f->config) < 0)
		return pr_error("fom.%s: line %zu: a match of '%s' without "
				"its config (or one over 79 bytes)",
				f->name, line_of(text, ov[0]), f->pattern);
	*yes = !strcmp(c, config);
	return 0;
}

int pr_fom_scan(pr_fom_sample **out, size_t *n, const pr_fom *f,
		const char *text, size_t len, size_t max, const char *config)
{
	pcre2_match_data *md =
	    pcre2_match_data_create_from_pattern(f->re, NULL);
	pr_fom_sample *s = NULL;
	PCRE2_SIZE start = 0, *ov;
	PCRE2_UCHAR msg[256];
	size_t k = 0, cap = 0, seen = 0;
	int rc, error = 0, mine;

	*out = NULL;
	*n = 0;
	if (!md)
		return pr_error("out of memory matching fom.%s", f->name);
	while (start <= len) {
		rc = pcre2_match(f->re, (PCRE2_SPTR)text, len, start, 0, md,
				 NULL);
		if (rc == PCRE2_ERROR_NOMATCH)
			break;
		if (rc < 0) {
			pcre2_get_error_message(rc, msg, sizeof(msg));
			error =
			    pr_error("fom.%s: matching '%s' failed: %s",
				     f->name, f->pattern, (const char *)msg);
			goto cleanup;
		}
		if (seen++ == max) {
			error = pr_error("fom.%s: more than %zu matches of "
					 "'%s'",
					 f->name, max, f->pattern);
			goto cleanup;
		}
		if (k == cap) {
			cap = cap ? 2 * cap : 16;
			s = pr_realloc(s, cap * sizeof(*s));
		}
		ov = pcre2_get_ovector_pointer(md);
		if ((error = for_config(&mine, f, text, ov, config)) < 0 ||
		    (mine && (error = sample_of(&s[k], f, text, ov)) < 0))
			goto cleanup;
		k += mine;
		/* on after the match; past an empty one by a byte */
		start = ov[1] > ov[0] ? ov[1] : ov[1] + 1;
	}
	if (!k && seen)
		error = pr_error("fom.%s: the pattern '%s' matches nothing of "
				 "config '%s' in the program's output (its "
				 "config group names others)",
				 f->name, f->pattern, config);
	else if (!k)
		error = pr_error("fom.%s: the pattern '%s' matches nothing in "
				 "the program's output",
				 f->name, f->pattern);
cleanup:
	pcre2_match_data_free(md);
	if (error < 0) {
		free(s);
		return error;
	}
	*out = s;
	*n = k;
	return 0;
}
