/* ledger.c - the hash-chained ledger of run attempts */
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
	return pr_read_file(out, len, path);
}

static void tip_of(char out[65], const char *buf, size_t len)
{
	const char *start;

	if (len == 0) {
		memcpy(out, PR_LEDGER_GENESIS, 65);
		return;
	}
	/* buf ends in '\n': find the start of the last line */
	start = buf + len - 1;
	while (start > buf && start[-1] != '\n')
		start--;
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
