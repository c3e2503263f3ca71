/* ledger.h - runs/NAME/ledger.jsonl: every run attempt, each line naming
 * the previous line's hash (a consistency check anyone can redo, not a
 * seal: I3); its writer and its one reader */
#ifndef PR_LEDGER_H
#define PR_LEDGER_H

#include <stddef.h>

/* prev of the first line: 64 zeros. */
#define PR_LEDGER_GENESIS                                                      \
	"0000000000000000000000000000000000000000000000000000000000000000"

/*
 * SHA-256 of the ledger's last line (without its newline) as
 * pr_ledger_read_buf finds it, or the genesis value when the ledger is
 * empty or missing. A ledger whose last line is
 * not newline-terminated (a torn write) is an error.
 */
int pr_ledger_tip(char out[65], const char *path);

/*
 * Append {"run_id","status","manifest_sha256","prev"} (keys in that order,
 * compact JSON, one line) to path, prev = the current tip. The whole ledger
 * is rewritten atomically (I2), so a crash leaves the old or the new one.
 * out_prev (may be NULL) receives the prev written.
 */
int pr_ledger_append(char out_prev[65], const char *path, const char *run_id,
		     const char *status, const char *manifest_sha256);

/* One line of a ledger as the reader found it. */
typedef struct {
	size_t line;	       /* 1-based line number */
	char *run_id;	       /* NULL when the line names no run */
	char *status;	       /* NULL when absent */
	char *manifest_sha256; /* NULL when absent */
	char *prev;	       /* NULL when absent */
	char sha256[65];       /* of the line's bytes without its newline */
	/* Why this line breaks the ledger (torn, not a record, prev not
	 * the previous line's hash), NULL when it is sound. */
	char *problem;
} pr_ledger_line;

typedef struct {
	pr_ledger_line *line;
	size_t n;
} pr_ledger_read;

/*
 * Cut buf (the whole ledger, len bytes) into lines and verify each: a
 * JSON object with string run_id, status, manifest_sha256 and prev; prev
 * the SHA-256 of the previous line (64 zeros for the first); a last line
 * without its newline is torn. A run_id is recovered from a line that is
 * not JSON when it holds "run_id":"...". `path` names the ledger in the
 * problems. *out is owned by the caller (pr_ledger_read_free).
 */
void pr_ledger_read_buf(pr_ledger_read *out, const char *buf, size_t len,
			const char *path);
void pr_ledger_read_free(pr_ledger_read *l);

/*
 * pr_ledger_read_buf of the ledger file at `path` (`shown` names it in the
 * problems). A missing file is an empty ledger; a file that cannot be read
 * is an error (printed), *out left empty. Free *out in either case.
 */
int pr_ledger_load(pr_ledger_read *out, const char *path, const char *shown);

#endif
