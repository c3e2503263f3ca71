/* cmd_list.c - prereg list: experiments, pin state, runs */
#include <dirent.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/git.h"
#include "repo/pin.h"
#include "run/run.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg list\n"
    "\n"
    "Every experiment under experiments/: its kind, whether its\n"
    "prediction is pinned and runnable, its runs by status, and the runs\n"
    "not recorded yet (in progress, or for prereg recover).\n";

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names of the subdirectories of dir (caller frees). */
static size_t subdirs(char ***out, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	*out = NULL;
	while (d && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || e->d_type != DT_DIR)
			continue;
		*out = pr_realloc(*out, (n + 1) * sizeof(char *));
		(*out)[n++] = pr_strdup(e->d_name);
	}
	if (d)
		closedir(d);
	if (n)
		qsort(*out, n, sizeof(char *), cmp_str);
	return n;
}

/* "3 complete, 1 failed" from the ledger. */
static void ledger_summary(char *buf, size_t len, const char *root,
			   const char *name)
{
	char *path = pr_asprintf("%sruns/%s/ledger.jsonl", root, name);
	FILE *f = fopen(path, "r");
	char line[1024];
	int complete = 0, other = 0;

	while (f && fgets(line, sizeof(line), f)) {
		json_t *j = json_loads(line, 0, NULL);
		const char *st =
		    json_string_value(json_object_get(j, "status"));
		if (st && !strcmp(st, "complete"))
			complete++;
		else if (j)
			other++;
		json_decref(j);
	}
	if (f)
		fclose(f);
	free(path);
	snprintf(buf, len, "%d complete, %d failed or interrupted", complete,
		 other);
}

int cmd_list(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {{"help", no_argument, NULL, 'h'},
					     {NULL, 0, NULL, 0}};
	const char *root = pr_repo_root(repo);
	char *dir = pr_asprintf("%sexperiments", root), **unfinished;
	char **names = NULL, runs[256];
	size_t n, i, k, nu;
	int first, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, 0, NULL,
				  NULL)) != 0) {
		free(dir);
		return error;
	}
	n = subdirs(&names, dir);
	printf("%-20s %-28s %s\n", "EXPERIMENT", "PIN", "RUNS");
	for (i = 0; i < n; i++) {
		pr_pin pin;
		char state[300];
		int was = pr_set_quiet(1);

		error = pr_pin_check(&pin, repo, names[i]);
		pr_set_quiet(was);
		if (error == 0)
			snprintf(state, sizeof(state), "%s", pin.tag);
		else
			snprintf(state, sizeof(state), "not runnable");
		ledger_summary(runs, sizeof(runs), root, names[i]);
		printf("%-20s %-28s %s", names[i], state, runs);
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
	free(dir);
	return PR_OK;
}
