/* energy.c - the hardware's energy counters (RAPL through powercap, NVML,
 * ROCm SMI) behind one interface; no MPI */
#include "runner/energy.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

#define MAX_ZONES 16

/* The update periods of DESIGN 7: RAPL's counters are updated about
 * every millisecond; NVML's every few tens of milliseconds (100 ms taken
 * as the bound); the amdgpu energy accumulator behind ROCm SMI's at most
 * every 10 ms (taken as the bound). */
#define RAPL_PERIOD_S 1e-3
#define NVML_PERIOD_S 0.1
#define ROCM_PERIOD_S 1e-2

struct pr_energy_counter {
	pr_energy_reader reader;
	char name[160];
	double resolution_j, period_s;
	uint64_t total_uj; /* since open */
	/* RAPL: one fd per package zone, its last value and range */
	int nzones, fd[MAX_ZONES];
	char path[MAX_ZONES][256];
	uint64_t last[MAX_ZONES], range[MAX_ZONES];
	/* the libraries */
	void *lib;
	pr_energy_nvml_api nvml;
	pr_energy_rocm_api rocm;
	void *device;
	uint32_t index;
	uint64_t first_lib, last_lib; /* NVML mJ, ROCm SMI counts */
	float rocm_res_uj;
};

static const char *const nvml_sonames[] = {"libnvidia-ml.so.1", NULL};
static const char *const rocm_sonames[] = {
    "librocm_smi64.so.7", "librocm_smi64.so.6", "librocm_smi64.so.5",
    "librocm_smi64.so.1", "librocm_smi64.so",	NULL};

const pr_energy_where pr_energy_where_default = {"/sys/class/powercap",
						 nvml_sonames, rocm_sonames};

const char *pr_energy_reader_name(pr_energy_reader reader)
{
	static const char *const names[PR_ENERGY_NREADERS] = {
	    [PR_ENERGY_RAPL] = "rapl",
	    [PR_ENERGY_NVML] = "nvml",
	    [PR_ENERGY_ROCM_SMI] = "rocm_smi",
	};

	return reader < PR_ENERGY_NREADERS ? names[reader] : "unknown";
}

static int fail(char *why, size_t whylen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return PR_EFAIL;
}

/* A sysfs number: decimal digits, then at most a newline. */
static int read_u64_fd(uint64_t *out, int fd, const char *path, char *why,
		       size_t whylen)
{
	char buf[32], *end;
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n < 0)
		return fail(why, whylen, "cannot read '%s': %s", path,
			    strerror(errno));
	buf[n] = '\0';
	if (n > 0 && buf[n - 1] == '\n')
		buf[--n] = '\0';
	errno = 0;
	*out = strtoull(buf, &end, 10);
	if (n == 0 || buf[0] < '0' || buf[0] > '9' || *end || errno)
		return fail(why, whylen, "'%s' holds no number ('%s')", path,
			    buf);
	return PR_OK;
}

static int read_u64(uint64_t *out, const char *path, char *why, size_t whylen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), error;

	if (fd < 0)
		return fail(why, whylen, "cannot open '%s': %s", path,
			    strerror(errno));
	error = read_u64_fd(out, fd, path, why, whylen);
	close(fd);
	return error;
}

/* A top-level zone: "intel-rapl:N", digits after the one colon. */
static int top_zone(const char *name)
{
	const char *p = name + strlen("intel-rapl:");

	if (strncmp(name, "intel-rapl:", strlen("intel-rapl:")) || !*p)
		return 0;
	return strspn(p, "0123456789") == strlen(p);
}

