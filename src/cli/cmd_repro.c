/* cmd_repro.c - prereg repro NAME: the reviewer's command */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/busy.h"
#include "analyze/commit.h"
#include "format/manifest.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "version.h"
#include "audit/audit.h"
#include "repo/lock.h"
#include "run/original.h"
#include "run/run.h"
#include "base/text.h"
#include "base/util.h"
#include "cli/cmd.h"
#include "audit/summary.h"
#include "format/predcheck.h"
#include "format/spec.h"
#include "predict/predict.h"
#include "repo/pin.h"

static const char usage[] =
    "usage: prereg repro NAME [--force] [run options]\n"
    "       prereg repro NAME --as-original [RUNID] [--source DIR] [--force]\n"
    "                   [--trust-source] [run options]\n"
    "       prereg repro NAME --recalibrate [--force] [run options]\n"
    "\n"
    "The reviewer's command: check that NAME's prediction is pinned and\n"
    "unmodified, run its schedule, archive and commit the run, then\n"
    "analyze every complete run of NAME (analysis/NAME/report.md),\n"
    "commit the analysis, and audit NAME (prereg audit NAME). The\n"
    "options of 'prereg run' apply (with --no-commit nothing is\n"
    "committed); progress is shown. The run lock is held from the run\n"
    "to the commit of the analysis.\n"
    "\n"
    "  --as-original [RUNID]  run with the measuring code that made RUNID\n"
    "                (default: NAME's first committed complete run, the\n"
    "                original): prereg-rank is built at the commit its\n"
    "                manifest's prereg_version names (make, in a temporary\n"
    "                git worktree removed afterwards: about a minute; the\n"
    "                GPU backends no rank group of RUNID used are left\n"
    "                out, and named under 'left out'), and\n"
    "                this prereg checks the pin, launches that runner with\n"
    "                today's mpirun lines, records and commits the run with\n"
    "                runner_version and as_original; then compare the two\n"
    "                runs (the command is printed). Before building it\n"
    "                prints the commit, the repository and the refs that\n"
    "                hold the commit, and refuses (exit 3) a commit that\n"
    "                no prereg release tag (v[0-9]*) and no main branch\n"
    "                (main, origin/main, origin/HEAD) of the source holds:\n"
    "                its Makefile would run as you. A version with\n"
    "                uncommitted changes (-dirty) or none is refused (exit\n"
    "                3); a plan the older runner cannot read is refused\n"
    "                before anything runs (exit 3). mpirun only.\n"
    "  --source DIR  the prereg clone that holds that commit (default:\n"
    "                $PREREG_SOURCE, else this repository when it holds\n"
    "                prereg's source)\n"
    "  --force       launch even when the GPUs the rank groups need are\n"
    "                not seen here (as 'prereg run --force'); with\n"
    "                --as-original also build a -dirty version's commit,\n"
    "                which then differs from the tree that made the run\n"
    "  --trust-source  build and run a commit that no release tag or main\n"
    "                branch holds (read its Makefile and code first)\n"
    "  --recalibrate  the claim on another machine: first run again each\n"
    "                calibration NAME's model takes ([model] calibration\n"
    "                and comm_calibration, under their own pins; the run\n"
    "                options apply to them too), predict NAME again from\n"
    "                those runs with its pinned model and pin that\n"
    "                prediction (a derived pin: the prediction records\n"
    "                under derived_from the pin it was made again from and\n"
    "                that pin's reference run), then run, analyze and audit\n"
    "                NAME as above, and print 'prereg compare REFERENCE\n"
    "                RUN --model-error': the model's error per cell on this\n"
    "                machine beside the original's, and per claim whether\n"
    "                it reproduced\n";

/* --as-original [RUNID], --source DIR, --force and --trust-source, which
 * only repro takes. */
typedef struct {
	int on, force, trust, recalibrate;
	const char *run_id, *source;
} original_opts;

/*
 * Take repro's own options out of argv (before "--"), leaving the run
 * options for pr_cmd_run_opts. RUNID after --as-original is taken when it
 * has a run id's form. PR_EINPUT when --source has no argument.
 */
