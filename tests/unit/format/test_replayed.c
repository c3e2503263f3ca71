/* test_replayed.c - pattern replay's reading of a committed run
 * (src/format/replayed.c): the per-rank median of per-launch medians of
 * the compute samples, warmups and other phases left out, less the
 * smallest; the scale of the spec; and each refusal (not committed, not
 * complete, a rank without compute samples, no ranks at all) */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <git2.h>

#include "base/util.h"
#include "helpers/scratch.h"
#include "format/archive.h"
#include "format/replayed.h"
#include "format/spec.h"

static char *base;
static char *root; /* base with its "/", as prereg passes roots */

static int setup(void **state)
{
	(void)state;
	base = pr_scratch_dir("test-replayed");
	pr_scratch_repo_init(base);
	pr_scratch_commit(base, "one");
	root = pr_asprintf("%s/", base);
	git_libgit2_init();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	git_libgit2_shutdown();
	pr_scratch_remove(base);
	free(base);
	free(root);
	return 0;
}

/* One archive row: compute or another phase, from t0 for dur ns. */
static void row(char *buf, size_t cap, int launch, int rep, int warmup,
		int rank, const char *phase, long long t0, long long dur)
{
	size_t len = strlen(buf);

	snprintf(buf + len, cap - len,
		 "%d,0,%d,%d,%d,h,cpu,%s,0,100,%lld,%lld,\n", launch, rep,
		 warmup, rank, phase, t0, t0 + dur);
}

/* Write runs/EXP/RUN/{manifest.json,timings.csv.gz} with rows and the
 * manifest's status; commit them when commit is set. */
static void make_run(const char *exp, const char *run, const char *rows,
		     const char *status, int commit)
{
	char path[PATH_MAX + 128];
	pr_archive_writer *w = NULL;
	pr_archive_info info;
	FILE *f;

	snprintf(path, sizeof(path), "runs/%s/%s", exp, run);
	pr_scratch_mkdir(base, path);
	snprintf(path, sizeof(path), "%s/runs/%s/%s/manifest.json", base, exp,
		 run);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f, "{\"run_id\": \"%s\", \"status\": \"%s\"}\n", run, status);
	assert_int_equal(fclose(f), 0);
	snprintf(path, sizeof(path), "%s/runs/%s/%s/timings.csv.gz", base, exp,
		 run);
	assert_int_equal(pr_archive_create(&w, path), PR_OK);
	assert_int_equal(pr_archive_write(w, rows, strlen(rows)), PR_OK);
	assert_int_equal(pr_archive_finish(w, &info), PR_OK);
	if (commit)
		pr_scratch_commit_path(base, "runs", run);
}

/* Three ranks, two launches. Rank 0's launch medians are 1000 and 3000
 * (median 2000); rank 1's are 500 (its warmup of 9e9 and its comm row
 * of 1 ns left out) and 700: 600; rank 2's, from an even count of
 * samples, (800 + 1000) / 2 and 1200: 1050. Less the smallest, 600:
 * 1400, 0, 450. */
static const char *three_ranks(char *buf, size_t cap)
{
	buf[0] = '\0';
	row(buf, cap, 0, 0, 0, 0, "compute", 10, 1000);
	row(buf, cap, 0, 1, 0, 0, "compute", 20, 900);
	row(buf, cap, 0, 2, 0, 0, "compute", 30, 1100);
	row(buf, cap, 1, 0, 0, 0, "compute", 40, 3000);
	row(buf, cap, 0, 0, 1, 1, "compute", 50, 9000000000LL);
	row(buf, cap, 0, 0, 0, 1, "compute", 60, 500);
	row(buf, cap, 0, 0, 0, 1, "allreduce", 70, 1);
	row(buf, cap, 1, 0, 0, 1, "compute", 80, 700);
	row(buf, cap, 0, 0, 0, 2, "compute", 90, 800);
	row(buf, cap, 0, 1, 0, 2, "compute", 95, 1000);
	row(buf, cap, 1, 0, 0, 2, "compute", 99, 1200);
	return buf;
}

static void test_medians(void **state)
{
	char buf[4096];
	int64_t *ns = NULL;
	int n = -1;

	(void)state;
	make_run("src", "r1", three_ranks(buf, sizeof(buf)), "complete", 1);
	assert_int_equal(pr_arrival_replay_load(&ns, &n, root, "src", "r1"),
			 PR_OK);
	assert_int_equal(n, 3);
	assert_int_equal(ns[0], 1400);
	assert_int_equal(ns[1], 0);
	assert_int_equal(ns[2], 450);
	free(ns);
}

