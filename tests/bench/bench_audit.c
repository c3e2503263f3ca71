/* bench_audit.c - prereg audit of 10,000 committed runs of one pinned
 * experiment, each valid (the audit grades them anchored), in a scratch
 * repository (make bench; target: under 2 s on 2 cores; BENCH_RUNS
 * another count, BENCH_DIR another place, BENCH_KEEP keeps it) */
#include <ftw.h>
#include <git2.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format/archive.h"
#include "audit/audit.h"
#include "format/ledger.h"
#include "repo/git.h"
#include "repo/pin.h"
#include "base/schedule.h"
#include "base/util.h"

#define PER_COMMIT 100 /* runs each commit adds, as a merge of many would */
#define NAME "bench"
#define NCONFIGS 2
#define NSIZES 2
#define WARMUP 1
#define REPS 2
#define NRANKS 2

static const int64_t sizes[NSIZES] = {8, 4096};

/* 10,000, or BENCH_RUNS rounded down to a multiple of PER_COMMIT */
static int nruns = 10000;

/* One run being written: its directory and what the manifest records. */
typedef struct {
	const char *root; /* the work tree, ending in '/' */
	pr_pin pin;
	pr_schedule sched;
	char run_id[40];
	char *rel; /* runs/NAME/RUNID */
} bench_run;

static int write_text(const char *root, const char *rel, const char *text)
{
	char *path = pr_asprintf("%s%s", root, rel);
	int error = pr_write_file_atomic(path, text, strlen(text));

	free(path);
	return error;
}

/* The spec of the runs: 2 ranks, configs vader and tcp, sizes 8, 4096. */
static const char spec_text[] = "[experiment]\n"
				"kind = calibration\n"
				"claim = bench\n"
				"workload = pingpong\n"
				"[shape]\n"
				"min_bytes = 8\n"
				"max_bytes = 4096\n"
				"factor = 512\n"
				"[ranks]\n"
				"group = cpu*2\n"
				"[factors]\n"
				"transport = vader, tcp\n";

/* The spec and a prediction made from it, pinned as `prereg pin` does. */
static int pin_experiment(pr_pin *pin, git_repository *repo, const char *root)
{
	char *dir = pr_asprintf("%sexperiments/%s", root, NAME);
	char *pdir = pr_asprintf("%spredictions", root);
	char blob[GIT_OID_HEXSZ + 1], *pred = NULL;
	git_oid id;
	int created, error;

	if (git_odb_hash(&id, spec_text, strlen(spec_text), GIT_OBJECT_BLOB) <
	    0)
		return pr_git_error("cannot hash the spec");
	git_oid_tostr(blob, sizeof(blob), &id);
	pred = pr_asprintf("{\"experiment\": \"" NAME "\", \"spec_blob\": "
			   "\"%s\", \"cells\": []}\n",
			   blob);
	if ((error = pr_mkdir_p(dir)) < 0 || (error = pr_mkdir_p(pdir)) < 0 ||
	    (error = write_text(root, "experiments/" NAME "/experiment.ini",
				spec_text)) < 0 ||
	    (error = write_text(root, "predictions/" NAME ".json", pred)) < 0)
		goto cleanup;
	error = pr_pin_create(pin, &created, repo, NAME, NULL, NULL);
cleanup:
	free(pred);
	free(dir);
	free(pdir);
	return error;
}

/* The rows of invocation k, in the runner's order. */
static int write_invocation(pr_archive_writer *w, const pr_invocation *inv,
			    const size_t *perm)
{
	static const char *const phase[2] = {"pingpong", "reduce_local"};
	char line[160];
	int rep, rank, p, i, n;

	for (rep = 0; rep < WARMUP + REPS; rep++) {
		for (rank = 0; rank < NRANKS; rank++) {
			for (p = 0; p < 2; p++) {
				for (i = 0; i < NSIZES; i++) {
					n = snprintf(
					    line, sizeof(line),
					    "%d,%d,%d,%d,%d,h,cpu,%s,%lld,0,"
					    "%d,%d,\n",
					    inv->launch, inv->config, rep,
					    rep < WARMUP, rank, phase[p],
					    (long long)sizes[perm[i]], 1000 * i,
					    1000 * i + 500);
					if (pr_archive_write(w, line,
							     (size_t)n) < 0)
						return PR_EFAIL;
				}
			}
		}
	}
	return PR_OK;
}

static int write_archive(pr_archive_info *info, const bench_run *b)
{
	char *path = pr_asprintf("%s%s/timings.csv.gz", b->root, b->rel);
	pr_archive_writer *w = NULL;
	size_t perm[NSIZES], k;
	int error;

	if ((error = pr_archive_create(&w, path)) < 0)
		goto cleanup;
	for (k = 0; k < b->sched.ninv && error == 0; k++) {
		pr_schedule_permute(perm, NSIZES, b->sched.inv[k].seed);
		error = write_invocation(w, &b->sched.inv[k], perm);
	}
	if (error < 0)
		pr_archive_abort(w);
	else
		error = pr_archive_finish(w, info);
cleanup:
	free(path);
	return error;
}