static int take_original_opts(original_opts *oo, int *argc, char **argv)
{
	int i, j = 1;

	memset(oo, 0, sizeof(*oo));
	for (i = 1; i < *argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "--as-original")) {
			oo->on = 1;
			if (i + 1 < *argc && pr_run_id_valid(argv[i + 1]))
				oo->run_id = argv[++i];
		} else if (!strncmp(argv[i], "--as-original=", 14)) {
			oo->on = 1;
			oo->run_id = argv[i] + 14;
		} else if (!strcmp(argv[i], "--force")) {
			oo->force = 1;
		} else if (!strcmp(argv[i], "--trust-source")) {
			oo->trust = 1;
		} else if (!strcmp(argv[i], "--recalibrate")) {
			oo->recalibrate = 1;
		} else if (!strncmp(argv[i], "--source=", 9)) {
			oo->source = argv[i] + 9;
		} else if (!strcmp(argv[i], "--source")) {
			if (i + 1 >= *argc)
				return pr_cmd_usage_error(
				    "repro", usage,
				    "option '--source' requires an argument");
			oo->source = argv[++i];
		} else
			argv[j++] = argv[i];
	}
	while (i < *argc)
		argv[j++] = argv[i++];
	argv[j] = NULL;
	*argc = j;
	if ((oo->source || oo->trust || oo->run_id) && !oo->on)
		return pr_cmd_usage_error("repro", usage,
					  "--source and --trust-source "
					  "go with --as-original");
	if (oo->recalibrate && oo->on)
		return pr_cmd_usage_error("repro", usage,
					  "--recalibrate and --as-original "
					  "exclude each other");
	return PR_OK;
}

/* The GPU backends the build leaves out because no rank group of the
 * original used them (the build is the quicker: no nvcc or hipcc). */
static void print_left_out(const pr_original *orig)
{
	int off[PR_DEVICE_NGPU], k, any = 0;

	if (pr_original_gpus_off(orig, off) == 0)
		return;
	printf("  left out:   ");
	for (k = 0; k < PR_DEVICE_NGPU; k++)
		if (off[k] == PR_GPU_OFF_UNUSED)
			printf("%s%s", any++ ? ", " : "",
			       pr_device_gpu_kinds[k]);
	printf(" (no rank group of %s used %s)\n", orig->run_id,
	       any > 1 ? "them" : "it");
}

/* What --as-original would build and run, and where it comes from (the
 * first 8 refs that hold the commit: those that vouch for it first). */
static void print_original(const pr_original *orig, const char *name)
{
	size_t i;

	printf("repro %s as original: run %s, prereg %s\n"
	       "  commit:     %s\n"
	       "  repository: %s\n"
	       "  held by:    ",
	       name, orig->run_id, orig->version, orig->commit, orig->source);
	for (i = 0; i < orig->nrefs && i < 8; i++)
		printf("%s%s", i ? ", " : "", orig->refs[i]);
	if (orig->nrefs > 8)
		printf(" and %zu more", orig->nrefs - 8);
	printf("%s\n", orig->nrefs ? "" : "no branch or tag");
	print_left_out(orig);
	/* before the children's output; a failure stays in ferror(stdout),
	 * which main reads at exit */
	fflush(stdout);
}

/* The original's runner for o, built unless this is a dry run, and only
 * with consent (pr_original_consent). */
static int prepare_original(pr_original *orig, pr_run_opts *o,
			    const original_opts *oo, git_repository *repo,
			    const char *name)
{
	char *first = NULL;
	int error;

	if (o->launcher && strcmp(o->launcher, "mpirun"))
		return pr_error_code(PR_EINPUT,
				     "--as-original runs under mpirun only: "
				     "the runner it builds lies in a local "
				     "temporary directory");
	o->launcher = "mpirun"; /* also for a spec that names partitions */
	if (oo->run_id && (error = pr_run_id_check(oo->run_id)) < 0)
		return error;
	if (!oo->run_id && (error = pr_original_first(&first, repo, name)) < 0)
		return error;
	error = pr_original_resolve(orig, repo, name,
				    oo->run_id ? oo->run_id : first, oo->source,
				    oo->force);
	free(first);
	if (error < 0)
		return error;
	print_original(orig, name);
	if ((error = pr_original_consent(orig, oo->trust)) < 0)
		return error;
	if (!o->dry_run && (error = pr_original_build(orig)) < 0)
		return error;
	orig->run.run_id = orig->run_id;
	orig->run.plan_keys = orig->plan_keys;
	o->original = &orig->run;
	return PR_OK;
}

