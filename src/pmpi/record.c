/* record.c - one rank's record in the profiling library (record.h) */
#include "pmpi/record.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const op_names[PR_PMPI_NOPS] = {
    [PR_PMPI_ALLREDUCE] = "allreduce",
    [PR_PMPI_GATHERV] = "gatherv",
    [PR_PMPI_BCAST] = "bcast",
    [PR_PMPI_REDUCE] = "reduce",
    [PR_PMPI_SENDRECV] = "sendrecv",
    [PR_PMPI_SEND] = "send",
    [PR_PMPI_RECV] = "recv",
    [PR_PMPI_BARRIER] = "barrier",
    [PR_PMPI_IALLREDUCE] = "iallreduce",
    [PR_PMPI_IGATHERV] = "igatherv",
    [PR_PMPI_IBCAST] = "ibcast",
    [PR_PMPI_IREDUCE] = "ireduce",
    [PR_PMPI_ISEND] = "isend",
    [PR_PMPI_IRECV] = "irecv",
    [PR_PMPI_IBARRIER] = "ibarrier"};

const char *pr_pmpi_op_name(int op)
{
	return op >= 0 && op < PR_PMPI_NOPS ? op_names[op] : NULL;
}

int pr_pmpi_op_collective(int op)
{
	switch (op) {
	case PR_PMPI_SENDRECV:
	case PR_PMPI_SEND:
	case PR_PMPI_RECV:
	case PR_PMPI_ISEND:
	case PR_PMPI_IRECV:
		return 0;
	default:
		return op >= 0 && op < PR_PMPI_NOPS;
	}
}

/* The op named by the len bytes at s, or -1. */
static int op_of(const char *s, size_t len)
{
	int i;

	for (i = 0; i < PR_PMPI_NOPS; i++)
		if (strlen(op_names[i]) == len && !strncmp(op_names[i], s, len))
			return i;
	return -1;
}

int pr_pmpi_ops_parse(unsigned *mask, const char *list, char *bad,
		      size_t badlen)
{
	const char *s = list, *end;
	size_t len;
	int op;

	*mask = (1u << PR_PMPI_NOPS) - 1;
	if (!list || !*list || !strcmp(list, "all"))
		return 0;
	*mask = 0;
	for (;;) {
		end = strchr(s, ',');
		len = end ? (size_t)(end - s) : strlen(s);
		if ((op = op_of(s, len)) < 0) {
			snprintf(bad, badlen, "%.*s", (int)len, s);
			return -1;
		}
		*mask |= 1u << op;
		if (!end)
			return 0;
		s = end + 1;
	}
}

int pr_pmpi_record_init(pr_pmpi_record *r, size_t cap, unsigned ops)
{
	memset(r, 0, sizeof(*r));
	r->ops = ops;
	r->cap = cap;
	r->calls = calloc(cap ? cap : 1, sizeof(*r->calls));
	r->pending = calloc(PR_PMPI_PENDING, sizeof(*r->pending));
	r->taken = calloc(PR_PMPI_PENDING, sizeof(*r->taken));
	if (!r->calls || !r->pending || !r->taken) {
		pr_pmpi_record_free(r);
		return -1;
	}
	/* calloc may hand out pages never touched: touch each */
	memset(r->calls, 0, (cap ? cap : 1) * sizeof(*r->calls));
	memset(r->taken, 0, PR_PMPI_PENDING * sizeof(*r->taken));
	return 0;
}

void pr_pmpi_record_free(pr_pmpi_record *r)
{
	size_t i;

	for (i = 0; i < r->nfiles; i++)
		free(r->files[i]);
	free(r->files);
	r->files = NULL;
	r->nfiles = 0;
	free(r->calls);
	free(r->pending);
	free(r->taken);
	r->calls = NULL;
	r->pending = NULL;
	r->taken = NULL;
	r->n = r->cap = 0;
}

int pr_pmpi_comm_new(pr_pmpi_record *r)
{
	if (r->ncomms < PR_PMPI_MAX_COMMS)
		r->ncomms++;
	return r->ncomms - 1;
}

int64_t pr_pmpi_comm_next(pr_pmpi_record *r, int comm)
{
	/* the last id is shared by every communicator past the limit */
	if (comm < 0 || comm >= PR_PMPI_MAX_COMMS - 1)
		return -1;
	return r->ncalls[comm]++;
}

void pr_pmpi_add(pr_pmpi_record *r, const pr_pmpi_call *c)
{
	if (r->n == r->cap) {
		r->dropped++;
		return;
	}
	r->calls[r->n++] = *c;
}

