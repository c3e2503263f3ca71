/* audit_ledger.h - runs/NAME/ledger.jsonl read back and its hash chain
 * verified, line by line, for prereg audit */
#ifndef PR_AUDIT_LEDGER_H
#define PR_AUDIT_LEDGER_H

#include <stddef.h>

/* One line of a ledger as the audit found it. */
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

#endif
