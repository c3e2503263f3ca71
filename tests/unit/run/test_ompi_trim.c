/* test_ompi_trim.c - unit tests of src/run/ompi_trim.c: the hardware that
 * keeps the four components, and the component path that leaves them out
 * (Open MPI's own ompi_info and component directory, where installed) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include <dirent.h>
#include <jansson.h>

#include "base/util.h"
#include "helpers/scratch.h"
#include "run/ompi_trim.h"

/* Each device the four drive, alone under an empty root, is hardware;
 * the empty root, or a neighbour of those names, is none. */
static void test_hardware(void **state)
{
	static const char *const found[] = {
	    "dev/hfi1_0", "dev/ipath", "dev/cxi0",
	    "sys/class/infiniband/mlx5_0", NULL};
	static const char *const not_found[] = {"dev/hfi0", "dev/cx0",
						"sys/class/infiniband_verbs/x",
						"sys/class/net/eth0", NULL};
	size_t i;

	(void)state;
	for (i = 0; found[i]; i++) {
		char *d = pr_scratch_dir("trim-hw");

		assert_int_equal(pr_ompi_trim_hardware(d), 0);
		pr_scratch_write(d, found[i], "");
		assert_int_equal(pr_ompi_trim_hardware(d), 1);
		pr_scratch_remove(d);
	}
	for (i = 0; not_found[i]; i++) {
		char *d = pr_scratch_dir("trim-hw");

		pr_scratch_write(d, not_found[i], "");
		assert_int_equal(pr_ompi_trim_hardware(d), 0);
		pr_scratch_remove(d);
	}
}

/* Is name one of the four? */
static int left_out_name(const char *entry)
{
	static const char *const four[] = {"mca_btl_ofi.", "mca_mtl_ofi.",
					   "mca_mtl_psm.", "mca_mtl_psm2.",
					   NULL};
	size_t i;

	for (i = 0; four[i]; i++)
		if (!strncmp(entry, four[i], strlen(four[i])))
			return 1;
	return 0;
}

/* Here (no such hardware, Open MPI installed with the four): the path
 * links every other component and names those left out; set in the
 * environment, the path is the caller's and nothing is made. */
static void test_prepare(void **state)
{
	char *d = pr_scratch_dir("trim"), *dir, *want;
	pr_ompi_trim t;
	struct dirent *e;
	DIR *dd;
	size_t links = 0, i;

	(void)state;
	if (pr_ompi_trim_hardware("")) {
		pr_scratch_remove(d);
		skip(); /* this machine keeps them */
	}
	unsetenv("OMPI_MCA_mca_base_component_path");
	pr_ompi_trim_prepare(&t, d);
	if (!t.left_out) {
		pr_ompi_trim_free(&t);
		pr_scratch_remove(d);
		skip(); /* no Open MPI here, or none of the four */
	}
	dir = pr_asprintf("%s/ompi-components", d);
	want = pr_asprintf("OMPI_MCA_mca_base_component_path=%s", dir);
	assert_string_equal(t.env[0], want);
	assert_null(t.env[1]);
	for (i = 0; i < json_array_size(t.left_out); i++) {
		const char *s =
		    json_string_value(json_array_get(t.left_out, i));

		assert_true(!strcmp(s, "btl_ofi") || !strcmp(s, "mtl_ofi") ||
			    !strcmp(s, "mtl_psm") || !strcmp(s, "mtl_psm2"));
		/* each once, in order */
		assert_true(
		    i == 0 ||
		    strcmp(json_string_value(json_array_get(t.left_out, i - 1)),
			   s) < 0);
	}
	assert_non_null(dd = opendir(dir));
	while ((e = readdir(dd)) != NULL) {
		char *p;

		if (e->d_name[0] == '.')
			continue;
		assert_int_equal(strncmp(e->d_name, "mca_", 4), 0);
		assert_false(left_out_name(e->d_name));
		p = pr_asprintf("%s/%s", dir, e->d_name);
		assert_int_equal(access(p, R_OK), 0); /* the link resolves */
		free(p);
		links++;
	}
	closedir(dd);
	assert_true(links > 0);
	pr_ompi_trim_free(&t);
	free(want);
	free(dir);
	pr_scratch_remove(d);

	d = pr_scratch_dir("trim");
	setenv("OMPI_MCA_mca_base_component_path", "/nowhere", 1);
	pr_ompi_trim_prepare(&t, d);
	unsetenv("OMPI_MCA_mca_base_component_path");
	assert_null(t.env[0]);
	assert_null(t.left_out);
	dir = pr_asprintf("%s/ompi-components", d);
	assert_int_not_equal(access(dir, F_OK), 0);
	free(dir);
	pr_scratch_remove(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_hardware),
	    cmocka_unit_test(test_prepare),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
