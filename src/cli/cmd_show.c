/* cmd_show.c - prereg show RUNID: one run's manifest, readable */
#include <dirent.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repo/git.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg show RUNID [--json]\n"
    "\n"
    "One run's manifest (runs/NAME/RUNID/manifest.json), readable: its\n"
    "status, pin, schedule, launches and archive.\n";

static int on_opt(int opt, const char *arg, void *data)
{
	(void)arg;
	if (opt != 'j')
		return PR_EINPUT;
	*(int *)data = 1;
	return PR_OK;
}

/* runs/<any>/RUNID/manifest.json below root, or NULL. */
static char *find_manifest(const char *root, const char *run_id)
{
	char *runs = pr_asprintf("%sruns", root), *found = NULL;
	DIR *d = opendir(runs);
	struct dirent *e;

	while (d && !found && (e = readdir(d)) != NULL) {
		char *p;
		if (e->d_name[0] == '.')
			continue;
		p = pr_asprintf("%s/%s/%s/manifest.json", runs, e->d_name,
				run_id);
		if (access(p, R_OK) == 0)
			found = p;
		else
			free(p);
	}
	if (d)
		closedir(d);
	free(runs);
	return found;
}

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "?";
}

/* "1: gpuA n1 COMPLETED 0:0, gpuB n2 COMPLETED 0:0", or "-". */
static void print_slurm(json_t *slurm)
{
	json_t *comp;
	size_t i;

	if (!slurm) {
		printf("-\n");
		return;
	}
	printf("%s:", str(slurm, "job_id"));
	json_array_foreach(json_object_get(slurm, "components"), i, comp)
	    printf("%s %s %s %s %s", i ? "," : "", str(comp, "partition"),
		   str(comp, "nodes"), str(comp, "state"),
		   str(comp, "exit_code"));
	printf("\n");
}

static void print_readable(json_t *m)
{
	json_t *pin = json_object_get(m, "pin"),
	       *s = json_object_get(m, "schedule");
	json_t *ar = json_object_get(m, "archive"), *l;
	json_t *configs = json_object_get(m, "configs");
	size_t i;

	printf("run        %s (%s)\n", str(m, "run_id"), str(m, "experiment"));
	printf("status     %s\n", str(m, "status"));
	printf("time       %s .. %s\n", str(m, "started"), str(m, "finished"));
	printf("pin        %s %s, committed %s (self-asserted)\n",
	       str(pin, "tag"), str(pin, "commit"),
	       str(pin, "commit_time_utc"));
	printf("schedule   seed %s, %lld launches x %zu configs, %lld warmup + "
	       "%lld reps\n",
	       str(s, "seed"),
	       (long long)json_integer_value(json_object_get(s, "launches")),
	       json_array_size(configs),
	       (long long)json_integer_value(json_object_get(s, "warmup")),
	       (long long)json_integer_value(json_object_get(s, "reps")));
	printf("archive    %s: %lld rows, %lld bytes, sha256 %s\n",
	       str(ar, "file"),
	       (long long)json_integer_value(json_object_get(ar, "rows")),
	       (long long)json_integer_value(json_object_get(ar, "gz_bytes")),
	       str(ar, "sha256"));
	printf("launcher   %s\n",
	       str(json_object_get(m, "environment"), "launcher"));
	printf("\n%-6s %-6s %-9s %-8s %-6s %8s  %s\n", "LAUNCH", "CONFIG",
	       "TRANSPORT", "PLACE", "EXIT", "WALL_S", "SLURM JOB");
	json_array_foreach(json_object_get(m, "launches"), i, l)
	{
		json_t *c = json_array_get(
		    configs,
		    (size_t)json_integer_value(json_object_get(l, "config")));
		printf(
		    "%-6lld %-6lld %-9s %-8s %-6lld %8.2f  ",
		    (long long)json_integer_value(json_object_get(l, "launch")),
		    (long long)json_integer_value(json_object_get(l, "config")),
		    str(c, "transport"), str(c, "placement"),
		    (long long)json_integer_value(
			json_object_get(l, "exit_status")),
		    json_real_value(json_object_get(l, "wall_s")));
		print_slurm(json_object_get(l, "slurm"));
	}
}

int cmd_show(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {{"help", no_argument, NULL, 'h'},
					     {"json", no_argument, NULL, 'j'},
					     {NULL, 0, NULL, 0}};
	char *path = NULL;
	json_t *m;
	json_error_t jerr;
	int first, as_json = 0, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, 1, on_opt,
				  &as_json)) != 0)
		return error;
	if (strchr(argv[first], '/') || strstr(argv[first], ".."))
		return pr_error_code(PR_EINPUT, "invalid run id '%s'",
				     argv[first]);
	path = find_manifest(pr_repo_root(repo), argv[first]);
	if (!path)
		return pr_error_code(PR_EINPUT,
				     "no run '%s' under runs/ (see 'prereg "
				     "list')",
				     argv[first]);
	m = json_load_file(path, 0, &jerr);
	if (!m) {
		error = pr_error("cannot read '%s': %s (line %d)", path,
				 jerr.text, jerr.line);
		free(path);
		return error;
	}
	if (as_json) {
		char *s = json_dumps(m, JSON_INDENT(2) | JSON_SORT_KEYS);
		printf("%s\n", s);
		free(s);
	} else {
		print_readable(m);
	}
	json_decref(m);
	free(path);
	return PR_OK;
}
