/* fuzz_ledger.c - runs/NAME/ledger.jsonl through its reader
 * (pr_ledger_read_buf) and the tip a run chains to (pr_ledger_tip), which
 * must agree on the last line */
#include <stdlib.h>
#include <string.h>

#include "format/ledger.h"
#include "base/util.h"
#include "harness.h"

/* What the audit promises of every line it read. */
static void check_lines(const pr_ledger_read *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		const pr_ledger_line *x = &l->line[i];

		if (x->line != i + 1 || strlen(x->sha256) != 64)
			pr_fuzz_fail("line %zu is numbered %zu, hash '%s'",
				     i + 1, x->line, x->sha256);
		if (!x->problem && (!x->run_id || !x->status ||
				    !x->manifest_sha256 || !x->prev))
			pr_fuzz_fail("line %zu is sound but lacks a field",
				     x->line);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *path;
	pr_ledger_read l;
	char tip[65];
	const char *last;
	int error;

	if (!path)
		path = pr_asprintf("%sledger.jsonl", pr_fuzz_scratch());
	pr_ledger_read_buf(&l, (const char *)data, size,
			   "runs/fz/ledger.jsonl");
	check_lines(&l);
	pr_fuzz_write(path, data, size);
	error = pr_ledger_tip(tip, path);
	last = l.n ? l.line[l.n - 1].sha256 : PR_LEDGER_GENESIS;
	if (error == 0 && strcmp(tip, last))
		pr_fuzz_fail("the run's tip %.12s is not the audit's last line "
			     "%.12s",
			     tip, last);
	if (error < 0 && (size == 0 || data[size - 1] == '\n'))
		pr_fuzz_fail("no tip for a ledger that ends in a newline: %s",
			     pr_last_error());
	pr_ledger_read_free(&l);
	return 0;
}
