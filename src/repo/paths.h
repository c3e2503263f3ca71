/* paths.h - every path of the repository layout (DESIGN.md 1), and the
 * listing of an experiment's runs */
#ifndef PR_PATHS_H
#define PR_PATHS_H

#include <stddef.h>

/* The files of a run directory, and the ledger beside the run directories. */
#define PR_MANIFEST_FILE "manifest.json"
#define PR_ARCHIVE_FILE "timings.csv.gz"
#define PR_LEDGER_FILE "ledger.jsonl"

/*
 * Each returns a new string (caller frees): the path under `root` (the
 * work tree root with its trailing '/', as pr_repo_root gives it), or
 * relative to the work tree when root is NULL. Names are not checked.
 */
/* experiments/NAME/experiment.ini */
char *pr_path_spec(const char *root, const char *name);
/* predictions/NAME.json */
char *pr_path_prediction(const char *root, const char *name);
/* runs/NAME */
char *pr_path_runs(const char *root, const char *name);
/* runs/NAME/RUNID */
char *pr_path_run(const char *root, const char *name, const char *run_id);
/* runs/NAME/RUNID/manifest.json */
char *pr_path_manifest(const char *root, const char *name, const char *run_id);
/* runs/NAME/RUNID/timings.csv.gz */
char *pr_path_archive(const char *root, const char *name, const char *run_id);
/* runs/NAME/ledger.jsonl */
char *pr_path_ledger(const char *root, const char *name);
/* analysis/NAME */
char *pr_path_analysis(const char *root, const char *name);
/* analysis/NAME/report.md */
char *pr_path_report(const char *root, const char *name);

/* What pr_path_list_runs lists. */
enum {
	PR_RUNS_MANIFEST = 1, /* only the directories holding manifest.json */
	PR_RUNS_ANY_NAME = 2  /* also names that are no run id (the audit,
				 which reports them) */
};

/*
 * The run ids of NAME: the subdirectories of ROOT/runs/NAME not starting
 * with '.', sorted, as `flags` (PR_RUNS_*) select. A subdirectory whose
 * name is no run id (pr_run_id_valid) is left out with a warning naming
 * it escaped, unless PR_RUNS_ANY_NAME. *out (caller frees each and the
 * array) is NULL when there are none. Returns PR_EINPUT, printing
 * nothing, when runs/NAME is no directory (a symbolic link is none).
 */
int pr_path_list_runs(char ***out, size_t *n, const char *root,
		      const char *name, int flags);

/*
 * The experiment names that are subdirectories of ROOT/DIR (DIR is
 * "experiments" or "runs"), sorted; only valid names (pr_name_check,
 * checked quietly) when valid_only. Returns how many; *out as above.
 */
size_t pr_path_list_experiments(char ***out, const char *root, const char *dir,
				int valid_only);

/*
 * The experiment whose runs/NAME/RUN_ID/manifest.json exists below root:
 * its name in *name (caller frees), 0; -1 (printing nothing, *name NULL)
 * when no experiment has that run. run_id is not checked.
 */
int pr_path_find_run(char **name, const char *root, const char *run_id);

#endif
