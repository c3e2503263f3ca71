/* test_energy.c - the energy counters' readers (runner/energy.c): RAPL on
 * scratch trees laid out like /sys/class/powercap, NVML and ROCm SMI
 * through a soname that does not load, a library without their symbols
 * and injected calls that fail */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "helpers/scratch.h"
#include "runner/energy.h"

static int setup(void **state)
{
	*state = pr_scratch_dir("test-energy");
	return 0;
}

static int teardown(void **state)
{
	pr_scratch_remove(*state);
	free(*state);
	return 0;
}

/* A zone as the kernel lays it out. */
static void zone(const char *root, const char *z, const char *name,
		 const char *uj, const char *range)
{
	char *p = pr_asprintf("%s/name", z);

	pr_scratch_write(root, p, name);
	free(p);
	p = pr_asprintf("%s/energy_uj", z);
	pr_scratch_write(root, p, uj);
	free(p);
	p = pr_asprintf("%s/max_energy_range_uj", z);
	pr_scratch_write(root, p, range);
	free(p);
}

static pr_energy_where where_root(const char *root)
{
	pr_energy_where w = pr_energy_where_default;

	w.powercap = root;
	return w;
}

/* Two packages, a core subzone and psys: only the packages count. */
static void test_rapl_packages(void **state)
{
	const char *root = *state;
	pr_energy_where w = where_root(root);
	pr_energy_counter *c = NULL;
	uint64_t uj = 1;
	char why[256] = "";

	zone(root, "intel-rapl:0", "package-0\n", "1000\n", "262143328850\n");
	zone(root, "intel-rapl:0/intel-rapl:0:0", "core\n", "500\n",
	     "262143328850\n");
	zone(root, "intel-rapl:1", "package-1\n", "2000\n", "262143328850\n");
	zone(root, "intel-rapl:2", "psys\n", "9000\n", "262143328850\n");
	assert_int_equal(
	    pr_energy_open(&c, why, sizeof(why), PR_ENERGY_RAPL, 0, NULL, &w),
	    0);
	assert_string_equal(pr_energy_name(c), "rapl package-0+package-1");
	assert_true(pr_energy_resolution_j(c) == 1e-6);
	assert_int_equal(pr_energy_min_phase_ns(c), 100000000);
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), 0);
	assert_int_equal(uj, 0);
	zone(root, "intel-rapl:0", "package-0\n", "1500\n", "262143328850\n");
	zone(root, "intel-rapl:0/intel-rapl:0:0", "core\n", "900\n",
	     "262143328850\n");
	zone(root, "intel-rapl:1", "package-1\n", "2250\n", "262143328850\n");
	zone(root, "intel-rapl:2", "psys\n", "99000\n", "262143328850\n");
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), 0);
	assert_int_equal(uj, 750);
	pr_energy_close(c);
}

/* A counter below its last value wrapped once at max_energy_range_uj. */
static void test_rapl_wraparound(void **state)
{
	const char *root = *state;
	pr_energy_where w = where_root(root);
	pr_energy_counter *c = NULL;
	uint64_t uj = 0;
	char why[256] = "";

	zone(root, "intel-rapl:0", "package-0\n", "9990\n", "10000\n");
	assert_int_equal(
	    pr_energy_open(&c, why, sizeof(why), PR_ENERGY_RAPL, 0, NULL, &w),
	    0);
	pr_scratch_write(root, "intel-rapl:0/energy_uj", "5\n");
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), 0);
	assert_int_equal(uj, 15);
	pr_scratch_write(root, "intel-rapl:0/energy_uj", "105\n");
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), 0);
	assert_int_equal(uj, 115);
	/* above the range: no wrap can explain it */
	pr_scratch_write(root, "intel-rapl:0/energy_uj", "10001\n");
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), PR_EFAIL);
	assert_non_null(strstr(why, "above its range 10000"));
	pr_energy_close(c);
}

