/* paths.c - every path of the repository layout, and the listing of an
 * experiment's runs */
#include "repo/paths.h"

#include "base/text.h"
#include "base/util.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define ROOT(r) ((r) ? (r) : "")

char *pr_path_spec(const char *root, const char *name)
{
	return pr_asprintf("%sexperiments/%s/experiment.ini", ROOT(root), name);
}

char *pr_path_prediction(const char *root, const char *name)
{
	return pr_asprintf("%spredictions/%s.json", ROOT(root), name);
}

char *pr_path_runs(const char *root, const char *name)
{
	return pr_asprintf("%sruns/%s", ROOT(root), name);
}

char *pr_path_run(const char *root, const char *name, const char *run_id)
{
	return pr_asprintf("%sruns/%s/%s", ROOT(root), name, run_id);
}

char *pr_path_manifest(const char *root, const char *name, const char *run_id)
{
	return pr_asprintf("%sruns/%s/%s/" PR_MANIFEST_FILE, ROOT(root), name,
			   run_id);
}

char *pr_path_archive(const char *root, const char *name, const char *run_id)
{
	return pr_asprintf("%sruns/%s/%s/" PR_ARCHIVE_FILE, ROOT(root), name,
			   run_id);
}

char *pr_path_ledger(const char *root, const char *name)
{
	return pr_asprintf("%sruns/%s/" PR_LEDGER_FILE, ROOT(root), name);
}

char *pr_path_analysis(const char *root, const char *name)
{
	return pr_asprintf("%sanalysis/%s", ROOT(root), name);
}

char *pr_path_report(const char *root, const char *name)
{
	return pr_asprintf("%sanalysis/%s/report.md", ROOT(root), name);
}

/* Is runs/NAME/ID listed as `flags` select? Warns for a name that is no
 * run id. */
static int listed(const char *root, const char *name, const char *id, int flags)
{
	char *m, *esc;
	int ok;

	if (!(flags & PR_RUNS_ANY_NAME) && !pr_run_id_valid(id)) {
		esc = pr_text_escape(id);
		pr_warn("runs/%s/%s is not a run id (YYYYmmddTHHMMSSZ-xxxxxx): "
			"skipped",
			name, esc);
		free(esc);
		return 0;
	}
	if (!(flags & PR_RUNS_MANIFEST))
		return 1;
	m = pr_path_manifest(root, name, id);
	ok = access(m, F_OK) == 0;
	free(m);
	return ok;
}

int pr_path_list_runs(char ***out, size_t *n, const char *root,
		      const char *name, int flags)
{
	char *dir = pr_path_runs(root, name);
	struct stat st;
	size_t i, k = 0;
	int error = PR_OK;

	*out = NULL;
	*n = 0;
	if (lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		error = PR_EINPUT;
		goto cleanup;
	}
	*n = pr_list_subdirs(out, dir);
	for (i = 0; i < *n; i++) {
		if (listed(root, name, (*out)[i], flags))
			(*out)[k++] = (*out)[i];
		else
			free((*out)[i]);
	}
	*n = k;
	if (!k) {
		free(*out);
		*out = NULL;
	}
cleanup:
	free(dir);
	return error;
}

size_t pr_path_list_experiments(char ***out, const char *root, const char *dir,
				int valid_only)
{
	char *path = pr_asprintf("%s%s", ROOT(root), dir);
	size_t n = pr_list_subdirs(out, path), i, k = 0;

	for (i = 0; i < n; i++) {
		if (!valid_only || pr_name_valid((*out)[i]))
			(*out)[k++] = (*out)[i];
		else
			free((*out)[i]);
	}
	free(path);
	return k;
}

int pr_path_find_run(char **name, const char *root, const char *run_id)
{
	char **names = NULL;
	size_t n = pr_path_list_experiments(&names, root, "runs", 0), i;

	*name = NULL;
	for (i = 0; i < n; i++) {
		char *p = pr_path_manifest(root, names[i], run_id);

		if (!*name && access(p, R_OK) == 0)
			*name = names[i];
		else
			free(names[i]);
		free(p);
	}
	free(names);
	return *name ? 0 : -1;
}
