/* cmd_env.c - prereg env: devices, MPI, transports, launchers */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/envcap.h"
#include "base/device.h"
#include "base/host.h"
#include "base/mca.h"
#include "base/util.h"
#include "cli/cmd.h"

static const char usage[] =
    "usage: prereg env [--json]\n"
    "\n"
    "What this machine offers prereg: host, CPU, cores, memory, mpirun's\n"
    "version, transports and placements, the launchers whose programs are\n"
    "all on PATH (and, for the others, the program not found), and the\n"
    "device backends built into prereg-rank.\n";

/* The launchers found, then those not found and the program missing. */
static void print_launchers(json_t *have, json_t *missing)
{
	const char *name;
	json_t *v;
	size_t i;
	int first = 1;

	printf("%-16s", "launchers");
	json_array_foreach(have, i, v)
	    printf("%s %s", i ? "," : "", json_string_value(v));
	if (!json_array_size(have))
		printf(" none");
	json_object_foreach(missing, name, v)
	{
		printf("%s%s: '%s' not found", first ? " (" : "; ", name,
		       json_string_value(v));
		first = 0;
	}
	printf("%s\n", first ? "" : ")");
}

/* One line per GPU kind: how many devices, which, or why none. */
static void print_devices(json_t *devices)
{
	const char *const *kind;
	json_t *b = json_object_get(devices, "backends"), *v;
	size_t i;

	if (!devices) {
		printf("%-16s unknown (prereg-rank --devices failed)\n",
		       "devices");
		return;
	}
	printf("%-16s", "backends");
	json_array_foreach(b, i, v) printf(" %s", json_string_value(v));
	printf("\n");
	for (kind = pr_device_gpu_kinds; *kind; kind++) {
		json_t *side = json_object_get(devices, *kind), *d;
		const char *err =
		    json_string_value(json_object_get(side, "error"));

		if (!side) {
			printf("%-16s backend not built\n", *kind);
			continue;
		}
		printf("%-16s %lld device(s)%s%s\n", *kind,
		       (long long)json_integer_value(
			   json_object_get(side, "count")),
		       err ? ": " : "", err ? err : "");
		json_array_foreach(json_object_get(side, "devices"), i, d)
		    printf("  %s:%zu %s, %lld SMs/CUs\n", *kind, i,
			   json_string_value(json_object_get(d, "name")),
			   (long long)json_integer_value(
			       json_object_get(d, "sm_count")));
	}
}

int cmd_env(int argc, char **argv, git_repository *repo)
{
	static const struct option opts[] = {PR_CMD_OPT_HELP, PR_CMD_OPT_JSON,
					     PR_CMD_OPT_END};
	json_t *env, *tr, *devices = NULL, *missing;
	const char *k;
	json_t *v;
	size_t i;
	int first, as_json = 0, error;

	(void)repo;
	if ((error = pr_cmd_parse(&first, argc, argv, usage, opts, 0,
				  pr_cmd_flag, &as_json)) != 0)
		return error;
	env = pr_envcap_host();
	tr = json_array();
	for (i = 0; i < pr_mca_ntransports; i++) {
		pr_argv a = {0};
		char *line;

		pr_mca_mpirun_args(&a, &pr_mca_transports[i]);
		line =
		    a.n ? pr_argv_join(&a) : pr_strdup("(Open MPI's choice)");
		json_array_append_new(tr, json_pack("{s:s, s:s}", "name",
						    pr_mca_transports[i].name,
						    "mpirun_args", line));
		free(line);
		pr_argv_free(&a);
	}
	json_object_set_new(env, "transports", tr);
	json_object_set_new(env, "placements",
			    json_pack("[s, s]", "spread", "packed"));
	json_object_set_new(env, "launchers", pr_envcap_launchers(&missing));
	json_object_set_new(env, "launchers_missing", missing);
	if (pr_host_devices(&devices, 256, 0) == 0)
		json_object_set_new(env, "devices", devices);
	if (as_json)
		return pr_cmd_print_json(stdout, env, 0);
	json_object_foreach(env, k, v)
	{
		if (json_is_string(v))
			printf("%-16s %s\n", k, json_string_value(v));
		else if (json_is_integer(v))
			printf("%-16s %lld\n", k,
			       (long long)json_integer_value(v));
	}
	printf("%-16s", "transports");
	for (i = 0; i < json_array_size(tr); i++)
		printf(" %s", json_string_value(json_object_get(
				  json_array_get(tr, i), "name")));
	printf("\n%-16s spread, packed\n", "placements");
	print_launchers(json_object_get(env, "launchers"), missing);
	print_devices(json_object_get(env, "devices"));
	json_decref(env);
	return PR_OK;
}