static void expect_rapl_fails(const char *root, const char *reason)
{
	pr_energy_where w = where_root(root);
	pr_energy_counter *c = (pr_energy_counter *)&w;
	char why[512] = "";

	assert_int_equal(
	    pr_energy_open(&c, why, sizeof(why), PR_ENERGY_RAPL, 0, NULL, &w),
	    PR_EFAIL);
	assert_null(c);
	if (!strstr(why, reason))
		fail_msg("'%s' does not say '%s'", why, reason);
}

static void test_rapl_no_powercap(void **state)
{
	char *root = pr_asprintf("%s/absent", (char *)*state);

	expect_rapl_fails(root, "No such file or directory (no powercap");
	free(root);
}

static void test_rapl_no_package(void **state)
{
	zone(*state, "intel-rapl:0", "psys\n", "1\n", "10\n");
	zone(*state, "intel-rapl-mmio:0", "package-0\n", "1\n", "10\n");
	expect_rapl_fails(*state, "no RAPL package zone");
}

static void test_rapl_missing_energy(void **state)
{
	char *p = pr_asprintf("%s/intel-rapl:0/energy_uj", (char *)*state);

	zone(*state, "intel-rapl:0", "package-0\n", "1\n", "10\n");
	assert_int_equal(remove(p), 0);
	expect_rapl_fails(*state, "intel-rapl:0/energy_uj': No such file");
	free(p);
}

static void test_rapl_missing_range(void **state)
{
	char *p =
	    pr_asprintf("%s/intel-rapl:0/max_energy_range_uj", (char *)*state);

	zone(*state, "intel-rapl:0", "package-0\n", "1\n", "10\n");
	assert_int_equal(remove(p), 0);
	expect_rapl_fails(*state, "max_energy_range_uj': No such file");
	free(p);
}

static void test_rapl_not_a_number(void **state)
{
	zone(*state, "intel-rapl:0", "package-0\n", "12ab\n", "10000\n");
	expect_rapl_fails(*state, "energy_uj' holds no number ('12ab')");
	zone(*state, "intel-rapl:0", "package-0\n", "\n", "10000\n");
	expect_rapl_fails(*state, "holds no number ('')");
	zone(*state, "intel-rapl:0", "package-0\n", "-5\n", "10000\n");
	expect_rapl_fails(*state, "holds no number ('-5')");
}

/* A number that becomes garbage after open fails the read. */
static void test_rapl_read_garbage(void **state)
{
	const char *root = *state;
	pr_energy_where w = where_root(root);
	pr_energy_counter *c = NULL;
	uint64_t uj = 0;
	char why[256] = "";

	zone(root, "intel-rapl:0", "package-0\n", "10\n", "10000\n");
	assert_int_equal(
	    pr_energy_open(&c, why, sizeof(why), PR_ENERGY_RAPL, 0, NULL, &w),
	    0);
	pr_scratch_write(root, "intel-rapl:0/energy_uj", "n/a\n");
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), PR_EFAIL);
	assert_non_null(strstr(why, "holds no number ('n/a')"));
	pr_energy_close(c);
}

static void expect_lib_fails(pr_energy_reader reader, const char *const *so,
			     const char *reason)
{
	pr_energy_where w = pr_energy_where_default;
	pr_energy_counter *c = NULL;
	char why[512] = "";

	if (reader == PR_ENERGY_NVML)
		w.nvml = so;
	else
		w.rocm_smi = so;
	assert_int_equal(
	    pr_energy_open(&c, why, sizeof(why), reader, 0, NULL, &w),
	    PR_EFAIL);
	assert_null(c);
	if (!strstr(why, reason))
		fail_msg("'%s' does not say '%s'", why, reason);
}

static void test_lib_not_loaded(void **state)
{
	static const char *const none[] = {"libprereg-no-such-lib.so.1", NULL};

	(void)state;
	expect_lib_fails(PR_ENERGY_NVML, none,
			 "cannot load libprereg-no-such-lib.so.1: ");
	expect_lib_fails(PR_ENERGY_ROCM_SMI, none,
			 "cannot load libprereg-no-such-lib.so.1: ");
}

