/* main.c - prereg-rank: one launch of one experiment config, under MPI */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "runner/devices.h"
#include "runner/envinfo.h"
#include "runner/meter.h"
#include "runner/output.h"
#include "runner/plan.h"
#include "runner/rank.h"
#include "runner/timing.h"
#include "runner/workload.h"

static const char usage[] =
    "usage: prereg-rank PLAN.json\n"
    "       prereg-rank --devices [--threads-per-block T] [--keys K]\n"
    "\n"
    "Runs one launch of a prereg experiment: every rank reads the plan\n"
    "(written by `prereg run`), sets up its device backend, measures its\n"
    "clock offset to rank 0, runs the workload's warmups and reps, and\n"
    "rank 0 writes PREFIX.csv (one line per timed event, no header) and\n"
    "PREFIX.json (ranks, MCA values in force, verification), where PREFIX\n"
    "is the plan's \"out\". Start it with mpirun or srun, one process per\n"
    "rank of the plan's groups.\n"
    "\n"
    "--devices prints, as JSON and without MPI, the backends built in and\n"
    "the CUDA and HIP devices this process sees (name, UUID, PCI bus id,\n"
    "SM/CU count, the attention kernel's blocks per SM at T threads per\n"
    "block (default 256) and K keys (default 0), driver, runtime, clock,\n"
    "MPS), or why it sees none; having none is no failure.\n"
    "\n"
    "Exit status: 0 ok, 1 failed, 2 bad plan or usage.\n";

/* Everything one launch holds; the rank 0 only parts are NULL elsewhere. */
typedef struct {
	pr_plan plan;
	pr_rank rk;
	const pr_workload *w;
	void *wctx;
	pr_samples buf;
	pr_envinfo *env; /* rank 0: per rank */
	int64_t *offset, *rtt;
	int *shared; /* rank 0: per rank, its clock is rank 0's */
	json_t *mpi;
	pr_sample *all;
	size_t nall;
	pr_envinfo mine;
	pr_meter meter, *meters; /* meters: rank 0, per rank */
	json_t *readers;	 /* rank 0: every energy reader's state */
} launch;

static int load_plan(launch *l, const char *path)
{
	int nranks, error;

	MPI_Comm_size(MPI_COMM_WORLD, &nranks);
	if ((error = pr_plan_load(&l->plan, path)) < 0)
		return pr_rank_agree(error);
	if (pr_plan_nranks(&l->plan) != nranks)
		error = pr_rank_failf(PR_EINPUT, PR_FAIL_ALL,
				      "plan wants %d ranks, MPI_COMM_WORLD "
				      "has %d",
				      pr_plan_nranks(&l->plan), nranks);
	else if (!(l->w = pr_workload_find(l->plan.workload)))
		error = pr_rank_failf(PR_EINPUT, PR_FAIL_ALL,
				      "plan '%s': unknown workload '%s'", path,
				      l->plan.workload);
	else
		error = pr_rank_check_devices(&l->plan);
	return pr_rank_agree(error);
}

/* Environment, clock offsets and MPI facts, before anything is timed. */
static void survey(launch *l)
{
	int n = l->rk.nranks;

	pr_envinfo_local(&l->mine, l->rk.rank == 0 ? &l->mpi : NULL, &l->rk);
	l->env = pr_envinfo_gather(&l->mine, n);
	if (l->rk.rank == 0) {
		l->readers = pr_meter_readers();
		l->offset = pr_calloc((size_t)n, sizeof(int64_t));
		l->rtt = pr_calloc((size_t)n, sizeof(int64_t));
		l->shared = pr_calloc((size_t)n, sizeof(int));
	}
	pr_clock_offsets(l->offset, l->rtt, l->shared, l->env, l->rk.rank, n);
}

static int setup_workload(launch *l)
{
	size_t per_rep = 0, reps = (size_t)(l->plan.warmup + l->plan.reps);
	int error;

	if ((error = l->w->setup(&l->wctx, &per_rep, &l->rk)) < 0)
		return error;
	if (per_rep > SIZE_MAX / reps)
		return pr_rank_failf(PR_EINPUT, 0,
				     "too many samples for memory");
	return pr_samples_init(&l->buf, per_rep * reps, l->rk.rank);
}