/* name += sep zname, cut at len */
static void append(char *name, size_t len, const char *sep, const char *zname)
{
	size_t n = strlen(name);

	snprintf(name + n, len - n, "%s%s", sep, zname);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The zone directory dir: a package zone is added, anything else is
 * skipped (returns 0); a package zone that cannot be read fails. */
static int rapl_zone(pr_energy_counter *c, const char *dir, char *why,
		     size_t whylen)
{
	char *path = pr_asprintf("%s/name", dir), zname[64] = "";
	FILE *f = fopen(path, "r");
	int i = c->nzones, error = PR_OK;

	if (!f) {
		error = fail(why, whylen, "cannot open '%s': %s", path,
			     strerror(errno));
		goto cleanup;
	}
	if (!fgets(zname, sizeof(zname), f))
		zname[0] = '\0';
	fclose(f);
	zname[strcspn(zname, "\n")] = '\0';
	if (strncmp(zname, "package-", strlen("package-")))
		goto cleanup;
	if (i == MAX_ZONES) {
		error =
		    fail(why, whylen, "more than %d RAPL packages", MAX_ZONES);
		goto cleanup;
	}
	free(path);
	path = pr_asprintf("%s/max_energy_range_uj", dir);
	if ((error = read_u64(&c->range[i], path, why, whylen)) < 0)
		goto cleanup;
	snprintf(c->path[i], sizeof(c->path[i]), "%s/energy_uj", dir);
	if ((c->fd[i] = open(c->path[i], O_RDONLY | O_CLOEXEC)) < 0) {
		error = fail(why, whylen, "cannot open '%s': %s", c->path[i],
			     strerror(errno));
		goto cleanup;
	}
	c->nzones++;
	if ((error = read_u64_fd(&c->last[i], c->fd[i], c->path[i], why,
				 whylen)) < 0)
		goto cleanup;
	if (c->last[i] > c->range[i])
		error =
		    fail(why, whylen, "'%s' holds %llu, above its range %llu",
			 c->path[i], (unsigned long long)c->last[i],
			 (unsigned long long)c->range[i]);
	append(c->name, sizeof(c->name), c->nzones == 1 ? " " : "+", zname);
cleanup:
	free(path);
	return error;
}

static int open_rapl(pr_energy_counter *c, const char *root, char *why,
		     size_t whylen)
{
	DIR *d = opendir(root);
	struct dirent *e;
	char **names = NULL, *dir;
	size_t n = 0, i;
	int error = PR_OK;

	if (!d)
		return fail(why, whylen,
			    "no RAPL: cannot open '%s': %s (no powercap "
			    "driver, as in most virtual machines)",
			    root, strerror(errno));
	while ((e = readdir(d)) != NULL)
		if (top_zone(e->d_name)) {
			names = pr_realloc(names, (n + 1) * sizeof(*names));
			names[n++] = pr_strdup(e->d_name);
		}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_str);
	snprintf(c->name, sizeof(c->name), "rapl");
	for (i = 0; i < n && error == PR_OK; i++) {
		dir = pr_asprintf("%s/%s", root, names[i]);
		error = rapl_zone(c, dir, why, whylen);
		free(dir);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (error == PR_OK && c->nzones == 0)
		error =
		    fail(why, whylen, "no RAPL package zone under '%s'", root);
	c->resolution_j = 1e-6;
	c->period_s = RAPL_PERIOD_S;
	return error;
}

static int read_rapl(uint64_t *delta, pr_energy_counter *c, char *why,
		     size_t whylen)
{
	uint64_t v;
	int i, error;

	*delta = 0;
	for (i = 0; i < c->nzones; i++) {
		if ((error = read_u64_fd(&v, c->fd[i], c->path[i], why,
					 whylen)) < 0)
			return error;
		if (v > c->range[i])
			return fail(why, whylen,
				    "'%s' holds %llu, above its range %llu",
				    c->path[i], (unsigned long long)v,
				    (unsigned long long)c->range[i]);
		/* below the last value: it wrapped at range, once */
		*delta += v >= c->last[i] ? v - c->last[i]
					  : c->range[i] - c->last[i] + v;
		c->last[i] = v;
	}
	return PR_OK;
}

/* dlopen the first soname that loads; why says why none did. */
static void *load(const char *const *sonames, char *why, size_t whylen)
{
	void *lib = NULL;
	const char *err = "no soname to try";
	size_t i, n;

	for (i = 0; sonames && sonames[i] && !lib; i++)
		if (!(lib = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL)))
			err = dlerror();
	if (lib)
		return lib;
	n = (size_t)snprintf(why, whylen, "cannot load %s",
			     i ? sonames[0] : "the library");
	if (i > 1 && n < whylen)
		n += (size_t)snprintf(why + n, whylen - n,
				      " (nor %zu other "
				      "sonames)",
				      i - 1);
	if (n < whylen)
		snprintf(why + n, whylen - n, ": %s", err);
	return NULL;
}