/* zlib loads (prereg links it) and has neither library's calls. */
static void test_lib_missing_symbol(void **state)
{
	static const char *const z[] = {"libz.so.1", NULL};

	(void)state;
	expect_lib_fails(PR_ENERGY_NVML, z, "libz.so.1 has no nvmlInit_v2");
	expect_lib_fails(PR_ENERGY_ROCM_SMI, z, "libz.so.1 has no rsmi_init");
}

/* A fake NVML: what each call returns, and what it was asked. */
static struct {
	int init, handle, energy, shutdowns;
	unsigned long long mj;
	char pci[32];
	unsigned index;
} nv;

static int nv_init(void)
{
	return nv.init;
}

static const char *nv_string(int status)
{
	return status == 9   ? "Driver Not Loaded"
	       : status == 3 ? "Not Supported"
			     : "Unknown Error";
}

static int nv_by_index(unsigned index, void **dev)
{
	nv.index = index;
	*dev = &nv;
	return nv.handle;
}

static int nv_by_pci(const char *pci, void **dev)
{
	snprintf(nv.pci, sizeof(nv.pci), "%s", pci);
	*dev = &nv;
	return nv.handle;
}

static int nv_energy(void *dev, unsigned long long *mj)
{
	assert_ptr_equal(dev, &nv);
	*mj = nv.mj;
	return nv.energy;
}

static int nv_shutdown(void)
{
	nv.shutdowns++;
	return 0;
}

static const pr_energy_nvml_api nv_api = {nv_init,   nv_string, nv_by_index,
					  nv_by_pci, nv_energy, nv_shutdown};

static void test_nvml(void **state)
{
	pr_energy_counter *c = NULL;
	uint64_t uj = 0;
	char why[256] = "";

	(void)state;
	memset(&nv, 0, sizeof(nv));
	nv.mj = 5000;
	assert_int_equal(pr_energy_open_nvml(&c, why, sizeof(why), &nv_api, 1,
					     "0000:3b:00.0"),
			 0);
	assert_string_equal(nv.pci, "0000:3b:00.0");
	assert_string_equal(pr_energy_name(c), "nvml 0000:3b:00.0");
	assert_true(pr_energy_resolution_j(c) == 1e-3);
	assert_int_equal(pr_energy_min_phase_ns(c), 10000000000LL);
	nv.mj = 5123;
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), 0);
	assert_int_equal(uj, 123000);
	nv.mj = 5000; /* a driver reload resets it */
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), PR_EFAIL);
	assert_non_null(strstr(why, "went back from 5123 to 5000 mJ"));
	nv.energy = 3;
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), PR_EFAIL);
	assert_string_equal(why, "nvmlDeviceGetTotalEnergyConsumption: Not "
				 "Supported (3)");
	pr_energy_close(c);
	assert_int_equal(nv.shutdowns, 1);
	/* without a PCI bus id: by index */
	nv.energy = 0;
	assert_int_equal(
	    pr_energy_open_nvml(&c, why, sizeof(why), &nv_api, 2, NULL), 0);
	assert_int_equal(nv.index, 2);
	assert_string_equal(pr_energy_name(c), "nvml 2");
	pr_energy_close(c);
}

static void test_nvml_errors(void **state)
{
	pr_energy_counter *c = NULL;
	char why[256] = "";

	(void)state;
	memset(&nv, 0, sizeof(nv));
	nv.init = 9;
	assert_int_equal(
	    pr_energy_open_nvml(&c, why, sizeof(why), &nv_api, 0, NULL),
	    PR_EFAIL);
	assert_null(c);
	assert_string_equal(why, "nvmlInit_v2: Driver Not Loaded (9)");
	assert_int_equal(nv.shutdowns, 0);
	nv.init = 0;
	nv.energy = 3; /* a GPU before Volta */
	assert_int_equal(
	    pr_energy_open_nvml(&c, why, sizeof(why), &nv_api, 0, NULL),
	    PR_EFAIL);
	assert_string_equal(why, "nvmlDeviceGetTotalEnergyConsumption: Not "
				 "Supported (3)");
	assert_int_equal(nv.shutdowns, 1);
	nv.energy = 0;
	nv.handle = 999;
	assert_int_equal(
	    pr_energy_open_nvml(&c, why, sizeof(why), &nv_api, 0, "0000:01"),
	    PR_EFAIL);
	assert_string_equal(why, "nvmlDeviceGetHandleByPciBusId_v2(0000:01): "
				 "Unknown Error (999)");
	assert_int_equal(nv.shutdowns, 2);
}