static json_t *seed_json(uint64_t seed)
{
	char s[24];

	snprintf(s, sizeof(s), "%llu", (unsigned long long)seed);
	return json_string(s);
}

/* manifest.launches[k] as `prereg run` records a completed invocation. */
static json_t *launch_json(const pr_invocation *inv)
{
	json_t *sz = json_array(), *order = json_array();
	size_t perm[NSIZES], i;

	pr_schedule_permute(perm, NSIZES, inv->seed);
	for (i = 0; i < NSIZES; i++) {
		json_array_append_new(sz, json_integer(sizes[i]));
		json_array_append_new(order, json_integer(sizes[perm[i]]));
	}
	return json_pack(
	    "{s:i, s:i, s:i, s:b, s:{s:s, s:o, s:i, s:i, s:o, s:s, s:i, s:i},"
	    " s:{s:s, s:i, s:i, s:I, s:o, s:i, s:i, s:o}}",
	    "launch", inv->launch, "config", inv->config, "exit_status", 0,
	    "timed_out", 0, "plan", "workload", "pingpong", "seed",
	    seed_json(inv->seed), "reps", REPS, "warmup", WARMUP, "sizes", sz,
	    "experiment", NAME, "launch", inv->launch, "config", inv->config,
	    "ranks", "workload", "pingpong", "nranks", NRANKS, "reps", REPS,
	    "samples", (json_int_t)((WARMUP + REPS) * NRANKS * 2 * NSIZES),
	    "seed", seed_json(inv->seed), "launch", inv->launch, "config",
	    inv->config, "size_order", order);
}

static json_t *schedule_json(const bench_run *b)
{
	json_t *order = json_array(), *launches = json_array();
	size_t k;

	for (k = 0; k < b->sched.ninv; k++) {
		const pr_invocation *inv = &b->sched.inv[k];

		json_array_append_new(
		    order, json_pack("{s:i, s:i, s:o}", "launch", inv->launch,
				     "config", inv->config, "seed",
				     seed_json(inv->seed)));
		json_array_append_new(launches, launch_json(inv));
	}
	return json_pack("{s:{s:o, s:i, s:i, s:i, s:o}, s:o}", "schedule",
			 "seed", seed_json(b->sched.seed), "launches", 1,
			 "reps", REPS, "warmup", WARMUP, "order", order,
			 "launches", launches);
}

/* manifest.json as `prereg run` writes it; its SHA-256 into sha. */
static int write_manifest(char sha[65], const bench_run *b,
			  const pr_archive_info *ai, const char *prev)
{
	char when[32], pin_time[32], *text, *rel;
	json_t *m = schedule_json(b);
	int error;

	pr_utc_iso(when, pr_now_unix());
	pr_utc_iso(pin_time, b->pin.commit_time);
	json_object_update_missing_new(
	    m,
	    json_pack(
		"{s:s, s:s, s:s, s:s, s:s,"
		" s:{s:s, s:s, s:i, s:I, s:s, s:s, s:s},"
		" s:[{s:i, s:s, s:s}, {s:i, s:s, s:s}],"
		" s:{s:s, s:I, s:I, s:s, s:I}, s:{s:s, s:s}, s:{s:s, s:i}}",
		"run_id", b->run_id, "experiment", NAME, "status", "complete",
		"started", when, "finished", when, "pin", "commit",
		b->pin.commit, "tag", b->pin.tag, "k", b->pin.k, "commit_time",
		(json_int_t)b->pin.commit_time, "commit_time_utc", pin_time,
		"spec_blob", b->pin.spec_blob, "prediction_blob",
		b->pin.pred_blob, "configs", "config", 0, "transport", "vader",
		"placement", "spread", "config", 1, "transport", "tcp",
		"placement", "spread", "archive", "file", "timings.csv.gz",
		"bytes", (json_int_t)ai->bytes, "gz_bytes",
		(json_int_t)ai->gz_bytes, "sha256", ai->sha256, "rows",
		(json_int_t)ai->rows, "ledger", "file", "../ledger.jsonl",
		"prev", prev, "workload", "name", "pingpong", "ranks", NRANKS));
	text = json_dumps(m, JSON_INDENT(2) | JSON_SORT_KEYS);
	json_decref(m);
	text = pr_realloc(text, strlen(text) + 2);
	strcat(text, "\n");
	pr_sha256_hex(sha, text, strlen(text));
	rel = pr_asprintf("%s/manifest.json", b->rel);
	error = write_text(b->root, rel, text);
	free(rel);
	free(text);
	return error;
}

