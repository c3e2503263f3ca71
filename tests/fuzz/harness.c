/* harness.c - what the fuzz harnesses share: scratch directory, inputs
 * written to files, a small synthetic run */
#include "harness.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/archive.h"
#include "base/util.h"

static char *scratch;

static void remove_scratch(void)
{
	if (scratch)
		pr_remove_tree(scratch);
	free(scratch);
	scratch = NULL;
}

void pr_fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("fuzz: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

const char *pr_fuzz_scratch(void)
{
	const char *tmp = getenv("TMPDIR");
	char *prefix, *dir;

	if (scratch)
		return scratch;
	prefix = pr_asprintf("%s/prereg-fuzz-", tmp && *tmp ? tmp : "/tmp");
	if (pr_mkdtemp(&dir, prefix) < 0)
		pr_fuzz_fail("cannot make a scratch directory: %s",
			     pr_last_error());
	free(prefix);
	scratch = pr_asprintf("%s/", dir);
	free(dir);
	atexit(remove_scratch);
	return scratch;
}

char *pr_fuzz_text(const uint8_t *data, size_t size)
{
	char *text = pr_malloc(size + 1);

	if (size)
		memcpy(text, data, size);
	text[size] = '\0';
	return text;
}

void pr_fuzz_write(const char *path, const void *data, size_t len)
{
	char *dir = pr_strdup(path), *slash = strrchr(dir, '/');
	FILE *f;

	if (slash && slash != dir) {
		*slash = '\0';
		if (pr_mkdir_p(dir) < 0)
			pr_fuzz_fail("cannot make '%s': %s", dir,
				     pr_last_error());
	}
	free(dir);
	f = fopen(path, "wb");
	if (!f || (len && fwrite(data, 1, len, f) != len) || fclose(f) != 0)
		pr_fuzz_fail("cannot write '%s': %s", path, strerror(errno));
}

/* The rows of one invocation: every rep and rank, each phase. */
static void synthetic_rows(pr_archive_writer *w, int launch, int config)
{
	static const char *const phases[] = {"compute", "allreduce",
					     "allreduce_small", "gatherv"};
	static const long rows[] = {16, 1024, 2048};
	int64_t t = 1000000000LL * (launch + 1) + 100000000LL * config;
	int rep, rank;
	size_t p;

	for (rep = 0; rep < 3; rep++) {
		for (rank = 0; rank < 4; rank++) {
			for (p = 0; p < sizeof(phases) / sizeof(*phases); p++) {
				int64_t d = 1000 * (rank + 1) +
					    100 * (int64_t)p + 7 * rep;
				char *line = pr_asprintf(
				    "%d,%d,%d,%d,%d,node%d,%s,%s,%d,%ld,%lld,"
				    "%lld\n",
				    launch, config, rep, rep < 1, rank,
				    rank / 2, rank < 2 ? "cpu" : "cpu-naive",
				    phases[p], p ? 4096 << p : 0,
				    p ? 0 : rows[rank % 3], (long long)t,
				    (long long)(t + d));

				if (pr_archive_write(w, line, strlen(line)) < 0)
					pr_fuzz_fail("cannot write: %s",
						     pr_last_error());
				free(line);
				t += d + 10;
			}
		}
	}
}

static json_t *synthetic_manifest(const char *experiment, const char *run_id,
				  const pr_archive_info *info)
{
	return json_pack(
	    "{s:s, s:s, s:s, s:[{s:i, s:s, s:s}, {s:i, s:s, s:s}], "
	    "s:{s:s, s:I, s:I, s:I, s:s}, s:{s:s, s:i}}",
	    "experiment", experiment, "run_id", run_id, "status", "complete",
	    "configs", "config", 0, "transport", "vader", "placement", "spread",
	    "config", 1, "transport", "tcp", "placement", "packed", "archive",
	    "file", "timings.csv.gz", "bytes", (json_int_t)info->bytes,
	    "gz_bytes", (json_int_t)info->gz_bytes, "rows",
	    (json_int_t)info->rows, "sha256", info->sha256, "workload", "name",
	    "kv-split", "ranks", 4);
}

void pr_fuzz_synthetic_run(const char *dir, const char *experiment,
			   const char *run_id)
{
	char *gz = pr_asprintf("%s/timings.csv.gz", dir);
	char *mpath = pr_asprintf("%s/manifest.json", dir), *text;
	pr_archive_writer *w = NULL;
	pr_archive_info info;
	json_t *m;
	int launch, config;

	if (pr_mkdir_p(dir) < 0 || pr_archive_create(&w, gz) < 0)
		pr_fuzz_fail("cannot start '%s': %s", gz, pr_last_error());
	for (launch = 0; launch < 2; launch++) {
		for (config = 0; config < 2; config++)
			synthetic_rows(w, launch, config);
	}
	if (pr_archive_finish(w, &info) < 0)
		pr_fuzz_fail("cannot write '%s': %s", gz, pr_last_error());
	m = synthetic_manifest(experiment, run_id, &info);
	text = json_dumps(m, JSON_INDENT(2) | JSON_SORT_KEYS);
	if (!text || pr_write_file_atomic(mpath, text, strlen(text)) < 0)
		pr_fuzz_fail("cannot write '%s'", mpath);
	free(text);
	json_decref(m);
	free(mpath);
	free(gz);
}
