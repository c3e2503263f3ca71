/* cmd_list.c - prereg list: experiments, pin state, runs */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "format/ledger.h"
#include "format/manifest.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "repo/pin.h"
#include "run/run.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg list\n"
    "\n"
    "Every experiment under experiments/: its kind, whether its\n"
    "prediction is pinned and runnable, its runs by status, and the runs\n"
    "not recorded yet (in progress, or for prereg recover), and when the\n"
    "last run's launches were oversubscribed without a sharing test,\n"
    "how many ranks shared a core.\n";

/* "3 complete, 1 failed" from the ledger. */
static void ledger_summary(char *buf, size_t len, const char *root,
			   const char *name)
{
	char *path = pr_path_ledger(root, name);
	char *rel = pr_path_ledger(NULL, name);
	int complete = 0, other = 0;
	pr_ledger_read l;
	size_t i;

	pr_ledger_load(&l, path, rel);
	for (i = 0; i < l.n; i++) {
		if (l.line[i].status && !strcmp(l.line[i].status, "complete"))
			complete++;
		else if (l.line[i].status)
			other++;
	}
	pr_ledger_read_free(&l);
	free(path);
	free(rel);
	snprintf(buf, len, "%d complete, %d failed or interrupted", complete,
		 other);
}

/* ", oversubscribed (N ranks per core)" when the last run's launches
 * shared cores untested (sharing: oversubscribed and not sharing_tested;
 * a run older than that record: more ranks than the manifest's cores, or
 * packed); "" otherwise. */
static void sharing_note(char *buf, size_t len, const char *root,
			 const char *name)
{
	char **ids = NULL, *path;
	size_t nids = 0, i, nconfigs;
	pr_manifest m;
	pr_sharing *sh;
	double rpc = 0;
	int over = 0, was, error;

	*buf = '\0';
	if (pr_path_list_runs(&ids, &nids, root, name, 1) < 0 || nids == 0)
		goto cleanup;
	path = pr_path_manifest(root, name, ids[nids - 1]);
	was = pr_set_quiet(1);
	error = pr_manifest_read(&m, path);
	pr_set_quiet(was);
	if (error == 0) {
		nconfigs = json_array_size(m.configs);
		sh = pr_calloc(nconfigs + 1, sizeof(*sh));
		pr_analyze_sharing(sh, nconfigs, &m);
		for (i = 0; i < nconfigs; i++) {
			if (sh[i].oversubscribed && !sh[i].sharing_tested) {
				over = 1;
				rpc = sh[i].ranks_per_core > rpc
					  ? sh[i].ranks_per_core
					  : rpc;
			}
		}
		free(sh);
	}
	pr_manifest_free(&m);
	free(path);
	if (over)
		snprintf(buf, len,
			 ", last run oversubscribed (%g ranks per core)", rpc);
cleanup:
	for (i = 0; i < nids; i++)
		free(ids[i]);
	free(ids);
}

int cmd_list(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {PR_CMD_OPT_HELP, PR_CMD_OPT_END};
	const char *root = pr_repo_root(repo);
	char **unfinished, **names = NULL, runs[256], note[128];
	size_t n, i, k, nu;
	int first, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, 0, NULL,
				  NULL)) != 0)
		return error;
	n = pr_path_list_experiments(&names, root, "experiments", 0);
	printf("%-20s %-28s %s\n", "EXPERIMENT", "PIN", "RUNS");
	for (i = 0; i < n; i++) {
		pr_pin pin;
		char state[300];
		int was = pr_set_quiet(1);

		memset(&pin, 0, sizeof(pin));
		error = pr_pin_check(&pin, repo, names[i]);
		pr_set_quiet(was);
		if (error == 0)
			snprintf(state, sizeof(state), "%s", pin.tag);
		else if (pin.tag_missing)
			snprintf(state, sizeof(state), "%d (tag missing)",
				 pin.k);
		else
			snprintf(state, sizeof(state), "not runnable");
		ledger_summary(runs, sizeof(runs), root, names[i]);
		sharing_note(note, sizeof(note), root, names[i]);
		printf("%-20s %-28s %s%s", names[i], state, runs, note);
		pr_run_unfinished(&unfinished, &nu, repo, names[i]);
		if (nu)
			printf(", %zu unfinished (prereg recover %s)", nu,
			       names[i]);
		printf("\n");
		for (k = 0; k < nu; k++)
			free(unfinished[k]);
		free(unfinished);
		free(names[i]);
	}
	free(names);
	return PR_OK;
}