/* A key's first slot: the top bits of a Fibonacci hash (requests are
 * pointers, whose low bits are alike). */
static size_t home_of(uintptr_t key)
{
	return (size_t)(((uint64_t)key * 0x9E3779B97F4A7C15ull) >>
			(64 - PR_PMPI_PENDING_BITS));
}

/* The slot of key, or the free slot where it would go, or -1 (full). */
static long slot_of(const pr_pmpi_record *r, uintptr_t key)
{
	size_t mask = PR_PMPI_PENDING - 1, i, h = home_of(key);

	for (i = 0; i < PR_PMPI_PENDING; i++) {
		size_t k = (h + i) & mask;

		if (r->pending[k].key == key || r->pending[k].key == 0)
			return (long)k;
	}
	return -1;
}

void pr_pmpi_post(pr_pmpi_record *r, uintptr_t key, const pr_pmpi_call *c)
{
	long k = key ? slot_of(r, key) : -1;
	pr_pmpi_pending *p;

	if (k < 0) {
		r->lost++;
		return;
	}
	p = &r->pending[k];
	p->key = key;
	p->op = c->op;
	p->comm = c->comm;
	p->comm_size = c->comm_size;
	p->call = c->call;
	p->bytes = c->bytes;
}

/* Empty slot k and move back the entries after it that its being taken
 * would leave unreachable (linear probing's deletion). */
static void remove_at(pr_pmpi_record *r, size_t k)
{
	size_t mask = PR_PMPI_PENDING - 1, j = k, home;

	r->pending[k].key = 0;
	for (;;) {
		j = (j + 1) & mask;
		if (!r->pending[j].key)
			return;
		home = home_of(r->pending[j].key);
		/* j stays when its home lies cyclically in (k, j] */
		if (k <= j ? (k < home && home <= j) : (k < home || home <= j))
			continue;
		r->pending[k] = r->pending[j];
		r->pending[j].key = 0;
		k = j;
	}
}

int pr_pmpi_take(pr_pmpi_record *r, uintptr_t key, pr_pmpi_call *out)
{
	long k = key ? slot_of(r, key) : -1;
	pr_pmpi_pending *p;

	if (k < 0 || r->pending[k].key != key)
		return 0;
	p = &r->pending[k];
	memset(out, 0, sizeof(*out));
	out->op = p->op;
	out->comm = p->comm;
	out->comm_size = p->comm_size;
	out->call = p->call;
	out->bytes = p->bytes;
	remove_at(r, (size_t)k);
	return 1;
}

/* Whether path is among the n of have. */
static int known(char *const *have, size_t n, const char *path, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(have[i]) == len && !strncmp(have[i], path, len))
			return 1;
	return 0;
}

int pr_pmpi_maps_parse(char ***out, size_t *n, const char *text)
{
	const char *line = text, *eol, *perms, *path;
	char **v = NULL, **grown;
	size_t k = 0, cap = 0, len;
	int field;

	*out = NULL;
	*n = 0;
	for (; *line; line = *eol ? eol + 1 : eol) {
		eol = line + strcspn(line, "\n");
		/* "start-end perms offset dev inode   path" */
		perms = line + strcspn(line, " ");
		if (perms >= eol || eol - perms < 5 || perms[3] != 'x')
			continue;
		/* past perms, offset, dev and inode */
		for (path = perms, field = 0; field < 4 && path < eol;
		     field++) {
			path += strspn(path, " ");
			path += strcspn(path, " \n");
		}
		path += strspn(path, " ");
		if (path >= eol || *path != '/')
			continue;
		len = (size_t)(eol - path);
		if (known(v, k, path, len))
			continue;
		if (k == cap) {
			cap = cap ? 2 * cap : 32;
			if (!(grown = realloc(v, cap * sizeof(*v))))
				goto nomem;
			v = grown;
		}
		if (!(v[k] = strndup(path, len)))
			goto nomem;
		k++;
	}
	*out = v;
	*n = k;
	return 0;
nomem:
	while (k > 0)
		free(v[--k]);
	free(v);
	return -1;
}

/* s as a JSON string's contents: quote, backslash and controls escaped. */
static void put_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* Write dir/NAME through dir/.NAME.tmp: put(f, arg), fflush, fsync,
 * fclose, rename, fsync of dir. The library links no prereg code, so this
 * is base/util's pr_write_file_atomic again, on a stream. */
