/* cmd_list.c - prereg list: experiments, pin state, runs */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "format/ledger.h"
#include "format/manifest.h"
#include "format/spec.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "repo/pin.h"
#include "run/run.h"
#include "base/util.h"
#include "cli/cmd.h"
#include "audit/summary.h"

static const char usage[] =
    "usage: prereg list\n"
    "\n"
    "One line per experiment under experiments/, in columns:\n"
    "  EXPERIMENT  its name\n"
    "  KIND        calibration or validation (from its experiment.ini)\n"
    "  PIN         the tag of its pin when the pin holds and is runnable,\n"
    "              K (tag missing) when only the tag is missing and\n"
    "              cannot be recreated (a conflict: missing tags are\n"
    "              recreated from their pin commits), or\n"
    "              not runnable\n"
    "  LAST RUN    the last complete run of its current pin, or -\n"
    "  VERDICT     that run's verdict, recomputed from its archive: FAIL\n"
    "              when a cell, step or ratio FAILs, INCONCLUSIVE when one\n"
    "              is INCONCLUSIVE or NO-DATA, PASS when all PASS,\n"
    "              MEASURED when nothing is predicted (prereg summary\n"
    "              says more)\n"
    "  RUNS        its recorded runs by status; then, when the last run's\n"
    "              launches were oversubscribed without a sharing test,\n"
    "              how many ranks shared a core, and the runs not\n"
    "              recorded yet (in progress, or for prereg recover).\n";

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
	pr_error_scope quiet;
	int over = 0, error;

	*buf = '\0';
	if (pr_path_list_runs(&ids, &nids, root, name, PR_RUNS_MANIFEST) < 0 ||
	    nids == 0)
		goto cleanup;
	path = pr_path_manifest(root, name, ids[nids - 1]);
	pr_error_record(&quiet);
	error = pr_manifest_read(&m, path);
	pr_error_restore(&quiet);
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

/* One experiment's line before it is printed, so that the columns can be
 * as wide as their longest entry. */
typedef struct {
	char *name;
	const char *kind;
	char pin[300];
	char runs[256];
	char note[128];
} row;

/* "calibration", "validation", or "?" when the spec does not load. */
static const char *kind_of(const char *root, const char *name)
{
	pr_spec *spec = NULL;
	const char *k = "?";
	pr_error_scope quiet;

	pr_error_record(&quiet);
	if (pr_spec_load(&spec, root, name) == 0)
		k = spec->kind == PR_KIND_CALIBRATION ? "calibration"
						      : "validation";
	pr_error_restore(&quiet);
	pr_spec_free(spec);
	return k;
}

static void pin_state(char *buf, size_t len, git_repository *repo,
		      const char *name)
{
	pr_pin pin;
	pr_error_scope quiet;
	int error;

	memset(&pin, 0, sizeof(pin));
	pr_error_record(&quiet);
	error = pr_pin_check(&pin, repo, name);
	pr_error_restore(&quiet);
	if (error == 0)
		snprintf(buf, len, "%s", pin.tag);
	else if (pin.tag_missing)
		snprintf(buf, len, "%d (tag missing)", pin.k);
	else
		snprintf(buf, len, "not runnable");
}

/* The directories of experiments/ whose names are experiment names; each
 * other one left out with a warning (its name printed escaped). */
static size_t list_named(char ***out, const char *root)
{
	size_t n = pr_path_list_experiments(out, root, "experiments", 0), i,
	       k = 0;
	for (i = 0; i < n; i++) {
		if (pr_name_valid((*out)[i])) {
			(*out)[k++] = (*out)[i];
			continue;
		}
		pr_warn("experiments/%s is no experiment name: left out",
			(*out)[i]);
		free((*out)[i]);
	}
	return k;
}

int cmd_list(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {PR_CMD_OPT_HELP, PR_CMD_OPT_END};
	const char *root = pr_repo_root(repo);
	char **unfinished, **names = NULL;
	int wname = (int)strlen("EXPERIMENT"), wkind = (int)strlen("KIND"),
	    wpin = (int)strlen("PIN"), first, error;
	size_t n, i, k, nu;
	int wlast = (int)strlen("LAST RUN"), wverdict = (int)strlen("VERDICT");
	pr_summary sum;
	row *v;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, 0, NULL,
				  NULL)) != 0)
		return error;
	n = list_named(&names, root);
	v = pr_calloc(n + 1, sizeof(*v));
	for (i = 0; i < n; i++) {
		v[i].name = names[i];
		v[i].kind = kind_of(root, names[i]);
		pin_state(v[i].pin, sizeof(v[i].pin), repo, names[i]);
		ledger_summary(v[i].runs, sizeof(v[i].runs), root, names[i]);
		sharing_note(v[i].note, sizeof(v[i].note), root, names[i]);
		if ((int)strlen(names[i]) > wname)
			wname = (int)strlen(names[i]);
		if ((int)strlen(v[i].kind) > wkind)
			wkind = (int)strlen(v[i].kind);
		if ((int)strlen(v[i].pin) > wpin)
			wpin = (int)strlen(v[i].pin);
	}
	if ((error = pr_summary_build(&sum, repo, (const char *const *)names, n,
				      0)) < 0)
		memset(&sum, 0, sizeof(sum));
	for (i = 0; i < sum.n; i++) {
		if (sum.row[i].last && (int)strlen(sum.row[i].last) > wlast)
			wlast = (int)strlen(sum.row[i].last);
		if (sum.row[i].verdict &&
		    (int)strlen(sum.row[i].verdict) > wverdict)
			wverdict = (int)strlen(sum.row[i].verdict);
	}
	printf("%-*s  %-*s  %-*s  %-*s  %-*s  %s\n", wname, "EXPERIMENT", wkind,
	       "KIND", wpin, "PIN", wlast, "LAST RUN", wverdict, "VERDICT",
	       "RUNS");
	for (i = 0; i < n; i++) {
		const pr_summary_row *x = i < sum.n ? &sum.row[i] : NULL;

		printf("%-*s  %-*s  %-*s  %-*s  %-*s  %s%s", wname, v[i].name,
		       wkind, v[i].kind, wpin, v[i].pin, wlast,
		       x && x->last ? x->last : "-", wverdict,
		       x && x->verdict ? x->verdict : "-", v[i].runs,
		       v[i].note);
		pr_run_unfinished(&unfinished, &nu, repo, v[i].name);
		if (nu)
			printf(", %zu unfinished (prereg recover %s)", nu,
			       v[i].name);
		printf("\n");
		for (k = 0; k < nu; k++)
			free(unfinished[k]);
		free(unfinished);
		free(names[i]);
	}
	pr_summary_free(&sum);
	free(v);
	free(names);
	return PR_OK;
}
