/* cmd_show.c - prereg show RUNID: one run's manifest, readable */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/manifest.h"
#include "repo/git.h"
#include "repo/paths.h"
#include "base/text.h"
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
	char *name, *path;

	if (pr_path_find_run(&name, root, run_id) < 0)
		return NULL;
	path = pr_path_manifest(root, name, run_id);
	free(name);
	return path;
}

/*
 * s, a string of the manifest, as printed: escaped for the terminal
 * (pr_text_escape), "?" for NULL. Borrowed: valid for the next 15 calls
 * (no printf here takes more).
 */
static const char *shown(const char *s)
{
	static char *ring[16];
	static size_t next;
	char **slot = &ring[next++ % 16];

	free(*slot);
	*slot = pr_text_escape(s ? s : "?");
	return *slot;
}

static const char *str(json_t *o, const char *key)
{
	return shown(json_string_value(json_object_get(o, key)));
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

/* "?" for a string the manifest lacks; escaped (shown). */
static const char *or_unknown(const char *s)
{
	return shown(s);
}

static void print_readable(const pr_manifest *m)
{
	json_t *l;
	size_t i;

	printf("run        %s (%s)\n", or_unknown(m->run_id),
	       or_unknown(m->experiment));
	printf("status     %s\n", or_unknown(m->status));
	printf("time       %s .. %s\n", or_unknown(m->started),
	       or_unknown(m->finished));
	printf("pin        %s %s, committed %s (self-asserted)\n",
	       or_unknown(m->pin.tag), or_unknown(m->pin.commit),
	       or_unknown(m->pin.commit_time_utc));
	printf("schedule   seed %s, %lld launches x %zu configs, %lld warmup + "
	       "%lld reps\n",
	       or_unknown(m->schedule.seed), (long long)m->schedule.launches,
	       json_array_size(m->configs), (long long)m->schedule.warmup,
	       (long long)m->schedule.reps);
	printf("archive    %s: %lld rows, %lld bytes, sha256 %s\n",
	       or_unknown(m->archive.file), (long long)m->archive.rows,
	       (long long)m->archive.gz_bytes, or_unknown(m->archive.sha256));
	printf("launcher   %s\n", or_unknown(m->launcher));
	printf("\n%-6s %-6s %-9s %-8s %-6s %8s  %s\n", "LAUNCH", "CONFIG",
	       "TRANSPORT", "PLACE", "EXIT", "WALL_S", "SLURM JOB");
	json_array_foreach(m->launches, i, l)
	{
		size_t c =
		    (size_t)json_integer_value(json_object_get(l, "config"));

		printf(
		    "%-6lld %-6lld %-9s %-8s %-6lld %8.2f  ",
		    (long long)json_integer_value(json_object_get(l, "launch")),
		    (long long)c,
		    or_unknown(pr_manifest_config(m, c, "transport")),
		    or_unknown(pr_manifest_config(m, c, "placement")),
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
	pr_manifest m;
	int first, as_json = 0, error;

	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, 1, on_opt,
				  &as_json)) != 0)
		return error;
	if ((error = pr_run_id_check(argv[first])) < 0)
		return error;
	path = find_manifest(pr_repo_root(repo), argv[first]);
	if (!path)
		return pr_error_code(PR_EINPUT,
				     "no run '%s' under runs/ (see 'prereg "
				     "list')",
				     argv[first]);
	if ((error = pr_manifest_read(&m, path)) < 0)
		goto cleanup;
	if (as_json) {
		error = pr_cmd_print_json(stdout, json_incref(m.json), 0);
	} else {
		print_readable(&m);
	}
cleanup:
	pr_manifest_free(&m);
	free(path);
	return error;
}
