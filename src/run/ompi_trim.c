/* ompi_trim.c - Open MPI's components that no hardware here can use, left
 * out of a local run's launches (DESIGN 2) */
#include "run/ompi_trim.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/child.h"
#include "base/util.h"

/* The components left out: mca_NAME.so and mca_NAME.la in pkglibdir. */
static const char *const left_out[] = {"btl_ofi", "mtl_ofi", "mtl_psm",
				       "mtl_psm2", NULL};

/* What the four drive: Omni-Path (hfi1), InfiniPath, Slingshot (cxi),
 * and the RDMA devices libfabric's verbs, EFA and usNIC providers use. */
static const char *const hardware[] = {
    "/dev/hfi1_*", "/dev/ipath*", "/dev/cxi*", "/sys/class/infiniband/*", NULL};

int pr_ompi_trim_hardware(const char *root)
{
	glob_t g;
	size_t i;
	int found = 0;

	for (i = 0; hardware[i] && !found; i++) {
		char *pattern = pr_asprintf("%s%s", root, hardware[i]);

		memset(&g, 0, sizeof(g));
		found =
		    glob(pattern, GLOB_NOSORT, NULL, &g) == 0 && g.gl_pathc > 0;
		globfree(&g);
		free(pattern);
	}
	return found;
}

/* The index in left_out of the component a directory entry "mca_NAME.so"
 * or "mca_NAME.la" is, or -1. */
static int left_out_of(const char *entry)
{
	size_t n;
	int i;

	if (strncmp(entry, "mca_", 4))
		return -1;
	for (i = 0; left_out[i]; i++) {
		n = strlen(left_out[i]);
		if (!strncmp(entry + 4, left_out[i], n) && entry[4 + n] == '.')
			return i;
	}
	return -1;
}

/* Open MPI's component directory, from ompi_info, or NULL. ompi_info
 * opens every component before it answers (0.25 s here, PSM's libraries
 * sleeping as they load); pointed at none (at dir, not made yet), it
 * answers in 0.01 s. */
static char *pkglibdir(const char *dir)
{
	char *const argv[] = {"ompi_info", "--parsable", "--path", "pkglibdir",
			      NULL};
	char *env[] = {pr_asprintf("OMPI_MCA_mca_base_component_path=%s", dir),
		       NULL};
	pr_child c = {.argv = argv, .env = env, .no_stdin = 1, .capture = 1};
	const char *key = "path:pkglibdir:";
	char *lib = NULL, *line, *nl;
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

	c.err = null;
	if (null >= 0 && pr_child_run(&c) == 0 && c.status == 0 && c.output)
		for (line = c.output; line && !lib; line = nl ? nl + 1 : NULL) {
			if ((nl = strchr(line, '\n')) != NULL)
				*nl = '\0';
			if (!strncmp(line, key, strlen(key)) &&
			    line[strlen(key)] == '/')
				lib = pr_strdup(line + strlen(key));
		}
	if (null >= 0)
		close(null);
	free(c.output);
	free(env[0]);
	return lib;
}

/* Link every mca_* entry of lib but the left-out ones into dir; the names
 * of those left out into t->left_out, in left_out's order (the names').
 * Nonzero when a link fails. */
static int link_components(pr_ompi_trim *t, const char *lib, const char *dir)
{
	DIR *d = opendir(lib);
	struct dirent *e;
	int error = d ? 0 : -1, found[4] = {0}, k;

	while (d && !error && (e = readdir(d)) != NULL) {
		char *from, *to;

		if (strncmp(e->d_name, "mca_", 4))
			continue;
		if ((k = left_out_of(e->d_name)) >= 0) {
			found[k] = 1;
			continue;
		}
		from = pr_asprintf("%s/%s", lib, e->d_name);
		to = pr_asprintf("%s/%s", dir, e->d_name);
		error = symlink(from, to) < 0 ? -1 : 0;
		free(from);
		free(to);
	}
	if (d)
		closedir(d);
	for (k = 0; left_out[k]; k++)
		if (found[k])
			json_array_append_new(t->left_out,
					      json_string(left_out[k]));
	return error;
}

void pr_ompi_trim_prepare(pr_ompi_trim *t, const char *work_dir)
{
	char *lib = NULL, *dir = NULL;

	memset(t, 0, sizeof(*t));
	if (getenv("OMPI_MCA_mca_base_component_path") ||
	    pr_ompi_trim_hardware(""))
		return;
	dir = pr_asprintf("%s/ompi-components", work_dir);
	if ((lib = pkglibdir(dir)) == NULL) {
		free(dir);
		return;
	}
	t->left_out = json_array();
	if (mkdir(dir, 0755) < 0 || link_components(t, lib, dir) < 0 ||
	    json_array_size(t->left_out) == 0) {
		pr_remove_tree(dir);
		json_decref(t->left_out);
		t->left_out = NULL;
	} else {
		t->env[0] =
		    pr_asprintf("OMPI_MCA_mca_base_component_path=%s", dir);
	}
	free(dir);
	free(lib);
}

void pr_ompi_trim_free(pr_ompi_trim *t)
{
	free(t->env[0]);
	json_decref(t->left_out);
	memset(t, 0, sizeof(*t));
}