/* The spec's scale multiplies each delay, rounded; no replay: none. */
static void test_spec_scale(void **state)
{
	char buf[4096];
	pr_spec spec = {0};
	int64_t *ns = NULL;
	int n = -1;

	(void)state;
	make_run("src", "r2", three_ranks(buf, sizeof(buf)), "complete", 1);
	assert_int_equal(pr_arrival_replay_spec(&ns, &n, root, &spec), PR_OK);
	assert_null(ns);
	assert_int_equal(n, 0);
	spec.replay_experiment = "src";
	spec.replay_run = "r2";
	spec.replay_scale = 2.5;
	assert_int_equal(pr_arrival_replay_spec(&ns, &n, root, &spec), PR_OK);
	assert_int_equal(n, 3);
	assert_int_equal(ns[0], 3500);
	assert_int_equal(ns[1], 0);
	assert_int_equal(ns[2], 1125);
	free(ns);
}

/* pr_arrival_replay_load fails with PR_EINPUT and a message holding
 * want. */
static void refused(const char *exp, const char *run, const char *want)
{
	int64_t *ns = (int64_t *)&ns;
	int n = -1;

	assert_int_equal(pr_arrival_replay_load(&ns, &n, root, exp, run),
			 PR_EINPUT);
	assert_null(ns);
	assert_int_equal(n, 0);
	assert_non_null(strstr(pr_last_error(), run));
	assert_non_null(strstr(pr_last_error(), want));
}

static void test_not_committed(void **state)
{
	char buf[4096];

	(void)state;
	make_run("src", "r3", three_ranks(buf, sizeof(buf)), "complete", 0);
	refused("src", "r3", "are not committed");
	refused("src", "no-such-run", "are not committed");
	/* once committed, the same files replay */
	pr_scratch_commit_path(base, "runs", "r3");
	{
		int64_t *ns = NULL;
		int n = 0;

		assert_int_equal(
		    pr_arrival_replay_load(&ns, &n, root, "src", "r3"), PR_OK);
		assert_int_equal(n, 3);
		free(ns);
	}
}

/* A repository with no commit yet: its HEAD holds nothing to replay. */
static void test_unborn(void **state)
{
	char unborn[PATH_MAX + 16];
	int64_t *ns = (int64_t *)&ns;
	int n = -1;

	(void)state;
	snprintf(unborn, sizeof(unborn), "%s/unborn/", base);
	pr_scratch_repo_init(unborn);
	assert_int_equal(pr_arrival_replay_load(&ns, &n, unborn, "src", "r1"),
			 PR_EINPUT);
	assert_null(ns);
	assert_int_equal(n, 0);
	assert_non_null(strstr(pr_last_error(), "are not committed"));
}

static void test_not_complete(void **state)
{
	char buf[4096];

	(void)state;
	make_run("src", "r4", three_ranks(buf, sizeof(buf)), "failed", 1);
	refused("src", "r4", "not complete (status 'failed')");
	make_run("src", "r5", three_ranks(buf, sizeof(buf)), "interrupted", 1);
	refused("src", "r5", "not complete (status 'interrupted')");
}

/* Rank 1 has only a warmup and a comm row: no compute sample of its
 * own, though ranks 0 and 2 have theirs. */
static void test_rank_without_compute(void **state)
{
	char buf[4096] = "";

	(void)state;
	row(buf, sizeof(buf), 0, 0, 0, 0, "compute", 10, 1000);
	row(buf, sizeof(buf), 0, 0, 1, 1, "compute", 20, 1000);
	row(buf, sizeof(buf), 0, 0, 0, 1, "allreduce", 30, 1000);
	row(buf, sizeof(buf), 0, 0, 0, 2, "compute", 40, 1000);
	make_run("src", "r6", buf, "complete", 1);
	refused("src", "r6", "rank 1 has no compute sample");
}

/* An archive of only its header holds no rank to replay. */
static void test_no_ranks(void **state)
{
	(void)state;
	make_run("src", "r7", "", "complete", 1);
	refused("src", "r7", "its archive holds 0 ranks");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_medians),
	    cmocka_unit_test(test_spec_scale),
	    cmocka_unit_test(test_not_committed),
	    cmocka_unit_test(test_unborn),
	    cmocka_unit_test(test_not_complete),
	    cmocka_unit_test(test_rank_without_compute),
	    cmocka_unit_test(test_no_ranks),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
