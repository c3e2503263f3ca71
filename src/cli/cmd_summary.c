/* cmd_summary.c - prereg summary [NAME...]: one page for the reviewer */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cmd.h"
#include "audit/summary.h"
#include "repo/git.h"

static const char usage[] =
    "usage: prereg summary [NAME...] [--json] [--junit FILE] [--write]\n"
    "\n"
    "One line per experiment (every one under experiments/ without NAME):\n"
    "the last complete run of its current pin and its verdict (FAIL when a\n"
    "cell or a step FAILs, a negative control when it PASSes; INCONCLUSIVE\n"
    "when one is INCONCLUSIVE or\n"
    "NO-DATA, PASS when all PASS, MEASURED when nothing is predicted) with\n"
    "its counts; the complete run of that pin before it (its reference, as\n"
    "report.md's Reproduction section takes it) and its verdict; whether\n"
    "the verdict reproduced, and the rows of 'prereg compare REFERENCE\n"
    "LAST' by verdict; the last run's launches that ran on a busy machine;\n"
    "its grade in the audit; the pin and the spec's claim. Computed from\n"
    "the raw archives, manifests and history, as analyze, compare and\n"
    "audit compute them. A markdown table, then the totals.\n"
    "\n"
    "  --json        the same as JSON on stdout\n"
    "  --junit FILE  also write it as JUnit XML (one test case per\n"
    "                experiment: failed when its verdict is FAIL, its\n"
    "                verdict did not reproduce or its run is broken;\n"
    "                skipped without a run)\n"
    "  --write       also write the table as analysis/SUMMARY.md\n"
    "\n"
    "Exit status 0 whatever the verdicts; 2 for an unknown experiment.\n";

enum { OPT_JUNIT = 256, OPT_WRITE };

typedef struct {
	int json, write;
	const char *junit;
} opts_t;

static int on_opt(int opt, const char *arg, void *data)
{
	opts_t *o = data;

	if (opt == 'j')
		o->json = 1;
	else if (opt == OPT_WRITE)
		o->write = 1;
	else if (opt == OPT_JUNIT)
		o->junit = arg;
	else
		return PR_EINPUT;
	return PR_OK;
}

/* The text of f's writer, written to path by fsync + rename. */
static int write_with(const char *path, const pr_summary *s,
		      void (*writer)(FILE *, const pr_summary *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int error;

	if (!f)
		return pr_error("cannot render %s", path);
	writer(f, s);
	if (fclose(f) != 0) {
		free(buf);
		return pr_error("cannot render %s", path);
	}
	error = pr_write_file_atomic(path, buf, len);
	free(buf);
	return error;
}

static void summary_page(FILE *f, const pr_summary *s)
{
	fputs("# Summary\n\nWritten by `prereg summary --write` from the raw "
	      "archives, the manifests and the history.\n\n",
	      f);
	pr_summary_md(f, s);
}

int cmd_summary(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {
	    PR_CMD_OPT_HELP,
	    PR_CMD_OPT_JSON,
	    {"junit", required_argument, NULL, OPT_JUNIT},
	    {"write", no_argument, NULL, OPT_WRITE},
	    PR_CMD_OPT_END};
	opts_t o = {0, 0, NULL};
	pr_summary s;
	char *path, *dir;
	int first, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, -1, on_opt,
				  &o)) != 0)
		return error;
	if ((error =
		 pr_summary_build(&s, repo, (const char *const *)argv + first,
				  (size_t)(argc - first), 1)) < 0)
		return error;
	if (o.junit)
		error = write_with(o.junit, &s, pr_summary_junit);
	if (error == 0 && o.write) {
		path = pr_asprintf("%sanalysis/SUMMARY.md", pr_repo_root(repo));
		dir = pr_asprintf("%sanalysis", pr_repo_root(repo));
		if ((error = pr_no_links(pr_repo_root(repo), "analysis", 1)) ==
			0 &&
		    (error = pr_mkdir_p(dir)) == 0)
			error = write_with(path, &s, summary_page);
		free(dir);
		free(path);
	}
	if (error == 0 && o.json)
		error = pr_cmd_print_json(stdout, pr_summary_json(&s), 12);
	else if (error == 0)
		pr_summary_md(stdout, &s);
	pr_summary_free(&s);
	return error;
}
