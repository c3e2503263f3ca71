/* bench_archive.c - archive write and read+parse throughput (make bench) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format/archive.h"
#include "format/timings.h"
#include "base/util.h"

#define ROWS 1000000

int main(void)
{
	char dir[] = "/tmp/prereg-bench.XXXXXX", line[160], *path;
	pr_archive_writer *w = NULL;
	pr_archive_info info;
	pr_timings t;
	int64_t t0, t1, t2;
	size_t i, len;

	/* prereg's errors on stderr, so a failing bench says why */
	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
	if (!mkdtemp(dir))
		return 1;
	path = pr_asprintf("%s/timings.csv.gz", dir);
	t0 = pr_mono_ns();
	if (pr_archive_create(&w, path) < 0)
		return 1;
	for (i = 0; i < ROWS; i++) {
		len = (size_t)snprintf(
		    line, sizeof(line),
		    "%zu,%zu,%zu,0,%zu,node-a,cpu,allreduce,8421376,8192,"
		    "%lld,%lld,\n",
		    i / 100000, i % 4, i % 23, i % 4,
		    (long long)(1000000000LL + (long long)i * 1000),
		    (long long)(1000000000LL + (long long)i * 1000 + 777));
		if (pr_archive_write(w, line, len) < 0)
			return 1;
	}
	if (pr_archive_finish(w, &info) < 0)
		return 1;
	t1 = pr_mono_ns();
	if (pr_timings_load(&t, NULL, path, 0) < 0)
		return 1;
	t2 = pr_mono_ns();
	printf("archive write: %d rows, %.1f MB csv -> %.1f MB gz in %.2f s "
	       "(%.2f M rows/s)\n",
	       ROWS, info.bytes / 1e6, info.gz_bytes / 1e6, (t1 - t0) * 1e-9,
	       ROWS / ((t1 - t0) * 1e-9) / 1e6);
	printf(
	    "archive read+parse+sha256: %zu rows in %.2f s (%.2f M rows/s)\n",
	    t.nrows, (t2 - t1) * 1e-9, t.nrows / ((t2 - t1) * 1e-9) / 1e6);
	pr_timings_free(&t);
	unlink(path);
	rmdir(dir);
	free(path);
	return 0;
}