static int write_outputs(launch *l)
{
	char *csv = pr_asprintf("%s.csv", l->plan.out);
	char *json = pr_asprintf("%s.json", l->plan.out);
	pr_clocks clocks = {l->offset, l->rtt, l->shared};
	json_t *root = pr_output_report(&l->plan, l->env, &clocks, l->rk.nranks,
					l->all, l->nall);
	json_t *ranks = json_object_get(root, "ranks");
	int error, r;

	for (r = 0; r < l->rk.nranks; r++)
		json_object_set_new(json_array_get(ranks, (size_t)r), "energy",
				    pr_meter_json(&l->meters[r]));
	json_object_set(root, "energy_readers", l->readers);
	if (!root || json_object_update(root, l->mpi) < 0 ||
	    (l->w->report && l->w->report(l->wctx, root) < 0)) {
		error = pr_rank_failf(PR_EFAIL, 0, "cannot build '%s'", json);
		goto cleanup;
	}
	if ((error = pr_output_csv(csv, &l->plan, l->all, l->nall, l->env)) <
		0 ||
	    (error = pr_output_json(json, root)) < 0)
		goto cleanup;
cleanup:
	json_decref(root);
	free(csv);
	free(json);
	return error;
}

/*
 * The launch, stage by stage. Every stage ends in pr_rank_agree, so all
 * ranks stop at the same place when any of them fails. A failed
 * verification still writes the outputs (they say so), then fails.
 */
static int launch_run(launch *l, const char *path)
{
	int error, verified;

	if ((error = load_plan(l, path)) < 0 ||
	    (error = pr_rank_agree(pr_rank_setup(&l->rk, &l->plan))) < 0)
		return error;
	survey(l);
	if ((error = pr_rank_agree(setup_workload(l))) < 0)
		return error;
	pr_meter_open(&l->meter, &l->buf, &l->rk,
		      l->mine.has_gpu ? l->mine.gpu.pci_bus_id : NULL);
	pr_meter_launch_start(&l->meter, &l->buf);
	error = pr_timing_loop(&l->buf, l->w, l->wctx, l->plan.warmup,
			       l->plan.reps);
	pr_meter_launch_end(&l->meter, &l->buf);
	if ((error = pr_rank_agree(error)) < 0)
		return error;
	l->meters = pr_meter_gather(&l->meter, l->rk.nranks);
	verified = l->w->check ? l->w->check(l->wctx) : PR_OK;
	error = pr_samples_gather(&l->all, &l->nall, &l->buf, l->rk.nranks,
				  l->offset);
	if (error == PR_OK && l->rk.rank == 0)
		error = write_outputs(l);
	return pr_rank_agree(verified < 0 ? verified : error);
}

static void launch_free(launch *l)
{
	if (l->w && l->wctx)
		l->w->teardown(l->wctx);
	pr_meter_close(&l->buf);
	pr_samples_free(&l->buf);
	pr_rank_cleanup(&l->rk);
	pr_plan_free(&l->plan);
	json_decref(l->mpi);
	free(l->env);
	free(l->offset);
	free(l->rtt);
	free(l->shared);
	free(l->all);
	free(l->meters);
	json_decref(l->readers);
}

/* An integer option's value in [min, max], or -1. */
static long option_value(const char *s, long min, long max)
{
	char *end = NULL;
	long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return *end || v < min || v > max ? -1 : v;
}

/* prereg-rank --devices [--threads-per-block T] [--keys K] */
static int devices(int argc, char **argv)
{
	long threads = PR_THREADS_PER_BLOCK_DEFAULT, keys = 0, *v;
	int i;

	for (i = 2; i < argc; i += 2) {
		if (!strcmp(argv[i], "--threads-per-block"))
			v = &threads;
		else if (!strcmp(argv[i], "--keys"))
			v = &keys;
		else {
			fprintf(stderr,
				"prereg-rank: --devices: unknown option "
				"'%s'\n",
				argv[i]);
			return 2;
		}
		*v = option_value(argv[i + 1], v == &keys ? 0 : 1,
				  v == &keys ? INT_MAX : PR_LAUNCH_MAX);
		if (*v < 0) {
			fprintf(stderr,
				"prereg-rank: --devices: %s takes an integer "
				"in [%d, %d]\n",
				argv[i], v == &keys ? 0 : 1,
				v == &keys ? INT_MAX : PR_LAUNCH_MAX);
			return 2;
		}
	}
	if (pr_devices_print(stdout, (int)threads, keys) < 0) {
		fprintf(stderr,
			"prereg-rank: cannot write the device list: "
			"%s\n",
			strerror(errno));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	launch l;
	int error;

	pr_set_error_routine((pr_error_routine){pr_error_print, NULL});
	if (argc == 2 &&
	    (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(usage, stdout);
		return fflush(stdout) || ferror(stdout) ? 1 : 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "--devices"))
		return devices(argc, argv);
	if (argc != 2 || argv[1][0] == '-') {
		fputs(usage, stderr);
		return 2;
	}
	memset(&l, 0, sizeof(l));
	pr_rank_route_errors();
	MPI_Init(&argc, &argv);
	error = launch_run(&l, argv[1]);
	launch_free(&l);
	MPI_Finalize();
	return pr_exit_code(error);
}
