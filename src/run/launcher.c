/* launcher.c - the table of launchers */
#include "run/launcher.h"

#include <string.h>

#include "base/util.h"

const pr_launcher *const pr_launchers[] = {&pr_launcher_mpirun,
					   &pr_launcher_slurm, NULL};

void pr_launch_result_free(pr_launch_result *r)
{
	pr_argv_free(&r->argv);
	json_decref(r->record);
	r->record = NULL;
}

const pr_launcher *pr_launcher_find(const char *name)
{
	const pr_launcher *const *l;

	for (l = pr_launchers; *l; l++)
		if (!strcmp((*l)->name, name))
			return *l;
	return NULL;
}

int pr_launcher_lookup(const pr_launcher **out, const char *name)
{
	const pr_launcher *const *l;
	char known[64] = "";

	if ((*out = pr_launcher_find(name)) != NULL)
		return PR_OK;
	for (l = pr_launchers; *l; l++) {
		strcat(known, l == pr_launchers ? "" : ", ");
		strcat(known, (*l)->name);
	}
	return pr_error_code(PR_EINPUT, "unknown launcher '%s' (known: %s)",
			     name, known);
}