/* After a run as original: what the two versions are and how to compare
 * the runs. */
static void original_after(const pr_original *orig, git_repository *repo,
			   const char *name, const char *run_id)
{
	char *path;
	pr_manifest m;
	json_t *last;

	if (!run_id)
		return;
	path = pr_path_manifest(pr_repo_root(repo), name, run_id);
	if (pr_manifest_read(&m, path) == 0 && m.status &&
	    strcmp(m.status, "complete") &&
	    (last =
		 json_array_get(m.launches, json_array_size(m.launches) - 1)) &&
	    json_integer_value(json_object_get(last, "exit_status")) == 2)
		pr_error("prereg-rank %s refused the plan of prereg %s (exit "
			 "status 2, bad plan): the plan format changed between "
			 "the two versions; the failed run is recorded",
			 orig->runner_version, PR_VERSION);
	pr_manifest_free(&m);
	free(path);
	printf("repro %s: run %s was made with prereg-rank %s (the code of "
	       "%s) under prereg %s; compare it with the original:\n"
	       "  prereg compare %s %s\n",
	       name, run_id, orig->runner_version, orig->run_id, PR_VERSION,
	       orig->run_id, run_id);
}

/* The blob check of a pin (as 'prereg pin' makes it). */
/* The reference run of NAME's current pin (its latest complete run) into
 * *ref (owned, NULL when the pin has none), and the pin into *pin. */
static int parent_of(pr_pin *pin, char **ref, git_repository *repo,
		     const char *name)
{
	int error;

	*ref = NULL;
	if ((error = pr_pin_check(pin, repo, name)) < 0)
		return error;
	pr_summary_complete_runs(ref, 1, pr_repo_root(repo), name, pin->tag);
	return PR_OK;
}

/* Run calibration cal again, with the reviewer's run options. */
static int rerun_calibration(git_repository *repo, const char *name,
			     const char *cal, const pr_run_opts *o)
{
	pr_run_opts co = *o;
	char *id = NULL;
	int error;

	co.original = NULL;
	printf("repro %s --recalibrate: running calibration %s again\n", name,
	       cal);
	fflush(stdout);
	error = pr_run(&id, repo, cal, &co);
	if (id)
		printf("repro %s --recalibrate: calibration run %s %s\n", name,
		       id, error == 0 ? "complete" : "failed");
	free(id);
	return error;
}

/*
 * --recalibrate, before NAME's run: its calibrations run again, NAME
 * predicted again from them and pinned, the prediction naming the pin it
 * derives from and that pin's reference run (*ref, owned; NULL when that
 * pin has no complete run).
 */
static int recalibrate(char **ref, git_repository *repo, const char *name,
		       const pr_run_opts *o)
{
	pr_spec *spec = NULL;
	pr_pin parent, pin;
	int created, error;

	*ref = NULL;
	if ((error = pr_spec_load(&spec, pr_repo_root(repo), name)) < 0)
		return error;
	if (!spec->calibration && !spec->comm_calibration) {
		error = pr_error_code(PR_EINPUT,
				      "'%s' names no [model] calibration: "
				      "--recalibrate has nothing to run again",
				      name);
		goto cleanup;
	}
	if ((error = parent_of(&parent, ref, repo, name)) < 0 ||
	    (spec->calibration &&
	     (error = rerun_calibration(repo, name, spec->calibration, o)) <
		 0) ||
	    (spec->comm_calibration &&
	     (!spec->calibration ||
	      strcmp(spec->comm_calibration, spec->calibration)) &&
	     (error = rerun_calibration(repo, name, spec->comm_calibration,
					o)) < 0))
		goto cleanup;
	if ((error = pr_predict_write_derived(
		 repo, spec, 0,
		 json_pack("{s:s, s:s, s:o}", "pin", parent.tag, "commit",
			   parent.commit, "reference_run",
			   *ref ? json_string(*ref) : json_null()))) < 0 ||
	    (error = pr_pin_create(&pin, &created, repo, name, NULL,
				   pr_predict_pinnable)) < 0)
		goto cleanup;
	printf("repro %s --recalibrate: %s %s (derived from %s)\n", name,
	       created ? "pinned" : "already pinned:", pin.tag, parent.tag);
cleanup:
	pr_spec_free(spec);
	return error;
}

