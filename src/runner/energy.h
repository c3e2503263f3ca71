/* energy.h - the hardware's energy counters (RAPL through powercap, NVML,
 * ROCm SMI) behind one interface; no MPI */
#ifndef PR_ENERGY_H
#define PR_ENERGY_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
	PR_ENERGY_RAPL,	    /* CPU packages: powercap's energy_uj */
	PR_ENERGY_NVML,	    /* NVIDIA: nvmlDeviceGetTotalEnergyConsumption */
	PR_ENERGY_ROCM_SMI, /* AMD: rsmi_dev_energy_count_get */
	PR_ENERGY_NREADERS
} pr_energy_reader;

/* "rapl", "nvml", "rocm_smi": the names the launch report uses. */
const char *pr_energy_reader_name(pr_energy_reader reader);

/*
 * Where the readers look: the powercap root and, per library, the sonames
 * tried in order (NULL-terminated). pr_energy_where_default is the real
 * system's; tests point them at a scratch tree or a soname that does not
 * exist. Not a user setting.
 */
typedef struct {
	const char *powercap;
	const char *const *nvml;
	const char *const *rocm_smi;
} pr_energy_where;
extern const pr_energy_where pr_energy_where_default;

/*
 * The library calls a reader makes, as function pointers; status 0 is
 * success as both libraries define it. Filled by dlsym, or by a test.
 */
typedef struct {
	int (*init)(void);
	const char *(*error_string)(int status);
	int (*by_index)(unsigned index, void **device);
	int (*by_pci_bus_id)(const char *pci_bus_id, void **device);
	int (*total_energy)(void *device, unsigned long long *mj);
	int (*shutdown)(void);
} pr_energy_nvml_api;

typedef struct {
	int (*init)(uint64_t flags);
	int (*status_string)(int status, const char **out);
	int (*num_devices)(uint32_t *out);
	int (*energy_count)(uint32_t index, uint64_t *count,
			    float *resolution_uj, uint64_t *timestamp_ns);
	int (*shutdown)(void);
} pr_energy_rocm_api;

typedef struct pr_energy_counter pr_energy_counter;

/*
 * Open the counter of one reader: RAPL sums every top-level package zone
 * of the powercap tree (`intel-rapl:N` whose name is `package-N`, so the
 * whole host's CPU packages, every rank on them and anything else that
 * runs there; the subzones inside them and psys are not added again);
 * NVML and ROCm SMI read GPU `index`, NVML by `pci_bus_id` when it is
 * not NULL or empty. On failure *out is NULL, why holds the reason
 * ("cannot load libnvidia-ml.so.1: ...") and the return is PR_EFAIL;
 * nothing is printed. The first read is taken here.
 */
int pr_energy_open(pr_energy_counter **out, char *why, size_t whylen,
		   pr_energy_reader reader, int index, const char *pci_bus_id,
		   const pr_energy_where *where);

/* The same over library calls given as function pointers (tests). */
int pr_energy_open_nvml(pr_energy_counter **out, char *why, size_t whylen,
			const pr_energy_nvml_api *api, int index,
			const char *pci_bus_id);
int pr_energy_open_rocm(pr_energy_counter **out, char *why, size_t whylen,
			const pr_energy_rocm_api *api, int index);

/*
 * Energy since pr_energy_open in microjoules, wraparound corrected: RAPL
 * zones wrap at their max_energy_range_uj, which a package reaches in
 * minutes at the earliest, so one read per launch and phase keeps up.
 * PR_EFAIL with why filled when the counter cannot be read.
 */
int pr_energy_read(uint64_t *out_uj, pr_energy_counter *c, char *why,
		   size_t whylen);

/* What the counter is ("rapl package-0+package-1", "nvml 0000:3b:00.0"),
 * the interface's resolution in joules (RAPL 1e-6, NVML 1e-3, ROCm SMI the
 * library's), and the period its value is updated at (DESIGN 7). */
const char *pr_energy_name(const pr_energy_counter *c);
double pr_energy_resolution_j(const pr_energy_counter *c);
double pr_energy_period_s(const pr_energy_counter *c);

/* A phase lasts long enough for its energy to be recorded: at least
 * PR_ENERGY_PERIODS update periods (DESIGN 7). */
#define PR_ENERGY_PERIODS 100
int64_t pr_energy_min_phase_ns(const pr_energy_counter *c);

/* Release the counter (the library is shut down and unloaded); NULL is
 * fine. */
void pr_energy_close(pr_energy_counter *c);

#endif
