/* envcap.c - what this machine is: host, kernel, CPU, cores, memory, MPI */
#include "run/envcap.h"

#include <hwloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "base/child.h"
#include "base/util.h"
#include "run/launch.h"
#include "run/launcher.h"

static char *cpu_model(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512], *p;

	if (!f)
		return pr_strdup("unknown");
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "model name", 10) || !(p = strchr(line, ':')))
			continue;
		fclose(f);
		p += strspn(p + 1, " \t") + 1;
		p[strcspn(p, "\n")] = '\0';
		return pr_strdup(p);
	}
	fclose(f);
	return pr_strdup("unknown");
}

char *pr_envcap_mpirun_version(void)
{
	char *argv[] = {"mpirun", "--version", NULL}, *out = NULL;
	int status;

	if (pr_launch_missing("mpirun") ||
	    pr_child_capture(&out, &status, argv) < 0 || status != 0) {
		free(out);
		return NULL;
	}
	out[strcspn(out, "\n")] = '\0';
	return out;
}

json_t *pr_envcap_launchers(json_t **missing)
{
	const pr_launcher *const *l;
	json_t *have = json_array();

	if (missing)
		*missing = json_object();
	for (l = pr_launchers; *l; l++) {
		const char *prog = pr_launch_missing((*l)->name);

		if (!prog)
			json_array_append_new(have, json_string((*l)->name));
		else if (missing)
			json_object_set_new(*missing, (*l)->name,
					    json_string(prog));
	}
	return have;
}

/* The compiler that built prereg; the Makefile builds prereg-rank with
 * the same one (mpicc with OMPI_CC=$(CC)). */
#if defined(__clang__)
#define PR_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define PR_COMPILER "gcc " __VERSION__
#else
#define PR_COMPILER "unknown"
#endif

/* The first line of the file at path, without its newline (caller
 * frees), or NULL when it cannot be read or is empty. */
static char *first_line(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[64];

	if (!f)
		return NULL;
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	fclose(f);
	line[strcspn(line, "\n")] = '\0';
	return line[0] ? pr_strdup(line) : NULL;
}

char *pr_envcap_tcp_congestion_control(void)
{
	return first_line("/proc/sys/net/ipv4/tcp_congestion_control");
}

json_t *pr_envcap_host(void)
{
	json_t *o = json_object();
	struct utsname u;
	hwloc_topology_t topo;
	char *cpu = cpu_model(), *mpi = pr_envcap_mpirun_version(), *cc;
	long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);

	if (uname(&u) == 0) {
		json_object_set_new(o, "host", json_string(u.nodename));
		json_object_set_new(o, "kernel", json_string(u.release));
		json_object_set_new(o, "machine", json_string(u.machine));
	}
	json_object_set_new(o, "cpu", json_string(cpu));
	if (hwloc_topology_init(&topo) == 0 && hwloc_topology_load(topo) == 0) {
		json_object_set_new(o, "cores",
				    json_integer(hwloc_get_nbobjs_by_type(
					topo, HWLOC_OBJ_CORE)));
		json_object_set_new(
		    o, "pus",
		    json_integer(hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU)));
		hwloc_topology_destroy(topo);
	}
	if (pages > 0 && psize > 0)
		json_object_set_new(o, "memory_bytes",
				    json_integer((json_int_t)pages * psize));
	json_object_set_new(o, "mpirun_version",
			    mpi ? json_string(mpi) : json_null());
	json_object_set_new(o, "compiler", json_string(PR_COMPILER));
	if ((cc = pr_envcap_tcp_congestion_control()))
		json_object_set_new(o, "tcp_congestion_control",
				    json_string(cc));
	free(cc);
	free(cpu);
	free(mpi);
	return o;
}

/* CPU n is online: its online file says 1, or it has none (cpu0 often
 * cannot go offline) while its directory exists. */
static int cpu_online(int n)
{
	char *path = pr_asprintf("/sys/devices/system/cpu/cpu%d/online", n);
	FILE *f = fopen(path, "r");
	int c, online;

	free(path);
	if (!f) {
		path = pr_asprintf("/sys/devices/system/cpu/cpu%d", n);
		online = access(path, F_OK) == 0;
		free(path);
		return online;
	}
	c = fgetc(f);
	fclose(f);
	return c == '1';
}

/* CPU n's scaling governor (caller frees), or NULL. */
static char *cpu_governor(int n)
{
	char *path = pr_asprintf(
	    "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", n);
	char *g = first_line(path);

	free(path);
	return g;
}

void pr_envcap_cpus(json_t *env)
{
	json_t *gov = json_object();
	long n = sysconf(_SC_NPROCESSORS_CONF), i;
	int unknown = 0;

	json_object_set_new(env, "online_cpus",
			    json_integer(sysconf(_SC_NPROCESSORS_ONLN)));
	for (i = 0; i < n; i++) {
		char key[24], *g;

		if (!cpu_online((int)i))
			continue;
		g = cpu_governor((int)i);
		snprintf(key, sizeof(key), "cpu%ld", i);
		json_object_set_new(gov, key, json_string(g ? g : "unknown"));
		unknown |= !g;
		free(g);
	}
	json_object_set_new(env, "governors", gov);
	if (unknown)
		json_object_set_new(
		    env, "governors_note",
		    json_string("unknown: no "
				"/sys/devices/system/cpu/cpuN/cpufreq/"
				"scaling_governor (no cpufreq driver, as in "
				"most virtual machines and containers)"));
}
