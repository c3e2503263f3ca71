/* ledger.h - runs/NAME/ledger.jsonl: every run attempt, hash-chained (I3) */
#ifndef PR_LEDGER_H
#define PR_LEDGER_H

/* prev of the first line: 64 zeros. */
#define PR_LEDGER_GENESIS                                                      \
	"0000000000000000000000000000000000000000000000000000000000000000"

/*
 * SHA-256 of the ledger's last line (without its newline), or the genesis
 * value when the ledger is empty or missing. A ledger whose last line is
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

#endif
