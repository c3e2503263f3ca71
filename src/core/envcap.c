/* envcap.c - what this machine is: host, kernel, CPU, cores, memory, MPI */
#include "envcap.h"

#include <hwloc.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

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
	int fds[2], status;
	char buf[256];
	ssize_t n;
	pid_t pid;

	if (pipe(fds) < 0)
		return NULL;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		execlp("mpirun", "mpirun", "--version", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	n = read(fds[0], buf, sizeof(buf) - 1);
	close(fds[0]);
	waitpid(pid, &status, 0);
	if (n <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return NULL;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return pr_strdup(buf);
}

json_t *pr_envcap_host(void)
{
	json_t *o = json_object();
	struct utsname u;
	hwloc_topology_t topo;
	char *cpu = cpu_model(), *mpi = pr_envcap_mpirun_version();
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
	free(cpu);
	free(mpi);
	return o;
}

int pr_envcap_devices(json_t **out, int threads_per_block, long keys)
{
	char *dir = NULL, *bin, tpb[16], nkeys[24], *buf = NULL;
	size_t len = 0, cap = 0;
	int fds[2], status, error;
	json_error_t jerr;
	ssize_t n;
	pid_t pid;

	*out = NULL;
	if ((error = pr_exe_dir(&dir)) < 0)
		return error;
	bin = pr_asprintf("%s/prereg-rank", dir);
	free(dir);
	snprintf(tpb, sizeof(tpb), "%d", threads_per_block);
	snprintf(nkeys, sizeof(nkeys), "%ld", keys);
	if (pipe(fds) < 0 || (pid = fork()) < 0) {
		free(bin);
		return pr_error("cannot run prereg-rank: %s", strerror(errno));
	}
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		execl(bin, bin, "--devices", "--threads-per-block", tpb,
		      "--keys", nkeys, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	do {
		if (cap - len < 4096)
			buf = pr_realloc(buf, cap = cap * 2 + 4096);
		n = read(fds[0], buf + len, cap - len - 1);
		if (n > 0)
			len += (size_t)n;
	} while (n > 0 || (n < 0 && errno == EINTR));
	close(fds[0]);
	waitpid(pid, &status, 0);
	buf = pr_realloc(buf, len + 1);
	buf[len] = '\0';
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
	    !(*out = json_loads(buf, 0, &jerr)))
		error = pr_error("'%s --devices' failed (run 'make')", bin);
	free(buf);
	free(bin);
	return error;
}
