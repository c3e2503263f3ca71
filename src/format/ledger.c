/* ledger.c - the ledger of run attempts, each line naming the previous
 * line's hash (a consistency check, not a seal: DESIGN I3): its writer and
 * its one reader */
#include "format/ledger.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

static int read_ledger(char **out, size_t *len, const char *path)
{
	if (access(path, F_OK) < 0 && errno == ENOENT) {
		*out = pr_strdup("");
		*len = 0;
		return PR_OK;
	}
	return pr_read_file(out, len, path, PR_READ_MAX);
}

/* The string member key of o, copied, or NULL. */
static char *member(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? pr_strdup(s) : NULL;
}

/* run_id of a line that is not JSON (a torn write), when it shows one. */
static char *recover_run_id(const char *text, size_t len)
{
	static const char key[] = "\"run_id\":\"";
	char *copy = pr_malloc(len + 1), *p, *end, *id = NULL;

	memcpy(copy, text, len);
	copy[len] = '\0';
	p = strstr(copy, key);
	if (p) {
		p += strlen(key);
		end = strchr(p, '"');
		if (end && end > p)
			id = pr_asprintf("%.*s", (int)(end - p), p);
	}
	free(copy);
	return id;
}

/* Fill l from the line's text; l->problem (unless set already) when it is
 * not a record. */
static void parse_line(pr_ledger_line *l, const char *text, size_t len,
		       const char *path)
{
	json_t *o = json_loadb(text, len, 0, NULL);

	if (json_is_object(o)) {
		l->run_id = member(o, "run_id");
		l->status = member(o, "status");
		l->manifest_sha256 = member(o, "manifest_sha256");
		l->prev = member(o, "prev");
	}
	json_decref(o);
	if (!l->problem &&
	    (!l->run_id || !l->status || !l->manifest_sha256 || !l->prev))
		l->problem = pr_asprintf("%s line %zu is not a ledger record "
					 "(a JSON object with run_id, status, "
					 "manifest_sha256 and prev)",
					 path, l->line);
	if (!l->run_id)
		l->run_id = recover_run_id(text, len);
}

/* The chain from the line before (prev_sha, NULL for the first line). */
static void check_link(pr_ledger_line *l, const char *prev_sha,
		       const char *path)
{
	const char *want = prev_sha ? prev_sha : PR_LEDGER_GENESIS;

	if (l->problem || !strcmp(l->prev, want))
		return;
	if (prev_sha)
		l->problem = pr_asprintf(
		    "%s line %zu breaks the chain: prev %.12s..., but line "
		    "%zu hashes to %.12s... (a line removed, edited or moved)",
		    path, l->line, l->prev, l->line - 1, want);
	else
		l->problem = pr_asprintf("%s line 1 breaks the chain: prev "
					 "%.12s..., expected 64 zeros",
					 path, l->prev);
}

void pr_ledger_read_buf(pr_ledger_read *out, const char *buf, size_t len,
			const char *path)
{
	const char *p = buf, *end = buf + len, *nl;
	size_t cap = 0;

	memset(out, 0, sizeof(*out));
	while (p < end) {
		pr_ledger_line *l;
		size_t n;

		nl = memchr(p, '\n', (size_t)(end - p));
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (out->n == cap) {
			cap = cap ? 2 * cap : 64;
			out->line = pr_realloc(out->line, cap * sizeof(*l));
		}
		l = &out->line[out->n];
		memset(l, 0, sizeof(*l));
		l->line = ++out->n;
		pr_sha256_hex(l->sha256, p, n);
		if (!nl)
			l->problem =
			    pr_asprintf("%s line %zu is torn: it does not end "
					"in a newline",
					path, l->line);
		parse_line(l, p, n, path);
		check_link(l, l->line > 1 ? out->line[out->n - 2].sha256 : NULL,
			   path);
		p = nl ? nl + 1 : end;
	}
}

void pr_ledger_read_free(pr_ledger_read *l)
{
	size_t i;

	if (!l)
		return;
	for (i = 0; i < l->n; i++) {
		free(l->line[i].run_id);
		free(l->line[i].status);
		free(l->line[i].manifest_sha256);
		free(l->line[i].prev);
		free(l->line[i].problem);
	}
	free(l->line);
	memset(l, 0, sizeof(*l));
}

int pr_ledger_load(pr_ledger_read *out, const char *path, const char *shown)
{
	char *buf = NULL;
	size_t len = 0;
	int error;

	memset(out, 0, sizeof(*out));
	if ((error = read_ledger(&buf, &len, path)) < 0)
		return error;
	pr_ledger_read_buf(out, buf, len, shown);
	free(buf);
	return PR_OK;
}

/* The tip of the whole ledger buf (len bytes, ending in '\n' unless
 * empty): the hash of its last line as the reader cuts it (every line,
 * an empty one too, between two newlines), found from the end: a run's
 * append reads no line but the last. */
static void tip_of(char out[65], const char *buf, size_t len)
{
	const char *start;

	if (len == 0) {
		memcpy(out, PR_LEDGER_GENESIS, 65);
		return;
	}
	start = len > 1 ? memrchr(buf, '\n', len - 1) : NULL;
	start = start ? start + 1 : buf;
	pr_sha256_hex(out, start, (size_t)(buf + len - 1 - start));
}

int pr_ledger_tip(char out[65], const char *path)
{
	char *buf = NULL;
	size_t len = 0;
	int error;

	if ((error = read_ledger(&buf, &len, path)) < 0)
		return error;
	if (len > 0 && buf[len - 1] != '\n') {
		free(buf);
		return pr_error("'%s' ends in a partial line; the ledger is "
				"damaged (see 'prereg audit')",
				path);
	}
	tip_of(out, buf, len);
	free(buf);
	return PR_OK;
}

int pr_ledger_append(char out_prev[65], const char *path, const char *run_id,
		     const char *status, const char *manifest_sha256)
{
	char *buf = NULL, *line = NULL, *all = NULL;
	char prev[65];
	size_t len = 0, llen;
	json_t *obj = NULL;
	int error;

	if ((error = read_ledger(&buf, &len, path)) < 0)
		return error;
	if (len > 0 && buf[len - 1] != '\n') {
		error = pr_error("'%s' ends in a partial line; the ledger is "
				 "damaged (see 'prereg audit')",
				 path);
		goto cleanup;
	}
	tip_of(prev, buf, len);
	obj =
	    json_pack("{s:s, s:s, s:s, s:s}", "run_id", run_id, "status",
		      status, "manifest_sha256", manifest_sha256, "prev", prev);
	line = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!line) {
		error =
		    pr_error("cannot encode a ledger line for '%s'", run_id);
		goto cleanup;
	}
	llen = strlen(line);
	all = pr_malloc(len + llen + 1);
	memcpy(all, buf, len);
	memcpy(all + len, line, llen);
	all[len + llen] = '\n';
	if ((error = pr_write_file_atomic(path, all, len + llen + 1)) < 0)
		goto cleanup;
	if (out_prev)
		memcpy(out_prev, prev, 65);
cleanup:
	json_decref(obj);
	free(line);
	free(all);
	free(buf);
	return error;
}