/* One run: archive, manifest, ledger line (as `prereg run`); its two
 * files into paths[0..1], for the commit that adds it. */
static int make_run(bench_run *b, char **paths, int i)
{
	char *dir, *ledger, prev[65], sha[65];
	pr_archive_info ai;
	int error;

	snprintf(b->run_id, sizeof(b->run_id), "20260101T000000Z-%06x", i);
	b->rel = pr_asprintf("runs/%s/%s", NAME, b->run_id);
	dir = pr_asprintf("%s%s", b->root, b->rel);
	ledger = pr_asprintf("%sruns/%s/ledger.jsonl", b->root, NAME);
	paths[0] = pr_asprintf("%s/manifest.json", b->rel);
	paths[1] = pr_asprintf("%s/timings.csv.gz", b->rel);
	if ((error = pr_mkdir_p(dir)) < 0 ||
	    (error = write_archive(&ai, b)) < 0 ||
	    (error = pr_ledger_tip(prev, ledger)) < 0 ||
	    (error = write_manifest(sha, b, &ai, prev)) < 0 ||
	    (error = pr_ledger_append(NULL, ledger, b->run_id, "complete",
				      sha)) < 0)
		goto cleanup;
cleanup:
	free(ledger);
	free(dir);
	free(b->rel);
	return error;
}

/* Runs first .. first + PER_COMMIT - 1, committed together with the
 * ledger. */
static int make_runs(bench_run *b, git_repository *repo, int first)
{
	char *paths[2 * PER_COMMIT + 1];
	size_t n = 0;
	int i, error = PR_OK;

	for (i = first; i < first + PER_COMMIT && error == 0; i++) {
		error = make_run(b, paths + n, i);
		n += 2;
	}
	paths[n++] = pr_asprintf("runs/%s/ledger.jsonl", NAME);
	if (error == 0)
		error =
		    pr_git_commit_files(NULL, repo, (const char *const *)paths,
					n, "prereg run " NAME " (bench)");
	while (n > 0)
		free(paths[--n]);
	return error;
}

static int generate(const char *dir)
{
	git_repository *repo = NULL;
	bench_run b;
	int i, error;

	memset(&b, 0, sizeof(b));
	if (git_repository_init(&repo, dir, 0) < 0)
		return pr_git_error("cannot create the scratch repository");
	b.root = pr_repo_root(repo);
	if ((error = pin_experiment(&b.pin, repo, b.root)) < 0 ||
	    (error = pr_schedule_build(&b.sched,
				       pr_schedule_seed(NAME, b.pin.commit), 1,
				       NCONFIGS)) < 0)
		goto cleanup;
	for (i = 0; i < nruns && error == 0; i += PER_COMMIT)
		error = make_runs(&b, repo, i);
cleanup:
	pr_schedule_free(&b.sched);
	git_repository_free(repo);
	return error;
}

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

int main(void)
{
	/* generating fsyncs every file prereg writes (as prereg does): on
	 * a disk that alone takes minutes, so the scratch repository goes to
	 * memory when it can; BENCH_DIR names another place */
	const char *tmp = getenv("BENCH_DIR"), *n = getenv("BENCH_RUNS");
	git_repository *repo = NULL;
	char *dir;
	pr_audit a;
	int64_t t0, t1, t2;
	int error;

	if (!tmp || !*tmp)
		tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	dir = pr_asprintf("%s/prereg-bench-audit.XXXXXX", tmp);
	if (n && atoi(n) >= PER_COMMIT)
		nruns = atoi(n) / PER_COMMIT * PER_COMMIT;

	/* prereg's errors on stderr, so a failing bench says why */
	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
	git_libgit2_init();
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	t0 = pr_mono_ns();
	if ((error = generate(dir)) < 0)
		goto cleanup;
	t1 = pr_mono_ns();
	if ((error = pr_repo_open(&repo, dir)) < 0 ||
	    (error = pr_audit_repo(&a, repo, NULL, 0)) < 0)
		goto cleanup;
	t2 = pr_mono_ns();
	printf("audit: %zu runs in %.2f s (target: under 2 s on 2 cores; "
	       "scratch repository in %s)\n",
	       a.nruns, (t2 - t1) * 1e-9, tmp);
	printf("  (%zu anchored, %zu self-asserted, %zu broken; generating "
	       "them took %.1f s)\n",
	       a.count[PR_GRADE_ANCHORED], a.count[PR_GRADE_SELF_ASSERTED],
	       a.count[PR_GRADE_BROKEN], (t1 - t0) * 1e-9);
	pr_audit_free(&a);
cleanup:
	git_repository_free(repo);
	if (getenv("BENCH_KEEP")) /* to profile `prereg audit` on it */
		printf("  kept in %s\n", dir);
	else
		nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	free(dir);
	git_libgit2_shutdown();
	return error < 0 ? 1 : 0;
}