static int write_atomic(const char *dir, const char *name,
			void (*put)(FILE *, const void *), const void *arg,
			char *why, size_t whylen)
{
	char tmp[4096], path[4096];
	FILE *f;
	int fd, ok, dfd;

	if (snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", dir, name) >=
		(int)sizeof(tmp) ||
	    snprintf(path, sizeof(path), "%s/%s", dir, name) >=
		(int)sizeof(path)) {
		snprintf(why, whylen, "the path '%s/%s' is too long", dir,
			 name);
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		snprintf(why, whylen, "cannot create '%s': %s", tmp,
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	put(f, arg);
	ok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
	if (fclose(f) != 0 || !ok) {
		snprintf(why, whylen, "cannot write '%s': %s", tmp,
			 strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, path) < 0) {
		snprintf(why, whylen, "cannot rename '%s' to '%s': %s", tmp,
			 path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	if ((dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
}

struct out {
	const pr_pmpi_record *r;
	const pr_pmpi_clock *clk;
	const char *error;
	int rank;
};

static void put_csv(FILE *f, const void *arg)
{
	const struct out *o = arg;
	const pr_pmpi_record *r = o->r;
	int64_t off = o->clk->offset_ns;
	size_t i;

	fputs("rank,op,comm,call,comm_size,bytes,t_start_ns,t_end_ns\n", f);
	for (i = 0; i < r->n; i++) {
		const pr_pmpi_call *c = &r->calls[i];

		fprintf(f, "%d,%s,%d,%lld,%d,%lld,%lld,%lld\n", o->clk->rank,
			pr_pmpi_op_name(c->op), c->comm, (long long)c->call,
			c->comm_size, (long long)c->bytes,
			(long long)(c->t_start_ns - off),
			(long long)(c->t_end_ns - off));
	}
}

static void put_meta(FILE *f, const void *arg)
{
	const struct out *o = arg;
	const pr_pmpi_record *r = o->r;
	const pr_pmpi_clock *c = o->clk;
	int op, first = 1;
	size_t i;

	fprintf(f, "{\"rank\": %d, \"nranks\": %d, \"host\": ", c->rank,
		c->nranks);
	put_json_string(f, c->host);
	fputs(", \"boot_id\": ", f);
	put_json_string(f, c->boot_id);
	fprintf(f,
		", \"clock_shared\": %s, \"clock_offset_ns\": %lld, "
		"\"clock_min_rtt_ns\": %lld, \"calls\": %zu, \"dropped\": "
		"%llu, \"lost_posts\": %llu, \"ops\": [",
		c->shared ? "true" : "false", (long long)c->offset_ns,
		(long long)c->min_rtt_ns, r->n, (unsigned long long)r->dropped,
		(unsigned long long)r->lost);
	for (op = 0; op < PR_PMPI_NOPS; op++)
		if (r->ops & (1u << op)) {
			fprintf(f, "%s\"%s\"", first ? "" : ", ", op_names[op]);
			first = 0;
		}
	fputs("], \"files\": [", f);
	for (i = 0; i < r->nfiles; i++) {
		fputs(i ? ", " : "", f);
		put_json_string(f, r->files[i]);
	}
	fputs("]}\n", f);
}

static void put_error(FILE *f, const void *arg)
{
	const struct out *o = arg;

	fprintf(f, "{\"rank\": %d, \"error\": ", o->rank);
	put_json_string(f, o->error);
	fputs("}\n", f);
}

int pr_pmpi_write(const pr_pmpi_record *r, const pr_pmpi_clock *clk,
		  const char *dir, char *why, size_t whylen)
{
	struct out o = {r, clk, NULL, clk->rank};
	char csv[64], meta[64];

	snprintf(csv, sizeof(csv), "rank-%d.csv", clk->rank);
	snprintf(meta, sizeof(meta), "rank-%d.json", clk->rank);
	/* the calls first: a rank-R.json names a complete rank-R.csv */
	if (write_atomic(dir, csv, put_csv, &o, why, whylen) < 0)
		return -1;
	return write_atomic(dir, meta, put_meta, &o, why, whylen);
}

int pr_pmpi_write_error(int rank, const char *msg, const char *dir, char *why,
			size_t whylen)
{
	struct out o = {NULL, NULL, msg, rank};
	char meta[64];

	snprintf(meta, sizeof(meta), "rank-%d.json", rank);
	return write_atomic(dir, meta, put_error, &o, why, whylen);
}
