/* commit.c - commit an experiment's analysis (analysis/NAME) to git */
#include "analyze/commit.h"

#include <dirent.h>
#include <stdlib.h>

#include "base/util.h"
#include "repo/paths.h"
#include "repo/git.h"

int pr_analysis_commit(git_repository *repo, const char *name)
{
	char *dir = pr_path_analysis(pr_repo_root(repo), name);
	char **paths = NULL, *msg;
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0, i;
	int error;

	while (d && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || e->d_type != DT_REG)
			continue;
		paths = pr_realloc(paths, (n + 1) * sizeof(char *));
		paths[n++] = pr_asprintf("analysis/%s/%s", name, e->d_name);
	}
	if (d)
		closedir(d);
	msg = pr_asprintf("prereg analyze %s\n", name);
	error = n ? pr_git_commit_files(NULL, repo, (const char *const *)paths,
					n, msg)
		  : pr_error("nothing to commit in 'analysis/%s'", name);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	free(msg);
	free(dir);
	return error;
}
