/* fom.h - figures of merit read from a program's output: a PCRE2 pattern
 * with named groups "value" and "unit" (and optionally "size" and
 * "config"), one
 * sample per match, as ReFrame's performance patterns (DESIGN 4, "figures
 * of merit") */
#ifndef PR_FOM_H
#define PR_FOM_H

#include <stddef.h>
#include <stdint.h>

typedef struct pr_fom pr_fom;

/* What a unit measures: a time (in seconds) or a rate (bytes/second). */
typedef enum { PR_FOM_TIME, PR_FOM_RATE } pr_fom_kind;

typedef struct {
	double value; /* in seconds or bytes per second */
	pr_fom_kind kind;
	int64_t size;  /* the size group's integer, -1 without one */
	size_t offset; /* of the match in the output */
} pr_fom_sample;

/*
 * Compile pattern, the figure named name (for messages: fom.NAME). PR_EINPUT
 * with PCRE2's message and the offset it names, or when the pattern lacks
 * a group named value or unit.
 */
int pr_fom_compile(pr_fom **out, const char *name, const char *pattern);
void pr_fom_free(pr_fom *f);

/* The figure's name and its pattern (borrowed). */
const char *pr_fom_name(const pr_fom *f);
const char *pr_fom_pattern(const pr_fom *f);

/*
 * Every match of f in the len bytes of text, in order, into *out (caller
 * frees) and *n; when the pattern has a group named config and config is
 * not NULL, only the matches whose config group is that text (the
 * others are skipped, counted towards max). PR_EFAIL naming the figure,
 * the pattern and the line when there are none (of config), more than
 * max, a value that is no finite number >= 0, a unit pr_fom_unit does
 * not know, a size that is no integer >= 0, or a match without its
 * config; *out is NULL then.
 */
int pr_fom_scan(pr_fom_sample **out, size_t *n, const pr_fom *f,
		const char *text, size_t len, size_t max, const char *config);

/* The factor to seconds or bytes per second of unit (len bytes: s, ms,
 * us, ns; B/s, KB/s, MB/s, GB/s decimal, KiB/s, MiB/s, GiB/s binary) and
 * its kind: 0, or -1 for a unit it does not know. */
int pr_fom_unit(double *factor, pr_fom_kind *kind, const char *unit,
		size_t len);

#endif