/* Every symbol of names into fn[], or why names the first missing. */
static int resolve(void *lib, void **fn, const char *const *names, size_t n,
		   const char *soname, char *why, size_t whylen)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (names[i] && !(fn[i] = dlsym(lib, names[i])))
			return fail(why, whylen, "%s has no %s", soname,
				    names[i]);
	return PR_OK;
}

static const char *nvml_error(const pr_energy_counter *c, int status)
{
	const char *s =
	    c->nvml.error_string ? c->nvml.error_string(status) : NULL;

	return s ? s : "unknown error";
}

int pr_energy_open_nvml(pr_energy_counter **out, char *why, size_t whylen,
			const pr_energy_nvml_api *api, int index,
			const char *pci_bus_id)
{
	pr_energy_counter *c = pr_calloc(1, sizeof(*c));
	unsigned long long mj = 0;
	int status;

	*out = NULL;
	c->reader = PR_ENERGY_NVML;
	c->nvml = *api;
	c->resolution_j = 1e-3;
	c->period_s = NVML_PERIOD_S;
	if ((status = api->init()) != 0) {
		fail(why, whylen, "nvmlInit_v2: %s (%d)", nvml_error(c, status),
		     status);
		free(c);
		return PR_EFAIL;
	}
	if (pci_bus_id && *pci_bus_id)
		status = api->by_pci_bus_id(pci_bus_id, &c->device);
	else
		status = api->by_index((unsigned)index, &c->device);
	if (status != 0)
		fail(why, whylen, "nvmlDeviceGetHandleBy%s(%s): %s (%d)",
		     pci_bus_id && *pci_bus_id ? "PciBusId_v2" : "Index_v2",
		     pci_bus_id && *pci_bus_id ? pci_bus_id : "index",
		     nvml_error(c, status), status);
	else if ((status = api->total_energy(c->device, &mj)) != 0)
		fail(why, whylen,
		     "nvmlDeviceGetTotalEnergyConsumption: %s (%d)",
		     nvml_error(c, status), status);
	if (status != 0) {
		api->shutdown();
		free(c);
		return PR_EFAIL;
	}
	c->last_lib = mj;
	if (pci_bus_id && *pci_bus_id)
		snprintf(c->name, sizeof(c->name), "nvml %s", pci_bus_id);
	else
		snprintf(c->name, sizeof(c->name), "nvml %d", index);
	*out = c;
	return PR_OK;
}

static const char *rocm_error(const pr_energy_counter *c, int status)
{
	const char *s = NULL;

	if (c->rocm.status_string)
		c->rocm.status_string(status, &s);
	return s ? s : "unknown error";
}

