/* replay.c - fingerprints of an archive's samples and the runs whose
 * samples repeat another run's, for prereg audit's "replayed" finding */
#include "audit/audit-internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* One sample of a block: its rank and its duration. */
typedef struct {
	int rank;
	int64_t d;
} sample;

static int by_rank_then_duration(const void *a, const void *b)
{
	const sample *x = a, *y = b;

	if (x->rank != y->rank)
		return (x->rank > y->rank) - (x->rank < y->rank);
	return (x->d > y->d) - (x->d < y->d);
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* The value of the hex digit c. */
static uint64_t xdigit(char c)
{
	return (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
}

/* The print of the n sorted samples s of one rank, or 0 when they do not
 * make one (the rule in audit-internal.h). */
static int print_of(pr_audit_print *p, const sample *s, size_t n)
{
	uint64_t g = 0;
	size_t i, distinct = 0;
	int64_t *d;
	char hex[65];

	for (i = 0; i < n; i++) {
		distinct += i == 0 || s[i].d != s[i - 1].d;
		g = gcd(g, (uint64_t)(s[i].d < 0 ? -s[i].d : s[i].d));
	}
	if (n < PR_REPLAY_MIN || distinct < PR_REPLAY_MIN ||
	    g >= PR_REPLAY_COARSE_NS)
		return 0;
	d = pr_calloc(n, sizeof(*d));
	for (i = 0; i < n; i++)
		d[i] = s[i].d;
	pr_sha256_hex(hex, d, n * sizeof(*d));
	free(d);
	p->h[0] = p->h[1] = 0;
	for (i = 0; i < 32; i++)
		p->h[i / 16] = p->h[i / 16] << 4 | xdigit(hex[i]);
	p->nsamples = n;
	p->rank = s[0].rank;
	p->run = 0;
	return 1;
}

/* The prints of the block rows [0, n), appended to *out. */
static void block_prints(pr_audit_print **out, size_t *nout, size_t *cap,
			 const pr_timing *rows, size_t n)
{
	sample *s = pr_calloc(n ? n : 1, sizeof(*s));
	size_t i, ns = 0, first;

	for (i = 0; i < n; i++) {
		if (rows[i].warmup)
			continue;
		s[ns].rank = rows[i].rank;
		s[ns++].d = rows[i].t_end_ns - rows[i].t_start_ns;
	}
	if (ns)
		qsort(s, ns, sizeof(*s), by_rank_then_duration);
	for (first = 0; first < ns; first = i) {
		for (i = first; i < ns && s[i].rank == s[first].rank; i++)
			;
		if (*nout == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*out = pr_realloc(*out, *cap * sizeof(**out));
		}
		if (print_of(&(*out)[*nout], s + first, i - first)) {
			(*out)[*nout].launch = rows[0].launch;
			(*out)[*nout].config = rows[0].config;
			++*nout;
		}
	}
	free(s);
}

size_t pr_audit_prints(pr_audit_print **out, const pr_timing *rows,
		       size_t nrows)
{
	size_t i, first, n = 0, cap = 0;

	*out = NULL;
	for (first = 0; first < nrows; first = i) {
		for (i = first;
		     i < nrows && rows[i].launch == rows[first].launch &&
		     rows[i].config == rows[first].config;
		     i++)
			;
		block_prints(out, &n, &cap, rows + first, i - first);
	}
	return n;
}

/*
 * An open-addressing hash table (linear probing, written here: no library
 * of the project has one) of prints by their hash, each slot holding an
 * index into the prints, or SIZE_MAX when empty.
 */
typedef struct {
	size_t *slot;
	size_t mask;
} table;

static void table_init(table *t, size_t n)
{
	size_t cap = 16, i;

	while (cap < 2 * n)
		cap *= 2;
	t->slot = pr_calloc(cap, sizeof(*t->slot));
	for (i = 0; i < cap; i++)
		t->slot[i] = SIZE_MAX;
	t->mask = cap - 1;
}

size_t pr_audit_replays(pr_audit_replay **out, const pr_audit_print *p,
			size_t n)
{
	table t;
	size_t i, k, nout = 0, cap = 0;

	*out = NULL;
	table_init(&t, n);
	for (i = 0; i < n; i++) {
		size_t match = SIZE_MAX;

		for (k = p[i].h[0] & t.mask; t.slot[k] != SIZE_MAX;
		     k = (k + 1) & t.mask) {
			const pr_audit_print *q = &p[t.slot[k]];

			if (match == SIZE_MAX && q->h[0] == p[i].h[0] &&
			    q->h[1] == p[i].h[1] && q->run != p[i].run)
				match = t.slot[k];
		}
		t.slot[k] = i;
		if (match == SIZE_MAX)
			continue;
		if (nout == cap) {
			cap = cap ? 2 * cap : 16;
			*out = pr_realloc(*out, cap * sizeof(**out));
		}
		(*out)[nout].first = match;
		(*out)[nout++].second = i;
	}
	free(t.slot);
	return nout;
}
