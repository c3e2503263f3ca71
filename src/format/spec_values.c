/* spec_values.c - experiment.ini's value readers: numbers, choices, lists,
 * names, and the one error each parse keeps */
#include "format/spec-internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static const char *name_at(struct names t, size_t i)
{
	return *(const char *const *)((const char *)t.base + i * t.stride);
}

int pr_spec_lookup(struct names t, const char *name)
{
	size_t i;

	for (i = 0; i < t.n; i++)
		if (!strcmp(name_at(t, i), name))
			return (int)i;
	return -1;
}

/* "a, b, c", owned by the caller. */
char *pr_spec_join(struct names t)
{
	size_t i, len = 1;
	char *s;

	for (i = 0; i < t.n; i++)
		len += strlen(name_at(t, i)) + 2;
	s = pr_malloc(len);
	s[0] = '\0';
	for (i = 0; i < t.n; i++) {
		if (i)
			strcat(s, ", ");
		strcat(s, name_at(t, i));
	}
	return s;
}

/*
 * Record an error at a line. Only the earliest error is kept: inih reports
 * syntax errors after the whole file is read, handler errors come in order.
 */
int pr_spec_fail(struct parse *p, int line, const char *fmt, ...)
{
	char msg[1024]; /* values are shorter than a line (inih: 200) */
	va_list ap;

	if (p->error && line >= p->error_line)
		return PR_EINPUT;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	free(p->error);
	p->error = pr_asprintf("%s:%d: %s", p->path, line, msg);
	p->error_line = line;
	return PR_EINPUT;
}

int pr_spec_fail_unknown(struct parse *p, const char *what, const char *value,
			 struct names known)
{
	char *list = pr_spec_join(known);

	pr_spec_fail(p, p->line, "unknown %s '%s' (known: %s)", what, value,
		     list);
	free(list);
	return PR_EINPUT;
}

/* Integer syntax: optional sign, then decimal digits only. */
int pr_spec_parse_ll(long long *out, const char *s)
{
	char *end;

	if (!isdigit((unsigned char)s[s[0] == '-' || s[0] == '+']))
		return -1;
	errno = 0;
	*out = strtoll(s, &end, 10);
	if (*end)
		return -1;
	return errno == ERANGE ? -2 : 0;
}

int pr_spec_get_int(long long *out, struct parse *p, const char *key,
		    const char *value, long long lo, long long hi)
{
	const char *what = lo > 0    ? "a positive integer"
			   : lo == 0 ? "a non-negative integer"
				     : "an integer";
	int rc = pr_spec_parse_ll(out, value);

	if (rc == -1)
		return pr_spec_fail(p, p->line, "'%s' must be %s, not '%s'",
				    key, what, value);
	if (rc == -2 || *out < lo || *out > hi)
		return pr_spec_fail(
		    p, p->line, "'%s' must be between %lld and %lld, not '%s'",
		    key, lo, hi, value);
	return PR_OK;
}

int pr_spec_get_long(long *out, struct parse *p, const char *key,
		     const char *value, long lo, long hi)
{
	long long v;
	int error = pr_spec_get_int(&v, p, key, value, lo, hi);

	if (!error)
		*out = (long)v;
	return error;
}

int pr_spec_get_small(int *out, struct parse *p, const char *key,
		      const char *value, int lo, int hi)
{
	long long v;
	int error = pr_spec_get_int(&v, p, key, value, lo, hi);

	if (!error)
		*out = (int)v;
	return error;
}

/* A number in (0, hi]; `what` describes that range in messages. */
int pr_spec_get_num(double *out, struct parse *p, const char *key,
		    const char *value, double hi, const char *what)
{
	char *end;

	if (value[strspn(value, "0123456789+-.eE")] != '\0')
		goto bad;
	errno = 0;
	*out = strtod(value, &end);
	if (end == value || *end || errno == ERANGE || !isfinite(*out) ||
	    *out <= 0 || *out > hi)
		goto bad;
	return PR_OK;
bad:
	return pr_spec_fail(p, p->line, "'%s' must be %s, not '%s'", key, what,
			    value);
}

int pr_spec_get_choice(int *out, struct parse *p, const char *what,
		       const char *value, struct names known)
{
	if ((*out = pr_spec_lookup(known, value)) < 0)
		return pr_spec_fail_unknown(p, what, value, known);
	return PR_OK;
}

char *pr_spec_trim(char *s)
{
	char *end = s + strlen(s);

	while (isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	*end = '\0';
	return s;
}

/*
 * Split a comma-separated list in place into trimmed items. Returns the
 * number of items, or PR_EINPUT (recorded) for an empty item or too many.
 */
int pr_spec_split_list(char **items, int max, struct parse *p, const char *key,
		       char *list)
{
	char *item, *comma;
	int n = 0;

	for (item = list; item; item = comma) {
		if ((comma = strchr(item, ',')))
			*comma++ = '\0';
		if (n == max)
			return pr_spec_fail(p, p->line,
					    "'%s' has more than %d entries",
					    key, max);
		if (!*(items[n++] = pr_spec_trim(item)))
			return pr_spec_fail(p, p->line, "empty entry in '%s'",
					    key);
	}
	return n;
}

/* A launch setting's name: 1 to 32 of [A-Za-z0-9_-]. */
int pr_spec_launch_name_ok(const char *name)
{
	size_t n = strlen(name);

	return n >= 1 && n <= 32 &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == n;
}

/* A list entry NAME:NUMBER of key: *colon at the ':', which is cut to
 * '\0' (the name before, the number after); an entry without a name
 * and a colon is an error saying it must be `form`. */
int pr_spec_split_pair(char **colon, struct parse *p, const char *key,
		       char *item, const char *form)
{
	*colon = strchr(item, ':');
	if (!*colon || *colon == item)
		return pr_spec_fail(p, p->line, "'%s' entry '%s' must be %s",
				    key, item, form);
	**colon = '\0';
	return PR_OK;
}

/* The rules of pr_name_check, without its message (ours names the line). */
int pr_spec_name_ok(const char *name)
{
	size_t len = strlen(name);

	return len > 0 && len <= MAX_NAME && name[0] != '.' && name[0] != '-' &&
	       !strstr(name, "..") &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789-_.") == len;
}
