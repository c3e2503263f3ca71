/* harness.h - what the fuzz harnesses (tests/fuzz/fuzz_*.c) share: the
 * libFuzzer entry point, a scratch directory, inputs written to files and
 * a small synthetic run to read them against */
#ifndef PR_FUZZ_HARNESS_H
#define PR_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/*
 * libFuzzer's entry point, one per harness: read data as the file the
 * harness stands for, through prereg's own reader. Returns 0; a problem
 * shows as a crash, a sanitizer report or pr_fuzz_fail.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The process's scratch directory, ending in '/': made on the first call
 * under $TMPDIR (or /tmp), removed at exit. Borrowed. Aborts when it
 * cannot be made.
 */
const char *pr_fuzz_scratch(void);

/* data as a NUL-terminated string; the caller frees it. */
char *pr_fuzz_text(const uint8_t *data, size_t size);

/*
 * Write len bytes to path (replacing it), creating its directory. No
 * fsync and no rename: these are throw-away inputs, thousands a second,
 * in the scratch directory; prereg's own files are never written so.
 * Aborts on error.
 */
void pr_fuzz_write(const char *path, const void *data, size_t len);

/*
 * Write a small complete run of `experiment` into dir (created):
 * timings.csv.gz through prereg's archive writer (2 configs, 2 launches,
 * 1 warmup + 2 reps, 4 ranks on cpu and cpu-naive, the phases compute,
 * allreduce, allreduce_small and gatherv) and a manifest.json naming it
 * complete. Aborts on error.
 */
void pr_fuzz_synthetic_run(const char *dir, const char *experiment,
			   const char *run_id);

/* A harness's assertion failed: print the message and abort, so that
 * libFuzzer keeps the input. */
void pr_fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)))
__attribute__((noreturn));

#endif