/* After a recalibrated run: the model's error against the reference's. */
static void recalibrate_after(git_repository *repo, const char *name,
			      const char *ref, const char *run_id)
{
	if (!run_id)
		return;
	if (!ref) {
		printf("repro %s --recalibrate: the pin it derives from has no "
		       "complete run: no model error to compare with\n",
		       name);
		return;
	}
	printf("\nprereg compare %s %s --model-error\n\n", ref, run_id);
	fflush(stdout);
	if (pr_cmd_compare_runs(pr_repo_root(repo), name, ref, run_id,
				PR_CMD_COMPARE_MODEL_ERROR) < 0)
		pr_warn("repro %s: the model's errors could not be compared",
			name);
}

/* At the end, below the audit: the launches of the new run that ran on a
 * busy machine, which its verdicts then may reflect. */
static void busy_after(git_repository *repo, const char *name,
		       const char *run_id)
{
	char *path = pr_path_manifest(pr_repo_root(repo), name, run_id);
	char *text;
	pr_manifest m;
	pr_busy b;

	if (pr_manifest_read(&m, path) < 0) {
		free(path);
		return;
	}
	pr_analyze_busy(&b, &m);
	if ((text = pr_busy_warning(&b, run_id, name))) {
		fflush(stdout); /* below the audit's table, also in a file */
		pr_warn("%s", text);
	}
	free(text);
	pr_busy_free(&b);
	pr_manifest_free(&m);
	free(path);
}

/* The last lines: the experiment's row of `prereg summary`, its grade
 * from the audit just made (a; NULL: none was). */
static void summary_after(git_repository *repo, const char *name,
			  const pr_audit *a)
{
	pr_summary s;

	if (pr_summary_build(&s, repo, &name, 1, 0) < 0)
		return;
	if (a)
		pr_summary_grades_from(&s, a);
	printf("\n");
	pr_summary_md(stdout, &s);
	pr_summary_free(&s);
}

int cmd_repro(int argc, char **argv, git_repository *repo)
{
	pr_run_opts o;
	pr_audit a;
	original_opts oo;
	pr_original orig = {0};
	char *run_id = NULL, *ref = NULL;
	const char *name;
	int first, error, aerror, audited = 0;

	if ((error = take_original_opts(&oo, &argc, argv)) != 0 ||
	    (error = pr_cmd_run_opts(&o, &first, argc, argv, usage)) != 0)
		return error;
	name = argv[first];
	o.progress = 1;
	o.force = oo.force;
	if (!o.dry_run) {
		char *what = pr_asprintf("repro '%s'", name);

		error = pr_lock_acquire(repo, o.wait, what);
		free(what);
		if (error < 0)
			return error;
	}
	if (oo.recalibrate && o.dry_run)
		error = pr_error_code(PR_EINPUT,
				      "--recalibrate runs the calibrations: "
				      "no --dry-run");
	else if (oo.recalibrate)
		error = recalibrate(&ref, repo, name, &o);
	else if (oo.on)
		error = prepare_original(&orig, &o, &oo, repo, name);
	if (error == 0)
		error = pr_run(&run_id, repo, name, &o);
	if (run_id)
		printf("repro %s: run %s %s\n", name, run_id,
		       error == 0 ? "complete" : "failed");
	if (error == PR_EREFUSED || error == PR_EINPUT || o.dry_run ||
	    ((oo.on || oo.recalibrate) && !run_id)) {
		if (!o.dry_run)
			pr_lock_release();
		pr_original_free(&orig);
		free(run_id);
		free(ref);
		return error;
	}
	aerror = pr_cmd_analyze_write(repo, name, NULL, PR_CMD_PRINT_PATH);
	if (aerror == 0 && !o.no_commit)
		aerror = pr_analysis_commit(repo, name);
	pr_lock_release();
	if (aerror == 0 && (aerror = pr_audit_repo(&a, repo, &name, 1)) == 0) {
		audited = 1;
		aerror = pr_cmd_audit_print(&a, 0);
	}
	if (oo.on)
		original_after(&orig, repo, name, run_id);
	if (oo.recalibrate)
		recalibrate_after(repo, name, ref, run_id);
	summary_after(repo, name, audited ? &a : NULL);
	if (audited)
		pr_audit_free(&a);
	busy_after(repo, name, run_id);
	pr_original_free(&orig);
	free(run_id);
	free(ref);
	return error < 0 ? error : aerror;
}