/* A fake ROCm SMI. */
static struct {
	int init, energy, shutdowns;
	uint32_t n;
	uint64_t count;
	float res;
} rs;

static int rs_init(uint64_t flags)
{
	assert_int_equal(flags, 0);
	return rs.init;
}

static int rs_string(int status, const char **out)
{
	*out = status == 8 ? "RSMI_STATUS_INIT_ERROR"
			   : "RSMI_STATUS_NOT_"
			     "SUPPORTED";
	return 0;
}

static int rs_num(uint32_t *out)
{
	*out = rs.n;
	return 0;
}

static int rs_energy(uint32_t index, uint64_t *count, float *res, uint64_t *ts)
{
	assert_true(index < rs.n);
	*count = rs.count;
	*res = rs.res;
	*ts = 1;
	return rs.energy;
}

static int rs_shutdown(void)
{
	rs.shutdowns++;
	return 0;
}

static const pr_energy_rocm_api rs_api = {rs_init, rs_string, rs_num, rs_energy,
					  rs_shutdown};

static void test_rocm(void **state)
{
	pr_energy_counter *c = NULL;
	uint64_t uj = 0;
	char why[256] = "";

	(void)state;
	memset(&rs, 0, sizeof(rs));
	rs.n = 2;
	rs.count = 1000;
	rs.res = 15.3f;
	assert_int_equal(pr_energy_open_rocm(&c, why, sizeof(why), &rs_api, 1),
			 0);
	assert_string_equal(pr_energy_name(c), "rocm_smi 1");
	assert_true(pr_energy_resolution_j(c) > 15.29e-6 &&
		    pr_energy_resolution_j(c) < 15.31e-6);
	rs.count = 1100; /* 100 counts of 15.3 uJ */
	assert_int_equal(pr_energy_read(&uj, c, why, sizeof(why)), 0);
	assert_true(uj >= 1529 && uj <= 1531);
	pr_energy_close(c);
	assert_int_equal(rs.shutdowns, 1);
}

static void test_rocm_errors(void **state)
{
	pr_energy_counter *c = NULL;
	char why[256] = "";

	(void)state;
	memset(&rs, 0, sizeof(rs));
	rs.init = 8;
	assert_int_equal(pr_energy_open_rocm(&c, why, sizeof(why), &rs_api, 0),
			 PR_EFAIL);
	assert_string_equal(why, "rsmi_init: RSMI_STATUS_INIT_ERROR (8)");
	rs.init = 0;
	rs.n = 1;
	assert_int_equal(pr_energy_open_rocm(&c, why, sizeof(why), &rs_api, 1),
			 PR_EFAIL);
	assert_string_equal(why, "ROCm SMI sees 1 devices: no device 1");
	rs.energy = 2;
	assert_int_equal(pr_energy_open_rocm(&c, why, sizeof(why), &rs_api, 0),
			 PR_EFAIL);
	assert_string_equal(why, "rsmi_dev_energy_count_get: "
				 "RSMI_STATUS_NOT_SUPPORTED (2)");
	assert_null(c);
	assert_int_equal(rs.shutdowns, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_rapl_packages, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(test_rapl_wraparound, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(test_rapl_no_powercap, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(test_rapl_no_package, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(test_rapl_missing_energy, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(test_rapl_missing_range, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(test_rapl_not_a_number, setup,
					    teardown),
	    cmocka_unit_test_setup_teardown(test_rapl_read_garbage, setup,
					    teardown),
	    cmocka_unit_test(test_lib_not_loaded),
	    cmocka_unit_test(test_lib_missing_symbol),
	    cmocka_unit_test(test_nvml),
	    cmocka_unit_test(test_nvml_errors),
	    cmocka_unit_test(test_rocm),
	    cmocka_unit_test(test_rocm_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