int pr_energy_open_rocm(pr_energy_counter **out, char *why, size_t whylen,
			const pr_energy_rocm_api *api, int index)
{
	pr_energy_counter *c = pr_calloc(1, sizeof(*c));
	uint32_t n = 0;
	uint64_t count = 0, ts = 0;
	float res = 0;
	int status;

	*out = NULL;
	c->reader = PR_ENERGY_ROCM_SMI;
	c->rocm = *api;
	c->index = (uint32_t)index;
	c->period_s = ROCM_PERIOD_S;
	if ((status = api->init(0)) != 0) {
		fail(why, whylen, "rsmi_init: %s (%d)", rocm_error(c, status),
		     status);
		free(c);
		return PR_EFAIL;
	}
	if ((status = api->num_devices(&n)) != 0)
		fail(why, whylen, "rsmi_num_monitor_devices: %s (%d)",
		     rocm_error(c, status), status);
	else if (index < 0 || (uint32_t)index >= n)
		status =
		    fail(why, whylen, "ROCm SMI sees %u devices: no device %d",
			 n, index);
	else if ((status = api->energy_count(c->index, &count, &res, &ts)) != 0)
		fail(why, whylen, "rsmi_dev_energy_count_get: %s (%d)",
		     rocm_error(c, status), status);
	else if (!(res > 0))
		status = fail(why, whylen,
			      "rsmi_dev_energy_count_get: resolution %g uJ",
			      (double)res);
	if (status != 0) {
		api->shutdown();
		free(c);
		return PR_EFAIL;
	}
	c->first_lib = c->last_lib = count;
	c->rocm_res_uj = res;
	c->resolution_j = (double)res * 1e-6;
	snprintf(c->name, sizeof(c->name), "rocm_smi %d", index);
	*out = c;
	return PR_OK;
}

static int open_nvml(pr_energy_counter **out, char *why, size_t whylen,
		     int index, const char *pci, const pr_energy_where *where)
{
	static const char *const names[] = {
	    "nvmlInit_v2",
	    "nvmlErrorString",
	    "nvmlDeviceGetHandleByIndex_v2",
	    "nvmlDeviceGetHandleByPciBusId_v2",
	    "nvmlDeviceGetTotalEnergyConsumption",
	    "nvmlShutdown"};
	void *fn[6], *lib = load(where->nvml, why, whylen);
	pr_energy_nvml_api api;

	if (!lib)
		return PR_EFAIL;
	if (resolve(lib, fn, names, 6, where->nvml[0], why, whylen) < 0) {
		dlclose(lib);
		return PR_EFAIL;
	}
	/* POSIX: a dlsym result converts to a function pointer */
	memcpy(&api.init, &fn[0], sizeof(fn[0]));
	memcpy(&api.error_string, &fn[1], sizeof(fn[1]));
	memcpy(&api.by_index, &fn[2], sizeof(fn[2]));
	memcpy(&api.by_pci_bus_id, &fn[3], sizeof(fn[3]));
	memcpy(&api.total_energy, &fn[4], sizeof(fn[4]));
	memcpy(&api.shutdown, &fn[5], sizeof(fn[5]));
	if (pr_energy_open_nvml(out, why, whylen, &api, index, pci) < 0) {
		dlclose(lib);
		return PR_EFAIL;
	}
	(*out)->lib = lib;
	return PR_OK;
}

static int open_rocm(pr_energy_counter **out, char *why, size_t whylen,
		     int index, const pr_energy_where *where)
{
	static const char *const names[] = {
	    "rsmi_init", "rsmi_status_string", "rsmi_num_monitor_devices",
	    "rsmi_dev_energy_count_get", "rsmi_shut_down"};
	void *fn[5], *lib = load(where->rocm_smi, why, whylen);
	pr_energy_rocm_api api;

	if (!lib)
		return PR_EFAIL;
	if (resolve(lib, fn, names, 5, where->rocm_smi[0], why, whylen) < 0) {
		dlclose(lib);
		return PR_EFAIL;
	}
	memcpy(&api.init, &fn[0], sizeof(fn[0]));
	memcpy(&api.status_string, &fn[1], sizeof(fn[1]));
	memcpy(&api.num_devices, &fn[2], sizeof(fn[2]));
	memcpy(&api.energy_count, &fn[3], sizeof(fn[3]));
	memcpy(&api.shutdown, &fn[4], sizeof(fn[4]));
	if (pr_energy_open_rocm(out, why, whylen, &api, index) < 0) {
		dlclose(lib);
		return PR_EFAIL;
	}
	(*out)->lib = lib;
	return PR_OK;
}

