/* test_device.c - unit tests of src/base/device.c */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "base/device.h"
#include "base/util.h"

static void parses(const char *device, const char *kind, int has_sel, int any,
		   long n)
{
	pr_device d;

	assert_int_equal(pr_device_parse(&d, device), PR_OK);
	assert_string_equal(d.kind, kind);
	assert_int_equal(d.has_sel, has_sel);
	assert_int_equal(d.any, any);
	assert_int_equal(d.n, n);
}

/* Refused; kind "" when KIND itself is, else KIND kept with has_sel. */
static void refused_as(const char *device, const char *kind)
{
	pr_device d;

	assert_int_equal(pr_device_parse(&d, device), PR_EINPUT);
	assert_string_equal(d.kind, kind);
	assert_int_equal(d.has_sel, *kind != '\0');
	assert_int_equal(d.any, 0);
	assert_int_equal(d.n, -1);
}

static void refused(const char *device)
{
	refused_as(device, "");
}

static void test_kinds(void **state)
{
	(void)state;
	parses("cpu", "cpu", 0, 0, -1);
	parses("cpu-naive", "cpu-naive", 0, 0, -1);
	parses("cpu-blocks:4", "cpu-blocks", 1, 0, 4);
	parses("cuda:1", "cuda", 1, 0, 1);
	parses("hip:*", "hip", 1, 1, -1);
	parses("anything", "anything", 0, 0, -1); /* the caller names kinds */
}

/* The kind: empty refused, 31 characters taken, 32 refused, with or
 * without a selector. */
static void test_kind_length(void **state)
{
	char k31[32], k32[33], sel[40];

	(void)state;
	memset(k31, 'k', 31);
	k31[31] = '\0';
	memset(k32, 'k', 32);
	k32[32] = '\0';
	refused("");
	refused(":0");
	parses("c", "c", 0, 0, -1);
	parses(k31, k31, 0, 0, -1);
	refused(k32);
	snprintf(sel, sizeof(sel), "%s:2", k31);
	parses(sel, k31, 1, 0, 2);
	snprintf(sel, sizeof(sel), "%s:2", k32);
	refused(sel);
}

/* The selector: '*' or digits, 0 to PR_DEVICE_N_MAX on both sides. */
static void test_selector(void **state)
{
	(void)state;
	refused_as("cuda:", "cuda");
	parses("cuda:0", "cuda", 1, 0, 0);
	parses("cuda:007", "cuda", 1, 0, 7);
	parses("cuda:999999", "cuda", 1, 0, 999999);
	parses("cuda:1000000", "cuda", 1, 0, PR_DEVICE_N_MAX);
	refused_as("cuda:1000001", "cuda");
	refused_as("cuda:99999999999999999999999999", "cuda");
	refused_as("cuda:-1", "cuda");
	refused_as("cuda:+1", "cuda");
	refused_as("cuda: 1", "cuda");
	refused_as("cuda:1 ", "cuda");
	refused_as("cuda:1x", "cuda");
	refused_as("cuda:**", "cuda");
	refused_as("cuda:*1", "cuda");
	refused_as("cuda:0:1", "cuda");
	refused_as("cuda::", "cuda");
}

/* A kind named whole, against the table. */
static void test_gpu_of(void **state)
{
	(void)state;
	assert_int_equal(pr_device_gpu_of("cuda"), PR_DEVICE_CUDA);
	assert_int_equal(pr_device_gpu_of("hip"), PR_DEVICE_HIP);
	assert_int_equal(pr_device_gpu_of("cuda:0"), -1);
	assert_int_equal(pr_device_gpu_of("cud"), -1);
	assert_int_equal(pr_device_gpu_of("cpu"), -1);
	assert_int_equal(pr_device_gpu_of(""), -1);
	assert_int_equal(pr_device_gpu_of(NULL), -1);
}

/* The last '*' of an entry: the selector too only when it is the only
 * one, right after ':'. */
static void star_is_sel(const char *entry, int want)
{
	assert_int_equal(pr_device_star_is_sel(entry, strrchr(entry, '*')),
			 want);
}

static void test_star(void **state)
{
	(void)state;
	star_is_sel("cuda:*4", 1);
	star_is_sel(":*4", 1);
	star_is_sel("cuda:**4", 0);
	star_is_sel("cuda:0*4", 0);
	star_is_sel("cpu*4", 0);
	star_is_sel("*4", 0);
}

static void test_gpu(void **state)
{
	(void)state;
	assert_string_equal(pr_device_gpu_kind("cuda:0"), "cuda");
	assert_string_equal(pr_device_gpu_kind("hip:63"), "hip");
	assert_string_equal(pr_device_gpu_kind("cuda:*"), "cuda");
	assert_ptr_equal(pr_device_gpu_kind("hip:1"), pr_device_gpu_kinds[1]);
	assert_null(pr_device_gpu_kind("cuda"));
	assert_null(pr_device_gpu_kind("cuda:"));
	assert_null(pr_device_gpu_kind("cuda:x"));
	assert_null(pr_device_gpu_kind("cudax:0"));
	assert_null(pr_device_gpu_kind("cud:0"));
	assert_null(pr_device_gpu_kind("cpu"));
	assert_null(pr_device_gpu_kind("cpu-blocks:4"));
	assert_string_equal(pr_device_gpu_kinds[0], "cuda");
	assert_string_equal(pr_device_gpu_kinds[1], "hip");
	assert_null(pr_device_gpu_kinds[2]);
}

/* cpu-blocks:T: T from 1, 0 for every other device. */
static void test_blocks_threads(void **state)
{
	(void)state;
	assert_int_equal(pr_device_blocks_threads("cpu-blocks:0"), 0);
	assert_int_equal(pr_device_blocks_threads("cpu-blocks:1"), 1);
	assert_int_equal(pr_device_blocks_threads("cpu-blocks:16"), 16);
	assert_int_equal(pr_device_blocks_threads("cpu-blocks:1000000"),
			 PR_DEVICE_N_MAX);
	assert_int_equal(pr_device_blocks_threads("cpu-blocks:1000001"), 0);
	assert_int_equal(pr_device_blocks_threads("cpu-blocks:*"), 0);
	assert_int_equal(pr_device_blocks_threads("cpu-blocks"), 0);
	assert_int_equal(pr_device_blocks_threads("cpu-blocksx:4"), 0);
	assert_int_equal(pr_device_blocks_threads("cpu:4"), 0);
	assert_int_equal(pr_device_blocks_threads("cuda:4"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_kinds),
	    cmocka_unit_test(test_kind_length),
	    cmocka_unit_test(test_selector),
	    cmocka_unit_test(test_gpu_of),
	    cmocka_unit_test(test_star),
	    cmocka_unit_test(test_gpu),
	    cmocka_unit_test(test_blocks_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