int pr_energy_open(pr_energy_counter **out, char *why, size_t whylen,
		   pr_energy_reader reader, int index, const char *pci_bus_id,
		   const pr_energy_where *where)
{
	pr_energy_counter *c;

	*out = NULL;
	if (!where)
		where = &pr_energy_where_default;
	if (reader == PR_ENERGY_NVML)
		return open_nvml(out, why, whylen, index, pci_bus_id, where);
	if (reader == PR_ENERGY_ROCM_SMI)
		return open_rocm(out, why, whylen, index, where);
	if (reader != PR_ENERGY_RAPL)
		return fail(why, whylen, "no energy reader %d", (int)reader);
	c = pr_calloc(1, sizeof(*c));
	c->reader = PR_ENERGY_RAPL;
	if (open_rapl(c, where->powercap, why, whylen) < 0) {
		pr_energy_close(c);
		return PR_EFAIL;
	}
	*out = c;
	return PR_OK;
}

int pr_energy_read(uint64_t *out_uj, pr_energy_counter *c, char *why,
		   size_t whylen)
{
	unsigned long long mj = 0;
	uint64_t count = 0, ts = 0, delta = 0;
	float res = 0;
	int status;

	if (c->reader == PR_ENERGY_RAPL) {
		if (read_rapl(&delta, c, why, whylen) < 0)
			return PR_EFAIL;
	} else if (c->reader == PR_ENERGY_NVML) {
		if ((status = c->nvml.total_energy(c->device, &mj)) != 0)
			return fail(why, whylen,
				    "nvmlDeviceGetTotalEnergyConsumption: "
				    "%s (%d)",
				    nvml_error(c, status), status);
		if (mj < c->last_lib)
			return fail(why, whylen,
				    "the NVML energy counter went back "
				    "from %llu to %llu mJ",
				    (unsigned long long)c->last_lib, mj);
		delta = (mj - c->last_lib) * 1000;
		c->last_lib = mj;
	} else {
		if ((status = c->rocm.energy_count(c->index, &count, &res,
						   &ts)) != 0)
			return fail(why, whylen,
				    "rsmi_dev_energy_count_get: %s (%d)",
				    rocm_error(c, status), status);
		if (count < c->last_lib)
			return fail(why, whylen,
				    "the ROCm SMI energy counter went back "
				    "from %llu to %llu",
				    (unsigned long long)c->last_lib,
				    (unsigned long long)count);
		/* from the first count, so rounding does not add up */
		c->last_lib = count;
		c->total_uj = (uint64_t)((double)(count - c->first_lib) *
					 (double)c->rocm_res_uj);
		*out_uj = c->total_uj;
		return PR_OK;
	}
	c->total_uj += delta;
	*out_uj = c->total_uj;
	return PR_OK;
}

const char *pr_energy_name(const pr_energy_counter *c)
{
	return c->name;
}

double pr_energy_resolution_j(const pr_energy_counter *c)
{
	return c->resolution_j;
}

double pr_energy_period_s(const pr_energy_counter *c)
{
	return c->period_s;
}

int64_t pr_energy_min_phase_ns(const pr_energy_counter *c)
{
	return (int64_t)(PR_ENERGY_PERIODS * c->period_s * 1e9);
}

void pr_energy_close(pr_energy_counter *c)
{
	int i;

	if (!c)
		return;
	for (i = 0; i < c->nzones; i++)
		close(c->fd[i]);
	if (c->reader == PR_ENERGY_NVML && c->nvml.shutdown)
		c->nvml.shutdown();
	if (c->reader == PR_ENERGY_ROCM_SMI && c->rocm.shutdown)
		c->rocm.shutdown();
	if (c->lib)
		dlclose(c->lib);
	free(c);
}
